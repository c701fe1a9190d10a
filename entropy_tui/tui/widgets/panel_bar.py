"""In the compact layout one panel shows at a time: this bar names them, with their keys."""

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


class PanelBar(Static):
    _current: str | None = None

    def show(self, current: str) -> None:
        if current == self._current:
            return
        first, self._current = self._current is None, current
        tabs = []
        for panel, (key, label) in PANELS.items():
            text = f" {key}:{label} "
            style = "reverse bold" if panel == current else ""
            tabs.append(Content.styled(text, f"{style} @click=screen.panel('{panel}')".strip()))
        self.update(Content("").join(tabs), layout=first)  # same labels after: same width
