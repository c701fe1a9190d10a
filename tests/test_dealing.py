"""The dealing of tests to workers: every test once, pytest-xdist's equal counts, each worker's
time about equal, tests that wait first on all workers but two, long tests before short ones."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests import dealing


@dataclass(frozen=True)
class FakeItem:
    nodeid: str


def items_and_times(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[FakeItem]:
    """Twelve modules of 20 short tests (0.1 s to 1.2 s a module), two long tests and two
    end-to-end ones in two of them, and a module the durations file does not know."""
    times: dict[str, dict[str, list[float]]] = {
        f"tests/m{m}.py": {"*": [0.05 * (m + 1) / 10] * 2} for m in range(12)
    }
    # Time and CPU time: the long tests keep a core busy, the others wait.
    times["tests/m0.py"] |= {"test_long": [6.0, 2.5], "test_wait": [4.0, 0.1]}
    times["tests/m1.py"] |= {"test_long": [5.0, 2.0], "test_wait": [3.0, 0.2]}
    durations = tmp_path / "durations.json"
    durations.write_text(json.dumps(times))
    monkeypatch.setattr(dealing, "DURATIONS", durations)
    items = [FakeItem(f"tests/m{m}.py::test_{n}") for m in range(12) for n in range(20)]
    items += [FakeItem(f"tests/m{m}.py::test_{k}") for m in (0, 1) for k in ("long", "wait")]
    items += [FakeItem(f"tests/other.py::test_{n}") for n in range(7)]
    return items


def test_each_worker_gets_xdists_count_and_about_an_equal_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    items = items_and_times(tmp_path, monkeypatch)
    order = dealing.dealt(items, lambda item: False, 3)  # type: ignore[arg-type]
    assert sorted(order, key=str) == sorted(items, key=str)
    cost = {item: times[0] for item, times in dealing.estimates(items).items()}  # type: ignore[arg-type]
    assert cost[FakeItem("tests/other.py::test_0")] == dealing.SHORT
    runs, start = [], 0
    for count in (83, 84, 84):  # pytest-xdist's shares of 251 tests
        runs.append(order[start : start + count])
        start += count
    times = [sum(cost[item] for item in run) for run in runs]
    assert max(times) - min(times) <= 0.1 * sum(times) / 3, times
    # The long tests come before any short test of their run.
    for run in runs:
        longs = [n for n, item in enumerate(run) if item.nodeid.endswith("long")]
        assert longs == list(range(min(longs, default=0), min(longs, default=0) + len(longs)))
    # The tests that wait go first, to all workers but two (which keep the two cores busy).
    waiting = ["tests/m0.py::test_wait", "tests/m1.py::test_wait"]
    assert [item.nodeid for item in runs[0][:2]] == waiting
    assert not any(item.nodeid.endswith("wait") for run in runs[1:] for item in run)


def test_renewed_times_are_the_mean_of_the_run_and_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    durations = tmp_path / "durations.json"
    durations.write_text(json.dumps({"tests/m.py": {"test_a": [2.0, 1.0], "*": [0.1, 0.1]}}))
    monkeypatch.setattr(dealing, "DURATIONS", durations)
    run = {"tests/m.py::test_a": (4.0, 0.0), "tests/m.py::test_b": (0.5, 0.3)}
    run |= {"tests/m.py::test_c": (0.1, 0.1), "tests/n.py::test_d": (0.5, 0.5)}
    run |= {"tests/n.py::test_e": (0.04, 0.02), "tests/n.py::test_f": (0.06, 0.04)}
    assert json.loads(dealing.renewed(run)) == {
        "tests/m.py": {"test_a": [3.0, 0.5], "test_b": [0.3, 0.2], "*": [0.1, 0.1]},
        "tests/n.py": {"test_d": [0.5, 0.5], "*": [0.05, 0.03]},  # new to the file: this run's
    }
