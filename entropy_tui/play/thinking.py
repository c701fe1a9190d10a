"""Thinking off the screen's way: bots' decisions and hints worked out in the background.

A search holds the interpreter lock for as long as it runs, so a search in a thread of the app
slows every keypress (docs/performance.md has the figures). A `WorkerProcess` is started once per
game and kept warm: it is sent a job (a plain, picklable call, such as `decide`) and answers in
the order asked, while a thread of the app waits for the answer without holding the lock. A
`WorkerThread` runs jobs in a thread of the app instead: for bots made by a caller's own
factory, which live in this process.

A bot reads only the decision's player, kind, prompt and each option's id and enabled flag, so it
is sent a `PlainDecision` of just those.
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from entropy_tui.rules import View

if TYPE_CHECKING:
    from entropy_tui.bots.base import Bot
    from entropy_tui.rules import Decision

Job = Callable[[], Any]  # picklable for a WorkerProcess: a module-level function and its data
Reply = Callable[[Any], None]  # called in a thread of the app with the answer or the exception


@dataclass(frozen=True, slots=True)
class PlainOption:
    id: str
    enabled: bool


@dataclass(frozen=True, slots=True)
class PlainDecision:
    """What a bot may read of a Decision, as plain data."""

    player: int
    kind: str
    prompt: str
    options: tuple[PlainOption, ...]

    @classmethod
    def of(cls, decision: Decision) -> PlainDecision:
        options = tuple(PlainOption(o.id, o.enabled) for o in decision.options)
        return cls(decision.player, decision.kind, decision.prompt, options)

    @property
    def enabled(self) -> list[PlainOption]:
        return [option for option in self.options if option.enabled]


# The bots a worker has made, each kept for the game's length so that its generator goes on
# from one decision to the next, as an in-process bot's does.
_BOTS: dict[tuple[str, int, int, int], Bot] = {}


def decide(
    kind: str,
    seed: int,
    seat: int,
    view: View,
    decision: PlainDecision,
    edition: int | None = None,
) -> str:
    """The answer of seat `seat`'s bot of kind `kind` (made on first use) in a game of that
    `edition` of the component data (None: the newest): run in a worker."""
    from entropy_tui.rules import load_catalog

    catalog = load_catalog(edition)
    key = (kind, seed, seat, catalog.edition)
    bot = _BOTS.get(key)
    if bot is None:
        from entropy_tui.bots import make_bot

        bot = _BOTS[key] = make_bot(kind, seed, catalog=catalog)
    return bot.decide(view, decision)


def warm_up() -> None:
    """Loads what thinking needs (the engine, the bots, the catalog) before the first job."""
    from entropy_tui.bots import make_bot

    make_bot("greedy", 0)
    make_bot("expert", 0, iterations=1)


class Worker(Protocol):
    def ask(self, job: Job, reply: Reply) -> None:
        """Runs `job` in the background; `reply` gets its result (or the exception it raised)
        in a thread of the app. Jobs run one at a time, in the order asked."""
        ...

    def close(self) -> None: ...


class WorkerThread:
    """Jobs run in one thread of the app, one after another."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Job, Reply] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="thinking", daemon=True)
        self._thread.start()

    def ask(self, job: Job, reply: Reply) -> None:
        self._jobs.put((job, reply))

    def close(self) -> None:
        self._jobs.put(None)

    def _serve(self) -> None:
        while (item := self._jobs.get()) is not None:
            job, reply = item
            try:
                answer = job()
            except Exception as error:  # handed to the app, which decides what it means
                answer = error
            reply(answer)


class WorkerProcess:
    """Jobs run in a process of their own, started at once and kept until `close`. A thread of
    the app sends each job and waits for its answer (the wait does not hold the lock). Jobs and
    answers are pickled over the process's standard input and output."""

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [sys.executable, "-c", "from entropy_tui.play.thinking import serve; serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # the app owns the terminal
        )
        self._jobs: queue.SimpleQueue[tuple[Job, Reply] | None] = queue.SimpleQueue()
        self._closed = False
        self._thread = threading.Thread(target=self._relay, name="thinking", daemon=True)
        self._thread.start()
        self.ask(warm_up, lambda _: None)

    def ask(self, job: Job, reply: Reply) -> None:
        self._jobs.put((job, reply))

    def close(self) -> None:
        """Stops the process at once, even in the middle of a job (whose answer is dropped)."""
        self._closed = True
        self._jobs.put(None)
        self._process.kill()
        self._process.wait()

    def _relay(self) -> None:
        process = self._process
        assert process.stdin is not None and process.stdout is not None
        while (item := self._jobs.get()) is not None:
            job, reply = item
            try:
                pickle.dump(job, process.stdin)
                process.stdin.flush()
                answer = pickle.load(process.stdout)
            except (EOFError, OSError, pickle.PickleError) as error:
                if not self._closed:
                    reply(ConnectionError(f"the thinking process stopped ({error})"))
                self._drain()
                return
            reply(answer)

    def _drain(self) -> None:
        """After the process stopped: every job still asked for gets that answer."""
        while (item := self._jobs.get()) is not None:
            if not self._closed:
                item[1](ConnectionError("the thinking process stopped"))


def serve() -> None:
    """The worker process: answers jobs until the app closes its input. What it prints goes
    nowhere, so that it never mixes with the answers."""
    answers = os.fdopen(os.dup(1), "wb")
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 1)
    jobs = sys.stdin.buffer
    while True:
        try:
            job = pickle.load(jobs)
        except EOFError:
            return
        try:
            answer = job()
        except Exception as error:  # sent back: the app decides what it means
            answer = error
        try:
            pickle.dump(answer, answers)
        except (pickle.PickleError, TypeError, AttributeError):
            pickle.dump(RuntimeError(repr(answer)), answers)
        answers.flush()
