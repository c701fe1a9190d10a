"""Where the club's bots think, off the event loop: a thread for the bots that answer at once
(Beginner, Casual: a few milliseconds each), and a process of their own for the bots that
search (Expert: about a second each).

Apart, a quick bot is never queued behind a search at another table: in one thread, a Casual
answer waited for the Expert's second. A search in a process also holds no lock of the club's
interpreter, so the screens of every member keep their pace while it runs, and the search gets
its whole budget of a core. Searches queue behind each other (one process: the club's machine
keeps its other core for the screens); a process that stops is replaced at the next search."""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from entropy_tui.play.thinking import PlainDecision, Reply, WorkerProcess, WorkerThread

if TYPE_CHECKING:
    from entropy_tui.bots.base import Bot
    from entropy_tui.play.thinking import Job
    from entropy_tui.rules import View

# The searching bots the process keeps, the least used let go first: a bot let go is made
# again from its seed (as a room's own bots are when the room is let go), so the club's
# process never grows with the number of games it has served.
MAX_SEARCHERS = 256
_searchers: OrderedDict[tuple[str, int, int], Bot] = OrderedDict()


def searched(kind: str, seed: int, edition: int, view: View, decision: PlainDecision) -> str:
    """The answer of the searching bot of `kind` and `seed` (made on first use): run in the
    search process."""
    from entropy_tui.bots import make_bot
    from entropy_tui.rules import load_catalog

    key = (kind, seed, edition)
    bot = _searchers.pop(key, None)
    if bot is None:
        bot = make_bot(kind, seed, catalog=load_catalog(edition))
    _searchers[key] = bot
    while len(_searchers) > MAX_SEARCHERS:
        _searchers.popitem(last=False)
    return bot.decide(view, decision)


class Thinkers:
    """The club's two workers, each started when first asked."""

    def __init__(self) -> None:
        self._quick: WorkerThread | None = None
        self._searching: WorkerProcess | None = None

    def ask_quick(self, job: Job, reply: Reply) -> None:
        if self._quick is None:
            self._quick = WorkerThread()
        self._quick.ask(job, reply)

    def ask_searching(self, job: Job, reply: Reply) -> None:
        """`job` must pickle (a module-level function and its data, as `searched`)."""
        worker = self._searching
        if worker is None:
            worker = self._searching = WorkerProcess()

        def relayed(answer: object) -> None:  # in the worker's thread
            # The process stopped: it answers this so to every job it still holds (each
            # decided by the room's fallback), and the next search goes to a new one.
            if isinstance(answer, ConnectionError) and self._searching is worker:
                self._searching = None
            reply(answer)

        worker.ask(job, relayed)

    def close(self) -> None:
        """Stops both workers; what they had not answered is dropped."""
        if self._quick is not None:
            self._quick.close()
        if self._searching is not None:
            self._searching.close()
        self._quick = self._searching = None
