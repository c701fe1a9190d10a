"""Any seat's full Console, as public as the table allows (a hand only for its owner)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from ..keys import bindings_for
from ..scene import Scene, seat_tag
from ..widgets.console import Console


class SeatsScreen(ModalScreen[None]):
    SCOPE = "seats"
    BINDINGS: ClassVar = bindings_for("seats")

    def __init__(self, scene: Scene) -> None:
        super().__init__()
        self.scene = scene
        self.seat = scene.acting

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box") as box:
            box.border_title = "Seat consoles (Left/Right: another seat, Esc: back)"
            yield Static(id="seats-tabs")
            with VerticalScroll(id="seats-console"):
                yield Console()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        tabs = []
        for seat, spec in enumerate(self.scene.seats):
            tag = seat_tag(spec)
            if seat == self.seat:  # brackets as well as reverse video, for monochrome screens
                tag = Content("[") + tag.stylize("reverse", 0, len(tag)) + Content("]")
            tabs.append(tag)
        self.query_one("#seats-tabs", Static).update(Content("   ").join(tabs))
        self.query_one(Console).show(self.scene, self.seat)

    def action_cycle(self, step: int) -> None:
        self.seat = (self.seat + step) % len(self.scene.seats)
        self._show()
