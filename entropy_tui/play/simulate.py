"""Bots play many games, to show that the rules hold (no crash, no broken invariant) and how
the game data plays (length, scores): what `entropy-tui simulate` runs (its options are in
cli.simulate)."""

from __future__ import annotations

import argparse
import statistics
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from entropy_tui.bots import SEARCHING, make_bot
from entropy_tui.play.config import COLOURS, GameConfig, SeatConfig
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


def bots_config(kinds: Sequence[str], seed: int, edition: int | None) -> GameConfig:
    """A game of bots only (so no "End your turn" step, which only a person takes)."""
    seats = tuple(
        SeatConfig(f"Bot {seat + 1}", kind, COLOURS[seat].key) for seat, kind in enumerate(kinds)
    )
    return GameConfig(seats, seed, confirm_turn_end=False, hints=False, edition=edition)


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
        kinds = seat_bots(bot, seats)
        game = bots_config(kinds, seed, edition).new_game()
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
