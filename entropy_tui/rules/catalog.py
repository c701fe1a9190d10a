"""The component catalog: every printed component, loaded from the TOML files in assets/.

A bad file fails loudly: the error names the file, the entry and the field.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from functools import cache, cached_property
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from .counters import check_counter
from .vocabulary import (
    ActionName,
    BiomeKind,
    Condition,
    EffectVerb,
    FocusToken,
    Gainable,
    Lifeform,
)

NonNegative = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Effect(Frozen):
    """One step of an effect, in the vocabulary of the rulebook's Symbol Index."""

    do: EffectVerb
    n: Positive = 1
    what: str | None = None
    per: str | None = None  # a counter: the step happens n x (counter) times
    local: bool = False  # applies to the component it is printed on (the Local symbol)

    @field_validator("per")
    @classmethod
    def _known_counter(cls, per: str | None) -> str | None:
        if per is not None:
            check_counter(per)
        return per

    @model_validator(mode="after")
    def _what_fits_verb(self) -> Effect:
        allowed: dict[str, set[str | None]] = {
            "gain": set(Gainable.__args__),
            "gain_lifeform": set(Lifeform.__args__),
            "advance_lifeform": {None, "bacteria", "plant"},
            "action": set(ActionName.__args__),
            "discount": {"energy", "mass", "entropy"},
            "card_lifeforms": {None},
        }
        expected = allowed.get(self.do, {None})
        if self.what not in expected:
            names = sorted(str(name) for name in expected)
            raise ValueError(f"'{self.do}' takes what = one of {names}, not {self.what!r}")
        return self


Effects = list[Effect]


class StarType(Frozen):
    """A stack of identical Star tiles (IA, IIB, ...)."""

    id: str
    tier: Annotated[int, Field(ge=1, le=4)]
    count: Positive
    cost: NonNegative  # Entropy paid to activate it
    effect: Effects
    conditions: list[Condition] = []
    evolves_to: dict[str, Positive] = {}  # next Star type -> Energy cost on the board's path
    text: str | None = None


class StartingStar(Frozen):
    id: str
    start_space: Annotated[
        int, Field(ge=0, le=11)
    ]  # Scientist's space on the track I0, O0, I1, ...
    life_cards: dict[Lifeform, Positive] = {}
    resources: dict[Gainable, Positive] = {}
    tier: Annotated[int, Field(ge=1, le=1)] = 1
    cost: NonNegative
    effect: Effects
    conditions: list[Condition] = []
    evolves_to: dict[str, Positive] = {}


class PlanetTile(Frozen):
    id: str
    type: Condition
    cost: NonNegative  # Mass
    effect: Effects
    conditions: list[Condition] = []


class StartingPlanet(Frozen):
    id: str
    type: Condition
    resources: dict[Gainable, Positive] = {}
    effect: Effects
    conditions: list[Condition] = []


class AsteroidTile(Frozen):
    id: str
    type: Condition
    conditions: list[Condition]
    free: bool = False  # caught without paying any cost


class BiomeTile(Frozen):
    id: str
    kind: BiomeKind
    requirement: dict[Lifeform, Positive]
    trigger: ActionName  # the Action space that triggers the reward
    reward: Effects
    improved: Effects  # the reward once the Biome is fulfilled


class LifeCard(Frozen):
    id: str
    type: Lifeform
    conditions: dict[Condition, Positive]
    needs: dict[Lifeform, Positive] = {}  # Lifeforms that must be on the Planet
    removes: dict[Lifeform, Positive] = {}  # Lifeforms removed from the Planet (red numbers)
    gains: dict[Lifeform, Positive]
    effect: Effects = []
    text: str | None = None

    @property
    def number(self) -> int:
        return int(self.id[1:])


class FocusCard(Frozen):
    set: str
    token: FocusToken
    tier1: Effects
    tier2: Effects


class ActionTile(Frozen):
    id: str
    action: ActionName
    bonus: Effects  # effective distance 1
    reduced: Effects  # effective distance 2


class InnerSpace(Frozen):
    action: ActionName
    bonus: Effects
    reduced: Effects


class GeneratorSpace(Frozen):
    discounted_stars: NonNegative
    vp: NonNegative = 0  # immediate VP on reaching this space


class Board(Frozen):
    inner: list[InnerSpace]
    generator: list[GeneratorSpace]
    generator_overflow_vp: NonNegative
    generator_discount: Positive  # Entropy off each discounted Star
    solar_systems: Positive
    planet_spaces: Positive  # per Solar System tile


class MainObjective(Frozen):
    id: str
    condition: str
    # what counts as meeting the condition, once per occurrence
    event: Literal["star_tier3", "first_asteroid", "biome_fulfilled"]
    track_vp: list[NonNegative]  # VP per unit at each track position; the last is the final space
    scoring: str
    scoring_text: str
    alt_scoring: str
    alt_scoring_text: str

    @field_validator("scoring", "alt_scoring")
    @classmethod
    def _known_counter(cls, name: str) -> str:
        check_counter(name)
        return name


class SmallObjectiveTile(Frozen):
    vp: Positive
    min_players: Annotated[int, Field(ge=2, le=4)]


class LifeformObjective(Frozen):
    lifeform: Lifeform
    big_threshold: Positive
    big_vp: Positive
    small_threshold: Positive
    small: list[SmallObjectiveTile]  # from the top of the stack down


class Mission(Frozen):
    id: str
    requirement: str  # a counter
    at_least: Positive
    reward: Effects
    text: str

    @field_validator("requirement")
    @classmethod
    def _known_counter(cls, name: str) -> str:
        check_counter(name)
        return name


class Catalog(Frozen):
    stars: list[StarType]
    starting_stars: list[StartingStar]
    planets: list[PlanetTile]
    starting_planets: list[StartingPlanet]
    asteroids: list[AsteroidTile]
    biomes: list[BiomeTile]
    life_cards: list[LifeCard]
    focus: list[FocusCard]
    action_tiles: list[ActionTile]
    board: Board
    main_objectives: list[MainObjective]
    lifeform_objectives: list[LifeformObjective]
    missions: list[Mission]

    @model_validator(mode="after")
    def _printed_counts(self) -> Catalog:
        """The rulebook's Components list, and references between files."""
        expect = {
            "stars.toml: Star tiles": (sum(s.count for s in self.stars), 55),
            "stars.toml: Star stacks": (len(self.stars), 11),
            "stars.toml: Starting Star tiles": (len(self.starting_stars), 6),
            "planets.toml: Planet tiles": (len(self.planets), 44),
            "planets.toml: Starting Planet tiles": (len(self.starting_planets), 8),
            "asteroids.toml: Asteroid tiles": (len(self.asteroids), 40),
            "biomes.toml: Biome tiles": (len(self.biomes), 36),
            "biomes.toml: Abundant Biomes": (sum(b.kind == "abundant" for b in self.biomes), 18),
            "life_cards.toml: Life cards": (len(self.life_cards), 66),
            "focus.toml: Focus cards": (len(self.focus), 12),
            "action_tiles.toml: Action tiles": (len(self.action_tiles), 6),
            "board.toml: Solar System tiles": (self.board.solar_systems, 20),
            "objectives.toml: Main Objectives": (len(self.main_objectives), 3),
            "objectives.toml: Lifeform Objective tiles": (
                sum(1 + len(o.small) for o in self.lifeform_objectives),
                15,
            ),
            "missions.toml: Mission cards": (len(self.missions), 12),
            "board.toml: inner Action spaces": (len(self.board.inner), 3),
        }
        wrong = [
            f"{name}: {got}, the rulebook prints {want}"
            for name, (got, want) in expect.items()
            if got != want
        ]
        if wrong:
            raise ValueError("component counts differ from the rulebook: " + "; ".join(wrong))
        for family, ids in {
            "stars.toml": [s.id for s in self.stars],
            "planets.toml": [p.id for p in self.planets] + [p.id for p in self.starting_planets],
            "life_cards.toml": [c.id for c in self.life_cards],
            "biomes.toml": [b.id for b in self.biomes],
            "asteroids.toml": [a.id for a in self.asteroids],
        }.items():
            twice = [i for i, n in Counter(ids).items() if n > 1]
            if twice:
                raise ValueError(f"{family}: ids used twice: {twice}")
        per_type = Counter(a.type for a in self.asteroids)
        if sorted(per_type.values()) != [10, 10, 10, 10]:
            raise ValueError(f"asteroids.toml: 10 Asteroids of each type, not {dict(per_type)}")
        per_type = Counter(c.type for c in self.life_cards)
        if sorted(per_type.values()) != [22, 22, 22]:
            raise ValueError(f"life_cards.toml: 22 Life cards of each type, not {dict(per_type)}")
        star_ids = {s.id for s in self.stars}
        for source in [*self.stars, *self.starting_stars]:
            for target in source.evolves_to:
                if target not in star_ids:
                    raise ValueError(
                        f"stars.toml: {source.id} evolves to unknown Star type {target!r}"
                    )
        if {(f.set, f.token) for f in self.focus} != {
            (s, t) for s in "ABCD" for t in ("star", "planet", "asteroid")
        }:
            raise ValueError(
                "Focus cards must be sets A-D, one card each for Star, Planet, Asteroid"
            )
        return self

    @cached_property
    def index(self) -> CatalogIndex:
        """Look-ups used all over the engine, built once per catalog."""
        return CatalogIndex(self)


class CatalogIndex:
    """Plain dictionaries from id to component, for fast look-up."""

    def __init__(self, catalog: Catalog) -> None:
        self.star = {s.id: s for s in catalog.stars}
        self.starting_star = {s.id: s for s in catalog.starting_stars}
        self.planet = {p.id: p for p in catalog.planets}
        self.starting_planet = {p.id: p for p in catalog.starting_planets}
        # Starting Stars and Planets play like the others once flipped.
        self.any_star: dict[str, StarType | StartingStar] = {**self.star, **self.starting_star}
        self.any_planet: dict[str, PlanetTile | StartingPlanet] = {
            **self.planet,
            **self.starting_planet,
        }
        self.asteroid = {a.id: a for a in catalog.asteroids}
        self.biome = {b.id: b for b in catalog.biomes}
        self.card = {c.id: c for c in catalog.life_cards}
        self.focus = {(f.set, f.token): f for f in catalog.focus}
        self.tile = {t.id: t for t in catalog.action_tiles}
        self.mission = {m.id: m for m in catalog.missions}
        self.lifeform_objective = {o.lifeform: o for o in catalog.lifeform_objectives}
        self.final_spaces = tuple(len(o.track_vp) - 1 for o in catalog.main_objectives)


# file name -> the Catalog fields it holds (each a TOML array of tables, or a table for `board`)
ASSET_FILES: dict[str, tuple[str, ...]] = {
    "stars.toml": ("stars", "starting_stars"),
    "planets.toml": ("planets", "starting_planets"),
    "asteroids.toml": ("asteroids",),
    "biomes.toml": ("biomes",),
    "life_cards.toml": ("life_cards",),
    "focus.toml": ("focus",),
    "action_tiles.toml": ("action_tiles",),
    "board.toml": ("board",),
    "objectives.toml": ("main_objectives", "lifeform_objectives"),
    "missions.toml": ("missions",),
}


class CatalogError(ValueError):
    """A data file that does not describe the components correctly."""


def _describe_error(file: str, section: str, entries: Any, error: ValidationError) -> str:
    """Names the file, the entry (by its id where it has one) and the field of each problem."""
    lines = [f"{file}: invalid component data"]
    for problem in error.errors():
        loc = list(problem["loc"])
        where = ".".join(str(part) for part in [section, *loc])
        if loc and isinstance(loc[0], int) and isinstance(entries, list) and loc[0] < len(entries):
            entry = entries[loc[0]]
            if isinstance(entry, dict):
                # Focus cards have no id: a set letter alone names three cards, so add the token.
                focus = "/".join(str(entry[key]) for key in ("set", "token") if key in entry)
                name = entry.get("id") or entry.get("lifeform") or focus or f"#{loc[0]}"
                field = ".".join(str(part) for part in loc[1:]) or "(whole entry)"
                where = f"{section} entry {name!r} field {field}"
        lines.append(f"  {where}: {problem['msg']}")
    return "\n".join(lines)


def load_catalog_from(texts: dict[str, str]) -> Catalog:
    """Builds the catalog from file name -> TOML text (so tests can feed broken files)."""
    merged: dict[str, Any] = {}
    for file, sections in ASSET_FILES.items():
        if file not in texts:
            raise CatalogError(f"{file}: missing")
        try:
            data = tomllib.loads(texts[file])
        except tomllib.TOMLDecodeError as error:
            raise CatalogError(f"{file}: not valid TOML: {error}") from error
        unknown = set(data) - set(sections)
        if unknown:
            raise CatalogError(
                f"{file}: unknown sections {sorted(unknown)}; expected {list(sections)}"
            )
        for section in sections:
            if section not in data:
                raise CatalogError(f"{file}: section {section!r} is missing")
            try:
                merged[section] = _SECTION_ADAPTERS[section].validate_python(data[section])
            except ValidationError as error:
                raise CatalogError(_describe_error(file, section, data[section], error)) from None
    try:
        return Catalog.model_validate(merged)
    except ValidationError as error:
        raise CatalogError(
            "component data: " + "; ".join(e["msg"] for e in error.errors())
        ) from None


_SECTION_ADAPTERS: dict[str, TypeAdapter[Any]] = {
    name: TypeAdapter(info.annotation) for name, info in Catalog.model_fields.items()
}


@cache
def load_catalog() -> Catalog:
    """The catalog shipped in assets/ (read once)."""
    folder = resources.files("entropy_tui.assets")
    texts = {file: folder.joinpath(file).read_text(encoding="utf-8") for file in ASSET_FILES}
    return load_catalog_from(texts)


__all__ = [
    "ActionTile",
    "AsteroidTile",
    "BiomeTile",
    "Catalog",
    "CatalogError",
    "Effect",
    "FocusCard",
    "LifeCard",
    "Mission",
    "PlanetTile",
    "StarType",
    "load_catalog",
    "load_catalog_from",
]
