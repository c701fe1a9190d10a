"""The host's window of how players join the table: shown when the table opens and on `j`.

A window the host closes, rather than a notice that times out, so the prompt and its options
are never covered while the host reads the ssh commands."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from entropy_tui.tui.keys import bindings_for


class TableOpenScreen(ModalScreen[None]):
    SCOPE = "dialog"
    BINDINGS: ClassVar = bindings_for("dialog")

    def __init__(self, connect: str) -> None:
        super().__init__()
        self.connect = connect

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="table-open-box") as box:
            box.border_title = "Your table is open"
            box.border_subtitle = "Esc: to the game  ·  j shows this again"
            yield Static(self.connect, id="table-open-text", markup=False)
