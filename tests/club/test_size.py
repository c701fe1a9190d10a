"""What a finished game costs the club's database: its decisions, a few dozen bytes each."""

from __future__ import annotations

from pathlib import Path

import pytest

from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from tests.club.helpers import config, member, play_out

# Measured: about 38 bytes a decision; some 17 KiB for a two-player game of random bots,
# 31 KiB for four players.
MAX_BYTES_PER_DECISION = 64


@pytest.mark.slow  # a whole game, each decision synced to disk
def test_a_whole_game_costs_a_few_dozen_bytes_a_decision(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    with Store(path) as store:
        ann, bob = member(store, "Ann"), member(store, "Bob")
    empty = path.stat().st_size  # closed: the WAL is written back into the file
    with Store(path) as store:
        record = open_table(
            store,
            config(("Ann", None), ("Bob", None)),
            [ann, bob],
            rated=True,
            pace="async",
            pace_seconds=86_400,
        )
        table = ClubTable.load(store, record.id)
        play_out(table)
        decisions = len(store.decisions(record.id))
    assert table.record.status == "finished"
    assert not Path(f"{path}-wal").exists()
    grown = path.stat().st_size - empty
    assert 0 < grown <= decisions * MAX_BYTES_PER_DECISION
