"""A Textual driver that draws into an SSH channel and reads its keys, so that an app runs for
one connection inside the server's own process (see ssh/channel_terminal.py) instead of in a
process of its own: each app is a task of the server's event loop, with a context of its own
(Textual's active app is a context variable, so each task sees its own app).

It writes what the terminal driver of Textual writes to start and stop a full screen (without
the terminal's own settings, which the client's SSH program makes), parses keys with Textual's
parser on the event loop instead of in a thread, and takes window sizes from the channel."""

from __future__ import annotations

import asyncio
from codecs import getincrementaldecoder
from contextvars import ContextVar
from typing import Any

from rich.console import Console
from textual import constants, events, messages
from textual.app import App
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from entropy_tui.ssh.channel_terminal import ChannelTerminal
from entropy_tui.tui.input_limit import GatedParser, gated

# Textual builds the driver itself, from its class and the app: it finds the terminal to draw
# into here, set by run_on_terminal in the connection's own task (so in its own context).
_terminal: ContextVar[ChannelTerminal] = ContextVar("entropy_tui_channel_terminal")

# Textual's terminal driver asks for the Kitty keyboard protocol's disambiguated keys, all keys
# as escape codes, and their text (its flags 1 | 8 | 16): a remote screen reads keys alike.
KITTY_KEYBOARD_FLAGS = 0b11001


class ChannelDriver(Driver):
    """Draws into one connection's ChannelTerminal and hears its keys and sizes."""

    def __init__(
        self,
        app: App[Any],
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.terminal = _terminal.get()
        self._parser = GatedParser()
        # A client may send bytes that are not UTF-8: they become U+FFFD, never an error.
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._output: list[str] = []
        self._flush_soon: asyncio.Handle | None = None
        self._escape_timer: asyncio.TimerHandle | None = None
        self._input_enabled = False

    # Output: one channel write per frame (Textual flushes after each), and for any write
    # made outside a frame, at the loop's next turn.
    def write(self, data: str) -> None:
        self._output.append(data)
        if self._flush_soon is None:
            self._flush_soon = self._loop.call_soon(self.flush)

    def flush(self) -> None:
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
        if self._output:
            data = "".join(self._output)
            self._output.clear()
            self.terminal.write(data.encode("utf-8"))

    def _mouse_modes(self, on: bool) -> None:
        if self._mouse:
            switch = "h" if on else "l"
            for mode in ("1000", "1003", "1015", "1006"):  # buttons, motion, urxvt, SGR
                self.write(f"\x1b[?{mode}{switch}")

    def start_application_mode(self) -> None:
        self.write("\x1b[?1049h")  # the alternate screen
        self._mouse_modes(True)
        self.write("\x1b[?25l")  # no cursor
        self.write("\x1b[?1004h")  # focus in and out
        if not constants.DISABLE_KITTY_KEY:
            self.write(f"\x1b[>{KITTY_KEYBOARD_FLAGS}u")
        self.write("\x1b[?2026$p")  # does the terminal draw a frame at once (synchronised)?
        self.write("\x1b[?2004h")  # bracketed paste
        self.write("\x1b[?7l")  # no line wrap
        self.flush()
        columns, rows = self.terminal.size
        self._app.post_message(events.Resize(Size(columns, rows), Size(columns, rows)))
        self._input_enabled = True
        self.terminal.listen(self)

    def disable_input(self) -> None:
        self._input_enabled = False
        self.terminal.listen(None)
        if self._escape_timer is not None:
            self._escape_timer.cancel()
            self._escape_timer = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write("\x1b[?2004l")
        self.write("\x1b[?7h")
        self._mouse_modes(False)
        self.write("\x1b[<u")  # the Kitty keyboard protocol off, before leaving the screen
        self.write("\x1b[?1049l")
        self.write("\x1b[?25h")
        self.write("\x1b[?1004l")
        self.flush()

    def close(self) -> None:
        self.terminal.listen(None)
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None

    # What the terminal tells (the TerminalListener).
    def input(self, data: bytes) -> None:
        if not self._input_enabled:
            return
        for event in self._parser.feed(self._decode(data)):
            self.process_message(event)
        # A lone Esc is a key only once nothing follows it for a moment: the parser says so
        # when it is asked after that moment.
        if self._escape_timer is not None:
            self._escape_timer.cancel()
        self._escape_timer = self._loop.call_later(constants.ESCAPE_DELAY, self._tick)

    def _tick(self) -> None:
        self._escape_timer = None
        if self._input_enabled:
            for event in self._parser.tick():
                self.process_message(event)

    def resized(self, columns: int, rows: int) -> None:
        size = Size(columns, rows)
        self._app.post_message(events.Resize(size, size))

    def hung_up(self) -> None:
        self.disable_input()
        self._app.post_message(messages.ExitApp())

    def send_message(self, message: Message) -> None:
        # On the app's own thread and loop: posted at once (the base class is for threads).
        self._app.post_message(message)


GatedChannelDriver = gated(ChannelDriver)


async def run_on_terminal(app: App[Any], terminal: ChannelTerminal, *, mouse: bool = False) -> int:
    """Runs `app` on a connection's terminal until it exits or the client goes; its return code.
    Run it in the connection's own task (TerminalSession does). Mouse reports are off unless
    asked for: not every SSH client passes them well."""
    app.driver_class = GatedChannelDriver
    # The app's console sets the colours it draws in: the client's terminal's, not the server's.
    app.console = Console(
        color_system=terminal.color_system,
        file=app.console.file,
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
    token = _terminal.set(terminal)
    try:
        await app.run_async(mouse=mouse, size=terminal.size)
    finally:
        _terminal.reset(token)
    return app.return_code or 0
