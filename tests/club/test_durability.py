"""A club loses nothing to `kill -9`: every decision committed before the kill is there when
the database reopens, and the table's game rebuilds to the decision it was waiting for."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from tests.club.helpers import config

pytestmark = pytest.mark.process
PROJECT = Path(__file__).parents[2]
KILL_AFTER = 40  # decisions reported committed


def test_decisions_committed_before_a_kill_are_all_there(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    with Store(path) as store:
        seats = [(f"Bot {n}", "random") for n in range(4)]
        table_id = open_table(
            store, config(*seats), [None] * 4, rated=False, pace="live", pace_seconds=600
        ).id
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.club.append_decisions", str(path), str(table_id)],
        cwd=PROJECT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    reports = [json.loads(child.stdout.readline()) for _ in range(KILL_AFTER)]
    os.kill(child.pid, signal.SIGKILL)
    child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    reported, last = reports[-1]["stored"], reports[-1]
    assert reported == KILL_AFTER

    with Store(path) as store:
        stored = store.decisions(table_id)
        table = ClubTable.load(store, table_id)
    assert [d.step for d in stored] == list(range(len(stored)))
    # Every commit reported is there; the child may have gone on past its last report before
    # the kill landed (more so where the disk syncs fast), and what it stored then is whole.
    assert len(stored) >= reported
    assert table.game.state.choices == [d.option_id for d in stored]
    if len(stored) == reported:
        decision = table.game.decision
        assert decision is not None
        assert decision.player == last["player"]
        assert [o.id for o in decision.options] == last["options"]
    else:
        assert stored[reported].option_id in last["options"]
