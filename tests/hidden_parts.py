"""The same game with everything a viewer may not see dealt again: the other seats' hands and
Missions swapped for unseen cards, the hidden order of every stack and of the box shuffled, the
generator's state changed. Two such games look the same to that viewer, so every screen of
theirs must draw the same."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game
from entropy_tui.rules.visibility import view_of

PLAYERS = ["Ann", "Bob"]
# A game of two greedy players that, within its first 40 decisions, brings a move of each
# player where a Create Life landing is allowed or not by the hand alone, and a hidden
# Mission decision (the tests check that they came).
SEED = 220
RULE_MISSION = "Fulfill a Mission"
TRIES = 40  # deals tried for a position before it is left out


def played(steps: int, seed: int = SEED) -> list[Game]:
    """The game (no "End your turn" step, as at a table) before each of its first decisions,
    both seats played by the greedy bot."""
    game = Game.new(PLAYERS, seed=seed)
    bots = [make_bot("greedy", seat) for seat in range(len(PLAYERS))]
    positions = []
    for _ in range(steps):
        decision = game.decision
        if decision is None:
            break
        positions.append(game.copy())
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    return positions


def dealt_again(game: Game, viewer: int | None, rng: random.Random, *, missions: bool) -> Game:
    """`game` with what `viewer` (None: a spectator) may not see dealt again; `missions`:
    the other seats' Missions too (their hands always)."""
    snapshot: dict[str, Any] = json.loads(json.dumps(game.snapshot()))
    board = snapshot["board"]
    mission_ids = {mission.id for mission in game.catalog.missions}
    # Unseen cards: a Life deck's cards under its top, the Missions in the box.
    decks = board["life_decks"]
    under_tops = [(d, i) for d, deck in enumerate(decks) for i in range(len(deck) - 1)]
    boxed = [i for i, component in enumerate(board["box"]) if component in mission_ids]
    for seat, player in enumerate(snapshot["players"]):
        if seat == viewer:
            continue
        hand = player["hand"]
        for k in range(len(hand)):
            d, i = rng.choice(under_tops)
            hand[k], decks[d][i] = decks[d][i], hand[k]
        for k in range(len(player["missions"]) if missions else 0):
            i = rng.choice(boxed)
            player["missions"][k], board["box"][i] = board["box"][i], player["missions"][k]
    stacks = [*board["planet_stacks"], *board["biome_stacks"], *board["life_decks"]]
    for stack in [*stacks, *board["asteroid_stacks"].values()]:
        under = stack[:-1]
        rng.shuffle(under)
        stack[:-1] = under
    rng.shuffle(board["box"])
    snapshot["rng"] = rng.getrandbits(64)
    return Game.restore_trusted(snapshot, game.catalog)


@dataclass(frozen=True)
class Twin:
    real: Game
    twin: Game
    viewer: int | None
    reach_differs: bool  # a move the mover may make in one game and not in the other


def twin_of(game: Game, viewer: int | None, seed: int) -> Twin | None:
    """A deal of `game` that `viewer` can't tell from it (the same view, the same seat to
    decide); where the seat to decide moves and is not the viewer, one where a move is allowed
    in one game and not in the other if one turns up. None: no deal kept the view."""
    rng = random.Random(seed)
    decision = game.decision
    assert decision is not None
    allowed = [option.enabled for option in decision.options]
    look_for_reach = decision.kind == "move" and decision.player != viewer
    kept: Twin | None = None
    for attempt in range(TRIES):
        twin = dealt_again(game, viewer, rng, missions=attempt % 2 == 0)
        other = twin.decision
        if other is None or other.player != decision.player:
            continue
        if view_of(twin, viewer) != view_of(game, viewer):
            continue
        differs = look_for_reach and [option.enabled for option in other.options] != allowed
        kept = kept or Twin(game, twin, viewer, differs)
        if differs or not look_for_reach:
            return Twin(game, twin, viewer, differs)
    return kept
