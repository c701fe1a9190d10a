"""More builders for explicit states: a fixed rondel, token placement, and turn helpers.

The rondel is the track I0, O0, I1, O1, ... I5, O5 (space 2k is I_k, 2k + 1 is O_k). With
`arranged_game` the Action tiles lie in catalog order, so every test knows what is where:

    I0 Evolve a Star       O0 T1 Create Life
    I1 Aggregate Planet    O1 T2 Activate Stars
    I2 Catch an Asteroid   O2 T3 Set Biome
    I3 Evolve a Star       O3 T4 Upgrade Console
    I4 Aggregate Planet    O4 T5 Take Life Cards
    I5 Catch an Asteroid   O5 T6 Primordial Soup

Slot k (a player's Creation token in front of I_k) is passed when a move enters I_k.
"""

from __future__ import annotations

from entropy_tui.rules import Game
from entropy_tui.rules.state import Task, TurnState

from .support import blank_game, refresh

TILES_IN_ORDER = ["T1", "T2", "T3", "T4", "T5", "T6"]


def inner(k: int) -> int:
    """The track space of inner Action space I_k."""
    return 2 * k


def outer(k: int) -> int:
    """The track space of outer Action space O_k."""
    return 2 * k + 1


def arranged_game(
    seats: int = 2, *, mover_at: int = 0, others_at: int | None = None, edition: int | None = 1
) -> Game:
    """A blank game with the Action tiles in catalog order, seat 0 on `mover_at`, every other
    Scientist on `others_at` (default: the space opposite), all Creation tokens ready and every
    Wild locked on the board in slot 3 (out of the way unless a test says otherwise).
    `edition`: of the component data, as in `blank_game`."""
    game = blank_game(seats, edition=edition)
    game.state.board.action_tiles = list(TILES_IN_ORDER)
    park = others_at if others_at is not None else (mover_at + 6) % 12
    for seat, player in enumerate(game.state.players):
        player.scientist = mover_at if seat == 0 else park
        for kind in ("star", "planet", "asteroid"):
            set_token(game, seat, kind, "ready")
        set_token(game, seat, "wild", "board", 3)
        player.wild_locked = True
    start_turn(game, 0)
    return game


def set_token(game: Game, seat: int, kind: str, where: str, slot: int | None = None) -> None:
    token = game.player(seat).tokens[kind]
    token.where, token.slot = where, slot


def start_turn(game: Game, seat: int) -> None:
    """Makes a fresh turn of `seat` the only thing pending (movement first)."""
    game.state.turn = TurnState(player=seat)
    game.state.pending = [Task(kind="turn", player=seat)]
    refresh(game)


def at_mission_step(game: Game, seat: int, events: list[int] | None = None) -> None:
    """`seat` has just finished its Action step: the Mission step and the end of the turn
    are pending."""
    game.state.turn = TurnState(player=seat, step="action", events=events or [0, 0, 0])
    game.state.pending = [
        Task(kind="end_turn", player=seat),
        Task(kind="mission_step", player=seat),
    ]
    refresh(game)


def at_action_step(game: Game, seat: int, action: str, token: str | None = None) -> None:
    """`seat` has landed on `action`, placing `token` (None: an outer space): the Action step
    (the action from its space, Focus effects, free actions) is all that is pending."""
    game.state.turn = TurnState(player=seat, action=action, token=token)
    game.state.pending = [Task(kind="action_step", player=seat)]
    refresh(game)


def refused(game: Game) -> dict[str, str]:
    """Disabled option id -> its reason."""
    assert game.decision is not None
    return {o.id: o.reason for o in game.decision.options if not o.enabled}


def own_ids(game: Game) -> list[str]:
    """The enabled option ids of the decision itself, without the free actions added to it."""
    assert game.decision is not None
    return [
        o.id
        for o in game.decision.options
        if o.enabled and not o.id.startswith(("exchange:", "fulfil:"))
    ]


def label(game: Game, option_id: str) -> str:
    assert game.decision is not None
    return next(o.label for o in game.decision.options if o.id == option_id)


def kind(game: Game) -> str | None:
    return game.decision.kind if game.decision is not None else None


def put_on_top(stacks: list[list[str]], item: str, stack: int) -> None:
    """Moves `item` (wherever it is among `stacks`) to the top of `stacks[stack]`."""
    for pile in stacks:
        if item in pile:
            pile.remove(item)
    stacks[stack].append(item)


def finish_turn(game: Game) -> None:
    """Plays the current player's turn to its end the quiet way: skip or end whatever can be,
    else take the first enabled option."""
    seat = game.state.turn.player
    turns = sum(e.kind == "turn" for e in game.log)
    for _ in range(200):
        if game.over or sum(e.kind == "turn" for e in game.log) > turns:
            return
        assert game.decision is not None
        ids = [o.id for o in game.decision.enabled]
        for quiet in ("skip", "done"):
            if quiet in ids:
                game.choose(quiet)
                break
        else:
            game.choose(ids[0])
    raise AssertionError(f"seat {seat}'s turn did not end")
