"""The app of one screen at a shared table (`entropy-tui join`): it talks to the table over its
local socket, shows the lobby or this screen's seats, and keeps a replica of the game in step
with the choices the table sends."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, ClassVar

from textual.events import Mount

from entropy_tui.play.session import Session
from entropy_tui.table.protocol import MAX_TABLE_LINE, ProtocolError, decode, encode
from entropy_tui.table.replica import OutOfStep, ReplicaSession
from entropy_tui.tui.app import EntropyApp

LEFT_THE_TABLE = "Leave the table? Your seat waits for you: connect again to take it back."
CLOSE_THE_TABLE = (
    "Close the table? Every player's screen closes. The game is saved:"
    " entropy-tui host --resume brings it back."
)


class TableApp(EntropyApp):
    CSS_PATH: ClassVar = [*EntropyApp.CSS_PATH, "table.tcss"]

    def __init__(self, socket_path: Path, ticket: str | None, *, colourblind: bool = False):
        """`ticket` None: a visitor with no login (a browser), who reaches the lobby."""
        super().__init__(bot_delay=0, colourblind=colourblind)
        self.socket_path = socket_path
        self.ticket = ticket
        self.replica: ReplicaSession | None = None
        self.farewell = ""  # why the table closed this screen, printed once it has
        self._writer: asyncio.StreamWriter | None = None

    def on_mount(self, event: Mount) -> None:
        event.prevent_default()  # not the app's own start: the table says what to show
        self._guard_size()
        self.run_worker(self._talk(), name="table", exit_on_error=True)

    async def _talk(self) -> None:
        try:
            reader, writer = await asyncio.open_unix_connection(
                str(self.socket_path), limit=MAX_TABLE_LINE
            )
        except OSError as error:
            self.leave(f"No table is open at {self.socket_path} ({error.strerror or error}).")
            return
        self._writer = writer
        hello: dict[str, Any] = {"op": "hello", "ticket": self.ticket or ""}
        if self.ticket is None:
            hello["lobby"] = True
        self.send(hello)
        try:
            while line := await reader.readline():
                self.receive(decode(line))
        except (ConnectionError, ProtocolError, OutOfStep, ValueError) as error:
            self.leave(f"Lost the table ({error}).")
            return
        if not self.farewell:
            self.leave("The table has closed (the host stopped it).")

    def send(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message))

    def leave(self, reason: str) -> None:
        self.farewell = self.farewell or reason
        self.exit()

    # ------------------------------------------------------------------ from the table
    def receive(self, message: dict[str, Any]) -> None:
        from entropy_tui.tui.screens.lobby import LobbyScreen
        from entropy_tui.tui.screens.table_game import TableScreen

        op = message["op"]
        # The main screen, once it shows (until then it draws the newest state when it does).
        screen = self.screen_stack[1] if len(self.screen_stack) > 1 else None
        unready = (isinstance(screen, TableScreen) and screen.scene is None) or (
            isinstance(screen, LobbyScreen) and not screen.is_mounted
        )
        if unready:
            screen = None
        if op == "lobby":
            self.game_in_progress = False
            self._show(LobbyScreen(message))
        elif op == "game":
            self.replica = ReplicaSession(message, self.send)
            self.play(self.replica)
        elif op == "bye":
            self.leave(message.get("reason", "The table closed this screen."))
        elif op == "table":
            if self.replica is not None:
                self.replica.seat_states = message["seats"]
            if isinstance(screen, LobbyScreen):
                screen.show(message)
            elif isinstance(screen, TableScreen):
                screen.show_table()
        elif op == "refused":
            if self.replica is not None:
                self.replica.refused()
            if isinstance(screen, LobbyScreen):
                screen.show(screen.table, message["reason"])
            elif isinstance(screen, TableScreen):
                from entropy_tui.tui.widgets.prompt import Prompt

                screen.query_one(Prompt).note(message["reason"])
        elif self.replica is not None and op in ("chose", "note"):
            if op == "chose":
                self.replica.apply(message["step"], message["option"])
            else:
                self.replica.apply_note({k: v for k, v in message.items() if k != "op"})
            if isinstance(screen, TableScreen):
                screen.advance()
            elif self.replica.game.over:
                self.show_game_over(self.replica)

    # ------------------------------------------------------------------ screens
    def play(self, session: Session) -> None:
        from entropy_tui.tui.screens.table_game import TableScreen

        assert isinstance(session, ReplicaSession)
        self.session = session
        if session.game.over:
            self.show_game_over(session)
            return
        self.game_in_progress = True
        self._show(TableScreen(session))

    def show_game_over(self, session: Session) -> None:
        from entropy_tui.tui.screens.table_game import TableGameOverScreen

        self.game_in_progress = False
        self._show(TableGameOverScreen(session))

    def action_request_quit(self) -> None:
        from entropy_tui.tui.screens.confirm_quit import ConfirmQuitScreen

        replica = self.replica
        if replica is not None and replica.role == "host":
            question = CLOSE_THE_TABLE
        elif self.game_in_progress and replica is not None and replica.mine:
            question = LEFT_THE_TABLE
        else:
            self.exit()  # nothing of theirs waits: a spectator, the lobby, a finished game
            return
        if not isinstance(self.screen, ConfirmQuitScreen):
            self.push_screen(ConfirmQuitScreen(question), callback=self._quit_if_confirmed)
