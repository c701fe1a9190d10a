"""How the tests are dealt to pytest-xdist's workers (--dist worksteal gives each worker an equal
run of the list, and lets one that runs out take the end of a busy one's run).

Each test has an estimated time, and the CPU time it used: what it took in recent parallel runs,
kept in tests/durations.json (`pytest -n 5 --write-durations` renews it; a test it does not list
counts as its module's other tests do, or as SHORT). From the estimates:
- the tests that mostly wait (on a terminal, a client, a timer) go to all workers but two,
  first in their runs, longest first: those two keep the two cores busy meanwhile, and no more
  workers wait at once than can without leaving a core idle. A test the file does not list
  waits if it is an end-to-end one;
- the long tests that keep a core busy go, longest first, each to the worker with the least
  time dealt so far, so that no worker is left alone with a long test at the end;
- then whole modules of short tests, so that what a module makes once for its tests (a game
  played, a review worked out) is made by one worker, not by each.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from statistics import mean

import pytest

DURATIONS = Path(__file__).with_name("durations.json")
LONG = 1.0  # seconds: a test of this or more is dealt on its own, not with its module
SHORT = 0.05  # seconds: the estimate of a test in a module the file does not know
CORES = 2  # workers that never wait on an end-to-end test: as many as the machine has cores
# A test that used less CPU than this share of its time mostly waited (on a terminal, a client,
# a timer). A test that keeps a core busy shows about 0.4: five workers share two cores.
WAITING_SHARE = 0.3
LISTED = 0.2  # seconds: a test this long is kept by name; a module's others, as their mean
OTHERS = "*"

Times = tuple[float, float]  # a test's seconds in a run, and the CPU seconds it used
Known = dict[str, dict[str, list[float]]]


def estimates(items: list[pytest.Item]) -> dict[pytest.Item, Times]:
    known = _known()
    return {item: _estimate(known, item.nodeid) for item in items}


def _known() -> Known:
    return json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}


def _estimate(known: Known, nodeid: str) -> Times:
    module, _, test = nodeid.partition("::")
    times = known.get(module, {})
    wall, cpu = times.get(test) or times.get(OTHERS) or (SHORT, SHORT)
    return wall, cpu


def _waits(known: Known, nodeid: str) -> bool | None:
    """Whether the test mostly waited in the runs the file knows (None: not listed)."""
    module, _, test = nodeid.partition("::")
    listed = known.get(module, {}).get(test)
    return None if listed is None else listed[1] < WAITING_SHARE * listed[0]


def dealt(
    items: list[pytest.Item], end_to_end: Callable[[pytest.Item], bool], workers: int
) -> list[pytest.Item]:
    """The tests, in the order whose runs of equal counts are the workers' runs (see the
    module's doc). A test waits if it did in the runs the file knows, or if `end_to_end` says
    so of a test the file does not list."""
    known = _known()
    cost = {item: _estimate(known, item.nodeid)[0] for item in items}
    waiting_ones = set()
    for item in items:
        waits = _waits(known, item.nodeid)
        if waits or (waits is None and end_to_end(item)):
            waiting_ones.add(item)
    waiting = waiting_ones.__contains__
    by_cost = sorted(items, key=cost.__getitem__, reverse=True)  # stable: ties keep their order
    runs: list[list[pytest.Item]] = [[] for _ in range(workers)]
    waits: list[list[pytest.Item]] = [[] for _ in range(workers)]
    dealt_time = [0.0] * workers

    def to_least_dealt(tests: list[pytest.Item], into: list[list[pytest.Item]]) -> None:
        worker = dealt_time.index(min(dealt_time))
        into[worker] += tests
        dealt_time[worker] += sum(cost[test] for test in tests)

    # The end-to-end tests go to all workers but two, which keep the two cores busy meanwhile.
    waiting_workers = max(1, workers - CORES)
    for item in by_cost:
        if waiting(item):
            worker = min(range(waiting_workers), key=dealt_time.__getitem__)
            waits[worker].append(item)
            dealt_time[worker] += cost[item]
    for item in by_cost:
        if cost[item] >= LONG and not waiting(item):
            to_least_dealt([item], runs)
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        if cost[item] < LONG and not waiting(item):
            modules.setdefault(item.nodeid.partition("::")[0], []).append(item)
    for module in sorted(modules.values(), key=lambda tests: sum(map(cost.__getitem__, tests)),
                         reverse=True):  # fmt: skip
        to_least_dealt(module, runs)
    _even_counts(runs, [len(w) for w in waits], len(items), cost)
    return [test for worker, run in enumerate(runs) for test in waits[worker] + run]


def _even_counts(
    runs: list[list[pytest.Item]], waits: list[int], total: int, cost: dict[pytest.Item, float]
) -> None:
    """Moves the cheapest tests from runs that hold more than pytest-xdist's share of the list
    to runs that hold fewer: it gives each worker an equal count, the later ones one more."""
    workers = len(runs)
    shares = []
    left = total
    for worker in range(workers):
        shares.append(left // (workers - worker))
        left -= shares[-1]
    surplus: list[pytest.Item] = []
    for worker, run in enumerate(runs):
        extra = len(run) + waits[worker] - shares[worker]
        if extra > 0:
            cheapest = sorted(run, key=cost.__getitem__)[:extra]
            surplus += cheapest
            run[:] = [test for test in run if test not in set(cheapest)]
    for worker, run in enumerate(runs):
        missing = shares[worker] - len(run) - waits[worker]
        run += surplus[:missing]
        del surplus[:missing]


def renewed(durations: dict[str, Times]) -> str:
    """The file's text after a run that took `durations`: each test's times are the mean of this
    run's and the file's (one run alone may be slowed by what others did); by module, each test
    of LISTED seconds or more, and the others' mean."""
    known = _known()
    modules: dict[str, dict[str, Times]] = {}
    for nodeid, (wall, cpu) in sorted(durations.items()):
        module, _, test = nodeid.partition("::")
        before = _estimate(known, nodeid) if module in known else (wall, cpu)
        modules.setdefault(module, {})[test] = ((wall + before[0]) / 2, (cpu + before[1]) / 2)
    kept: Known = {}
    for module, times in modules.items():
        listed = {test: [round(t, 2) for t in both] for test, both in times.items()
                  if both[0] >= LISTED}  # fmt: skip
        others = [both for test, both in times.items() if test not in listed]
        kept[module] = listed
        if others:
            kept[module][OTHERS] = [round(mean(both[i] for both in others), 3) for i in (0, 1)]
    text = json.dumps(kept, indent=1)
    return re.sub(r"\[\s+([\d.]+),\s+([\d.]+)\s+\]", r"[\1, \2]", text) + "\n"  # a test a line
