"""`entropy-tui simulate`: its options, and its progress bar and summary drawn with rich (the
games themselves are played by entropy_tui.play.simulate).

entropy-tui simulate --games 30 --seats 4 --bots greedy --seed 1 --json
entropy-tui simulate --games 10 --seats 2 --bots expert,greedy --iterations 100
entropy-tui simulate --games 30 --edition 2   # an older edition of the component data
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from entropy_tui.bots import BOTS, SEARCHING
from entropy_tui.cli.options import UsageError, add_seed
from entropy_tui.play import simulate as games
from entropy_tui.play.simulate import CHECKS, DEFAULT_ROUND_CAP, seat_bots
from entropy_tui.rules import load_catalog


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


def add_options(cli: argparse.ArgumentParser) -> None:
    cli.description = (
        "Bots play games of Entropy against each other; prints how long the "
        "games last, how they score, and any crash or broken invariant."
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
    cli.set_defaults(seed=0)
    add_seed(cli, "game i is seeded SEED+i (default 0)")
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


def run(args: argparse.Namespace) -> int:
    problem = _inconsistency(args)
    if problem:
        raise UsageError(f"entropy-tui simulate: error: {problem}")
    if args.json:
        summary = games.run(args)
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
        summary = games.run(args, on_game=lambda _: progress.advance(task))
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
