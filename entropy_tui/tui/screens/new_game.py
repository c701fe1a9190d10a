"""What `entropy-tui` opens on: two to four seats, the seed, and the options."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from entropy_tui.bots.registry import BOT_LEVELS
from entropy_tui.play.config import COLOURS, GameConfig, SeatConfig
from entropy_tui.rules import SEED_WORDS, new_seed, valid_seed
from entropy_tui.tui.keys import bindings_for, key_for
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.saved_games import SavedGames
from entropy_tui.tui.widgets.seat_row import SeatRow
from entropy_tui.tui.widgets.tick_box import TickBox

if TYPE_CHECKING:
    from entropy_tui.saves.folder import SaveSummary

DEFAULT_SEATS = (
    (SeatConfig("Ann", None, COLOURS[0].key), True),
    (SeatConfig("Bob", "greedy", COLOURS[1].key), True),
    (SeatConfig("Cy", "random", COLOURS[2].key), False),
    (SeatConfig("Dee", None, COLOURS[3].key), False),
)


def levels_text(table: bool = False) -> str:
    """What each kind of seat does, in one short paragraph."""
    bots = "; ".join(f"{level.name} {level.plays}" for level in BOT_LEVELS)
    remote = "A Remote player joins over SSH, seeing only their own seat. " if table else ""
    return f"{remote}A Human plays at this keyboard. Bots: {bots}."


class NewGameScreen(Screen[None]):
    SCOPE = "new_game"
    BINDINGS: ClassVar = bindings_for("new_game")

    def __init__(
        self,
        seed: int | None,
        *,
        alternative: bool = False,
        open_hands: bool = False,
        confirm_turn_end: bool = True,
        notice: str = "",
        table: bool = False,
    ) -> None:
        """`table`: setting up a shared table (entropy-tui host): seats may be Remote, and
        saved games are not offered. `seed` None: the field is left empty, for a random seed
        that nobody sees before the game ends."""
        super().__init__()
        self.table = table
        self.seed = seed
        self.alternative = alternative
        self.open_hands = open_hands
        self.confirm_turn_end = confirm_turn_end
        self.notice = notice  # why this screen shows instead of what was asked for
        self.unfinished: SaveSummary | None = None  # what Continue opens

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="new-game"):
            title = "ENTROPY - host a shared table" if self.table else "ENTROPY - new game"
            yield Static(title, id="new-game-title")
            notice = Static(self.notice, id="new-game-notice")
            notice.display = bool(self.notice)
            yield notice
            resume = Button("", id="continue", variant="success")
            resume.display = False  # until a saved game turns up
            yield resume
            learn = Button(
                "Learn to play: a guided game against a bot, with a coach (Ctrl+L)",
                id="learn",
                variant="warning",
            )
            learn.display = not self.table
            yield learn
            yield Static(
                "Two to four seats, each with a colour and a symbol of its own."
                " Tab moves between fields; Left/Right change a choice.",
                classes="hint",
            )
            for number, (seat, playing) in enumerate(DEFAULT_SEATS, start=1):
                remote = number == 2 if self.table else None  # Bob joins over SSH
                yield SeatRow(number, seat, playing=playing, remote=remote)
            yield Static(levels_text(self.table), id="new-game-levels", classes="hint")
            with Horizontal(id="seed-row"):
                yield Static("Seed ", classes="label")
                seed = "" if self.seed is None else str(self.seed)
                yield Input(seed, placeholder="random", type="integer", compact=True, id="seed")
                yield Static(" empty: a random seed, shown at the end", classes="hint")
            yield TickBox(
                "Alternative objectives (for players who know the game)",
                self.alternative,
                compact=True,
                id="alternative",
            )
            yield TickBox(
                "Open hands (teaching: every hand visible, no hand-off)",
                self.open_hands,
                compact=True,
                id="open-hands",
            )
            turn_end = TickBox(
                "End your turn yourself (until then the whole turn can be taken back)",
                self.confirm_turn_end and not self.table,
                compact=True,
                id="confirm-turn-end",
            )
            turn_end.display = not self.table  # a shared table has no undo
            yield turn_end
            yield TickBox(
                "Hints (h at your turn: the expert's pick and why, noted in the log)",
                True,
                compact=True,
                id="hints",
            )
            yield Static(id="new-game-problems")
            yield Button(f"Start game ({key_for('start')})", id="start", variant="primary")
            saved = Static("Saved games (Enter opens, r replays)", id="saved-games-title")
            saved.display = False
            yield saved
            games = SavedGames(id="saved-games")
            games.display = False
            yield games
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self.table:
            # Enter presses the button in focus: Learn to play, or Continue once it shows.
            self.query_one("#learn", Button).focus(scroll_visible=False)
            self.call_after_refresh(self._find_saves)  # the first frame never waits for the disk

    @work(thread=True, exclusive=True)
    def _find_saves(self) -> None:
        """Reading many saves takes a moment: off the input's way."""
        from entropy_tui.saves.folder import list_saves

        saves = list_saves()
        self.app.call_from_thread(self._show_saves, saves)

    def _show_saves(self, saves: list[SaveSummary]) -> None:
        self.unfinished = next((save for save in saves if not save.over), None)
        if self.unfinished is not None:
            resume = self.query_one("#continue", Button)
            seats = ", ".join(self.unfinished.seats)
            what = "Continue the guided game" if self.unfinished.tutorial else "Continue"
            resume.label = f"{what}: {seats}, round {self.unfinished.round} (Ctrl+O)"
            resume.display = True
            if self.focused is self.query_one("#learn"):  # unless the player has moved on
                resume.focus(scroll_visible=False)
            self.refresh_bindings()
        if saves:
            self.query_one(SavedGames).show(saves)
            self.query_one(SavedGames).display = True
            self.query_one("#saved-games-title").display = True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Continue shows (in the Footer too) only when there is a game to continue; a shared
        table has no guided game."""
        if action == "learn":
            return not self.table
        return action != "continue_game" or self.unfinished is not None

    def action_continue_game(self) -> None:
        if self.unfinished is not None:
            self.app.open_save(self.unfinished.path)  # type: ignore[attr-defined]

    def on_saved_games_open(self, event: SavedGames.Open) -> None:
        self.app.open_save(event.save.path, replay=event.replay)  # type: ignore[attr-defined]

    def config(self) -> GameConfig:
        rows = self.query(SeatRow)
        seats = tuple(seat for row in rows if (seat := row.value()) is not None)
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text:
            seed = new_seed()  # drawn here, never shown: the game-over screen names it
        else:
            seed = int(seed_text) if seed_text.lstrip("-").isdigit() else -1
        return GameConfig(
            seats=seats,
            seed=seed,
            alternative_objectives=self.query_one("#alternative", TickBox).value,
            open_hands=self.query_one("#open-hands", TickBox).value,
            confirm_turn_end=self.query_one("#confirm-turn-end", TickBox).value,
            hints=self.query_one("#hints", TickBox).value,
        )

    def action_start(self) -> None:
        config = self.config()
        problems = config.problems()
        if not valid_seed(config.seed):
            problems.append(f"The seed must be {SEED_WORDS}, or empty for a random one.")
        if problems:
            shown = self.query_one("#new-game-problems", Static)
            shown.update(" ".join(problems))
            # Below the options at 80x24: brought into view, so the key never seems to do nothing.
            self.call_after_refresh(shown.scroll_visible, animate=False)
            return
        self.app.start_game(config)  # type: ignore[attr-defined]

    def action_learn(self) -> None:
        """The guided game, with the first seat's name when a person sits there."""
        first = self.query(SeatRow).first().value()
        name = first.name if first is not None and first.bot is None and first.name else "Ann"
        self.app.start_tutorial(name)  # type: ignore[attr-defined]

    def action_new_seed(self) -> None:
        self.query_one("#seed", Input).value = str(new_seed())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "continue":
            self.action_continue_game()
        elif event.button.id == "learn":
            self.action_learn()
