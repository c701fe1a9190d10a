"""The app of one screen at a shared table (`entropy-tui join`): it talks to the table over its
local socket, shows the lobby or this screen's seats, and keeps a replica of the game in step
with the choices the table sends (tui/table_client.py)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.events import Mount

from entropy_tui.table.protocol import MAX_TABLE_LINE, ProtocolError, decode, encode
from entropy_tui.table.replica import OutOfStep
from entropy_tui.tui.table_client import TableClientApp

LEFT_THE_TABLE = "Leave the table? Your seat waits for you: connect again to take it back."
CLOSE_THE_TABLE = (
    "Close the table? Every player's screen closes. The game is saved:"
    " entropy-tui host --resume brings it back."
)


class TableApp(TableClientApp):
    def __init__(self, socket_path: Path, ticket: str | None, *, colourblind: bool = False):
        """`ticket` None: a visitor with no login (a browser), who reaches the lobby."""
        super().__init__(colourblind=colourblind)
        self.socket_path = socket_path
        self.ticket = ticket
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
        """The table's lobby and its goodbye here; the game's messages as every table's."""
        from entropy_tui.tui.screens.lobby import LobbyScreen

        op = message["op"]
        screen = self.main_screen()
        lobby = screen if isinstance(screen, LobbyScreen) and screen.is_mounted else None
        if op == "lobby":
            self.game_in_progress = False
            self._show(LobbyScreen(message))
        elif op == "bye":
            self.leave(message.get("reason", "The table closed this screen."))
        else:
            if lobby is not None and op == "table":
                lobby.show(message)
            elif lobby is not None and op == "refused":
                lobby.show(lobby.table, message["reason"])
            super().receive(message)

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
