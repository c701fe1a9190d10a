"""The game screen's containers that only arrange panels. A frame renders every widget under the
box around what changed, these too, though their panels cover them (all but a few columns at the
smallest size): each row of theirs is drawn here as the blank row of their background that
Textual's styles cache would work out for it, at a fraction of the cost."""

from __future__ import annotations

from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget


class Arranging:
    """Mixed into a container (not a Widget itself, so that its styles still come from the
    container's own bases)."""

    def render_lines(self: Widget, crop: Region) -> list[Strip]:
        if self.styles.border or any(self.styles.padding) or self.opacity != 1.0:
            return super().render_lines(crop)  # type: ignore[misc]
        base_background, background = self.background_colors
        blank = Strip.blank(crop.width, Style(background=base_background + background).rich_style)
        for line_filter in self.get_line_filters():
            blank = blank.apply_filter(line_filter, background)
        return [blank] * crop.height


class Row(Arranging, Horizontal):
    pass


class Column(Arranging, Vertical):
    pass
