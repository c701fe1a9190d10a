"""Leaving mid-game loses the game: ask first."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from entropy_tui.tui.keys import bindings_for

LEAVE_A_GAME = (
    "Leave this game? It is saved: continue it from the start screen, or with entropy-tui --resume."
)


class ConfirmQuitScreen(ModalScreen[bool]):
    SCOPE = "quit"
    BINDINGS: ClassVar = bindings_for("quit")

    def __init__(self, question: str = LEAVE_A_GAME) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(self.question, id="confirm-question")
            with Horizontal(id="confirm-buttons"):
                yield Button("Stay (n)", id="stay", variant="primary")
                yield Button("Leave (y)", id="leave", variant="error")

    def on_mount(self) -> None:
        self.query_one("#stay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "leave")

    def action_leave(self) -> None:
        self.dismiss(True)

    def action_stay(self) -> None:
        self.dismiss(False)
