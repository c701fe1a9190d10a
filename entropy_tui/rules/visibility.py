"""What one seat may see: its own cards, and everything public (seat None: only what is
public, as for someone watching a game that is not over)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from entropy_tui.rules.context import Playable
    from entropy_tui.rules.view_data import View

HIDDEN = "?"


def _tops_only(stacks: list[list[str]]) -> list[list[str]]:
    """A face-up stack shows only its top; the rest is known only by count."""
    return [[HIDDEN] * (len(stack) - 1) + stack[-1:] for stack in stacks]


def view_of(game: Playable, seat: int | None) -> View:
    state = game.state
    board = state.board.dump()
    board["planet_stacks"] = _tops_only(board["planet_stacks"])
    board["biome_stacks"] = _tops_only(board["biome_stacks"])
    board["life_decks"] = _tops_only(board["life_decks"])
    board["asteroid_stacks"] = {k: _tops_only([v])[0] for k, v in board["asteroid_stacks"].items()}
    board["box"] = [HIDDEN] * len(board["box"])
    players = [player.dump() for player in state.players]
    if state.settings.open_hands:
        log = list(game.dumped_log())
    else:
        for other, player in enumerate(players):
            if other != seat:
                player["hand"] = [HIDDEN] * len(player["hand"])
                player["missions"] = [HIDDEN] * len(player["missions"])
        log = [
            event for event in game.dumped_log() if not event["private"] or event["seat"] == seat
        ]
    # The snapshot's keys in its order (GameState.dump), then what a seat sees of the choices
    # and the log; the seed and the choices would let a seat replay the game and see every hand.
    return {
        "version": state.version,
        "seed": 0,
        "rng": 0,
        "settings": state.settings.dump(),
        "players": players,
        "board": board,
        "round": state.round,
        "first_player": state.first_player,
        "end_round": state.end_round,
        "turn": state.turn.dump(),
        "pending": [task.dump() for task in state.pending],
        "undo_floor": state.undo_floor,
        "undo_floor_reason": state.undo_floor_reason,
        "last_decider": state.last_decider,
        "over": state.over,
        "choices": [],
        "log": log,
    }
