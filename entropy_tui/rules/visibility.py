"""What one seat may see: its own cards, and everything public (seat None: only what is
public, as for someone watching a game that is not over)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from entropy_tui.rules.context import Playable

HIDDEN = "?"


def _tops_only(stacks: list[list[str]]) -> list[list[str]]:
    """A face-up stack shows only its top; the rest is known only by count."""
    return [[HIDDEN] * (len(stack) - 1) + stack[-1:] for stack in stacks]


def view_of(game: Playable, seat: int | None) -> dict[str, Any]:
    snapshot = game.state.dump(log=False)
    # The seed and the choice log would let a seat replay the game and see every hand.
    snapshot["rng"] = snapshot["seed"] = 0
    snapshot["choices"] = []
    board = snapshot["board"]
    board["planet_stacks"] = _tops_only(board["planet_stacks"])
    board["biome_stacks"] = _tops_only(board["biome_stacks"])
    board["life_decks"] = _tops_only(board["life_decks"])
    board["asteroid_stacks"] = {k: _tops_only([v])[0] for k, v in board["asteroid_stacks"].items()}
    board["box"] = [HIDDEN] * len(board["box"])
    if game.state.settings.open_hands:
        snapshot["log"] = list(game.dumped_log())
        return snapshot
    for other, player in enumerate(snapshot["players"]):
        if other != seat:
            player["hand"] = [HIDDEN] * len(player["hand"])
            player["missions"] = [HIDDEN] * len(player["missions"])
    snapshot["log"] = [
        event for event in game.dumped_log() if not event["private"] or event["seat"] == seat
    ]
    return snapshot
