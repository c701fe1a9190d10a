"""Landing on Create Life: whether some way through the rest of the Movement step leads to a
Life card that can be played when the action is resolved.

The rulebook lets a player land on an action they cannot resolve, "except for the Create Life
action". The Movement step's own rewards (a Star activated for a passed Creation token, a
Biome's reward) come between the landing and the action, so the question is asked of every
way through them. The search is exact: it tries every option of every decision of the mover
until the Action step is next, and a position reached twice (the same rewards taken in
another order) is answered once. It never counts on what is hidden: a way that takes a card or
tile that was not face up when the search began is not a way.

Every step from a landing to the Action step is the mover's own and changes no other seat,
so a search copies only the mover's player, sharing the others' with the game it looks from,
and tells positions apart by the mover's alone (tests/rules/test_create_life_edges.py checks
that no search changes another seat, over random games).

The same search keeps the landing playable once made (`keep_the_landing_playable`): a reward
after which no card could be played is refused, so the Create Life action that follows always
has a card to play.
"""

from __future__ import annotations

import marshal
from functools import partial
from typing import TYPE_CHECKING, Any

from entropy_tui.rules import rondel
from entropy_tui.rules.actions.create_life import playable_cards
from entropy_tui.rules.decision import disabled
from entropy_tui.rules.effects import effect_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from entropy_tui.rules.catalog import Effect
    from entropy_tui.rules.context import Context, Playable
    from entropy_tui.rules.decision import Decision, Option
    from entropy_tui.rules.state import BoardState, GameState
    from entropy_tui.rules.vocabulary import TaskKind

# The look-ahead stops when the Action step is next: the Movement step is over, and nothing
# changes before Create Life's options are worked out from the same state.
STOP: TaskKind = "action_step"
# Effects, and Tasks, that only give (resources, Lifeforms, cards, a Biome fulfilled, a token
# back): they never take away a card to play.
GIVES_ONLY = frozenset(
    {
        "gain",
        "discount",
        "card_lifeforms",
        "gain_lifeform",
        "take_life_cards",
        "advance_generator",
        "retrieve_token",
        "free_fulfil",
    }
)
ONLY_GIVES = frozenset(
    {"place_lifeform", "take_cards", "free_fulfil", "retrieve_token", "wild_unlock", "charge"}
)
NO_PLAY_AFTER = "you landed on Create Life, and after this no Life card could be played"


def leads_to_a_play(game: Context, seat: int, make_move: Callable[[Context], None]) -> bool:
    """Does `make_move` (a landing on Create Life, made on a copy) lead to a card to play?"""
    trial = game.try_out(make_move, stop_at=STOP, only_seat=seat)
    found = _Search(trial.state.board, seat).reaches(trial)
    trial.let_go()
    return found


def keep_the_landing_playable(game: Context, decision: Decision) -> None:
    """In the Movement step after a landing on Create Life: refuses each option of `decision`
    after which no way leads to a card to play, when another option keeps one open (one
    does, unless no move was legal and Create Life was let in without a card: see
    movement.move_decision)."""
    seat = decision.player
    options = decision.options
    enabled = [n for n, option in enumerate(options) if option.enabled]
    if len(enabled) < 2:
        return  # an only option is never refused
    if playable_cards(game, seat, first_only=True) and not _may_take_a_play_away(game, seat):
        return  # no option can take away the card to play there is
    trial = game.try_out(_as_it_is, stop_at=STOP, only_seat=seat)
    search = _Search(trial.state.board, seat)
    last = enabled[-1]
    # The last option is tried on the trial itself: nothing looks at it afterwards.
    dead_ends = [
        n
        for n in enabled
        if not search.reaches_by(trial if n == last else trial.copy(), options[n].id)
    ]
    if len(dead_ends) < len(enabled):
        for n in dead_ends:  # shown, with why (an option may keep its fields in its class)
            options[n] = disabled(options[n].id, partial(_label_of, options[n]), NO_PLAY_AFTER)
    trial.let_go()


def _label_of(option: Option) -> str:
    return option.label


def _may_take_a_play_away(game: Context, seat: int) -> bool:
    """Can what is left of the Movement step take a Lifeform off a Planet, a card from the hand
    or a Planet's room for a card (an advancement, or an action)? What it may bring is read
    from its Tasks; a Task of a kind not listed here may."""
    player = game.player(seat)
    index = game.index
    for task in reversed(game.state.pending):
        effects: list[Effect] = []
        match task.kind:
            case "action_step":
                return False
            case "retrieve":
                effects = [
                    e for s in player.systems if s.star for e in index.any_star[s.star].effect
                ]
            case "biome_rewards" | "biome_reward" | "scarce_biome":
                for system in player.systems:
                    for planet in system.planets:
                        if planet.biome is not None:
                            effects += [*index.biome[planet.biome].reward]
                            effects += [*index.biome[planet.biome].improved]
            case "effect":
                effects = [effect_of(task.args["effect"])]
            case "choose_type":
                effects = [effect_of(effect) for effect in task.args["effects"]]
            case "traffic_bonus":
                effects = list(
                    rondel.bonus_effects(
                        game, game.state.turn.landed or 0, game.state.turn.distance
                    )
                )
            case kind if kind in ONLY_GIVES:
                continue
            case _:
                return True
        if any(effect.do not in GIVES_ONLY for effect in effects):
            return True
    return True


def _as_it_is(game: Context) -> None:
    """No change: the look-ahead starts from the position itself."""


class _Search:
    """One search: what is hidden in the stacks as it begins, and each position's answer."""

    __slots__ = ("hidden", "seat", "seen")

    def __init__(self, board: BoardState, seat: int) -> None:
        self.seat = seat
        self.hidden = _stacked(board) - _tops(board)
        self.seen: dict[bytes, bool] = {}

    def reaches(self, game: Playable) -> bool:
        """Does some way from this position reach the Action step with a card to play?"""
        decision = game.decision
        if decision is None or decision.player != self.seat:
            return False
        # A card to play now stays one: every reward left can be declined (the golden rule),
        # and declining changes nothing a card needs. At the Action step, that is the answer.
        if playable_cards(game, self.seat, first_only=True):
            return True
        if decision.kind == STOP:
            return False
        key = _position(game.state, self.seat)
        answer = self.seen.get(key)
        if answer is not None:
            return answer
        self.seen[key] = False  # a way back to this very position brings nothing new
        options = decision.enabled
        last = len(options) - 1
        # The last way is tried on this position itself: nothing looks at it afterwards.
        answer = any(
            self.reaches_by(game if n == last else game.copy(), way.id)
            for n, way in enumerate(options)
        )
        self.seen[key] = answer
        return answer

    def reaches_by(self, branch: Playable, option_id: str) -> bool:
        """Does choosing `option_id` in `branch` (a copy, used up) lead to a card to play?"""
        reveals = branch.state.board.reveals
        branch.choose(option_id)
        found = (
            branch.state.board.reveals == reveals or not self.hidden - _stacked(branch.state.board)
        ) and self.reaches(branch)
        branch.let_go()
        return found


def _stacked(board: BoardState) -> set[str]:
    """Every card and tile in the stacks of the Main board."""
    items: set[str] = set()
    for stacks in (board.life_decks, board.planet_stacks, board.biome_stacks):
        for stack in stacks:
            items.update(stack)
    for stack in board.asteroid_stacks.values():
        items.update(stack)
    return items


def _tops(board: BoardState) -> set[str]:
    """The cards and tiles face up on the stacks: the offers."""
    stacks = [*board.life_decks, *board.planet_stacks, *board.biome_stacks]
    return {stack[-1] for stack in [*stacks, *board.asteroid_stacks.values()] if stack}


def _position(state: GameState, seat: int) -> bytes:
    """What the rest of the turn depends on and may change, as marshal's bytes of its JSON
    data: exact like its repr, and several times quicker to write (version 2 writes a string
    by its value alone, never as a reference to an equal one). Not the log, the choices or
    what undo knows, nor what no position of one search changes: the other seats (see
    above), the seed and the settings."""
    board = state.board.dump()
    board["reveals"] = 0
    data: tuple[Any, ...] = (  # the seat's data is a TypedDict, which marshal's hints omit
        state.rng,
        state.round,
        state.first_player,
        state.end_round,
        state.over,
        state.players[seat].dump(),
        board,
        state.turn.dump(),
        [task.dump() for task in state.pending],
    )
    return marshal.dumps(data, 2)
