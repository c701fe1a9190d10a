"""Primordial Soup: advance the Generator by 1, gain 1 Mass and 1 Energy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import resolved

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task


def advance_generator(game: Context, seat: int, steps: int = 1) -> None:
    """Each step moves the marker on; the last spaces give VP, and past the end 3 VP."""
    player = game.state.players[seat]
    track = game.catalog.board.generator
    for _ in range(steps):
        player.generator_advances += 1
        if player.generator == len(track) - 1:
            gained = game.catalog.board.generator_overflow_vp
        else:
            player.generator += 1
            gained = track[player.generator].vp
        player.vp += gained
        game.note(
            seat,
            "generator",
            f"{player.name} advanced the Generator to space {player.generator + 1}"
            + (f" (+{gained} VP)" if gained else ""),
        )


def primordial_soup(game: Context, task: Task) -> None:
    seat = task.player
    player = game.state.players[seat]
    game.pop(task)
    advance_generator(game, seat)
    player.mass += 1
    player.energy += 1
    game.note(seat, "action", f"{player.name} resolved Primordial Soup: +1 Mass, +1 Energy")
    resolved(game, task)
