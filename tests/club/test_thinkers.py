"""Where the club's bots think: a quick bot is never queued behind another table's search (the
Expert searches in a process of its own), a search process that stops is replaced at the next
search, and the process keeps a bounded number of searching bots."""

from __future__ import annotations

import operator
import os
import time
from collections import OrderedDict
from functools import partial
from typing import Any

import pytest

from entropy_tui.club import thinkers
from entropy_tui.club.records import Player
from entropy_tui.club.requests import SeatRequest, TableRequest
from entropy_tui.club.rooms import Rooms
from entropy_tui.club.store import Store
from entropy_tui.club.thinkers import Thinkers, searched
from entropy_tui.play.thinking import PlainDecision
from tests.club.helpers import config
from tests.club.rooms_helpers import player, turn_of, until


class Heard:
    """A visit's listener: when each step's choice was heard."""

    def __init__(self) -> None:
        self.chose: dict[int, float] = {}

    def __call__(self, message: dict[str, Any]) -> None:
        if message["op"] == "chose":
            self.chose.setdefault(message["step"], time.monotonic())


async def hand_to_the_bot(rooms: Rooms, table_id: int, who: Player) -> tuple[Heard, int]:
    """The member plays their first open option until their bot is asked; what their screen
    hears, and the step the bot is asked."""
    room = rooms.room(table_id)
    await turn_of(rooms, table_id, who)
    heard = Heard()
    visit = rooms.visit(table_id, who, heard)
    while room.bot_to_move() is None:
        decision = room.table.game.decision
        assert decision is not None
        visit.send({"op": "choose", "step": room.step, "option": decision.enabled[0].id})
    return heard, room.step


async def test_a_casual_bot_answers_while_an_expert_searches_at_another_table(
    store: Store,
) -> None:
    rooms = Rooms(store, bot_delay=0)
    ann, bob = player(store, "Ann"), player(store, "Bob")
    tables = [
        rooms.create(who, TableRequest((SeatRequest("creator"), SeatRequest("bot", bot=bot)))).id
        for who, bot in ((ann, "expert"), (bob, "greedy"))
    ]
    # The Expert is asked first, then the Casual.
    expert, expert_step = await hand_to_the_bot(rooms, tables[0], ann)
    casual, casual_step = await hand_to_the_bot(rooms, tables[1], bob)
    await until(lambda: expert_step in expert.chose, "the Expert's answer", seconds=120)
    assert casual.chose[casual_step] < expert.chose[expert_step]
    rooms.close()


def test_a_search_process_that_stops_is_replaced_at_the_next_search() -> None:
    workers = Thinkers()
    answers: list[object] = []
    try:
        workers.ask_searching(partial(os._exit, 1), answers.append)  # the process dies
        deadline = time.monotonic() + 60
        while not answers and time.monotonic() < deadline:
            time.sleep(0.01)
        assert isinstance(answers[0], ConnectionError)
        workers.ask_searching(partial(operator.add, 2, 3), answers.append)
        while len(answers) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert answers[1] == 5
    finally:
        workers.close()


def test_the_search_process_keeps_only_its_last_used_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinkers, "MAX_SEARCHERS", 2)
    monkeypatch.setattr(thinkers, "_searchers", OrderedDict())
    game = config(("Ann", None), ("Bob", None), seed=1).new_game()
    decision = game.decision
    assert decision is not None
    for seed in (1, 2, 1, 3):
        searched(
            "greedy",
            seed,
            game.catalog.edition,
            game.view(decision.player),
            PlainDecision.of(decision),
        )
    assert list(thinkers._searchers) == [
        ("greedy", 1, game.catalog.edition),
        ("greedy", 3, game.catalog.edition),
    ]
