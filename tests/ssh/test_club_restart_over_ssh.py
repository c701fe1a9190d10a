"""The club killed mid-game, with the real OpenSSH client: Ann, whose turn it is at her async table
with Bob, makes a move over SSH and it is stored; the club process is killed (SIGKILL, no chance
to tidy up) and started again on the same database. Both log in again by key: the one to move
finds the table under "Your turn (1)", the other under "Your other tables"; every stored choice
is still there, and the one to move makes another, which is stored too."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from entropy_tui.club.names import name_key
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable
from tests.ssh.club_process import TABLE_TERMINAL, Club
from tests.ssh.support import client_keys, needs_openssh
from tests.ssh.test_club_forged_moves_over_ssh import write_table
from tests.tui.tmux import Tmux, needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]

LOBBY_MARK = "ENTROPY club -"


def test_a_club_killed_mid_game_comes_back_with_every_choice_and_the_turn_where_it_was(
    tmp_path: Path,
) -> None:
    keys = client_keys(tmp_path, ("ann", "bob", "carol"))
    database = tmp_path / "club.db"
    table_id = write_table(database, keys)

    club = Club(tmp_path, database, size=TABLE_TERMINAL)
    try:
        ann = club.login(keys["ann"])
        try:
            _open_and_move(ann, table_id, database, already=0)
        finally:
            ann.close()
        before = _choices(database, table_id)
        to_move, waiting = _seats(database, table_id)
        club.process.send_signal(signal.SIGKILL)
        assert club.process.wait(15) == -signal.SIGKILL
    finally:
        if club.process.poll() is None:
            club.process.kill()
            club.process.wait(15)

    started = time.monotonic()
    club = Club(tmp_path, database, size=TABLE_TERMINAL)
    open_after = time.monotonic() - started
    try:
        mover = club.login(keys[to_move])
        other = club.login(keys[waiting])
        try:
            mover.wait_for(lambda s: "Your turn (1)" in s and f"Table {table_id}:" in s, "lobby")
            first_login_after = time.monotonic() - started
            print(
                f"club restarted after SIGKILL: open in {open_after:.2f} s, "
                f"first login's lobby in {first_login_after:.2f} s"
            )
            other.wait_for(
                lambda s: "Your other tables" in s and f"Table {table_id}:" in s, "lobby"
            )
            assert _choices(database, table_id) == before
            _open_and_move(mover, table_id, database, already=len(before))
        finally:
            mover.close()
            other.close()
    finally:
        club.close()
    after = _choices(database, table_id)
    assert after[: len(before)] == before and len(after) > len(before)


def _open_and_move(client: Tmux, table_id: int, database: Path, *, already: int) -> None:
    """From the lobby, opens the table waiting for `client` and picks its options in turn (one
    may not be possible) until the store holds more than `already` decisions; back to the lobby."""
    client.wait_for(lambda s: "Your turn (1)" in s and f"Table {table_id}:" in s, "lobby")
    client.keys("Enter")
    client.wait_for(lambda s: LOBBY_MARK not in s, "the table", steady=True)
    for key in "123456789":
        client.keys(key)
        deadline = time.monotonic() + 2
        while len(_choices(database, table_id)) <= already and time.monotonic() < deadline:
            time.sleep(0.2)
        if len(_choices(database, table_id)) > already:
            break
    assert len(_choices(database, table_id)) > already, "the move was not stored"
    client.keys("q")  # Esc at a choice's second step would ask to take back its first
    client.wait_for(lambda s: LOBBY_MARK in s, "back in the lobby")


def _choices(database: Path, table_id: int) -> list[tuple[int, str]]:
    with Store(database) as store:
        return [(decision.step, decision.option_id) for decision in store.decisions(table_id)]


def _seats(database: Path, table_id: int) -> tuple[str, str]:
    """The member names ("ann", "bob") of the seat to move and of the one waiting."""
    with Store(database) as store:
        table = ClubTable.load(store, table_id)
        ann = store.player_named(name_key("Ann"))
    decision = table.game.decision
    assert table.record.status == "playing" and decision is not None and ann is not None
    if table.record.seats[decision.player].player_id == ann.id:
        return "ann", "bob"
    return "bob", "ann"
