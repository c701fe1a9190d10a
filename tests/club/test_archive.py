"""The club's archive: a finished table's game exported as the usual save file opens with the
app's own reader and replays to the same final scores; a table still played is refused to
everyone, its save would show every hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from entropy_tui.club.archive import NotArchived, finished_save
from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Refused, Rooms
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.play.config import COLOURS
from entropy_tui.saves.files import load_game
from tests.club.helpers import config, member, play_out
from tests.club.rooms_helpers import player


def opened(save: bytes, path: Path) -> tuple[list[int], list[str]]:
    """The save as the app opens it: each seat's final total, and the log's club lines."""
    path.write_bytes(save)
    game, saved = load_game(path)
    return [score["total"] for score in game.scores()], [note.text for note in saved.notes]


def test_a_finished_game_exports_as_a_save_that_replays_to_its_scores(
    store: Store, tmp_path: Path
) -> None:
    record = open_table(
        store,
        config(("Ann", None), ("Casual", "greedy"), ("Lucky", "random")),
        [member(store, "Ann"), None, None],
        rated=True,
        pace="async",
        pace_seconds=86_400,
    )
    play_out(ClubTable.load(store, record.id))
    totals, notes = opened(finished_save(store, record.id), tmp_path / "table.json")
    assert totals == [result.total for result in store.results(record.id)]
    assert notes == []
    game, saved = load_game(tmp_path / "table.json")
    assert game.over and saved.config.seats == ["Ann", "Casual", "Lucky"]
    assert saved.hints is False  # a rated game was played without them
    assert saved.colours == [colour.key for colour in COLOURS[:3]]  # as the club showed them


def test_a_forfeited_game_exports_with_its_scores_as_they_stood_and_why_it_ended(
    store: Store, tmp_path: Path
) -> None:
    rooms = Rooms(store)
    ann, bob = player(store, "Ann"), player(store, "Bob")
    request = TableRequest((SeatRequest("creator"), SeatRequest("invited", "Bob")))
    table_id = rooms.create(ann, request).id
    rooms.join(table_id, bob)
    play_out(rooms.room(table_id).table, decisions=12)
    with pytest.raises(Refused, match="has not ended: its save would show every hand"):
        rooms.archive(table_id)  # to anyone, seated or not
    rooms.forfeit(table_id, 1)
    totals, notes = opened(rooms.archive(table_id), tmp_path / "forfeit.json")
    assert totals == [result.total for result in store.results(table_id)]
    assert notes == ["Bob ran out of time and forfeits: the game ends with Bob placed last."]


def test_a_table_that_is_not_there_is_refused(store: Store) -> None:
    with pytest.raises(NotArchived, match="There is no table 7"):
        finished_save(store, 7)
