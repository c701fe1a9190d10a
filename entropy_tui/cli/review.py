"""`entropy-tui review FILE [--seat NAME] [--json]`: the expert's review of a saved game, in
text or JSON; kept beside the save (FILE.review.json) so that it is read back at once."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from entropy_tui.cli.options import UsageError
from entropy_tui.play.review import (
    POINTS_LOST_MEANING,
    REVIEW_ITERATIONS,
    Lesson,
    Review,
    cached_review,
    review_path,
    short_label,
)
from entropy_tui.saves.files import SaveError, load_game

CHART_WIDTH = 60
CHART_HEIGHT = 10


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "The expert's review of a saved game: each decision of a seat weighed from"
        " that seat's own view, the decisions that cost the most points and why, and each"
        " seat's expected lead round by round."
    )
    parser.add_argument("file", type=Path, help="a saved game (.json)")
    parser.add_argument("--seat", metavar="NAME", help="review this seat only (default: all)")
    parser.add_argument("--json", action="store_true", help="print the review as JSON")
    parser.add_argument(
        "--iterations",
        type=int,
        default=REVIEW_ITERATIONS,
        help=f"search iterations per decision (default {REVIEW_ITERATIONS})",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="processes that search side by side (default: one per core; 0: this one)",
    )


def run(args: argparse.Namespace) -> int:
    if args.iterations < 1:
        raise UsageError("entropy-tui review: error: --iterations must be at least 1")
    try:
        game, save = load_game(args.file)
    except SaveError as error:
        print(f"Could not review the game: {error}", file=sys.stderr)
        return 2
    names = [game.name(seat) for seat in range(len(game.state.players))]
    seats = list(range(len(names)))
    if args.seat is not None:
        wanted = [seat for seat, name in enumerate(names) if name.lower() == args.seat.lower()]
        if not wanted:
            print(
                f"No seat named {args.seat!r} in {args.file}; its seats are {', '.join(names)}.",
                file=sys.stderr,
            )
            return 2
        seats = wanted
    try:
        review = cached_review(
            game,
            args.file,
            iterations=args.iterations,
            workers=args.processes,
            progress=_progress_line if sys.stderr.isatty() else None,
        )
    except KeyboardInterrupt:
        print("\nThe review was stopped; nothing was kept.", file=sys.stderr)
        return 130
    if sys.stderr.isatty():
        print("\r\033[K", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(as_json(review, seats, args.file), ensure_ascii=False, indent=2))
    else:
        from entropy_tui.play.config import GameConfig

        print("\n".join(text_lines(review, seats, args.file, GameConfig.of_save(save).seats)))
    return 0


def _progress_line(done: int, total: int) -> None:
    print(f"\rReviewing: {done} of {total} decisions weighed", end="", file=sys.stderr)


def as_json(review: Review, seats: list[int], file: Path) -> dict[str, Any]:
    data = review.as_data()
    return {
        "file": str(file),
        "stored": str(review_path(file)),
        "iterations": review.iterations,
        "seats": [
            {
                "seat": seat,
                "name": review.seats[seat],
                "decisions": review.decisions(seat),
                "points_lost": round(review.points_lost(seat), 2),
                "lessons": data["lessons"][seat],
                "leads": [round(lead, 2) for lead in review.leads[seat]],
                "verdicts": [v for v in data["verdicts"] if v["seat"] == seat],
            }
            for seat in seats
        ],
    }


def text_lines(review: Review, seats: list[int], file: Path, looks: Any) -> list[str]:
    """The review as plain lines: each seat's costliest decisions, then the chart of leads."""
    from entropy_tui.tui.widgets.vp_chart import chart_lines

    rounds = len(review.leads[0]) if review.leads else 0
    lines = [
        f"Review of {file}: {' vs '.join(review.seats)}, {rounds} rounds. The expert weighed each"
        f" decision from the deciding seat's own view ({review.iterations} search iterations"
        f" each); values are points of lead over the best other seat. {POINTS_LOST_MEANING}",
    ]
    for seat in seats:
        lines += ["", seat_summary(review, seat)]
        for number, lesson in enumerate(review.lessons[seat], start=1):
            lines += [f"  {number}. {lesson_line(lesson)}", f"     Why: {lesson.why}"]
    lines += ["", "Expected lead over the best other seat at each round's start (points):"]
    series = [[round(lead) for lead in review.leads[seat]] for seat in seats]
    picked = tuple(looks[seat] for seat in seats)
    lines += [line.plain for line in chart_lines(picked, series, CHART_WIDTH, CHART_HEIGHT)]
    return lines


def seat_summary(review: Review, seat: int) -> str:
    count = review.decisions(seat)
    lost = review.points_lost(seat)
    if not review.lessons[seat]:
        return f"{review.seats[seat]}: {count} decisions weighed; each matched the expert's pick."
    return (
        f"{review.seats[seat]}: {count} decisions weighed, {lost:.1f} points given away against"
        " the expert's picks; the costliest:"
    )


def lesson_line(lesson: Lesson) -> str:
    verdict = lesson.verdict
    return (
        f"Round {verdict.round}, replay step {verdict.step}: took"
        f' "{short_label(lesson.taken_label)}" ({verdict.taken_value:+.1f}); the expert would'
        f' take "{short_label(lesson.best_label)}" ({verdict.best_value:+.1f}):'
        f" {verdict.cost:.1f} points"
    )
