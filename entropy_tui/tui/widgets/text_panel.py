"""A block of text that redraws only when the data it was drawn from changes, and asks for a new
layout (costly: the whole screen is measured again) only when its height changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.content import Content
from textual.widgets import Static


class TextPanel(Static):
    DEFAULT_CSS = "TextPanel { height: auto; }"

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._key: object = object()  # equal to nothing, so the first redraw happens

    def redraw(self, key: object, draw: Callable[[], Sequence[Content]]) -> bool:
        """Redraws from `draw()` unless `key` equals the last one; True if it redrew."""
        if key == self._key:
            return False
        self._key = key
        content = Content("\n").join(draw())
        width = self.content_region.width
        same_height = bool(width) and content.get_height(self.styles, width) == (
            self.content_region.height
        )
        self.update(content, layout=not same_height)
        return True
