"""The Textual application: which screen shows, themes, the too-small guard, quitting."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, Any, ClassVar, Literal, cast

from textual.app import App, SystemCommand
from textual.driver import Driver
from textual.events import Event, Key, Mount, Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.timer import Timer

from entropy_tui.play.config import GameConfig
from entropy_tui.tui.input_limit import InputDropped, InputGate, gated
from entropy_tui.tui.keys import COMMANDS, bindings_for
from entropy_tui.tui.paste_limit import PasteCut
from entropy_tui.tui.themes import COLOURBLIND_THEME, DEFAULT_THEME, THEMES, theme_variable_defaults

if TYPE_CHECKING:  # the engine loads only when a game starts, to keep start-up quick
    from entropy_tui.play.bot_seats import BotFactory
    from entropy_tui.play.session import Session

MIN_SIZE = (80, 24)
DEFAULT_BOT_DELAY = 0.6  # seconds between two bot decisions: slow enough to follow
NEW_GAME = GameConfig(seats=(), seed=0)  # a new game's settings when none are given
# Keys dropped in a flood are told at most this often (seconds), each notice showing as long.
DROPPED_INPUT_NOTICE_INTERVAL = 2.0
# The actions of the keys that quit or leave (which key does depends on the screen).
QUIT_ACTIONS = frozenset(("app.quit", "app.request_quit", "leave"))
# What the command line asks to open instead of the new-game screen.
OpenKind = Literal["load", "replay", "resume"]


class EntropyApp(App[None]):
    TITLE = "Entropy"
    # The game screen's styles load with the app's: a screen's own CSS_PATH, read when it first
    # shows, makes Textual parse every style sheet again and restyle every widget.
    CSS_PATH: ClassVar = ["app.tcss", "game.tcss"]
    BINDINGS: ClassVar = bindings_for("app")

    def __init__(
        self,
        *,
        config: GameConfig | None = None,
        session: Session | None = None,
        settings: GameConfig = NEW_GAME,
        seed_chosen: bool = False,
        bot_delay: float = DEFAULT_BOT_DELAY,
        colourblind: bool = False,
        bot_factory: BotFactory | None = None,
        open_file: tuple[OpenKind, Path | None] | None = None,
    ) -> None:
        super().__init__()
        self._start_config = config
        self._start_session = session
        self._open_file = open_file
        self.session: Session | None = None  # the game on screen, if any
        # What the new-game screen starts from (the command line's flags); its seed only when
        # chosen (--seed), else the field is left empty for one drawn there and never shown.
        self.settings = settings
        self.seed_chosen = seed_chosen
        self.bot_delay = bot_delay
        self.bot_factory = bot_factory
        self.game_in_progress = False
        self._last_resize: Size | None = None  # the size of the last Resize passed on
        # Input dropped in a flood (see input_limit), and how much of it the player was told of.
        self._dropping_gate: InputGate | None = None
        self._dropped_input_told = 0
        self._dropped_input_notice: Timer | None = None
        self._paste_cut_told_at: float | None = None  # when a paste was last said to be cut
        for theme in THEMES:
            self.register_theme(theme)
        # Set before the styles are first parsed, so that they are parsed only once.
        self.set_reactive(App.theme, COLOURBLIND_THEME if colourblind else DEFAULT_THEME)
        self.stylesheet.set_variables(self.get_css_variables())

    def get_driver_class(self) -> type[Driver]:
        return gated(super().get_driver_class())

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return theme_variable_defaults()

    def on_mount(self, event: Mount) -> None:
        if self._start_session is not None:
            self.play(self._start_session)
        elif self._start_config is not None:
            self.start_game(self._start_config)
        elif self._open_file is not None:
            kind, path = self._open_file
            if kind == "resume":
                self.resume()
            elif path is not None:
                self.open_save(path, replay=kind == "replay")
        else:
            self.new_game()
        self._guard_size()

    # ------------------------------------------------------------------ screens
    def _show(self, screen: Screen[Any]) -> None:
        """Makes `screen` the main screen, closing whatever was open over the old one."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) > 1:
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def new_game(self, notice: str = "", *, after_game: bool = False) -> None:
        """The set-up screen; `notice` tells why it shows instead of what was asked. After a
        game the seed is left empty (a random one): --seed's game has been played."""
        from entropy_tui.tui.screens.new_game import NewGameScreen

        self.game_in_progress = False
        settings = self.settings
        seed = settings.seed if self.seed_chosen and not after_game else None
        self._show(
            NewGameScreen(
                seed,
                notice=notice,
                alternative=settings.alternative_objectives,
                open_hands=settings.open_hands,
                confirm_turn_end=settings.confirm_turn_end,
            )
        )

    def start_game(self, config: GameConfig) -> None:
        from entropy_tui.play.session import Session

        save_path, problem = self._new_save_path()
        self.play(
            Session(
                config, bot_factory=self.bot_factory, save_path=save_path, unsaved_reason=problem
            )
        )

    def start_tutorial(self, name: str = "Ann") -> None:
        """Learn to play: the guided game, with its coach."""
        from entropy_tui.play.config import tutorial_config

        self.start_game(tutorial_config(name))

    @staticmethod
    def _new_save_path() -> tuple[Path | None, str | None]:
        """A new game's autosave file, or why there is none (the saves folder can't be made:
        the game is still played, just not saved)."""
        from entropy_tui.saves.files import new_autosave_path

        try:
            return new_autosave_path(), None
        except OSError as error:
            return None, f"{error.filename or 'the saves folder'}: {error.strerror or error}"

    def open_save(self, path: Path, *, replay: bool = False) -> None:
        """Continues (or replays) a saved game; a file that can't be loaded is named, left as it
        is, and the new-game screen says why."""
        from entropy_tui.play.session import Session
        from entropy_tui.saves.files import SaveError
        from entropy_tui.saves.folder import AUTOSAVE_PREFIX, saves_dir, summary

        saved = summary(path)
        if saved is not None and saved.table and not replay:
            # Played here, it would show every seat's hand and be saved without its seats.
            self.new_game(
                notice=f"{path} is the game of a shared table: only entropy-tui host --resume "
                "brings it back, with its seats."
            )
            return
        # A game's own autosave goes on being written; any other file is left as it is.
        try:
            own = path.name.startswith(AUTOSAVE_PREFIX) and path.resolve().parent == (
                saves_dir().resolve()
            )
        except OSError:
            own = False
        if replay:
            save_path, problem = None, None
        elif own:
            save_path, problem = path, None
        else:
            save_path, problem = self._new_save_path()
        try:
            session = Session.from_save(
                path, self.bot_factory, save_path=save_path, unsaved_reason=problem
            )
        except SaveError as error:
            self.new_game(notice=f"Could not open the game: {error}")
            return
        if replay:
            self.replay(session, source=path)
        else:
            self.play(session)

    def resume(self) -> None:
        from entropy_tui.saves.folder import latest_unfinished

        latest = latest_unfinished()
        if latest is None:
            self.new_game(notice="There is no unfinished game to continue.")
        else:
            self.open_save(latest.path)

    def play(self, session: Session) -> None:
        from entropy_tui.tui.screens.game import GameScreen

        self.session = session
        if session.game.over:
            self.show_game_over(session)
            return
        self.game_in_progress = True
        self._show(GameScreen(session, bot_delay=self.bot_delay))

    def replay(self, session: Session, *, source: Path | None = None, at_step: int = 0) -> None:
        """Opens a replay over the current screen, at step `at_step`; closing it goes back
        there. `source`: the save it was read from, beside which its review is kept."""
        from entropy_tui.tui.screens.replay import ReplayScreen

        if len(self.screen_stack) < 2:
            self.new_game()  # what a replay opened from the command line closes to
        self.push_screen(ReplayScreen(session, source=source, at_step=at_step))

    def show_game_over(self, session: Session) -> None:
        from entropy_tui.tui.screens.game_over import GameOverScreen

        self.game_in_progress = False
        self._show(GameOverScreen(session))

    # ------------------------------------------------------------------ size guard
    async def on_event(self, event: Event) -> None:
        if isinstance(event, Resize):
            # The terminal's driver reports the size once more as it starts, after the first
            # screen has been laid out for it: passed on, it lays out every screen again (and
            # repaints the whole screen twice) just after the first frame. Textual itself
            # ignores a resize to the size the app has, but still passes the event to the screens.
            if event.size == self._last_resize:
                self._guard_size(event.size)  # a screen opened since may cover the notice
                return
            self._last_resize = event.size
        # A key comes back here, from the focused widget up, to run its bindings: only now is
        # it known which decision it would act on, and a game screen may drop it (typed_ahead).
        if isinstance(event, Key) and event.is_forwarded:
            typed_ahead = getattr(self.screen, "typed_ahead", None)
            if typed_ahead is not None and typed_ahead(event):
                return
        await super().on_event(event)

    def on_input_dropped(self, message: InputDropped) -> None:
        self._dropping_gate = message.gate
        if self._dropped_input_notice is None:
            self._dropped_input_notice = self.set_timer(
                DROPPED_INPUT_NOTICE_INTERVAL, self._tell_dropped_input
            )

    def _tell_dropped_input(self) -> None:
        """Says how many keys were dropped since the last notice; while some still are, looks
        again later."""
        self._dropped_input_notice = None
        gate = self._dropping_gate
        if gate is None or gate.dropped == self._dropped_input_told:
            return
        count, self._dropped_input_told = gate.dropped - self._dropped_input_told, gate.dropped
        self.notify(
            f"Too many keys at once: {count:,} were dropped. Type more slowly.",
            severity="warning",
            timeout=DROPPED_INPUT_NOTICE_INTERVAL,
        )
        self._dropped_input_notice = self.set_timer(
            DROPPED_INPUT_NOTICE_INTERVAL, self._tell_dropped_input
        )

    def on_paste_cut(self, message: PasteCut) -> None:
        now = monotonic()
        told = self._paste_cut_told_at
        if told is not None and now - told < DROPPED_INPUT_NOTICE_INTERVAL:
            return
        self._paste_cut_told_at = now
        self.notify(
            f"The paste was cut short: only its first {message.kept:,} characters were kept."
            " Paste less at a time.",
            severity="warning",
        )

    def watch_app_focus(self, focused: bool) -> None:
        """A screen shown while the terminal or browser tab had lost focus got no focused
        widget (Textual gives one only to a focused app); when focus comes back, or a key
        arrives, the screen's own widget takes it, so that first key is not lost."""
        screen = self.screen
        target = screen.AUTO_FOCUS
        if not focused or screen.focused is not None or not target:
            return
        for widget in screen.query(target):
            if widget.focusable:
                screen.set_focus(widget, scroll_visible=False)
                return

    def on_resize(self, event: Resize) -> None:
        self._guard_size(event.size)  # self.size is updated only after this handler

    def _guard_size(self, size: Size | None = None) -> None:
        from entropy_tui.tui.screens.too_small import TooSmallScreen

        width, height = size or self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen(MIN_SIZE))
        elif not small and showing:
            self.pop_screen()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """While the too-small notice shows, only quitting works."""
        from entropy_tui.tui.screens.too_small import TooSmallScreen

        return action == "request_quit" or not isinstance(self.screen, TooSmallScreen)

    # ------------------------------------------------------------------ commands
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette lists the registry's commands that work on the current screen, now (a
        shared table has no undo; picking works only at a person's own decision)."""
        scope = getattr(screen, "SCOPE", ())
        scopes = {"app", scope} if isinstance(scope, str) else {"app", *scope}
        for command in COMMANDS:
            if command.palette and command.bound and command.scope in scopes:
                action = command.action
                if screen.check_action(action, ()) is False:
                    continue

                def run(action: str = action) -> None:
                    self.call_later(screen.run_action, action)

                yield SystemCommand(command.title, command.help, run)

    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        from entropy_tui.tui.screens.palette import Palette

        # CommandPalette.is_open wants an App[object]; this app returns None.
        if self.use_command_palette and not CommandPalette.is_open(cast("App[object]", self)):
            self.push_screen(Palette(id="--command-palette"))

    def action_help(self) -> None:
        from entropy_tui.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_glossary(self) -> None:
        from entropy_tui.tui.screens.glossary import GlossaryScreen

        if not isinstance(self.screen, GlossaryScreen):
            self.push_screen(GlossaryScreen())

    def action_rules(self) -> None:
        from entropy_tui.tui.screens.rules import RulesScreen

        if isinstance(self.screen, RulesScreen):
            return
        section = getattr(self.screen, "rule_section", None)
        self.push_screen(RulesScreen(section))

    def action_toggle_theme(self) -> None:
        colourblind = self.theme != COLOURBLIND_THEME
        self.theme = COLOURBLIND_THEME if colourblind else DEFAULT_THEME
        words = "Colour-blind-safe colours on" if colourblind else "Default colours on"
        self.notify(f"{words} (F2 switches back)", timeout=3)

    def action_request_quit(self) -> None:
        from entropy_tui.tui.screens.confirm_quit import ConfirmQuitScreen

        if not self.game_in_progress:
            self.exit()
        elif not isinstance(self.screen, ConfirmQuitScreen):
            self.push_screen(ConfirmQuitScreen(), callback=self._quit_if_confirmed)

    def action_help_quit(self) -> None:
        """Ctrl+C, a terminal's habit for quitting, says which key quits here."""
        keys_here = [
            self.get_key_display(active.binding)
            for active in self.active_bindings.values()
            if active.binding.action in QUIT_ACTIONS and active.binding.key != "ctrl+q"
        ]
        keys = f"{keys_here[0]} (or Ctrl+Q)" if keys_here else "Ctrl+Q"
        self.notify(f"Ctrl+C doesn't quit here: press {keys} to quit.")

    def _quit_if_confirmed(self, leave: bool | None) -> None:
        if leave:
            self.exit()

    @property
    def save_path(self) -> Path | None:
        """Where the game on screen saves itself."""
        saver = self.session.saver if self.session is not None else None
        return saver.path if saver is not None else None

    def finish_saving(self) -> None:
        """Saves what an autosave still waiting would have, and waits for the disk."""
        if self.session is not None and self.session.saver is not None:
            self.session.autosave()
            self.session.saver.flush()
