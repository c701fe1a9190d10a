"""`--notify-command CMD`: tells a member who is not connected that a table waits for them, by
running the club's own command (mail, a chat message...) with three more arguments: the
member's name, the table's number and a one-line summary.

The command is split into an argv once, when the club starts, and run without a shell: the
arguments reach it as they are, so a name like `$(touch x)` is one harmless argument. Each run
has a time limit (then it is killed, with whatever it started), its output is discarded, only a
few run at once, and a failure is logged to the club's stderr and never stops the club."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shlex
import shutil
import signal
import subprocess
from collections.abc import Sequence

from entropy_tui.club.clocks import time_words
from entropy_tui.club.presence import Presence
from entropy_tui.club.records import Player
from entropy_tui.rules import Game

log = logging.getLogger("entropy_tui.club.notify")

TIME_LIMIT = 30.0  # seconds a run may take before it is killed
AT_ONCE = 4  # runs at the same time; later ones wait their turn
WAITING_LIMIT = 200  # runs waiting beyond those: more are dropped (and logged), not queued
SUMMARY_LIMIT = 300  # characters of the summary passed on


class BadCommand(ValueError):
    """A --notify-command that can't be run; the message says why, in a player's words."""


def command_argv(command: str) -> list[str]:
    """The command's words as the shell would split them (quotes kept together), its program
    found on the PATH now rather than at the first turn."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise BadCommand(f"--notify-command {command!r} can't be read: {error}") from None
    if not argv:
        raise BadCommand("--notify-command is empty: give the program to run")
    if shutil.which(argv[0]) is None:
        raise BadCommand(f"--notify-command: there is no program {argv[0]!r} to run")
    return argv


def one_line(text: str) -> str:
    """The summary as one bounded line: a name or a log line never adds lines to it."""
    return " ".join(text.split())[:SUMMARY_LIMIT]


class Notifier:
    """Runs the command for each notice, in the background of the club's event loop."""

    def __init__(
        self, argv: Sequence[str], *, time_limit: float = TIME_LIMIT, at_once: int = AT_ONCE
    ) -> None:
        self.argv = tuple(argv)
        self.time_limit = time_limit
        self._slots = asyncio.Semaphore(at_once)
        self._runs: set[asyncio.Task[None]] = set()

    def notify(self, name: str, table_id: int, summary: str) -> None:
        """Starts the command for this notice and returns at once."""
        if len(self._runs) >= WAITING_LIMIT:
            log.warning("notify command: %d notices waiting; dropped %s's", len(self._runs), name)
            return
        task = asyncio.get_running_loop().create_task(self.run(name, table_id, summary))
        self._runs.add(task)
        task.add_done_callback(self._runs.discard)

    async def run(self, name: str, table_id: int, summary: str) -> None:
        """Runs the command once, within its time limit; never raises (but for cancelling)."""
        argv = [*self.argv, name, str(table_id), one_line(summary)]
        async with self._slots:
            try:
                process = await asyncio.create_subprocess_exec(
                    *argv,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,  # its own process group: killed with all it started
                )
            except OSError as error:
                log.warning("notify command %r could not start: %s", self.argv[0], error)
                return
            try:
                status = await asyncio.wait_for(process.wait(), self.time_limit)
            except TimeoutError:
                log.warning(
                    "notify command for %s (table %d) took over %g s: killed",
                    name,
                    table_id,
                    self.time_limit,
                )
                await _kill(process)
                return
            finally:
                if process.returncode is None:  # cancelled: the club is closing
                    await asyncio.shield(_kill(process))
            if status != 0:
                log.warning(
                    "notify command for %s (table %d) failed with status %d", name, table_id, status
                )

    async def finished(self) -> None:
        """Returns once every run started so far has ended."""
        await asyncio.gather(*self._runs, return_exceptions=True)

    async def close(self) -> None:
        """Stops the runs still going (the club is closing)."""
        for task in list(self._runs):
            task.cancel()
        await asyncio.gather(*self._runs, return_exceptions=True)


async def _kill(process: asyncio.subprocess.Process) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    await process.wait()


class Herald:
    """Tells a member who is not connected that a table waits for them (a connected member's
    screen says so itself, with the bell)."""

    def __init__(self, notifier: Notifier, presence: Presence) -> None:
        self.notifier = notifier
        self.presence = presence

    def turn_began(self, member: Player, table_id: int, game: Game, left: float | None) -> None:
        if not self.presence.connected(member.id):
            self.notifier.notify(member.name, table_id, turn_summary(table_id, game, left))


def turn_summary(table_id: int, game: Game, left: float | None) -> str:
    """ "Your move at table 7: Ann played Planet H10; 2 h 05 min left": the last public line of
    another seat's in the log, and the time the member has (None: no clock runs)."""
    decision = game.decision
    pending = None if decision is None else decision.player
    last = next(
        (
            event.text
            for event in reversed(game.log)
            if not event.private and event.seat not in (None, pending) and event.kind != "turn"
        ),
        None,
    )
    summary = f"Your move at table {table_id}"
    if last is not None:
        summary += f": {last}"
    if left is not None:
        summary += f"; {time_words(left)} left"
    return summary
