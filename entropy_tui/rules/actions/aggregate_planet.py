"""Aggregate Planet: pay a Planet's Mass from the offer, place it in an empty Planet space of
one of your Solar Systems or in a new one, and resolve its effect."""

from __future__ import annotations

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
from entropy_tui.rules.describe import effects_words, icons_words
from entropy_tui.rules.effects import push_effects
from entropy_tui.rules.flow import focus_discount
from entropy_tui.rules.refs import planet_ref
from entropy_tui.rules.state import PlanetState, SystemState
from entropy_tui.rules.supply import offer, take_top
from entropy_tui.rules.vocabulary import CONDITIONS, Condition, title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

RULE = "Aggregate Planet"
TYPE_WORDS = {kind: f"A {title(kind)} Planet" for kind in CONDITIONS}


def free_planet_spaces(game: Context, seat: int) -> list[int]:
    """Solar Systems with an empty Planet space."""
    spaces = game.catalog.board.planet_spaces
    return [i for i, s in enumerate(game.state.players[seat].systems) if len(s.planets) < spaces]


def can_place_planet(game: Context, seat: int) -> bool:
    return bool(free_planet_spaces(game, seat)) or game.state.board.solar_systems > 0


def aggregate_planet(game: Context, task: Task) -> Decision:
    seat = task.player
    discount = focus_discount(game, task, "mass")
    if in_steps(game):
        return _type_step(game, task, discount)
    return Decision(
        seat,
        "Aggregate Planet: choose a Planet from the offer",
        RULE,
        [*_offered(game, task, discount, None), skip_option(game, task)],
    )


def _type_step(game: Context, task: Task, discount: int) -> Decision:
    """The first step: the type of Planet, each with its Planets on offer; then `offer_step`."""
    seat = task.player
    by_type: dict[Condition, list[Offered]] = {kind: [] for kind in CONDITIONS}
    planets = game.index.planet
    for offered in _on_offer(game, seat, discount, None):  # sorted once, not once per type
        by_type[planets[offered[1]].type].append(offered)
    options: list[Option] = []
    for kind, offered_of_kind in by_type.items():
        words = TYPE_WORDS[kind]
        if not offered_of_kind:
            options.append(disabled(f"planets:{kind}", words, "none are on offer"))
            continue
        if all(why for *_, why in offered_of_kind):
            reason = partial(_refusals, offered_of_kind)
            options.append(disabled(f"planets:{kind}", words, reason))
            continue
        pick = partial(game.push, "offer_planet", seat, type=kind, discount=discount)
        label = partial(_type_label, kind, offered_of_kind)
        options.append(option(f"planets:{kind}", label, pick))
    options.append(skip_option(game, task))
    prompt = "Aggregate Planet: choose the type of Planet (the Planet on offer next)"
    return Decision(seat, prompt, RULE, options)


def _type_label(kind: str, offered: list[Offered]) -> str:
    tiles = " or ".join(f"{planet_id} for {cost} Mass" for _, planet_id, cost, _ in offered)
    return f"A {title(kind)} Planet: {tiles}"


def _refusals(offered: list[Offered]) -> str:
    """Why none of these Planets can be taken, each reason said once."""
    return "; ".join(dict.fromkeys(why for *_, why in offered))


def offer_step(game: Context, task: Task) -> Decision | None:
    """The second step: the Planet of the type chosen."""
    first = game.state.pending[-2]  # the aggregate_planet Task, beneath
    kind = task.args["type"]
    options = _offered(game, first, task.args["discount"], task, kind)
    prompt = f"Aggregate Planet: which {title(kind)} Planet from the offer?"
    decision = Decision(task.player, prompt, RULE, options)
    return second_step(game, task, decision, "another type of Planet")


Offered = tuple[int, str, int, str]  # stack, Planet, cost, why it can't be taken ("" if it can)


def _on_offer(game: Context, seat: int, discount: int, kind: str | None) -> list[Offered]:
    """The Planets on offer (of `kind`, if given), each with its cost and why it can't be
    taken."""
    room = can_place_planet(game, seat)
    planets = game.index.planet
    mass = game.state.players[seat].mass
    found = []
    for stack, planet_id in offer(game.state.board.planet_stacks):
        planet = planets[planet_id]
        if kind is not None and planet.type != kind:
            continue
        cost = max(0, planet.cost - discount)
        why = "" if mass >= cost else can_pay(game, seat, "mass", cost)[1]
        if not why and not room:
            why = "you have no empty Planet space and no Solar System tile is left"
        found.append((stack, planet_id, cost, why))
    return found


def _offered(
    game: Context, task: Task, discount: int, then: Task | None, kind: str | None = None
) -> list[Option]:
    """The Planets on offer (of `kind`, if given), each paid for or with why it can't be; a
    Planet taken finishes the second step `then` first, if any."""
    seat = task.player
    options: list[Option] = []
    starts_new = ""
    if game.state.players[seat].systems and not free_planet_spaces(game, seat):
        spaces = game.catalog.board.planet_spaces
        starts_new = f"; it starts a new Solar System (yours hold {spaces} Planets each)"
    for stack, planet_id, cost, why in _on_offer(game, seat, discount, kind):
        label = partial(_offer_label, game, planet_id, cost, starts_new)
        if why:
            options.append(disabled(f"planet:{planet_id}", label, why))
            continue

        def take(stack: int = stack, cost: int = cost) -> None:
            if then is not None:
                finish_second_step(game, then)
            game.pop(task)
            pay(game, seat, "mass", cost)
            taken = take_top(game.state.board, game.state.board.planet_stacks, stack)
            game.note(
                seat, "action", f"{game.name(seat)} aggregated Planet {taken} for {cost} Mass"
            )
            resolved(game, task)
            game.push("place_planet", seat, planet=taken)

        options.append(option(f"planet:{planet_id}", label, take))
    return options


def _offer_label(game: Context, planet_id: str, cost: int, starts_new: str) -> str:
    planet = game.index.planet[planet_id]
    icons = icons_words(planet.conditions)
    return (
        f"Aggregate {title(planet.type)} Planet {planet_id} ({icons}): pay {cost} Mass, "
        f"then {effects_words(list(planet.effect))}{starts_new}"
    )


def place_planet(game: Context, task: Task) -> Decision | None:
    seat = task.player
    player = game.state.players[seat]
    planet_id: str = task.args["planet"]

    def place(system: int | None) -> None:
        game.pop(task)
        if system is None:
            game.state.board.solar_systems -= 1
            player.systems.append(SystemState())
            system = len(player.systems) - 1
        player.systems[system].planets.append(PlanetState(tile=planet_id))
        game.note(seat, "planet", f"{player.name} placed Planet {planet_id} in system {system + 1}")
        # Placed first, so that an effect marked Local ("here") has its Planet.
        ref = planet_ref(system, len(player.systems[system].planets) - 1)
        effects = list(game.index.planet[planet_id].effect)
        push_effects(game, seat, effects, planet=ref, origin=f"Planet {planet_id}", rule=RULE)

    systems = free_planet_spaces(game, seat)
    options = [
        option(
            f"system:{i}",
            f"Place it in Solar System {i + 1}"
            + (f" (Star {player.systems[i].star})" if player.systems[i].star else " (no Star)"),
            partial(place, i),
        )
        for i in systems
    ]
    if game.state.board.solar_systems > 0:
        options.append(option("system:new", "Place it in a new Solar System", lambda: place(None)))
    if len(options) == 1:
        options[0].apply()
        return None
    spaces = game.catalog.board.planet_spaces
    full = [
        disabled(
            f"system:{i}",
            f"Place it in Solar System {i + 1}",
            f"Solar System {i + 1} already holds {spaces} Planets",
        )
        for i, system in enumerate(player.systems)
        if i not in systems
    ]
    if game.state.board.solar_systems == 0:
        full.append(
            disabled("system:new", "Place it in a new Solar System", "no Solar System tile is left")
        )
    return Decision(seat, f"Where does Planet {planet_id} go?", RULE, options + full)
