"""The app of one connection to the club (`entropy-tui club`): a key the club has not met
registers first (tui/screens/club_register.py), then every member sees their lobby
(tui/screens/club_lobby.py), creates tables there (tui/screens/club_new_table.py), and plays,
watches or replays them on the game screens of a shared table (tui/table_client.py), fed by the
club's rooms in this same process. It runs in the club server's own process, one per connection
(tui/channel_driver.py): everything it hears from the rooms is handled in its own task."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.events import Mount

from entropy_tui.club.identity import member
from entropy_tui.club.presence import Presence
from entropy_tui.club.records import Player, TableRecord
from entropy_tui.club.requests import TableRequest
from entropy_tui.club.rooms import Refused, Rooms, Visit
from entropy_tui.club.store import Store
from entropy_tui.play.session import Session
from entropy_tui.ssh.logins import AddressGuard
from entropy_tui.tui.screens.club_lobby import Opening
from entropy_tui.tui.screens.club_table import ClubTableScreen
from entropy_tui.tui.table_client import TableClientApp


@dataclass(frozen=True, slots=True)
class Visitor:
    """Who knocks, and at which club: the connection's key and address, the club's store,
    whether anyone may register (`open_club`), the guard that counts wrong passwords per
    address (the SSH server's own), the club's live tables (`rooms`: one for the whole club;
    None, a club of this connection alone, as in a test of one screen) and who is connected
    (`presence`)."""

    store: Store
    fingerprint: str
    open_club: bool
    address: str = ""
    guard: AddressGuard | None = None
    rooms: Rooms | None = None
    presence: Presence | None = None


class ClubApp(TableClientApp):
    TITLE = "Entropy club"
    ENABLE_COMMAND_PALETTE = False
    GAME_SCREEN = ClubTableScreen

    def __init__(self, visitor: Visitor, *, colourblind: bool = False) -> None:
        super().__init__(colourblind=colourblind)
        self.visitor = visitor
        self.rooms = visitor.rooms if visitor.rooms is not None else Rooms(visitor.store)
        self.player: Player | None = None  # once the key is known or registered
        self.visit: Visit | None = None  # the table on screen, while one is
        self.table_id: int | None = None
        self._replay_wanted = False  # the table's game is opened to replay it, not to play
        self._stop_listening: list[Callable[[], None]] = []

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # not a game's start: the register screen or the lobby
        known = member(self.visitor.store, self.visitor.fingerprint)
        if known is None:
            from entropy_tui.tui.screens.club_register import RegisterScreen

            self.push_screen(RegisterScreen(self.visitor))
        else:
            self.enter_lobby(known)
        self._guard_size()

    def on_unmount(self) -> None:
        self._leave_visit()
        for stop in self._stop_listening:
            stop()
        self._stop_listening.clear()

    def enter_lobby(self, player: Player, notice: str = "", at_table: int | None = None) -> None:
        """The member's lobby, in place of whatever shows."""
        from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen

        if self.player is None:
            self.player = player
            self._listen()
        self.game_in_progress = False
        self._show(ClubLobbyScreen(self.visitor.store, player, notice, at_table=at_table))

    def _listen(self) -> None:
        """Hears of turns at every table (this member's, at other tables, ring the bell) and
        counts the member as connected while this app runs."""
        assert self.player is not None
        me = self.player.id

        def turn_changed(table_id: int, member_id: int) -> None:
            if member_id == me:
                self.call_later(self._your_turn, table_id)

        self._stop_listening.append(self.rooms.turn_changed(turn_changed))
        if self.visitor.presence is not None:
            self._stop_listening.append(self.visitor.presence.arrived(me))

    def _your_turn(self, table_id: int) -> None:
        from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen

        if table_id == self.table_id:
            return  # the game on screen says so itself
        self.bell()
        words = f"Your turn at table {table_id}."
        lobby = self.main_screen()
        if isinstance(lobby, ClubLobbyScreen):
            lobby.say(words)
            lobby.action_refresh_lobby()
        else:
            self.notify(f"{words} It waits in the lobby (q here goes back).", title="Your turn")

    # ------------------------------------------------------------------ from the lobby
    def open_table(self, opening: Opening, table_id: int, words: str = "") -> None:
        """Enter on a table of the lobby (`words`: its line there): your seat, joining it
        (asked first), watching it, or its replay."""
        if opening == "join":
            from entropy_tui.tui.screens.club_join import ConfirmJoinScreen

            self.push_screen(
                ConfirmJoinScreen(words or f"Table {table_id}"),
                callback=lambda join: self._join(table_id) if join else None,
            )
            return
        self._replay_wanted = opening == "replay"
        self._sit(table_id)

    def _join(self, table_id: int) -> None:
        assert self.player is not None
        try:
            self.rooms.join(table_id, self.player)
        except Refused as refusal:
            self._lobby_says(str(refusal), table_id)
            return
        self._sit(table_id)

    def new_table(self) -> None:
        from entropy_tui.tui.screens.club_new_table import ClubNewTableScreen

        self.push_screen(ClubNewTableScreen(), callback=self._created)

    def _created(self, table: TableRecord | None) -> None:
        """A table that starts at once is played; one with seats to take waits in the lobby."""
        if table is None:
            return
        if table.status == "playing":
            self._sit(table.id)
        else:
            self._lobby_says(
                f"Table {table.id} is made: it starts once its seats are taken.", table.id
            )

    def create_table(self, request: TableRequest) -> TableRecord:
        """Creates the table the new-table screen asks for (raises Refused)."""
        assert self.player is not None
        return self.rooms.create(self.player, request)

    def _sit(self, table_id: int) -> None:
        """The table's game on screen: the rooms send it at once, then every change."""
        assert self.player is not None
        self._leave_visit()
        self.table_id = table_id
        try:
            self.visit = self.rooms.visit(table_id, self.player, self._heard)
        except (Refused, KeyError) as refusal:
            self.table_id = None
            self._lobby_says(str(refusal), table_id)

    def _heard(self, message: dict[str, Any]) -> None:
        """A message of the table: handled in this app's own task, in the order sent."""
        self.call_later(self.receive, message)

    def _leave_visit(self) -> None:
        visit, self.visit, self.table_id, self.replica = self.visit, None, None, None
        if visit is not None:
            visit.leave()

    # ------------------------------------------------------------------ the table
    def send(self, message: dict[str, Any]) -> None:
        if self.visit is not None:
            self.visit.send(message)

    def receive(self, message: dict[str, Any]) -> None:
        if self.table_id is None:
            return  # said before the table was left
        if message["op"] == "bye":
            self.back_to_lobby(message.get("reason", "The table closed."))
            return
        if message["op"] == "table" and message.get("status") == "open" and self.replica is None:
            # Its game begins once every seat is taken: until then the lobby lists it, and
            # the member whose turn comes first is told.
            table_id = self.table_id
            self._leave_visit()
            self._lobby_says(
                f"Table {table_id} waits for players: it begins once every seat is taken.",
                table_id,
            )
            return
        if message["op"] == "game" and self._replay_wanted:
            self._replay_wanted = False
            self._open_replay(message)
            return
        super().receive(message)

    def _open_replay(self, welcome: dict[str, Any]) -> None:
        """A finished game's replay, at its end (every hand shown): closing it is the lobby."""
        from entropy_tui.table.replica import ReplicaSession

        session = ReplicaSession(welcome, self.send)
        self._leave_visit()  # a finished game changes no more
        self.replay(session, at_step=len(session.game.state.choices))

    def play(self, session: Session) -> None:
        self._replay_wanted = False
        super().play(session)

    def back_to_lobby(self, notice: str = "") -> None:
        """Leaves the table on screen (its seat waits) for the lobby, that table highlighted."""
        if self.player is None:
            self.exit()
            return
        left = self.table_id
        self._leave_visit()
        self.enter_lobby(self.player, notice, at_table=left)

    def _lobby_says(self, notice: str, table_id: int) -> None:
        from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen

        lobby = self.main_screen()
        if isinstance(lobby, ClubLobbyScreen):
            lobby.say(notice)
            lobby.action_refresh_lobby()
        elif self.player is not None:
            self.enter_lobby(self.player, notice, at_table=table_id)

    # ------------------------------------------------------------------ leaving
    def _at_a_table(self) -> bool:
        from entropy_tui.tui.screens.club_lobby import ClubLobbyScreen
        from entropy_tui.tui.screens.club_register import RegisterScreen

        main = self.main_screen()
        return self.player is not None and not isinstance(main, ClubLobbyScreen | RegisterScreen)

    def action_request_quit(self) -> None:
        """q or Ctrl+Q at a table (playing, watching, its end) goes back to the lobby, whose
        own Esc leaves the club."""
        if self._at_a_table():
            self.back_to_lobby()
        else:
            self.exit()

    async def action_quit(self) -> None:
        self.action_request_quit()
