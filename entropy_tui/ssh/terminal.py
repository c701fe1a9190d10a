"""A program in a pseudo-terminal of its own: sized, resized and hung up like a local terminal's."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import struct
import termios
from collections.abc import Mapping, Sequence

DEFAULT_SIZE = (80, 24)
# A client may claim any size up to 2**32; the program would lay out (and write) that many
# cells. These bounds are larger than any real screen.
MAX_COLUMNS = 1000
MAX_ROWS = 500
MAX_PIXELS = 65535
FALLBACK_TERM = "xterm"
MAX_ESCAPE_DELAY = 5000  # milliseconds a lone Esc waits for the rest of a key
_SAFE_TERM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,63}")
# The host's own terminal, not the player's: a child must not think it runs inside the host's
# tmux or take the host's size for its own.
_HOST_TERMINAL_VARIABLES = frozenset(
    {
        "COLORTERM", "COLUMNS", "LINES", "TERM", "TERM_PROGRAM", "TERM_PROGRAM_VERSION",
        "TMUX", "TMUX_PANE", "STY", "VTE_VERSION", "WINDOWID", "KITTY_WINDOW_ID", "WT_SESSION",
        "ESCDELAY", "SSH_AUTH_SOCK", "SSH_CLIENT", "SSH_CONNECTION", "SSH_TTY", "DISPLAY",
    }
)  # fmt: skip


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """The size to give the pseudo-terminal for a client's claim (0 means "not known")."""
    if columns <= 0 or rows <= 0:
        return DEFAULT_SIZE
    return min(columns, MAX_COLUMNS), min(rows, MAX_ROWS)


def terminal_type(requested: str | None) -> str:
    """The client's TERM if it is a plain terminfo name, else a safe default."""
    if requested and _SAFE_TERM.fullmatch(requested):
        return requested
    return FALLBACK_TERM


def child_environment(term: str, sent: Mapping[str, str]) -> dict[str, str]:
    """The host's environment without its own terminal's variables, with the client's TERM, and
    COLORTERM and ESCDELAY if the client sent them (nothing else it sent)."""
    env = {k: v for k, v in os.environ.items() if k not in _HOST_TERMINAL_VARIABLES}
    env["TERM"] = term
    colorterm = sent.get("COLORTERM", "")
    if _SAFE_TERM.fullmatch(colorterm):
        env["COLORTERM"] = colorterm
    escape_delay = sent.get("ESCDELAY", "")
    if escape_delay.isdigit() and 1 <= int(escape_delay) <= MAX_ESCAPE_DELAY:
        env["ESCDELAY"] = escape_delay
    return env


def _take_controlling_terminal() -> None:
    # Runs in the child between fork and exec, after setsid(): the pty on stdin becomes the
    # controlling terminal, so resizes reach the program as SIGWINCH and hang-ups as SIGHUP.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class PtyProgram:
    """One pseudo-terminal; `start` runs the program in it."""

    def __init__(self, columns: int, rows: int) -> None:
        self.master, slave = os.openpty()
        self._slave: int | None = slave
        os.set_blocking(self.master, False)
        self.resize(columns, rows)
        self._process: asyncio.subprocess.Process | None = None

    def resize(self, columns: int, rows: int, x_pixels: int = 0, y_pixels: int = 0) -> None:
        columns, rows = clamp_size(columns, rows)
        x_pixels, y_pixels = (min(max(p, 0), MAX_PIXELS) for p in (x_pixels, y_pixels))
        size = struct.pack("HHHH", rows, columns, x_pixels, y_pixels)
        with contextlib.suppress(OSError):  # the program may be gone already
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, size)

    def size(self) -> tuple[int, int]:
        rows, columns, _, _ = struct.unpack(
            "HHHH", fcntl.ioctl(self.master, termios.TIOCGWINSZ, b"\0" * 8)
        )
        return columns, rows

    async def start(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        assert self._slave is not None, "one program per terminal"
        try:
            self._process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=self._slave,
                stdout=self._slave,
                stderr=self._slave,
                env=dict(env),
                start_new_session=True,
                preexec_fn=_take_controlling_terminal,
            )
        finally:
            # Only the program keeps the terminal's other end: when it exits, reading the
            # master ends, and nothing of ours holds the terminal open.
            os.close(self._slave)
            self._slave = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.returncode is None

    async def wait(self) -> int:
        assert self._process is not None
        return await self._process.wait()

    def signal(self, number: signal.Signals) -> None:
        if self.running:
            assert self._process is not None
            # The program leads a session of its own: its whole process group gets the signal.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._process.pid, number)

    async def hang_up(self, grace: float) -> None:
        """SIGHUP, as a terminal that goes away sends; SIGKILL if the program outlives `grace`."""
        if not self.running:
            return
        self.signal(signal.SIGHUP)
        try:
            await asyncio.wait_for(self.wait(), grace)
        except TimeoutError:
            self.signal(signal.SIGKILL)
            await self.wait()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self.master)
        if self._slave is not None:
            os.close(self._slave)
            self._slave = None
