"""A cap on the input a screen holds at once. Textual's input thread turns every key it reads into
an event and queues it for the app, however fast the keys come: a client sending megabytes of
keys (over SSH, or a browser tab's websocket) would grow the app by gigabytes. Past the cap, the
driver drops what it reads until the app has caught up, and the app says how many keys it lost.

While it drops, what it reads is dropped before it is parsed: parsing is what a flood costs most
(some 3 s of CPU for 1 MB of arrow keys), and a flood then ends as fast as it is read."""

from __future__ import annotations

import re
import weakref
from collections import deque
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any, Literal

from textual import events
from textual.driver import Driver
from textual.message import Message

from entropy_tui.tui.paste_limit import PASTE_END, PASTE_START, PasteCappedParser, cap_pastes

try:  # private to Textual: what its parser waits for (see GatedParser.between_keys)
    from textual._parser import Read1
except ImportError:  # pragma: no cover - only with another Textual, whose parser parses all
    Read1 = None  # type: ignore[assignment, misc]

# Events read from the terminal that the app has not finished with (a few KB each). A player
# typing, or holding a key down while the screen is busy (some 30 keys a second), never comes
# near this; and what a flood leaves waiting is handled in a second or so, not several.
MAX_PENDING_INPUT = 256
# Once dropping, input is taken again when the app is this far back down.
RESUME_PENDING_INPUT = MAX_PENDING_INPUT // 2

Admission = Literal["admitted", "dropped", "first dropped"]

# One key of a terminal's input: an escape sequence (CSI, SS3, or Alt with a key) or a character.
KEY = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?|.", re.DOTALL)
# The start of an escape sequence that the text read so far ends before its end.
UNFINISHED_SEQUENCE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|O)?")
LONGEST_UNFINISHED = 32


class InputDropped(Message):
    """Posted to the app when its driver starts dropping input; `gate` counts what it drops."""

    def __init__(self, gate: InputGate) -> None:
        super().__init__()
        self.gate = gate


class InputGate:
    """Counts the events read and not yet finished with: an event is finished once nothing holds
    it any more (every queue and handler it passed through has let it go). Used from the driver's
    input thread; the only thing other threads do is mark events finished, on a deque."""

    def __init__(
        self, limit: int = MAX_PENDING_INPUT, resume_at: int = RESUME_PENDING_INPUT
    ) -> None:
        self.limit = limit
        self.resume_at = resume_at
        self.dropping = False
        self.dropped = 0  # in all, since the app started
        self._pending = 0
        self._finished: deque[None] = deque()  # appended to when an event is freed

    @property
    def pending(self) -> int:
        for _ in range(len(self._finished)):
            self._finished.popleft()
            self._pending -= 1
        return self._pending

    def admit(self, event: object) -> Admission:
        pending = self.pending
        if self.dropping and pending <= self.resume_at:
            self.dropping = False
        if self.dropping or pending >= self.limit:
            first = not self.dropping
            self.dropping = True
            self.dropped += 1
            return "first dropped" if first else "dropped"
        weakref.finalize(event, self._finished.append, None)
        self._pending += 1
        return "admitted"

    def drops_unread(self, text: str) -> bool:
        """Whether `text`, read but not parsed, is dropped as it is: while dropping and the app
        not yet back down to where it takes input again. Its keys are counted dropped."""
        if not self.dropping or self.pending <= self.resume_at:
            return False
        self.dropped += len(KEY.findall(text))
        return True


# The gate of the driver reading in this context (its input thread, or its connection's task):
# a GatedParser made there drops what it reads while that gate drops.
reading_gate: ContextVar[InputGate | None] = ContextVar("entropy_tui_reading_gate", default=None)


class GatedParser(PasteCappedParser):
    """The paste-capped parser, which drops text unparsed while its driver's gate drops input.
    Text is dropped only from a key's start: when the parser has no sequence begun, and up to an
    escape sequence the text ends within, which is kept for the next read; and never text that
    has any part of a paste, so the parser's paste is always whole."""

    def __init__(self, debug: bool = False) -> None:
        super().__init__(debug)
        self.gate = reading_gate.get()
        self._unfinished = ""  # the start of an escape sequence that dropped text ended with

    def between_keys(self) -> bool:
        """Whether the parser waits for a new key, not the rest of an escape sequence (Textual's
        parser reads a key's first character with no time-out, the rest with one)."""
        awaiting = getattr(self, "_awaiting", None)
        return Read1 is not None and isinstance(awaiting, Read1) and awaiting.timeout is None

    def parse_passed(self, text: str) -> Iterator[Message]:
        text, self._unfinished = self._unfinished + text, ""
        if (
            self.gate is not None
            and self.gate.dropping
            and not self.paste_limit.pasting
            and PASTE_START not in text
            and PASTE_END not in text
            and self.between_keys()
        ):
            keys_end = _whole_keys_end(text)
            if self.gate.drops_unread(text[:keys_end]):
                self._unfinished = text[keys_end:]
                return
        yield from super().parse_passed(text)


def _whole_keys_end(text: str) -> int:
    """Where an escape sequence that `text` ends within begins (its length if none does)."""
    start = text.rfind("\x1b", max(0, len(text) - LONGEST_UNFINISHED))
    if start >= 0 and UNFINISHED_SEQUENCE.fullmatch(text, start):
        return start
    return len(text)


def input_events_are_tracked() -> None:
    """The gate knows an event is finished when it is freed, which needs events that take weak
    references (Textual's do: Event has no __slots__). Raises if a Textual upgrade changed that."""
    try:
        weakref.ref(events.Key("a", "a"))
    except TypeError as error:
        raise RuntimeError(
            "This Textual's input events take no weak references, so entropy-tui cannot cap the"
            " input a screen holds; install the Textual version pyproject.toml names."
        ) from error


def gated(driver_class: type[Driver]) -> type[Driver]:
    """`driver_class` with its input capped: everything its input thread reads passes through
    `send_message`, which drops it while the app has too much of it pending (and its parser,
    what it reads, meanwhile); and its pastes cut short (see paste_limit)."""
    input_events_are_tracked()
    cap_pastes(driver_class, GatedParser)

    class GatedDriver(driver_class):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.input_gate = InputGate()
            reading = reading_gate.set(self.input_gate)  # for a parser made here (ChannelDriver)
            try:
                super().__init__(*args, **kwargs)
            finally:
                reading_gate.reset(reading)

        def run_input_thread(self) -> None:
            """Textual's terminal and browser drivers make their parser in their input thread."""
            reading_gate.set(self.input_gate)
            super().run_input_thread()

        def send_message(self, message: Message) -> None:
            admission = self.input_gate.admit(message)
            if admission == "first dropped":
                super().send_message(InputDropped(self.input_gate))
            if admission == "admitted":
                super().send_message(message)

    GatedDriver.__name__ = GatedDriver.__qualname__ = f"Gated{driver_class.__name__}"
    return GatedDriver
