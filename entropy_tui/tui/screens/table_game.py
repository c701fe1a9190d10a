"""The game screen of a shared table: the same screen as at home, showing this screen's seats
only. Choices go to the table; the others' turns play out as the table sends them."""

from __future__ import annotations

from typing import ClassVar

from entropy_tui.table.replica import ReplicaSession
from entropy_tui.tui.keys import bindings_for, key_for
from entropy_tui.tui.scene import Scene
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.game_over import GameOverScreen
from entropy_tui.tui.screens.table_open import TableOpenScreen
from entropy_tui.tui.widgets.prompt import Prompt

# Commands of a game at home that a shared table does without: a move the others have seen
# stays made (stepping back from a second step too), bots are paced by the table, and a copy of
# everyone's cards is not for one screen.
OFF_AT_A_TABLE = frozenset({"undo", "redo", "step_back", "skip_bots", "save_copy"})
DECIDING = frozenset({"digit", "choose_highlighted", "hint"})  # not for a spectator


class TableScreen(GameScreen):
    SCOPE: ClassVar[str | tuple[str, ...]] = ("game", "board", "table_host")
    BINDINGS: ClassVar = GameScreen.BINDINGS + bindings_for("table_host")

    def __init__(self, session: ReplicaSession) -> None:
        super().__init__(session, bot_delay=0)
        self.replica = session
        self._table_note = ""  # the prompt's note about the table, while it is shown

    def on_mount(self) -> None:  # before the game screen's own
        if self.replica.code is not None:
            self.action_seat_code()
        if self.replica.connect:
            self.call_after_refresh(self.action_how_to_join)

    def action_seat_code(self) -> None:
        """Without a key, the code is the only way back to the seat: it stays long enough to
        note, and `i` shows it again."""
        code = self.replica.code
        if code is not None:
            self.notify(
                f"Write it down: {code} gives you this seat back from the lobby"
                f" ({key_for('seat_code')} shows it again).",
                title="Your seat code",
                timeout=30,
            )

    def action_how_to_join(self) -> None:
        self.app.push_screen(TableOpenScreen(self.replica.connect))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in OFF_AT_A_TABLE or (action in DECIDING and not self.replica.mine):
            return False
        if action == "how_to_join" and not self.replica.connect:
            return False  # only the host's own screen knows how players join
        if action == "seat_code" and self.replica.code is None:
            return False  # a spectator's or the host's screen holds no seat code
        return super().check_action(action, parameters)

    def show_scene(self) -> None:
        super().show_scene()
        self.show_table()

    def show_table(self) -> None:
        """Says so when the seat to decide is away: the game waits for them."""
        replica, prompt = self.replica, self.query_one(Prompt)
        decision = replica.decision
        note = ""
        if decision is not None and replica.away(decision.player):
            name = replica.seats[decision.player].name
            note = f"{name} is away: the game waits for them to come back"
        if note:
            prompt.note(note)
        elif self._table_note and prompt.border_title == self._table_note:
            prompt.note("")
        self._table_note = note

    def console_seat(self, scene: Scene) -> int:
        """A player's own Console (hand, Missions) while the others play; a spectator's
        screen follows the seat to move."""
        viewer = self.replica.viewer
        return viewer if viewer is not None else scene.acting

    def action_seats(self) -> None:
        from entropy_tui.tui.screens.seats import SeatsScreen

        if self.scene is not None:
            self.app.push_screen(SeatsScreen(self.scene, None))  # seats change hands at the host


class TableGameOverScreen(GameOverScreen):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "new_game"  # a shared table plays its one game
