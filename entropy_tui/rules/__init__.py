"""The rules engine of Entropy: plain data and functions, no user interface.

from entropy_tui.rules import Game
game = Game.new(["Ann", "Bob"], seed=7)

What the rest of the program uses of the engine is named here, and only here (an import-linter
contract keeps the other packages off the modules behind it; `rondel`, the board's spaces, is
read as a module of its own).
"""

from entropy_tui.rules.catalog import Catalog, CatalogIndex, Effect, UnknownEdition, load_catalog
from entropy_tui.rules.control import BOT_KINDS, PERSON, is_control, parse_control
from entropy_tui.rules.counters import CHOICE_COUNTERS, count, planets
from entropy_tui.rules.decision import Decision, InvalidChoice, Option
from entropy_tui.rules.describe import (
    NO_ICONS,
    amount,
    biome_words,
    card_words,
    effect_words,
    effects_words,
    icons_words,
    star_words,
)
from entropy_tui.rules.flow import last_turn
from entropy_tui.rules.game import Game, checked_state
from entropy_tui.rules.invariants import violations
from entropy_tui.rules.missions import final_space, lifeform_goals, lifeform_totals
from entropy_tui.rules.movement import preview_move
from entropy_tui.rules.rng import SEED_WORDS, new_seed, valid_seed
from entropy_tui.rules.rondel import space_action
from entropy_tui.rules.scoring import (
    LEFTOVERS_PER_VP,
    OF_ONE_TYPE,
    ScoreBreakdown,
    explain_score,
    explained_scores,
    score_breakdown,
    totals_by_round,
    winners,
)
from entropy_tui.rules.state import PlanetState, PlayerState
from entropy_tui.rules.view_data import View
from entropy_tui.rules.visibility import HIDDEN
from entropy_tui.rules.vocabulary import (
    ACTIONS,
    CONDITIONS,
    FOCUS_TOKENS,
    LIFEFORMS,
    RESOURCES,
    title,
)

__all__ = [
    "ACTIONS",
    "BOT_KINDS",
    "CHOICE_COUNTERS",
    "CONDITIONS",
    "FOCUS_TOKENS",
    "HIDDEN",
    "LEFTOVERS_PER_VP",
    "LIFEFORMS",
    "NO_ICONS",
    "OF_ONE_TYPE",
    "PERSON",
    "RESOURCES",
    "SEED_WORDS",
    "Catalog",
    "CatalogIndex",
    "Decision",
    "Effect",
    "Game",
    "InvalidChoice",
    "Option",
    "PlanetState",
    "PlayerState",
    "ScoreBreakdown",
    "UnknownEdition",
    "View",
    "amount",
    "biome_words",
    "card_words",
    "checked_state",
    "count",
    "effect_words",
    "effects_words",
    "explain_score",
    "explained_scores",
    "final_space",
    "icons_words",
    "is_control",
    "last_turn",
    "lifeform_goals",
    "lifeform_totals",
    "load_catalog",
    "new_seed",
    "parse_control",
    "planets",
    "preview_move",
    "score_breakdown",
    "space_action",
    "star_words",
    "title",
    "totals_by_round",
    "valid_seed",
    "violations",
    "winners",
]
