"""The club's rooms: tables made as their creators ask, joined, visited and played, their bots
playing on their own, every decision checked and kept before any screen hears of it."""

from __future__ import annotations

import pytest

from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Refused, Rooms
from entropy_tui.club.store import Store
from tests.club.rooms_helpers import player, until, visiting

ME = SeatRequest("creator")


def bots_and_me(*kinds: str) -> TableRequest:
    return TableRequest((ME, *(SeatRequest("bot", bot=kind) for kind in kinds)))


async def test_a_table_of_the_creator_and_bots_begins_at_once_and_plays(store: Store) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann = player(store, "Ann")
    record = rooms.create(ann, bots_and_me("random", "greedy"))
    assert record.status == "playing" and record.created_by == ann.id
    assert [(s.player_id, s.bot) for s in record.seats] == [
        (ann.id, None),
        (None, "random"),
        (None, "greedy"),
    ]
    screen = visiting(rooms, record.id, ann)
    welcome = screen.messages[0]
    assert (welcome["op"], welcome["role"], welcome["mine"]) == ("game", "player", [0])
    assert [s["name"] for s in welcome["seats"]] == ["Ann", "Beginner bot", "Casual bot"]
    assert [s["state"] for s in welcome["seats"]] == ["playing", "bot", "bot"]
    assert welcome["snapshot"]["players"][0]["name"] == "Ann"
    room = rooms.room(record.id)
    for _ in range(3):  # Ann decides; the bots answer until it is hers again
        await until(lambda: room.member_to_move() == ann.id, "Ann's turn")
        decision = room.table.game.decision
        assert decision is not None
        step = room.step
        screen.send({"op": "choose", "step": step, "option": decision.enabled[0].id})
        assert screen.chosen()[-1] == (step, decision.enabled[0].id)
    kept = store.decisions(record.id)
    assert [step for step, _ in screen.chosen()] == [d.step for d in kept]
    assert {d.decided_by for d in kept} <= {"player", "bot"}


async def test_a_request_with_problems_is_refused_in_words(store: Store) -> None:
    rooms = Rooms(store)
    ann = player(store, "Ann")
    with pytest.raises(Refused, match="You take exactly one seat yourself, not 0"):
        rooms.create(ann, TableRequest((SeatRequest("bot", bot="random"),) * 2))
    with pytest.raises(Refused, match="No member is called 'Zed'"):
        rooms.create(ann, TableRequest((ME, SeatRequest("invited", "Zed"))))
    with pytest.raises(Refused, match="invite someone else"):
        rooms.create(ann, TableRequest((ME, SeatRequest("invited", "ANN"))))
    assert store.tables_of(ann.id) == []
