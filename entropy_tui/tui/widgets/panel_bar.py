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


# Room kept after the panel shown for its page count ("2/3 "), so that the names stay where they
# are when a count appears or goes: it comes once the panels are laid out, and changes with them.
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
            action = f"@click=screen.panel('{panel}')"
            if panel != current:
                tabs.append(Content.styled(f" {key}:{label} ", action))
                continue
            count = f"{page[0]}/{page[1]} " if page[1] > 1 else ""
            tabs.append(Content.styled(f" {key}:{label} {count}", f"reverse bold {action}"))
            tabs.append(Content(" " * max(0, PAGE_ROOM - len(count))))
        content = Content("").join(tabs)
        # Never narrower than it has been: a new width lays the screen out again.
        grew = content.cell_length > self._width
        self._width = max(self._width, content.cell_length)
        self.update(Content(" " * (self._width - content.cell_length)) + content, layout=grew)
