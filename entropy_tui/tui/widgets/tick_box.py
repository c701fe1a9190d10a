"""A checkbox whose mark, not only its colour, says whether it is ticked: [X] or [ ]."""

from __future__ import annotations

from textual.widgets import Checkbox


class TickBox(Checkbox):
    BUTTON_LEFT = "["
    BUTTON_RIGHT = "]"

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]
        return "X" if self.value else " "
