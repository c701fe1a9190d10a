"""Every test saves into a folder of its own, never the user's data folder, and caches the
checked catalog in a folder of its own, never the user's cache. A test that runs the program
end to end (in tmux, over SSH, in a browser, as a process of its own) is slow too, so that
`pytest -m "not slow"` leaves them all out."""

from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

END_TO_END = ("tmux", "ssh", "browser", "process")
PLAYED_FOLDER = "ENTROPY_TEST_PLAYED"  # tests/tui/played_once.py's folder shared by a run


# A test process makes Textual apps by the hundred: with Python's default thresholds the young
# generation is collected every 700 allocations, and each collection also walks the objects of
# every earlier test still alive; a tenth of the allocations go further. Collecting less often
# (and never looking again at what collection left behind, frozen below) took 15% off the CPU
# time of the screen tests. The apps under test leave collecting to these thresholds too
# (no_idle_collections below).
TEST_GC_THRESHOLDS = (20_000, 20, 100)

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    end_to_end = [item for item in items if _end_to_end(item)]
    for item in end_to_end:
        item.add_marker(pytest.mark.slow)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        items[:] = _dealt(items, set(end_to_end), workers)


def _end_to_end(item: pytest.Item) -> bool:
    return any(item.get_closest_marker(name) for name in END_TO_END)


# Of a worker's run, the stretch its end-to-end tests are spread over: the rest is short tests.
WAITING_SPAN = 0.7


def _dealt(
    items: list[pytest.Item], end_to_end: set[pytest.Item], workers: int
) -> list[pytest.Item]:
    """The tests dealt out to the workers. pytest-xdist (--dist worksteal) gives each worker an
    equal run of the list and lets an idle one take the end of a busy one's run, so each run:
    - starts with its share of the long tests that keep a core busy, and ends with short ones,
      so that no worker is left alone with a long test at the end;
    - gets whole modules of short tests, so that what a module makes once for its tests (a game
      played, a review worked out) is made by one worker, not by each;
    - has its end-to-end tests, which mostly wait on a terminal or a client, spread over its
      first part, at other moments than the other workers' ones: while some workers wait, the
      others keep the two cores busy (all of them waiting at once left a core idle).
    """
    long_ones = [i for i in items if i.get_closest_marker("slow") and i not in end_to_end]
    waiting = [i for i in items if i in end_to_end]
    runs = [long_ones[worker::workers] for worker in range(workers)]
    for module in _modules_largest_first([i for i in items if not i.get_closest_marker("slow")]):
        min(runs, key=len).extend(module)
    dealt: list[pytest.Item] = []
    for worker, run in enumerate(runs):
        mine = waiting[worker::workers]
        step = len(run) * WAITING_SPAN / max(len(mine), 1)
        stagger = worker / workers
        for n, item in reversed(list(enumerate(mine))):  # from the back: positions hold
            run.insert(int((n + stagger) * step), item)
        dealt += run
    return dealt


def _modules_largest_first(items: list[pytest.Item]) -> list[list[pytest.Item]]:
    modules: dict[Path, list[pytest.Item]] = {}
    for item in items:
        modules.setdefault(item.path, []).append(item)
    return sorted(modules.values(), key=len, reverse=True)


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
