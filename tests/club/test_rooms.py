"""The club's rooms: tables made as their creators ask, joined, visited and played, their bots
playing on their own, every decision checked and kept before any screen hears of it."""

from __future__ import annotations

import pytest

from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Refused, Rooms
from entropy_tui.club.store import Store
from tests.club.rooms_helpers import player, turn_of, until, visiting

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
        await turn_of(rooms, record.id, ann)
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


async def test_invited_and_open_seats_are_taken_and_the_last_begins_the_game(store: Store) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, bob, cy, dee = (player(store, name) for name in ("Ann", "Bob", "Cy", "Dee"))
    turns: list[tuple[int, int]] = []
    stop = rooms.turn_changed(lambda table, who: turns.append((table, who)))
    request = TableRequest(
        (ME, SeatRequest("invited", "bob"), SeatRequest("open"), SeatRequest("bot", bot="random"))
    )
    record = rooms.create(ann, request)
    assert record.status == "open"
    assert [(s.player_id, s.invited, s.bot) for s in record.seats] == [
        (ann.id, None, None),
        (None, bob.id, None),
        (None, None, None),
        (None, None, "random"),
    ]
    waiting = visiting(rooms, record.id, ann)  # the creator waits at the table
    first = waiting.messages[0]
    assert first["op"] == "table" and first["status"] == "open"
    assert [(s["name"], s["state"]) for s in first["seats"]] == [
        ("Ann", "playing"),
        ("Bob", "free"),
        ("", "free"),
        ("Beginner bot", "bot"),
    ]
    seated = rooms.join(record.id, cy)
    assert seated.status == "open" and seated.seats[2].player_id == cy.id
    with pytest.raises(Refused, match="has no free seat left for you"):
        rooms.join(record.id, dee)  # the last seat is kept for Bob
    assert waiting.ops() == ["table", "table"] and not turns  # Cy sat: the game waits for Bob
    begun = rooms.join(record.id, bob)
    assert begun.status == "playing"
    welcome = waiting.last("game")
    assert (welcome["role"], welcome["mine"]) == ("player", [0])
    assert [s["name"] for s in welcome["seats"]] == ["Ann", "Bob", "Cy", "Beginner bot"]
    assert welcome["snapshot"]["players"][1]["name"] == "Bob"
    room = rooms.room(record.id)
    await until(lambda: room.member_to_move() is not None, "a member's turn")
    assert turns[-1] == (record.id, room.member_to_move())
    stop()
    with pytest.raises(Refused, match="has begun: it takes nobody else"):
        rooms.join(record.id, dee)


async def test_a_forged_choice_is_refused_in_the_hosts_words_and_nothing_is_kept(
    store: Store,
) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, bob, cy = (player(store, name) for name in ("Ann", "Bob", "Cy"))
    record = rooms.create(ann, TableRequest((ME, SeatRequest("invited", "Bob"))))
    rooms.join(record.id, bob)
    room = rooms.room(record.id)
    decision = room.table.game.decision
    assert decision is not None
    mover = ann if room.member_to_move() == ann.id else bob
    other = bob if mover is ann else ann
    name, option = mover.name, decision.enabled[0].id
    screens = {who.name: visiting(rooms, record.id, who) for who in (ann, bob, cy)}
    assert screens["Cy"].messages[0]["role"] == "spectator"
    not_yours = f"It is {name}'s decision, not yours."
    forged = [
        (other, {"op": "choose", "step": 0, "option": option}, not_yours),
        (cy, {"op": "choose", "step": 0, "option": option},
         "Only a seat's player decides for it; this screen holds no seat."),
        (mover, {"op": "choose", "step": 3, "option": option},
         "That decision is no longer pending (the game is at step 0, not 3)."),
        (mover, {"op": "choose", "step": 0, "option": "control:1:random"}, "No option"),
        (mover, {"op": "choose", "step": 0, "option": "x" * 5000},
         "That is not an option of this game."),
        (mover, {"op": "choose", "step": "0", "option": option},
         "Not understood: choose: step must be a int."),
        (mover, {"op": "take", "seat": 1}, "Not understood: unknown message 'take'."),
        (other, {"op": "hint", "step": 0}, not_yours),
    ]  # fmt: skip
    for who, message, words in forged:
        screens[who.name].send(message)
        refusal = screens[who.name].messages[-1]
        assert refusal["op"] == "refused" and refusal["to"] == message["op"]
        assert refusal["reason"].startswith(words), refusal
    assert store.decisions(record.id) == [] and room.step == 0
    assert all("chose" not in screen.ops() for screen in screens.values())
    screens[mover.name].send({"op": "choose", "step": 0, "option": option})
    for screen in screens.values():
        assert screen.messages[-1] == {"op": "chose", "step": 0, "option": option}
    assert [d.option_id for d in store.decisions(record.id)] == [option]


async def test_hints_are_noted_in_the_log_and_off_at_a_rated_table(store: Store) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann = player(store, "Ann")
    for rated in (False, True):
        record = rooms.create(
            ann, TableRequest((ME, SeatRequest("bot", bot="random")), rated=rated)
        )
        room = rooms.room(record.id)
        await turn_of(rooms, record.id, ann)
        screen = visiting(rooms, record.id, ann)
        assert screen.messages[0]["settings"]["hints"] is not rated
        screen.send({"op": "hint", "step": room.step})
        if rated:
            assert screen.messages[-1]["reason"] == "Hints are off in this game."
            assert store.notes(record.id) == []
        else:
            note = screen.messages[-1]
            assert (note["op"], note["seat"], note["text"]) == ("note", 0, "Ann asked for a hint")
            assert [n.text for n in store.notes(record.id)] == ["Ann asked for a hint"]
            again = visiting(rooms, record.id, ann)
            assert again.messages[0]["notes"][-1]["text"] == "Ann asked for a hint"
