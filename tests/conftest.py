"""Every test saves into a folder of its own, never the user's data folder, and caches the
checked catalog in a folder of its own, never the user's cache. A test that runs the program
end to end (in tmux, over SSH, in a browser, as a process of its own) is slow too, so that
`pytest -m "not slow"` leaves them all out."""

from __future__ import annotations

import gc
import os
import resource
import shutil
import sys
import tempfile
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import textual._callback

from tests import dealing

END_TO_END = ("tmux", "ssh", "browser", "process")
PLAYED_FOLDER = "ENTROPY_TEST_PLAYED"  # tests/tui/played_once.py's folder shared by a run


# A test process makes Textual apps by the hundred: with Python's default thresholds the young
# generation is collected every 700 allocations, and each collection also walks the objects of
# every earlier test still alive; a tenth of the allocations go further. Collecting less often
# (and never looking again at what collection left behind, frozen below) took 15% off the CPU
# time of the screen tests. The apps under test leave collecting to these thresholds too
# (no_idle_collections below).
TEST_GC_THRESHOLDS = (20_000, 20, 100)

# Pilot's every wait has each widget on screen call back a new partial, and Textual works out the
# signature of the function inside it each time (some 20 µs, a widget, a wait): kept for each
# function while it lives, the screen tests take some 7% less CPU. (A function's signature does
# not change.) Textual's private counter: if an upgrade removes it, nothing is kept.
_count_parameters = getattr(textual._callback, "_count_parameters", None)
if callable(_count_parameters):
    _parameter_counts: weakref.WeakKeyDictionary[Callable[..., Any], int] = (
        weakref.WeakKeyDictionary()
    )

    def _kept_parameter_count(func: Callable[..., Any]) -> int:
        try:
            return _parameter_counts[func]
        except KeyError:
            count = _parameter_counts[func] = _count_parameters(func)
            return count
        except TypeError:  # a function that takes no weak reference (a built-in)
            return _count_parameters(func)

    textual._callback._count_parameters = _kept_parameter_count


# A run starts some 150 Python processes (pytest-xdist's workers, the programs driven in tmux, over
# SSH, in a browser): where PYTHONDONTWRITEBYTECODE is set, each compiled every module of the
# game and pytest rewrote every test module again, some 2 s of CPU a worker. The run writes its
# bytecode caches, so the first process compiles and the rest read.
BYTECODE_SWITCH = "PYTHONDONTWRITEBYTECODE"
sys.dont_write_bytecode = False


# Where the run's temporary files go when the machine has a RAM-backed folder with room: the
# club's database syncs every decision to disk, and so does a save, and waiting on the disk took
# a third of the club tests' time. Durability itself is tested by killing real processes.
RAM_FOLDER = Path("/dev/shm")
RAM_FOLDER_ROOM = 1 << 30  # bytes free it needs; a run writes some 40 MB


def _run_folder() -> str:
    try:
        roomy = shutil.disk_usage(RAM_FOLDER).free >= RAM_FOLDER_ROOM
    except OSError:
        roomy = False
    in_ram = roomy and os.access(RAM_FOLDER, os.W_OK)
    return tempfile.mkdtemp(prefix="entropy-", dir=RAM_FOLDER if in_ram else None)


@pytest.hookimpl(tryfirst=True)  # before pytest's own temporary folders are placed
def pytest_configure(config: pytest.Config) -> None:
    """The run's processes (pytest-xdist's workers start after this, with its environment, and
    so do the programs tests start) share one temporary folder, and in it the sessions played
    for test scenes."""
    gc.set_threshold(*TEST_GC_THRESHOLDS)
    os.environ.pop(BYTECODE_SWITCH, None)
    if PLAYED_FOLDER not in os.environ:
        folder = _run_folder()
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
        os.environ["TMPDIR"] = tempfile.tempdir = folder
        os.environ[PLAYED_FOLDER] = tempfile.mkdtemp(prefix="played-")
        if config.option.basetemp is None:  # short: a test's sockets live in its folder
            config.option.basetemp = os.path.join(folder, "t")


def pytest_collection_finish(session: pytest.Session) -> None:
    """The modules and test items collected live until the end: frozen, no collection walks
    them again."""
    gc.collect()
    gc.freeze()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Once the tests are done, pytest collects five times over to find what raised while being
    freed; collected once here (which reports it the same), what is left is frozen, and those
    five walks no longer go over every object the run kept alive (a second or more a worker, at
    the very end of the run)."""
    gc.collect()
    gc.freeze()
    if session.config.getoption("write_durations") and "PYTEST_XDIST_WORKER" not in os.environ:
        dealing.DURATIONS.write_text(dealing.renewed(_durations))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _end_to_end(item):
            item.add_marker(pytest.mark.slow)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        items[:] = dealing.dealt(items, _end_to_end, workers)


def _end_to_end(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in END_TO_END)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--write-durations",
        action="store_true",
        help="renew tests/durations.json (how tests are dealt) with the times of this run",
    )


_durations: dict[str, tuple[float, float]] = {}
_cpu_at_setup = pytest.StashKey[float]()


def _cpu_seconds() -> float:
    own, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_cpu_at_setup] = _cpu_seconds()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    """The CPU a test used (its processes' too) goes to the controller with its teardown's
    report, for --write-durations."""
    try:
        return (yield)
    finally:
        if _cpu_at_setup in item.stash:
            item.user_properties.append(("cpu", _cpu_seconds() - item.stash[_cpu_at_setup]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    wall, cpu = _durations.get(report.nodeid, (0.0, 0.0))
    cpu = dict(report.user_properties).get("cpu", cpu) if report.when == "teardown" else cpu
    _durations[report.nodeid] = (wall + report.duration, cpu)


@pytest.fixture(autouse=True)
def private_saves_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(folder))
    monkeypatch.setenv("ENTROPY_TUI_CACHE", str(tmp_path_factory.mktemp("cache")))
    return folder


@pytest.fixture(autouse=True)
def no_idle_collections(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game screen collects garbage whenever it waits for a key, which in a test process
    walks what every earlier test left too (a full collection took some 140 ms, one of the young
    11 ms, 3 s of a run in all). The apps run here leave collecting to Python's own thresholds;
    tests/tui/test_memory.py tests the idle collection itself, and the apps run as programs
    (tmux, SSH) keep it."""
    monkeypatch.setattr("entropy_tui.tui.screens.game.collect_while_idle", lambda: None)


# scrypt's cost in the tests' own process: a club's password and invitation codes are hashed as
# ever, salted, but in a fraction of a millisecond instead of 50 ms each. The club
# processes the end-to-end tests start hash at the real cost.
TEST_SCRYPT_N = 2**4


@pytest.fixture(autouse=True)
def cheap_scrypt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("entropy_tui.club.hashing.SCRYPT_N", TEST_SCRYPT_N)


@pytest.fixture(autouse=True)
def full_screen_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests call the command line with their output captured, which is not a terminal and
    would make it play in plain lines: they test the full screen unless they ask for --plain."""
    monkeypatch.setattr("entropy_tui.plain.plain_terminal", lambda: False)
