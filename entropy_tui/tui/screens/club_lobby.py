"""A member's lobby at the club, on one screen read with the keyboard: the tables waiting for
their move first (with how long they have waited), their other tables, open tables to join
(those keeping a seat for them first), games to watch, finished games and the leaderboard.
Every table is an entry: Up/Down move to it and Enter opens it (your seat, joining, watching or
the replay, by its section); `n` creates a table. It reads the store again now and then, so
waiting times and turns stay current."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, cast

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from entropy_tui.bots.registry import level_name
from entropy_tui.club.clocks import time_words
from entropy_tui.club.identity import CODE_SECONDS, key_code
from entropy_tui.club.lobby import Lobby, lobby
from entropy_tui.club.records import Player, RatingChange, SeatSummary, TableSummary
from entropy_tui.tui.keys import bindings_for
from entropy_tui.tui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from entropy_tui.club.store import Store

REFRESH_SECONDS = 60.0  # waiting times are shown to the minute
PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
# What Enter does on a table's line, by its section.
Opening = Literal["play", "join", "watch", "replay"]


def pace_words(table: TableSummary) -> str:
    limit = time_words(table.pace_seconds)
    pace = f"live, {limit} each" if table.pace == "live" else f"async, {limit} a move"
    return f"{pace}, rated" if table.rated else pace


def seat_name(seat: SeatSummary, me: int | None = None) -> str:
    if seat.player_id is not None and seat.player_id == me:
        return "you"
    if seat.name is not None:
        return seat.name
    if seat.invited is not None:
        return "kept for you" if seat.invited == me else f"kept for {seat.invited_name}"
    return "a free seat" if seat.bot is None else f"{level_name(seat.bot)} bot"


def seat_names(table: TableSummary, me: int | None = None) -> str:
    return ", ".join(seat_name(seat, me) for seat in table.seats)


def entry_id(opening: Opening, table_id: int) -> str:
    return f"{opening}:{table_id}"


def parse_entry(entry: str) -> tuple[Opening, int]:
    opening, table_id = entry.split(":")
    return cast("Opening", opening), int(table_id)


def lobby_options(shown: Lobby) -> list[Option]:
    """Every section of the lobby: a heading, then its lines. A table's line is an entry Enter
    opens; headings, "none" lines and the leaderboard are read only (the cursor skips them)."""
    me, now = shown.member.id, shown.read_at
    options: list[Option] = []

    def section(title: str, entries: list[Option], empty: str) -> None:
        if options:
            options.append(Option("", disabled=True))
        options.append(Option(Content.styled(title, "bold"), disabled=True))
        options.extend(entries or [Option(f"  {empty}", disabled=True)])

    def entry(text: str, opening: Opening, table: TableSummary) -> Option:
        return Option(f"  {text}", id=entry_id(opening, table.id))

    section(
        f"Your turn ({len(shown.your_turn)})",
        [
            entry(
                f"Table {t.id}: {seat_names(t, me)} - waiting {time_words(now - t.since)}"
                f" ({pace_words(t)})",
                "play",
                t,
            )
            for t in shown.your_turn
        ],
        "No table waits for you.",
    )
    section(
        "Your other tables",
        [
            entry(f"Table {t.id}: {seat_names(t, me)} - {_state(t)} ({pace_words(t)})", "play", t)
            for t in shown.your_tables
        ],
        "None.",
    )
    section(
        "Open tables to join",
        [
            entry(f"Table {t.id}: {seat_names(t, me)} ({pace_words(t)})", "join", t)
            for t in shown.invitations + shown.open_tables
        ],
        "None open now.",
    )
    section(
        "Games to watch",
        [
            entry(f"Table {t.id}: {seat_names(t)} - {_state(t)} ({pace_words(t)})", "watch", t)
            for t in shown.to_watch
        ],
        "No one else is playing now.",
    )
    section(
        "Finished games (Enter: the replay)",
        [
            entry(
                f"Table {t.id}: {_placed(t, me)} - ended {time_words(now - t.since)} ago"
                + _rating_words(shown.rating_changes.get(t.id)),
                "replay",
                t,
            )
            for t in shown.finished
        ],
        "None yet.",
    )
    section(
        "Leaderboard (rated games)",
        [
            Option(f"  {rank:>2}. {player.name:<24} {rating.shown:6.1f}  ({_games(rating.games)})")
            for rank, (player, rating) in enumerate(shown.leaderboard, 1)
        ],
        "No rated game has finished yet.",
    )
    for option in options:
        option.disabled = option.id is None
    return options


def _state(table: TableSummary) -> str:
    if table.status == "open":
        return "waiting for players"
    if table.to_move is None:
        return "playing"
    return f"{seat_name(table.seats[table.to_move])} to move"


def _rating_words(change: RatingChange | None) -> str:
    """The member's rating before and after the game, for one of their rated games."""
    if change is None:
        return ""
    return f" - rating {change.before.shown:.1f} -> {change.after.shown:.1f}"


def _games(count: int) -> str:
    return "1 game" if count == 1 else f"{count} games"


def _placed(table: TableSummary, me: int) -> str:
    order = sorted(zip(table.places, table.seats, strict=True), key=lambda placed: placed[0])
    return ", ".join(f"{PLACES[place]} {seat_name(seat, me)}" for place, seat in order)


class ClubLobbyScreen(Screen[None]):
    SCOPE = "club_lobby"
    BINDINGS: ClassVar = bindings_for("club_lobby")
    AUTO_FOCUS = "#club-lobby-list"
    DEFAULT_CSS = """
    ClubLobbyScreen {
        #club-lobby { padding: 0 1; }
        #club-lobby-title { text-style: bold; }
        #club-lobby-notice { color: $warning; }
        #club-lobby-list { height: 1fr; margin-top: 1; background: $background; }
        /* Headings and the leaderboard are read, not picked: in the text's own colour. */
        #club-lobby-list > .option-list--option-disabled { color: $foreground; }
    }
    """

    def __init__(
        self, store: Store, player: Player, notice: str = "", *, at_table: int | None = None
    ) -> None:
        """`at_table`: the table whose line is highlighted first (the one just left)."""
        super().__init__()
        self.store = store
        self.player = player
        self.notice = notice
        self.at_table = at_table
        self.shown: Lobby | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="club-lobby"):
            yield Static(f"ENTROPY club - {self.player.name}", id="club-lobby-title")
            yield Static(id="club-lobby-notice")
            yield OptionList(id="club-lobby-list", compact=True)
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
        """Reads the lobby again, the cursor staying on the table it was on (if still listed)."""
        self.shown = lobby(self.store, self.player)
        choices = self.query_one("#club-lobby-list", OptionList)
        highlighted = choices.highlighted
        was_on = self.at_table
        entry = choices.options[highlighted].id if highlighted is not None else None
        if entry is not None:
            was_on = parse_entry(entry)[1]
        options = lobby_options(self.shown)
        choices.set_options(options)
        entries = [n for n, option in enumerate(options) if not option.disabled]
        if not entries:
            return
        if was_on is not None:
            on_table = [n for n in entries if parse_entry(options[n].id or "")[1] == was_on]
            choices.highlighted = (on_table or entries)[0]
        else:
            choices.highlighted = entries[0]

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            opening, table_id = parse_entry(event.option.id)
            words = str(event.option.prompt).strip()
            self.app.open_table(opening, table_id, words)  # type: ignore[attr-defined]

    def action_new_table(self) -> None:
        self.app.new_table()  # type: ignore[attr-defined]

    def action_add_key(self) -> None:
        """A one-time code for the member's other device, shown with when it stops working."""
        from entropy_tui.tui.screens.club_key_code import KeyCodeScreen

        code = key_code(self.store, self.player)
        self.app.push_screen(KeyCodeScreen(code, self.store.clock() + CODE_SECONDS))
