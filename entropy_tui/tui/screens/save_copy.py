"""Ctrl+S during a game: the name of a copy to keep (the game saves itself anyway)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from entropy_tui.tui.keys import bindings_for


class SaveCopyScreen(ModalScreen[str | None]):
    SCOPE = "save_copy"
    BINDINGS: ClassVar = bindings_for("save_copy")

    def __init__(self, suggested: str) -> None:
        super().__init__()
        self.suggested = suggested

    def compose(self) -> ComposeResult:
        with Vertical(id="save-copy-box"):
            yield Static("Save a copy of this game as:")
            yield Input(self.suggested, id="save-copy-name", max_length=60)
            yield Static(
                "Enter saves, Esc goes back. Every decision is saved anyway; a copy keeps this"
                " moment under a name of its own.",
                classes="hint",
            )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or self.suggested)

    def action_cancel(self) -> None:
        self.dismiss(None)
