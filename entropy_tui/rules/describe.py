"""Effects and components in words, for prompts, labels and the log."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

from entropy_tui.rules.counters import CHOICE_COUNTERS
from entropy_tui.rules.vocabulary import title

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import CatalogIndex, Effect

COUNTER_WORDS: dict[str, str] = {
    "planets": "Planet",
    "stars": "Star",
    "biomes": "Biome",
    "fulfilled_biomes": "fulfilled Biome",
    "asteroids": "Asteroid",
    "different_asteroid_types": "different Asteroid type",
    "different_planet_types": "Planet of a different type",
    "planets_of": "{} Planet",
    "max_planets_of_one_type": "Planet of your most common type",
    "stars_of_different_tier": "Star of a different tier",
    "different_stars": "different Star",
    "star_tier_sum": "tier of your Stars",
    "stars_of_type": "{} Star",
    "planets_with": "Planet with a {}",
    "planets_with_lifeform": "Planet with a Lifeform",
    "planets_with_all_lifeforms": "Planet with every Lifeform",
    "planets_with_biome_and_card": "Planet with a Biome and a Life card",
    "played_cards": "played Life card",
    "played_cards_of": "played {} card",
    "focus_tiers": "Focus tier",
    "focus_at_tier2": "Focus card at tier 2",
    "focus_upgraded": "upgraded Focus card",
    "generator_advances": "Generator advance",
    "lifeforms": "{}",
    "asteroids_of": "{} Asteroid",
    "asteroids_on_lifeform_spaces": "Asteroid on a Lifeform space",
    "conditions": "{} icon",
    "max_conditions_in_system": "{} icon in one Solar System",
    "planets_of_chosen_type": "Planet of the chosen type",
    "played_cards_of_chosen_type": "played Life card of the chosen type",
    "asteroids_of_chosen_type": "Asteroid of the chosen type",
    "conditions_of_chosen_type": "icon of the chosen type",
}


NO_ICONS = "no icons"  # the one wording for a component without Life Condition icons


def icons_words(conditions: Sequence[str]) -> str:
    """["heat", "water"] -> "Heat Water"; [] -> "no icons"."""
    return " ".join(title(c) for c in conditions) or NO_ICONS


def amount(n: int, name: str) -> str:
    """ "2 plant" -> "2 Plants" (Bacteria, Mass, Energy, Entropy and VP stay as they are)."""
    word = title(name)
    return f"{n} {word}s" if n != 1 and word in ("Plant", "Animal") else f"{n} {word}"


def counter_words(name: str) -> str:
    """ "planets_of:heat" -> "Heat Planet"."""
    if name in CHOICE_COUNTERS:
        return COUNTER_WORDS[name]
    base, _, parameter = name.partition(":")
    return COUNTER_WORDS[base].format(title(parameter))


def effect_words(effect: Effect) -> str:
    """One effect step in words ("+2 Energy per Heat Planet")."""
    n, what = effect.n, effect.what
    match effect.do:
        case "gain":
            text = f"+{n} {title(what or '')}"
        case "gain_lifeform":
            text = f"+{amount(n, what or '')}" + (" here" if effect.local else "")
        case "advance_lifeform":
            step = {None: "Lifeform", "bacteria": "Bacteria to Plant", "plant": "Plant to Animal"}
            text = f"advance {step[what]}" + (f" x{n}" if n > 1 else "")
        case "activate_star":
            text = "activate a Star" if n == 1 else f"activate {n} Stars"
        case "take_life_cards":
            text = f"take {n} Life card" + ("s" if n > 1 else "")
        case "advance_generator":
            text = "advance the Generator" + (f" x{n}" if n > 1 else "")
        case "free_catch":
            text = "catch an Asteroid for free"
        case "free_fulfil":
            text = "fulfil a Biome for free"
        case "action":
            text = f"resolve {title(what or '')}"
        case "retrieve_token":
            text = "retrieve a Creation token"
        case "card_lifeforms":
            text = f"+{n} Lifeform from the played card"
        case "discount":
            text = f"-{n} {title(what or '')} cost"
        case _:  # pragma: no cover - the vocabulary is closed
            text = effect.do
    if effect.per:
        text += f" per {counter_words(effect.per)}"
    return text


def effects_words(effects: Sequence[Effect]) -> str:
    return _effects_words(tuple(effects))


@cache
def _effects_words(effects: tuple[Effect, ...]) -> str:
    return ", ".join(effect_words(e) for e in effects) or "nothing"


@cache  # the catalog never changes, so neither do its words
def star_words(index: CatalogIndex, star_id: str) -> str:
    star = index.any_star[star_id]
    return f"Star {star_id} ({star.cost} Entropy: {effects_words(star.effect)})"


@cache  # the catalog never changes, so neither do its words
def new_star_words(index: CatalogIndex, star_id: str) -> str:
    """A Star an evolution or an addition makes: its icons and what activating it does."""
    star = index.any_star[star_id]
    return (
        f"Star {star_id} ({icons_words(star.conditions)}; activate for {star.cost} Entropy: "
        f"{effects_words(star.effect)})"
    )


SCARCE_PRICE = " for 1 Entropy"  # what a Scarce Biome's reward costs, each time


@cache  # the catalog never changes, so neither do its words
def biome_words(index: CatalogIndex, biome_id: str) -> str:
    """What the Biome gives at each landing on its trigger, and what fulfilling it makes of
    every reward after (not a reward of its own)."""
    biome = index.biome[biome_id]
    needs = " ".join(amount(n, life) for life, n in biome.requirement.items())
    price = SCARCE_PRICE if biome.kind == "scarce" else ""
    return (
        f"{title(biome.kind)} Biome {biome_id} (each landing on {title(biome.trigger)}: "
        f"{effects_words(biome.reward)}{price}; once fulfilled with {needs} on its Planet, each"
        f" reward becomes {effects_words(biome.improved)})"
    )


@cache  # the catalog never changes, so neither do its words
def improvement_words(index: CatalogIndex, biome_id: str) -> str:
    """What fulfilling the Biome changes: "from now on each landing on Aggregate Planet gives
    +2 Mass instead of +1 Mass"."""
    biome = index.biome[biome_id]
    price = SCARCE_PRICE if biome.kind == "scarce" else ""
    return (
        f"from now on each landing on {title(biome.trigger)} gives "
        f"{effects_words(biome.improved)}{price} instead of {effects_words(biome.reward)}"
    )


@cache  # the catalog never changes, so neither do its words
def card_words(index: CatalogIndex, card_id: str) -> str:
    card = index.card[card_id]
    return f"{title(card.type)} card {card_id}; {card_details(index, card_id)}"


@cache
def card_details(index: CatalogIndex, card_id: str) -> str:
    """What a card needs and does, without its name."""
    card = index.card[card_id]
    icons = " ".join(f"{n} {title(c)}" for c, n in card.conditions.items())
    gains = " ".join(f"+{amount(n, life)}" for life, n in card.gains.items())
    parts = [f"needs {icons}"]
    if card.needs:
        parts.append("has " + " ".join(amount(n, k) for k, n in card.needs.items()))
    if card.removes:
        parts.append("remove " + " ".join(amount(n, k) for k, n in card.removes.items()))
    parts.append(gains)
    if card.effect:
        # The printed sentence loses its full stop: a label may go on after it.
        parts.append(card.text.rstrip(".") if card.text else effects_words(card.effect))
    return "; ".join(parts)
