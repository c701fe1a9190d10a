"""Tunes the heuristic's weights by match play (SPSA), as the Master's weights were found.

Each step nudges every weight at once, each up or down by a random sign (a factor of e^c or
e^-c), plays paired games between the Expert with the weights nudged one way and the Expert
with them nudged the other (the same seed twice, seats swapped, so neither deal nor seat
favours a side), and moves each weight toward the side that won by more VP, in proportion to
the mean margin. Weights move on a log scale, so a weight keeps its sign and each moves by a
share of itself. The weights after every step are written to --out as JSON.

    python benchmarks/tune_weights.py --minutes 70 --out weights.json

The Master's weights (bots/master.py) came from 170 steps of 4 pairs at 2 seats from the
Expert's weights, then 121 steps at 4 seats from those (`--seats 4 --start master --c 0.2`,
62 minutes), all at 30 iterations a decision on two cores, rounded to two decimals.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from entropy_tui.bots.expert import ExpertBot
from entropy_tui.bots.heuristic import DEFAULT_WEIGHTS, Weights
from entropy_tui.bots.master import MASTER_WEIGHTS
from entropy_tui.rules import Game

ROUND_CAP = 200
MARGIN_CAP = 30  # VP: a runaway game says no more about the weights than a clear win
LIMIT = 1.5  # no weight moves beyond e^1.5 (4.5x) of where it started either way
STARTS = {"expert": DEFAULT_WEIGHTS, "master": MASTER_WEIGHTS}


def names(weights: Weights = DEFAULT_WEIGHTS) -> Iterator[str]:
    """Every tuned number: a field, or "field.key" for an entry of a table of weights."""
    for spec in fields(weights):
        value = getattr(weights, spec.name)
        if isinstance(value, dict):
            yield from (f"{spec.name}.{key}" for key in value)
        else:
            yield spec.name


def nudged(theta: dict[str, float], base: Weights = DEFAULT_WEIGHTS) -> Weights:
    """`base` with each number scaled by e^theta[name] (whole numbers stay whole)."""
    values: dict[str, Any] = asdict(base)
    for name, shift in theta.items():
        field_name, _, key = name.partition(".")
        if key:
            values[field_name][key] *= math.exp(shift)
        elif isinstance(values[field_name], int):
            values[field_name] = max(1, round(values[field_name] * math.exp(shift)))
        else:
            values[field_name] *= math.exp(shift)
    return Weights(**values)


@dataclass(frozen=True, slots=True)
class Pairing:
    first: Weights  # the weights of the first tuned seat
    second: Weights
    seed: int
    iterations: int
    seats: int = 2  # beyond the two tuned seats, Experts with the default weights
    first_seat: int = 0  # where the tuned seats sit: the second is halfway round the table

    def line_up(self) -> list[Weights]:
        weights = [DEFAULT_WEIGHTS] * self.seats
        weights[self.first_seat] = self.first
        weights[self.tuned_seats()[1]] = self.second
        return weights

    def tuned_seats(self) -> tuple[int, int]:
        return self.first_seat, (self.first_seat + self.seats // 2) % self.seats


def margin(pairing: Pairing) -> int:
    """The first tuned seat's final score minus the second's."""
    seats = range(pairing.seats)
    game = Game.new(
        [f"Seat {s + 1}" for s in seats], seed=pairing.seed, bots=["expert"] * len(seats)
    )
    bots = [
        ExpertBot(pairing.seed * 10 + seat, iterations=pairing.iterations, weights=weights)
        for seat, weights in enumerate(pairing.line_up())
    ]
    while not game.over and game.state.round <= ROUND_CAP:
        decision = game.decision
        assert decision is not None
        seat = decision.player
        game.choose(bots[seat].decide(game.view(seat), decision))
    totals = [score["total"] for score in game.scores()]
    first, second = pairing.tuned_seats()
    return totals[first] - totals[second]


def step(
    theta: dict[str, float],
    rng: random.Random,
    pool: ProcessPoolExecutor,
    args: argparse.Namespace,
    seed: int,
) -> float:
    """One SPSA step on `theta` (in place); returns the mean margin of the plus side."""
    signs = {name: rng.choice((-1, 1)) for name in theta}
    base = STARTS[args.start]
    plus = nudged({n: theta[n] + args.c * signs[n] for n in theta}, base)
    minus = nudged({n: theta[n] - args.c * signs[n] for n in theta}, base)
    pairings = []
    for pair in range(args.pairs):
        where = {"seats": args.seats, "first_seat": pair % (args.seats // 2)}
        pairings += [
            Pairing(plus, minus, seed + pair, args.iterations, **where),
            Pairing(minus, plus, seed + pair, args.iterations, **where),
        ]
    margins = list(pool.map(margin, pairings))
    # The plus side is the first tuned seat in even games and the second in odd ones.
    plus_margins = [m if i % 2 == 0 else -m for i, m in enumerate(margins)]
    mean = sum(max(-MARGIN_CAP, min(MARGIN_CAP, m)) for m in plus_margins) / len(margins)
    for name in theta:
        gradient = mean / (2 * args.c * signs[name])
        theta[name] = max(-LIMIT, min(LIMIT, theta[name] + args.a * gradient))
    return mean


def main() -> None:
    cli = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cli.add_argument("--minutes", type=float, default=60.0, help="how long to tune")
    cli.add_argument("--pairs", type=int, default=4, help="paired games a step")
    cli.add_argument("--iterations", type=int, default=30, help="expert search per decision")
    cli.add_argument("--c", type=float, default=0.25, help="nudge, on the log scale")
    cli.add_argument("--a", type=float, default=0.0015, help="step size")
    cli.add_argument("--workers", type=int, default=2, help="worker processes")
    cli.add_argument("--seats", type=int, choices=(2, 4), default=2, help="seats a game")
    cli.add_argument(
        "--start", choices=sorted(STARTS), default="expert", help="weights to start from"
    )
    cli.add_argument("--seed", type=int, default=7)
    cli.add_argument("--out", type=Path, default=Path("tuned_weights.json"))
    args = cli.parse_args()
    rng = random.Random(args.seed)
    theta = dict.fromkeys(names(), 0.0)
    deadline = time.monotonic() + args.minutes * 60
    game_seed = 500_000
    steps = 0
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        while time.monotonic() < deadline:
            mean = step(theta, rng, pool, args, game_seed)
            game_seed += args.pairs
            steps += 1
            weights = asdict(nudged(theta, STARTS[args.start]))
            args.out.write_text(json.dumps({"steps": steps, "weights": weights}, indent=2))
            moved = sorted(theta.items(), key=lambda item: -abs(item[1]))[:4]
            print(steps, f"{mean:+.1f}", ", ".join(f"{n} {t:+.2f}" for n, t in moved), flush=True)


if __name__ == "__main__":
    main()
