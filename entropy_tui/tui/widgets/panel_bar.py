"""In the compact layout one panel shows at a time (in the medium one, one beside the board): this
bar names them with their keys, and the page of the one showing ("2/3": its key again pages).
Where the top line is short of room, the bar names only the panel showing, and gives the others
their keys alone: the names go before anything the status bar says."""

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


def named_width() -> int:
    """The columns the bar takes with every panel named (the widest it can be)."""
    return sum(len(f" {key}:{label} ") for key, label in PANELS.values()) + PAGE_ROOM


class PanelBar(Static):
    _shown: tuple[str, tuple[int, int], bool] | None = None
    _width = 0
    short = False  # the other panels by their keys alone

    def set_short(self, short: bool) -> None:
        if short != self.short:
            self.short = short
            self._width = 0  # the other form's width is no floor for this one
            if self._shown is not None:
                current, page, _ = self._shown
                self.show(current, page)

    def show(self, current: str, page: tuple[int, int]) -> None:
        """`page`: (page, pages) of the current panel."""
        if (current, page, self.short) == self._shown:
            return
        self._shown = current, page, self.short
        tabs = []
        for panel, (key, label) in PANELS.items():
            action = f"@click=screen.panel('{panel}')"
            if panel != current:
                tabs.append(
                    Content.styled(f" {key} " if self.short else f" {key}:{label} ", action)
                )
                continue
            count = f"{page[0]}/{page[1]} " if page[1] > 1 else ""
            tabs.append(Content.styled(f" {key}:{label} {count}", f"reverse bold {action}"))
            tabs.append(Content(" " * max(0, PAGE_ROOM - len(count))))
        content = Content("").join(tabs)
        # Never narrower than it has been: a new width lays the screen out again.
        grew = content.cell_length > self._width
        self._width = max(self._width, content.cell_length)
        self.update(Content(" " * (self._width - content.cell_length)) + content, layout=grew)
