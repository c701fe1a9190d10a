"""A move nobody may make at a club table, with the real OpenSSH client: Carol, watching Ann and
Bob's game, presses the keys that would choose an option (digits, Enter), and Bob, at his own
table while it is Ann's turn, does the same; nothing is stored and the table still waits for
Ann. Then Ann, whose turn it is, presses the same keys and her choice is stored. The table is
written through the store before the club starts."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from entropy_tui.club.names import name_key
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from tests.club.helpers import config
from tests.ssh.club_process import TABLE_TERMINAL, Club
from tests.ssh.support import client_keys, fingerprint_of, needs_openssh
from tests.tui.tmux import needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]

FORGING_KEYS = ["1", "Enter", "2", "Enter", "3", "Enter", "Space", "Enter"]


def write_table(database: Path, keys: dict[str, Path]) -> int:
    """An async table of Ann and Bob where Ann is to move; Carol is a member too."""
    anns_key, bobs_key, carols_key = keys["ann"], keys["bob"], keys["carol"]
    with Store(database) as store:
        ann = store.add_player("Ann", name_key("Ann"), fingerprint_of(anns_key)).id
        bob = store.add_player("Bob", "bob", fingerprint_of(bobs_key)).id
        store.add_player("Carol", "carol", fingerprint_of(carols_key))
        first = config(("Ann", None), ("Bob", None)).new_game().decision
        assert first is not None
        names, members = [("Bob", None)] * 2, [bob, bob]
        names[first.player], members[first.player] = ("Ann", None), ann
        record = open_table(
            store, config(*names), members, rated=False, pace="async", pace_seconds=86_400
        )
        table = ClubTable.load(store, record.id)
        assert table.game.decision is not None and table.game.decision.player == first.player
        return record.id


def test_a_watcher_and_a_player_out_of_turn_press_choosing_keys_and_nothing_is_stored(
    tmp_path: Path,
) -> None:
    keys = client_keys(tmp_path, ("ann", "bob", "carol"))
    database = tmp_path / "club.db"
    table_id = write_table(database, keys)
    club = Club(tmp_path, database, size=TABLE_TERMINAL)
    try:
        bob, carol = club.login(keys["bob"]), club.login(keys["carol"])
        try:
            bob.wait_for(lambda s: "Your other tables" in s and f"Table {table_id}:" in s, "lobby")
            carol.wait_for(lambda s: "Games to watch" in s and f"Table {table_id}:" in s, "lobby")
            for client in (bob, carol):
                client.keys("Enter")
            for client in (bob, carol):
                client.wait_for(lambda s: "ENTROPY club -" not in s, "the table", steady=True)
            for key in FORGING_KEYS:
                bob.keys(key)
                carol.keys(key)
            time.sleep(1.5)
            for client in (bob, carol):
                client.keys("Escape")
                client.wait_for(lambda s: "ENTROPY club -" in s, "back in the lobby")
        finally:
            bob.close()
            carol.close()
        with Store(database) as store:
            assert store.decisions(table_id) == []
            record = store.table(table_id)
            assert record is not None and record.status == "playing"
        ann = club.login(keys["ann"])
        try:
            ann.wait_for(lambda s: "Your turn (1)" in s and f"Table {table_id}:" in s, "lobby")
            ann.keys("Enter")
            ann.wait_for(lambda s: "ENTROPY club -" not in s, "the table", steady=True)
            for key in FORGING_KEYS:
                ann.keys(key)
            deadline = time.monotonic() + 10
            while not _decided(database, table_id) and time.monotonic() < deadline:
                time.sleep(0.2)
        finally:
            ann.close()
    finally:
        club.close()
    assert _decided(database, table_id), "the same keys at Ann's turn stored nothing"


def _decided(database: Path, table_id: int) -> bool:
    with Store(database) as store:
        return bool(store.decisions(table_id))
