"""A club table's game screen: a shared table's (tui/screens/table_game.py), left with Esc as
well as q for the lobby, since a club's table waits for its players."""

from __future__ import annotations

from entropy_tui.tui.screens.table_game import TableScreen


class ClubTableScreen(TableScreen):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step_back":
            return True  # Esc: to the lobby
        return super().check_action(action, parameters)

    def action_step_back(self) -> None:
        """Esc steps back where the game allows it (a second step, with undo on); anywhere
        else, and at every shared table, where undo is off, it goes to the lobby."""
        decision = self.session.decision
        stepping_back = self._deciding and decision is not None and decision.back
        if stepping_back and self.session.undo_refusal() is None:
            super().action_step_back()
        else:
            self.app.action_request_quit()  # type: ignore[attr-defined]
