"""A rated game updates both ratings, with the real OpenSSH client: Ann and Bob's rated table is
written through the store before the club starts, played by a random bot for both of them up to
its last few decisions. Ann and Bob, logged in by key, each at their own table screen, make
those last moves by pressing an option's number; the game ends, the store keeps its results and
both members' new ratings, and their lobby shows them on the leaderboard and the finished game
with each one's rating before and after."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from entropy_tui.bots import make_bot
from entropy_tui.club.names import name_key
from entropy_tui.club.ratings import FIRST_RATING
from entropy_tui.club.records import Rating
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.rules import Game
from tests.club.helpers import config
from tests.ssh.club_process import TABLE_TERMINAL, Club
from tests.ssh.support import client_keys, fingerprint_of, needs_openssh
from tests.tui.tmux import needs_tmux

pytestmark = [needs_openssh, needs_tmux, pytest.mark.ssh, pytest.mark.tmux, pytest.mark.slow]

NAMES = ("Ann", "Bob")
MOST_LAST_MOVES = 25  # a bound on the decisions left for the members to make over SSH


def random_game(game: Game) -> list[tuple[int, str]]:
    """Every decision of a whole game played by a random bot at each seat, in order, as (the
    seat deciding, its choice)."""
    bots = [make_bot("random", seat) for seat in range(len(NAMES))]
    decisions: list[tuple[int, str]] = []
    while not game.over:
        decision = game.decision
        assert decision is not None
        choice = bots[decision.player].decide(game.view(decision.player), decision)
        game.choose(choice)
        decisions.append((decision.player, choice))
    return decisions


def last_moves(decisions: list[tuple[int, str]]) -> int:
    """How many decisions to leave to the members: from the last one the seat that ends the
    game does not make, so that both of them move over SSH."""
    last_seat = decisions[-1][0]
    other = max(n for n, (seat, _) in enumerate(decisions) if seat != last_seat)
    return len(decisions) - other


def write_table(database: Path, keys: dict[str, Path]) -> tuple[int, list[int], list[str]]:
    """Ann and Bob's rated table with all but its last moves made as the members; its id, the
    members' ids by seat, and the choices that end the game from there."""
    settings = config(*((name, None) for name in NAMES))
    decisions = random_game(settings.new_game())
    left = last_moves(decisions)
    assert left <= MOST_LAST_MOVES, f"{left} decisions left to make over SSH"
    choices = [choice for _, choice in decisions]
    with Store(database) as store:
        members = [
            store.add_player(name, name_key(name), fingerprint_of(keys[name])).id for name in NAMES
        ]
        record = open_table(store, settings, members, rated=True, pace="async", pace_seconds=86_400)
        table = ClubTable.load(store, record.id)
        for choice in choices[:-left]:
            decision = table.game.decision
            assert decision is not None
            table.decide(choice, "player", members[decision.player])
        assert not table.game.over
        return record.id, members, choices[-left:]


def option_keys(table: ClubTable, choice: str) -> tuple[int, str, list[str]]:
    """The seat that decides now, the start of its question, and the number keys that choose
    `choice` at its prompt (two digits where there are ten options or more)."""
    decision = table.game.decision
    assert decision is not None
    number = [option.id for option in decision.options].index(choice) + 1
    digits = len(str(len(decision.options)))
    return decision.player, decision.prompt[:30], list(f"{number:0{digits}d}")


def showing(text: str) -> Callable[[str], bool]:
    return lambda screen: text in screen


def stored_after(database: Path, table_id: int, made: int, *, seconds: float) -> bool:
    """Whether a decision beyond the `made` ones is stored within `seconds`."""
    deadline = time.monotonic() + seconds
    while stored_decisions(database, table_id) == made:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.2)
    return True


def stored_decisions(database: Path, table_id: int) -> int:
    with Store(database) as store:
        return len(store.decisions(table_id))


def test_members_end_a_rated_game_over_ssh_and_both_ratings_change(tmp_path: Path) -> None:
    keys = client_keys(tmp_path, NAMES)
    database = tmp_path / "club.db"
    table_id, members, last_choices = write_table(database, keys)
    club = Club(tmp_path, database, size=TABLE_TERMINAL)
    try:
        players = [club.login(keys[name]) for name in NAMES]
        try:
            for player in players:
                player.wait_for(lambda s: f"Table {table_id}:" in s, "the lobby", steady=True)
                player.keys("Enter")
            for player in players:
                player.wait_for(lambda s: "ENTROPY club -" not in s, "the table", steady=True)
            for choice in last_choices:
                made = stored_decisions(database, table_id)
                with Store(database) as store:
                    seat, question, number = option_keys(ClubTable.load(store, table_id), choice)
                players[seat].wait_for(showing(question), repr(question), steady=True)
                # Keys typed while the prompt is still being drawn are ignored by design: the
                # number is pressed again while the same decision still waits.
                for _ in range(3):
                    for digit in number:
                        players[seat].keys(digit)
                    if stored_after(database, table_id, made, seconds=5):
                        break
                assert stored_decisions(database, table_id) > made, "the move was not stored"
        finally:
            for player in players:
                player.close()
        with Store(database) as store:
            record = store.table(table_id)
            assert record is not None and record.status == "finished"
            assert len(store.results(table_id)) == len(NAMES)
            after = [store.player_rating(member) for member in members]
            changes = store.rating_changes(table_id)
        for rating in after:
            assert rating is not None and rating.games == 1
            assert (rating.mu, rating.sigma) != (FIRST_RATING.mu, FIRST_RATING.sigma)
        first = (FIRST_RATING.mu, FIRST_RATING.sigma)
        assert [(c.before.mu, c.before.sigma) for c in changes] == [first] * len(NAMES)
        assert [c.after for c in changes] == after
        for name, rating in zip(NAMES, after, strict=True):
            assert rating is not None
            lobby = club.login(keys[name])
            try:
                screen = lobby.wait_for(
                    lambda s: "Leaderboard (rated games)" in s, f"{name}'s lobby", steady=True
                )
            finally:
                lobby.close()
            assert_lobby_shows(screen, name, rating, after)
    finally:
        club.close()


def assert_lobby_shows(
    screen: str, name: str, rating: Rating, ratings: list[Rating | None]
) -> None:
    """The leaderboard lists both members with the store's figures, and the finished game
    gives this member's rating before and after it."""
    for member, shown in zip(NAMES, ratings, strict=True):
        assert shown is not None
        line = f"{member:<24} {shown.shown:6.1f}  (1 game)"
        assert line in screen, f"{line!r} is not on {name}'s lobby:\n{screen}"
    finished = [line for line in screen.splitlines() if "Table " in line and " ended " in line]
    change = f"rating {FIRST_RATING.shown:.1f} -> {rating.shown:.1f}"
    assert any(change in line for line in finished), f"{change!r} not on:\n{screen}"
