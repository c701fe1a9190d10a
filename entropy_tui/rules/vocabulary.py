"""The names the rules speak in: resources, lifeforms, life conditions, actions, effect verbs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, get_args

Resource = Literal["energy", "mass", "entropy"]
Gainable = Literal["energy", "mass", "entropy", "vp"]
Lifeform = Literal["bacteria", "plant", "animal"]
# A Life Condition icon; Planet and Asteroid types use the same four names.
Condition = Literal["heat", "carbon", "water", "radiation"]
TokenKind = Literal["star", "planet", "asteroid", "wild"]
FocusToken = Literal["star", "planet", "asteroid"]
BiomeKind = Literal["abundant", "scarce"]

ActionName = Literal[
    "evolve_star",
    "aggregate_planet",
    "create_life",
    "activate_stars",
    "set_biome",
    "upgrade_console",
    "take_life_cards",
    "catch_asteroid",
    "primordial_soup",
]

# The effect verbs, one per symbol of the rulebook's Symbol Index that does something.
EffectVerb = Literal[
    "gain",  # what: energy | mass | entropy | vp
    "gain_lifeform",  # what: bacteria | plant | animal; local -> on the component's planet
    "advance_lifeform",  # what: None (any step), "bacteria" (to Plant) or "plant" (to Animal)
    "activate_star",  # activate one of your Stars, paying its Entropy
    "take_life_cards",  # take Life cards from the offer
    "advance_generator",  # advance on the Generator track
    "free_catch",  # resolve Catch an Asteroid without paying any costs
    "free_fulfil",  # flip one of your Biomes without meeting its requirement
    "action",  # what: an ActionName, resolved paying its usual costs
    "retrieve_token",  # take one of your Creation tokens back from the board, no activation
    "card_lifeforms",  # Create Life bonus: the played card gives this many more Lifeforms
    "discount",  # Focus only: the action costs this much less of `what`
]

# Every kind of Task on the stack, each resolved by its handler (rules/tasks.py checks the table
# names each one once).
TaskKind = Literal[
    # A turn: Movement -> Action -> Mission.
    "turn",
    "action_step",
    "focus",
    "post_action",
    "confirm_turn_end",
    "end_turn",
    # Movement.
    "move",
    "retrieve",
    "wild_unlock",
    "place_token",
    "charge",
    "traffic_bonus",
    # The actions (a Task kind is the action's name) and the steps they queue.
    "evolve_star",
    "star_tier",
    "aggregate_planet",
    "offer_planet",
    "place_planet",
    "catch_asteroid",
    "place_asteroid",
    "asteroid_space",
    "create_life",
    "life_card",
    "life_planet",
    "life_discard",
    "life_order",
    "add_card_lifeforms",
    "place_life_card",
    "activate_stars",
    "set_biome",
    "place_biome",
    "upgrade_console",
    "take_life_cards",
    "primordial_soup",
    # Effects.
    "effect",
    "choose_type",
    "place_lifeform",
    "advance",
    "advance_on",
    "activate_one",
    "take_cards",
    "free_fulfil",
    "retrieve_token",
    # Biomes.
    "biome_rewards",
    "biome_reward",
    "scarce_biome",
    # The Mission step.
    "mission_step",
    "play_mission",
    "lifeform_objectives",
]

RESOURCES: tuple[Resource, ...] = get_args(Resource)
GAINABLES: tuple[Gainable, ...] = get_args(Gainable)
LIFEFORMS: tuple[Lifeform, ...] = get_args(Lifeform)
CONDITIONS: tuple[Condition, ...] = get_args(Condition)
ACTIONS: tuple[ActionName, ...] = get_args(ActionName)
FOCUS_TOKENS: tuple[FocusToken, ...] = get_args(FocusToken)
TOKEN_KINDS: tuple[TokenKind, ...] = get_args(TokenKind)
TASK_KINDS: tuple[TaskKind, ...] = get_args(TaskKind)

ACTION_TITLES: dict[str, str] = {
    "evolve_star": "Evolve a Star",
    "aggregate_planet": "Aggregate Planet",
    "create_life": "Create Life",
    "activate_stars": "Activate Stars",
    "set_biome": "Set Biome",
    "upgrade_console": "Upgrade Console",
    "take_life_cards": "Take Life Cards",
    "catch_asteroid": "Catch an Asteroid",
    "primordial_soup": "Primordial Soup",
}

# The inner-circle actions and the Creation token each one takes (setup interpretation).
INNER_ACTION_TOKEN: dict[str, FocusToken] = {
    "evolve_star": "star",
    "aggregate_planet": "planet",
    "catch_asteroid": "asteroid",
}


class _Titles(dict[str, str]):
    """Printed names; a word not in the table prints as itself."""

    def __missing__(self, name: str) -> str:
        return name


TITLES = _Titles(
    {
        "energy": "Energy",
        "mass": "Mass",
        "entropy": "Entropy",
        "vp": "VP",
        "bacteria": "Bacteria",
        "plant": "Plant",
        "animal": "Animal",
        "heat": "Heat",
        "carbon": "Carbon",
        "water": "Water",
        "radiation": "Radiation",
        "star": "Star",
        "planet": "Planet",
        "asteroid": "Asteroid",
        "wild": "Wild",
        "abundant": "Abundant",
        "scarce": "Scarce",
        **ACTION_TITLES,
    }
)

# The printed name of a rules word ("heat" -> "Heat"): the table's own look-up, as log lines
# and labels ask it thousands of times a game.
title: Callable[[str], str] = TITLES.__getitem__
