"""Bytes a screen of a shared table writes to its terminal after another seat's decision, bytes
an idle screen writes, and how long joining and rejoining take.

A table runs in this process (two remote seats, Ann and Bob); each seat's screen is
`python -m entropy_tui join ...` in a pseudo-terminal of its own, as an SSH login gets it. The
seat to decide presses the number of its first enabled option, as a player would; what the other
screen writes until its output falls quiet is that update's size. Usage:
python benchmarks/table_bytes.py [--decisions 60] [--size 80x24]
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import statistics
import struct
import sys
import tempfile
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
DATA_FOLDER = tempfile.TemporaryDirectory(prefix="entropy-tui-bench-")
os.environ["ENTROPY_TUI_DATA"] = DATA_FOLDER.name

from entropy_tui.play.config import GameConfig  # noqa: E402
from entropy_tui.play.session import Session  # noqa: E402
from entropy_tui.table.seats import parse_table_seats  # noqa: E402
from entropy_tui.table.server import Table  # noqa: E402

QUIET = 0.3  # seconds without output that end an update
NOTHING = 2.0  # seconds without any output after a decision: the screen wrote nothing
IDLE_SECONDS = 5.0
CODE_NOTICE_SECONDS = 21.0  # the seat code's notice closes by then (one redraw)


@dataclass
class Terminal:
    """A screen's process in a pseudo-terminal, and every byte it wrote."""

    master: int
    process: asyncio.subprocess.Process
    written: bytearray = field(default_factory=bytearray)
    last_write: float = 0.0

    @classmethod
    async def start(cls, argv: list[str], size: tuple[int, int]) -> Terminal:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLORTERM": ""}
        process = await asyncio.create_subprocess_exec(
            *argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True
        )
        os.close(slave)
        terminal = cls(master, process)
        asyncio.get_running_loop().add_reader(master, terminal._read)
        return terminal

    def _read(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.written += data
        self.last_write = time.monotonic()

    async def quiet(self, since: float = 0.0) -> None:
        """Waits for the screen's first write after `since` (for at most NOTHING seconds: it
        may write nothing), then until it has written nothing for QUIET seconds."""
        while self.last_write <= since and time.monotonic() - since < NOTHING:
            await asyncio.sleep(0.005)
        while time.monotonic() - self.last_write < QUIET:
            await asyncio.sleep(QUIET / 4)

    def press(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    async def stop(self) -> None:
        self.process.terminate()
        await self.process.wait()
        os.close(self.master)


def key_for_first_enabled(table: Table) -> str:
    decision = table.session.decision
    assert decision is not None
    number = next(n for n, o in enumerate(decision.options, start=1) if o.enabled)
    return f"{number:02d}" if len(decision.options) >= 10 else str(number % 10)


async def until(condition, seconds: float = 30.0) -> float:
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > seconds:
            raise TimeoutError("the table never got there")
        await asyncio.sleep(0.005)
    return time.monotonic() - start


async def main(decisions: int, size: tuple[int, int]) -> None:
    seats, remote = parse_table_seats("remote:Ann,remote:Bob")
    session = Session(GameConfig(seats, seed=11))
    folder = Path(tempfile.mkdtemp(prefix="entropy-bench-table-"))
    table = Table(session, remote, folder / "table.sock", bot_delay=0)
    await table.start()
    screens: dict[int, Terminal] = {}
    joins = []
    for seat, user in enumerate(("ann", "bob")):
        started = time.monotonic()
        screens[seat] = await Terminal.start(table.command_for(user, None), size)
        await until(lambda seat=seat: table.seat_state(seat) == "playing")
        await screens[seat].quiet(started)
        joins.append(time.monotonic() - started - QUIET)
    print(f"join (start to screen drawn): {', '.join(f'{s:.2f} s' for s in joins)}")
    await asyncio.sleep(CODE_NOTICE_SECONDS)
    for screen in screens.values():
        await screen.quiet()
    sizes = []
    for _ in range(decisions):
        decision = table.session.decision
        if decision is None:
            break
        seat, step = decision.player, len(table.session.game.state.choices)
        other = screens[1 - seat]
        before, pressed = len(other.written), time.monotonic()
        screens[seat].press(key_for_first_enabled(table))
        await until(lambda step=step: len(table.session.game.state.choices) > step)
        await other.quiet(pressed)
        await screens[seat].quiet(pressed)
        sizes.append(len(other.written) - before)
    idle_before = {seat: len(screen.written) for seat, screen in screens.items()}
    await asyncio.sleep(IDLE_SECONDS)
    idle = {seat: len(screens[seat].written) - idle_before[seat] for seat in screens}
    # Rejoin: Bob's screen is killed and started again at the same decision.
    await screens[1].stop()
    await until(lambda: table.seat_state(1) == "away")
    started = time.monotonic()
    screens[1] = await Terminal.start(table.command_for("bob", None), size)
    await until(lambda: table.seat_state(1) == "playing")
    await screens[1].quiet(started)
    rejoin = time.monotonic() - started - QUIET
    for screen in screens.values():
        await screen.stop()
    await table.close()
    sizes.sort()
    print(f"{size[0]}x{size[1]}, {len(sizes)} decisions of the other seat:")
    print(
        f"  bytes per update: median {statistics.median(sizes):.0f}, "
        f"p90 {sizes[int(len(sizes) * 0.9)]}, max {sizes[-1]}, min {sizes[0]}"
    )
    print(f"  idle {IDLE_SECONDS:.0f} s: Ann's screen wrote {idle[0]} bytes, Bob's {idle[1]}")
    print(f"  rejoin (start to screen drawn): {rejoin:.2f} s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))
    asyncio.run(main(args.decisions, (width, height)))
