"""A bordered widget whose title changes often (whose console a panel shows, a note on the
prompt): setting `border_title` repaints the whole widget, forty rows of a panel for a name;
`retitle` repaints the top border row alone, where the title is drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from textual.containers import VerticalScroll
from textual.geometry import Region
from textual.widget import Widget

# The type checker reads the mixin as the Widget it is mixed into; at run time it is no Widget.
if TYPE_CHECKING:
    _MixedIntoWidget = Widget
else:
    _MixedIntoWidget = object


class Retitled(_MixedIntoWidget):
    """Mixed into a bordered widget (or container) whose title is set with `retitle`. Not a
    Widget itself, so that the widget's styles still come from its own Widget bases."""

    _retitling = False

    def retitle(self, title: str) -> None:
        if self.border_title == title:
            return
        self._retitling = True
        try:
            self.border_title = title  # asks for a repaint of the whole widget, refused below
        finally:
            self._retitling = False
        # Regions are given from the content's corner: the top border row lies above it.
        offset = self.content_offset
        self.refresh(Region(-offset.x, -offset.y, self.outer_size.width, 1))

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if self._retitling:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class RetitledScroll(Retitled, VerticalScroll):
    """A scrolling panel whose title follows what it shows."""
