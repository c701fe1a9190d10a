"""How many SSH players one server holds: memory (PSS) per connected player and key-to-screen
latency, for the club's way (every connection's Textual app a task of the server's one process,
drawing through tui/channel_driver.py) beside the way `entropy-tui host` serves a table (every
connection a Textual process of its own behind a pseudo-terminal), in the same run.

The club's way is the real `entropy-tui club` (its own process, --open, its database in a temp
folder), its members registered beforehand in that database with the clients' keys, so each
player logs in by key to their own lobby (the club's real screens). The host's way is the real
`entropy-tui host` (its own process, in a terminal of its own) with one table of two remote
seats: the first two players take the seats and everyone else watches as a spectator (password
logins, through the table's lobby), each screen a process of its own. The clients are asyncssh
connections in this process, each from a loopback address of its own
(127.0.x.y: the server's caps per address stay as they are), each with an 80x24 pty. Players
join in steps (10, then 50, then 100 in all by default); at each step, once every screen is drawn
and the server has been idle a few seconds:
- PSS: the sum of Pss in /proc/PID/smaps_rollup over the server and every process under it,
  divided by the players connected (and the server's own before anyone connects);
- key latency: a quarter of the players press a key every --key-interval seconds (jittered) for
  --seconds; a key's latency runs from the client writing it to the client receiving the screen
  first bytes of the changed screen (the club: Down and Up in turn, moving the lobby's selection
  or the prompt's highlight; the host: o and b in turn, showing the Offers or the Board panel)
  (p50, p95, max; a key not shown within 10 s counts as lost);
- CPU per key: the server's CPU time (user + system, over its processes) while keys were
  pressed, divided by the keys; and its CPU share while idle.
And the club database's growth per finished game (a member against a Casual bot, played to the
end through the club's rooms).
Usage: python benchmarks/club_capacity.py [--players 10,50,100] [--ways club,host]
       [--key-interval 0.5] [--seconds 20] [--write]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncssh

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Row, write_rows
from ssh_bytes import start_host

PASSWORD = "benchmark"
HOST_SEAT = "Seat"  # the host's two remote seats: Seat0 and Seat1
SEATS = 2
SIZE = (80, 24)
KEY_TIMEOUT = 10.0
SETTLE = 3.0  # seconds of quiet before memory and idle CPU are read
IDLE_SECONDS = 5.0
WAYS = {
    "club": "entropy-tui club: one process, a lobby app per connection (its real screens)",
    "host": "entropy-tui host: one table, two seats and spectators, a process per connection",
}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------- the server, measured
def process_tree(pid: int) -> list[int]:
    """`pid` and every process under it."""
    found, queue = [], [pid]
    while queue:
        current = queue.pop()
        found.append(current)
        with contextlib.suppress(OSError):
            for task in os.listdir(f"/proc/{current}/task"):
                text = Path(f"/proc/{current}/task/{task}/children").read_text()
                queue.extend(int(child) for child in text.split())
    return found


def pss_kb(pid: int) -> int:
    total = 0
    for process in process_tree(pid):
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{process}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
    return total


def cpu_seconds(pid: int) -> float:
    """User and system CPU of `pid` and the processes under it (and theirs that ended)."""
    ticks = 0
    for process in process_tree(pid):
        with contextlib.suppress(OSError, IndexError):
            fields = Path(f"/proc/{process}/stat").read_text().rsplit(")", 1)[1].split()
            ticks += sum(int(field) for field in fields[11:15])  # utime stime cutime cstime
    return ticks / CLOCK_TICKS


class Server:
    """One way's server, a process of its own started from this script."""

    def __init__(self, way: str) -> None:
        self.way = way
        self.process: asyncio.subprocess.Process | None = None
        self.port = 0

    async def start(self, folder: Path) -> None:
        env = {**os.environ, "TERM": "xterm-256color", "ENTROPY_TUI_DATA": str(folder)}
        if self.way == "host":
            os.environ["ENTROPY_TUI_DATA"] = str(folder)  # the host's saves, in the step's folder
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                self.port = probe.getsockname()[1]
            seats = ",".join(f"remote:{HOST_SEAT}{n}" for n in range(SEATS))
            self.process = await start_host(self.port, seed=7, seats=seats, password=PASSWORD)
            return
        club = ["-m", "entropy_tui", "club", "--port", "0", "--listen", "127.0.0.1", "--open"]
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, *club, "--db", str(folder / "club.db"),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, env=env,
        )  # fmt: skip
        assert self.process.stdout is not None
        first = (await self.process.stdout.readline()).decode()
        self.port = int(first.split("port ")[1].split(":")[0])

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    async def stop(self) -> None:
        assert self.process is not None
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self.process.wait(), 30)
        except TimeoutError:
            self.process.send_signal(signal.SIGKILL)
            await self.process.wait()


# ---------------------------------------------------------------------- the players
class Player:
    """One SSH client with a pty; knows when its screen shows what its last key brings."""

    def __init__(self, number: int, key: asyncssh.SSHKey | None = None) -> None:
        self.number = number
        self.user = f"p{number}"
        self.key = key  # a club member's key (the club's way); else a password login (the host)
        self.opening = False  # going from the lobby to their game (or to watch the host's)
        self.keys = 0
        self.tail = b""  # the last bytes received, where the next count is looked for
        self.shown = asyncio.Event()
        self.conn: asyncssh.SSHClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None

    def wanted(self) -> bytes:
        if self.opening:  # the game's screen: at the player's decision, or its panel bar
            return b"Pick" if self.key is not None else b"Offers"
        if self.keys == 0:  # the lobby drawn: the club's to its footer, the host's to Watch
            return b"Rules" if self.key is not None else b"Watch as a spectator"
        return b"\x1b"  # then any drawing at all

    async def connect(self, port: int) -> None:
        # A loopback address of its own: the server counts connections per address.
        address = f"127.0.{1 + self.number // 250}.{1 + self.number % 250}"
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.user, known_hosts=None, agent_path=None,
            local_addr=(address, 0), **self._login(),
        )  # fmt: skip
        process = await self.conn.create_process(
            term_type="xterm-256color", term_size=SIZE, encoding=None
        )
        self.stdin = process.stdin
        self.reader = asyncio.ensure_future(self._read(process))
        await asyncio.wait_for(self.shown.wait(), 60)
        if self.key is None or playing(self.number):
            self.shown.clear()
            self.tail = b""
            self.opening = True
            # Enter: the club's game waiting for them, or the host's first free seat; End and
            # Enter: watch the host's table.
            self.stdin.write(b"\x1b[F\r" if self.key is None and self.number >= SEATS else b"\r")
            await asyncio.wait_for(self.shown.wait(), 60)
            self.opening = False

    def _login(self) -> dict[str, Any]:
        if self.key is None:
            return {"password": PASSWORD, "client_keys": None}
        return {"client_keys": [self.key], "password": None}

    async def _read(self, process: asyncssh.SSHClientProcess[bytes]) -> None:
        while data := await process.stdout.read(65536):
            received = self.tail + data  # a whole frame may come at once: look at all of it
            if self.wanted() in received:
                self.shown.set()
            self.tail = received[-4096:]

    async def press(self) -> float | None:
        """Presses a key; seconds until the screen shows it (None: not within KEY_TIMEOUT)."""
        self.keys += 1
        self.shown.clear()
        self.tail = b""
        started = time.perf_counter()
        if self.key is None:  # the Offers panel, then the Board: each key shows another
            self.stdin.write(b"o" if self.keys % 2 else b"b")
        else:  # down and back up the lobby's list or the prompt's choices: each key moves
            self.stdin.write(b"\x1b[B" if self.keys % 2 else b"\x1b[A")
        try:
            await asyncio.wait_for(self.shown.wait(), KEY_TIMEOUT)
        except TimeoutError:
            return None
        return time.perf_counter() - started

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.reader is not None:
            self.reader.cancel()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def press_keys(players: list[Player], args: argparse.Namespace) -> tuple[list[float], int]:
    """Each player presses a key every key-interval (jittered) for args.seconds."""
    latencies: list[float] = []
    lost = 0
    deadline = time.perf_counter() + args.seconds

    async def play(player: Player) -> None:
        nonlocal lost
        await asyncio.sleep(random.uniform(0, args.key_interval))
        while time.perf_counter() < deadline:
            latency = await player.press()
            if latency is None:
                lost += 1
            else:
                latencies.append(latency)
            await asyncio.sleep(args.key_interval * random.uniform(0.5, 1.5))

    await asyncio.gather(*(play(player) for player in players))
    return latencies, lost


def club_members(folder: Path, count: int) -> list[asyncssh.SSHKey]:
    """A key for each of `count` members, registered in the club's database beforehand. Every
    fourth member (a quarter, at each step) plays a Casual bot, their table begun; the others
    have each set up a two-seat table with a seat open, so every lobby lists tables. Bots, not
    members, face the players: a table of two members would have one of them waiting, not
    deciding, and a key moves something only at a decision."""
    from entropy_tui.club import identity
    from entropy_tui.club.requests import SeatRequest, TableRequest
    from entropy_tui.club.rooms import Rooms
    from entropy_tui.club.store import Store

    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
    open_table = TableRequest((SeatRequest("creator"), SeatRequest("open")))
    bot_table = TableRequest((SeatRequest("creator"), SeatRequest("bot", bot="greedy")))
    with Store(folder / "club.db") as store:
        rooms = Rooms(store)
        for number, key in enumerate(keys):
            fingerprint = key.get_fingerprint("sha256")
            member = identity.register(store, fingerprint, f"p{number}", open_club=True)
            rooms.create(member, bot_table if playing(number) else open_table)
        rooms.close()
    return keys


def database_kb_per_game(games: int = 8) -> float:
    """The club database's growth per finished game: `games` member-vs-Casual tables played to
    their end through the club's rooms (every decision stored as a move at a club table is; the
    choices drawn at random among the open ones), the file's growth (the database closed each
    time, so its journal is in it) divided by the games."""
    from entropy_tui.club import identity
    from entropy_tui.club.requests import SeatRequest, TableRequest
    from entropy_tui.club.rooms import Rooms
    from entropy_tui.club.store import Store

    folder = Path(tempfile.mkdtemp(prefix="entropy-club-db-"))
    path, chooser = folder / "club.db", random.Random(7)
    request = TableRequest((SeatRequest("creator"), SeatRequest("bot", bot="greedy")))
    with Store(path) as store:
        members = [identity.register(store, f"SHA256:{n:043d}", f"m{n}", open_club=True)
                   for n in range(games)]  # fmt: skip
    before = path.stat().st_size
    with Store(path) as store:
        rooms = Rooms(store)
        for member in members:
            table = rooms.room(rooms.create(member, request).id).table
            while (decision := table.game.decision) is not None:
                member_seat = table.record.seats[decision.player].player_id is not None
                option = chooser.choice([o for o in decision.options if o.enabled]).id
                if member_seat:
                    table.decide(option, "player", member.id)
                else:
                    table.decide(option, "bot")
        rooms.close()
    return (path.stat().st_size - before) / 1024 / games


def playing(number: int) -> bool:
    """Whether player `number` sits at a table and plays (the club's way): a quarter of them."""
    return number % 4 == 0


def pressing_keys(number: int) -> bool:
    """A quarter press keys: half of them at their game's decision, half in their lobby."""
    return number % 8 in (0, 1)


async def measure_way(way: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    folder = Path(tempfile.mkdtemp(prefix=f"entropy-club-{way}-"))
    member_keys = club_members(folder, max(args.players)) if way == "club" else None
    server = Server(way)
    await server.start(folder)
    await asyncio.sleep(SETTLE)
    alone_kb = pss_kb(server.pid)
    players: list[Player] = []
    steps = []
    try:
        for target in args.players:
            started = time.perf_counter()
            while len(players) < target:
                # The host's seats one at a time, each to the first seat still free.
                at_once = 1 if way == "host" and len(players) < SEATS else 4
                numbers = range(len(players), min(target, len(players) + at_once))
                batch = [Player(n, member_keys[n] if member_keys else None) for n in numbers]
                await asyncio.gather(*(player.connect(server.port) for player in batch))
                players.extend(batch)
            joined = time.perf_counter() - started
            await asyncio.sleep(SETTLE)
            memory_kb = pss_kb(server.pid)
            idle_cpu = cpu_seconds(server.pid)
            await asyncio.sleep(IDLE_SECONDS)
            idle_share = (cpu_seconds(server.pid) - idle_cpu) / IDLE_SECONDS
            pressing = [player for player in players if pressing_keys(player.number)]
            cpu_before, own_before = cpu_seconds(server.pid), time.process_time()
            latencies, lost = await press_keys(pressing, args)
            cpu = cpu_seconds(server.pid) - cpu_before
            own = time.process_time() - own_before
            keys = len(latencies) + lost
            step = {
                "way": way, "players": len(players), "pressing": len(pressing),
                "playing": sum(playing(p.number) for p in players)
                if way == "club"
                else min(SEATS, len(players)),
                "join_seconds": round(joined, 1),
                "server_alone_mb": round(alone_kb / 1024, 1),
                "pss_mb": round(memory_kb / 1024, 1),
                "pss_per_player_mb": round(memory_kb / 1024 / len(players), 2),
                "idle_cpu_share": round(idle_share, 3),
                "keys": keys, "lost": lost,
                "p50_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
                "p95_ms": round(percentile(latencies, 0.95) * 1000, 1) if latencies else None,
                "max_ms": round(max(latencies) * 1000, 1) if latencies else None,
                "server_cpu_ms_per_key": round(cpu / max(keys, 1) * 1000, 2),
                "clients_cpu_ms_per_key": round(own / max(keys, 1) * 1000, 2),
            }  # fmt: skip
            print(json.dumps(step), flush=True)
            steps.append(step)
    finally:
        for player in players:
            player.close()
        await server.stop()
    return steps


def table(steps: list[dict[str, Any]]) -> str:
    header = "way   players  PSS MB  MB/player  idle CPU  keys  lost  p50 ms  p95 ms  CPU ms/key"
    lines = [header]
    for s in steps:
        lines.append(
            f"{s['way']:<5} {s['players']:>7} {s['pss_mb']:>7} {s['pss_per_player_mb']:>10}"
            f" {s['idle_cpu_share']:>9.1%} {s['keys']:>5} {s['lost']:>5} {s['p50_ms']!s:>7}"
            f" {s['p95_ms']!s:>7} {s['server_cpu_ms_per_key']:>11}"
        )
    return "\n".join(lines)


def rows(steps: list[dict[str, Any]], database_kb: float | None) -> list[Row]:
    """The club's largest step, beside the host's at the same number of players; the club
    database's growth per finished game."""
    largest = max(s["players"] for s in steps)
    by_way = {s["way"]: s for s in steps if s["players"] == largest}
    club, host = by_way.get("club"), by_way.get("host")
    found = []
    if database_kb is not None:
        found.append(
            Row(
                "Club database growth per finished game (a member against a Casual bot)",
                "-",
                f"{database_kb:.0f} KB",
                "python benchmarks/club_capacity.py --write",
            )
        )
    if club is None:
        return found
    against = ""
    if host is not None:
        each = f"{host['pss_per_player_mb']} MB, p95 {host['p95_ms']} ms"
        against = f" (entropy-tui host, a process each: {each})"
    return [
        *found,
        Row(
            f"SSH players held by the club ({largest} on its lobby and game screens, a quarter"
            " at their games, a quarter pressing keys): PSS per player, key-to-screen p95",
            "<= 20 MB, <= 100 ms",
            f"{club['pss_per_player_mb']} MB, p95 {club['p95_ms']} ms{against}",
            "python benchmarks/club_capacity.py --write",
        ),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="10,50,100")
    parser.add_argument("--ways", default="club,host")
    parser.add_argument("--key-interval", type=float, default=0.5)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    args.players = sorted(int(n) for n in args.players.split(","))
    steps: list[dict[str, Any]] = []
    for way in args.ways.split(","):
        print(f"{way}: {WAYS[way]}", flush=True)
        steps += asyncio.run(measure_way(way, args))
    print(table(steps))
    database_kb = database_kb_per_game() if "club" in args.ways else None
    if database_kb is not None:
        print(f"club database: {database_kb:.1f} KB per finished game")
    if args.write:
        write_rows(rows(steps, database_kb))
    return 0


if __name__ == "__main__":
    sys.exit(main())
