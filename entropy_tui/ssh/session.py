"""One SSH session: the program's terminal bridged to the client, nothing else allowed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import monotonic

import asyncssh

from entropy_tui.ssh.terminal import PtyProgram, child_environment, terminal_type

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
# What a client may send before the server has taken it (its SSH window): asyncssh holds this
# much at most while the client is paused.
INPUT_WINDOW = 2 * INPUT_BUFFER_LIMIT
READ_CHUNK = 64 * 1024
# Keys reach the program at most this fast (a burst of this many bytes, then so many a second):
# far beyond any typing, but a flood keeps only a small share of a core busy reading it.
INPUT_BURST = 64 * 1024
INPUT_BYTES_PER_SECOND = 16 * 1024
# Each new size makes the program lay out its screen again (at 1000x500, 0.23 s of CPU): a
# client's sizes are applied this often at most; the latest always is, once its turn comes.
RESIZES_PER_SECOND = 2.0


@dataclass
class RemoteScreen:
    """One connection's terminal: bytes the program sent the client, and bytes the client typed
    that reached the program."""

    user: str
    key_fingerprint: str | None
    address: str = ""  # the client's
    bytes_written: int = 0
    bytes_typed: int = 0
    columns: int = 0
    rows: int = 0


class Allowance:
    """So much per second, with a burst: what has been spent comes back at `rate` a second, up to
    `burst`."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._left = burst
        self._at = clock()

    def available(self) -> float:
        now = self._clock()
        self._left = min(self.burst, self._left + (now - self._at) * self.rate)
        self._at = now
        return self._left

    def spend(self, amount: float) -> None:
        self._left -= amount

    def wait_for(self, amount: float) -> float:
        """Seconds until `amount` is available."""
        return max(0.0, (amount - self.available()) / self.rate)


# The one command a client may ask for: the program in plain lines (`command_for`'s argv gets
# PLAIN_FLAG, and TERM is dumb), for a screen reader or a braille display.
PLAIN_COMMAND = "plain"
PLAIN_FLAG = "--plain"


def needs_terminal_line(user: str, port: int, command: str = "") -> bytes:
    login = f"ssh -t -p {port} {user}@HOST {command}".rstrip()
    return f"entropy-tui needs a terminal: connect with {login}\r\n".encode()


class GuardedSession(asyncssh.SSHServerSession[bytes]):
    """What every login's session does alike: it must start within START_TIMEOUT; it refuses
    subsystems (SFTP among them), breaks and signals; a terminal's input ending does not end
    the game; and keys that pile up make the client wait (`_pace_client`). Subclasses say which
    commands they take and run the program."""

    def __init__(self, screen: RemoteScreen) -> None:
        self.screen = screen
        self._channel: asyncssh.SSHServerChannel[bytes] | None = None
        self._start_timer: asyncio.TimerHandle | None = None
        self._input = bytearray()  # keys from the client not yet passed on
        self._input_paused = False
        self._taking_held_input = False

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self._channel = chan
        self._start_timer = asyncio.get_running_loop().call_later(START_TIMEOUT, chan.close)

    def shell_requested(self) -> bool:
        return True  # without a pty it is answered with one line in session_started

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused the %r subsystem for %s", subsystem[:40], self.screen.user)
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Signals are the program's own business; a client may not send them."""

    def eof_received(self) -> bool:
        return True  # keep drawing: a terminal's input ending does not end the game

    def _pace_client(self) -> None:
        """Keys that wait (for the program to read them, or to start) make the client wait too.
        After a pause asyncssh opens the client's whole window again at the first bytes it passes
        on, even while it still holds more: so on resuming, all it holds is taken at once (one
        window at most), and only then is the client paused again if need be. Otherwise each
        pause would let another window in, and a flood would pile up in the host without end."""
        if self._taking_held_input:
            return
        assert self._channel is not None
        if len(self._input) > INPUT_BUFFER_LIMIT and not self._input_paused:
            self._input_paused = True
            self._channel.pause_reading()
        elif self._input_paused and len(self._input) <= INPUT_BUFFER_LIMIT // 2:
            self._input_paused = False
            self._taking_held_input = True
            try:
                self._channel.resume_reading()  # passes on what it holds before returning
            finally:
                self._taking_held_input = False
            self._pace_client()


class ProgramSession(GuardedSession):
    """Runs `command_for(user, key)` in a terminal of its own when the client asks for a shell
    (or for PLAIN_COMMAND) with a pty; refuses other commands and subsystems (SFTP among them)."""

    def __init__(
        self,
        screen: RemoteScreen,
        command_for: CommandFor,
        port: int,
        keep: Callable[[asyncio.Future[None]], None],
        close_connection: Callable[[], None],
    ) -> None:
        super().__init__(screen)
        self._command_for = command_for
        self._port = port
        self._keep = keep
        self._close_connection = close_connection
        self._program: PtyProgram | None = None
        self._term = "xterm"
        self._plain = False  # the client asked for PLAIN_COMMAND
        self._reading = False
        self._launched = False
        self._input_allowance = Allowance(INPUT_BYTES_PER_SECOND, INPUT_BURST, monotonic)
        self._input_later: asyncio.TimerHandle | None = None
        self._resize_allowance = Allowance(RESIZES_PER_SECOND, 1, monotonic)
        self._resize_later: asyncio.TimerHandle | None = None
        self._size_to_apply: tuple[int, int, int, int] | None = None
        self._lost = False

    # Requests from the client.
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
        self._size_to_apply = (width, height, pixwidth, pixheight)
        if self._resize_later is None:
            self._apply_size()

    def _apply_size(self) -> None:
        self._resize_later = None
        if self._program is None or self._size_to_apply is None or self._lost:
            return
        wait = self._resize_allowance.wait_for(1)
        if wait > 0:
            loop = asyncio.get_running_loop()
            self._resize_later = loop.call_later(wait, self._apply_size)
            return
        self._resize_allowance.spend(1)
        self._program.resize(*self._size_to_apply)
        self._size_to_apply = None
        self.screen.columns, self.screen.rows = self._program.size()

    def exec_requested(self, command: str) -> bool:
        if command == PLAIN_COMMAND:
            self._plain = True
            return True
        log.info("refused a command from %s", self.screen.user)
        return False

    def session_started(self) -> None:
        if self._start_timer is not None:
            self._start_timer.cancel()
        chan = self._channel
        assert chan is not None
        if self._program is None:
            command = PLAIN_COMMAND if self._plain else ""
            chan.write_stderr(needs_terminal_line(self.screen.user, self._port, command))
            chan.exit(1)
            return
        self._launched = True
        self._keep(asyncio.ensure_future(self._run(chan, self._program)))

    # The program's life.
    async def _run(self, chan: asyncssh.SSHServerChannel[bytes], program: PtyProgram) -> None:
        try:
            argv = list(self._command_for(self.screen.user, self.screen.key_fingerprint))
            term = self._term
            if self._plain:
                argv.append(PLAIN_FLAG)
                term = "dumb"
            await program.start(argv, child_environment(term, chan.get_environment()))
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
        """Passes the keys waiting on to the program, as fast as it reads them and the input
        allowance lets them go; whatever is left is tried again when either can take more."""
        loop = asyncio.get_running_loop()
        if self._input_later is not None:
            self._input_later.cancel()
            self._input_later = None
        program = self._program
        if program is not None and program.running and not self._lost and self._input:
            allowed = min(len(self._input), int(self._input_allowance.available()))
            written = 0
            try:
                written = os.write(program.master, self._input[:allowed]) if allowed else 0
            except BlockingIOError:
                pass
            except OSError:  # the program has closed its terminal
                self._input.clear()
            del self._input[:written]
            self._input_allowance.spend(written)
            self.screen.bytes_typed += written
            if self._input and written < allowed:  # the terminal is full: when it can take more
                loop.add_writer(program.master, self._flush_input)
            else:
                loop.remove_writer(program.master)
                if self._input:  # the allowance is spent: when it has come back a little
                    wait = self._input_allowance.wait_for(min(len(self._input), 1024))
                    self._input_later = loop.call_later(wait, self._flush_input)
        self._pace_client()

    # The client has gone.
    def connection_lost(self, exc: Exception | None) -> None:
        self._lost = True
        for timer in (self._start_timer, self._input_later, self._resize_later):
            if timer is not None:
                timer.cancel()
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
