"""How the tests are dealt to pytest-xdist's workers (--dist worksteal gives each worker an equal
run of the list, and lets one that runs out take the end of a busy one's run).

Each test has an estimated time: what it took in a recent parallel run, kept in
tests/durations.json (`pytest -n 5 --write-durations` renews it; a test it does not list
counts as its module's other tests do, or as SHORT). From the estimates, each worker's run:
- starts with its share of the long tests that keep a core busy, longest first, each to the
  worker with the least time dealt so far, so that no worker is left alone with a long test at
  the end;
- gets whole modules of short tests, so that what a module makes once for its tests (a game
  played, a review worked out) is made by one worker, not by each;
- has its end-to-end tests, which mostly wait on a terminal or a client, in step with its other
  tests, longest first, each worker starting at another moment: while some workers wait, the
  others keep the two cores busy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from statistics import mean

import pytest

DURATIONS = Path(__file__).with_name("durations.json")
LONG = 1.0  # seconds: a test of this or more is dealt on its own, not with its module
SHORT = 0.05  # seconds: the estimate of a test in a module the file does not know
# Of a worker's other tests, the share by whose end its end-to-end tests have all been started.
WAITING_SPAN = 0.8
LISTED = 0.2  # seconds: a test this long is kept by name; a module's others, as their mean
OTHERS = "*"


def estimates(items: list[pytest.Item]) -> dict[pytest.Item, float]:
    known = _known()
    return {item: _estimate(known, item.nodeid) for item in items}


def _known() -> dict[str, dict[str, float]]:
    return json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}


def _estimate(known: dict[str, dict[str, float]], nodeid: str) -> float:
    module, _, test = nodeid.partition("::")
    times = known.get(module, {})
    return times.get(test) or times.get(OTHERS) or SHORT


def dealt(
    items: list[pytest.Item], waiting: Callable[[pytest.Item], bool], workers: int
) -> list[pytest.Item]:
    """The tests, in the order whose runs of equal counts are the workers' runs (see the
    module's doc); `waiting` tells the end-to-end tests."""
    cost = estimates(items)
    by_cost = sorted(items, key=cost.__getitem__, reverse=True)  # stable: ties keep their order
    runs: list[list[pytest.Item]] = [[] for _ in range(workers)]
    waits: list[list[pytest.Item]] = [[] for _ in range(workers)]
    dealt_time = [0.0] * workers

    def to_least_dealt(tests: list[pytest.Item], into: list[list[pytest.Item]]) -> None:
        worker = dealt_time.index(min(dealt_time))
        into[worker] += tests
        dealt_time[worker] += sum(cost[test] for test in tests)

    for item in by_cost:
        if waiting(item):
            to_least_dealt([item], waits)
        elif cost[item] >= LONG:
            to_least_dealt([item], runs)
    modules: dict[str, list[pytest.Item]] = {}
    for item in items:
        if cost[item] < LONG and not waiting(item):
            modules.setdefault(item.nodeid.partition("::")[0], []).append(item)
    for module in sorted(modules.values(), key=lambda tests: sum(map(cost.__getitem__, tests)),
                         reverse=True):  # fmt: skip
        to_least_dealt(module, runs)
    _even_counts(runs, [len(w) for w in waits], len(items), cost)
    order: list[pytest.Item] = []
    for worker, run in enumerate(runs):
        order += _spread(run, waits[worker], cost, stagger=worker / workers)
    return order


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


def _spread(
    run: list[pytest.Item],
    mine: list[pytest.Item],
    cost: dict[pytest.Item, float],
    stagger: float,
) -> list[pytest.Item]:
    """`run` with the end-to-end tests of `mine` among its tests, in step with them: by the time
    a share of the run is done, that share of `mine` over WAITING_SPAN is. A worker with a
    larger `stagger` starts its first one later."""
    run_time = sum(cost[test] for test in run) or 1.0
    mine_time = sum(cost[test] for test in mine)
    spread: list[pytest.Item] = []
    run_done = mine_done = 0.0
    waiting = list(mine)
    for test in run:
        due = min(1.0, run_done / run_time / WAITING_SPAN) * mine_time
        while waiting and mine_done + stagger * cost[waiting[0]] <= due:
            mine_done += cost[waiting[0]]
            spread.append(waiting.pop(0))
        spread.append(test)
        run_done += cost[test]
    return spread + waiting


def renewed(durations: dict[str, float]) -> str:
    """The file's text after a run that took `durations`: each test's time is the mean of this
    run's and the file's (one run alone may be slowed by what others did); by module, each test
    of LISTED seconds or more, and the others' mean."""
    known = _known()
    modules: dict[str, dict[str, float]] = {}
    for nodeid, seconds in sorted(durations.items()):
        module, _, test = nodeid.partition("::")
        before = _estimate(known, nodeid) if module in known else seconds
        modules.setdefault(module, {})[test] = (seconds + before) / 2
    kept: dict[str, dict[str, float]] = {}
    for module, times in modules.items():
        listed = {test: round(t, 2) for test, t in times.items() if t >= LISTED}
        others = [t for test, t in times.items() if test not in listed]
        kept[module] = listed | ({OTHERS: round(mean(others), 3)} if others else {})
    return json.dumps(kept, indent=1) + "\n"
