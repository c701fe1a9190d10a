"""Two players at one club table, with the real OpenSSH client: Ann and Bob, a few decisions
into their game, each log in by key and open the table from their lobby. Each one's Console
shows their own hand (Life cards and Missions); on every page of every panel, and of every
seat's console, the other can page to, no card of that hand ever shows. The table is written
through the store before the club starts."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from entropy_tui.club.names import name_key
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.rules.visibility import view_of
from tests.club.helpers import config, play_out
from tests.ssh.club_process import TABLE_TERMINAL, Club
from tests.ssh.support import client_keys, fingerprint_of, needs_openssh
from tests.tui.tmux import Tmux, needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]

ANN, BOB = 0, 1
DECISIONS = 3  # made before the club starts, so that both hands hold cards of the game's own
PANEL_KEYS = "bocpl"  # each pressed again shows its panel's next page, then the first again
MOST_PAGES = 8
LOBBY_MARK = "ENTROPY club -"


def write_table(database: Path, keys: dict[str, Path]) -> tuple[int, list[list[str]]]:
    """Ann (seat 1) and Bob (seat 2) at an async table a few decisions in; its id, and the
    cards of each seat's hand (Life cards and Missions) the other seat's view does not name."""
    with Store(database) as store:
        ann = store.add_player("Ann", name_key("Ann"), fingerprint_of(keys["ann"])).id
        bob = store.add_player("Bob", "bob", fingerprint_of(keys["bob"])).id
        record = open_table(
            store,
            config(("Ann", None), ("Bob", None)),
            [ann, bob],
            rated=False,
            pace="async",
            pace_seconds=86_400,
        )
        table = ClubTable.load(store, record.id)
        play_out(table, DECISIONS)
        game = table.game
    assert not game.over
    hands = [[*player.hand, *player.missions] for player in game.state.players]
    hidden = []
    for seat, other in ((ANN, BOB), (BOB, ANN)):
        others_view = json.dumps(view_of(game, other))
        hidden.append([card for card in hands[seat] if not _names(others_view, card)])
        assert hidden[seat], f"every card in seat {seat + 1}'s hand is in the other's view"
    return record.id, hidden


def every_page(client: Tmux) -> list[str]:
    """Every screen `client` can page to at the table: each panel's pages, then each seat's
    console in Seat consoles with its further pages, then the score table."""
    screens = [_settled(client)]
    for key in PANEL_KEYS:
        first = _press(client, key)
        screens.append(first)
        for _ in range(MOST_PAGES):
            page = _press(client, key)
            if page == first:
                break
            screens.append(page)
    for seat in range(2):
        screens.append(_press(client, "v") if seat == 0 else _press(client, "Right"))
        for _ in range(MOST_PAGES):
            page = _press(client, "PageDown")
            if page == screens[-1]:
                break
            screens.append(page)
    _press(client, "Escape")
    screens.append(_press(client, "s"))
    _press(client, "Escape")
    return screens


def test_each_player_at_a_club_table_sees_their_own_hand_and_never_the_others(
    tmp_path: Path,
) -> None:
    keys = client_keys(tmp_path, ("ann", "bob"))
    database = tmp_path / "club.db"
    table_id, hidden = write_table(database, keys)
    club = Club(tmp_path, database, size=TABLE_TERMINAL)
    try:
        ann, bob = club.login(keys["ann"]), club.login(keys["bob"])
        try:
            for client in (ann, bob):
                client.wait_for(lambda s: f"Table {table_id}:" in s, "the lobby", timeout=30)
                client.keys("Enter")
            for client in (ann, bob):
                client.wait_for(lambda s: LOBBY_MARK not in s, "the table", steady=True)
            pages = [every_page(ann), every_page(bob)]
        finally:
            ann.close()
            bob.close()
    finally:
        club.close()
    for seat, other in ((ANN, BOB), (BOB, ANN)):
        for card in hidden[seat]:
            assert any(_names(page, card) for page in pages[seat]), f"{card} not in its own hand"
            for page in pages[other]:
                assert not _names(page, card), f"{card}, seat {seat + 1}'s, shows:\n{page}"


def _names(text: str, card: str) -> bool:
    return re.search(rf"\b{card}\b", text) is not None


def _press(client: Tmux, key: str) -> str:
    before = client.screen()
    client.keys(key)
    deadline = time.monotonic() + 2  # a key that changes nothing on the screen leaves it so
    while client.screen() == before and time.monotonic() < deadline:
        time.sleep(0.05)
    return _settled(client)


def _settled(client: Tmux) -> str:
    return client.wait_for(lambda s: True, "a settled screen", steady=True)
