"""Thinking in the background: a worker process answers as the bot would here, in the order
asked, and a job that fails comes back as its exception."""

from __future__ import annotations

import queue
from functools import partial

from entropy_tui.bots import make_bot
from entropy_tui.play.thinking import PlainDecision, WorkerProcess, WorkerThread, decide
from entropy_tui.rules import Game


def answers(worker: WorkerProcess | WorkerThread, jobs: list) -> list[object]:
    replies: queue.SimpleQueue[tuple[int, object]] = queue.SimpleQueue()
    for number, job in enumerate(jobs):
        worker.ask(job, partial(lambda n, answer: replies.put((n, answer)), number))
    return [replies.get(timeout=60) for _ in jobs]


def test_a_worker_process_answers_as_the_bot_does_in_this_process() -> None:
    game = Game.new(["Ann", "Bob"], seed=4, bots=["greedy", "greedy"])
    jobs, expected = [], []
    bots = {seat: make_bot("greedy", 40 + seat) for seat in (0, 1)}
    for _ in range(12):  # the bots keep their generators from one decision to the next
        decision = game.decision
        assert decision is not None
        seat, view, plain = decision.player, game.view(decision.player), PlainDecision.of(decision)
        jobs.append(partial(decide, "greedy", 40 + seat, seat, view, plain))
        expected.append(bots[seat].decide(view, plain))  # type: ignore[arg-type]
        game.choose(expected[-1])
    worker = WorkerProcess()
    try:
        assert answers(worker, jobs) == list(enumerate(expected))
    finally:
        worker.close()


def test_a_failing_job_comes_back_as_its_exception() -> None:
    worker = WorkerProcess()
    try:
        [(_, answer)] = answers(worker, [partial(decide, "clever", 1, 0, {}, None)])
        assert isinstance(answer, ValueError) and "unknown bot 'clever'" in str(answer)
    finally:
        worker.close()


def test_a_closed_worker_process_stops() -> None:
    worker = WorkerProcess()
    worker.close()
    assert worker._process.poll() is not None
