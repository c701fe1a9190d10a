"""Joining an open club table, asked first with one key: a seat taken is a game to finish."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from entropy_tui.tui.keys import bindings_for


class ConfirmJoinScreen(ModalScreen[bool]):
    SCOPE = "club_join"
    BINDINGS: ClassVar = bindings_for("club_join")
    DEFAULT_CSS = """
    ConfirmJoinScreen {
        align: center middle;
        #club-join-box {
            width: 100%; max-width: 72; height: auto;
            border: round $primary; background: $surface; padding: 0 1;
        }
    }
    """

    def __init__(self, table: str) -> None:
        """`table`: the table as the lobby lists it."""
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical(id="club-join-box"):
            yield Static(f"Join this table?\n{self.table}\n")
            yield Static(
                "y: join and play.  n or Esc: back to the lobby.",
                classes="hint",
            )

    def action_join(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
