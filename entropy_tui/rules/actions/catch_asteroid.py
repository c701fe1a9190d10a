"""Catch an Asteroid: place an available Asteroid on an empty space of one of your Planets,
paying the space's cost (top: 2 Mass; bottom: 1 Lifeform from that Planet), 1 more Mass for
Water and Radiation; then the Planet's effect activates. Free catches cost nothing."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Literal

from entropy_tui.rules.actions.common import (
    finish_second_step,
    in_steps,
    reasons,
    resolved,
    second_step,
    skip_option,
)
from entropy_tui.rules.decision import Decision, Option, disabled, option
from entropy_tui.rules.describe import effects_words, icons_words
from entropy_tui.rules.effects import (
    lifeforms_lost,
    local_gains,
    lost_words,
    planet_label,
    planet_name,
    planet_refs,
    push_effects,
)
from entropy_tui.rules.flow import focus_discount
from entropy_tui.rules.refs import parse_planet_ref
from entropy_tui.rules.supply import take_asteroid
from entropy_tui.rules.vocabulary import CONDITIONS, LIFEFORMS, title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlanetState, Task

RULE = "Catch an Asteroid"
TOP_SPACE_MASS = 2
HEAVY_TYPES = ("water", "radiation")  # cost 1 more Mass
AsteroidSpace = Literal["mass", "lifeform"]
SPACES: tuple[AsteroidSpace, ...] = ("mass", "lifeform")  # top and bottom of every Planet


@dataclass(slots=True)
class Placement:
    planet: str
    space: AsteroidSpace
    mass: int
    lifeform: str | None  # the Lifeform paid, for the bottom space

    @property
    def id(self) -> str:
        tail = f":{self.lifeform}" if self.lifeform else ""
        return f"place:{self.planet}:{self.space}{tail}"


def placements(
    game: Context, seat: int, asteroid_type: str, free: bool, discount: int
) -> list[Placement]:
    """Every affordable way to place an Asteroid of this type."""
    return [p for p, why in spaces_for(game, seat, asteroid_type, free, discount) if not why]


def spaces_for(
    game: Context, seat: int, asteroid_type: str, free: bool, discount: int
) -> list[tuple[Placement, str]]:
    """Every empty Asteroid space, as the ways to pay for it, or with why it can't be paid
    for (a Placement with no Lifeform for the bottom space)."""
    player = game.state.players[seat]
    extra = 1 if asteroid_type in HEAVY_TYPES else 0
    found: list[tuple[Placement, str]] = []
    for ref in planet_refs(game, seat):
        planet = game.planet(seat, ref)
        for space in SPACES:
            if space in planet.asteroids:
                continue
            if free:
                found.append((Placement(ref, space, 0, None), ""))
                continue
            mass = max(0, (TOP_SPACE_MASS if space == "mass" else 0) + extra - discount)
            lifeforms = [life for life in LIFEFORMS if planet.life[life] > 0]
            why = _unpaid(space, mass, player.mass, bool(lifeforms))
            if why:
                found.append((Placement(ref, space, mass, None), why))
            elif space == "mass":
                found.append((Placement(ref, space, mass, None), ""))
            else:
                found += [(Placement(ref, space, mass, life), "") for life in lifeforms]
    return found


def _unpaid(space: str, mass: int, have: int, has_lifeform: bool) -> str:
    """What a space costs and what of it is missing ("" when it can be paid)."""
    if have >= mass and (has_lifeform or space != "lifeform"):
        return ""
    costs = [f"{mass} Mass"] if mass else []
    missing = [f"you have {have}" + (" Mass" if space == "lifeform" else "")] if have < mass else []
    if space == "lifeform":
        costs.append("1 Lifeform from its Planet")
        if not has_lifeform:
            missing.append("it has none")
    return f"costs {' and '.join(costs)}, {' and '.join(missing)}" if missing else ""


def _can_place(game: Context, seat: int, asteroid_type: str, free: bool, discount: int) -> bool:
    """Whether `spaces_for` finds a space that can be paid for, without its words."""
    player = game.state.players[seat]
    extra = 1 if asteroid_type in HEAVY_TYPES else 0
    for system in player.systems:
        for planet in system.planets:
            for space in SPACES:
                if space in planet.asteroids:
                    continue
                if free:
                    return True
                mass = max(0, (TOP_SPACE_MASS if space == "mass" else 0) + extra - discount)
                if player.mass >= mass and (space == "mass" or _has_lifeform(planet)):
                    return True
    return False


def _has_lifeform(planet: PlanetState) -> bool:
    life = planet.life  # the three kinds, each tested in turn (asked for every Planet offered)
    return life["bacteria"] > 0 or life["plant"] > 0 or life["animal"] > 0


def _no_space_reason(
    game: Context, seat: int, asteroid_type: str, free: bool, discount: int
) -> str:
    spaces = spaces_for(game, seat, asteroid_type, free, discount)
    if not spaces:
        return "your Planets have no empty Asteroid space"
    reasons = dict.fromkeys(f"the {_space_words(p.space)} {why}" for p, why in spaces if why)
    return "no empty Asteroid space you can pay for: " + "; ".join(reasons)


def _space_words(space: str) -> str:
    return "top space" if space == "mass" else "bottom space"


def catch_asteroid(game: Context, task: Task) -> Decision:
    seat = task.player
    free = bool(task.args.get("free"))
    discount = focus_discount(game, task, "mass")
    stacks = game.state.board.asteroid_stacks
    options: list[Option] = []
    for kind in CONDITIONS:
        if not stacks[kind]:
            options.append(
                disabled(f"asteroid:{kind}", f"Catch a {title(kind)} Asteroid", "none are left")
            )
            continue
        asteroid = game.index.asteroid[stacks[kind][-1]]
        is_free = free or asteroid.free
        label = partial(_asteroid_label, game, kind, asteroid.id, is_free)
        if not _can_place(game, seat, kind, is_free, discount):
            reason = partial(_no_space_reason, game, seat, kind, is_free, discount)
            options.append(disabled(f"asteroid:{kind}", label, reason))
            continue

        def choose(kind: str = kind, is_free: bool = is_free) -> None:
            game.pop(task)
            game.push(
                "place_asteroid",
                seat,
                type=kind,
                free=is_free,
                discount=discount,
                source=task.args.get("source"),
            )

        options.append(option(f"asteroid:{kind}", label, choose))
    options.append(skip_option(game, task))
    return Decision(seat, "Catch an Asteroid: choose an Asteroid", RULE, options)


def _asteroid_label(game: Context, kind: str, asteroid_id: str, is_free: bool) -> str:
    asteroid = game.index.asteroid[asteroid_id]
    label = f"Catch {title(kind)} Asteroid {asteroid_id} ({icons_words(asteroid.conditions)})"
    if is_free:
        return label + ", free of any cost"
    if kind in HEAVY_TYPES:
        return label + ", costs 1 more Mass"
    return label


def _spaces_of(
    game: Context, task: Task, ref: str, spaces: list[tuple[Placement, str]], then: Task | None
) -> list[Option]:
    """The ways to place the Asteroid on Planet `ref` (the paid ones first), each chosen with
    the second step `then` finished first (None: only read, by the first step)."""
    options: list[Option] = []
    refused: list[Option] = []
    for place, why in spaces:
        if place.planet != ref:
            continue
        option_id = place.id.replace(f":{ref}", "", 1)  # the Planet is chosen already
        if why:
            refused.append(
                disabled(option_id, partial(_space_label, game, task.player, place), why)
            )
            continue

        def chosen(place: Placement = place) -> None:
            assert then is not None
            _place(game, finish_second_step(game, then), place)

        label = partial(_placement_label, game, task.player, place)
        options.append(option(option_id, label, chosen))
    return options + refused


def _planet_step(game: Context, task: Task) -> Decision:
    """The first step: the Planet the Asteroid goes to; then `space_step`."""
    seat = task.player
    kind: str = task.args["type"]
    spaces = spaces_for(game, seat, kind, task.args["free"], task.args["discount"])
    options: list[Option] = []
    refused: list[Option] = []
    for ref in dict.fromkeys(place.planet for place, _ in spaces):
        label = partial(_on_planet_label, game, seat, ref)
        if all(why for place, why in spaces if place.planet == ref):  # no way there is paid
            reason = partial(_refusals_on, game, task, ref, spaces)
            refused.append(disabled(f"planet:{ref}", label, reason))
            continue

        def pick(ref: str = ref) -> None:
            game.push("asteroid_space", seat, planet=ref)

        options.append(option(f"planet:{ref}", label, pick))
    prompt = f"Where does the {title(kind)} Asteroid go? Choose a Planet (its space next)"
    return Decision(seat, prompt, RULE, options + refused)


def _refusals_on(game: Context, task: Task, ref: str, spaces: list[tuple[Placement, str]]) -> str:
    """Why no way to place the Asteroid on Planet `ref` can be taken."""
    return reasons(_spaces_of(game, task, ref, spaces, None))


def _on_planet_label(game: Context, seat: int, ref: str) -> str:
    return f"On {planet_label(game, seat, ref)}"


def space_step(game: Context, task: Task) -> Decision | None:
    """The second step: the space on the Planet chosen, and the Lifeform paid for a bottom one."""
    first = game.state.pending[-2]  # the place_asteroid Task, beneath
    kind: str = first.args["type"]
    ref: str = task.args["planet"]
    spaces = spaces_for(game, task.player, kind, first.args["free"], first.args["discount"])
    options = _spaces_of(game, first, ref, spaces, task)
    prompt = f"Where on {planet_name(game, task.player, ref)} does the {title(kind)} Asteroid go?"
    decision = Decision(task.player, prompt, RULE, options)
    return second_step(game, task, decision, "another Planet")


def place_asteroid(game: Context, task: Task) -> Decision:
    if in_steps(game):
        return _planet_step(game, task)
    seat = task.player
    kind: str = task.args["type"]
    options: list[Option] = []
    refused: list[Option] = []
    for place, why in spaces_for(game, seat, kind, task.args["free"], task.args["discount"]):
        if why:
            refused.append(disabled(place.id, partial(_space_label, game, seat, place), why))
            continue
        label = partial(_placement_label, game, seat, place)
        options.append(option(place.id, label, partial(_place, game, task, place)))
    # The spaces it can't pay for come after, so the options it can take keep their places.
    return Decision(seat, f"Where does the {title(kind)} Asteroid go?", RULE, options + refused)


def _space_label(game: Context, seat: int, place: Placement) -> str:
    return f"On the {_space_words(place.space)} of {planet_label(game, seat, place.planet)}"


def _placement_label(game: Context, seat: int, place: Placement) -> str:
    costs = []
    if place.mass:
        costs.append(f"{place.mass} Mass")
    if place.lifeform:
        costs.append(f"1 {title(place.lifeform)}")
    label = f"{_space_label(game, seat, place)}: pay " + (" and ".join(costs) or "nothing")
    return label + _effect_loss_words(game, seat, place)


def _effect_loss_words(game: Context, seat: int, place: Placement) -> str:
    """What the limit of 5 throws away of the Lifeforms the Planet's effect adds there ("" when
    nothing is), the Lifeform paid counted."""
    planet = game.planet(seat, place.planet)
    effects = game.index.any_planet[planet.tile].effect
    life = dict(planet.life)
    if place.lifeform:
        life[place.lifeform] -= 1
    lost = lifeforms_lost(life, local_gains(game, seat, effects))
    if not lost:
        return ""
    return f"; then {effects_words(list(effects))}: {lost_words(game, seat, place.planet, lost)}"


def _place(game: Context, task: Task, place: Placement) -> None:
    seat = task.player
    player = game.state.players[seat]
    game.pop(task)
    planet = game.planet(seat, place.planet)
    player.mass -= place.mass
    if place.lifeform:
        planet.life[place.lifeform] -= 1
        player.area_changed()
    asteroid = take_asteroid(game.state.board, task.args["type"])
    system, _ = parse_planet_ref(place.planet)
    if not any(p.asteroids for p in player.systems[system].planets):
        game.state.turn.events[1] += 1  # Main Objective: the 1st Asteroid in a Solar System
    planet.asteroids[place.space] = asteroid
    game.note(seat, "action", f"{player.name} caught Asteroid {asteroid} onto Planet {planet.tile}")
    resolved(game, task)
    info = game.index.any_planet[planet.tile]
    push_effects(
        game,
        seat,
        list(info.effect),
        planet=place.planet,
        origin=f"Planet {planet.tile}",
        rule=RULE,
    )
