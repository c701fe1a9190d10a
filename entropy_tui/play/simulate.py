"""`python -m entropy_tui simulate`: bots play many games, to show that the rules hold (no
crash, no broken invariant) and how the game data plays (length, scores).

python -m entropy_tui simulate --games 30 --seats 4 --bots greedy --seed 1 --json
python -m entropy_tui simulate --games 10 --seats 2 --bots expert,greedy --iterations 100
python -m entropy_tui simulate --games 30 --edition 2   # an older edition of the component data
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from entropy_tui.bots import BOTS, SEARCHING, make_bot
from entropy_tui.rules import Game, final_space, load_catalog, violations

DEFAULT_ROUND_CAP = 200
CHECKS = ("every", "end")


@dataclass(slots=True)
class GameResult:
    seed: int
    decisions: int = 0
    rounds: int = 0
    finished: bool = False  # ended by the end trigger, not by the round cap
    totals: list[int] | None = None  # final scores per seat; None if the game crashed
    scores: list[dict[str, int]] = field(default_factory=list)  # each seat's score by category
    crash: str | None = None  # the traceback
    problems: list[str] = field(default_factory=list)  # distinct invariant violations
    completed: list[str] = field(default_factory=list)  # the Objectives complete at the end


def bot_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own seed, derived from the game's."""
    return game_seed * 1000 + seat


@dataclass(frozen=True, slots=True)
class Budget:
    """The expert's thinking per decision: wall-clock seconds or a fixed number of iterations
    (neither: its default)."""

    seconds: float | None = None
    iterations: int | None = None

    def for_bot(self, name: str) -> dict[str, Any]:
        """The budget arguments `make_bot` takes for this bot (only a searching bot takes any)."""
        if name not in SEARCHING:
            return {}
        return {"seconds": self.seconds, "iterations": self.iterations}


def seat_bots(bots: str | Sequence[str], seats: int) -> list[str]:
    """One bot name per seat, from one name for every seat or a name per seat."""
    names = [bots] if isinstance(bots, str) else list(bots)
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise ValueError(f"{len(names)} bots named for {seats} seats: name one, or one per seat")
    return names


def play_game(
    seats: int,
    bot: str | Sequence[str],
    seed: int,
    *,
    round_cap: int,
    check_every: bool,
    budget: Budget = Budget(),
    edition: int | None = None,
) -> GameResult:
    """One game with each seat played by its bot (`bot`: one name for all, or one per seat),
    on `edition` of the component data (None: the newest); never raises, a crash is
    recorded."""
    result = GameResult(seed=seed)
    seen: set[str] = set()

    def check(game: Game) -> None:
        for problem in violations(game):
            if problem not in seen:
                seen.add(problem)
                result.problems.append(f"game seed {seed}, decision {result.decisions}: {problem}")

    try:
        names = [f"Bot {i + 1}" for i in range(seats)]
        kinds = seat_bots(bot, seats)
        game = Game.new(names, seed=seed, bots=list(kinds), edition=edition)
        bots = [
            make_bot(kind, bot_seed(seed, seat), catalog=game.catalog, **budget.for_bot(kind))
            for seat, kind in enumerate(kinds)
        ]
        if check_every:
            check(game)
        while not game.over and game.state.round <= round_cap:
            decision = game.decision
            if decision is None:
                raise RuntimeError("the game is not over but no decision is pending")
            seat = decision.player
            game.choose(bots[seat].decide(game.view(seat), decision))
            result.decisions += 1
            if check_every:
                check(game)
        if not check_every:
            check(game)
        result.finished = game.over
        result.rounds = min(game.state.round, round_cap)
        result.scores = game.scores()
        result.totals = [score["total"] for score in result.scores]
        result.completed = completed_objectives(game)
    except Exception:
        result.crash = traceback.format_exc()
    return result


def completed_objectives(game: Game) -> list[str]:
    """Names of the Objectives complete: Main Objective ids and "big <lifeform>" tiles."""
    state = game.state
    done = [
        spec.id
        for i, spec in enumerate(game.catalog.main_objectives)
        if any(p.objectives[i] == final_space(game, i) for p in state.players)
    ]
    done += [f"big {life}" for life, seat in state.board.big_objectives.items() if seat is not None]
    return done


def _median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 2) if values else None


def summarize(
    results: list[GameResult], seconds: float, settings: dict[str, Any]
) -> dict[str, Any]:
    """The figures of a run; the score statistics cover the games that did not crash."""
    played = [r for r in results if r.crash is None]
    finished = [r for r in results if r.finished]
    crashes = [r for r in results if r.crash is not None]
    problems = [p for r in results for p in r.problems]
    winning = [max(r.totals) for r in played if r.totals]
    decisions = sum(r.decisions for r in results)
    return {
        **settings,
        "finished": len(finished),
        "finished_share": round(len(finished) / len(results), 4) if results else 0.0,
        "capped": sum(not r.finished for r in played),
        "median_rounds": _median([r.rounds for r in played]),
        "median_decisions": _median([r.decisions for r in played]),
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds, 1) if seconds else None,
        "games_per_second": round(len(results) / seconds, 3) if seconds else None,
        "crashes": len(crashes),
        "first_crash": crashes[0].crash if crashes else None,
        "violations": len(problems),
        "games_with_violations": sum(bool(r.problems) for r in results),
        "first_violation": problems[0] if problems else None,
        "mean_winning_score": _mean(winning),
        "min_winning_score": min(winning, default=None),
        "max_winning_score": max(winning, default=None),
        "mean_score": _mean([t for r in played if r.totals for t in r.totals]),
        "tie_share": (
            round(
                sum(r.totals.count(max(r.totals)) > 1 for r in played if r.totals) / len(played), 4
            )
            if played
            else None
        ),
        "objectives_completed": dict(Counter(name for r in finished for name in r.completed)),
    }


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, got {text!r}") from None
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, got {text!r}")
    return value


def _bot_names(text: str) -> list[str]:
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; the bots are: {', '.join(BOTS)}"
            )
    return names


def parser() -> argparse.ArgumentParser:
    cli = argparse.ArgumentParser(
        prog="entropy-tui simulate",
        description="Bots play games of Entropy against each other; prints how long the "
        "games last, how they score, and any crash or broken invariant.",
    )
    cli.add_argument("--games", type=_positive, default=10, help="games to play (default 10)")
    cli.add_argument(
        "--seats", type=int, choices=(2, 3, 4), default=4, help="players per game (default 4)"
    )
    cli.add_argument(
        "--bots",
        type=_bot_names,
        default=["greedy"],
        help=f"the bot playing every seat, or one per seat separated by commas, e.g. "
        f"expert,greedy ({', '.join(BOTS)}; default greedy)",
    )
    budget = cli.add_mutually_exclusive_group()
    budget.add_argument(
        "--seconds",
        type=_positive_seconds,
        help="the expert's thinking time per decision (default 1.0)",
    )
    budget.add_argument(
        "--iterations",
        type=_positive,
        help="the expert's search per decision as a fixed number of iterations (repeatable)",
    )
    cli.add_argument(
        "--edition",
        type=_positive,
        help="the edition of the component data to play (default the newest); older editions"
        " are kept so that old saves replay",
    )
    cli.add_argument("--seed", type=int, default=0, help="game i is seeded SEED+i (default 0)")
    cli.add_argument(
        "--json", action="store_true", help="print exactly one JSON object, no progress bar"
    )
    cli.add_argument(
        "--round-cap",
        type=_positive,
        default=DEFAULT_ROUND_CAP,
        help=f"stop a game after this many rounds; it counts as not finished "
        f"(default {DEFAULT_ROUND_CAP})",
    )
    cli.add_argument(
        "--check",
        choices=CHECKS,
        default="every",
        help="check the invariants after every decision, or only at the end (default every)",
    )
    return cli


def run(
    args: argparse.Namespace, on_game: Callable[[GameResult], None] | None = None
) -> dict[str, Any]:
    results = []
    kinds = seat_bots(args.bots, args.seats)
    budget = Budget(args.seconds, args.iterations)
    start = time.perf_counter()
    for i in range(args.games):
        result = play_game(
            args.seats,
            kinds,
            args.seed + i,
            round_cap=args.round_cap,
            check_every=args.check == "every",
            budget=budget,
            edition=args.edition,
        )
        results.append(result)
        if on_game is not None:
            on_game(result)
    settings = {
        "games": args.games,
        "seats": args.seats,
        "bots": ",".join(args.bots),
        "expert_seconds": args.seconds,
        "expert_iterations": args.iterations,
        "edition": load_catalog(args.edition).edition,
        "seed": args.seed,
        "round_cap": args.round_cap,
        "check": args.check,
    }
    return summarize(results, time.perf_counter() - start, settings)


def _inconsistency(args: argparse.Namespace) -> str | None:
    """What is wrong with arguments that are each fine alone, or None."""
    try:
        kinds = seat_bots(args.bots, args.seats)
    except ValueError as problem:
        return f"argument --bots: {problem}"
    newest = load_catalog().edition
    if args.edition is not None and args.edition > newest:
        return (
            f"argument --edition: there is no edition {args.edition} of the component data"
            f" (editions 1 to {newest})"
        )
    budgeted = args.seconds is not None or args.iterations is not None
    if budgeted and not SEARCHING & set(kinds):
        flag = "--seconds" if args.seconds is not None else "--iterations"
        return f"argument {flag}: only the expert thinks for a budget, and no seat plays it"
    return None


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:  # argparse has printed the usage and the problem
        return int(exit_.code or 0)
    problem = _inconsistency(args)
    if problem:
        parser().print_usage(sys.stderr)
        print(f"entropy-tui simulate: error: {problem}", file=sys.stderr)
        return 2
    if args.json:
        summary = run(args)
        print(json.dumps(summary))
    else:
        summary = _run_with_progress(args)
    return 1 if summary["crashes"] or summary["violations"] else 0


def _run_with_progress(args: argparse.Namespace) -> dict[str, Any]:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    console = Console()
    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(
            f"{args.games} {','.join(args.bots)} games, {args.seats} seats", total=args.games
        )
        summary = run(args, on_game=lambda _: progress.advance(task))
    _print_summary(console, summary)
    return summary


def _print_summary(console: Any, summary: dict[str, Any]) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table(title="Simulation", show_header=False)
    table.add_column("figure", style="bold")
    table.add_column("value", justify="right")
    shown = {k: v for k, v in summary.items() if k not in ("first_crash", "first_violation")}
    for key, value in shown.items():
        if isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in sorted(value.items())) or "-"
        elif isinstance(value, float) and key.endswith("share"):
            value = f"{value:.1%}"
        table.add_row(key.replace("_", " "), "-" if value is None else str(value))
    console.print(table)
    if summary["first_crash"]:
        console.print("[bold red]First crash:[/]")
        console.print(summary["first_crash"], markup=False, highlight=False)
    if summary["first_violation"]:
        console.print("[bold red]First invariant violation:[/]", escape(summary["first_violation"]))


if __name__ == "__main__":
    sys.exit(main())
