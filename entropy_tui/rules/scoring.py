"""Final Scoring: VP tokens, Lifeform Objective tiles, Main Objectives, and 1 VP per 4 leftover
Life cards, Entropy, Mass and Energy.

It can be asked at any time: "the score if the game ended now". Everything it counts is public
(the hand counts by its size alone, which every seat sees), so any seat's score may be shown to
anyone at the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from entropy_tui.rules.counters import count, planets
from entropy_tui.rules.vocabulary import CONDITIONS, title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context, Playable
    from entropy_tui.rules.state import PlayerState

LEFTOVERS_PER_VP = 4

# What a Main Objective counter counts, in words: (one unit, several units). "{}" is the type a
# player counts for "of one type" (their best one).
UNIT_WORDS: dict[str, tuple[str, str]] = {
    "max_planets_of_one_type": ("{} Planet", "{} Planets"),
    "asteroids_on_lifeform_spaces": (
        "Asteroid on a Lifeform space",
        "Asteroids on Lifeform spaces",
    ),
    "planets_with_biome_and_card": (
        "Planet with a Biome and a Life card",
        "Planets with a Biome and a Life card",
    ),
    "planets_with_all_lifeforms": ("Planet with every Lifeform", "Planets with every Lifeform"),
    "different_stars": ("different Star", "different Stars"),
    "focus_tiers": ("upgraded Focus tier", "upgraded Focus tiers"),
}
OF_ONE_TYPE = "max_planets_of_one_type"  # the one counter whose type the player picks


def objective_vp(game: Context, seat: int, objective: int) -> int:
    """Track VP at the marker's position times the objective's (or alternative's) count."""
    player = game.player(seat)
    spec = game.catalog.main_objectives[objective]
    counter = spec.alt_scoring if game.state.settings.alternative_objectives else spec.scoring
    return spec.track_vp[player.objectives[objective]] * count(game.index, player, counter)


def score_breakdown(game: Context, seat: int) -> dict[str, int]:
    player = game.player(seat)
    breakdown = {
        "vp_tokens": player.vp,
        "lifeform_tiles": sum(tile.vp for tile in player.lifeform_tiles),
    }
    for i, spec in enumerate(game.catalog.main_objectives):
        breakdown[f"objective_{spec.id}"] = objective_vp(game, seat, i)
    leftovers = len(player.hand) + player.entropy + player.mass + player.energy
    breakdown["leftovers"] = leftovers // LEFTOVERS_PER_VP
    breakdown["total"] = sum(breakdown.values())
    return breakdown


def winners(game: Playable) -> list[int]:
    """Every seat with the top total: tied players share the victory."""
    totals = [s["total"] for s in game.scores()]
    best = max(totals)
    return [seat for seat, total in enumerate(totals) if total == best]


# ------------------------------------------------------------------ explained
# Plain (not frozen) dataclasses: the screen makes them for every seat after every choice, and
# a frozen one takes about twice as long to make. Nothing changes them once made.


@dataclass(slots=True)
class TileScore:
    lifeform: str
    big: bool
    vp: int


@dataclass(slots=True)
class ObjectiveScore:
    """One Main Objective: VP per unit at the marker's space, times the units counted."""

    objective: str  # the objective's id ("stars")
    space: int  # the marker's space on the track, 0 = the leftmost
    final_space: int
    vp_per_unit: int
    units: int
    counter: str  # the counter that counts the units
    kind: str | None  # the type counted, for "of one type" (the player's best type)

    @property
    def name(self) -> str:
        return f"{self.objective.capitalize()} track"

    @property
    def vp(self) -> int:
        return self.vp_per_unit * self.units

    @property
    def units_name(self) -> str:
        """What the objective counts, whoever counts it: "Planets of one type"."""
        if self.counter == OF_ONE_TYPE:
            return "Planets of one type"
        return UNIT_WORDS[self.counter][1]

    @property
    def counted(self) -> str:
        """What this player counts: "3 Radiation Planets"."""
        if self.counter == OF_ONE_TYPE and self.kind is None:
            return f"{self.units} {self.units_name}"
        one, several = UNIT_WORDS[self.counter]
        words = one if self.units == 1 else several
        return f"{self.units} {words.format(title(self.kind or ''))}"

    @property
    def text(self) -> str:
        """ "Stars track 7 x 3 Radiation Planets = 21"."""
        return f"{self.name} {self.vp_per_unit} x {self.counted} = {self.vp}"


@dataclass(slots=True)
class Leftovers:
    life_cards: int
    entropy: int
    mass: int
    energy: int

    @property
    def items(self) -> int:
        return self.life_cards + self.entropy + self.mass + self.energy

    @property
    def vp(self) -> int:
        return self.items // LEFTOVERS_PER_VP

    @property
    def text(self) -> str:
        """ "Leftovers 11 / 4 = 2 (2 Life cards, 3 Entropy, 1 Mass, 5 Energy)"."""
        parts = f"{self.life_cards} Life cards, {self.entropy} Entropy, {self.mass} Mass"
        return (
            f"Leftovers {self.items} / {LEFTOVERS_PER_VP} = {self.vp}"
            f" ({parts}, {self.energy} Energy)"
        )


@dataclass(slots=True)
class ScoreBreakdown:
    """One seat's score if the game ended now, term by term."""

    vp_tokens: int
    tiles: tuple[TileScore, ...]
    objectives: tuple[ObjectiveScore, ...]
    leftovers: Leftovers

    @property
    def lifeform_tiles(self) -> int:
        return sum(tile.vp for tile in self.tiles)

    @property
    def tiles_text(self) -> str:
        """ "Lifeform tiles 36 (small Bacteria 12, big Animal 24)"."""
        each = ", ".join(
            f"{'big' if t.big else 'small'} {title(t.lifeform)} {t.vp}" for t in self.tiles
        )
        return f"Lifeform tiles {self.lifeform_tiles}" + (f" ({each})" if each else "")

    @property
    def total(self) -> int:
        objectives = sum(objective.vp for objective in self.objectives)
        return self.vp_tokens + self.lifeform_tiles + objectives + self.leftovers.vp


def explain_score(game: Context, player: PlayerState) -> ScoreBreakdown:
    """The breakdown for `player`: a seat of `game`, or a seat as another seat sees it (hidden
    cards as placeholders: only their number counts)."""
    alternative = game.state.settings.alternative_objectives
    objectives = []
    for number, spec in enumerate(game.catalog.main_objectives):
        counter = spec.alt_scoring if alternative else spec.scoring
        if counter == OF_ONE_TYPE:
            kind, units = _best_type(game, player)
        else:
            kind, units = None, count(game.index, player, counter)
        space = player.objectives[number]
        objectives.append(
            ObjectiveScore(
                objective=spec.id,
                space=space,
                final_space=len(spec.track_vp) - 1,
                vp_per_unit=spec.track_vp[space],
                units=units,
                counter=counter,
                kind=kind,
            )
        )
    return ScoreBreakdown(
        vp_tokens=player.vp,
        tiles=tuple(TileScore(t.lifeform, t.big, t.vp) for t in player.lifeform_tiles),
        objectives=tuple(objectives),
        leftovers=Leftovers(len(player.hand), player.entropy, player.mass, player.energy),
    )


def explained_scores(game: Context) -> list[ScoreBreakdown]:
    """Every seat's breakdown, in seat order."""
    return [explain_score(game, player) for player in game.state.players]


def _best_type(game: Context, player: PlayerState) -> tuple[str | None, int]:
    """The Planet type a player has most of (the first in board order on a tie; None if they
    have no Planet), and how many of it."""
    types = [game.index.any_planet[p.tile].type for p in planets(player)]
    if not types:
        return None, 0
    best = max(CONDITIONS, key=types.count)
    return best, types.count(best)


def totals_by_round(game: Playable) -> list[list[int]]:
    """Per seat, the total score at the end of each round played so far, found by replaying
    the game's choices from its start (nothing extra is kept in the state or the save)."""
    replay = game.replay(game.config(), [], game.catalog)  # the game at its start
    series: list[list[int]] = [[] for _ in replay.state.players]
    for choice in game.state.choices:
        rounds = len(replay.state.players[0].vp_by_round)
        replay.choose(choice)
        if len(replay.state.players[0].vp_by_round) > rounds:
            for seat, breakdown in enumerate(explained_scores(replay)):
                series[seat].append(breakdown.total)
    return series
