"""A block of text that redraws only when the data it was drawn from changes, then repaints only
the rows that changed, and asks for a new layout (costly: the whole screen is measured and
repainted again) only when its height changes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Self

from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget


class TextPanel(Widget):
    DEFAULT_CSS = "TextPanel { height: auto; }"

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, grow_only: bool = False
    ) -> None:
        """`grow_only`: the height never shrinks (at one width), so that content whose length
        goes up and down (one seat's Console, then another's) keeps the layout still."""
        super().__init__(id=id, classes=classes)
        self._key: object = object()  # equal to nothing, so the first redraw happens
        self._content = Content("")
        self._rows: list[Strip] = []  # _content drawn at _rows_width (0: to draw again)
        self._rows_width = 0
        self._grow_only = grow_only
        self._tallest = (0, 0)  # (width, rows): the most rows drawn at that width

    def redraw(self, key: object, draw: Callable[[], Sequence[Content]]) -> bool:
        """Redraws from `draw()` unless `key` equals the last one; True if it redrew."""
        if key == self._key:
            return False
        self._key = key
        self._content = Content("\n").join(draw())
        width = self.size.width
        if not width:  # not laid out yet
            self.refresh(layout=True)
            return True
        old = self._rows if width == self._rows_width else None
        tallest = self._tallest[1] if self._tallest[0] == width else 0
        new = self._draw(width)
        if self._grow_only:
            relayout = len(new) > tallest
        else:
            relayout = len(new) != (self.size.height if old is None else len(old))
        if relayout or old is None:
            self.refresh(layout=relayout)
            self._rows_width = width  # the rows just drawn are good
        else:
            changed = [y for y in range(max(len(old), len(new))) if _row(old, y) != _row(new, y)]
            if changed:
                self.refresh(*_runs(changed, width))
        return True

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if repaint and not regions:
            self._rows_width = 0  # restyled, selected or redrawn whole: draw the rows again
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._rows_width = 0

    def render(self) -> Content:
        return self._content  # measures the content; the rows come from render_line

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        height = super().get_content_height(container, viewport, width)
        if self._grow_only and self._tallest[0] == width:
            return max(height, self._tallest[1])
        return height

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self._rows if width == self._rows_width else self._draw(width)
        if y < len(rows):
            return rows[y]
        return Strip.blank(width, self.visual_style.rich_style)

    def _draw(self, width: int) -> list[Strip]:
        self._rows = Visual.to_strips(self, self._content, width, None, self.visual_style)
        self._rows_width = width
        most = self._tallest[1] if self._tallest[0] == width else 0
        self._tallest = (width, max(most, len(self._rows)))
        return self._rows


def _row(rows: list[Strip], y: int) -> Strip | None:
    return rows[y] if y < len(rows) else None


def _runs(rows: list[int], width: int) -> list[Region]:
    """Ascending row numbers as regions of consecutive rows."""
    regions: list[Region] = []
    for y in rows:
        if regions and regions[-1].bottom == y:
            last = regions[-1]
            regions[-1] = Region(0, last.y, width, last.height + 1)
        else:
            regions.append(Region(0, y, width, 1))
    return regions
