"""The numbered options of a decision, one highlighted. It draws only the lines in view and
never changes size, so a new decision repaints the prompt without a new screen layout (a
scrolling list would ask for one at every decision). Moving the highlight repaints the two
options it leaves and reaches. Lines about the decision (a recap of the turn) can head the
options, in the same rows: they come and go without a layout either.

What Enter takes is always in view: the list scrolls so that the highlighted option, its
reason included, sits clear of the "more lines" notes at either edge, and the highlight visits
every option (a disabled one shows why it is not possible), so every reason can be brought
into view from the keyboard."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message

from entropy_tui.tui.draw import wrap
from entropy_tui.tui.widgets.line_view import LineView


@dataclass(frozen=True, slots=True)
class Choice:
    """An option as the prompt shows it."""

    number: int
    id: str
    label: str
    enabled: bool
    reason: str


@dataclass(frozen=True, slots=True)
class Window:
    """What the notes at the edges say: a note in the first row when lines are above, in the
    last row when lines are below, unless the highlighted option needs that row. A note hides
    the line of its row too, so it always stands for two lines or more."""

    above: int  # lines hidden above (0: no note at the top)
    below: int  # lines hidden below (0: no note at the bottom)


HEADER_ROWS = 4  # at most: a long turn's account is cut, the options keep the rest
QUESTION_ROWS = 3  # at most, for the question
HINT_ROWS = 2  # at most, for the hint
ITEM_END = "; "  # between two items of a turn's account
MORE_ITEMS = "; …"  # where the items that did not fit would follow


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
        """An option was picked (Enter or a click); it may be disabled. `generation` tells
        which set of choices it was picked from: another may have come before it arrives."""

        def __init__(self, choice: Choice, generation: int) -> None:
            super().__init__()
            self.choice = choice
            self.generation = generation

    class Moved(Message):
        """The person moved the highlight (keys or the mouse wheel)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: tuple[Choice, ...] = ()
        self.highlighted: int | None = None
        self.generation = 0  # how many times the choices were set
        self._top = 0  # first line in view
        self._lines: list[tuple[int, bool, Content]] = []  # (option, first line?, line)
        self._width = 0
        self._question: Sequence[Content] = ()  # what is asked, first of all
        self._hint: Sequence[Content] = ()  # the expert's hint, under the question
        self._header: Sequence[Content] = ()  # lines above the options (see set_choices)
        self._cut_header = False
        self._header_rows: list[Content] = []  # the header as drawn at _width

    # ------------------------------------------------------------------ data
    def set_choices(
        self,
        choices: tuple[Choice, ...],
        header: Sequence[Content] = (),
        *,
        cut: bool = False,
        question: Content | None = None,
    ) -> None:
        """`question`: what is asked, in at most QUESTION_ROWS rows on top; `header`: lines
        shown under it, above the options, in at most HEADER_ROWS rows, each line wrapped, or
        if `cut` given its share of the rows; a line that does not fit ends after its last
        whole item (see whole_items). The hint (set_hint) is dropped."""
        self._question = () if question is None else (question,)
        self._hint = ()
        self._header, self._cut_header = header, cut
        self.choices = choices
        self.generation += 1
        first = next((i for i, c in enumerate(choices) if c.enabled), 0)
        self.highlighted = first if choices else None
        self._top = 0
        self._width = 0  # lay the lines out again
        self._scroll_to_highlight()
        self.repaint_lines()

    def set_hint(self, hint: Content | None) -> None:
        """A line under the question (its rows taken from the options'), or none."""
        hint_lines = () if hint is None else (hint,)
        if [line.markup for line in hint_lines] == [line.markup for line in self._hint]:
            return
        self._hint = hint_lines
        self._width = 0  # lay the lines out again
        self._scroll_to_highlight()
        self.repaint_lines()

    def highlight(self, index: int) -> None:
        if 0 <= index < len(self.choices):
            self.highlighted = index
            self._scroll_to_highlight()
            self.repaint_lines()

    @property
    def window(self) -> Window:
        """What is in view now."""
        lines = self._layout(self.size.width)
        return self._window(self._top, lines, self._options_height)

    @property
    def _options_height(self) -> int:
        """Rows for the options: what the header leaves."""
        if not self.size.height:
            return 0
        return max(self.size.height - len(self._header_rows), 1)

    # ------------------------------------------------------------------ drawing
    def _layout(self, width: int) -> list[tuple[int, bool, Content]]:
        if width != self._width:
            self._width = width
            count = len(self.choices)
            # The question and the hint head the options in their rows, as the recap does:
            # a widget of their own would lay the screen out whenever their height changed.
            header: list[Content] = []
            for number, line in enumerate(self._header):
                # Cut: the rows left shared by the lines left; else wrapped in what is left.
                left = HEADER_ROWS - len(header)
                rows = max(left // (len(self._header) - number), 1) if self._cut_header else left
                header += whole_items(line, width, rows)[:left]
            self._header_rows = [
                *[row for line in self._question for row in line.wrap(width)][:QUESTION_ROWS],
                *[row for line in self._hint for row in line.wrap(width)][:HINT_ROWS],
                *header,
            ]
            self._lines = [
                line
                for index, choice in enumerate(self.choices)
                for line in _lines(choice, index, count, width - 1)  # 1 for the ">" gutter
            ]
        return self._lines

    def _highlight_rows(self, lines: list[tuple[int, bool, Content]]) -> range:
        rows = [row for row, (index, _, _) in enumerate(lines) if index == self.highlighted]
        return range(rows[0], rows[-1] + 1) if rows else range(0)

    def _window(self, top: int, lines: list[tuple[int, bool, Content]], height: int) -> Window:
        rows = self._highlight_rows(lines)
        above = top > 0 and (not rows or rows.start > top)
        below = top + height < len(lines) and (not rows or rows.stop < top + height)
        return Window(top + 1 if above else 0, len(lines) - (top + height - 1) if below else 0)

    def _scroll_to_highlight(self) -> None:
        """Scrolls as little as it takes to show the whole highlighted option clear of the
        notes; an option taller than the view is shown from its first line."""
        if not self.size.height:
            return  # not laid out yet: on_resize comes back here
        lines = self._layout(self.size.width)
        rows = self._highlight_rows(lines)
        height = self._options_height
        last_top = max(len(lines) - height, 0)
        if not rows:
            self._top = min(self._top, last_top)
            return

        def clear(top: int) -> bool:  # of the notes this top would draw
            first = top + (1 if top > 0 else 0)
            end = top + height - (1 if top + height < len(lines) else 0)
            return first <= rows.start and rows.stop <= end

        def inside(top: int) -> bool:  # the notes giving way to it
            return top <= rows.start and rows.stop <= top + height

        tops = range(last_top + 1)
        fitting = [top for top in tops if clear(top)] or [top for top in tops if inside(top)]
        if fitting:
            self._top = min(fitting, key=lambda top: abs(top - self._top))
        else:
            self._top = min(rows.start, last_top)

    def lines(self, size: Size) -> list[Content]:
        width = size.width
        lines = self._layout(width)
        height = max(size.height - len(self._header_rows), 1)
        window = self._window(self._top, lines, height)
        highlight = self.get_visual_style("options--highlight")
        out = []
        for index, first, line in lines[self._top : self._top + height]:
            if index == self.highlighted:
                # A ">" as well as the colours: the highlight shows without colour too.
                line = Content(">" if first else " ") + line
                line = line.pad_right(width - line.cell_length).stylize(highlight)
            else:
                line = Content(" ") + line
            out.append(line)
        if window.above and out:
            out[0] = _more(window.above, "above: Up or PgUp")
        if window.below and out:
            out[-1] = _more(window.below, "below: Down or PgDn")
        return [*self._header_rows, *out]

    # ------------------------------------------------------------------ keys and mouse
    def action_move(self, step: int) -> None:
        """Moves the highlight `step` options on (as far as there are), disabled ones too, so
        that every reason can be read."""
        if self.highlighted is None:
            return
        target = max(0, min(self.highlighted + step, len(self.choices) - 1))
        if target != self.highlighted:
            self.highlight(target)
            self.post_message(self.Moved())

    def action_page(self, direction: int) -> None:
        """Moves the highlight about a view's height of lines on."""
        if self.highlighted is None:
            return
        lines = self._layout(self.size.width)
        rows = self._highlight_rows(lines)
        step = max(self._options_height - 2, 1)
        row = rows.start + step if direction > 0 else rows.start - step
        row = max(0, min(row, len(lines) - 1))
        target = lines[row][0]
        if target == self.highlighted:
            self.action_move(direction)
        else:
            self.action_move(target - self.highlighted)

    def action_select(self) -> None:
        if self.highlighted is not None:
            self.post_message(self.Selected(self.choices[self.highlighted], self.generation))

    def on_click(self, event: events.Click) -> None:
        window = self.window
        y = event.y - len(self._header_rows)
        if y < 0:
            return  # on the header
        if window.above and y == 0:
            self.action_page(-1)
            return
        if window.below and y == self._options_height - 1:
            self.action_page(1)
            return
        row = self._top + y
        if 0 <= row < len(self._lines):
            index = self._lines[row][0]
            self.highlight(index)
            self.post_message(self.Selected(self.choices[index], self.generation))

    # The wheel moves the highlight, so that what Enter takes stays in view.
    def on_mouse_scroll_down(self) -> None:
        self.action_move(1)

    def on_mouse_scroll_up(self) -> None:
        self.action_move(-1)

    def on_resize(self) -> None:
        # The rows may already have been drawn at the new size, from the old scroll position.
        self._width = 0
        self._scroll_to_highlight()
        self.repaint_lines()


def whole_items(line: Content, width: int, rows: int) -> list[Content]:
    """The line wrapped to `width` in at most `rows` rows: where it does not fit, it ends
    after its last item that does ("; " parts, each a whole sentence), with "; …" for the
    rest, which the log has. An item is never cut, unless the first is longer than the rows."""
    wrapped = line.wrap(width)
    if len(wrapped) <= rows:
        return wrapped
    text = line.plain
    ends = [place for place in range(len(text)) if text.startswith(ITEM_END, place)]
    for end in reversed(ends):
        shorter = (line[:end] + Content(MORE_ITEMS)).wrap(width)
        if len(shorter) <= rows:
            return shorter
    rest = Content(" ").join(wrapped[rows - 1 :])
    return [*wrapped[: rows - 1], rest.truncate(width, ellipsis=True)]


def _more(count: int, where: str) -> Content:
    return Content.styled(f"  ... {count} more lines {where}", "italic")  # count >= 2


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
