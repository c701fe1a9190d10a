"""Evolve a Star: exchange a Star for the next tier on the board's path, paying its Energy;
or pay 1 Energy for a tier I Star in a starless or new Solar System."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from ..decision import Decision, Option, disabled, option
from ..describe import new_star_words
from ..flow import focus_discount
from ..missions import missions_lost_if
from ..state import SystemState
from .common import PAID, can_pay, pay, resolved, skip_option

if TYPE_CHECKING:
    from ..game import Game
    from ..state import PlayerState, Task

RULE = "Evolve a Star"
NEW_STAR_COST = 1
OBJECTIVE_TIER = 3  # Main Objective: evolve a Star to tier 3 or 4


def _evolve(game: Game, task: Task, system: int, target: str, cost: int) -> None:
    seat = task.player
    player = game.state.players[seat]
    board = game.state.board
    game.pop(task)
    pay(game, seat, "energy", cost)
    old = player.systems[system].star
    assert old is not None
    if old in game.index.star:
        board.star_stacks[old] += 1
    else:  # a Starting Star goes back to the box
        board.box.append(old)
    board.star_stacks[target] -= 1
    player.systems[system].star = target
    if game.index.star[target].tier >= OBJECTIVE_TIER:
        game.state.turn.events[0] += 1
    game.note(seat, "action", f"{player.name} evolved Star {old} to {target} for {cost} Energy")
    resolved(game, task)


def _new_star(game: Game, task: Task, star: str, system: int | None, cost: int) -> None:
    seat = task.player
    player = game.state.players[seat]
    board = game.state.board
    game.pop(task)
    pay(game, seat, "energy", cost)
    board.star_stacks[star] -= 1
    if system is None:
        board.solar_systems -= 1
        player.systems.append(SystemState(star=star))
        where = "a new Solar System"
    else:
        player.systems[system].star = star
        where = f"Solar System {system + 1}"
    game.note(seat, "action", f"{player.name} added Star {star} to {where} for {cost} Energy")
    resolved(game, task)


def _evolve_label(game: Game, seat: int, system: int, target: str, cost: int) -> str:
    old = game.state.players[seat].systems[system].star

    def evolved(player: PlayerState) -> None:
        player.systems[system].star = target

    return (
        f"Evolve {old} to {new_star_words(game.index, target)} in system {system + 1}: "
        f"pay {cost} Energy{missions_lost_if(game, seat, evolved)}"
    )


def _new_star_label(game: Game, star: str, target: int | None, cost: int) -> str:
    where = "a new Solar System" if target is None else f"Solar System {target + 1}"
    return f"Add {new_star_words(game.index, star)} to {where}: pay {cost} Energy"


def evolve_star(game: Game, task: Task) -> Decision:
    seat = task.player
    player = game.state.players[seat]
    board = game.state.board
    discount = focus_discount(game, task, "energy")
    options: list[Option] = []
    for i, system in enumerate(player.systems):
        if system.star is None:
            continue
        for target, printed in game.index.any_star[system.star].evolves_to.items():
            cost = max(0, printed - discount)
            label = partial(_evolve_label, game, seat, i, target, cost)
            ok, why = PAID if player.energy >= cost else can_pay(game, seat, "energy", cost)
            if board.star_stacks[target] == 0:
                ok, why = False, f"the {target} stack is empty"
            options.append(
                option(
                    f"evolve:{i}:{target}",
                    label,
                    lambda i=i, t=target, c=cost: _evolve(game, task, i, t, c),
                )
                if ok
                else disabled(f"evolve:{i}:{target}", label, why)
            )
    cost = max(0, NEW_STAR_COST - discount)
    starless = [i for i, s in enumerate(player.systems) if s.star is None]
    for star in game.index.tier_one_stars:
        targets: list[int | None] = [*starless, None]
        for target in targets:
            label = partial(_new_star_label, game, star, target, cost)
            option_id = f"new:{star}:{'new' if target is None else target}"
            ok, why = PAID if player.energy >= cost else can_pay(game, seat, "energy", cost)
            if board.star_stacks[star] == 0:
                ok, why = False, f"the {star} stack is empty"
            elif target is None and board.solar_systems == 0:
                ok, why = False, "no Solar System tiles are left"
            options.append(
                option(option_id, label, lambda s=star, t=target: _new_star(game, task, s, t, cost))
                if ok
                else disabled(option_id, label, why)
            )
    options.append(skip_option(game, task))
    return Decision(seat, "Evolve a Star: choose a Star to evolve or add", RULE, options)
