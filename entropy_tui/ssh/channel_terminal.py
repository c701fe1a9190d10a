"""A client's terminal served from this process: the program of each connection is a task of the
server's own event loop (one asyncio task per connection) that draws straight into the SSH
channel, instead of a process of its own behind a pseudo-terminal. One process holds every
connection: the code, the styles and the caches are loaded once, not once per player.

The program sees the terminal through `ChannelTerminal` (its type, size and a way to write) and
hears from it through a `TerminalListener` (keys, new sizes, the client gone). The keys reach it
paced as a process's terminal paces them (ssh/session.py): so many bytes a second, sizes twice a
second, a flood held back in the client."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from time import monotonic
from typing import Literal, Protocol

import asyncssh

from entropy_tui.ssh.session import (
    CLOSE_TIMEOUT,
    HANG_UP_GRACE,
    INPUT_BURST,
    INPUT_BYTES_PER_SECOND,
    RESIZES_PER_SECOND,
    Allowance,
    GuardedSession,
    RemoteScreen,
    needs_terminal_line,
)
from entropy_tui.ssh.terminal import clamp_size, terminal_type

log = logging.getLogger("entropy_tui.ssh")

# A client that stops taking what it is sent: once this much waits unsent in the server, its
# connection is closed (a screen is a few KB a frame; this is minutes of a stalled client).
MAX_UNSENT_OUTPUT = 4 * 1024 * 1024
# The longest a burst of keys passed on at once: the program parses it in one go.
INPUT_CHUNK = 1024

ColorSystem = Literal["truecolor", "256", "standard"]


class TerminalListener(Protocol):
    """What a program running on a ChannelTerminal hears (its driver)."""

    def input(self, data: bytes) -> None: ...
    def resized(self, columns: int, rows: int) -> None: ...
    def hung_up(self) -> None: ...


class ChannelTerminal:
    """One connection's terminal as its in-process program sees it."""

    def __init__(
        self,
        screen: RemoteScreen,
        channel: asyncssh.SSHServerChannel[bytes],
        term: str,
        colorterm: str,
        close_connection: Callable[[], None],
        take_held_input: Callable[[], None],
    ) -> None:
        self.screen = screen
        self.term = term
        self.colorterm = colorterm
        self.listener: TerminalListener | None = None
        self.lost = False  # the client has gone, or is being let go: nothing more is sent
        self._channel = channel
        self._close_connection = close_connection
        self._take_held_input = take_held_input

    def listen(self, listener: TerminalListener | None) -> None:
        """From now on `listener` hears this terminal (None: no one does); what the client typed
        before it listened reaches it at once."""
        self.listener = listener
        if listener is not None:
            self._take_held_input()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.columns, self.screen.rows

    @property
    def color_system(self) -> ColorSystem:
        """The colours the client's terminal shows, from its TERM and COLORTERM, as a
        terminal program would read them from its environment."""
        if self.colorterm in ("truecolor", "24bit"):
            return "truecolor"
        return "256" if "256color" in self.term else "standard"

    def write(self, data: bytes) -> None:
        """Sends `data` to the client; closes a connection whose client has stopped reading."""
        if self.lost or not data:
            return
        self.screen.bytes_written += len(data)
        self._channel.write(data)
        if self._channel.get_write_buffer_size() > MAX_UNSENT_OUTPUT:
            log.info("closed %s's connection: it stopped reading", self.screen.user)
            self.lost = True
            self._close_connection()


TerminalProgram = Callable[[ChannelTerminal], Awaitable[int]]


class TerminalSession(GuardedSession):
    """Runs `program(terminal)` as a task of this process when the client asks for a shell with
    a pty; refuses commands and subsystems (SFTP among them). The program's return is the exit
    status the client gets."""

    def __init__(
        self,
        screen: RemoteScreen,
        program: TerminalProgram,
        port: int,
        keep: Callable[[asyncio.Future[None]], None],
        close_connection: Callable[[], None],
    ) -> None:
        super().__init__(screen)
        self._program = program
        self._port = port
        self._keep = keep
        self._close_connection = close_connection
        self._terminal: ChannelTerminal | None = None
        self._term: str | None = None  # None: no pty was asked for
        self._task: asyncio.Future[None] | None = None
        self._input_allowance = Allowance(INPUT_BYTES_PER_SECOND, INPUT_BURST, monotonic)
        self._input_later: asyncio.TimerHandle | None = None
        self._resize_allowance = Allowance(RESIZES_PER_SECOND, 1, monotonic)
        self._resize_later: asyncio.TimerHandle | None = None
        self._size_to_apply: tuple[int, int] | None = None
        self._hung_up = False

    # Requests from the client.
    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        self._term = terminal_type(term_type)
        self.screen.columns, self.screen.rows = clamp_size(term_size[0], term_size[1])
        return True

    def exec_requested(self, command: str) -> bool:
        log.info("refused a command from %s", self.screen.user)
        return False

    def session_started(self) -> None:
        if self._start_timer is not None:
            self._start_timer.cancel()
        chan = self._channel
        assert chan is not None
        if self._term is None:
            chan.write_stderr(needs_terminal_line(self.screen.user, self._port))
            chan.exit(1)
            return
        colorterm = chan.get_environment().get("COLORTERM", "")
        terminal = ChannelTerminal(
            self.screen, chan, self._term, colorterm, self._close_connection, self._flush_input
        )
        self._terminal = terminal
        # A task of its own, so a context of its own: what the program sets in it (Textual's
        # active app among them) is seen by no other connection.
        self._task = asyncio.ensure_future(self._run(chan, terminal))
        self._keep(self._task)

    async def _run(self, chan: asyncssh.SSHServerChannel[bytes], terminal: ChannelTerminal) -> None:
        status = 1
        try:
            status = await self._program(terminal)
        except Exception:
            log.exception("the program of %s failed", self.screen.user)
        if terminal.lost:
            return
        chan.exit(min(max(status, 0), 255))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(chan.wait_closed(), CLOSE_TIMEOUT)
        self._close_connection()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._size_to_apply = clamp_size(width, height)
        if self._resize_later is None:
            self._apply_size()

    def _apply_size(self) -> None:
        self._resize_later = None
        if self._size_to_apply is None or self._terminal is None or self._terminal.lost:
            return
        wait = self._resize_allowance.wait_for(1)
        if wait > 0:
            self._resize_later = asyncio.get_running_loop().call_later(wait, self._apply_size)
            return
        self._resize_allowance.spend(1)
        self.screen.columns, self.screen.rows = self._size_to_apply
        self._size_to_apply = None
        listener = self._terminal.listener
        if listener is not None:
            listener.resized(self.screen.columns, self.screen.rows)

    # Bytes from the client to the program.
    def data_received(self, data: bytes, datatype: int | None) -> None:
        if datatype is not None or self._term is None:
            return
        self._input += data
        self._flush_input()

    def _flush_input(self) -> None:
        """Passes the keys waiting on to the program as fast as the input allowance lets them
        go; what is left is tried again when the allowance has come back a little."""
        if self._input_later is not None:
            self._input_later.cancel()
            self._input_later = None
        terminal = self._terminal
        listener = terminal.listener if terminal is not None else None
        while listener is not None and self._input and not self._lost:
            allowed = min(len(self._input), INPUT_CHUNK, int(self._input_allowance.available()))
            if allowed <= 0:
                wait = self._input_allowance.wait_for(min(len(self._input), INPUT_CHUNK))
                self._input_later = asyncio.get_running_loop().call_later(wait, self._flush_input)
                break
            chunk = bytes(self._input[:allowed])
            del self._input[:allowed]
            self._input_allowance.spend(allowed)
            self.screen.bytes_typed += allowed
            listener.input(chunk)
        self._pace_client()

    @property
    def _lost(self) -> bool:
        return self._terminal is not None and self._terminal.lost

    # The client has gone.
    def connection_lost(self, exc: Exception | None) -> None:
        for timer in (self._start_timer, self._input_later, self._resize_later):
            if timer is not None:
                timer.cancel()
        self._input.clear()
        terminal = self._terminal
        if terminal is None or self._hung_up:
            return
        self._hung_up = True
        terminal.lost = True
        if terminal.listener is not None:
            terminal.listener.hung_up()
        if self._task is not None and not self._task.done():
            # A program that does not end when told to is stopped.
            task = self._task
            asyncio.get_running_loop().call_later(HANG_UP_GRACE, task.cancel)
