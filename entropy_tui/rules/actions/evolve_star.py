"""Evolve a Star: exchange a Star for the next tier on the board's path, paying its Energy;
or pay 1 Energy for a tier I Star in a starless or new Solar System."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import (
    can_pay,
    finish_second_step,
    in_steps,
    pay,
    resolved,
    second_step,
    skip_option,
)
from entropy_tui.rules.decision import Decision, Option, disabled, option
from entropy_tui.rules.describe import new_star_words
from entropy_tui.rules.flow import focus_discount
from entropy_tui.rules.missions import missions_lost_if
from entropy_tui.rules.state import SystemState

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlayerState, Task

RULE = "Evolve a Star"
NEW_STAR_COST = 1
OBJECTIVE_TIER = 3  # Main Objective: evolve a Star to tier 3 or 4


def _evolve(game: Context, task: Task, system: int, target: str, cost: int) -> None:
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


def _new_star(game: Context, task: Task, star: str, system: int | None, cost: int) -> None:
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


def _evolve_label(game: Context, seat: int, system: int, target: str, cost: int) -> str:
    old = game.state.players[seat].systems[system].star

    def evolved(player: PlayerState) -> None:
        player.systems[system].star = target

    return (
        f"Evolve {old} to {new_star_words(game.index, target)} in system {system + 1}: "
        f"pay {cost} Energy{missions_lost_if(game, seat, evolved)}"
    )


def _new_star_label(game: Context, star: str, target: int | None, cost: int) -> str:
    where = "a new Solar System" if target is None else f"Solar System {target + 1}"
    return f"Add {new_star_words(game.index, star)} to {where}: pay {cost} Energy"


Chosen = Callable[[str, int], None]  # what choosing a Star does, given the Star and its cost


def _star_option(
    game: Context,
    seat: int,
    option_id: str,
    label: Callable[[], str],
    star: str,
    cost: int,
    choose: Callable[[], None],
    new_system: bool = False,
) -> Option:
    """Taking `star` for `cost` Energy, or why it can't be (see `_refusal`)."""
    why = _refusal(game, seat, star, cost, new_system)
    return disabled(option_id, label, why) if why else option(option_id, label, choose)


def _refusal(game: Context, seat: int, star: str, cost: int, new_system: bool = False) -> str:
    """Why `star` can't be taken for `cost` Energy ("" when it can): its stack is empty, no
    Solar System tile is left for a `new_system`, or the Energy is short (said in that order)."""
    board = game.state.board
    if board.star_stacks[star] == 0:
        return f"the {star} stack is empty"
    if new_system and board.solar_systems == 0:
        return "no Solar System tiles are left"
    if game.state.players[seat].energy < cost:
        return can_pay(game, seat, "energy", cost)[1]
    return ""


Tier = tuple[str, int, str]  # a Star of the second step, its cost and why it can't be taken


def _tiers(game: Context, seat: int, system: int | None, discount: int) -> list[Tier]:
    """The second step's Stars: the next tiers of the Star in `system`, or the tier I Stars
    that may go there (None: a new Solar System)."""
    star = None if system is None else game.state.players[seat].systems[system].star
    if star is not None:
        tiers = []
        for target, printed in game.index.any_star[star].evolves_to.items():
            cost = max(0, printed - discount)
            tiers.append((target, cost, _refusal(game, seat, target, cost)))
        return tiers
    cost = max(0, NEW_STAR_COST - discount)
    new_system = system is None
    return [
        (tier_one, cost, _refusal(game, seat, tier_one, cost, new_system))
        for tier_one in game.index.tier_one_stars
    ]


def _stars_for(
    game: Context, seat: int, system: int | None, discount: int, then: Chosen
) -> list[Option]:
    """The second step's options (see `_tiers`), each paid for or with why it can't be."""
    evolved = None if system is None else game.state.players[seat].systems[system].star
    options: list[Option] = []
    for star, cost, why in _tiers(game, seat, system, discount):
        label: Callable[[], str]
        if system is not None and evolved is not None:
            option_id = f"evolve:{star}"
            label = partial(_evolve_label, game, seat, system, star, cost)
        else:
            option_id = f"add:{star}"
            label = partial(_new_star_label, game, star, system, cost)
        if why:
            options.append(disabled(option_id, label, why))
        else:
            options.append(option(option_id, label, partial(then, star, cost)))
    return options


def _refusals(tiers: list[Tier]) -> str:
    """Why none of a second step's Stars can be taken, each reason said once."""
    return "; ".join(dict.fromkeys(why for _, _, why in tiers))


def _star_step(game: Context, task: Task) -> Decision:
    """The first step: the Star to evolve, or where a tier I Star goes; then `tier_step`."""
    seat = task.player
    player = game.state.players[seat]
    discount = focus_discount(game, task, "energy")
    options: list[Option] = []
    places: list[int | None] = [*range(len(player.systems)), None]
    for place in places:
        star = None if place is None else player.systems[place].star
        if place is None:
            option_id, words = "new:new", "Add a tier I Star to a new Solar System"
        elif star is None:
            option_id, words = f"new:{place}", f"Add a tier I Star to Solar System {place + 1}"
        elif game.index.any_star[star].evolves_to:
            option_id, words = f"star:{place}", f"Evolve Star {star} in system {place + 1}"
        else:
            continue  # a Star of the last tier: there is nothing to evolve it to
        tiers = _tiers(game, seat, place, discount)
        enabled = [tier for tier, _, why in tiers if not why]
        if not enabled:
            options.append(disabled(option_id, words, partial(_refusals, tiers)))
            continue

        def pick(place: int | None = place) -> None:
            game.push("star_tier", seat, system=place, discount=discount)

        options.append(option(option_id, f"{words}: {' or '.join(enabled)}", pick))
    options.append(skip_option(game, task))
    prompt = "Evolve a Star: choose a Star to evolve, or where to add one (its new Star next)"
    return Decision(seat, prompt, RULE, options)


def tier_step(game: Context, task: Task) -> Decision | None:
    """The second step: the Star's next tier, or which tier I Star is added."""
    seat = task.player
    system: int | None = task.args["system"]
    star = None if system is None else game.state.players[seat].systems[system].star

    def then(chosen: str, cost: int) -> None:
        first = finish_second_step(game, task)
        if star is None:
            _new_star(game, first, chosen, system, cost)
        else:
            assert system is not None
            _evolve(game, first, system, chosen, cost)

    options = _stars_for(game, seat, system, task.args["discount"], then)
    if star is not None:
        assert system is not None
        prompt = f"Evolve a Star: Star {star} in system {system + 1} becomes which Star?"
    else:
        where = "a new Solar System" if system is None else f"Solar System {system + 1}"
        prompt = f"Evolve a Star: which tier I Star goes to {where}?"
    back = "another Star or place"
    return second_step(game, task, Decision(seat, prompt, RULE, options), back)


def evolve_star(game: Context, task: Task) -> Decision:
    if in_steps(game):
        return _star_step(game, task)
    seat = task.player
    player = game.state.players[seat]
    discount = focus_discount(game, task, "energy")
    options: list[Option] = []
    for i, system in enumerate(player.systems):
        if system.star is None:
            continue
        for target, printed in game.index.any_star[system.star].evolves_to.items():
            cost = max(0, printed - discount)
            label = partial(_evolve_label, game, seat, i, target, cost)
            evolve = partial(_evolve, game, task, i, target, cost)
            option_id = f"evolve:{i}:{target}"
            options.append(_star_option(game, seat, option_id, label, target, cost, evolve))
    cost = max(0, NEW_STAR_COST - discount)
    starless = [i for i, s in enumerate(player.systems) if s.star is None]
    for star in game.index.tier_one_stars:
        places: list[int | None] = [*starless, None]
        for where in places:
            label = partial(_new_star_label, game, star, where, cost)
            option_id = f"new:{star}:{'new' if where is None else where}"
            add = partial(_new_star, game, task, star, where, cost)
            options.append(
                _star_option(game, seat, option_id, label, star, cost, add, where is None)
            )
    options.append(skip_option(game, task))
    return Decision(seat, "Evolve a Star: choose a Star to evolve or add", RULE, options)
