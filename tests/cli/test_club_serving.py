"""`entropy-tui club` as a process: a table left waiting for a bot when the club stopped is
played on as soon as it starts again, and the club stops cleanly on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from tests.club.helpers import config, member, play_out

pytestmark = pytest.mark.process


def table_waiting_for_a_bot(path: Path) -> tuple[int, int]:
    """A table of Ann and a Casual bot, played until the bot is to move; its id and the count
    of its decisions."""
    with Store(path) as store:
        seats = config(("Ann", None), ("Casual", "greedy"))
        ann = member(store, "Ann")
        record = open_table(store, seats, [ann, None], rated=False, pace="async",
                            pace_seconds=86_400)  # fmt: skip
        table = ClubTable.load(store, record.id)
        while table.game.decision is not None and table.game.decision.player == 0:
            play_out(table, decisions=1)
        return record.id, len(store.decisions(record.id))


def test_a_restarted_club_plays_the_bots_that_were_to_move(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    table_id, made = table_waiting_for_a_bot(path)
    environment = {**os.environ, "ENTROPY_TUI_DATA": str(tmp_path / "data")}
    club = subprocess.Popen(
        [sys.executable, "-m", "entropy_tui", "club", "--port", "0", "--listen", "127.0.0.1",
         "--db", str(path), "--open"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment,
    )  # fmt: skip
    try:
        assert club.stdout is not None
        assert "The club is open" in club.stdout.readline()
        deadline = time.monotonic() + 30
        with Store(path) as store:
            while len(store.decisions(table_id)) == made and time.monotonic() < deadline:
                time.sleep(0.1)
            played = store.decisions(table_id)
        assert len(played) > made, "the bot never played on"
        assert played[made].decided_by == "bot"
    finally:
        club.send_signal(signal.SIGTERM)
        out, errors = club.communicate(timeout=30)
    assert club.returncode == 0, errors
    assert "The club is closed." in out
