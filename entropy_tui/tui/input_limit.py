"""A cap on the input a screen holds at once. Textual's input thread turns every key it reads into
an event and queues it for the app, however fast the keys come: a client sending megabytes of
keys (over SSH, or a browser tab's websocket) would grow the app by gigabytes. Past the cap, the
driver drops what it reads until the app has caught up, and the app says how many keys it lost."""

from __future__ import annotations

import weakref
from collections import deque
from typing import Any, Literal

from textual import events
from textual.driver import Driver
from textual.message import Message

from entropy_tui.tui.paste_limit import cap_pastes

# Events read from the terminal that the app has not finished with (a few KB each). A player
# typing, or holding a key down while the screen is busy, never comes near this.
MAX_PENDING_INPUT = 1000
# Once dropping, input is taken again when the app is this far back down.
RESUME_PENDING_INPUT = MAX_PENDING_INPUT // 2

Admission = Literal["admitted", "dropped", "first dropped"]


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
    `send_message`, which drops it while the app has too much of it pending; and its pastes cut
    short (see paste_limit)."""
    input_events_are_tracked()
    cap_pastes(driver_class)

    class GatedDriver(driver_class):  # type: ignore[valid-type, misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.input_gate = InputGate()

        def send_message(self, message: Message) -> None:
            admission = self.input_gate.admit(message)
            if admission == "first dropped":
                super().send_message(InputDropped(self.input_gate))
            if admission == "admitted":
                super().send_message(message)

    GatedDriver.__name__ = GatedDriver.__qualname__ = f"Gated{driver_class.__name__}"
    return GatedDriver
