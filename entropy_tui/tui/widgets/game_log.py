"""The game log in words, newest last, holding only the lines the person at the screen may see.

It draws only the lines in view and keeps its own scroll position (keys when focused, the
mouse wheel), so new lines repaint the log alone: a scrolling container would lay the whole
screen out again at every line. Lines are wrapped here, and again when the width changes; each
keeps its screen row, so a scroll (every new line scrolls) redraws nothing."""

from __future__ import annotations

from math import ceil
from typing import ClassVar

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size

from ..draw import wrap
from ..scene import Scene
from .line_view import LineView

MAX_EVENTS = 2000
INDENT = "  "


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
        self._texts: list[str] = []  # one entry per event, already prefixed with its seat
        self._written = 0  # events of the view already in _texts
        self._last_event: dict | None = None  # the newest of them, to notice a rewritten log
        self._viewer: object = object()  # equal to no viewer, so the first show starts afresh
        self._lines: list[str] = []
        self._wrap_width = 0  # the width _lines were wrapped for
        self._back = 0  # lines scrolled back from the newest; 0 follows new lines

    def show(self, scene: Scene) -> None:
        events = scene.view["log"]
        if (
            scene.viewer != self._viewer
            or len(events) < self._written
            or (self._written and events[self._written - 1] != self._last_event)
        ):
            # Someone else took the keyboard (their lines differ), or a decision was taken
            # back or replayed: start over.
            self._viewer = scene.viewer
            self._texts, self._written, self._lines, self._back = [], 0, [], 0
            self.repaint_lines()
        # Before anyone has taken the keyboard, private lines stay hidden too.
        fresh = [
            _text(scene, event)
            for event in events[self._written :]
            if scene.viewer is not None
            or not event["private"]
            or scene.view["settings"]["open_hands"]
        ]
        self._written = len(events)
        self._last_event = events[-1] if events else None
        if fresh:
            self._texts += fresh
            del self._texts[:-MAX_EVENTS]
            if self._wrap_width:
                added = self._wrapped(fresh)
                self._lines += added
                del self._lines[: -4 * MAX_EVENTS]
                if self._back:
                    self._back += len(added)  # someone reading back keeps their place
            self.repaint_lines()

    def lines(self, size: Size) -> list[Content]:
        width, height = size
        if width != self._wrap_width:
            self._wrap_width = width
            self._lines = self._wrapped(self._texts)
        end = len(self._lines) - self._back
        if not self._back:
            return [Content(line) for line in self._lines[max(0, end - height) : end]]
        shown = self._lines[max(0, end - height + 1) : end]  # the last row says what is below
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
        width = max(self._wrap_width, 20)
        lines = []
        for text in texts:
            first, *rest = wrap(text, width) or [""]
            lines.append(first)
            lines += [INDENT + line for line in wrap(" ".join(rest), width - len(INDENT))]
        return lines


def _text(scene: Scene, event: dict) -> str:
    seat = event["seat"]
    symbol = scene.seats[seat].look.symbol if seat is not None else "-"
    private = " (only you see this)" if event["private"] and not scene.nothing_hidden else ""
    return f"{symbol} {event['text']}{private}"
