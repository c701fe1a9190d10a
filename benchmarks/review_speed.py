"""How long a game's review takes, and how stable its verdicts are, at a few search budgets.

    python benchmarks/review_speed.py [--games 2] [--budgets 30,60,120] [--workers 2]

Each game is a 2-seat game of two Casual (greedy) bots, seeds counted from 3 (about 25 rounds
each). At each budget (search iterations per decision) the game is reviewed twice, with two
different seeds of the searches (entropy_tui.play.review's `salt`), as `entropy-tui review` runs it
(`--workers` thinking processes side by side). Reported per budget: the wall-clock seconds of one
review (the machine may be shared: look at the load average printed with it), and how many of
each seat's three costliest decisions the second run names too (of 3; the same decision
counts, whatever its rank among the three; the review names at most one decision a round).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

from entropy_tui.bots import make_bot
from entropy_tui.play.review import Review, review_game
from entropy_tui.rules import Game

FIRST_SEED = 3
TOP = 3


def greedy_game(seed: int) -> Game:
    game = Game.new(["Ann", "Bob"], seed=seed)
    bots = [make_bot("greedy", seed * 1000 + seat) for seat in range(2)]
    while not game.over:
        decision = game.decision
        assert decision is not None
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    return game


def top_steps(review: Review, seat: int) -> set[int]:
    """The replay steps of the seat's three costliest decisions the review names."""
    return {lesson.verdict.step for lesson in review.lessons[seat][:TOP]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--budgets", default="30,60,120")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    games = [greedy_game(FIRST_SEED + i) for i in range(args.games)]
    for game in games:
        weighed = sum(1 for _ in game.state.choices)
        print(f"game seed {game.state.seed}: {game.state.round} rounds, {weighed} choices")
    for budget in (int(b) for b in args.budgets.split(",")):
        seconds, shared, decisions = [], [], 0
        for game in games:
            runs = []
            for salt in (0, 1):
                started = time.perf_counter()
                runs.append(review_game(game, iterations=budget, salt=salt, workers=args.workers))
                seconds.append(time.perf_counter() - started)
            decisions += len(runs[0].verdicts)
            for seat in range(2):
                first, second = (top_steps(run, seat) for run in runs)
                shared.append(len(first & second))
        print(
            f"budget {budget:>4} iterations: {statistics.mean(seconds):5.1f} s per review"
            f" (max {max(seconds):.1f}), {decisions / len(games):.0f} decisions weighed per game;"
            f" top {TOP} named again: {sum(shared)} of {TOP * len(shared)}"
            f" (per seat: {shared})"
        )
    print(f"CPython {platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()}")


if __name__ == "__main__":
    main()
