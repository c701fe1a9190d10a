"""The game screen: rondel, offers, the acting seat's console, the other seats, the log and the
prompt. It turns keys into option ids, lets bots play at a watchable pace, and asks for a
hand-off whenever another human's decision comes up."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from math import ceil
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from entropy_tui.bots.registry import LEVEL_OF, level_name
from entropy_tui.play.config import HINT_SECONDS
from entropy_tui.play.recap import since_last_turn
from entropy_tui.play.session import Position, Session
from entropy_tui.rules import InvalidChoice, explained_scores
from entropy_tui.tui.keys import PROMPT_KEYS, bindings_for, key_for
from entropy_tui.tui.memory import collect_while_idle, review_frozen_later
from entropy_tui.tui.scene import CHANGES_KEY, Scene, end_banner
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.widgets.coach_panel import CoachPanel
from entropy_tui.tui.widgets.console import Console
from entropy_tui.tui.widgets.game_log import GameLog
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.offers import Offers
from entropy_tui.tui.widgets.opponents import Opponents
from entropy_tui.tui.widgets.panel_bar import PANELS, PanelBar, named_width
from entropy_tui.tui.widgets.position_line import PositionLine
from entropy_tui.tui.widgets.prompt import IGNORED, Prompt
from entropy_tui.tui.widgets.rondel import Rondel
from entropy_tui.tui.widgets.status_bar import StatusBar
from entropy_tui.tui.widgets.titled import RetitledScroll

if TYPE_CHECKING:
    from entropy_tui.play.hints import Hint

# Window sizes from which every panel shows (full), or the rondel and the log show beside one
# other panel (medium); below, one panel at a time (compact).
FULL_SIZE = (150, 40)
MEDIUM_SIZE = (110, 32)
COLUMNS = {"col-board": ("rondel", "log"), "col-console": ("console",),
           "col-side": ("offers", "opponents")}  # fmt: skip
SIDE_PANELS = ("console", "offers", "opponents")
FRAMES = {"log": "log-frame"}  # a panel's box, where it is not the panel itself
PANEL_FOR_KIND = {"bot": "log", "move": "rondel"}
# Seconds from a decision to its autosave: past the frames the decision causes (which the save
# would otherwise delay by a few milliseconds), short enough that a dropped line loses nothing.
AUTOSAVE_DELAY = 0.05
# The screen's first save waits longer, past its first frame, which takes longer than a
# decision's: a resumed game's file already holds the game, a new one has nothing to lose yet.
FIRST_AUTOSAVE_DELAY = 0.5
PROGRESS_EVERY = 0.25  # seconds between two steps of the thinking bar: light on a slow line
HINTS_OFF = "Hints are off in this game (a new-game option turned them off)."
NO_HINT = "A hint is for your own decision: none is waiting for you."


def layout_for(size: tuple[int, int]) -> str:
    """The layout a window of `size` (columns, rows) gets: "full", "medium" or "compact"."""
    width, height = size
    if width >= FULL_SIZE[0] and height >= FULL_SIZE[1]:
        return "full"
    if width >= MEDIUM_SIZE[0] and height >= MEDIUM_SIZE[1]:
        return "medium"
    return "compact"


def shown_kind(scene: Scene) -> str | None:
    """The kind of the pending decision as far as this screen may know it: all of it for a
    decision it shows; of another seat's, only that it is a move (the rondel shows where they
    can go), every other kind looking the same."""
    decision = scene.decision
    if decision is None or scene.decision_visible or decision.kind == "move":
        return decision.kind if decision is not None else None
    return "hidden"


@dataclass(slots=True)
class Thinking:
    """A bot's decision or a hint being worked out in the background, for one position."""

    position: Position
    what: str  # "Expert is thinking..."
    seconds: float  # about how long it takes, for the progress bar
    started: float
    ready_at: float  # a bot's answer is made no sooner (the pause between bots' moves)
    hint: bool
    answer: object = None
    answered: bool = False


class Answered(Message):
    """A background answer (an option id, a Hint, or the exception that stopped it)."""

    def __init__(self, position: Position, hint: bool, answer: object) -> None:
        super().__init__()
        self.position = position
        self.hint = hint
        self.answer = answer


class GameScreen(Screen[None]):
    SCOPE: ClassVar[str | tuple[str, ...]] = ("game", "board")
    BINDINGS: ClassVar = bindings_for("game") + bindings_for("board")
    AUTO_FOCUS = "#prompt-options"

    def __init__(self, session: Session, *, bot_delay: float) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self._thinking: Thinking | None = None
        self._hint: tuple[Position, Hint] | None = None  # the last hint, for its position
        self._ahead = False  # Space: bots play on without pausing until a person decides
        self._save_timer: Timer | None = None
        self._paused = False  # a bot's step came while another screen was on top
        self._over = False  # the game-over screen has been asked for
        self._layout = ""  # "full", "medium" or "compact", from the window's size
        self._panel = "rondel"  # compact: the one panel shown
        self._side = "console"  # medium: the panel beside the rondel and the log
        self._panel_chosen = False  # the person picked a panel for this decision
        self._last_kind: str | None = None
        self._shown: set[str] = set()  # the panels on screen now
        self._stale: set[str] = set()  # hidden panels drawn from an older scene
        self.scene: Scene | None = None
        self._coach_shown = True  # k hides the coach's panel
        self._deciding = True  # a person's decision is on screen (see check_action)
        self._resumed = False  # the screen has been shown
        self._turn: tuple[int, int] | None = None  # (round, seat) of the turn last shown
        # The guided game's footer names the coach's key and the hint's within 80 columns: its
        # one opponent shows on the Players panel, and `v` still opens the seat consoles.
        self.footer_leaves_out = frozenset({"seats"} if session.coach is not None else ())

    def compose(self) -> ComposeResult:
        # The layout's class is set before the widgets are styled as they mount: set after, it
        # would style every widget of the screen a second time before the first frame.
        layout = layout_for(self.app.size)
        self._set_layout_class(layout)
        with Horizontal(id="top"):
            yield StatusBar(id="status")
            yield PanelBar(id="panel-bar")
        yield PositionLine(id="position")
        with Horizontal(id="table"):
            with Vertical(id="col-board", classes="column"):
                with VerticalScroll(id="rondel-panel", classes="panel") as panel:
                    panel.border_title = "Rondel"
                    rondel = Rondel(id="rondel")
                    rondel.list_spaces(layout != "full")
                    yield rondel
                # The box around the log is its own widget, so that the log's rows go to the
                # compositor as drawn (see LineView.render_lines): all of them move at every
                # decision, and a widget with a border of its own draws each one again.
                with Vertical(id="log-frame", classes="panel") as frame:
                    frame.border_title = "Log"
                    yield GameLog(id="log-panel")
            with (
                Vertical(id="col-console", classes="column"),
                RetitledScroll(id="console-panel", classes="panel") as panel,
            ):
                panel.border_title = "Console"
                yield Console(id="console")
            with Vertical(id="col-side", classes="column"):
                with VerticalScroll(id="offers-panel", classes="panel") as panel:
                    panel.border_title = "Offers and objectives"
                    yield Offers(id="offers")
                with VerticalScroll(id="opponents-panel", classes="panel") as panel:
                    panel.border_title = "Other seats (v: full console)"
                    yield Opponents(id="opponents")
        coach = CoachPanel(id="coach")
        coach.display = self.session.coach is not None
        yield coach
        yield Prompt(id="prompt")
        yield KeyFooter()

    # ------------------------------------------------------------------ flow
    def on_mount(self) -> None:
        for panel in ("rondel", *SIDE_PANELS):  # scrolled by keys or the mouse, or grown
            frame = self.query_one(f"#{panel}-panel")
            self.watch(frame, "scroll_y", self._show_page_later, init=False)
            self.watch(frame, "virtual_size", self._show_page_later, init=False)
        self._ticker = self.set_interval(PROGRESS_EVERY, self._show_progress, pause=True)
        self._fit_layout()
        if self.session.unsaved_reason:
            self.notify(
                f"{self.session.unsaved_reason}. This game is played but not saved"
                " (ENTROPY_TUI_DATA can name another folder).",
                title="Games can't be saved",
                severity="error",
                timeout=15,
            )
        self._save_timer = self.set_timer(FIRST_AUTOSAVE_DELAY, self._autosave)
        self.advance()

    def on_unmount(self) -> None:
        self.session.stop_thinking()
        review_frozen_later()  # this screen may have been frozen while in use

    def on_resize(self) -> None:
        self._fit_layout()
        self._fit_top()

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._resumed:
            # Shown for the first time: its widgets were styled as they mounted, just now, and
            # styling them all again (what a screen shown again needs) would delay its first frame.
            self._resumed = True
            event.refresh_styles = False
        self.query_one(Prompt).redrawn()  # keys typed while it was covered are not for it
        if self._paused:
            self._paused = False
            self.advance()

    def advance(self) -> None:
        """Shows the state after any change, saves it, then starts whatever comes next."""
        if not self.is_current:
            self._paused = True  # a window is open on top: go on once it closes
            return
        session = self.session
        if self.bot_delay <= 0 or self._ahead:
            session.play_bots(quick_only=True)
        if not session.bot_to_move():
            self._ahead = False
        # A moment later, once the new state is on screen: a choice never waits for the save.
        if self._save_timer is None:
            self._save_timer = self.set_timer(AUTOSAVE_DELAY, self._autosave)
        if session.game.over:
            if not self._over:
                self._over = True
                self.show_scene()
                self.app.call_later(self.app.show_game_over, session)  # type: ignore[attr-defined]
            return
        if session.bot_to_move():
            self.show_scene()
            self._think_for_bot()
            return
        seat = session.handoff_needed()
        if seat is not None:
            # The whole log, cut to its public lines by the recap: nothing private is shown.
            names = [spec.name for spec in session.seats]
            recap = since_last_turn(session.game.dumped_log(), seat, names)
            banner = end_banner(session.game, session.seats)
            self.app.push_screen(
                HandoffScreen(session.seats[seat], session.seats, recap, banner and banner[0]),
                callback=lambda _: self._handed_to(seat),
            )
            return
        self.show_scene()

    def _autosave(self) -> None:
        self._save_timer = None
        saver = self.session.saver
        failed = saver is not None and saver.error is not None
        self.session.autosave()
        if saver is not None and saver.error is not None and not failed:
            self.notify(
                f"The game could not be saved to {saver.path}: {saver.error.strerror}",
                title="Autosave failed",
                severity="error",
            )
        collect_while_idle()  # the decision's frames are drawn: the screen waits for a key

    def _handed_to(self, seat: int) -> None:
        self.session.take_keyboard(seat)
        self.advance()

    # ------------------------------------------------------------------ thinking
    def _think_for_bot(self) -> None:
        """Starts the pending bot decision in the background (once per position), or makes
        its answer if it has come."""
        session = self.session
        thinking = self._thinking
        if thinking is not None and thinking.position == session.position and not thinking.hint:
            self._make_bot_answer()
            return
        decision = session.decision
        assert decision is not None
        kind = session.seats[decision.player].bot or ""
        level = LEVEL_OF.get(kind)
        delay = 0.0 if self._ahead or self.bot_delay <= 0 else self.bot_delay
        now = time.monotonic()
        seconds = max(delay, level.seconds if level is not None else 0.0)
        what = f"{level_name(kind)} is thinking…"
        position = session.ask_bot(partial(self._answer, session.position, False))
        self._thinking = Thinking(position, what, seconds, now, now + delay, hint=False)
        self._show_progress()
        self._ticker.resume()

    def _answer(self, position: Position, hint: bool, answer: object) -> None:
        """Called in the worker's thread: hands the answer to the screen's own."""
        self.post_message(Answered(position, hint, answer))

    def on_answered(self, message: Answered) -> None:
        thinking = self._thinking
        if thinking is None or (thinking.position, thinking.hint) != (
            message.position,
            message.hint,
        ):
            return  # for a position left since (undone, chosen past, or another hint)
        thinking.answer, thinking.answered = message.answer, True
        if thinking.hint:
            self._make_hint(message.answer)
        else:
            self._make_bot_answer()

    def _make_bot_answer(self) -> None:
        thinking = self._thinking
        if thinking is None or not thinking.answered:
            return
        if self.app.screen is not self:
            self._paused = True  # help, rules or a dialog is open: wait for the player
            return
        wait = thinking.ready_at - time.monotonic()
        if wait > 0 and not self._ahead:
            self.set_timer(wait, self._make_bot_answer)
            return
        self._thinking = None
        answer = thinking.answer
        if isinstance(answer, Exception):  # the worker failed: the bot thinks here instead
            self.session.bot_step()
        elif isinstance(answer, str):
            self.session.choose_for_bot(thinking.position, answer)
        self.advance()

    def _make_hint(self, answer: object) -> None:
        thinking = self._thinking
        assert thinking is not None
        self._thinking = None
        if isinstance(answer, Exception):
            self.query_one(Prompt).note(f"No hint this time: {answer}")
        else:
            self._hint = (thinking.position, answer)  # type: ignore[assignment]
        self.show_scene()

    def _show_progress(self) -> None:
        thinking = self._thinking
        prompt = self.query_one(Prompt)
        if thinking is None:
            prompt.thinking(None)
            self._ticker.pause()
            return
        elapsed = time.monotonic() - thinking.started
        prompt.thinking(thinking.what, elapsed / thinking.seconds if thinking.seconds else 1.0)

    def action_hint(self) -> None:
        session = self.session
        prompt = self.query_one(Prompt)
        if not session.hints_on:
            prompt.note(HINTS_OFF)
            return
        seat = session.human_to_move()
        if seat is None or not session.sees_private(seat):
            prompt.note(NO_HINT)
            return
        position = session.position
        if self._thinking is not None or (self._hint is not None and self._hint[0] == position):
            return  # on its way, or on screen
        now = time.monotonic()
        what = f"The expert is looking for a hint ({key_for('choose_highlighted')} or a"
        what += " number chooses without it)…"
        session.ask_hint(partial(self._answer, position, True))
        self._thinking = Thinking(position, what, HINT_SECONDS, now, now, hint=True)
        self.show_scene()  # the log notes the question
        self._ticker.resume()

    def choose(self, option_id: str) -> None:
        session = self.session
        seat = session.human_to_move()
        try:
            session.choose(option_id)
        except InvalidChoice as error:
            self.query_one(Prompt).note(str(error))
            return
        if seat is not None:  # the marks of what changed before clear: they have acted
            session.looks.acted(seat, session.game.view(None))
        self.advance()

    # ------------------------------------------------------------------ drawing
    def show_scene(self) -> None:
        session = self.session
        position = session.position
        if self._thinking is not None and self._thinking.position != position:
            self._thinking = None  # the game moved on: its answer will be dropped
        self._show_progress()
        hint = self._hint[1] if self._hint is not None and self._hint[0] == position else None
        view = session.view()
        decision = session.decision
        acting = decision.player if decision is not None else view["turn"]["player"]
        scene = Scene(
            game=session.game,
            view=view,
            seats=session.seats,
            acting=acting,
            viewer=session.viewer,
            decision=decision,
            decision_visible=decision is not None and session.sees_private(decision.player),
            private=frozenset(s for s in range(len(session.seats)) if session.sees_private(s)),
            advice=session.advice(),
            scores=tuple(explained_scores(session.game)),
            hint=hint,
            changes=session.looks.since(session.viewer, view),
            undo_refusal=session.undo_refusal(),
        )
        self.scene = scene
        turn = (view["round"], view["turn"]["player"])
        if turn != self._turn:
            self._turn = turn
            self._back_to_what_matters()
        self._follow_decision(shown_kind(scene))
        self.query_one(StatusBar).show(scene, bots_waiting=session.bot_to_move())
        # Under the board, whatever its layout, what the marks of a change mean.
        self.query_one("#rondel-panel").border_subtitle = CHANGES_KEY if scene.changes else ""
        self._fit_top()
        self.query_one(PositionLine).show(scene)
        prompt = self.query_one(Prompt)
        new_decision = prompt.show(scene)
        deciding = scene.decision_visible and session.human_to_move() is not None
        if deciding != self._deciding:
            self._deciding = deciding
            self.refresh_bindings()  # the footer offers picking and hints, or not
        if new_decision and deciding and not prompt.options.has_focus:
            # A person's new decision: the arrows move through its options again, whichever
            # panel they scrolled before.
            prompt.options.focus()
        if session.coach is not None:
            self.query_one(CoachPanel).show(scene)
        for panel in PANELS:
            if panel in self._shown:
                self._draw_panel(panel, scene)
            else:
                self._stale.add(panel)  # drawn when it is shown
        if self._layout == "compact" and self._panel == "log":
            self._show_page()  # a new line can make another page of the log

    def _back_to_what_matters(self) -> None:
        """At the start of a turn the Console shows its first page and the log its newest
        lines, whatever was paged before."""
        self.query_one("#console-panel").scroll_to(y=0, animate=False, immediate=True)
        self.query_one(GameLog).newest()

    def _draw_panel(self, panel: str, scene: Scene) -> None:
        self._stale.discard(panel)
        match panel:
            case "rondel":
                self.query_one(Rondel).show(scene)
            case "offers":
                self.query_one(Offers).show(scene)
            case "console":
                seat = self.console_seat(scene)
                self.query_one(Console).show(scene, seat)
                title = f"Console: {scene.seats[seat].name}"
                self.query_one("#console-panel", RetitledScroll).retitle(title)
            case "opponents":
                self.query_one(Opponents).show(scene, self.console_seat(scene))
            case "log":
                self.query_one(GameLog).show(scene)

    def console_seat(self, scene: Scene) -> int:
        """Whose Console shows: at home, the seat to move's (the keyboard goes round)."""
        return scene.acting

    def _fit_layout(self) -> None:
        layout = layout_for(self.app.size)
        if layout == self._layout:
            return
        self._layout = layout
        self._set_layout_class(layout)
        # The ring needs the full layout; smaller ones list the spaces one a line.
        self.query_one(Rondel).list_spaces(layout != "full")
        self.query_one(StatusBar).compact = layout != "full"
        self._apply_panels()
        if self.scene is not None:
            self.show_scene()

    def _fit_top(self) -> None:
        """Where the top line is short of room, the panel bar gives up its names before the
        status bar gives up anything (the score last)."""
        if self._layout == "full":
            return
        wanted = self.query_one(StatusBar).widest + named_width()
        self.query_one(PanelBar).set_short(wanted > self.app.size.width)

    def _set_layout_class(self, layout: str) -> None:
        self.set_class(layout == "medium", "-medium")
        self.set_class(layout == "compact", "-compact")

    def _follow_decision(self, kind: str | None) -> None:
        if self._layout != "compact":
            return
        if self.session.bot_to_move():
            kind = "bot"  # what bots do reads best in the log
        if kind != self._last_kind:
            self._last_kind = kind
            self._panel_chosen = False
        if not self._panel_chosen:
            self._show_panel(PANEL_FOR_KIND.get(kind or "", "console"))

    def _show_panel(self, panel: str) -> None:
        self._panel = panel
        if panel in SIDE_PANELS:
            self._side = panel
        self._apply_panels()

    def _apply_panels(self) -> None:
        """Shows the panels the layout and the choice call for. Display is set on the panels
        themselves, since a class on the screen would restyle every widget."""
        if self._layout == "full":
            shown = set(PANELS)
        elif self._layout == "medium":
            shown = {"rondel", "log", self._side}
        else:
            shown = {self._panel}
        if shown != self._shown:
            self._shown = shown
            for column, panels in COLUMNS.items():
                self.query_one(f"#{column}").display = any(p in shown for p in panels)
                for name in panels:
                    self.query_one(f"#{FRAMES.get(name, name + '-panel')}").display = name in shown
            for name in shown & self._stale:
                if self.scene is not None:
                    self._draw_panel(name, self.scene)
            self._show_page_later()  # once the panels shown now are laid out
        self.query_one(PanelBar).display = self._layout != "full"
        self._show_page()

    @property
    def rule_section(self) -> str | None:
        """The rulebook section behind the highlighted option, else behind the decision (if
        this screen may see it: another seat's decision opens the rules at their start)."""
        decision = self.session.decision
        if decision is None:
            return "End of the Game"
        if not self.session.sees_private(decision.player):
            return None
        advice = self.scene.advice if self.scene is not None else None
        if advice is not None and advice.lesson is not None and self.query_one(CoachPanel).display:
            return advice.lesson.rule  # the lesson on screen
        choice = self.query_one(Prompt).highlighted_choice()
        if choice is not None:
            rule = decision.option(choice.id).rule
            if rule:
                return rule
        return decision.rule

    # ------------------------------------------------------------------ actions
    def typed_ahead(self, key: events.Key) -> bool:
        """Whether `key` picks or moves through options and was pressed before the decision
        on screen was drawn: it was meant for an earlier one, and is dropped (with a note).
        Asked by the app as the key's bindings are about to run."""
        prompt = self.query_one(Prompt)
        if key.key in PROMPT_KEYS and prompt.pressed_before_drawn(key.time):
            prompt.note(IGNORED)
            return True
        return False

    def on_prompt_chosen(self, message: Prompt.Chosen) -> None:
        if not self.query_one(Prompt).stale(message.generation):
            self.choose(message.option_id)

    def action_digit(self, digit: str) -> None:
        prompt = self.query_one(Prompt)
        choice = prompt.type_digit(digit)
        if choice is None:
            return
        if choice.enabled:
            self.choose(choice.id)
        else:
            prompt.refuse(choice)

    def action_choose_highlighted(self) -> None:
        prompt = self.query_one(Prompt)
        choice = prompt.highlighted_choice()
        if choice is None:
            return
        if choice.enabled:
            self.choose(choice.id)
        else:
            prompt.refuse(choice)

    def action_undo(self) -> None:
        self._step_back_or_forward(self.session.undo)

    def action_step_back(self) -> None:
        """Esc at a second step (a card chosen, its Planet next): back to the first step."""
        decision = self.session.decision
        if self._deciding and decision is not None and decision.back:
            self.action_undo()

    def action_redo(self) -> None:
        self._step_back_or_forward(self.session.redo)

    def _step_back_or_forward(self, step: Callable[[], object]) -> None:
        try:
            step()
        except InvalidChoice as refusal:
            self.query_one(Prompt).note(str(refusal))
            return
        self.advance()

    def action_save_copy(self) -> None:
        from entropy_tui.tui.screens.save_copy import SaveCopyScreen

        session = self.session
        names = ", ".join(seat.name for seat in session.seats)
        suggested = f"{names} - round {session.game.state.round}"
        self.app.push_screen(SaveCopyScreen(suggested), callback=self._save_copy)

    def _save_copy(self, name: str | None) -> None:
        from entropy_tui.saves.files import copy_path, write_atomically

        if name is None:
            return
        try:
            path = copy_path(name)
            write_atomically(path, self.session.save_data())
        except OSError as error:
            where = error.filename or "the saves folder"
            self.notify(f"{where}: {error.strerror or error}", title="Not saved", severity="error")
            return
        self.notify(f"Saved as {path.name} in {path.parent}", title="Copy saved")

    def action_skip_bots(self) -> None:
        if not self.session.bot_to_move():
            self.query_one(Prompt).note("No bot is waiting to play: Space skips only bots' turns.")
            return
        self._ahead = True
        self.advance()

    def action_panel(self, panel: str) -> None:
        """Shows the panel; if it shows already (compact) or has the keys (full, medium), shows
        its next page instead, and after the last its first."""
        frame = self.query_one(f"#{panel}-panel")
        if self._panel_in_view(panel, frame):
            self._next_page(panel, frame)
        else:
            if isinstance(frame, GameLog):
                frame.newest()  # the log opens on what just happened
            self._panel_chosen = True
            self._show_panel(panel)
            if self._layout != "compact":
                frame.focus()  # for scrolling it with the keys
        self._show_page()

    def _panel_in_view(self, panel: str, frame: Widget) -> bool:
        if self._layout == "compact":
            return self._panel == panel
        return frame.has_focus

    def _next_page(self, panel: str, frame: Widget) -> None:
        if isinstance(frame, GameLog):
            frame.older_page()
        else:
            at_end = frame.scroll_y >= frame.max_scroll_y
            page = frame.scrollable_content_region.height
            frame.scroll_to(y=0 if at_end else frame.scroll_y + page, animate=False, immediate=True)

    def _show_page_later(self) -> None:
        self.call_after_refresh(self._show_page)

    def _show_page(self) -> None:
        """The panel bar names the page of the panel it highlights."""
        if self._layout == "full":
            return
        panel = self._side if self._layout == "medium" else self._panel
        frame = self.query_one(f"#{panel}-panel")
        if isinstance(frame, GameLog):
            page = frame.page()
        else:
            height = frame.scrollable_content_region.height
            if height <= 0:
                page = (1, 1)
            else:
                page = (1 + ceil(frame.scroll_y / height), 1 + ceil(frame.max_scroll_y / height))
        self.query_one(PanelBar).show(panel, page)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The coach's key shows (in the Footer too) only in a guided game. Picking and hints
        show only while a person's decision is on screen (not while a bot decides)."""
        if action == "toggle_coach":
            return self.session.coach is not None
        if action in ("digit", "hint"):  # only at a person's own decision, on screen
            return self._deciding
        return True

    def action_toggle_coach(self) -> None:
        self._coach_shown = not self._coach_shown
        self.query_one(CoachPanel).display = self._coach_shown

    def action_scores(self) -> None:
        from entropy_tui.tui.screens.scores import ScoresScreen

        if self.scene is not None:
            self.app.push_screen(ScoresScreen(self.scene))

    def action_seats(self) -> None:
        from entropy_tui.tui.screens.seats import SeatsScreen

        if self.scene is not None:
            hand_over = None if self.session.watch_only else self._hand_over
            self.app.push_screen(SeatsScreen(self.scene, hand_over))

    def _hand_over(self, seat: int, bot: str | None) -> Scene:
        """A seat changes hands (from the seat consoles); play goes on once they close."""
        self.session.change_control(seat, bot)
        self._paused = True
        self.show_scene()
        assert self.scene is not None
        return self.scene
