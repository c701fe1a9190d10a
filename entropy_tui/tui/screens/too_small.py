"""Shown instead of anything else while the terminal is too small to play in."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    SCOPE = "dialog"

    def __init__(self, minimum: tuple[int, int]) -> None:
        super().__init__()
        self.minimum = minimum

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-message")

    def on_mount(self) -> None:
        self._explain()

    def on_resize(self, event: Resize) -> None:
        self._explain(event.size)

    def _explain(self, size: Size | None = None) -> None:
        width, height = size or self.app.size
        need_width, need_height = self.minimum
        self.query_one(Static).update(
            f"Make the window at least {need_width}x{need_height} characters "
            f"(it is {width}x{height} now). The game waits until it fits."
        )
