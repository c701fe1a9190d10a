"""One SSH session: the program's terminal bridged to the client, nothing else allowed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import asyncssh

from .terminal import PtyProgram, child_environment, terminal_type

log = logging.getLogger("entropy_tui.ssh")

CommandFor = Callable[[str, str | None], Sequence[str]]

# After a drop the program gets SIGHUP, and this long to finish (an autosave, say) before SIGKILL.
HANG_UP_GRACE = 5.0
# A session that has not asked for its shell by then is closed.
START_TIMEOUT = 30.0
# Once the program has ended, the client gets this long to take its last bytes and close.
CLOSE_TIMEOUT = 5.0
# Keys typed faster than the program reads them wait here; past this the client is paused.
INPUT_BUFFER_LIMIT = 64 * 1024
READ_CHUNK = 64 * 1024


@dataclass
class RemoteScreen:
    """What one connection's terminal has been sent: bytes from the program to the client."""

    user: str
    key_fingerprint: str | None
    bytes_written: int = 0
    columns: int = 0
    rows: int = 0


def needs_terminal_line(user: str, port: int) -> bytes:
    return f"entropy-tui needs a terminal: connect with ssh -t -p {port} {user}@HOST\r\n".encode()


class ProgramSession(asyncssh.SSHServerSession[bytes]):
    """Runs `command_for(user, key)` in a terminal of its own when the client asks for a shell
    with a pty; refuses commands and subsystems (SFTP among them)."""

    def __init__(
        self,
        screen: RemoteScreen,
        command_for: CommandFor,
        port: int,
        keep: Callable[[asyncio.Future[None]], None],
        close_connection: Callable[[], None],
    ) -> None:
        self.screen = screen
        self._command_for = command_for
        self._port = port
        self._keep = keep
        self._close_connection = close_connection
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._program: PtyProgram | None = None
        self._term = "xterm"
        self._reading = False
        self._launched = False
        self._input = bytearray()
        self._input_paused = False
        self._lost = False
        self._start_timer: asyncio.TimerHandle | None = None

    # Requests from the client.
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:  # type: ignore[override]
        self._channel = chan
        self._start_timer = asyncio.get_running_loop().call_later(START_TIMEOUT, chan.close)

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object
    ) -> bool:
        columns, rows, x_pixels, y_pixels = term_size
        self._term = terminal_type(term_type)
        self._program = PtyProgram(columns, rows)
        self._program.resize(columns, rows, x_pixels, y_pixels)
        self.screen.columns, self.screen.rows = self._program.size()
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if self._program is not None:
            self._program.resize(width, height, pixwidth, pixheight)
            self.screen.columns, self.screen.rows = self._program.size()

    def shell_requested(self) -> bool:
        return True  # without a pty it is answered with one line in session_started

    def exec_requested(self, command: str) -> bool:
        log.info("refused a command from %s", self.screen.user)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused the %r subsystem for %s", subsystem[:40], self.screen.user)
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Signals are the program's own business; a client may not send them."""

    def eof_received(self) -> bool:
        return True  # keep drawing: a terminal's input ending does not end the game

    def session_started(self) -> None:
        if self._start_timer is not None:
            self._start_timer.cancel()
        chan = self._channel
        assert chan is not None
        if self._program is None:
            chan.write_stderr(needs_terminal_line(self.screen.user, self._port))
            chan.exit(1)
            return
        self._launched = True
        self._keep(asyncio.ensure_future(self._run(chan, self._program)))

    # The program's life.
    async def _run(self, chan: asyncssh.SSHServerChannel[bytes], program: PtyProgram) -> None:
        try:
            argv = list(self._command_for(self.screen.user, self.screen.key_fingerprint))
            await program.start(argv, child_environment(self._term, chan.get_environment()))
        except Exception as error:  # the table refused this login or the program cannot start
            log.warning("cannot start the program for %s: %s", self.screen.user, error)
            program.close()
            if not self._lost:
                chan.write_stderr(f"entropy-tui cannot start here: {error}\r\n".encode())
                chan.exit(1)
            return
        self._start_reading()
        if self._lost:  # the client left while the program started
            self._keep(asyncio.ensure_future(program.hang_up(HANG_UP_GRACE)))
        else:
            self._flush_input()
        status = await program.wait()
        self._stop_reading()
        if not self._lost:
            self._read_output(until_empty=True)
        program.close()
        if self._lost:
            return
        chan.exit(status if status >= 0 else 128 - status)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(chan.wait_closed(), CLOSE_TIMEOUT)
        self._close_connection()

    # Bytes from the program to the client.
    def _start_reading(self) -> None:
        if self._program is not None and not self._reading:
            asyncio.get_running_loop().add_reader(self._program.master, self._read_output)
            self._reading = True

    def _stop_reading(self) -> None:
        if self._program is not None and self._reading:
            asyncio.get_running_loop().remove_reader(self._program.master)
            self._reading = False

    def _read_output(self, *, until_empty: bool = False) -> None:
        assert self._program is not None and self._channel is not None
        while True:
            try:
                data = os.read(self._program.master, READ_CHUNK)
            except BlockingIOError:
                return
            except OSError:  # EIO: the program has closed its terminal
                data = b""
            if not data:
                self._stop_reading()
                return
            if not self._lost:  # after a drop, output is read only so the program never blocks
                self.screen.bytes_written += len(data)
                self._channel.write(data)
            if not until_empty:
                return

    def pause_writing(self) -> None:
        # The client is not taking what is sent: stop reading, so the program waits for it.
        if not self._lost:
            self._stop_reading()

    def resume_writing(self) -> None:
        if self._program is not None and self._program.running:
            self._start_reading()

    # Bytes from the client to the program.
    def data_received(self, data: bytes, datatype: int | None) -> None:
        if self._program is None or datatype is not None:
            return
        self._input += data
        self._flush_input()

    def _flush_input(self) -> None:
        program = self._program
        if program is not None and program.running and not self._lost and self._input:
            try:
                del self._input[: os.write(program.master, self._input)]
            except BlockingIOError:
                pass
            except OSError:  # the program has closed its terminal
                self._input.clear()
            loop = asyncio.get_running_loop()
            if self._input:
                loop.add_writer(program.master, self._flush_input)
            else:
                loop.remove_writer(program.master)
        # Keys that wait (for the program to read them, or to start) make the client wait too.
        assert self._channel is not None
        if len(self._input) > INPUT_BUFFER_LIMIT and not self._input_paused:
            self._input_paused = True
            self._channel.pause_reading()
        elif self._input_paused and len(self._input) <= INPUT_BUFFER_LIMIT // 2:
            self._input_paused = False
            self._channel.resume_reading()

    # The client has gone.
    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        if self._start_timer is not None:
            self._start_timer.cancel()
        program = self._program
        if program is None:
            return
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_writer(program.master)
        self._input.clear()
        if not self._launched:
            program.close()
        elif program.running:
            self._start_reading()
            self._keep(asyncio.ensure_future(program.hang_up(HANG_UP_GRACE)))
