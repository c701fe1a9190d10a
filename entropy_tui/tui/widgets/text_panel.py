"""A block of text that redraws only when the data it was drawn from changes, then repaints only
the rows that changed, and asks for a new layout (costly: the whole screen is measured and
repainted again) only when its height changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip
from textual.style import Style

from entropy_tui.tui.widgets.line_view import Line, LineView

# A grow-only panel grows by whole steps of this many rows: growing lays the screen out again
# (two frames, about 25 ms), so it should happen seldom; the price is a few blank rows at the end.
GROWTH_STEP = 12
HANG = 2  # a wrapped line goes on this much further in than its own start
NARROWEST = 20  # below this width left for it, a wrapped line is not set in


class TextPanel(LineView):
    DEFAULT_CSS = "TextPanel { height: auto; }"
    HANGING = False  # a line that wraps goes on set in under its start, so entries stand out

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, grow_only: bool = False
    ) -> None:
        """`grow_only`: the height never shrinks (at one width) and grows by GROWTH_STEP rows,
        so that content whose length goes up and down (one seat's Console, then another's)
        keeps the layout still."""
        super().__init__(id=id, classes=classes)
        self._key: object = object()  # equal to nothing, so the first redraw happens
        self._lines: Sequence[Line] = ()
        self._grow_only = grow_only
        self._tallest = (0, 0)  # (width, rows): the most rows drawn at that width
        self._grew = False  # the last drawing had more rows than any before at its width

    def redraw(self, key: object, draw: Callable[[], Sequence[Line]]) -> bool:
        """Redraws from `draw()` unless `key` equals the last one; True if it redrew."""
        if key == self._key:
            return False
        self._key = key
        self._lines = draw()
        self.repaint_lines()
        return True

    def lines(self, size: Size) -> Sequence[Line]:
        return self._lines

    def _relayout(self, old: list[Strip] | None, rows: int) -> bool:
        if not self.size.width:  # not laid out yet: its height is not known
            return True
        if self._grow_only:
            return self._grew
        return rows != (self.size.height if old is None else len(old))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not width or self.text_selection is not None:
            height = super().get_content_height(container, viewport, width)
        else:  # each layout asks every panel: the rows drawn are counted, not measured again
            height = self.rows_at(width)
        if self._grow_only and self._tallest[0] == width:
            return max(height, self._tallest[1])
        return height

    def _line_strips(self, line: Content, width: int, style: Style) -> list[Strip]:
        strips = super()._line_strips(line, width, style)
        if not self.HANGING or len(strips) == 1:
            return strips
        text = line.plain
        indent = len(text) - len(text.lstrip(" ")) + HANG
        if width - indent < NARROWEST:
            return strips
        first = line.wrap(width)[0].plain.rstrip(" ")
        rest = line[len(first) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
        margin = Strip.blank(indent, style.rich_style)
        wrapped = super()._line_strips(rest, width - indent, style)
        return strips[:1] + [Strip.join([margin, strip]) for strip in wrapped]

    def _draw(self, size: Size) -> list[Strip]:
        rows = super()._draw(size)
        most = self._tallest[1] if self._tallest[0] == size.width else 0
        self._grew = len(rows) > most
        if self._grew:
            most = -(-len(rows) // GROWTH_STEP) * GROWTH_STEP
        self._tallest = (size.width, most)
        return rows
