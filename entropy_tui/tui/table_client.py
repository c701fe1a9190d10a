"""An app that shows a table's game (table/protocol.py): a shared table's over its socket
(tui/table_app.py) or a club's table in the club's own process (tui/club_app.py). It keeps a
replica of the game in step with the messages the table sends, and shows it on the table's
game screen; each app says how its messages reach the table (`send`) and what a table's other
messages do."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from entropy_tui.play.session import Session
from entropy_tui.table.replica import ReplicaSession
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.table_game import TableGameOverScreen, TableScreen

if TYPE_CHECKING:
    from textual.screen import Screen


class TableClientApp(EntropyApp):
    CSS_PATH: ClassVar = [*EntropyApp.CSS_PATH, "table.tcss"]
    GAME_SCREEN: ClassVar[type[TableScreen]] = TableScreen

    def __init__(self, *, colourblind: bool = False) -> None:
        super().__init__(bot_delay=0, colourblind=colourblind)  # the table paces its bots
        self.replica: ReplicaSession | None = None

    def send(self, message: dict[str, Any]) -> None:
        """A message to the table."""
        raise NotImplementedError

    def main_screen(self) -> Screen[Any] | None:
        """The screen this connection shows (a lobby, a game, a replay) under any dialog over
        it; None before one shows."""
        return self.screen_stack[1] if len(self.screen_stack) > 1 else None

    def game_screen(self) -> TableScreen | None:
        """The table's game screen, once it shows (until then it draws the newest state when
        it does)."""
        screen = self.main_screen()
        if isinstance(screen, TableScreen) and screen.scene is not None:
            return screen
        return None

    def receive(self, message: dict[str, Any]) -> None:
        """A message of the table's game: the whole game, a choice or a note made, who sits
        where, or a refusal of what this screen sent."""
        from entropy_tui.tui.widgets.prompt import Prompt

        op, screen = message["op"], self.game_screen()
        if op == "game":
            self.replica = ReplicaSession(message, self.send)
            self.play(self.replica)
        elif op == "table":
            if self.replica is not None:
                self.replica.seat_states = message["seats"]
            if screen is not None:
                screen.show_table()
        elif op == "refused":
            if self.replica is not None:
                self.replica.refused()
            if screen is not None:
                screen.query_one(Prompt).note(message["reason"])
        elif self.replica is not None and op in ("chose", "note"):
            if op == "chose":
                self.replica.apply(message["step"], message["option"])
            else:
                self.replica.apply_note({k: v for k, v in message.items() if k != "op"})
            if screen is not None:
                screen.advance()
            elif self.replica.game.over:
                self.show_game_over(self.replica)

    def play(self, session: Session) -> None:
        assert isinstance(session, ReplicaSession)
        self.session = session
        if session.game.over:
            self.show_game_over(session)
            return
        self.game_in_progress = True
        self._show(self.GAME_SCREEN(session))

    def show_game_over(self, session: Session) -> None:
        self.game_in_progress = False
        self._show(TableGameOverScreen(session))
