"""A cap on a paste's length. A terminal (or a browser tab) marks pasted text with ESC[200~ before
it and ESC[201~ after it, and Textual's parser holds all that comes in between, some 8 bytes a
character, until the end marker: a paste that never ends would grow the app without bound (the
event cap in input_limit never sees it, as the parser makes no event until the end). Nothing the
game asks for is longer than a name or a seed, so the first MAX_PASTE_CHARACTERS of a paste are
kept, the rest is dropped until its end marker, and the app is told once."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import textual
from textual.driver import Driver
from textual.message import Message

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
MAX_PASTE_CHARACTERS = 4096
# The drivers that read other people's input: a terminal's (SSH sessions' among them) and a
# browser tab's. Each one's input thread makes its parser from its module's XTermParser.
READING_DRIVER_MODULES = frozenset(
    {
        "textual.drivers.linux_driver",
        "textual.drivers.linux_inline_driver",
        "textual.drivers.web_driver",
    }
)
UNKNOWN_TEXTUAL = (
    f"entropy-tui cannot cap the length of a paste with Textual {textual.__version__}, whose"
    " drivers read input in a way it does not know; install Textual 8.2."
)

try:  # private to Textual: the drivers' parser, guarded (see cap_pastes and its test)
    from textual._xterm_parser import XTermParser
except ImportError as error:  # pragma: no cover - only with another Textual
    raise RuntimeError(UNKNOWN_TEXTUAL) from error


class PasteCut(Message):
    """Posted to the app when a paste is cut short: only its first `kept` characters reach it."""

    def __init__(self, kept: int) -> None:
        super().__init__()
        self.kept = kept


def _end_marker_begun(text: str) -> int:
    """How many characters at the end of `text` may be the start of an end marker."""
    for length in range(min(len(PASTE_END) - 1, len(text)), 0, -1):
        if text.endswith(PASTE_END[:length]):
            return length
    return 0


class PasteLimit:
    """Filters the text read from a terminal before the parser sees it: outside a paste every
    character passes at once; inside one, the first `limit` pass and the rest are dropped. A
    marker may come split across reads: the end of what went before is looked back at for a
    start marker, and what may begin an end marker is held back until the next read (a paste
    shows nothing before its end anyway), so that the parser gets the end marker whole."""

    def __init__(self, limit: int = MAX_PASTE_CHARACTERS) -> None:
        self.limit = limit
        self.pasting = False
        self._kept = 0  # characters of this paste passed on
        self._cut = False  # whether this paste has been cut short
        self._recent = ""  # outside a paste: the last characters passed on
        self._held = ""  # inside a paste: characters that may begin the end marker

    def filter(self, text: str) -> tuple[str, bool]:
        """What of `text` to pass on, and whether a paste was cut short in it."""
        passed: list[str] = []
        cut = False
        while text:
            if not self.pasting:
                seen = self._recent + text
                start = seen.find(PASTE_START)
                if start < 0:
                    passed.append(text)
                    self._recent = seen[-(len(PASTE_START) - 1) :]
                    return "".join(passed), cut
                after_marker = start + len(PASTE_START) - len(self._recent)
                passed.append(text[:after_marker])
                text = text[after_marker:]
                self.pasting, self._kept, self._cut, self._recent = True, 0, False, ""
                continue
            text = self._held + text
            end = text.find(PASTE_END)
            if end < 0:
                held = _end_marker_begun(text)
                pasted, self._held, text = text[: len(text) - held], text[len(text) - held :], ""
            else:
                pasted, self._held, text = text[:end], "", text[end + len(PASTE_END) :]
            room = self.limit - self._kept
            if len(pasted) > room and not self._cut:
                cut = self._cut = True
            passed.append(pasted[:room])
            self._kept += min(len(pasted), room)
            if end >= 0:
                passed.append(PASTE_END)
                self.pasting = False
        return "".join(passed), cut


class PasteCappedParser(XTermParser):
    """Textual's parser, fed through a PasteLimit; says so when it cuts a paste short."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.paste_limit = PasteLimit()

    def feed(self, data: str) -> Iterator[Message]:
        if not data:  # the end of the input
            yield from super().feed(data)
            return
        passed, cut = self.paste_limit.filter(data)
        if passed:  # (the parser would take "" for the end of the input)
            yield from self.parse_passed(passed)
        if cut:
            yield PasteCut(self.paste_limit.limit)

    def parse_passed(self, text: str) -> Iterator[Message]:
        """Parses text the paste limit has passed (a subclass may drop it instead)."""
        yield from super().feed(text)


def cap_pastes(
    driver_class: type[Driver], parser_class: type[PasteCappedParser] = PasteCappedParser
) -> None:
    """Makes `driver_class`'s input thread read with `parser_class`: it makes its parser from
    the module-level name XTermParser of its module, which is set to it. Raises if a Textual
    upgrade changed that (a driver that reads no one's input, as in tests, is left alone)."""
    if not any(cls.__module__ in READING_DRIVER_MODULES for cls in driver_class.__mro__):
        return
    reader = getattr(driver_class, "run_input_thread", None)
    code = getattr(reader, "__code__", None)
    module = sys.modules.get(getattr(reader, "__module__", ""))
    parser = getattr(module, "XTermParser", None)
    if (
        code is None
        or "XTermParser" not in code.co_names
        or not (isinstance(parser, type) and issubclass(parser, XTermParser))
    ):
        raise RuntimeError(UNKNOWN_TEXTUAL)
    module.XTermParser = parser_class  # type: ignore[union-attr]
