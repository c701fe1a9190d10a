"""A club's clock running out, with the real OpenSSH client: Bob, logged in over SSH, lets his
live bank run out; the club's bot plays his turn (kept as the clock's, and the log says so),
and Ann, who is away, is told by the club's notify command, her name reaching it as one
argument although it would mean something to a shell. The table's history is written with a
clock of the test's, so that Bob's bank has seconds left when the club starts."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from entropy_tui.bots import make_bot
from entropy_tui.club.names import name_key
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from tests.club.conftest import Clock
from tests.club.helpers import config
from tests.ssh.club_process import Club
from tests.ssh.support import fingerprint_of, make_client_key, needs_openssh
from tests.tui.tmux import needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]

ANN = "Ann $(touch pwned); `touch pwned`"  # a name the club never takes; a database may hold
BANK = 60  # seconds: the shortest live bank
LEFT = 3.0  # seconds of it Bob has when the club starts
NOTIFIED = """\
import json, sys
with open(sys.argv[1], "a") as out:
    out.write(json.dumps(sys.argv[2:]) + "\\n")
"""


def write_history(database: Path, bobs_key: Path) -> tuple[int, int]:
    """Ann's first turn played BANK - LEFT seconds ago, at a live table she shares with Bob;
    the table's id and Bob's seat."""
    clock = Clock(time.time() - (BANK - LEFT))
    with Store(database, clock=clock) as store:
        ann = store.add_player(ANN, name_key(ANN), "SHA256:ann-elsewhere").id
        bob = store.add_player("Bob", "bob", fingerprint_of(bobs_key)).id
        game = config(("Ann", None), ("Bob", None)).new_game()
        first = game.decision
        assert first is not None
        anns_seat = first.player
        names = [("Bob", None)] * 2
        names[anns_seat] = (ANN, None)
        members = [bob, bob]
        members[anns_seat] = ann
        record = open_table(
            store, config(*names), members, rated=False, pace="live", pace_seconds=BANK
        )
        table = ClubTable.load(store, record.id)
        bot = make_bot("random", anns_seat)
        while (decision := table.game.decision) is not None and decision.player == anns_seat:
            table.decide(bot.decide(table.game.view(anns_seat), decision), "player", ann)
        return record.id, 1 - anns_seat


def test_bobs_time_runs_out_the_bot_plays_his_turn_and_ann_away_is_notified(
    tmp_path: Path,
) -> None:
    folder = tmp_path
    (folder / "bob").mkdir()
    bobs_key = make_client_key(folder / "bob")
    database = folder / "club.db"
    table_id, bobs_seat = write_history(database, bobs_key)
    script, calls = folder / "notified.py", folder / "calls.jsonl"
    script.write_text(NOTIFIED)
    club = Club(folder, database, notify=[sys.executable, str(script), str(calls)])
    try:
        bob = club.login(bobs_key)
        try:
            bob.wait_for(lambda s: "ENTROPY club - Bob" in s, "Bob's lobby")
            deadline = time.monotonic() + 60
            while not calls.exists() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert calls.exists(), "the notify command never ran" + club.errors()
        finally:
            bob.close()
    finally:
        club.close()
    (name, table, summary), *more = [json.loads(line) for line in calls.read_text().splitlines()]
    assert more == []
    assert (name, table) == (ANN, str(table_id))
    assert summary.startswith(f"Your move at table {table_id}: Bob ")
    assert summary.endswith("; 1 min left") or summary.endswith("; under a minute left")
    assert not (folder / "pwned").exists()
    with Store(database) as store:
        clocked = [d for d in store.decisions(table_id) if d.decided_by == "clock"]
        assert clocked
        notes = [note.text for note in store.notes(table_id)]
        assert "Bob's time ran out: the Casual bot plays this turn." in notes
        record = store.table(table_id)
        assert record is not None and record.status == "playing"
        assert record.seats[bobs_seat].player_id is not None
