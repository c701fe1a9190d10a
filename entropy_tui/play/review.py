"""The review of a game: every decision of every seat weighed by the expert from that seat's own
view, the decisions that cost the most points, and each seat's expected lead round by round.

review = review_game(game)                  # or cached_review(game, beside=save_path)
review.lessons[seat]                        # the 3-5 costliest decisions, the expert's pick, why
review.leads[seat]                          # the seat's expected lead at each round's start

A decision is weighed by hints.option_values, the evaluation a hint takes its pick from, on
`game.view(seat)` and the decision's option ids only: the review knows what the seat knew when it
chose, never another seat's cards or the stacks' order. The why of a lesson is the hint's line
for the expert's pick, so a hint and the review never contradict each other. Each decision's
search has a fixed budget and a seed of its own, so the same review twice gives the same numbers.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from entropy_tui.play.hints import best_option, option_values, why
from entropy_tui.play.thinking import PlainDecision
from entropy_tui.rules import View, is_control
from entropy_tui.saves.files import write_atomically

if TYPE_CHECKING:
    from entropy_tui.rules import Game

# Search iterations per decision (at least two per enabled option), the ladder's Expert budget:
# with benchmarks/review_speed.py, two reviews with different seeds of the search named the same
# three costliest decisions of every seat, and a 2-seat game took under a minute on two cores.
REVIEW_ITERATIONS = 30
PER_OPTION = 2
MOST_LESSONS = 5
FEWEST_LESSONS = 3
SMALL_COST = 0.5  # points: a decision costing less is a lesson only to make up the fewest
# Why a lost game's points given away can far exceed the final margin.
POINTS_LOST_MEANING = "Points given away: the expert's estimates, decision by decision, added up."
CACHE_FORMAT = 1

Progress = Callable[[int, int], None]  # (decisions weighed, decisions to weigh)


class ReviewCancelled(Exception):
    """The review was stopped before it ended; nothing was stored."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision of one seat, weighed."""

    step: int  # the choice's place in the log: the replay's step that shows this decision
    round: int
    seat: int
    taken: str  # the option id chosen
    best: str  # the option id the expert would choose
    taken_value: float  # points of lead over the best other seat, as the expert reckons them
    best_value: float

    @property
    def cost(self) -> float:
        """The points the choice gave away against the expert's pick."""
        return max(0.0, self.best_value - self.taken_value)


@dataclass(frozen=True, slots=True)
class Lesson:
    """A costly decision in the game's words."""

    verdict: Verdict
    taken_label: str
    best_label: str
    why: str  # the hint's line for the expert's pick


@dataclass(frozen=True, slots=True)
class Review:
    key: str  # game_key of the game reviewed
    iterations: int
    salt: int  # varies the searches' seeds (0 in the app and the command line)
    seats: list[str]
    verdicts: list[Verdict]  # every decision with more than one enabled option, in order
    lessons: list[list[Lesson]]  # per seat, costliest first
    leads: list[list[float]]  # per seat, its expected lead at its first decision of each round

    def points_lost(self, seat: int) -> float:
        return sum(v.cost for v in self.verdicts if v.seat == seat)

    def decisions(self, seat: int) -> int:
        return sum(v.seat == seat for v in self.verdicts)

    def as_data(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Review:
        lessons = [
            [Lesson(**{**lesson, "verdict": Verdict(**lesson["verdict"])}) for lesson in seat]
            for seat in data["lessons"]
        ]
        verdicts = [Verdict(**verdict) for verdict in data["verdicts"]]
        return cls(**{**data, "verdicts": verdicts, "lessons": lessons})


@dataclass(frozen=True, slots=True)
class _Position:
    """A decision to weigh, as the deciding seat sees it."""

    step: int
    round: int
    seat: int
    view: View
    decision: PlainDecision
    taken: str


def game_key(game: Game) -> str:
    """What a review depends on: the game's settings and choices (not when it was saved)."""
    truth = {"config": game.config(), "choices": list(game.state.choices)}
    return hashlib.sha256(json.dumps(truth, sort_keys=True).encode()).hexdigest()


def decision_seed(game_seed: int, seat: int, step: int, salt: int = 0) -> int:
    return ((salt * 1_000_003 + game_seed) * 1000 + seat) * 100_000 + step


def _position(game: Game, step: int, taken: str) -> _Position:
    """`game`'s pending decision as its seat sees it, and nothing more."""
    decision = game.decision
    assert decision is not None
    seat = decision.player
    view = game.view(seat)
    return _Position(step, game.state.round, seat, view, PlainDecision.of(decision), taken)


def _positions(game: Game) -> Iterator[_Position]:
    """The game replayed from its start: each decision with more than one enabled option."""
    replay = type(game).new(**game.config(), catalog=game.catalog)
    for step, choice in enumerate(game.state.choices):
        decision = replay.decision
        if decision is not None and not is_control(choice) and len(decision.enabled) > 1:
            yield _position(replay, step, choice)
        replay.choose(choice)


def _job(
    position: _Position, game_seed: int, iterations: int, salt: int, edition: int
) -> partial[dict[str, float]]:
    """The weighing of one decision, as a plain call a thinking process can run."""
    return partial(
        option_values,
        position.view,
        position.decision,
        seed=decision_seed(game_seed, position.seat, position.step, salt),
        iterations=max(iterations, PER_OPTION * len(position.decision.enabled)),
        edition=edition,
    )


def weighing(
    game: Game, step: int, *, iterations: int = REVIEW_ITERATIONS, salt: int = 0
) -> partial[dict[str, float]]:
    """How a review weighs `game`'s pending decision (its `step`-th choice): a call holding
    all it reads of the game, which gives each enabled option's value."""
    position = _position(game, step, "")
    return _job(position, game.state.seed, iterations, salt, game.catalog.edition)


def review_game(
    game: Game,
    *,
    iterations: int = REVIEW_ITERATIONS,
    salt: int = 0,
    workers: int = 0,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> Review:
    """The review of `game`. `workers`: processes that search side by side (0: this one);
    `progress` is told of each decision weighed; setting `stop` ends the review early with
    ReviewCancelled."""
    positions = list(_positions(game))
    seed, edition = game.state.seed, game.catalog.edition
    jobs = [_job(p, seed, iterations, salt, edition) for p in positions]
    run = _run_in_processes if workers > 0 else _run_here
    values = run(jobs, workers, progress or (lambda done, total: None), stop or threading.Event())
    verdicts = [
        Verdict(p.step, p.round, p.seat, p.taken, best_option(v), v[p.taken], max(v.values()))
        for p, v in zip(positions, values, strict=True)
    ]
    seats = len(game.state.players)
    by_step = {p.step: p for p in positions}
    lessons = [_lessons(game, verdicts, seat, by_step, salt) for seat in range(seats)]
    return Review(
        key=game_key(game),
        iterations=iterations,
        salt=salt,
        seats=[game.name(seat) for seat in range(seats)],
        verdicts=verdicts,
        lessons=lessons,
        leads=[_leads(verdicts, seat, game.state.round) for seat in range(seats)],
    )


def _run_here(
    jobs: Sequence[Callable[[], dict[str, float]]], workers: int, progress: Progress, stop: Any
) -> list[dict[str, float]]:
    answers = []
    for job in jobs:
        if stop.is_set():
            raise ReviewCancelled
        answers.append(job())
        progress(len(answers), len(jobs))
    return answers


def _run_in_processes(
    jobs: Sequence[Callable[[], dict[str, float]]],
    workers: int,
    progress: Progress,
    stop: threading.Event,
) -> list[dict[str, float]]:
    """The jobs shared among `workers` thinking processes, which are stopped at the end (or at
    once when `stop` is set)."""
    from entropy_tui.play.thinking import WorkerProcess

    replies: queue.SimpleQueue[tuple[int, Any]] = queue.SimpleQueue()
    processes = [WorkerProcess() for _ in range(min(workers, len(jobs)))]
    try:
        for index, job in enumerate(jobs):
            processes[index % len(processes)].ask(job, partial(_put, replies, index))
        answers: dict[int, dict[str, float]] = {}
        while len(answers) < len(jobs):
            if stop.is_set():
                raise ReviewCancelled
            try:
                index, answer = replies.get(timeout=0.1)
            except queue.Empty:
                continue
            if isinstance(answer, Exception):
                raise answer
            answers[index] = answer
            progress(len(answers), len(jobs))
        return [answers[index] for index in range(len(jobs))]
    finally:
        for process in processes:
            process.close()


def _put(replies: queue.SimpleQueue[tuple[int, Any]], index: int, answer: Any) -> None:
    replies.put((index, answer))


def _lessons(
    game: Game, verdicts: list[Verdict], seat: int, by_step: dict[int, _Position], salt: int
) -> list[Lesson]:
    """The seat's costliest decisions, one a round (a turn's choices often repeat one
    mistake): up to MOST_LESSONS that cost something, those costing less than SMALL_COST only
    to make up FEWEST_LESSONS."""
    by_round: dict[int, Verdict] = {}
    for verdict in verdicts:
        if verdict.seat == seat and verdict.cost > 0:
            kept = by_round.get(verdict.round)
            if kept is None or verdict.cost > kept.cost:
                by_round[verdict.round] = verdict
    costly = sorted(by_round.values(), key=lambda v: (-v.cost, v.step))[:MOST_LESSONS]
    costly = [v for i, v in enumerate(costly) if i < FEWEST_LESSONS or v.cost >= SMALL_COST]
    labels = _labels(game, {v.step for v in costly})
    lessons = []
    for verdict in costly:
        position = by_step[verdict.step]
        seed = decision_seed(game.state.seed, seat, verdict.step, salt)
        line = why(position.view, position.decision, verdict.best, seed=seed, catalog=game.catalog)
        options = labels[verdict.step]
        lessons.append(Lesson(verdict, options[verdict.taken], options[verdict.best], line))
    return lessons


def _labels(game: Game, steps: set[int]) -> dict[int, dict[str, str]]:
    """The options' labels at each of `steps`, as the deciding seat read them."""
    replay = type(game).new(**game.config(), catalog=game.catalog)
    labels = {}
    for step, choice in enumerate(game.state.choices):
        if step in steps:
            assert replay.decision is not None
            labels[step] = {o.id: o.label for o in replay.decision.options}
        if len(labels) == len(steps):
            break
        replay.choose(choice)
    return labels


def _leads(verdicts: list[Verdict], seat: int, rounds: int) -> list[float]:
    """The seat's expected lead over the best other seat at its first weighed decision of each
    round (the round before's when it had none; 0 before its first)."""
    first: dict[int, float] = {}
    for verdict in verdicts:
        if verdict.seat == seat:
            first.setdefault(verdict.round, verdict.best_value)
    leads, lead = [], 0.0
    for round_number in range(1, rounds + 1):
        lead = first.get(round_number, lead)
        leads.append(lead)
    return leads


CLOSING = {"(": ")", "[": "]"}


def short_label(label: str) -> str:
    """An option's label up to its first detail ("Move 1 to Evolve a Star (inner I0)"); cut
    inside brackets, it closes them after a "…" ("Take Abundant Biome BA16 (each landing on
    Catch an Asteroid: +1 Entropy; …)")."""
    head, cut, _ = label.partition("; ")
    unclosed: list[str] = []
    for char in head:
        if char in CLOSING:
            unclosed.append(CLOSING[char])
        elif unclosed and char == unclosed[-1]:
            unclosed.pop()
    return f"{head}; …{''.join(reversed(unclosed))}" if cut and unclosed else head


# ------------------------------------------------------------------------- stored beside the save
def review_path(save: Path) -> Path:
    """Where the review of the game in `save` is kept: FILE.review.json beside FILE.json."""
    return save.with_name(f"{save.stem}.review.json")


def stored_review(path: Path, key: str, iterations: int, salt: int = 0) -> Review | None:
    """The review kept in `path` if it is of this game at this budget (None: none, or stale)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if (data["format"], data["key"], data["iterations"], data["salt"]) != (
            CACHE_FORMAT,
            key,
            iterations,
            salt,
        ):
            return None
        return Review.from_data(data["review"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing, broken or of another shape: worked out again


def store_review(path: Path, review: Review) -> None:
    data = {
        "format": CACHE_FORMAT,
        "key": review.key,
        "iterations": review.iterations,
        "salt": review.salt,
        "review": review.as_data(),
    }
    write_atomically(path, json.dumps(data, ensure_ascii=False).encode("utf-8"))


def cached_review(
    game: Game,
    beside: Path | None,
    *,
    iterations: int = REVIEW_ITERATIONS,
    workers: int = 0,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> Review:
    """The review kept beside the save `beside` when it is current, else worked out and kept
    there (`beside` None: worked out, not kept)."""
    path = review_path(beside) if beside is not None else None
    if path is not None:
        found = stored_review(path, game_key(game), iterations)
        if found is not None:
            return found
    review = review_game(game, iterations=iterations, workers=workers, progress=progress, stop=stop)
    if path is not None:
        # A folder that can't be written: the review is shown, just not kept.
        with contextlib.suppress(OSError):
            store_review(path, review)
    return review
