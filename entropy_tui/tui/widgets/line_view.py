"""A widget drawn row by row (Textual's Line API) from lines of Content. Each line's screen rows
are kept between frames, so drawing again after a change costs a look-up for every line that
stayed the same, and only the rows that differ are repainted.

Lines carry no links or actions (`@click`): each is rendered by its Content alone, without the
pass Textual makes over every row to style links (a third of the time a line takes to draw).

A line may also come in pieces side by side (a tuple of Contents, never wrapped: the rondel's
ring, a row of cells): each piece keeps its row, so a changed cell draws that cell alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self, cast

from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.css.styles import RulesMap

CACHED_LINES = 1024  # more than any panel shows; the log's older lines fall out
# The style rules Content reads to set a line in its rows (those left unset read as unset).
WRAP_RULES = ("text_align", "text_overflow", "line_pad")
EMPTY = (Content(""),)  # no lines draw as one blank row, as an empty Content does

Line = Content | tuple[Content, ...]  # one Content, or pieces side by side


def joined(line: Line) -> Content:
    """The line as one Content."""
    return Content("").join(line) if isinstance(line, tuple) else line


class LineView(Widget):
    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._rows: list[Strip] = []
        self._rows_size = Size(0, 0)  # the size _rows were drawn at; (0, 0): draw them again
        self._strips: LRUCache[tuple[object, ...], list[Strip]] = LRUCache(CACHED_LINES)
        self._strips_for: tuple[int, Style, str] | None = None  # (width, style, theme) of _strips
        # A piece's row, by its look.
        self._pieces: LRUCache[tuple[object, ...], Strip] = LRUCache(CACHED_LINES)
        self._pieces_for: tuple[Style, str] | None = None  # the (style, theme) of _pieces
        # Rows as handed to the compositor (padded to the width, filtered), by the row each was
        # made from (its id, the row kept with it), for the width, fill and filters of _shown_for.
        self._shown: dict[int, tuple[Strip, Strip]] = {}
        self._shown_for: tuple[object, ...] | None = None

    def lines(self, size: Size) -> Sequence[Line]:
        """The lines to show at this size; the widget's rows are these lines, wrapped."""
        raise NotImplementedError

    def repaint_lines(self) -> None:
        """Draws the lines again and repaints what changed: the rows that differ, or everything
        (with a new layout too if `_relayout` says so)."""
        size = self.size
        if not size.width:  # not laid out yet
            self.refresh(layout=self._relayout(None, 0))
            return
        old = self._rows if size == self._rows_size else None
        new = self._draw(size)
        relayout = self._relayout(old, len(new))
        if relayout or old is None:
            self.refresh(layout=relayout)
            self._rows_size = size  # the rows just drawn are good
        else:
            changed = [y for y in range(max(len(old), len(new))) if _changed(old, new, y)]
            if changed:
                self.refresh(*_runs(changed, size.width))

    def _relayout(self, old: list[Strip] | None, rows: int) -> bool:
        """Whether `rows` rows, after `old` (None: not drawn at this size, or not laid out
        yet), need a new layout (which measures and repaints the whole screen). Fixed-size
        widgets never do."""
        return False

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if repaint and not regions:
            self._rows_size = Size(0, 0)  # restyled, selected or redrawn whole: draw again
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        """Textual restyles a widget and all it holds whenever one of them gains or loses the
        focus: the rows are put together again, but each line's rows are kept as long as they
        were drawn in the same style and theme (whose $variables the lines' styles may name),
        so that moving the focus to a panel does not draw its every line anew."""
        super().notify_style_update()
        self._rows_size = Size(0, 0)

    def render(self) -> Content:
        """The lines in one, for measuring and for selecting text; the rows come from
        render_line."""
        return Content("\n").join(joined(line) for line in self.lines(self.size))

    def render_line(self, y: int) -> Strip:
        size = self.size
        rows = self._rows if size == self._rows_size else self._draw(size)
        if y < len(rows):
            return rows[y]
        return Strip.blank(size.width, self.visual_style.rich_style)

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows in `crop`. Without a border, padding or effects of its own, what Textual's
        styles cache adds to a row is its background to the full width and the app's filters:
        done here, the compositor gets every row at a look-up's cost instead of the cache's
        general pass over each row that changed (a third of a frame's rendering). A frame
        renders every widget over the whole box around what changed, so most rows asked for
        are the very rows handed over last time: those are handed over again as they were."""
        styles = self.styles
        if (
            styles.border
            or styles.outline
            or any(styles.padding)
            or self.opacity != 1.0
            or styles.text_opacity != 1.0
            or styles.tint.a
            or styles.has_rule("hatch")
        ):
            return super().render_lines(crop)
        size = self.size
        width = size.width
        rows = self._rows if size == self._rows_size else self._draw(size)
        base_background, background = self.background_colors
        fill = Style(background=base_background + background).rich_style
        filters = tuple(self.get_line_filters())
        shown_for = (width, fill, filters, background)
        if shown_for != self._shown_for:
            self._shown_for = shown_for
            self._shown = {}
        shown = self._shown
        blank = Strip.blank(width, self.visual_style.rich_style)
        if len(shown) > CACHED_LINES:  # rows of long ago
            shown.clear()
        strips = []
        for y in crop.line_range:
            row = rows[y] if y < len(rows) else blank
            kept = shown.get(id(row))
            if kept is not None and kept[0] is row:
                strips.append(kept[1])
                continue
            strip = row.adjust_cell_length(width, fill)
            for line_filter in filters:
                strip = strip.apply_filter(line_filter, background)
            shown[id(row)] = (row, strip)
            strips.append(strip)
        if crop.column_span != (0, width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    def _draw(self, size: Size) -> list[Strip]:
        lines = self.lines(size) or EMPTY
        width, style = size.width, self.visual_style
        if self.text_selection is not None:  # a selection spans lines: draw them together
            whole = Content("\n").join(joined(line) for line in lines)
            rows = Visual.to_strips(self, whole, width, None, style)
        else:
            rows = []
            for line in lines:
                rows += self._kept_strips(line, width, style)
        self._rows, self._rows_size = rows, size
        return rows

    def _kept_strips(self, line: Line, width: int, style: Style) -> list[Strip]:
        """The line's rows at this width, from the cache when it was drawn before."""
        drawn_for = (width, style, self.app.theme)
        if self._strips_for != drawn_for:
            self._strips.clear()
            self._strips_for = drawn_for
        if isinstance(line, tuple):
            keys = tuple(_key(piece) for piece in line)
            strips = self._strips.get(keys)
            if strips is None:
                row, x = [], 0
                for piece, key in zip(line, keys, strict=True):
                    # Each piece's cells know their column in the line (as text selection
                    # reads them), as if the line had been drawn whole.
                    row.append(self._piece(piece, key, style).apply_offsets(x, 0))
                    x += piece.cell_length
                strips = [Strip.join(row)]
                self._strips.set(keys, strips)
            return strips
        key = _key(line)
        strips = self._strips.get(key)
        if strips is None:
            strips = self._line_strips(line, width, style)
            self._strips.set(key, strips)
        return strips

    def _piece(self, piece: Content, key: tuple[object, ...], style: Style) -> Strip:
        """A piece's row, drawn at its own width (a piece never wraps)."""
        drawn_for = (style, self.app.theme)
        if self._pieces_for != drawn_for:
            self._pieces.clear()
            self._pieces_for = drawn_for
        strip = self._pieces.get(key)
        if strip is None:
            rows = self._line_strips(piece, max(piece.cell_length, 1), style)
            strip = Strip.join(rows)
            self._pieces.set(key, strip)
        return strip

    def rows_at(self, width: int) -> int:
        """How many rows the lines take at this width (for lines that do not depend on the
        height): counted from the rows drawn, instead of measuring the text again."""
        style = self.visual_style
        return sum(
            len(self._kept_strips(line, width, style))
            for line in self.lines(Size(width, 0)) or EMPTY
        )

    def _line_strips(self, line: Content, width: int, style: Style) -> list[Strip]:
        """One line's screen rows: the line wrapped to the width. A line that fits is drawn
        as one row without looking for where to wrap it (a third of the time a line takes)."""
        styles = self.styles
        # Textual hands a widget's styles over as its rules (they read like a RulesMap), as here.
        rules = cast("RulesMap", styles)
        if line.cell_length <= width and "\n" not in line.plain:
            nowrap = {rule: styles.get(rule) for rule in WRAP_RULES} | {"text_wrap": "nowrap"}
            rules = cast("RulesMap", nowrap)
        return line.render_strips(width, None, style, RenderOptions(self._get_style, rules))


def _key(line: Content) -> tuple[object, ...]:
    return (line.plain, tuple(line.spans))  # Content compares its text only


def _changed(old: list[Strip], new: list[Strip], y: int) -> bool:
    """Whether row `y` differs; a row kept from the last drawing is the very same Strip."""
    if y >= len(old) or y >= len(new):
        return True
    return old[y] is not new[y] and old[y] != new[y]


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
