"""The registry of Task handlers: every Task kind and the function that resolves it.

A handler looks at the Task on top of the stack and either finishes it (popping it and perhaps
pushing more Tasks) and returns None, or leaves it there and returns the Decision its player
must make. Choosing an option runs that option's `apply`, which moves the Task along. Tasks
are pushed with `Game.push` (or `push_in_order`) and finished with `Game.pop`, which checks
the Task is on top. A handler may also push a Task and resolve it at once itself (returning
its Decision, if it asks one): the loop names a Decision by the Task on top.

The registry is written out here rather than filled in as modules are imported: the rule
modules know nothing of it, and imports run one way (game -> tasks -> rule modules). It names
every kind of `TaskKind` once, checked as it is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from functools import cache
from typing import TYPE_CHECKING

from entropy_tui.rules import biomes, effects, flow, missions, movement
from entropy_tui.rules.actions import (
    activate_stars,
    aggregate_planet,
    catch_asteroid,
    create_life,
    evolve_star,
    primordial_soup,
    set_biome,
    take_life_cards,
    upgrade_console,
)
from entropy_tui.rules.decision import Decision
from entropy_tui.rules.vocabulary import TASK_KINDS, TaskKind

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

Handler = Callable[["Context", "Task"], "Decision | None"]

HANDLERS: dict[TaskKind, Handler] = {
    # A turn: Movement -> Action -> Mission.
    "turn": flow.start_turn,
    "action_step": flow.action_step,
    "focus": flow.focus_trigger,
    "post_action": flow.post_action,
    "confirm_turn_end": flow.confirm_turn_end,
    "end_turn": flow.end_turn,
    # Movement.
    "move": movement.move_decision,
    "retrieve": movement.retrieval_reward,
    "wild_unlock": movement.wild_unlock,
    "place_token": movement.place_token,
    "charge": movement.landing_charge,
    "traffic_bonus": movement.traffic_bonus,
    # The actions (a Task kind is the action's name) and the steps they queue.
    "evolve_star": evolve_star.evolve_star,
    "star_tier": evolve_star.tier_step,
    "aggregate_planet": aggregate_planet.aggregate_planet,
    "offer_planet": aggregate_planet.offer_step,
    "place_planet": aggregate_planet.place_planet,
    "catch_asteroid": catch_asteroid.catch_asteroid,
    "place_asteroid": catch_asteroid.place_asteroid,
    "asteroid_space": catch_asteroid.space_step,
    "create_life": create_life.create_life,
    "life_card": create_life.type_step,
    "life_planet": create_life.planet_step,
    "life_discard": create_life.life_discard,
    "life_order": create_life.life_order,
    "add_card_lifeforms": create_life.add_card_lifeforms,
    "place_life_card": create_life.place_life_card,
    "activate_stars": activate_stars.activate_stars,
    "set_biome": set_biome.set_biome,
    "place_biome": set_biome.place_biome,
    "upgrade_console": upgrade_console.upgrade_console,
    "take_life_cards": take_life_cards.take_life_cards,
    "primordial_soup": primordial_soup.primordial_soup,
    # Effects.
    "effect": effects.resolve_effect,
    "choose_type": effects.choose_type,
    "place_lifeform": effects.place_lifeform,
    "advance": effects.advance_lifeform,
    "advance_on": effects.advance_on,
    "activate_one": activate_stars.activate_one,
    "take_cards": effects.take_cards,
    "free_fulfil": biomes.free_fulfil,
    "retrieve_token": effects.retrieve_token,
    # Biomes.
    "biome_rewards": biomes.biome_rewards,
    "biome_reward": biomes.abundant_reward,
    "scarce_biome": biomes.scarce_reward,
    # The Mission step.
    "mission_step": missions.mission_step,
    "play_mission": missions.play_mission,
    "lifeform_objectives": missions.lifeform_objectives,
}


def check_handlers(kinds: Collection[str]) -> None:
    """Raises ValueError unless the handlers of `kinds` are one for each Task kind and nothing
    else: a Task of a kind left out would stop a game only when first pushed."""
    missing = [kind for kind in TASK_KINDS if kind not in kinds]
    unknown = [kind for kind in kinds if kind not in TASK_KINDS]
    if missing or unknown:
        raise ValueError(f"Task handlers: no handler for {missing}, handlers of no kind {unknown}")


check_handlers(HANDLERS)


@cache
def handlers_stopping_at(kind: TaskKind) -> dict[TaskKind, Handler]:
    """The registry, but with a Task of `kind` answered by a Decision with no options (see
    `Game.try_out`)."""
    if kind not in HANDLERS:
        raise ValueError(f"no Task kind {kind!r}")
    return HANDLERS | {kind: _stop_here}


def _stop_here(game: Context, task: Task) -> Decision:
    return Decision(task.player, f"A look-ahead stops at {task.kind}", "", [])
