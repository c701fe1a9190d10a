"""Sessions played once per test run and handed out as fresh copies: the greedy stand-ins that
play a scene to its position take seconds, and many tests (every size of a snapshot, the
glossary's and the layout's checks) start from the same scene, in each test process.

A session is kept in the process and, when the run names a folder its processes share
(`SHARED_FOLDER`, set by tests/conftest.py), pickled there for the other processes. The game in
it is pickled as its settings and choices and replayed on loading (the choice log is the truth;
its look-ahead caches do not pickle), the catalog as its edition."""

from __future__ import annotations

import contextlib
import copy
import fcntl
import functools
import hashlib
import io
import os
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ParamSpec

from entropy_tui.play.session import Session
from entropy_tui.rules import Catalog, Game, load_catalog

SHARED_FOLDER = "ENTROPY_TEST_PLAYED"  # the environment variable naming the shared folder

Args = ParamSpec("Args")


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: object) -> tuple[Any, ...] | None:
        if isinstance(obj, Game):
            return ("game", obj.config(), list(obj.state.choices))
        if isinstance(obj, Catalog):
            return ("catalog", obj.edition)
        return None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: tuple[Any, ...]) -> object:
        if pid[0] == "game":
            return Game.replay(pid[1], pid[2])
        return load_catalog(pid[1])


def _shared_file(make: Callable[..., Session], key: tuple[object, ...]) -> Path | None:
    folder = os.environ.get(SHARED_FOLDER)
    if not folder:
        return None
    name = hashlib.sha256(repr((make.__module__, make.__qualname__, key)).encode()).hexdigest()
    return Path(folder) / f"{name[:32]}.pickle"


def _from_shared(path: Path | None) -> Session | None:
    if path is None or not path.exists():
        return None
    return _Unpickler(io.BytesIO(path.read_bytes())).load()  # type: ignore[no-any-return]


def _to_shared(path: Path | None, session: Session) -> None:
    if path is None:
        return
    data = io.BytesIO()
    _Pickler(data, protocol=pickle.HIGHEST_PROTOCOL).dump(session)
    partial = path.with_suffix(f".{os.getpid()}")
    partial.write_bytes(data.getvalue())
    partial.replace(path)  # whole or not at all, should two processes write it at once


@contextlib.contextmanager
def _alone(path: Path | None) -> Iterator[None]:
    """Held by one process at a time: the first to ask plays the session, and the others, asking
    meanwhile, wait and read it instead of playing it too."""
    if path is None:
        yield
        return
    with path.with_suffix(".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def played_once(make: Callable[Args, Session]) -> Callable[Args, Session]:
    played: dict[tuple[object, ...], Session] = {}

    @functools.wraps(make)
    def copied(*args: Args.args, **kwargs: Args.kwargs) -> Session:
        key = (*args, *sorted(kwargs.items()))
        if key not in played:
            shared = _shared_file(make, key)
            with _alone(shared):
                session = _from_shared(shared)
                if session is None:
                    session = make(*args, **kwargs)
                    _to_shared(shared, session)
            played[key] = session
        kept = played[key]
        # The game by the engine's own copy (its look-ahead caches are not for deepcopy); the
        # catalog, which the bots hold too, is read-only data and is shared, not copied.
        catalog = kept.game.catalog
        return copy.deepcopy(kept, memo={id(kept.game): kept.game.copy(), id(catalog): catalog})

    return copied
