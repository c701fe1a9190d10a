"""Balance: how often each Objective completes and which scoring categories win games, per
seat count, with the same bot in every seat.

    python benchmarks/balance.py [--games 100] [--seats 2,3,4] [--bots greedy] [--write]
    python benchmarks/balance.py --games 30 --bots expert --iterations 40 --jobs 2 --write

The games are those of `python -m entropy_tui simulate` (same seeds, same bots); this script
only counts more of what they show. Targets (docs/balance.md): every one of the six
Objectives completes in at least 10% of games, and greedy games end by the Objectives
trigger in at least 99% of games with a median of 12-35 rounds.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from entropy_tui.cli.main import parse
from entropy_tui.play import simulate
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.vocabulary import LIFEFORMS, title

RESULTS = Path(__file__).resolve().parent.parent / "docs" / "balance.md"
HEADER = (
    "# Balance\n\n"
    "Tables written by `python benchmarks/balance.py --write`; the targets and how they were\n"
    "reached follow them, under Targets and Tuning history.\n"
)
OBJECTIVE_SHARE_TARGET = 0.10
TRIGGER_SHARE_TARGET = 0.99
MEDIAN_ROUNDS_TARGET = (12, 35)

# The scoring categories of `score_breakdown`, in the order of the Final Scoring, with the
# words the tables use.
CATEGORY_WORDS = {
    "vp_tokens": "VP tokens",
    "lifeform_tiles": "Lifeform tiles",
    "objective_stars": "Stars track",
    "objective_asteroids": "Asteroids track",
    "objective_biomes": "Biomes track",
    "leftovers": "Leftovers",
}


def objective_names() -> list[str]:
    """The six Objectives as `simulate` names them: Main Objective ids, then "big <lifeform>"."""
    return [spec.id for spec in load_catalog().main_objectives] + [f"big {x}" for x in LIFEFORMS]


@dataclass(slots=True)
class Tally:
    """The figures of one seat count."""

    seats: int
    games: int  # games played to an end or to the round cap (crashed games left out)
    crashes: int
    trigger_share: float  # games ended by the Objectives trigger, not by the round cap
    median_rounds: float | None
    objective_shares: dict[str, float]  # Objective -> share of games in which it completed
    winner_shares: dict[str, float]  # category -> mean share of the winner's score it gave
    mean_winning_score: float | None
    seconds_per_game: float

    @property
    def objectives_met(self) -> bool:
        return all(s >= OBJECTIVE_SHARE_TARGET for s in self.objective_shares.values())

    @property
    def length_met(self) -> bool:
        low, high = MEDIAN_ROUNDS_TARGET
        in_range = self.median_rounds is not None and low <= self.median_rounds <= high
        return self.trigger_share >= TRIGGER_SHARE_TARGET and in_range


def winner_shares(scores: Sequence[dict[str, int]]) -> dict[str, float]:
    """What share of the winner's total each category gave; tied winners are averaged."""
    best = max(score["total"] for score in scores)
    winners = [score for score in scores if score["total"] == best]
    return {
        category: statistics.fmean(w[category] / w["total"] if w["total"] else 0.0 for w in winners)
        for category in CATEGORY_WORDS
    }


def tally(
    seats: int, results: Sequence[simulate.GameResult], seconds: float, objectives: Sequence[str]
) -> Tally:
    played = [r for r in results if r.crash is None]
    shares = [winner_shares(r.scores) for r in played]
    return Tally(
        seats=seats,
        games=len(played),
        crashes=len(results) - len(played),
        trigger_share=_share(sum(r.finished for r in played), len(played)),
        median_rounds=statistics.median(r.rounds for r in played) if played else None,
        objective_shares={
            name: _share(sum(name in r.completed for r in played), len(played))
            for name in objectives
        },
        winner_shares={
            category: statistics.fmean(s[category] for s in shares) if shares else 0.0
            for category in CATEGORY_WORDS
        },
        mean_winning_score=(
            statistics.fmean(max(r.totals) for r in played if r.totals) if played else None
        ),
        seconds_per_game=seconds / len(results) if results else 0.0,
    )


def _share(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def simulate_argv(
    seats: int, games: int, bots: str, seed: int, iterations: int | None
) -> list[str]:
    """The `simulate` command line that plays these games."""
    argv = ["--games", str(games), "--seats", str(seats), "--bots", bots, "--seed", str(seed)]
    argv += ["--check", "end"]
    if iterations is not None:
        argv += ["--iterations", str(iterations)]
    return argv


def measure(
    seats: int, games: int, bots: str, seed: int, iterations: int | None, jobs: int = 1
) -> Tally:
    args = parse(["simulate", *simulate_argv(seats, games, bots, seed, iterations)])
    started = time.perf_counter()
    if jobs <= 1:
        results: list[simulate.GameResult] = []
        simulate.run(args, on_game=results.append)
    else:
        results = _play_in_parallel(args, jobs)
    # Busy processes each take about `jobs` times the wall-clock time per game.
    seconds = (time.perf_counter() - started) * max(1, jobs)
    return tally(seats, results, seconds, objective_names())


def _play_in_parallel(args: argparse.Namespace, jobs: int) -> list[simulate.GameResult]:
    """The same games `simulate.run` plays (same seeds, bots and budget), spread over `jobs`
    processes; each game is deterministic, so the figures are those of one process."""
    play = functools.partial(
        simulate.play_game,
        args.seats,
        simulate.seat_bots(args.bots, args.seats),
        round_cap=args.round_cap,
        check_every=args.check == "every",
        budget=simulate.Budget(args.seconds, args.iterations),
    )
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(play, range(args.seed, args.seed + args.games)))


def heading(bots: str, iterations: int | None) -> str:
    budget = f", {iterations} iterations per decision" if iterations is not None else ""
    return f"## {bots.capitalize()} bots in every seat{budget}"


def report(
    tallies: Sequence[Tally],
    bots: str,
    games: int,
    seed: int,
    iterations: int | None,
    jobs: int = 1,
) -> str:
    objectives = list(tallies[0].objective_shares)
    seats = ",".join(str(t.seats) for t in tallies)
    budget = f" --iterations {iterations}" if iterations is not None else ""
    budget += f" --jobs {jobs}" if jobs > 1 else ""
    lines = [
        heading(bots, iterations),
        "",
        f"`python benchmarks/balance.py --games {games} --seats {seats} --bots {bots}"
        f" --seed {seed}{budget}` (the games of `python -m entropy_tui simulate`, seeds"
        f" {seed}-{seed + games - 1} at each seat count).",
        "",
        "Share of games in which each Objective completed (target: each at least"
        f" {OBJECTIVE_SHARE_TARGET:.0%}):",
        "",
        "| Seats | Games | Ended by the trigger | Median rounds | "
        + " | ".join(_objective_words(name) for name in objectives)
        + " | All six at 10%+ |",
        "| --- " * (len(objectives) + 5) + "|",
    ]
    for t in tallies:
        shares = " | ".join(f"{t.objective_shares[name]:.0%}" for name in objectives)
        lines.append(
            f"| {t.seats} | {t.games} | {t.trigger_share:.0%} | {_rounds(t.median_rounds)} | "
            f"{shares} | {'yes' if t.objectives_met else 'no'} |"
        )
    lines += [
        "",
        "Share of the winner's score each scoring category gave (mean over games; tied winners"
        " averaged):",
        "",
        "| Seats | Mean winning score | "
        + " | ".join(CATEGORY_WORDS.values())
        + " | Seconds per game |",
        "| --- " * (len(CATEGORY_WORDS) + 3) + "|",
    ]
    for t in tallies:
        shares = " | ".join(f"{t.winner_shares[c]:.0%}" for c in CATEGORY_WORDS)
        mean = "-" if t.mean_winning_score is None else f"{t.mean_winning_score:.1f}"
        lines.append(f"| {t.seats} | {mean} | {shares} | {t.seconds_per_game:.1f} |")
    crashed = sum(t.crashes for t in tallies)
    if crashed:
        lines += ["", f"{crashed} games crashed and are left out of the figures."]
    return "\n".join(lines) + "\n"


def _objective_words(name: str) -> str:
    return name.capitalize() if not name.startswith("big ") else f"Big {title(name[4:])}"


def _rounds(median: float | None) -> str:
    return "-" if median is None else f"{median:g}"


def write_section(text: str, path: Path = RESULTS) -> None:
    """Replaces the section with the same heading (same bots and budget), keeping the others."""
    current = path.read_text(encoding="utf-8") if path.exists() else HEADER
    section = text.splitlines()[0]
    start = current.find(section + "\n")
    if start == -1:
        updated = current.rstrip("\n") + "\n\n" + text
    else:
        end = current.find("\n## ", start + len(section))
        updated = current[:start] + text + ("" if end == -1 else current[end:])
    path.write_text(updated, encoding="utf-8")


def _seat_counts(text: str) -> list[int]:
    try:
        counts = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seat counts like 2,3,4, got {text!r}") from None
    if not counts or any(n not in (2, 3, 4) for n in counts):
        raise argparse.ArgumentTypeError(f"seat counts are 2, 3 or 4, got {text!r}")
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per seat count")
    parser.add_argument("--seats", type=_seat_counts, default=[2, 3, 4], help="e.g. 2,3,4")
    parser.add_argument("--bots", default="greedy", help="the bot in every seat")
    parser.add_argument("--seed", type=int, default=50, help="game i is seeded SEED+i")
    parser.add_argument("--iterations", type=int, help="the expert's search per decision")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument("--write", action="store_true", help="update docs/balance.md")
    args = parser.parse_args(argv)
    tallies = []
    for seats in args.seats:
        tallies.append(measure(seats, args.games, args.bots, args.seed, args.iterations, args.jobs))
        print(f"{seats} seats: {tallies[-1].seconds_per_game:.1f} s per game", file=sys.stderr)
    text = report(tallies, args.bots, args.games, args.seed, args.iterations, args.jobs)
    print(text)
    if args.write:
        write_section(text)
    return 0 if all(t.crashes == 0 for t in tallies) else 1


if __name__ == "__main__":
    sys.exit(main())
