"""The numbered options of a decision, one highlighted. It draws only the lines in view and
never changes size, so a new decision repaints the prompt without a new screen layout (a
scrolling list would ask for one at every decision). Moving the highlight repaints the two
options it leaves and reaches."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message

from ..draw import wrap
from .line_view import LineView


@dataclass(frozen=True, slots=True)
class Choice:
    """An option as the prompt shows it."""

    number: int
    id: str
    label: str
    enabled: bool
    reason: str


class OptionsView(LineView, can_focus=True):
    DEFAULT_CSS = """
    OptionsView { height: 1fr; }
    OptionsView > .options--highlight { background: $block-cursor-blurred-background; }
    OptionsView:focus > .options--highlight {
        background: $block-cursor-background;
        color: $block-cursor-foreground;
        text-style: bold;
    }
    """
    COMPONENT_CLASSES: ClassVar = {"options--highlight"}
    BINDINGS: ClassVar = [
        Binding("up", "move(-1)", "Previous option", show=False),
        Binding("down", "move(1)", "Next option", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home", "move(-1000)", show=False),
        Binding("end", "move(1000)", show=False),
        Binding("enter", "select", "Choose", show=False),
    ]

    class Selected(Message):
        """An option was picked (Enter or a click); it may be disabled."""

        def __init__(self, choice: Choice) -> None:
            super().__init__()
            self.choice = choice

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: tuple[Choice, ...] = ()
        self.highlighted: int | None = None
        self._top = 0  # first line in view
        self._lines: list[tuple[int, bool, Content]] = []  # (option, first line?, line)
        self._width = 0

    # ------------------------------------------------------------------ data
    def set_choices(self, choices: tuple[Choice, ...]) -> None:
        self.choices = choices
        self.highlighted = next((i for i, c in enumerate(choices) if c.enabled), None)
        self._top = 0
        self._width = 0  # lay the lines out again
        self.repaint_lines()

    def highlight(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.highlighted = index
            self._scroll_to_highlight()
            self.repaint_lines()

    # ------------------------------------------------------------------ drawing
    def _layout(self, width: int) -> list[tuple[int, bool, Content]]:
        if width != self._width:
            self._width = width
            count = len(self.choices)
            self._lines = [
                line
                for index, choice in enumerate(self.choices)
                for line in _lines(choice, index, count, width - 1)  # 1 for the ">" gutter
            ]
        return self._lines

    def _scroll_to_highlight(self) -> None:
        lines = self._layout(self.size.width)
        rows = [row for row, (index, _, _) in enumerate(lines) if index == self.highlighted]
        height = max(self.size.height, 1)
        if rows:
            if rows[0] < self._top:
                self._top = rows[0]
            elif rows[-1] >= self._top + height:
                self._top = rows[-1] - height + 1

    def lines(self, size: Size) -> list[Content]:
        width, height = size
        lines = self._layout(width)
        shown = lines[self._top : self._top + height]
        more = len(lines) - self._top - height
        highlight = self.get_visual_style("options--highlight")
        out = []
        for index, first, line in shown:
            if index == self.highlighted:
                # A ">" as well as the colours: the highlight shows without colour too.
                line = Content(">" if first else " ") + line
                line = line.pad_right(width - line.cell_length).stylize(highlight)
            else:
                line = Content(" ") + line
            out.append(line)
        if more > 0 and out:
            out[-1] = Content.styled(f"  ... {more} more lines: Down or PgDn", "italic")
        return out

    # ------------------------------------------------------------------ keys and mouse
    def action_move(self, step: int) -> None:
        """Moves `step` enabled options on (as far as there are); disabled ones are passed
        over, their reason being already on screen."""
        if self.highlighted is None:
            return
        direction = 1 if step > 0 else -1
        enabled = [i for i, c in enumerate(self.choices) if c.enabled]
        ahead = [i for i in enabled if (i - self.highlighted) * direction > 0]
        if ahead:
            ahead.sort(key=lambda i: abs(i - self.highlighted))
            self.highlight(ahead[min(abs(step), len(ahead)) - 1])

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(self.size.height // 3, 1))

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self.choices[self.highlighted]))

    def on_click(self, event: events.Click) -> None:
        row = self._top + event.y
        if 0 <= row < len(self._lines):
            index = self._lines[row][0]
            self.highlight(index)
            self.post_message(self.Selected(self.choices[index]))

    def on_mouse_scroll_down(self) -> None:
        self._top = min(self._top + 1, max(len(self._lines) - self.size.height, 0))
        self.repaint_lines()

    def on_mouse_scroll_up(self) -> None:
        self._top = max(self._top - 1, 0)
        self.repaint_lines()

    def on_resize(self) -> None:
        self._width = 0
        self._scroll_to_highlight()


def _lines(choice: Choice, index: int, count: int, width: int) -> list[tuple[int, bool, Content]]:
    """An option's lines: its number, its label wrapped, and why not when it is disabled."""
    digits = len(str(count))
    indent = " " * (digits + 1)
    text = wrap(choice.label, max(width - digits - 1, 10)) or [""]
    number = Content.styled(f"{choice.number:>{digits}} ", "bold")
    style = "" if choice.enabled else "dim"
    lines = [number + Content.styled(text[0], style)]
    lines += [Content(indent) + Content.styled(more, style) for more in text[1:]]
    if not choice.enabled:
        why = wrap(f"(not possible: {choice.reason})", max(width - digits - 1, 10))
        lines += [Content(indent) + Content.styled(line, "dim italic") for line in why]
    return [(index, row == 0, line) for row, line in enumerate(lines)]
