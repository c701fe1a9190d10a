"""The offers on the Main board: stacks and decks whose tops are on offer, refilled from
their twin when one runs out. Every take shows a new top: `board.reveals` counts them, so undo
knows where new information appeared."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from entropy_tui.rules.state import BoardState


def offer(stacks: list[list[str]]) -> list[tuple[int, str]]:
    """(stack index, top item) for each stack that is not empty."""
    tops = []  # a loop, cheaper than a comprehension over a handful of stacks
    for i, stack in enumerate(stacks):
        if stack:
            tops.append((i, stack[-1]))
    return tops


def take_top(board: BoardState, stacks: list[list[str]], i: int) -> str:
    """Takes the top of stack i. Stacks come in twins (0-1, 2-3, ...): when one runs out, its
    space is refilled from the other, if possible."""
    board.reveals += 1
    item = stacks[i].pop()
    twin = stacks[i ^ 1]
    if not stacks[i] and len(twin) > 1:
        stacks[i].append(twin.pop())
    return item


def take_asteroid(board: BoardState, kind: str) -> str:
    board.reveals += 1
    return board.asteroid_stacks[kind].pop()
