"""In the compact layout one panel shows at a time (in the medium one, one beside the board): this
bar names them with their keys, and the page of the one showing ("2/3": its key again pages)."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

# panel id -> (key, label)
PANELS: dict[str, tuple[str, str]] = {
    "rondel": ("b", "Board"),
    "offers": ("o", "Offers"),
    "console": ("c", "Console"),
    "opponents": ("p", "Players"),
    "log": ("l", "Log"),
}


# Room kept from the start for the page count of the panel shown ("2/3 "): it appears once the
# panels are laid out, and a wider bar would lay the screen out again just after the first frame.
PAGE_ROOM = len("9/9 ")


class PanelBar(Static):
    _shown: tuple[str, tuple[int, int]] | None = None
    _width = 0

    def show(self, current: str, page: tuple[int, int]) -> None:
        """`page`: (page, pages) of the current panel."""
        if (current, page) == self._shown:
            return
        self._shown = current, page
        tabs = []
        for panel, (key, label) in PANELS.items():
            text = f" {key}:{label} "
            style = ""
            if panel == current:
                style = "reverse bold"
                if page[1] > 1:
                    text = f" {key}:{label} {page[0]}/{page[1]} "
            tabs.append(Content.styled(text, f"{style} @click=screen.panel('{panel}')".strip()))
        content = Content("").join(tabs)
        # Never narrower than it has been: a new width lays the screen out again, and a page
        # count coming and going ("2/3") would do it at every other decision.
        grew = content.cell_length > self._width
        self._width = max(self._width, content.cell_length + (PAGE_ROOM if page[1] <= 1 else 0))
        self.update(Content(" " * (self._width - content.cell_length)) + content, layout=grew)
