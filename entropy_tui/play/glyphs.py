"""Letters and short words the screens use for the game's things. Each means one thing only (a
Plant is "Pl", a Planet token "P"; Water is "W", the Wild token "Wd"), the glossary screen
explains every one, and colour only ever repeats what a letter or symbol already says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from entropy_tui.rules import NO_ICONS, Effect, effect_words, title

RESOURCE_LETTER = {"energy": "E", "mass": "M", "entropy": "X", "vp": "VP"}
LIFEFORM_LETTER = {"bacteria": "Ba", "plant": "Pl", "animal": "An"}
CONDITION_LETTER = {"heat": "H", "carbon": "C", "water": "W", "radiation": "R"}
TOKEN_LETTER = {"star": "S", "planet": "P", "asteroid": "A", "wild": "Wd"}
LOCKED_WILD = "wd"
LINK = "~"  # the rulebook's lightning bolt: an outer space merged with its inner neighbour
CHANGED = "*"  # changed since the seat at the screen last acted
ASTEROID_SPACE = {"mass": "↑", "lifeform": "↓"}  # a Planet's top and bottom Asteroid spaces

SHORT_ACTION = {"catch_asteroid": "Catch Asteroid"}


def action_name(action: str) -> str:
    return SHORT_ACTION.get(action, title(action))


def short_effect(effect: Effect) -> str:
    """A few characters for an effect, where space is tight (the rondel's cells)."""
    n, what = effect.n, effect.what or ""
    match effect.do:
        case "gain":
            return f"+{n}{RESOURCE_LETTER.get(what, what)}"
        case "gain_lifeform":
            return f"+{n}{LIFEFORM_LETTER.get(what, what)}"
        case "advance_lifeform":
            return f"{n}adv"
        case "take_life_cards":
            return f"+{n}L"
        case "card_lifeforms":
            return f"+{n}life"
        case _:
            return effect_words(effect)


def short_effects(effects: list[Effect] | tuple[Effect, ...]) -> str:
    return " ".join(short_effect(effect) for effect in effects) or "-"


def conditions_letters(conditions: Sequence[str] | Mapping[str, int]) -> str:
    """Life Condition icons as letters: ["heat", "heat"] -> "HH"; {"water": 2} -> "WW"; none:
    the words the prompts use."""
    if isinstance(conditions, Mapping):
        letters = "".join(CONDITION_LETTER[c] * n for c, n in conditions.items())
    else:
        letters = "".join(CONDITION_LETTER[c] for c in conditions)
    return letters or NO_ICONS


def icons(conditions: Sequence[str] | Mapping[str, int]) -> str:
    """A tile's icons in brackets, "[HW]", or "(no icons)"."""
    return f"[{conditions_letters(conditions)}]" if conditions else f"({NO_ICONS})"


def lifeforms_letters(life: dict[str, int]) -> str:
    """{"bacteria": 2, "plant": 0, "animal": 1} -> "2Ba 1An" ("-" when none)."""
    parts = [f"{n}{LIFEFORM_LETTER[kind]}" for kind, n in life.items() if n]
    return " ".join(parts) or "-"
