"""How many options a decision lists: greedy bots play games at 2 and 3 seats, and every
decision met is counted by its kind (all its options, the disabled ones and the free actions
too: a player sees them all, one key each up to 9).

    python benchmarks/option_counts.py [--games 40] [--seats 2,3] [--bots greedy] [--seed 0]

Target (docs/design-decisions.md, "Choices in steps"): at least 99% of decisions list at most 9
options, and none more than 14. Game i of a seat count is seeded SEED+i, as in
`python -m entropy_tui simulate`.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from entropy_tui.bots import make_bot
from entropy_tui.play.simulate import bot_seed
from entropy_tui.rules import Game

ONE_KEY_EACH = 9  # options 1-9 each have a key
MOST_ALLOWED = 14
SHARE_TARGET = 0.99
ROUND_CAP = 200


@dataclass(slots=True)
class Counts:
    """Option counts of the decisions met, per decision kind."""

    by_kind: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))

    def add(self, kind: str, options: int) -> None:
        self.by_kind[kind][options] += 1

    def merged(self) -> Counter[int]:
        total: Counter[int] = Counter()
        for counts in self.by_kind.values():
            total.update(counts)
        return total


def play(seats: int, bot: str, seed: int, counts: Counts) -> None:
    """One game with `bot` in every seat, its decisions counted."""
    game = Game.new([f"Bot {i + 1}" for i in range(seats)], seed=seed, bots=[bot] * seats)
    bots = [make_bot(bot, bot_seed(seed, seat), catalog=game.catalog) for seat in range(seats)]
    while not game.over and game.state.round <= ROUND_CAP:
        decision = game.decision
        assert decision is not None
        counts.add(decision.kind, len(decision.options))
        seat = decision.player
        game.choose(bots[seat].decide(game.view(seat), decision))


def over(counts: Counter[int], limit: int) -> int:
    return sum(n for options, n in counts.items() if options > limit)


def report(counts: Counts) -> list[str]:
    """A table: per kind, decisions, the share with more than 9 options, the most options."""
    lines = [f"{'decision kind':<22}{'decisions':>10}{'> 9':>9}{'most':>6}"]
    rows = sorted(counts.by_kind.items(), key=lambda item: (-max(item[1]), item[0]))
    for kind, kind_counts in [*rows, ("all", counts.merged())]:
        total = kind_counts.total()
        share = over(kind_counts, ONE_KEY_EACH) / total
        lines.append(f"{kind:<22}{total:>10}{share:>9.2%}{max(kind_counts):>6}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    cli = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cli.add_argument("--games", type=int, default=40, help="games per seat count (default 40)")
    cli.add_argument("--seats", default="2,3", help="seat counts, comma-separated (default 2,3)")
    cli.add_argument("--bots", default="greedy", help="the bot in every seat (default greedy)")
    cli.add_argument("--seed", type=int, default=0, help="game i is seeded SEED+i (default 0)")
    args = cli.parse_args(argv)
    counts = Counts()
    for seats in (int(s) for s in args.seats.split(",")):
        for i in range(args.games):
            play(seats, args.bots, args.seed + i, counts)
    print("\n".join(report(counts)))
    merged = counts.merged()
    share = 1 - over(merged, ONE_KEY_EACH) / merged.total()
    met = share >= SHARE_TARGET and max(merged) <= MOST_ALLOWED
    print(
        f"\n{share:.2%} of {merged.total()} decisions list at most {ONE_KEY_EACH} options"
        f" (target {SHARE_TARGET:.0%}); the most is {max(merged)} (target {MOST_ALLOWED}):"
        f" {'met' if met else 'not met'}"
    )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
