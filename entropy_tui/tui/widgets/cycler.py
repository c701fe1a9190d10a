"""A value picked from a short list by stepping through it: Left/Right (or Space, or a click)
move to the previous or next value. Lighter than a drop-down, and as quick from the keyboard."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class Cycler(Widget, can_focus=True):
    DEFAULT_CSS = """
    Cycler { height: 1; width: auto; padding: 0 1; background: $boost; }
    Cycler:focus { background: $accent 40%; text-style: bold; }
    """
    BINDINGS: ClassVar = [
        Binding("left", "step(-1)", "Previous", show=False),
        Binding("right,space", "step(1)", "Next", show=False),
    ]
    index: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, cycler: Cycler) -> None:
            super().__init__()
            self.cycler = cycler

    def __init__(
        self, choices: list[tuple[str, str]], value: str, *, classes: str | None = None
    ) -> None:
        """`choices` are (label, value) pairs."""
        super().__init__(classes=classes)
        self.choices = choices
        self.set_reactive(Cycler.index, [v for _, v in choices].index(value))

    @property
    def value(self) -> str:
        return self.choices[self.index][1]

    def render(self) -> Content:
        return Content(f"< {self.choices[self.index][0]} >")

    def action_step(self, step: int) -> None:
        self.index = (self.index + step) % len(self.choices)
        self.post_message(self.Changed(self))

    def on_click(self) -> None:
        self.action_step(1)
