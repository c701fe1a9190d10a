"""A member's lobby at the club, on one screen read with the keyboard: the tables waiting for
their move first (with how long they have waited), their other tables, open tables to join,
finished games and the leaderboard. It reads the store again now and then, so waiting times
and turns stay current."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from entropy_tui.bots.registry import level_name
from entropy_tui.club.lobby import Lobby, lobby
from entropy_tui.club.records import Player, SeatSummary, TableSummary
from entropy_tui.club.store import Store
from entropy_tui.tui.widgets.key_footer import KeyFooter

REFRESH_SECONDS = 60.0  # waiting times are shown to the minute
NOT_YET = (
    "Creating, joining and playing tables come with the club's next version: for now the lobby"
    " shows your tables, the open ones, finished games and the leaderboard."
)
PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def waited(seconds: float) -> str:
    """A wait in words, to the minute under a day: "under a minute", "3 h 05 min", "2 days"."""
    minutes = int(max(seconds, 0) // 60)
    if minutes < 1:
        return "under a minute"
    if minutes < 60:
        return f"{minutes} min"
    if minutes < 24 * 60:
        return f"{minutes // 60} h {minutes % 60:02d} min"
    days = minutes // (24 * 60)
    return f"{days} day" if days == 1 else f"{days} days"


def pace_words(table: TableSummary) -> str:
    limit = waited(table.pace_seconds)
    pace = f"live, {limit} each" if table.pace == "live" else f"async, {limit} a move"
    return f"{pace}, rated" if table.rated else pace


def seat_name(seat: SeatSummary, me: int | None = None) -> str:
    if seat.player_id is not None and seat.player_id == me:
        return "you"
    if seat.name is not None:
        return seat.name
    return "a free seat" if seat.bot is None else f"{level_name(seat.bot)} bot"


def seat_names(table: TableSummary, me: int | None = None) -> str:
    return ", ".join(seat_name(seat, me) for seat in table.seats)


def lobby_text(shown: Lobby) -> Content:
    """Every section of the lobby as lines."""
    me, now = shown.member.id, shown.read_at
    lines: list[Content] = []

    def section(title: str, entries: list[str], empty: str) -> None:
        if lines:
            lines.append(Content(""))
        lines.append(Content.styled(title, "bold"))
        lines.extend(Content(f"  {entry}") for entry in entries or [empty])

    section(
        f"Your turn ({len(shown.your_turn)})",
        [
            f"Table {t.id}: {seat_names(t, me)} - waiting {waited(now - t.since)} ({pace_words(t)})"
            for t in shown.your_turn
        ],
        "No table waits for you.",
    )
    section(
        "Your other tables",
        [
            f"Table {t.id}: {seat_names(t, me)} - {_state(t)} ({pace_words(t)})"
            for t in shown.your_tables
        ],
        "None.",
    )
    section(
        "Open tables to join",
        [f"Table {t.id}: {seat_names(t)} ({pace_words(t)})" for t in shown.open_tables],
        "None open now.",
    )
    section(
        "Finished games",
        [
            f"Table {t.id}: {_placed(t, me)} - ended {waited(now - t.since)} ago"
            for t in shown.finished
        ],
        "None yet.",
    )
    section(
        "Leaderboard (rated games)",
        [
            f"{rank:>2}. {player.name:<24} {rating.shown:6.1f}  ({_games(rating.games)})"
            for rank, (player, rating) in enumerate(shown.leaderboard, 1)
        ],
        "No rated game has finished yet.",
    )
    return Content("\n").join(lines)


def _state(table: TableSummary) -> str:
    if table.status == "open":
        return "waiting for players"
    if table.to_move is None:
        return "playing"
    return f"{seat_name(table.seats[table.to_move])} to move"


def _games(count: int) -> str:
    return "1 game" if count == 1 else f"{count} games"


def _placed(table: TableSummary, me: int) -> str:
    order = sorted(zip(table.places, table.seats, strict=True), key=lambda placed: placed[0])
    return ", ".join(f"{PLACES[place]} {seat_name(seat, me)}" for place, seat in order)


class ClubLobbyScreen(Screen[None]):
    BINDINGS: ClassVar = [
        Binding("r", "refresh_lobby", "Refresh"),
        Binding("escape", "app.quit", "Leave"),
        # The keys that will create, join and play tables: they say when that comes.
        Binding("n,j,enter", "not_yet", show=False),
    ]
    AUTO_FOCUS = "#club-lobby"
    DEFAULT_CSS = """
    ClubLobbyScreen {
        #club-lobby { padding: 0 1; }
        #club-lobby-title { text-style: bold; }
        #club-lobby-notice { color: $warning; }
        #club-lobby-text { margin-top: 1; }
    }
    """

    def __init__(self, store: Store, player: Player, notice: str = "") -> None:
        super().__init__()
        self.store = store
        self.player = player
        self.notice = notice
        self.shown: Lobby | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="club-lobby"):
            yield Static(f"ENTROPY club - {self.player.name}", id="club-lobby-title")
            yield Static(id="club-lobby-notice")
            yield Static(id="club-lobby-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.say(self.notice)
        self.action_refresh_lobby()
        self.set_interval(REFRESH_SECONDS, self.action_refresh_lobby)

    def say(self, notice: str) -> None:
        shown = self.query_one("#club-lobby-notice", Static)
        shown.update(notice)
        shown.display = bool(notice)

    def action_refresh_lobby(self) -> None:
        self.shown = lobby(self.store, self.player)
        self.query_one("#club-lobby-text", Static).update(lobby_text(self.shown))

    def action_not_yet(self) -> None:
        self.say(NOT_YET)
