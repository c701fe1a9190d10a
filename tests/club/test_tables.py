"""A club table: its game rebuilt from stored settings and decisions, each decision checked by
the rules and by who sits where before it is kept, its results and ratings kept when it ends,
and the game exported as the usual save file."""

from __future__ import annotations

from pathlib import Path

import pytest

from entropy_tui.club.store import Conflict, Store
from entropy_tui.club.tables import ClubTable, NotYourSeat, open_table
from entropy_tui.rules import InvalidChoice
from entropy_tui.saves.files import load_game, write_atomically
from tests.club.helpers import config, member, play_out


def two_members(store: Store, *, rated: bool = False) -> ClubTable:
    ann, bob = member(store, "Ann"), member(store, "Bob")
    record = open_table(
        store,
        config(("Ann", None), ("Bob", None)),
        [ann, bob],
        rated=rated,
        pace="async",
        pace_seconds=86_400,
    )
    return ClubTable.load(store, record.id)


def test_a_table_rebuilds_to_the_same_game_from_its_decisions(store: Store) -> None:
    table = two_members(store)
    play_out(table, decisions=60)
    again = ClubTable.load(store, table.record.id)
    assert again.game.snapshot() == table.game.snapshot()
    assert again.game.decision is not None and table.game.decision is not None
    assert again.game.decision.player == table.game.decision.player
    assert len(store.decisions(table.record.id)) == 60


def test_the_settings_are_kept_as_the_save_files_schema_writes_them(store: Store) -> None:
    table = two_members(store)
    assert table.game.config() == {
        "seats": ["Ann", "Bob"],
        "seed": 5,
        "bots": [None, None],
        "alternative_objectives": False,
        "open_hands": False,
        "confirm_turn_end": True,
        "edition": table.game.catalog.edition,
    }
    assert table.record.config.startswith(b'{"seats":["Ann","Bob"],"seed":5,')


def test_an_illegal_choice_is_refused_by_the_rules_and_nothing_is_kept(store: Store) -> None:
    table = two_members(store)
    decision = table.game.decision
    assert decision is not None
    with pytest.raises(InvalidChoice):
        table.decide("'); DROP TABLE decisions; --", "player", table.record.seats[0].player_id)
    with pytest.raises(InvalidChoice, match="not an option of this game"):
        table.decide(decision.enabled[0].id * 1000, "player", table.record.seats[0].player_id)
    assert store.decisions(table.record.id) == []
    assert table.game.decision is not None
    assert [o.id for o in table.game.decision.options] == [o.id for o in decision.options]


def test_a_seat_is_a_members_or_a_bots(store: Store) -> None:
    settings = config(("Ann", None), ("Lucky", "random"))
    ann = member(store, "Ann")
    for members in ([None, None], [ann, ann]):
        with pytest.raises(ValueError, match="a member's or a bot's, not both or neither"):
            open_table(store, settings, members, rated=False, pace="live", pace_seconds=60)


def test_only_the_member_at_the_deciding_seat_decides_there(store: Store) -> None:
    table = two_members(store)
    decision = table.game.decision
    assert decision is not None
    choice = decision.enabled[0].id
    others = [s.player_id for s in table.record.seats if s.seat != decision.player]
    with pytest.raises(NotYourSeat, match="not yours"):
        table.decide(choice, "player", others[0])
    with pytest.raises(NotYourSeat, match="not yours"):
        table.decide(choice, "player", None)
    with pytest.raises(NotYourSeat, match="a person's: a bot does not decide there"):
        table.decide(choice, "bot")
    assert store.decisions(table.record.id) == []
    table.decide(choice, "clock")  # the clock's bot, for a person out of time
    assert [d.decided_by for d in store.decisions(table.record.id)] == ["clock"]


def test_a_decision_made_first_elsewhere_wins_and_the_late_one_is_rebuilt(
    store: Store, tmp_path: Path
) -> None:
    table = two_members(store)
    with Store(tmp_path / "club.db") as other_host:
        elsewhere = ClubTable.load(other_host, table.record.id)
        play_out(elsewhere, decisions=1)
    late = table.game.decision
    assert late is not None
    seat = table.record.seats[late.player]
    with pytest.raises(Conflict, match="waits for decision 1, not 0"):
        table.decide(late.enabled[-1].id, "player", seat.player_id)
    assert table.game.snapshot() == elsewhere.game.snapshot()


@pytest.mark.slow  # a whole game, each decision synced to disk
def test_a_whole_game_ends_with_its_results_and_exports_as_a_save(
    store: Store, tmp_path: Path
) -> None:
    ann = member(store, "Ann")
    record = open_table(
        store,
        config(("Ann", None), ("Casual", "greedy"), ("Lucky", "random")),
        [ann, None, None],
        rated=False,
        pace="live",
        pace_seconds=1800,
    )
    table = ClubTable.load(store, record.id)
    play_out(table)
    assert table.record.status == "finished"
    totals = [score["total"] for score in table.game.scores()]
    assert [r.total for r in store.results(record.id)] == totals
    assert min(r.place for r in store.results(record.id)) == 1
    assert store.player_rating(ann) is None  # not rated
    path = tmp_path / "exported.json"
    write_atomically(path, table.save())
    loaded, save = load_game(path)
    assert loaded.snapshot() == table.game.snapshot()
    assert save.config.seats == ["Ann", "Casual", "Lucky"]


@pytest.mark.slow  # a whole game, each decision synced to disk
def test_a_rated_game_moves_both_members_ratings(store: Store) -> None:
    table = two_members(store, rated=True)
    play_out(table)
    places = {r.seat: r.place for r in store.results(table.record.id)}
    ann, bob = (store.player_rating(s.player_id or 0) for s in table.record.seats)
    assert ann is not None and bob is not None
    assert ann.games == bob.games == 1
    assert ann.sigma < 25 / 3 and bob.sigma < 25 / 3
    if places[0] != places[1]:
        winner, loser = (ann, bob) if places[0] < places[1] else (bob, ann)
        assert winner.mu > 25 > loser.mu
    changes = store.rating_changes(table.record.id)
    assert [c.after for c in changes] == [ann, bob]


@pytest.mark.slow  # a whole game, each decision synced to disk
def test_a_bot_counts_in_a_rated_game_by_its_level(store: Store) -> None:
    ann = member(store, "Ann")
    record = open_table(
        store,
        config(("Ann", None), ("Lucky", "random")),
        [ann, None],
        rated=True,
        pace="live",
        pace_seconds=1800,
    )
    play_out(ClubTable.load(store, record.id))
    level = store.bot_rating("random")
    assert level is not None and level.games == 1
    assert store.player_rating(ann) is not None


@pytest.mark.slow  # a whole game, each decision synced to disk
def test_a_game_over_before_its_results_were_kept_is_finished_on_loading(
    store: Store, tmp_path: Path
) -> None:
    table = two_members(store, rated=True)
    play_out(table)
    # As if the server stopped between the last decision and the results: another club's
    # table with the same decisions and no results yet.
    with Store(tmp_path / "second.db") as second:
        copy = open_table(
            second,
            config(("Ann", None), ("Bob", None)),
            [member(second, "Ann"), member(second, "Bob")],
            rated=True,
            pace="async",
            pace_seconds=86_400,
        )
        for decision in store.decisions(table.record.id):
            second.append_decision(copy.id, decision.step, decision.option_id, "player")
        assert second.results(copy.id) == []
        reloaded = ClubTable.load(second, copy.id)
        assert reloaded.record.status == "finished"
        assert second.results(copy.id) == store.results(table.record.id)
