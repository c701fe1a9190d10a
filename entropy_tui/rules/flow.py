"""Turn structure: Movement -> Action -> Mission, rounds clockwise from the First Player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from entropy_tui.rules.decision import Decision, option
from entropy_tui.rules.effects import push_effects
from entropy_tui.rules.free_actions import has_free_action
from entropy_tui.rules.state import GameState, Task, TurnState
from entropy_tui.rules.vocabulary import INNER_ACTION_TOKEN, TaskKind, title

if TYPE_CHECKING:
    from collections.abc import Sequence

    from entropy_tui.rules.catalog import Effect
    from entropy_tui.rules.context import Context

RULE_ACTIONS = "Actions"
RULE_TURN = "Turn Structure"
INNER_ACTION_TOKEN_KINDS = frozenset(INNER_ACTION_TOKEN.values())
# A turn's steps, in the order they are pushed (the last one resolves first).
TURN_STEPS: tuple[TaskKind, ...] = ("end_turn", "mission_step", "action_step", "move")
CONFIRMED_TURN_STEPS: tuple[TaskKind, ...] = (
    "end_turn",
    "confirm_turn_end",
    "mission_step",
    "action_step",
    "move",
)


def start_round(state: GameState) -> None:
    """Queues the First Player's turn (the rest follow from end_turn)."""
    state.pending.append(Task(kind="turn", player=state.first_player))


def last_turn(state: GameState) -> tuple[int, int] | None:
    """The round and the seat whose turn ends the game, once two Objectives are complete (the
    round under way finishes, then one more is played); None while the end is not in sight."""
    if state.end_round is None:
        return None
    return state.end_round, (state.first_player - 1) % len(state.players)


def start_turn(game: Context, task: Task) -> None:
    game.pop(task)
    begin_turn(game, task.player)


def begin_turn(game: Context, seat: int) -> None:
    """The turn's state and its steps; the end of a turn calls it for the next seat directly,
    without a Task resolved at once."""
    state = game.state
    state.turn = TurnState.starting(seat)
    game.note(seat, "turn", f"Round {state.round}: {state.players[seat].name}'s turn")
    # Movement -> Action -> Mission, pushed last step first.
    for kind in CONFIRMED_TURN_STEPS if state.settings.confirm_turn_end else TURN_STEPS:
        game.push(kind, seat)


def action_step(game: Context, task: Task) -> None:
    seat = task.player
    state = game.state
    turn = state.turn
    game.pop(task)
    turn.step = "action"
    action = turn.action
    assert action is not None
    game.push("post_action", seat)
    if turn.token in INNER_ACTION_TOKEN_KINDS:  # a Focus card may trigger
        game.push("focus", seat)
    game.push(action, seat, source="space", free=False)


def focus_tier_effects(game: Context, seat: int, token: str) -> list[Effect]:
    return list(_tier_effects(game, seat, token))


def _tier_effects(game: Context, seat: int, token: str) -> Sequence[Effect]:
    """The effects of the tier the seat's Focus card for `token` is at (none at tier 0)."""
    player = game.state.players[seat]
    tier = player.focus.get(token, 0)
    if tier == 0:
        return ()
    card = game.index.focus[(player.focus_set, token)]
    return card.tier1 if tier == 1 else card.tier2


def focus_discount(game: Context, task: Task, resource: str) -> int:
    """The Focus card's discount on this action's cost: only when the action is resolved from
    its space with the matching (non-Wild) Creation token."""
    turn = game.state.turn
    token = turn.token
    # The action's own token only (the Wild, or none, matches no action).
    if token != INNER_ACTION_TOKEN.get(task.kind) or token is None:
        return 0
    if task.args.get("source") != "space":
        return 0
    discount = 0  # a loop, without a copy of the effects: three actions ask at every turn
    for effect in _tier_effects(game, task.player, token):
        if effect.do == "discount" and effect.what == resource:
            discount += effect.n
    return discount


def focus_trigger(game: Context, task: Task) -> None:
    """Tier 1 and 2 Focus effects, when the matching token resolved the action."""
    seat = task.player
    turn = game.state.turn
    game.pop(task)
    token = turn.token
    if not turn.action_done or token is None or token == "wild":
        return
    effects = [e for e in focus_tier_effects(game, seat, token) if e.do != "discount"]
    if effects:
        game.note(seat, "focus", f"{title(token)} Focus card triggers")
        push_effects(
            game, seat, effects, origin=f"{title(token)} Focus card", rule="Upgrade Console"
        )


def post_action(game: Context, task: Task) -> Decision | None:
    """After the action: free actions may still be taken, then the Mission step."""
    seat = task.player
    if not has_free_action(game, seat):
        game.pop(task)
        return None
    return Decision(
        seat,
        "Take free actions, or end your Action step",
        RULE_ACTIONS,
        [option("done", "End the Action step", lambda: game.pop(task))],
    )


def confirm_turn_end(game: Context, task: Task) -> Decision | None:
    """A person ends their own turn, so that until then every decision of it can be taken back.
    Whoever holds the seat when the turn gets here counts: a bot (or a seat just handed to one)
    goes straight on."""
    seat = task.player
    if game.player(seat).bot is not None:
        game.pop(task)
        return None
    return Decision(
        seat,
        "Your turn is done: end it when you are ready",
        RULE_TURN,
        [option("end_turn", "End your turn", lambda: game.pop(task))],
    )


def end_turn(game: Context, task: Task) -> None:
    state = game.state
    seat = task.player
    game.pop(task)
    following = (seat + 1) % len(state.players)
    if following == state.first_player:
        for player in state.players:
            player.vp_by_round.append(player.vp)
        if state.end_round is not None and state.round >= state.end_round:
            state.over = True
            state.turn.step = "over"
            game.note(None, "end", "The game is over: final scoring")
            return
        state.round += 1
    begin_turn(game, following)
