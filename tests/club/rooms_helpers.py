"""Rooms for the tests: members as Players, a screen that keeps every message it is sent, and
waiting (in the running loop) until something has happened."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from entropy_tui.club.records import Player
from entropy_tui.club.rooms import Rooms, Visit
from entropy_tui.club.store import Store
from tests.club.helpers import member


def player(store: Store, name: str) -> Player:
    found = store.player(member(store, name))
    assert found is not None
    return found


class Screen:
    """A visit's listener: every message, in order."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.visit: Visit | None = None

    def __call__(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def send(self, message: dict[str, Any]) -> None:
        assert self.visit is not None
        self.visit.send(message)

    def ops(self) -> list[str]:
        return [message["op"] for message in self.messages]

    def last(self, op: str) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["op"] == op)

    def chosen(self) -> list[tuple[int, str]]:
        return [(m["step"], m["option"]) for m in self.messages if m["op"] == "chose"]


def visiting(rooms: Rooms, table_id: int, who: Player) -> Screen:
    screen = Screen()
    screen.visit = rooms.visit(table_id, who, screen)
    return screen


async def until(condition: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    """Lets the loop run (bots think, answers come back) until `condition` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        await asyncio.sleep(0.005)


async def turn_of(rooms: Rooms, table_id: int, who: Player) -> None:
    """Waits until the table's game waits for the member."""
    room = rooms.room(table_id)
    await until(lambda: room.member_to_move() == who.id, f"{who.name}'s turn")
