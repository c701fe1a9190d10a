"""Rules-engine speed beside catanatron's, the pure-Python Catan engine, in one run.

    pip install -e '.[bench]'      # catanatron, for the comparison (never needed to play)
    python benchmarks/engine_speed.py [--games 240] [--rounds 20] [--write]

Two measures, each side in one worker process of its own, started once (imports and one
untimed warm-up game each left out of the timing) and driven over a pipe; every figure is CPU
time of the measuring process (`time.process_time`) around the games or copies themselves:

- decisions per second of full random games, 4 seats against catanatron's 4 players (a
  decision is one `game.choose` here, one `game.play_tick()` there, random players on both,
  seeds counted from 0 on both sides);
- `Game.copy()` of a mid-game 4-seat state, 300 random decisions in, against catanatron's
  `Game.copy()` 300 ticks in (the median over several positions). Our copy works its pending
  Decision out when it is first asked for; "copy + decision" times that too.

The sides take turns in slices of about equal CPU time, some 0.1 s: three of catanatron's games,
then as many of ours (the next seeds) as take as long, so ours are about three times as many.
The machine is shared, and its slower and faster phases last seconds: slices this short put the
same share of every phase into both sides' CPU time, where rounds of a dozen games a side, a
process each, let one side catch a phase the other missed. The slices are of equal length
because every turn costs the side that resumes a little (its caches refilled after the other
process ran, about a millisecond): equal slices cost both sides the same share of their time.
The games are counted in `--rounds` blocks; the report gives the ratio over all the games and,
to show how steady the run was, the median and 10th-90th percentile of the blocks' ratios
(blocks differ in their games as well as in the machine's moments, so some spread stays even on
a quiet machine).

Random players are the yardstick because they cost nothing themselves: what is measured is the
engine (enumerating options, applying choices, running automatic steps). Goals (issue figures
in docs/performance.md): at least 2x catanatron's decisions per second, a copy no slower.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.results import Row, write_rows  # noqa: E402

SEATS = 4
COPY_AFTER = 300  # decisions (ticks) into the game where copies are timed
COPIES = 2000  # copies timed per position
WARM_UP_SEED = 1_000_000  # the untimed game each worker plays first, outside every run's seeds
SIDES = ("entropy", "catanatron")
SLICE_GAMES = 3  # catanatron's games a slice (about 0.1 s); ours play for as long
INSTALL_HINT = (
    "catanatron is not installed: the comparison needs it. Install the optional extra with\n"
    "    pip install -e '.[bench]'\n"
    "(or: pip install catanatron), then run this again."
)

Played = dict[str, Any]  # decisions, seconds (CPU) and, for ours, each game's rounds


# ----------------------------------------------------------------- our engine
def entropy_game(seed: int) -> Played:
    from entropy_tui.rules import Game

    game = Game.new([f"Seat {i + 1}" for i in range(SEATS)], seed=seed)
    rng = random.Random(seed)
    decisions = 0
    started = time.process_time()  # from the set-up game on, as for catanatron's
    while not game.over:
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
        decisions += 1
    seconds = time.process_time() - started
    return {"decisions": decisions, "seconds": seconds, "rounds": [game.state.round]}


def entropy_copy(seed: int) -> dict[str, float]:
    from entropy_tui.rules import Game

    game = Game.new([f"Seat {i + 1}" for i in range(SEATS)], seed=seed)
    rng = random.Random(seed)
    for _ in range(COPY_AFTER):
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
    started = time.process_time()
    for _ in range(COPIES):
        game.copy()
    copy = (time.process_time() - started) / COPIES
    started = time.process_time()
    for _ in range(COPIES):
        game.copy().decision  # noqa: B018 - asking is what is timed
    return {"copy": copy, "copy_decision": (time.process_time() - started) / COPIES}


# ----------------------------------------------------------------- catanatron
def catanatron_game(seed: int) -> Played:
    from catanatron import Color, Game, RandomPlayer
    from catanatron.game import TURNS_LIMIT

    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:SEATS]
    game = Game([RandomPlayer(colour) for colour in colours], seed=seed + 1)
    decisions = 0
    started = time.process_time()
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        game.play_tick()
        decisions += 1
    return {"decisions": decisions, "seconds": time.process_time() - started}


def catanatron_copy(seed: int) -> dict[str, float]:
    from catanatron import Color, Game, RandomPlayer

    colours = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE][:SEATS]
    game = Game([RandomPlayer(colour) for colour in colours], seed=seed + 1)
    for _ in range(COPY_AFTER):
        game.play_tick()
    started = time.process_time()
    for _ in range(COPIES):
        game.copy()
    return {"copy": (time.process_time() - started) / COPIES}


PLAY: dict[str, Callable[[int], Played]] = {
    "entropy": entropy_game,
    "catanatron": catanatron_game,
}
COPY: dict[str, Callable[[int], dict[str, float]]] = {
    "entropy": entropy_copy,
    "catanatron": catanatron_copy,
}


# ----------------------------------------------------------------- the worker and its pipe
def play_games(side: str, first_seed: int, last_seed: int) -> Played:
    """Plays seeds first..last (both included) and sums them up."""
    total: Played = {"decisions": 0, "seconds": 0.0, "rounds": []}
    for seed in range(first_seed, last_seed + 1):
        played = PLAY[side](seed)
        total["decisions"] += played["decisions"]
        total["seconds"] += played["seconds"]
        total["rounds"] += played.get("rounds", [])
    return total


def serve(side: str, requests: IO[str], answers: IO[str]) -> None:
    """Answers one JSON line per request line: {"games": [first, last]} plays those seeds,
    {"copy": seed} times copies of that seed's game; the first line, "ready", comes once the
    warm-up game is played."""
    PLAY[side](WARM_UP_SEED)
    print(json.dumps("ready"), file=answers, flush=True)
    for line in requests:
        request = json.loads(line)
        if "games" in request:
            answer: dict[str, Any] = play_games(side, *request["games"])
        else:
            answer = COPY[side](request["copy"])
            gc.collect()  # the copies' garbage is theirs, not the next games' to collect
        print(json.dumps(answer), file=answers, flush=True)


class Worker:
    """One side's worker process, started once and kept for the whole run."""

    def __init__(self, side: str) -> None:
        # This tree's engine, unless PYTHONPATH already names one (an installed copy may differ).
        paths = [os.environ.get("PYTHONPATH", ""), str(ROOT)]
        env = os.environ | {"PYTHONPATH": os.pathsep.join(p for p in paths if p)}
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--worker", side],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )

    def ask(self, request: dict[str, Any] | None = None) -> Any:
        """Sends a request (None: only reads the next answer) and waits for its answer."""
        assert self.process.stdin is not None and self.process.stdout is not None
        if request is not None:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker stopped (exit code {self.process.wait()})")
        return json.loads(line)

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


# ----------------------------------------------------------------- the comparison
def percentile(values: list[float], share: float) -> float:
    """Linear interpolation between the closest ranks (`statistics.quantiles`, inclusive)."""
    ordered = sorted(values)
    at = share * (len(ordered) - 1)
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def measure(games: int, rounds: int, positions: int) -> dict[str, Any]:
    """`games` of catanatron's in `rounds` blocks, and in each block as many of ours as take
    the same CPU time, the sides taking turns in slices of about equal CPU time."""
    per_block = max(1, games // rounds)
    workers = {side: Worker(side) for side in SIDES}  # both warm up at once, untimed
    try:
        for worker in workers.values():
            assert worker.ask() == "ready"
        totals = {side: {"decisions": 0, "seconds": 0.0, "games": 0} for side in SIDES}
        block_ratios: list[float] = []
        our_rounds: list[int] = []
        copies: dict[str, list[float]] = {"ours": [], "ours_decision": [], "theirs": []}
        their_slices = 0

        def play(side: str, count: int, block: dict[str, dict[str, float]]) -> None:
            first = totals[side]["games"]
            played = workers[side].ask({"games": [first, first + count - 1]})
            for tally in (totals[side], block[side]):
                tally["decisions"] += played["decisions"]
                tally["seconds"] += played["seconds"]
                tally["games"] += count
            our_rounds.extend(played["rounds"])

        for block_number in range(rounds):
            block = {side: {"decisions": 0, "seconds": 0.0, "games": 0} for side in SIDES}
            while (left := per_block - block["catanatron"]["games"]) > 0:
                play("catanatron", min(SLICE_GAMES, left), block)
                their_slices += 1
                # Then ours until it has caught up on CPU time, in one slice of about as long.
                while block["entropy"]["seconds"] < block["catanatron"]["seconds"]:
                    lead = block["catanatron"]["seconds"] - block["entropy"]["seconds"]
                    per_game = totals["entropy"]["seconds"] / max(1, totals["entropy"]["games"])
                    play("entropy", max(1, round(lead / per_game)) if per_game else 1, block)
            speeds = {side: t["decisions"] / t["seconds"] for side, t in block.items()}
            block_ratios.append(speeds["entropy"] / speeds["catanatron"])
            first = block_number * per_block
            for seed in range(first, first + positions):
                for side in SIDES if seed % 2 == 0 else SIDES[::-1]:
                    timed = workers[side].ask({"copy": seed})
                    if side == "entropy":
                        copies["ours"].append(timed["copy"])
                        copies["ours_decision"].append(timed["copy_decision"])
                    else:
                        copies["theirs"].append(timed["copy"])
            print(f"block {block_number + 1}/{rounds}: {block_ratios[-1]:.2f}x", file=sys.stderr)
    finally:
        for worker in workers.values():
            worker.close()
    our_speed = totals["entropy"]["decisions"] / totals["entropy"]["seconds"]
    their_speed = totals["catanatron"]["decisions"] / totals["catanatron"]["seconds"]
    our_copy = statistics.median(copies["ours"])
    their_copy = statistics.median(copies["theirs"])
    return {
        "games": per_block * rounds,
        "our_games": totals["entropy"]["games"],
        "rounds": rounds,
        "positions": positions * rounds,
        "slice_ms": totals["catanatron"]["seconds"] / their_slices * 1e3,
        "our_speed": our_speed,
        "their_speed": their_speed,
        "speed_ratio": our_speed / their_speed,
        "block_ratio_median": statistics.median(block_ratios),
        "block_ratio_p10": percentile(block_ratios, 0.1),
        "block_ratio_p90": percentile(block_ratios, 0.9),
        "our_decisions": totals["entropy"]["decisions"],
        "their_decisions": totals["catanatron"]["decisions"],
        "our_median_rounds": statistics.median(our_rounds),
        "our_copy_us": our_copy * 1e6,
        "our_copy_decision_us": statistics.median(copies["ours_decision"]) * 1e6,
        "their_copy_us": their_copy * 1e6,
        "copy_ratio": our_copy / their_copy,
    }


def report(result: dict[str, Any]) -> str:
    import catanatron

    version = getattr(catanatron, "__version__", None) or _installed_version("catanatron")
    games, positions, rounds = result["games"], result["positions"], result["rounds"]
    return "\n".join(
        [
            "## Rules engine",
            "",
            f"`python benchmarks/engine_speed.py --games {games} --rounds {rounds}`:"
            f" {games} random games of catanatron's and {result['our_games']} of ours in as much"
            f" CPU time, catanatron {version}, Python {platform.python_version()},"
            f" {platform.machine()}, CPU time of each side's worker process, the sides taking"
            f" turns in slices of about {result['slice_ms']:.0f} ms.",
            "",
            "| Measure | entropy-tui | catanatron | ratio | Goal |",
            "| --- | --- | --- | --- | --- |",
            f"| Decisions per second, random 4-seat games | {result['our_speed']:,.0f}"
            f" | {result['their_speed']:,.0f} | {result['speed_ratio']:.2f}x | >= 2x |",
            f"| the ratio in {rounds} blocks of {games // rounds} of catanatron's games: median"
            f" (10th-90th percentile) | | | {result['block_ratio_median']:.2f}x"
            f" ({result['block_ratio_p10']:.2f}x-{result['block_ratio_p90']:.2f}x) | |",
            f"| `Game.copy()` mid-game (300 decisions in), median of {positions} positions"
            f" | {result['our_copy_us']:.1f} µs | {result['their_copy_us']:.1f} µs"
            f" | {result['copy_ratio']:.2f}x the time | <= 1x |",
            f"| the copy and its pending Decision | {result['our_copy_decision_us']:.1f} µs"
            " | | | |",
            "",
            f"Decisions made: {result['our_decisions']:,} here (median"
            f" {result['our_median_rounds']:.0f} rounds a game), {result['their_decisions']:,}"
            f" in catanatron's {games} games.",
            "",
            "",
        ]
    )


def _installed_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def result_rows(result: dict[str, Any]) -> list[Row]:
    """The two rows this benchmark keeps in the results table of docs/performance.md."""
    command = f"python benchmarks/engine_speed.py --games {result['games']} --write"
    return [
        Row(
            "Decisions per second, random 4-seat games, vs catanatron",
            ">= 2x",
            f"{result['speed_ratio']:.2f}x ({result['our_speed']:,.0f} vs"
            f" {result['their_speed']:,.0f})",
            command,
        ),
        Row(
            "`Game.copy()` mid-game (300 decisions in), vs catanatron's",
            "<= 1x the time",
            f"{result['copy_ratio']:.2f}x ({result['our_copy_us']:.1f} vs"
            f" {result['their_copy_us']:.1f} µs)",
            command,
        ),
    ]


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--worker":
        answers, sys.stdout = sys.stdout, sys.stderr  # nothing else may write on the pipe
        serve(sys.argv[2], sys.stdin, answers)
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240, help="catanatron's random games")
    parser.add_argument("--rounds", type=int, default=20, help="blocks the games are counted in")
    parser.add_argument("--positions", type=int, default=1, help="copy positions a block")
    parser.add_argument(
        "--write", action="store_true", help="update the results table in docs/performance.md"
    )
    args = parser.parse_args()
    try:
        import catanatron  # noqa: F401
    except ImportError:
        sys.exit(INSTALL_HINT)
    result = measure(args.games, args.rounds, args.positions)
    print(report(result))
    if args.write:
        write_rows(result_rows(result))


if __name__ == "__main__":
    main()
