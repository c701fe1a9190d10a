"""Keypress -> screen updated, and bytes written per keypress, in a real pseudo-terminal.

The app runs as the player would start it (`python -m entropy_tui ...`), 4 seats at 120x40 in
open-hands mode (so no hand-off screen interrupts), is played to mid-game with Enter (the first
possible option), and then timed over a mix of keys a player presses: Down/Up through the
options, and a digit or Enter to choose.

Latency is measured from writing the key to the last byte of the frame it causes (the output
falls quiet for QUIET seconds). Usage: python benchmarks/tui_keypress.py [--keys 300]
"""

from __future__ import annotations

import argparse
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUIET = 0.08  # seconds without output that mark the end of a frame
NO_CHANGE = 1.0  # seconds without any output after a key: it changed nothing on screen
KEYS = {"down": b"\x1b[B", "up": b"\x1b[A", "enter": b"\r", "1": b"1"}
# Autosaves (and the checked catalog's cache) of benchmark runs go here (removed at exit), never
# to the user's folders.
DATA_FOLDER = tempfile.TemporaryDirectory(prefix="entropy-tui-bench-")


def _take_terminal() -> None:
    """In the child: make the pseudo-terminal its controlling terminal, so that it is hung up
    (SIGHUP), like a closed terminal window, if this script dies without closing it."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class Terminal:
    """A child process on a pseudo-terminal of a fixed size."""

    def __init__(self, argv: list[str], size: tuple[int, int]) -> None:
        master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = dict(
            os.environ,
            TERM="xterm-256color",
            COLORTERM="truecolor",
            ENTROPY_TUI_DATA=DATA_FOLDER.name,
            ENTROPY_TUI_CACHE=os.path.join(DATA_FOLDER.name, "cache"),
        )
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=ROOT,
            start_new_session=True,
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        self.master = master
        self.output = b""  # what the last frame wrote

    def read_frame(self, timeout: float = 10.0) -> tuple[int, float | None]:
        """Bytes read until the output is quiet, and the time of the last byte."""
        total, last = 0, None
        self.output = b""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            wait = QUIET if last is not None else max(0.0, deadline - time.perf_counter())
            ready, _, _ = select.select([self.master], [], [], wait)
            if not ready:
                if last is not None:
                    break
                continue
            data = os.read(self.master, 1 << 16)
            self.output += data
            total += len(data)
            last = time.perf_counter()
        return total, last

    def press(self, key: bytes) -> tuple[float, int]:
        """Milliseconds from the key to the end of the frame, and the frame's bytes; NaN ms
        when the key changed nothing on screen (Down on the last option, say)."""
        start = time.perf_counter()
        os.write(self.master, key)
        size, last = self.read_frame(timeout=NO_CHANGE)
        return (1000 * (last - start) if last else float("nan")), size

    def close(self) -> None:
        os.write(self.master, b"\x11")  # Ctrl+Q asks to leave; y confirms
        time.sleep(0.3)
        os.write(self.master, b"y")
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        os.close(self.master)


REFUSED = b"is not possible"


def choose_another(terminal: Terminal) -> None:
    """After a refused Enter, moves up (then down) through the options until Enter is taken, so
    the game goes on (untimed)."""
    for key in ["up"] * 9 + ["down"] * 18:
        terminal.press(KEYS[key])
        terminal.press(KEYS["enter"])
        if REFUSED not in terminal.output:
            return
    raise RuntimeError("no option could be chosen")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300, help="keypresses to time")
    parser.add_argument("--warmup", type=int, default=120, help="choices before timing")
    parser.add_argument("--size", default="120x40")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    argv = [
        sys.executable,
        "-m",
        "entropy_tui",
        "--seats",
        "Ann,Bea,Cy,Dee",
        "--seed",
        "7",
        "--open-hands",
        "--bot-delay",
        "0",
    ]
    terminal = Terminal(argv, size)  # type: ignore[arg-type]
    try:
        terminal.read_frame(timeout=20)
        for _ in range(args.warmup):
            terminal.press(KEYS["enter"])
        timings: dict[str, list[tuple[float, int]]] = {
            "move highlight": [],
            "choose": [],
            "refused": [],  # Enter on an option that is not possible: the prompt says why
        }
        pattern = ["down", "up", "down", "enter"]
        for i in range(args.keys):
            key = pattern[i % len(pattern)]
            timing = terminal.press(KEYS[key])
            if key != "enter":
                timings["move highlight"].append(timing)
            elif REFUSED in terminal.output:
                timings["refused"].append(timing)
                choose_another(terminal)
            else:
                timings["choose"].append(timing)
    finally:
        terminal.close()
    every = [t for group in timings.values() for t in group]
    print(f"{len(every)} keys at {args.size}, 4 seats, after {args.warmup} choices")
    for name, rows in [*timings.items(), ("all keys", every)]:
        ms = [m for m, _ in rows if m == m]  # NaN: nothing to redraw
        if not ms:
            continue
        sizes = [b for _, b in rows]
        print(
            f"  {name:<15} n={len(rows):>4} ({len(rows) - len(ms)} changed nothing)"
            f"  latency p50 {statistics.median(ms):5.1f} ms  p95 {percentile(ms, 0.95):5.1f} ms"
            f"  max {max(ms):5.1f} ms  bytes median {statistics.median(sizes):6.0f}"
            f"  p95 {percentile(sizes, 0.95):6.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
