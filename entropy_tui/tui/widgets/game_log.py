"""The game log in words, newest last, holding only the lines the person at the screen may see.

It draws only the lines in view and keeps its own scroll position (keys when focused, the
mouse wheel), so new lines repaint the log alone: a scrolling container would lay the whole
screen out again at every line. Lines are wrapped here, and again when the width changes; each
keeps its screen row, so a scroll (every new line scrolls) redraws nothing. Each person at the
screen has a log of their own (their private lines): the one each read last is kept, so that
the keyboard passing to another person (at every turn in a hot-seat game) writes only the lines
that person has not read yet, instead of the whole log again."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import ceil
from typing import Any, ClassVar

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size

from entropy_tui.play.log_words import seen_by
from entropy_tui.tui.draw import wrap
from entropy_tui.tui.scene import Scene
from entropy_tui.tui.widgets.line_view import LineView

MAX_EVENTS = 2000
INDENT = "  "


@dataclass(slots=True)
class Reading:
    """One person's log as last shown to them."""

    nothing_hidden: bool  # the lines were written when nothing was private (no "only you")
    texts: list[str] = field(default_factory=list)  # an entry per event, prefixed by its seat
    written: int = 0  # events of the view already in texts
    last_event: dict[str, Any] | None = None  # the newest of them, to notice a rewritten log
    lines: list[str] = field(default_factory=list)  # texts wrapped to wrap_width
    wrap_width: int = 0


class GameLog(LineView, can_focus=True):
    BINDINGS: ClassVar = [
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
        Binding("pageup", "scroll(-10)", show=False),
        Binding("pagedown", "scroll(10)", show=False),
        Binding("home", "scroll(-100000)", show=False),
        Binding("end", "scroll(100000)", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._viewer: object = object()  # equal to no viewer, so the first show starts afresh
        self._reading = Reading(nothing_hidden=False)  # the viewer's
        self._readings: dict[int | None, Reading] = {}  # every viewer's, the last shown them
        self._back = 0  # lines scrolled back from the newest; 0 follows new lines

    def show(self, scene: Scene) -> None:
        events = scene.view["log"]
        if scene.viewer != self._viewer:  # someone else took the keyboard: their own lines
            self._viewer = scene.viewer
            kept = self._readings.get(scene.viewer)
            if kept is None or kept.nothing_hidden != scene.nothing_hidden:
                kept = self._readings[scene.viewer] = Reading(scene.nothing_hidden)
            self._reading, self._back = kept, 0
            self.repaint_lines()
        reading = self._reading
        if len(events) < reading.written or (
            reading.written and events[reading.written - 1] != reading.last_event
        ):
            # A decision was taken back or replayed since these lines were written: start over.
            self._reading = self._readings[scene.viewer] = Reading(scene.nothing_hidden)
            reading, self._back = self._reading, 0
            self.repaint_lines()
        # Before anyone has taken the keyboard, private lines stay hidden too.
        fresh = [
            _text(scene, event)
            for event in events[reading.written :]
            if scene.viewer is not None
            or not event["private"]
            or scene.view["settings"]["open_hands"]
        ]
        reading.written = len(events)
        reading.last_event = events[-1] if events else None
        if fresh:
            reading.texts += fresh
            del reading.texts[:-MAX_EVENTS]
            if reading.wrap_width:
                added = self._wrapped(fresh)
                reading.lines += added
                del reading.lines[: -4 * MAX_EVENTS]
                if self._back:
                    self._back += len(added)  # someone reading back keeps their place
            self.repaint_lines()

    @property
    def _lines(self) -> list[str]:
        """The viewer's log wrapped to the width last drawn."""
        return self._reading.lines

    def lines(self, size: Size) -> list[Content]:
        width, height = size
        reading = self._reading
        if width != reading.wrap_width:
            reading.wrap_width = width
            reading.lines = self._wrapped(reading.texts)
        lines = reading.lines
        end = len(lines) - self._back
        if not self._back:
            return [Content(line) for line in lines[max(0, end - height) : end]]
        shown = lines[max(0, end - height + 1) : end]  # the last row says what is below
        return [Content(line) for line in shown] + [
            Content(f"-- {self._back} newer lines below: End --")
        ]

    def action_scroll(self, lines: int) -> None:
        self._back = max(0, min(self._most_back(), self._back - lines))
        self.repaint_lines()

    def _most_back(self) -> int:
        """How far back the oldest line shows (on the top row, with the note below)."""
        height = self.size.height
        return max(0, len(self._lines) - height + 1) if len(self._lines) > height else 0

    def newest(self) -> None:
        """Back to the newest lines (where End goes)."""
        if self._back:
            self._back = 0
            self.repaint_lines()

    def older_page(self) -> None:
        """One page of older lines; from the oldest, back to the newest."""
        most = self._most_back()
        self.action_scroll(-self.size.height + 1 if self._back < most else most)

    def page(self) -> tuple[int, int]:
        """(page, pages), counted from the newest lines."""
        step = max(1, self.size.height - 1)
        return 1 + ceil(self._back / step), 1 + ceil(self._most_back() / step)

    def on_mouse_scroll_up(self) -> None:
        self.action_scroll(-3)

    def on_mouse_scroll_down(self) -> None:
        self.action_scroll(3)

    def _wrapped(self, texts: list[str]) -> list[str]:
        width = max(self._reading.wrap_width, 20)
        lines = []
        for text in texts:
            first, *rest = wrap(text, width) or [""]
            lines.append(first)
            lines += [INDENT + line for line in wrap(" ".join(rest), width - len(INDENT))]
        return lines


def _text(scene: Scene, event: dict[str, Any]) -> str:
    seat = event["seat"]
    private = " (only you see this)" if event["private"] and not scene.nothing_hidden else ""
    if seat is None:
        return f"- {event['text']}{private}"
    look, name = scene.seats[seat].look, scene.seats[seat].name
    return f"{look.symbol} {seen_by(event['text'], seat, scene.viewer, name)}{private}"
