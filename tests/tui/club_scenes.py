"""A club member's lobby with something in every section, for the screenshots and the snapshot
tests: Ann's turn at one table and Bob's at another, an open table with a seat kept for her,
a game of others to watch, finished rated games and the leaderboard. The club's clock is fixed,
so the waits and the ratings read the same every time."""

from __future__ import annotations

import tempfile
from pathlib import Path

from entropy_tui.club.records import SeatRecord
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.tui.club_app import ClubApp, Visitor
from tests.club.conftest import Clock
from tests.club.helpers import config, member, play_out

HOUR = 3600


def _to_move(table: ClubTable, seat: int) -> None:
    while (decision := table.game.decision) is None or decision.player != seat:
        play_out(table, 1)


def club_lobby() -> ClubApp:
    clock = Clock()
    store = Store(Path(tempfile.mkdtemp(prefix="entropy-club-scene-")) / "club.db", clock=clock)
    ann, bob, cy, dee = (member(store, name) for name in ("Ann", "Bob", "Cy", "Dee"))
    for seed, players in ((3, (ann, bob)), (4, (cy, ann)), (6, (bob, dee)), (8, (dee, cy))):
        names = [(store.player(seat).name, None) for seat in players]  # type: ignore[union-attr]
        finished = open_table(
            store, config(*names, seed=seed), players, rated=True, pace="live",
            pace_seconds=1800,
        )  # fmt: skip
        play_out(ClubTable.load(store, finished.id))
        clock.now += 5 * HOUR
    waiting = open_table(
        store, config(("Ann", None), ("Bob", None), ("Casual", "greedy"), seed=11),
        [ann, bob, None], rated=True, pace="async", pace_seconds=24 * HOUR,
    )  # fmt: skip
    _to_move(ClubTable.load(store, waiting.id), 0)
    theirs = open_table(
        store, config(("Cy", None), ("Ann", None), seed=12), [cy, ann], rated=False,
        pace="async", pace_seconds=3 * 24 * HOUR,
    )  # fmt: skip
    _to_move(ClubTable.load(store, theirs.id), 0)
    store.create_table(
        b"{}", [SeatRecord(0, dee), SeatRecord(1, invited=ann), SeatRecord(2)],
        rated=True, pace="live", pace_seconds=1200, created_by=dee,
    )  # fmt: skip
    watched = open_table(
        store, config(("Bob", None), ("Expert", "expert"), seed=13), [bob, None], rated=False,
        pace="live", pace_seconds=1800,
    )  # fmt: skip
    _to_move(ClubTable.load(store, watched.id), 0)
    clock.now += 2 * HOUR + 25 * 60
    return ClubApp(Visitor(store, "SHA256:Ann-key", False))
