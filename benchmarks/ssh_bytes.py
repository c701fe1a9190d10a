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
import fcntl
import itertools
import json
import os
import re
import signal
import socket
import statistics
import struct
import sys
import tempfile
import termios
import time
from pathlib import Path
from typing import BinaryIO

import asyncssh

from entropy_tui.rules import Decision, Game
from entropy_tui.saves.files import SaveError, load_game
from entropy_tui.ssh import start_ssh_server

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Row, write_rows

REDRAW = 0.15  # seconds before a decision's autosave that count as its redraw
QUIET = 0.3  # seconds with nothing sent that end a table screen's update
PASSWORD = "benchmark"


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))])


def saved_choices(folder: Path) -> int | None:
    saves = sorted(path for path in folder.glob("*.json") if not path.name.startswith("."))
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


class Screen:
    """One player's SSH login to a table, and everything it has been sent."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess):
        self.conn, self.process = conn, process
        self.received = Received()
        self.reader = asyncio.ensure_future(read_all(process, self.received))

    @classmethod
    async def open(cls, user: str, port: int, args: argparse.Namespace) -> Screen:
        columns, rows = (int(n) for n in args.size.split("x"))
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, password=PASSWORD,
            known_hosts=None, client_keys=None, agent_path=None,
        )  # fmt: skip
        process = await conn.create_process(
            term_type=args.term, term_size=(columns, rows), encoding=None,
            env={"COLORTERM": args.colorterm} if args.colorterm else {},
        )  # fmt: skip
        return cls(conn, process)

    def total(self) -> int:
        return sum(n for _, n in self.received.chunks)

    def text(self) -> bytes:
        return b"".join(self.received.data)

    async def quiet(self, seconds: float = QUIET) -> float:
        """Waits until nothing has arrived for `seconds`; the time the last byte came."""
        while True:
            last = self.received.chunks[-1][0] if self.received.chunks else 0.0
            if time.perf_counter() - last >= seconds:
                return last
            await asyncio.sleep(0.02)

    async def first_frame(self, started: float) -> float:
        """Seconds from `started` to the end of the first whole screen (its footer drawn)."""
        while b"F1" not in self.text():
            await asyncio.sleep(0.01)
        return await self.quiet() - started

    def close(self) -> None:
        self.conn.close()
        self.reader.cancel()


def table_game(folder: Path, names: list[str], seed: int) -> Game:
    """The table's game as the host saved it last (before any decision: as it starts)."""
    saves = sorted(path for path in folder.glob("*.json") if not path.name.startswith("."))
    while saves:
        try:
            return load_game(saves[-1])[0]
        except SaveError:  # replaced as it was read
            time.sleep(0.01)
    return Game.new(names, seed=seed, confirm_turn_end=False)


def option_key(decision: Decision) -> bytes:
    """What the player types for the first enabled option (two digits from ten options)."""
    first = next(n for n, option in enumerate(decision.options, start=1) if option.enabled)
    return (f"{first:02d}" if len(decision.options) >= 10 else str(first)).encode()


async def start_host(
    port: int, seed: int, seats: str = "remote:Ann,remote:Bob", password: str = PASSWORD
) -> asyncio.subprocess.Process:
    """`entropy-tui host` in a terminal of its own (read and dropped), listening on `port`,
    once it takes connections."""
    argv = [sys.executable, "-m", "entropy_tui", "host", "--port", str(port),
            "--listen", "127.0.0.1", "--seats", seats, "--seed", str(seed),
            "--password", password, "--bot-delay", "0"]  # fmt: skip
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    host = await asyncio.create_subprocess_exec(
        *argv, stdin=slave, stdout=slave, stderr=slave, start_new_session=True,
        env={**os.environ, "TERM": "xterm-256color"},
    )  # fmt: skip
    os.close(slave)
    os.set_blocking(master, False)
    asyncio.get_running_loop().add_reader(master, lambda: _drop(master))
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
            return host
        except OSError:
            await asyncio.sleep(0.05)


def _drop(master: int) -> None:
    try:
        os.read(master, 65536)
    except OSError:
        asyncio.get_running_loop().remove_reader(master)


async def measure_table(args: argparse.Namespace) -> dict[str, object]:
    """Ann and Bob join a table over SSH and play; each update the other screen is sent."""
    folder = Path(tempfile.mkdtemp(prefix="entropy-ssh-table-"))
    data = folder / "data"
    os.environ["ENTROPY_TUI_DATA"] = str(data)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    host = await start_host(port, args.seed)
    names = ["Ann", "Bob"]
    screens, join_seconds = {}, {}
    for name in names:
        started = time.perf_counter()
        screens[name] = await Screen.open(name.lower(), port, args)
        join_seconds[name] = round(await screens[name].first_frame(started), 3)
    updates = []
    for _ in range(args.decisions):
        decision = table_game(data, names, args.seed).decision
        if decision is None:
            break
        deciding, watching = screens[names[decision.player]], screens[names[1 - decision.player]]
        await asyncio.gather(deciding.quiet(), watching.quiet())
        made = len(table_game(data, names, args.seed).state.choices)
        mark = watching.total()
        for _ in range(10):  # a key typed before the prompt is on screen is not applied
            if len(table_game(data, names, args.seed).state.choices) > made:
                break
            deciding.process.stdin.write(option_key(decision))
            pressed = time.perf_counter()
            while time.perf_counter() - pressed < 2:
                await asyncio.sleep(0.02)
                if len(table_game(data, names, args.seed).state.choices) > made:
                    break
        await asyncio.gather(deciding.quiet(), watching.quiet())
        updates.append(watching.total() - mark)
    idle = None
    if args.idle:
        before = sum(screen.total() for screen in screens.values())
        await asyncio.sleep(args.idle)
        idle = sum(screen.total() for screen in screens.values()) - before
    screens["Ann"].close()
    await screens["Bob"].quiet(1.0)  # Bob's screen says that Ann is away
    started = time.perf_counter()
    again = await Screen.open("ann", port, args)
    rejoin_seconds = round(await again.first_frame(started), 3)
    for screen in (again, screens["Bob"]):
        screen.close()
    host.send_signal(signal.SIGTERM)
    await host.wait()
    return {
        "table": "remote:Ann,remote:Bob", "size": args.size, "term": args.term,
        "colorterm": args.colorterm, "updates_timed": len(updates),
        "update_median": statistics.median(updates) if updates else None,
        "update_p95": percentile(updates, 0.95) if updates else None,
        "updates_writing_nothing": sum(1 for n in updates if n == 0),
        "idle_seconds": args.idle, "idle_bytes": idle,
        "join_seconds": join_seconds, "rejoin_seconds": rejoin_seconds,
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
    parser.add_argument(
        "--table", action="store_true", help="a table of two remote seats (entropy-tui host)"
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help="with --table: update the results table in docs/performance.md",
    )
    args = parser.parse_args()
    result = asyncio.run(measure_table(args) if args.table else measure(args))
    print(json.dumps(result, indent=1))
    if args.write and args.table:
        write_rows(table_rows(result, args))
    return 0


def table_rows(result: dict[str, object], args: argparse.Namespace) -> list[Row]:
    """The rows a table's run keeps in the results table of docs/performance.md."""
    command = f"python benchmarks/ssh_bytes.py --table --size {args.size}"
    command += f" --idle {args.idle:g} --write" if args.idle else " --write"
    rows = [
        Row(
            f"A remote screen's update after another seat's decision, median (SSH, {args.size})",
            "<= 4 KB",
            f"{result['update_median']:,.0f} bytes (p95 {result['update_p95']:,.0f})",
            command,
        )
    ]
    if result["idle_bytes"] is not None:
        rows.append(
            Row(
                "An idle remote screen",
                "0 bytes",
                f"{result['idle_bytes']} bytes in {args.idle:g} s",
                command,
            )
        )
    return rows


if __name__ == "__main__":
    sys.exit(main())
