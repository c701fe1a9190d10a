"""A club table plays on without its members: bots answer on their own, after a restart too;
a member out of time has the clock's bot play their turn, or forfeits; and a spectator sees
exactly what a spectator of `entropy-tui host` sees, never a hidden card."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from entropy_tui.club.records import Player
from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Refused, Rooms
from entropy_tui.club.store import Store
from entropy_tui.rules.visibility import HIDDEN
from entropy_tui.table.replica import ReplicaSession
from tests.club.conftest import Clock
from tests.club.rooms_helpers import player, turn_of, until, visiting
from tests.table.support import Screen as HostScreen
from tests.table.support import make_table

ME = SeatRequest("creator")
BEGINNER = SeatRequest("bot", bot="random")


async def test_a_spectator_is_welcomed_as_the_hosts_spectator_and_sees_no_hidden_card(
    store: Store, tmp_path: Path
) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, cy = player(store, "Ann"), player(store, "Cy")
    record = rooms.create(ann, TableRequest((ME, SeatRequest("bot", bot="greedy"))))
    game = rooms.room(record.id).table.game
    ours = visiting(rooms, record.id, cy).messages[0]
    # The same game at `entropy-tui host`, watched from its lobby.
    host = make_table(tmp_path, "remote:Ann,bot:greedy:Casual bot", seed=game.state.seed)
    await host.start()
    watcher = await HostScreen.open(host, "", lobby=True)
    await watcher.send({"op": "watch"})
    theirs = await watcher.next("game")
    await watcher.close()
    await host.close()
    same = ("op", "role", "mine", "code", "connect", "settings", "snapshot", "notes")
    assert {key: ours[key] for key in same} == {key: theirs[key] for key in same}
    assert ours["role"] == "spectator" and ours["mine"] == []
    assert [(s["name"], s["bot"]) for s in ours["seats"]] == [
        (s["name"], s["bot"]) for s in theirs["seats"]
    ]
    # What the spectator's screen shows: the public view, as the host's spectator's screen.
    seen = ReplicaSession(ours, lambda message: None).view()
    assert seen == ReplicaSession(theirs, lambda message: None).view()
    for seat in seen["players"]:
        assert set(seat["hand"]) <= {HIDDEN} and set(seat["missions"]) <= {HIDDEN}
    assert any(player["hand"] for player in game.snapshot()["players"])  # there are hands


async def test_the_clocks_bot_plays_a_members_turn_and_the_log_says_so(store: Store) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann = player(store, "Ann")
    record = rooms.create(ann, TableRequest((ME, BEGINNER), timeout_bot="random"))
    room = rooms.room(record.id)
    await turn_of(rooms, record.id, ann)
    screen = visiting(rooms, record.id, ann)
    made = len(store.decisions(record.id))
    rooms.decide_by_clock(record.id)
    note = screen.messages[-1]
    assert (note["op"], note["seat"]) == ("note", 0)
    assert note["text"] == "Ann's time ran out: the Beginner bot plays this turn."
    assert [n.text for n in store.notes(record.id)] == [note["text"]]
    # Both turns can be played between two looks: the bot's decision stored tells.
    await until(
        lambda: (
            room.member_to_move() == ann.id
            and "bot" in {d.decided_by for d in store.decisions(record.id)[made:]}
        ),
        "Ann's turn played, then the bot's",
    )
    deciders = [d.decided_by for d in store.decisions(record.id)[made:]]
    clocked = deciders.index("bot")
    assert clocked >= 1 and set(deciders[:clocked]) == {"clock"} == set(deciders) - {"bot"}
    assert [step for step, _ in screen.chosen()] == list(range(made, made + len(deciders)))
    assert room.clock_seat is None  # her next turn is hers


async def play_until_the_bots_turn(rooms: Rooms, table_id: int, who: Player) -> None:
    """The member plays (their first open option each time) until their bot's turn comes."""
    room = rooms.room(table_id)
    await turn_of(rooms, table_id, who)
    screen = visiting(rooms, table_id, who)
    while room.bot_to_move() is None:
        decision = room.table.game.decision
        assert decision is not None
        screen.send({"op": "choose", "step": room.step, "option": decision.enabled[0].id})
    assert screen.visit is not None
    screen.visit.leave()


async def test_a_restarted_club_resumes_the_bots_whose_turn_it_was(
    store: Store, tmp_path: Path, clock: Clock
) -> None:
    rooms = Rooms(store, bot_delay=60)  # the bot's answer is held while Ann watches
    ann = player(store, "Ann")
    record = rooms.create(ann, TableRequest((ME, SeatRequest("bot", bot="greedy"))))
    await play_until_the_bots_turn(rooms, record.id, ann)
    with pytest.raises(Refused, match="Seat 2 is a bot's: no clock runs there"):
        rooms.decide_by_clock(record.id)
    made = len(store.decisions(record.id))
    rooms.close()  # the club stops before the bot has answered
    with Store(tmp_path / "club.db", clock=clock) as again:
        restarted = Rooms(again, bot_delay=0)
        turns: list[tuple[int, int]] = []
        restarted.turn_changed(lambda table, who: turns.append((table, who)))
        restarted.resume_bots()
        await until(lambda: turns == [(record.id, ann.id)], "Ann's turn after the bot's")
        assert len(again.decisions(record.id)) > made
        assert {d.decided_by for d in again.decisions(record.id)[made:]} == {"bot"}
        restarted.close()


async def test_a_member_out_of_time_forfeits_and_a_rated_table_rates_it(store: Store) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, bob = player(store, "Ann"), player(store, "Bob")
    request = TableRequest((ME, SeatRequest("invited", "Bob"), BEGINNER), rated=True)
    record = rooms.create(ann, request)
    rooms.join(record.id, bob)
    room = rooms.room(record.id)
    await until(lambda: room.member_to_move() is not None, "a member's turn")
    totals = [score["total"] for score in room.table.game.scores()]
    screen = visiting(rooms, record.id, bob)
    with pytest.raises(Refused, match="Only a member's seat loses on time"):
        rooms.forfeit(record.id, 2)
    rooms.forfeit(record.id, 0)
    reason = "Ann ran out of time and forfeits: the game ends with Ann placed last."
    assert screen.messages[-2:] == [
        {"op": "note", "at_event": screen.messages[-2]["at_event"], "seat": 0, "text": reason},
        {"op": "bye", "reason": reason},
    ]
    places = [r.place for r in store.results(record.id)]
    assert places[0] == 3 and places[1:] == [
        1 + (totals[2] > totals[1]),
        1 + (totals[1] > totals[2]),
    ]
    assert [r.total for r in store.results(record.id)] == totals
    kept = store.table(record.id)
    assert kept is not None and (kept.status, kept.forfeited) == ("finished", 0)
    anns, bobs = store.player_rating(ann.id), store.player_rating(bob.id)
    assert anns is not None and bobs is not None and anns.mu < 25 < bobs.mu
    bot = store.bot_rating("random")
    assert bot is not None and bot.games == 1
    later = visiting(rooms, record.id, ann)
    welcome = later.messages[0]
    assert (welcome["status"], welcome["ended"]) == ("finished", reason)
    later.send({"op": "choose", "step": len(welcome["snapshot"]["choices"]), "option": "x"})
    assert later.messages[-1]["reason"] == "The game is over."
    with pytest.raises(Refused, match="The game is over"):
        rooms.forfeit(record.id, 1)
    with pytest.raises(Refused, match="The game is over"):
        rooms.decide_by_clock(record.id)


@pytest.mark.slow  # a whole game, each decision synced to disk
async def test_bots_and_the_clock_finish_a_game_nobody_visits(store: Store) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann = player(store, "Ann")
    loop = asyncio.get_running_loop()
    # Ann never comes: each time her turn comes, her time runs out at once.
    rooms.turn_changed(lambda table, who: loop.call_soon(rooms.decide_by_clock, table))
    record = rooms.create(ann, TableRequest((ME, BEGINNER, BEGINNER), timeout_bot="random"))

    def finished() -> bool:
        table = store.table(record.id)
        return table is not None and table.status == "finished"

    await until(finished, "the game's end", seconds=300)
    assert len(store.results(record.id)) == 3
    assert {d.decided_by for d in store.decisions(record.id)} == {"bot", "clock"}
    assert record.id not in rooms._rooms  # a finished table nobody visits is let go
