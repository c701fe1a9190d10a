"""A block of text that redraws only when the data it was drawn from changes, then repaints only
the rows that changed, and asks for a new layout (costly: the whole screen is measured and
repainted again) only when its height changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip

from .line_view import LineView

# A grow-only panel grows by whole steps of this many rows: growing lays the screen out again
# (two frames, about 25 ms), so it should happen seldom; the price is a few blank rows at the end.
GROWTH_STEP = 12


class TextPanel(LineView):
    DEFAULT_CSS = "TextPanel { height: auto; }"

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, grow_only: bool = False
    ) -> None:
        """`grow_only`: the height never shrinks (at one width) and grows by GROWTH_STEP rows,
        so that content whose length goes up and down (one seat's Console, then another's)
        keeps the layout still."""
        super().__init__(id=id, classes=classes)
        self._key: object = object()  # equal to nothing, so the first redraw happens
        self._lines: Sequence[Content] = ()
        self._grow_only = grow_only
        self._tallest = (0, 0)  # (width, rows): the most rows drawn at that width
        self._grew = False  # the last drawing had more rows than any before at its width

    def redraw(self, key: object, draw: Callable[[], Sequence[Content]]) -> bool:
        """Redraws from `draw()` unless `key` equals the last one; True if it redrew."""
        if key == self._key:
            return False
        self._key = key
        self._lines = draw()
        self.repaint_lines()
        return True

    def lines(self, size: Size) -> Sequence[Content]:
        return self._lines

    def _relayout(self, old: list[Strip] | None, rows: int) -> bool:
        if not self.size.width:  # not laid out yet: its height is not known
            return True
        if self._grow_only:
            return self._grew
        return rows != (self.size.height if old is None else len(old))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        if self._grow_only and self._tallest[0] == width:
            return max(height, self._tallest[1])
        return height

    def _draw(self, size: Size) -> list[Strip]:
        rows = super()._draw(size)
        most = self._tallest[1] if self._tallest[0] == size.width else 0
        self._grew = len(rows) > most
        if self._grew:
            most = -(-len(rows) // GROWTH_STEP) * GROWTH_STEP
        self._tallest = (size.width, most)
        return rows
