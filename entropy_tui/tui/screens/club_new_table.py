"""A new club table, set up from the lobby with the keyboard: two to four seats (you, open to
anyone, kept for a member invited by name, or a bot), rated or not, its pace (live, with a time
bank each, or async, with a limit per move), what happens when time runs out, and the game's
options. What is wrong is said in words before the table is made."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from entropy_tui.bots.registry import BOT_LEVELS, LEVEL_OF
from entropy_tui.club.names import MAX_TYPED, NameRefused, display_name
from entropy_tui.club.records import TableRecord
from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.play.config import MAX_SEATS
from entropy_tui.tui.keys import bindings_for, key_for
from entropy_tui.tui.widgets.cycler import Cycler
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.tick_box import TickBox

NO_SEAT = "none"
SEAT_KINDS: list[tuple[str, str]] = [
    ("You", "creator"),
    ("Open to anyone", "open"),
    ("Invite a member", "invited"),
    *((f"{level.name} bot", level.kind) for level in BOT_LEVELS),
    ("No seat", NO_SEAT),
]
FIRST_SEATS = ("creator", "open", NO_SEAT, NO_SEAT)
# (words, value): the value "live:SECONDS" or "async:SECONDS".
PACES: list[tuple[str, str]] = [
    ("Live: 10 min each for the game", "live:600"),
    ("Live: 20 min each for the game", "live:1200"),
    ("Live: 30 min each for the game", "live:1800"),
    ("Async: 12 hours a move", "async:43200"),
    ("Async: 24 hours a move", "async:86400"),
    ("Async: 3 days a move", "async:259200"),
]
ON_TIMEOUT: list[tuple[str, str]] = [
    ("a bot plays that turn", "bot"),
    ("the player forfeits the game", "forfeit"),
]
LEVELS = [(f"{level.name} bot", level.kind) for level in BOT_LEVELS]


def seat_request(kind: str, name: str) -> SeatRequest | None:
    """A seat as the row sets it up (None: no seat)."""
    if kind == NO_SEAT:
        return None
    if kind in LEVEL_OF:
        return SeatRequest("bot", bot=kind)
    if kind == "invited":
        return SeatRequest("invited", name=name)
    return SeatRequest("creator" if kind == "creator" else "open")


class ClubNewTableScreen(Screen[TableRecord | None]):
    """Dismissed with the table made, or None for none."""

    SCOPE = "club_new_table"
    BINDINGS: ClassVar = bindings_for("club_new_table")
    AUTO_FOCUS = "#club-seat-1 Cycler"
    DEFAULT_CSS = """
    ClubNewTableScreen {
        #club-new-table { padding: 0 1; }
        #club-new-table-title { text-style: bold; }
        .club-row { height: 1; margin-top: 1; }
        .club-label { width: 22; }
        .club-row Input { width: 1fr; max-width: 30; margin-left: 1; }
        .club-row TickBox { width: auto; }
        #club-new-table-problems { color: $error; margin-top: 1; }
        #club-create { margin-top: 1; }
    }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="club-new-table"):
            yield Static("ENTROPY club - a new table", id="club-new-table-title")
            yield Static(
                "Tab moves between fields; Left/Right change a choice."
                f" {key_for('create')} starts the table, Esc goes back.",
                classes="hint",
            )
            for number, kind in enumerate(FIRST_SEATS, start=1):
                with Horizontal(classes="club-row", id=f"club-seat-{number}"):
                    yield Static(f"Seat {number}", classes="club-label")
                    yield Cycler(SEAT_KINDS, kind)
                    name = Input(
                        placeholder="the member's name",
                        max_length=MAX_TYPED,
                        compact=True,
                        classes="club-invited",
                    )
                    name.cursor_blink = False  # an idle screen draws nothing
                    name.display = False  # until the seat is for an invited member
                    yield name
            with Horizontal(classes="club-row"):
                yield Static("Pace", classes="club-label")
                yield Cycler(PACES, "live:1200", classes="club-pace")
            with Horizontal(classes="club-row"):
                yield Static("When time runs out", classes="club-label")
                yield Cycler(ON_TIMEOUT, "bot", classes="club-on-timeout")
            with Horizontal(classes="club-row"):
                yield Static("The bot for that turn", classes="club-label")
                yield Cycler(LEVELS, "greedy", classes="club-timeout-bot")
            with Horizontal(classes="club-row"):
                yield TickBox("Rated (hidden hands)", False, compact=True, id="club-rated")
            with Horizontal(classes="club-row"):
                yield TickBox(
                    "Alternative objectives (for players who know the game)",
                    False,
                    compact=True,
                    id="club-alternative",
                )
            with Horizontal(classes="club-row"):
                yield TickBox(
                    "Open hands (teaching: every hand visible)",
                    False,
                    compact=True,
                    id="club-open-hands",
                )
            yield Static(id="club-new-table-problems")
            yield Button(f"Start the table ({key_for('create')})", id="club-create")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show_problems([])

    def on_cycler_changed(self, event: Cycler.Changed) -> None:
        """An invited seat shows its name field."""
        row = event.cycler.parent
        if isinstance(row, Horizontal) and row.id is not None and row.id.startswith("club-seat"):
            name = row.query_one(Input)
            name.display = event.cycler.value == "invited"

    def request(self) -> TableRequest:
        seats = []
        for number in range(1, MAX_SEATS + 1):
            row = self.query_one(f"#club-seat-{number}", Horizontal)
            kind = row.query_one(Cycler).value
            seat = seat_request(kind, row.query_one(Input).value)
            if seat is not None:
                seats.append(seat)
        pace, seconds = self.query_one(".club-pace", Cycler).value.split(":")
        return TableRequest(
            seats=tuple(seats),
            rated=self.query_one("#club-rated", TickBox).value,
            pace="live" if pace == "live" else "async",
            pace_seconds=int(seconds),
            on_timeout="forfeit" if self._value(".club-on-timeout") == "forfeit" else "bot",
            timeout_bot=self._value(".club-timeout-bot"),
            alternative_objectives=self.query_one("#club-alternative", TickBox).value,
            open_hands=self.query_one("#club-open-hands", TickBox).value,
        )

    def _value(self, selector: str) -> str:
        return self.query_one(selector, Cycler).value

    def problems(self, request: TableRequest) -> list[str]:
        """The request's problems, and each invited name that can be no member's."""
        found = request.problems()
        for seat in request.seats:
            if seat.kind == "invited" and seat.name.strip():
                try:
                    display_name(seat.name)
                except NameRefused as refusal:
                    found.append(f"{seat.name[:30]!r} can't be invited: {refusal}")
        return found

    def show_problems(self, problems: list[str]) -> None:
        shown = self.query_one("#club-new-table-problems", Static)
        shown.update(" ".join(problems))
        shown.display = bool(problems)
        if problems:  # below the options at 80x24: brought into view
            self.call_after_refresh(shown.scroll_visible, animate=False)

    def action_create(self) -> None:
        from entropy_tui.club.rooms import Refused

        request = self.request()
        problems = self.problems(request)
        if problems:
            self.show_problems(problems)
            return
        try:
            made = self.app.create_table(request)  # type: ignore[attr-defined]
        except Refused as refusal:
            self.show_problems([str(refusal)])
            return
        self.dismiss(made)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_create()
