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
# time of the screen tests. The apps under test still run their own idle collections.
TEST_GC_THRESHOLDS = (20_000, 20, 100)

# A run starts some 150 Python processes (pytest-xdist's workers, the programs driven in tmux, over
# SSH, in a browser): where PYTHONDONTWRITEBYTECODE is set, each compiled every module of the
# game and pytest rewrote every test module again, some 2 s of CPU a worker. The run writes its
# bytecode caches, so the first process compiles and the rest read.
BYTECODE_SWITCH = "PYTHONDONTWRITEBYTECODE"
sys.dont_write_bytecode = False


def pytest_configure(config: pytest.Config) -> None:
    """The run's processes (pytest-xdist's workers start after this, with its environment)
    share the sessions played for test scenes."""
    gc.set_threshold(*TEST_GC_THRESHOLDS)
    os.environ.pop(BYTECODE_SWITCH, None)
    if PLAYED_FOLDER not in os.environ:
        folder = tempfile.mkdtemp(prefix="entropy-played-")
        os.environ[PLAYED_FOLDER] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


def pytest_collection_finish(session: pytest.Session) -> None:
    """The modules and test items collected live until the end: frozen, no collection walks
    them again."""
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if any(item.get_closest_marker(name) for name in END_TO_END):
            item.add_marker(pytest.mark.slow)
    # The slow tests first, dealt out to the workers: pytest-xdist (--dist worksteal) gives each
    # worker an equal run of the list and lets an idle one take the end of a busy one's run.
    # Dealt, every run starts with its share of the long tests and ends with short ones, which
    # even the workers out, instead of one worker's run of long tests finishing alone.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    items[:] = [item for worker in range(workers) for item in items[worker::workers]]


@pytest.fixture(autouse=True)
def private_saves_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(folder))
    monkeypatch.setenv("ENTROPY_TUI_CACHE", str(tmp_path_factory.mktemp("cache")))
    return folder


@pytest.fixture(autouse=True)
def young_collections_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game screen's idle collection, once the old objects are half due, looks at every
    object of the process: in a test process, every earlier test's too (some 140 ms each time, a
    tenth of the suite). The apps run here collect only the young; tests/tui/test_memory.py tests
    the idle collection itself, and the apps run as programs (tmux, SSH) keep it."""
    monkeypatch.setattr("entropy_tui.tui.screens.game.collect_while_idle", lambda: gc.collect(1))


@pytest.fixture(autouse=True)
def full_screen_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests call the command line with their output captured, which is not a terminal and
    would make it play in plain lines: they test the full screen unless they ask for --plain."""
    monkeypatch.setattr("entropy_tui.plain.plain_terminal", lambda: False)
