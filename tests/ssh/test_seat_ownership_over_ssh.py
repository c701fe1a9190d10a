"""A taken seat stays its owner's over SSH, with the real OpenSSH client: the table's password
and the seat's name are not enough to take it, nor is another key."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.tui.tmux import Tmux, needs_tmux

from .support import fingerprint_of, needs_openssh, ssh_options
from .table import PASSWORD, SIZE, SshTable, game_drawn, own_hand

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux]
PLAYERS = ["Ann", "Bob"]


@pytest.fixture
def table(tmp_path: Path) -> Iterator[SshTable]:
    opened = SshTable(tmp_path, PLAYERS, seed=11)
    yield opened
    opened.close()


def login_with_password(table: SshTable, user: str) -> Tmux:
    """A login with the table's password as `user`, typed exactly so."""
    options = [*ssh_options(table.port, None), "-o", "NumberOfPasswordPrompts=1"]
    command = shlex.join(["ssh", *options, "-t", f"{user}@127.0.0.1"])
    terminal = Tmux(f"exec env TERM=xterm-256color {command}", SIZE)
    terminal.wait_for(lambda s: "password:" in s, "the password prompt")
    terminal.keys(PASSWORD, "Enter")
    table.terminals[user] = terminal
    return terminal


def claims(table: SshTable) -> dict[int, dict[str, Any]]:
    """Who took each remote seat, as the host saved it: its key and its code."""
    path = table.save_path()
    assert path is not None
    remote = json.loads(path.read_text(encoding="utf-8"))["table"]["remote"]
    return {entry["seat"]: entry for entry in remote}


def ann_by_password_then_one_decision(table: SshTable) -> Tmux:
    """Ann takes her seat with the password, Bob his with his key, and one decision is made
    (so the host has saved the seats)."""
    table.open()
    ann = login_with_password(table, "ann")
    ann.wait_for(game_drawn, "Ann's seat", timeout=45)
    table.terminals["Ann"] = table.terminals.pop("ann")
    table.join("Bob").wait_for(game_drawn, "Bob's seat", timeout=45)
    table.decide()
    return ann


def test_the_password_and_a_taken_seats_name_reach_only_the_lobby(table: SshTable) -> None:
    ann = ann_by_password_then_one_decision(table)
    code = claims(table)[0]["code"]
    mallory = login_with_password(table, "ANN")
    lobby = mallory.wait_for(lambda s: "Seat code" in s, "the lobby", timeout=45, steady=True)
    assert "Ann's seat is taken" in lobby
    hand = own_hand(table.game(), 0)
    seen = lobby + mallory.screen()
    assert hand and not {card for card in hand if card in seen}
    assert code not in seen
    # Ann's screen is still hers: connected, and her decisions still count.
    assert ann.alive() and game_drawn(ann.screen())
    assert claims(table)[0]["code"] == code
    before = len(table.saved_choices())
    while len(table.saved_choices()) < before + 2:  # each seat decides once more
        table.decide()


def test_another_key_by_a_taken_seats_name_neither_gets_nor_binds_it(table: SshTable) -> None:
    ann = ann_by_password_then_one_decision(table)
    other = table.join("Spectator", user="ann")  # a key the table knows, not Ann's
    lobby = other.wait_for(lambda s: "Seat code" in s, "the lobby", timeout=45, steady=True)
    assert "Ann's seat is taken" in lobby
    assert ann.alive() and game_drawn(ann.screen())
    table.decide()
    saved = claims(table)[0]
    assert saved.get("key") is None  # a seat no key holds is saved without one
    assert fingerprint_of(table.keys["Spectator"]) not in json.dumps(claims(table))


def test_a_key_seat_is_kept_from_the_password_and_from_another_key(table: SshTable) -> None:
    table.open()
    ann = table.join("Ann").wait_for(game_drawn, "Ann's seat", timeout=45)
    assert ann
    for terminal in (login_with_password(table, "ANN"), table.join("Bob", user="ann")):
        lobby = terminal.wait_for(lambda s: "Seat code" in s, "the lobby", timeout=45)
        assert "Ann's seat is kept for the key" in lobby
    assert table.terminals["Ann"].alive() and game_drawn(table.terminals["Ann"].screen())
