"""Keypress -> screen updated, and bytes written per keypress, in a real pseudo-terminal.

The app runs as the player would start it (`python -m entropy_tui ...`), 4 seats at 120x40 in
open-hands mode (so no hand-off screen interrupts), is played to mid-game with Enter (the first
possible option), and then timed over a mix of keys a player presses: Down/Up through the
options, and a digit or Enter to choose. `--compare TREE` plays the same game in another
source tree at the same time, each key pressed in both, for a comparison on a busy machine.

Latency is measured from writing the key to the last byte of the frame it causes (the output
falls quiet for QUIET seconds). Usage: python benchmarks/tui_keypress.py [--keys 300]

`--while-thinking`: Ann against an Expert, the keys timed while the expert thinks in the
background: Down/Up and panel keys while it works out a hint Ann asked for with `h` (and the
same keys once the hint is shown, with nothing thinking), panel keys while it plays its own
turn; and how long each hint takes to appear. Runs alternate between the
app as shipped (thinking in a worker process) and the same app thinking in a thread of its own.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Row, write_rows

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

    def __init__(self, argv: list[str], size: tuple[int, int], cwd: Path = ROOT) -> None:
        master, slave = os.openpty()
        columns, rows = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = dict(
            os.environ,
            TERM="xterm-256color",
            COLORTERM="truecolor",
            ENTROPY_TUI_DATA=DATA_FOLDER.name,
            # A catalog cache for each source tree: trees that check it differently would
            # otherwise make each other check it again at every start.
            ENTROPY_TUI_CACHE=os.path.join(DATA_FOLDER.name, "cache", cwd.name),
        )
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            cwd=cwd,
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


# ---------------------------------------------------------------- while the expert thinks
# Between two steps of the thinking bar (a quarter of a second) the output is quiet for much
# longer than a frame takes to write: a short quiet ends a frame without waiting for a step.
THINKING_QUIET = 0.012
KEY_GAP = 0.06  # seconds between two timed keys, as a person types
MORE_KEYS = {"h": b"h", "o": b"o", "c": b"c", "l": b"l", "b": b"b"}
HINT_SHOWN = b"Hint: option"
HINT_ASKED = b"looking for a hint"
CONTROL_SEQUENCE = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
BAR_GLYPHS = set("━╸╺ ")  # what Textual's ProgressBar draws
FIRST_FRAME = b"Rondel"  # a panel's title: the game screen is drawn
# The app thinking in a thread of its own instead of its worker process (for the comparison).
IN_A_THREAD = (
    "import sys, entropy_tui.play.thinking as thinking;"
    " thinking.WorkerProcess = thinking.WorkerThread;"
    " from entropy_tui.__main__ import main; sys.exit(main(sys.argv[1:]))"
)


def timed_key(terminal: Terminal, key: bytes, seen: list[bytes]) -> float:
    """Milliseconds from the key to the end of the frame it causes (NaN: nothing changed);
    what was written is added to `seen`. What was already on its way is read first, and a step
    of the thinking bar (which comes every quarter of a second whatever is pressed) is not taken
    for the key's frame nor for part of it."""
    drain(terminal, seen)
    start = time.perf_counter()
    os.write(terminal.master, key)
    last = None
    deadline = start + NO_CHANGE
    while time.perf_counter() < deadline:
        wait = THINKING_QUIET if last is not None else deadline - time.perf_counter()
        ready, _, _ = select.select([terminal.master], [], [], max(wait, 0.0))
        if not ready:
            if last is not None:
                break
            continue
        seen.append(os.read(terminal.master, 1 << 16))
        if not bar_step(seen[-1]):
            last = time.perf_counter()
    time.sleep(KEY_GAP)
    return 1000 * (last - start) if last else float("nan")


def drain(terminal: Terminal, seen: list[bytes]) -> None:
    """Reads what was written already (added to `seen`), without waiting."""
    while select.select([terminal.master], [], [], 0)[0]:
        seen.append(os.read(terminal.master, 1 << 16))


def bar_step(written: bytes) -> bool:
    """Whether these bytes only redraw the thinking bar (its glyphs, moved to and coloured)."""
    text = CONTROL_SEQUENCE.sub(b"", written).decode("utf-8", "replace")
    return bool(text) and set(text) <= BAR_GLYPHS


def wait_for(terminal: Terminal, marker: bytes, seen: list[bytes], timeout: float) -> float | None:
    """Reads until `marker` has been written (looking at what `seen` holds too); the time."""
    deadline = time.perf_counter() + timeout
    while marker not in b"".join(seen[-200:]):
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        ready, _, _ = select.select([terminal.master], [], [], left)
        if ready:
            seen.append(os.read(terminal.master, 1 << 16))
    return time.perf_counter()


def thinking_run(size: tuple[int, int], rounds: int, in_thread: bool) -> dict[str, list[float]]:
    """Hints alternate between two kinds of round, so that each key is timed where it acts: in
    one, Down/Up while the hint thinks and again once it is shown; in the other, panel keys the
    same way. (A panel key gives the arrows to that panel, to scroll it, until Ann's next
    decision: Down/Up timed after one would scroll a panel, or do nothing, instead of moving the
    highlight. Timed so, they read about 180 ms: the next step of the thinking bar.)"""
    start = ["-c", IN_A_THREAD] if in_thread else ["-m", "entropy_tui"]
    argv = [sys.executable, *start, "--seats", "Ann,bot:expert", "--seed", "7", "--bot-delay", "0"]
    terminal = Terminal(argv, size)
    found: dict[str, list[float]] = {}

    def timed(situation: str, keys: list[bytes], seen: list[bytes]) -> None:
        for key in keys:
            kind = "highlight" if key in (KEYS["down"], KEYS["up"]) else "panel"
            found.setdefault(f"{situation}, {kind}", []).append(timed_key(terminal, key, seen))

    try:
        if wait_for(terminal, FIRST_FRAME, [], timeout=30) is None:
            raise RuntimeError("the game screen never showed")
        terminal.read_frame(timeout=1)  # the rest of the first frame
        hints = 0
        for _ in range(rounds * 20):
            if hints == rounds:
                break
            seen: list[bytes] = []
            drain(terminal, seen)  # an earlier hint's words are not this one's
            before = len(seen)
            asked = time.perf_counter()
            timed_key(terminal, MORE_KEYS["h"], seen)
            written = b"".join(seen[before:])
            # Not Ann's decision, or a hint answered within the key's own frame (a decision of
            # one option, "the only option here"): nothing thinks, and Down/Up would move nothing.
            if HINT_ASKED not in written or HINT_SHOWN in written:
                if HINT_SHOWN in written:
                    timed_key(terminal, KEYS["enter"], [])
                time.sleep(0.3)
                continue
            hints += 1
            keys = (
                [KEYS["down"], KEYS["up"]] * 2
                if hints % 2
                else [MORE_KEYS["o"], MORE_KEYS["c"]] * 2
            )
            timed("a hint thinks", keys, seen)
            shown = wait_for(terminal, HINT_SHOWN, seen, timeout=10)
            if shown is not None:
                found.setdefault("hint shown", []).append(1000 * (shown - asked))
                timed("nothing thinks", keys, seen)
            timed_key(terminal, KEYS["enter"], [])  # the highlighted option
            # The app gives the arrows back to the options at Ann's next decision, but these
            # may come after it (the Expert can be quick): only the panel rounds follow them.
            if hints % 2:
                timed("its turn, maybe", [MORE_KEYS["l"], MORE_KEYS["b"]] * 3, [])
    finally:
        terminal.close()
    return found


def while_thinking(size: tuple[int, int], rounds: int, runs: int, write: bool) -> int:
    ways = {"worker process": False, "thread": True}
    results: dict[str, dict[str, list[float]]] = {way: {} for way in ways}
    for _ in range(runs):  # alternating, so that both see the same machine
        for way, in_thread in ways.items():
            for group, values in thinking_run(size, rounds, in_thread).items():
                results[way].setdefault(group, []).extend(values)
    print(f"Ann against an Expert at {size[0]}x{size[1]}, {runs} runs of {rounds} hints each way")
    medians: dict[str, dict[str, float]] = {}
    for way, groups in results.items():
        for group, values in groups.items():
            ms = [m for m in values if m == m]
            if not ms:
                continue
            medians.setdefault(group, {})[way] = statistics.median(ms)
            print(
                f"  {way:<15} {group:<26} n={len(ms):>4} ({len(values) - len(ms)} changed"
                f" nothing)  p50 {statistics.median(ms):6.1f} ms  p95 {percentile(ms, 0.95):6.1f}"
                f" ms  max {max(ms):6.1f} ms"
            )
    for group, by_way in medians.items():
        if len(by_way) == 2:
            ratio = by_way["thread"] / by_way["worker process"]
            print(f"  {group}: p50 in a thread / in the worker process = {ratio:.2f}x")
    shipped = results["worker process"]
    keys = [m for m in shipped.get("a hint thinks, highlight", []) if m == m]
    hints = shipped.get("hint shown", [])
    if write and keys and hints:
        command = (
            f"python benchmarks/tui_keypress.py --while-thinking --rounds {rounds} --runs {runs}"
            f" --size {size[0]}x{size[1]} --write"
        )
        write_rows(
            [
                Row(
                    f"Down/Up while a hint thinks, p95 ({size[0]}x{size[1]})",
                    "<= 16 ms",
                    f"{percentile(keys, 0.95):.1f} ms (p50 {statistics.median(keys):.1f} ms)",
                    command,
                ),
                Row(
                    "Hint shown after `h` (the Expert's 1 s budget)",
                    "about 1 s",
                    f"p50 {statistics.median(hints):,.0f} ms, at most {max(hints):,.0f} ms",
                    command,
                ),
            ]
        )
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=300, help="keypresses to time")
    parser.add_argument("--warmup", type=int, default=120, help="choices before timing")
    parser.add_argument("--size", default="120x40")
    parser.add_argument(
        "--while-thinking", action="store_true", help="time keys while an Expert thinks"
    )
    parser.add_argument("--rounds", type=int, default=8, help="hints per run (--while-thinking)")
    parser.add_argument("--runs", type=int, default=2, help="runs each way (--while-thinking)")
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="TREE",
        help="also time another source tree (an older version, say), keys alternating",
    )
    parser.add_argument(
        "--write", action="store_true", help="update the results table in docs/performance.md"
    )
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    if args.while_thinking:
        return while_thinking(size, args.rounds, args.runs, args.write)  # type: ignore[arg-type]
    argv = [sys.executable, "-m", "entropy_tui", "--seats", "Ann,Bea,Cy,Dee", "--seed", "7"]
    argv += ["--open-hands", "--bot-delay", "0"]
    trees = {"": ROOT} if args.compare is None else {"": ROOT, " [compared]": args.compare}
    # With --compare both apps play the same game side by side, each key pressed in one and
    # then in the other (in turns which goes first), so that both meet the same machine.
    terminals = {
        label: Terminal(argv, size, cwd=tree)  # type: ignore[arg-type]
        for label, tree in trees.items()
    }
    timings: dict[str, dict[str, list[tuple[float, int]]]] = {
        # "refused": Enter on an option that is not possible: the prompt says why
        label: {"move highlight": [], "choose": [], "refused": []}
        for label in terminals
    }
    try:
        for terminal in terminals.values():
            terminal.read_frame(timeout=20)
        for _ in range(args.warmup):
            for terminal in terminals.values():
                terminal.press(KEYS["enter"])
        pattern = ["down", "up", "down", "enter"]
        for i in range(args.keys):
            key = pattern[i % len(pattern)]
            order = list(terminals.items())
            if (i // len(pattern)) % 2:
                order.reverse()
            for label, terminal in order:
                timing = terminal.press(KEYS[key])
                if key != "enter":
                    timings[label]["move highlight"].append(timing)
                elif REFUSED in terminal.output:
                    timings[label]["refused"].append(timing)
                    choose_another(terminal)
                else:
                    timings[label]["choose"].append(timing)
    finally:
        for terminal in terminals.values():
            terminal.close()
    for label, groups in timings.items():
        every = [t for group in groups.values() for t in group]
        print(f"{len(every)} keys at {args.size}, 4 seats, after {args.warmup} choices{label}")
        for name, rows in [*groups.items(), ("all keys", every)]:
            ms = [m for m, _ in rows if m == m]  # NaN: nothing to redraw
            if not ms:
                continue
            sizes = [b for _, b in rows]
            print(
                f"  {name:<15} n={len(rows):>4} ({len(rows) - len(ms)} changed nothing)"
                f"  latency p50 {statistics.median(ms):5.1f} ms  p90 {percentile(ms, 0.9):5.1f} ms"
                f"  p95 {percentile(ms, 0.95):5.1f} ms  max {max(ms):5.1f} ms"
                f"  bytes median {statistics.median(sizes):6.0f}"
                f"  p95 {percentile(sizes, 0.95):6.0f}"
            )
    chosen = [m for m, _ in timings[""]["choose"] if m == m]
    written = [b for group in timings[""].values() for _, b in group]
    if args.write and chosen:
        command = (
            f"python benchmarks/tui_keypress.py --keys {args.keys} --warmup {args.warmup}"
            f" --size {args.size} --write"
        )
        write_rows(
            [
                Row(
                    f"Choice (Enter) p95 at {args.size}",
                    "<= 16 ms",
                    f"{percentile(chosen, 0.95):.1f} ms (p50 {statistics.median(chosen):.1f} ms,"
                    f" {len(chosen)} choices)",
                    command,
                ),
                Row(
                    f"Bytes written per keypress, median of all keys ({args.size})",
                    "<= 4 KB",
                    f"{statistics.median(written):,.0f} bytes (p95"
                    f" {percentile(written, 0.95):,.0f})",
                    command,
                ),
            ]
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
