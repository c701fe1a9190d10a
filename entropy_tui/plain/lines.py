"""Lines out, lines in: each line printed once, stripped of anything a terminal would take as a
command, and long answers paged by line count."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

PAGE_LINES = 20  # a long answer stops after this many lines and asks before going on
MORE = "more? Enter / q"
MAX_INPUT = 1000  # characters of a typed line kept: a command or a number is far shorter


def printable(text: str) -> str:
    """The text without control characters (an escape sequence in a seat's name, say)."""
    return "".join(ch if ch.isprintable() else " " for ch in text)


class Lines:
    def __init__(self, given: TextIO, shown: TextIO, page: int = PAGE_LINES) -> None:
        self._in = given
        self._out = shown
        self._page = page
        self.closed = False  # standard input has ended: nothing more will be typed

    def say(self, *lines: str) -> None:
        for line in lines:
            self._out.write(printable(line).rstrip() + "\n")
        self._out.flush()

    def ask(self, prompt: str) -> str | None:
        """What the player typed, without its ends' spaces (None once the input has ended)."""
        if self.closed:
            return None
        self._out.write(printable(prompt))
        self._out.flush()
        typed = self._in.readline()
        if not typed:
            self.closed = True
            self._out.write("\n")  # the prompt's line ends: the next line starts clean
            self._out.flush()
            return None
        return typed[:MAX_INPUT].strip()

    def page(self, lines: Iterable[str]) -> None:
        """Prints the lines a page at a time; q (or the end of the input) stops."""
        shown = list(lines)
        for start in range(0, len(shown), self._page):
            if start:
                answer = self.ask(f"{MORE} ")
                if answer is None or answer.casefold().startswith("q"):
                    return
            self.say(*shown[start : start + self._page])
