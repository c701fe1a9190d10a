"""Bytes a remote screen is sent over SSH: per update after a decision, and over an idle minute.

The app runs behind the table's own SSH server (entropy_tui.ssh, on a free local port) and is
read by an SSH client (asyncssh) with a pty of the given size. Each decision's autosave marks the
decision; the bytes that arrive from one autosave to the next are that decision's update (the
screen is redrawn just before the autosave is written, so the last 150 ms before it are the
redraw itself, and the rest is what came while the bot thought, such as the thinking row's
steps). The server's own per-connection count must equal what the client received.
Usage: python benchmarks/ssh_bytes.py [--seats "bot:greedy,bot:greedy"] [--decisions 200]
       [--size 80x24] [--term xterm-256color] [--colorterm truecolor] [--idle 60]
       [--bot-delay 0.6]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import BinaryIO

import asyncssh

from entropy_tui.ssh import start_ssh_server

REDRAW = 0.15  # seconds before a decision's autosave that count as its redraw
PASSWORD = "benchmark"


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))])


def saved_choices(folder: Path) -> int | None:
    saves = sorted(folder.glob("*.json"))
    if not saves:
        return None
    try:
        return len(json.loads(saves[-1].read_text(encoding="utf-8"))["choices"])
    except (OSError, ValueError, KeyError):
        return None  # written as we read: the next look sees it


class Received:
    """Every chunk the client received, with its arrival time."""

    def __init__(self) -> None:
        self.chunks: list[tuple[float, int]] = []
        self.data: list[bytes] = []
        self.dump: BinaryIO | None = None

    def between(self, start: float, end: float) -> int:
        return sum(n for t, n in self.chunks if start <= t < end)

    def bytes_between(self, start: float, end: float) -> bytes:
        pairs = zip(self.chunks, self.data, strict=True)
        return b"".join(data for (t, _), data in pairs if start <= t < end)


CURSOR_MOVE = re.compile(rb"\x1b\[\d+;\d+H")
STYLE = re.compile(rb"\x1b\[[0-9;:]*m")
ANY_ESCAPE = re.compile(rb"\x1b\[[0-9;:?]*[A-Za-z]")
SPACES = re.compile(rb" {3,}")


def where_bytes_go(redraws: list[bytes]) -> dict[str, float]:
    """Average bytes per redraw: style (SGR) sequences, cursor moves, runs of 3+ spaces (cells
    cleared or padded), other text, and the number of screen rows rewritten."""
    totals = {"style": 0, "cursor_moves": 0, "spaces": 0, "text": 0, "rows_rewritten": 0}
    for redraw in redraws:
        totals["style"] += sum(map(len, STYLE.findall(redraw)))
        totals["cursor_moves"] += sum(map(len, CURSOR_MOVE.findall(redraw)))
        text = ANY_ESCAPE.sub(b"", redraw)
        spaces = sum(map(len, SPACES.findall(text)))
        totals["spaces"] += spaces
        totals["text"] += len(text) - spaces
        totals["rows_rewritten"] += len(set(re.findall(rb"\x1b\[(\d+);\d+H", redraw)))
    return {name: round(total / max(len(redraws), 1)) for name, total in totals.items()}


async def read_all(process: asyncssh.SSHClientProcess, received: Received) -> None:
    while True:
        data = await process.stdout.read(65536)
        if not data:
            return
        received.chunks.append((time.perf_counter(), len(data)))
        received.data.append(data)
        if received.dump is not None:
            received.dump.write(b"\n@@%.4f@@\n" % time.perf_counter() + data)


async def measure(args: argparse.Namespace) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="entropy-ssh-bytes-"))
    os.environ["ENTROPY_TUI_DATA"] = str(folder / "data")
    columns, rows = (int(n) for n in args.size.split("x"))
    argv = [sys.executable, "-m", "entropy_tui", "--seats", args.seats, "--seed", str(args.seed),
            "--bot-delay", str(args.bot_delay), "--no-mouse"]  # fmt: skip
    server = await start_ssh_server(
        port=0, host="127.0.0.1", host_key=folder / "host_key", authorized_keys=None,
        password=PASSWORD, command_for=lambda user, key: argv,
    )  # fmt: skip
    received = Received()
    if args.dump:
        received.dump = open(args.dump, "wb")  # noqa: SIM115
    decisions: list[tuple[float, int]] = []
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="ann", password=PASSWORD,
        known_hosts=None, client_keys=None, agent_path=None,
    ) as conn:  # fmt: skip
        process = await conn.create_process(
            term_type=args.term, term_size=(columns, rows), encoding=None,
            env={"COLORTERM": args.colorterm} if args.colorterm else {},
        )  # fmt: skip
        reader = asyncio.ensure_future(read_all(process, received))
        started = time.perf_counter()
        last = None
        while len(decisions) < args.decisions and time.perf_counter() - started < args.timeout:
            count = saved_choices(folder / "data")
            if count is not None and count != last:
                decisions.append((time.perf_counter(), count))
                last = count
            await asyncio.sleep(0.005)
        idle: int | None = None
        if args.idle:
            # A game waiting for a person: nothing happens, so nothing should be sent. It waits
            # once the autosave has not changed for 3 s (the bots have played up to the person).
            quiet_since = time.perf_counter()
            while time.perf_counter() - quiet_since < 3:
                count = saved_choices(folder / "data")
                if count != last:
                    quiet_since, last = time.perf_counter(), count
                await asyncio.sleep(0.05)
            before = sum(n for _, n in received.chunks)
            await asyncio.sleep(args.idle)
            idle = sum(n for _, n in received.chunks) - before
        [screen] = server.screens
        counted_by_server = screen.bytes_written
        process.stdin.write(b"\x03")
        conn.close()
        reader.cancel()
    server.close()
    await server.wait_closed()

    whole, redraws, before, redraw_bytes = [], [], [], []
    # The first decisions are the game's set-up, drawn with the first frame: skip them.
    steady = decisions[2:]
    for (start, _), (end, _) in itertools.pairwise(steady):
        whole.append(received.between(start, end))
        redraws.append(received.between(max(start, end - REDRAW), end))
        redraw_bytes.append(received.bytes_between(max(start, end - REDRAW), end))
        before.append(received.between(start, max(start, end - REDRAW)))
    total = sum(n for _, n in received.chunks)
    return {
        "seats": args.seats, "size": args.size, "term": args.term,
        "colorterm": args.colorterm, "bot_delay": args.bot_delay,
        "decisions_timed": len(whole), "total_bytes": total,
        "server_count_matches": counted_by_server == total,
        "per_decision_median": statistics.median(whole) if whole else None,
        "per_decision_p95": percentile(whole, 0.95) if whole else None,
        "redraw_median": statistics.median(redraws) if redraws else None,
        "redraw_p95": percentile(redraws, 0.95) if redraws else None,
        "thinking_median": statistics.median(before) if before else None,
        "idle_seconds": args.idle, "idle_bytes": idle,
        "redraw_average_by_kind": where_bytes_go(redraw_bytes),
    }  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", default="bot:greedy,bot:greedy")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--term", default="xterm-256color")
    parser.add_argument(
        "--colorterm", default="", help="COLORTERM for the client to send (OpenSSH sends none)"
    )
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--bot-delay", type=float, default=0.6)
    parser.add_argument("--idle", type=float, default=0, help="then seconds of idle screen")
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--dump", help="write every byte received to this file, marked by time")
    args = parser.parse_args()
    print(json.dumps(asyncio.run(measure(args)), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
