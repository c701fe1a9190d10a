"""The Main board's rondel: 6 sectors, each a Creation-token slot, an inner Action space I_k
and an outer Action tile space O_k. The Scientist's track is I0, O0, I1, O1, ... I5, O5.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from entropy_tui.rules.vocabulary import INNER_ACTION_TOKEN, ActionName

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import ActionTile, Effect, InnerSpace
    from entropy_tui.rules.context import Context

SECTORS = 6
SPACES = 2 * SECTORS


def is_inner(space: int) -> bool:
    return space % 2 == 0


def sector(space: int) -> int:
    return space // 2


def space_name(space: int) -> str:
    return f"{'I' if is_inner(space) else 'O'}{sector(space)}"


def space_action(game: Context, space: int) -> ActionName:
    if is_inner(space):
        return game.catalog.board.inner[sector(space) % 3].action
    return game.index.tile[game.state.board.action_tiles[sector(space)]].action


def linked_space(game: Context, space: int) -> int | None:
    """The space merged with this one by a lightning bolt (printed on a tile's bonus side)."""
    k = sector(space)
    if not game.state.board.traffic_side[k]:
        return None
    return space + 1 if is_inner(space) else space - 1


def has_bonus(game: Context, space: int) -> bool:
    """Inner spaces always show a Traffic Bonus; a tile only on its bonus side."""
    return is_inner(space) or game.state.board.traffic_side[sector(space)]


def bonus_effects(game: Context, space: int, distance: int) -> list[Effect]:
    """The Traffic Bonus for an effective distance: 1 full, 2 reduced, 3+ none."""
    if distance >= 3 or not has_bonus(game, space):
        return []
    source: InnerSpace | ActionTile
    if is_inner(space):
        source = game.catalog.board.inner[sector(space) % 3]
    else:
        source = game.index.tile[game.state.board.action_tiles[sector(space)]]
    return list(source.bonus if distance == 1 else source.reduced)


def path(start: int, steps: int) -> list[int]:
    """The spaces entered by a move, in order."""
    return [(start + i) % SPACES for i in range(1, steps + 1)]


def slots_passed(spaces: list[int]) -> list[int]:
    """Slot k lies just before I_k: a move passes it on entering I_k."""
    return [sector(s) for s in spaces if is_inner(s)]


def slots_on_the_way(start: int, steps: int) -> tuple[int, ...]:
    """The slots a move of `steps` from `start` passes."""
    return SLOTS_ON_THE_WAY[start][steps]


# The same, read as a table by the moves: three are previewed at every turn.
SLOTS_ON_THE_WAY = tuple(
    tuple(tuple(slots_passed(path(start, steps))) for steps in range(4)) for start in range(SPACES)
)


class Space(NamedTuple):
    """One space of the rondel as a game's tiles lay it out, for the moves previewed at every
    turn."""

    action: ActionName
    partner: int | None  # the space linked to it (see linked_space)
    has_bonus: bool
    bonus: tuple[Effect, ...]  # the Traffic Bonus at effective distance 1
    reduced: tuple[Effect, ...]  # at distance 2
    token: str | None  # the Creation token an inner space takes (or the Wild)


def spaces(game: Context) -> tuple[Space, ...]:
    """The twelve spaces, worked out once per layout of tiles (it never changes in a game, but
    the look-up follows the board, so a changed board is never read stale)."""
    board = game.state.board
    key = (tuple(board.action_tiles), tuple(board.traffic_side))
    layouts = game.index.rondels
    layout = layouts.get(key)
    if layout is None:
        layout = layouts[key] = tuple(_space(game, space) for space in range(SPACES))
    return layout


def _space(game: Context, space: int) -> Space:
    source: InnerSpace | ActionTile
    if is_inner(space):
        source = game.catalog.board.inner[sector(space) % 3]
    else:
        source = game.index.tile[game.state.board.action_tiles[sector(space)]]
    action = space_action(game, space)
    return Space(
        action,
        linked_space(game, space),
        has_bonus(game, space),
        tuple(source.bonus),
        tuple(source.reduced),
        INNER_ACTION_TOKEN[action] if is_inner(space) else None,
    )
