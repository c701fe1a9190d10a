"""Rules-engine speed beside catanatron's, the pure-Python Catan engine, in one run.

    pip install -e '.[bench]'      # catanatron, for the comparison (never needed to play)
    python benchmarks/engine_speed.py [--games 48] [--rounds 6] [--write]

Two measures, each side in processes of its own and the sides alternating round by round, so
that whatever else the machine does falls on both alike; every figure is CPU time of the
measuring process (`time.process_time`), its imports and setup left out:

- decisions per second of full random games, 4 seats against catanatron's 4 players (a
  decision is one `game.choose` here, one `game.play_tick()` there, random players on both);
- `Game.copy()` of a mid-game 4-seat state, 300 random decisions in, against catanatron's
  `Game.copy()` 300 ticks in (the median over several positions). Our copy works its pending
  Decision out when it is first asked for; "copy + decision" times that too.

Random players are the yardstick because they cost nothing themselves: what is measured is the
engine (enumerating options, applying choices, running automatic steps). Goals (issue figures
in docs/performance.md): at least 2x catanatron's decisions per second, a copy no slower.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
SECTION = "## Rules engine"
SEATS = 4
COPY_AFTER = 300  # decisions (ticks) into the game where copies are timed
COPIES = 2000  # copies timed per position
INSTALL_HINT = (
    "catanatron is not installed: the comparison needs it. Install the optional extra with\n"
    "    pip install -e '.[bench]'\n"
    "(or: pip install catanatron), then run this again."
)


# ----------------------------------------------------------------- our engine (a worker)
def entropy_games(first_seed: int, games: int) -> dict[str, float]:
    from entropy_tui.rules import Game

    Game.new(["warm", "up"], seed=0)  # the catalog is loaded outside the timing
    decisions, rounds, seconds = 0, [], 0.0
    for seed in range(first_seed, first_seed + games):
        game = Game.new([f"Seat {i + 1}" for i in range(SEATS)], seed=seed)
        rng = random.Random(seed)
        started = time.process_time()  # from the set-up game on, as for catanatron's
        while not game.over:
            decision = game.decision
            assert decision is not None
            game.choose(rng.choice(decision.enabled).id)
            decisions += 1
        seconds += time.process_time() - started
        rounds.append(game.state.round)
    return {"decisions": decisions, "seconds": seconds, "rounds": statistics.median(rounds)}


def entropy_copies(first_seed: int, positions: int) -> dict[str, float]:
    from entropy_tui.rules import Game

    copy_times, with_decision = [], []
    for seed in range(first_seed, first_seed + positions):
        game = Game.new([f"Seat {i + 1}" for i in range(SEATS)], seed=seed)
        rng = random.Random(seed)
        for _ in range(COPY_AFTER):
            decision = game.decision
            assert decision is not None
            game.choose(rng.choice(decision.enabled).id)
        started = time.process_time()
        for _ in range(COPIES):
            game.copy()
        copy_times.append((time.process_time() - started) / COPIES)
        started = time.process_time()
        for _ in range(COPIES):
            game.copy().decision  # noqa: B018 - asking is what is timed
        with_decision.append((time.process_time() - started) / COPIES)
    return {
        "copy": statistics.median(copy_times),
        "copy_decision": statistics.median(with_decision),
    }


# ----------------------------------------------------------------- catanatron (a worker)
def catanatron_games(first_seed: int, games: int) -> dict[str, float]:
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:SEATS]
    decisions = 0
    seconds = 0.0
    for seed in range(first_seed, first_seed + games):
        game = Game([RandomPlayer(colour) for colour in colours], seed=seed + 1)
        started = time.process_time()
        while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
            game.play_tick()
            decisions += 1
        seconds += time.process_time() - started
    return {"decisions": decisions, "seconds": seconds}


def catanatron_copies(first_seed: int, positions: int) -> dict[str, float]:
    from catanatron import Color, Game, RandomPlayer

    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:SEATS]
    copy_times = []
    for seed in range(first_seed, first_seed + positions):
        game = Game([RandomPlayer(colour) for colour in colours], seed=seed + 1)
        for _ in range(COPY_AFTER):
            game.play_tick()
        started = time.process_time()
        for _ in range(COPIES):
            game.copy()
        copy_times.append((time.process_time() - started) / COPIES)
    return {"copy": statistics.median(copy_times)}


WORKERS = {
    "entropy-games": entropy_games,
    "entropy-copies": entropy_copies,
    "catanatron-games": catanatron_games,
    "catanatron-copies": catanatron_copies,
}


def in_subprocess(worker: str, first_seed: int, count: int) -> dict[str, float]:
    command = [sys.executable, __file__, "--worker", worker, str(first_seed), str(count)]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


# ----------------------------------------------------------------- the comparison
def measure(games: int, rounds: int, positions: int) -> dict[str, Any]:
    per_round = max(1, games // rounds)
    ours = {"decisions": 0, "seconds": 0.0}
    theirs = {"decisions": 0, "seconds": 0.0}
    our_rounds: list[float] = []
    copies: dict[str, list[float]] = {"ours": [], "ours_decision": [], "theirs": []}
    for n in range(rounds):
        first = n * per_round
        sides = ["entropy", "catanatron"] if n % 2 == 0 else ["catanatron", "entropy"]
        for side in sides:
            result = in_subprocess(f"{side}-games", first, per_round)
            total = ours if side == "entropy" else theirs
            total["decisions"] += result["decisions"]
            total["seconds"] += result["seconds"]
            if side == "entropy":
                our_rounds.append(result["rounds"])
            result = in_subprocess(f"{side}-copies", first, positions)
            if side == "entropy":
                copies["ours"].append(result["copy"])
                copies["ours_decision"].append(result["copy_decision"])
            else:
                copies["theirs"].append(result["copy"])
        print(f"round {n + 1}/{rounds} done", file=sys.stderr)
    our_speed = ours["decisions"] / ours["seconds"]
    their_speed = theirs["decisions"] / theirs["seconds"]
    our_copy = statistics.median(copies["ours"])
    their_copy = statistics.median(copies["theirs"])
    return {
        "games": per_round * rounds,
        "rounds": rounds,
        "positions": positions * rounds,
        "our_speed": our_speed,
        "their_speed": their_speed,
        "speed_ratio": our_speed / their_speed,
        "our_decisions": ours["decisions"],
        "their_decisions": theirs["decisions"],
        "our_median_rounds": statistics.median(our_rounds),
        "our_copy_us": our_copy * 1e6,
        "our_copy_decision_us": statistics.median(copies["ours_decision"]) * 1e6,
        "their_copy_us": their_copy * 1e6,
        "copy_ratio": our_copy / their_copy,
    }


def report(result: dict[str, Any]) -> str:
    import catanatron

    version = getattr(catanatron, "__version__", None) or _installed_version("catanatron")
    games, positions = result["games"], result["positions"]
    return "\n".join(
        [
            SECTION,
            "",
            f"`python benchmarks/engine_speed.py --games {games} --rounds {result['rounds']}`:"
            f" {games} random games a side, catanatron {version}, Python"
            f" {platform.python_version()}, {platform.machine()}, CPU time of each measuring"
            " process, the sides alternating round by round.",
            "",
            "| Measure | entropy-tui | catanatron | ratio | Goal |",
            "| --- | --- | --- | --- | --- |",
            f"| Decisions per second, random 4-seat games | {result['our_speed']:,.0f}"
            f" | {result['their_speed']:,.0f} | {result['speed_ratio']:.2f}x | >= 2x |",
            f"| `Game.copy()` mid-game (300 decisions in), median of {positions} positions"
            f" | {result['our_copy_us']:.1f} µs | {result['their_copy_us']:.1f} µs"
            f" | {result['copy_ratio']:.2f}x the time | <= 1x |",
            f"| the copy and its pending Decision | {result['our_copy_decision_us']:.1f} µs"
            " | | | |",
            "",
            f"Decisions made: {result['our_decisions']:,} here (median"
            f" {result['our_median_rounds']:.0f} rounds a game), {result['their_decisions']:,}"
            " in catanatron's games.",
            "",
            "",
        ]
    )


def _installed_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def write_section(text: str, notes: str) -> None:
    """Replaces the table of this benchmark's section in docs/performance.md, keeping the
    notes that follow it (everything from `notes`, a line of the section) and the other
    sections."""
    current = RESULTS.read_text(encoding="utf-8") if RESULTS.exists() else "# Performance\n\n"
    start = current.find(SECTION)
    if start == -1:
        RESULTS.write_text(current.rstrip("\n") + "\n\n" + text, encoding="utf-8")
        return
    end = current.find("\n## ", start + len(SECTION))
    end = len(current) if end == -1 else end + 1
    section = current[start:end]
    kept = section.find(notes)
    tail = section[kept:] if kept != -1 else ""
    RESULTS.write_text(current[:start] + text + tail + current[end:], encoding="utf-8")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--worker":
        worker, first, count = sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        print(json.dumps(WORKERS[worker](first, count)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48, help="random games a side")
    parser.add_argument("--rounds", type=int, default=6, help="alternations of the sides")
    parser.add_argument("--positions", type=int, default=3, help="copy positions a round")
    parser.add_argument("--write", action="store_true", help="update docs/performance.md")
    args = parser.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit(INSTALL_HINT)
    text = report(measure(args.games, args.rounds, args.positions))
    print(text)
    if args.write:
        write_section(text, "What made the difference")


if __name__ == "__main__":
    main()
