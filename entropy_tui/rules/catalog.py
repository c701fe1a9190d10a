"""The component catalog: every printed component, loaded from the TOML files in assets/.

The components are plain frozen dataclasses. Pydantic checks the files (a bad file fails loudly:
the error names the file, the entry and the field), and the checked catalog is cached, keyed
by the files' text and the code that reads them, so a start with unchanged files neither
imports pydantic nor validates again.

The designed data has editions. The files hold the newest; `editions.toml` lists, for each older
edition, the values in which it differed from the next one, so a game saved with an older
edition replays with the data it was played with (`load_catalog(edition)`).
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, get_args

from entropy_tui.rules.constraints import STRICT_FIELDS, Bounds, Checked
from entropy_tui.rules.counters import check_counter, counter_of
from entropy_tui.rules.vocabulary import (
    ActionName,
    BiomeKind,
    Condition,
    EffectVerb,
    FocusToken,
    Gainable,
    Lifeform,
)

if TYPE_CHECKING:
    from pydantic import ValidationError

NonNegative = Annotated[int, Bounds(ge=0)]
Positive = Annotated[int, Bounds(ge=1)]
KnownCounter = Annotated[str, Checked(check_counter)]


class Frozen:
    __slots__ = ()
    __pydantic_config__: ClassVar = STRICT_FIELDS


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect(Frozen):
    """One step of an effect, in the vocabulary of the rulebook's Symbol Index."""

    do: EffectVerb
    n: Positive = 1
    what: str | None = None
    # a counter: the step happens n x (counter) times
    per: Annotated[str | None, Checked(check_counter)] = None
    local: bool = False  # applies to the component it is printed on (the Local symbol)

    def __post_init__(self) -> None:
        allowed: dict[str, set[str | None]] = {
            "gain": set(get_args(Gainable)),
            "gain_lifeform": set(get_args(Lifeform)),
            "advance_lifeform": {None, "bacteria", "plant"},
            "action": set(get_args(ActionName)),
            "discount": {"energy", "mass", "entropy"},
            "card_lifeforms": {None},
        }
        expected = allowed.get(self.do, {None})
        if self.what not in expected:
            names = sorted(str(name) for name in expected)
            raise ValueError(f"'{self.do}' takes what = one of {names}, not {self.what!r}")

    def as_data(self) -> dict[str, Any]:
        """The fields that differ from their defaults, as plain data (how Tasks carry it)."""
        data: dict[str, Any] = {"do": self.do}
        if self.n != 1:
            data["n"] = self.n
        if self.what is not None:
            data["what"] = self.what
        if self.per is not None:
            data["per"] = self.per
        if self.local:
            data["local"] = True
        return data


Effects = list[Effect]


@dataclass(frozen=True, slots=True, kw_only=True)
class StarType(Frozen):
    """A stack of identical Star tiles (IA, IIB, ...)."""

    id: str
    tier: Annotated[int, Bounds(ge=1, le=4)]
    count: Positive
    cost: NonNegative  # Entropy paid to activate it
    effect: Effects
    conditions: list[Condition] = field(default_factory=list)
    # next Star type -> Energy cost on the board's path
    evolves_to: dict[str, Positive] = field(default_factory=dict)
    text: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingStar(Frozen):
    id: str
    start_space: Annotated[int, Bounds(ge=0, le=11)]  # Scientist's space on the track I0, O0, ...
    cost: NonNegative
    effect: Effects
    life_cards: dict[Lifeform, Positive] = field(default_factory=dict)
    resources: dict[Gainable, Positive] = field(default_factory=dict)
    tier: Annotated[int, Bounds(ge=1, le=1)] = 1
    conditions: list[Condition] = field(default_factory=list)
    evolves_to: dict[str, Positive] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanetTile(Frozen):
    id: str
    type: Condition
    cost: NonNegative  # Mass
    effect: Effects
    conditions: list[Condition] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class StartingPlanet(Frozen):
    id: str
    type: Condition
    effect: Effects
    resources: dict[Gainable, Positive] = field(default_factory=dict)
    conditions: list[Condition] = field(default_factory=list)


@dataclass(frozen=True, slots=True, kw_only=True)
class AsteroidTile(Frozen):
    id: str
    type: Condition
    conditions: list[Condition]
    free: bool = False  # caught without paying any cost


@dataclass(frozen=True, slots=True, kw_only=True)
class BiomeTile(Frozen):
    id: str
    kind: BiomeKind
    requirement: dict[Lifeform, Positive]
    trigger: ActionName  # the Action space that triggers the reward
    reward: Effects
    improved: Effects  # the reward once the Biome is fulfilled


@dataclass(frozen=True, slots=True, kw_only=True)
class LifeCard(Frozen):
    id: str
    type: Lifeform
    conditions: dict[Condition, Positive]
    gains: dict[Lifeform, Positive]
    needs: dict[Lifeform, Positive] = field(default_factory=dict)  # must be on the Planet
    # Lifeforms removed from the Planet (red numbers)
    removes: dict[Lifeform, Positive] = field(default_factory=dict)
    effect: Effects = field(default_factory=list)
    text: str | None = None

    @property
    def number(self) -> int:
        return int(self.id[1:])


@dataclass(frozen=True, slots=True, kw_only=True)
class FocusCard(Frozen):
    set: str
    token: FocusToken
    tier1: Effects
    tier2: Effects


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionTile(Frozen):
    id: str
    action: ActionName
    bonus: Effects  # effective distance 1
    reduced: Effects  # effective distance 2


@dataclass(frozen=True, slots=True, kw_only=True)
class InnerSpace(Frozen):
    action: ActionName
    bonus: Effects
    reduced: Effects


@dataclass(frozen=True, slots=True, kw_only=True)
class GeneratorSpace(Frozen):
    discounted_stars: NonNegative
    vp: NonNegative = 0  # immediate VP on reaching this space


@dataclass(frozen=True, slots=True, kw_only=True)
class Board(Frozen):
    inner: list[InnerSpace]
    generator: list[GeneratorSpace]
    generator_overflow_vp: NonNegative
    generator_discount: Positive  # Entropy off each discounted Star
    solar_systems: Positive
    planet_spaces: Positive  # per Solar System tile
    # How Create Life's edges are played (board.toml): 1 as in editions 1 to 3, 2 since.
    create_life_edges: Literal[1, 2]
    # How a choice among combinations is asked (board.toml): 1 as in editions 1 to 4, 2 since.
    choices_in_steps: Literal[1, 2]


@dataclass(frozen=True, slots=True, kw_only=True)
class MainObjective(Frozen):
    id: str
    condition: str
    # what counts as meeting the condition, once per occurrence
    event: Literal["star_tier3", "first_asteroid", "biome_fulfilled"]
    track_vp: list[NonNegative]  # VP per unit at each track position; the last is the final space
    scoring: KnownCounter
    scoring_text: str
    alt_scoring: KnownCounter
    alt_scoring_text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SmallObjectiveTile(Frozen):
    vp: Positive
    min_players: Annotated[int, Bounds(ge=2, le=4)]


@dataclass(frozen=True, slots=True, kw_only=True)
class LifeformObjective(Frozen):
    lifeform: Lifeform
    big_threshold: Positive
    big_vp: Positive
    small_threshold: Positive
    small: list[SmallObjectiveTile]  # from the top of the stack down


@dataclass(frozen=True, slots=True, kw_only=True)
class Mission(Frozen):
    id: str
    requirement: KnownCounter
    at_least: Positive
    reward: Effects
    text: str


@dataclass(frozen=True)  # not slotted: `index` is cached on the instance
class Catalog:
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
    # Which edition of the designed data this is; two editions with the same data are equal.
    edition: int = field(default=1, compare=False)

    def __post_init__(self) -> None:
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
        cards_per_type = Counter(c.type for c in self.life_cards)
        if sorted(cards_per_type.values()) != [22, 22, 22]:
            raise ValueError(
                f"life_cards.toml: 22 Life cards of each type, not {dict(cards_per_type)}"
            )
        star_ids = {s.id for s in self.stars}
        sources: list[StarType | StartingStar] = [*self.stars, *self.starting_stars]
        for source in sources:
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

    @cached_property
    def index(self) -> CatalogIndex:
        """Look-ups used all over the engine, built once per catalog."""
        return CatalogIndex(self)


class CatalogIndex:
    """Plain dictionaries from id to component, for fast look-up."""

    def __init__(self, catalog: Catalog) -> None:
        self.star: dict[str, StarType] = {s.id: s for s in catalog.stars}
        self.tier_one_stars = tuple(s.id for s in catalog.stars if s.tier == 1)  # in its order
        self.starting_star: dict[str, StartingStar] = {s.id: s for s in catalog.starting_stars}
        self.planet: dict[str, PlanetTile] = {p.id: p for p in catalog.planets}
        self.starting_planet: dict[str, StartingPlanet] = {
            p.id: p for p in catalog.starting_planets
        }
        # Starting Stars and Planets play like the others once flipped.
        self.any_star: dict[str, StarType | StartingStar] = {**self.star, **self.starting_star}
        self.any_planet: dict[str, PlanetTile | StartingPlanet] = {
            **self.planet,
            **self.starting_planet,
        }
        self.asteroid: dict[str, AsteroidTile] = {a.id: a for a in catalog.asteroids}
        self.biome: dict[str, BiomeTile] = {b.id: b for b in catalog.biomes}
        # (Lifeform, count) pairs a Biome needs to be fulfilled, tested at every decision.
        self.biome_requirement = {b.id: tuple(b.requirement.items()) for b in catalog.biomes}
        self.card: dict[str, LifeCard] = {c.id: c for c in catalog.life_cards}
        self.focus: dict[tuple[str, str], FocusCard] = {(f.set, f.token): f for f in catalog.focus}
        self.tile: dict[str, ActionTile] = {t.id: t for t in catalog.action_tiles}
        self.mission: dict[str, Mission] = {m.id: m for m in catalog.missions}
        # Each Mission's test, asked at every Mission step: (counter, parameter, at least).
        self.mission_tests = {
            m.id: (*counter_of(m.requirement), m.at_least) for m in catalog.missions
        }
        self.lifeform_objective: dict[Lifeform, LifeformObjective] = {
            o.lifeform: o for o in catalog.lifeform_objectives
        }
        # Each Lifeform with the fewest of it that can claim one of its tiles (every turn's
        # Mission step asks whether any is reached).
        self.lifeform_tile_least = tuple(
            (o.lifeform, min(o.small_threshold, o.big_threshold))
            for o in catalog.lifeform_objectives
        )
        self.final_spaces = tuple(len(o.track_vp) - 1 for o in catalog.main_objectives)
        # The rondel's spaces per layout of Action tiles (see rondel.spaces).
        self.rondels: dict[tuple[tuple[str, ...], tuple[bool, ...]], tuple[Any, ...]] = {}
        # For the Create Life test (see create_life.playable_cards), filled as they are read:
        # a Planet's icons by (tile, Star, Asteroids), a card's needs by card id.
        self.icons_at: dict[tuple[str | None, ...], dict[str, int]] = {}
        self.card_needs: dict[str, tuple[tuple[tuple[str, int], ...], ...]] = {}


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


# Which designed values each older edition had (see load_catalog_from); optional in `texts`.
EDITIONS_FILE = "editions.toml"


class CatalogError(ValueError):
    """A data file that does not describe the components correctly."""


class UnknownEdition(ValueError):
    """An edition of the component data this version lacks (a game from a newer version)."""


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
                path = ".".join(str(part) for part in loc[1:]) or "(whole entry)"
                where = f"{section} entry {name!r} field {path}"
        lines.append(f"  {where}: {problem['msg']}")
    return "\n".join(lines)


def load_catalog_from(texts: dict[str, str], edition: int | None = None) -> Catalog:
    """Builds the catalog of `edition` (None: the newest) from file name -> TOML text, checked
    by pydantic (so tests can feed broken files). Without an editions file there is one
    edition, 1."""
    from pydantic import ValidationError

    raw = _read_sections(texts)
    newest, older = _editions(texts)
    edition = newest if edition is None else edition
    if not 1 <= edition <= newest:
        raise UnknownEdition(unknown_edition(edition, newest))
    for number in range(newest - 1, edition - 1, -1):  # back from the newest, one at a time
        _take_values(raw, older[number], number)
    adapters = _section_adapters()
    merged: dict[str, Any] = {}
    for file, sections in ASSET_FILES.items():
        for section in sections:
            try:
                merged[section] = adapters[section].validate_python(raw[section])
            except ValidationError as error:
                raise CatalogError(_describe_error(file, section, raw[section], error)) from None
    try:
        return Catalog(**merged, edition=edition)
    except ValueError as error:
        raise CatalogError(f"component data: {error}") from None


def _read_sections(texts: dict[str, str]) -> dict[str, Any]:
    """Each Catalog field's TOML data, unchecked."""
    raw: dict[str, Any] = {}
    for file, sections in ASSET_FILES.items():
        if file not in texts:
            raise CatalogError(f"{file}: missing")
        data = _toml(file, texts[file])
        unknown = set(data) - set(sections)
        if unknown:
            raise CatalogError(
                f"{file}: unknown sections {sorted(unknown)}; expected {list(sections)}"
            )
        for section in sections:
            if section not in data:
                raise CatalogError(f"{file}: section {section!r} is missing")
            raw[section] = data[section]
    return raw


def _toml(file: str, text: str) -> dict[str, Any]:
    import tomllib

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{file}: not valid TOML: {error}") from error


def _editions(texts: dict[str, str]) -> tuple[int, dict[int, list[Any]]]:
    """The newest edition's number, and each older edition's list of values."""
    if EDITIONS_FILE not in texts:
        return 1, {}
    data = _toml(EDITIONS_FILE, texts[EDITIONS_FILE])
    newest = data.get("newest")
    if type(newest) is not int or newest < 1 or set(data) - {"newest", "older"}:
        raise CatalogError(f"{EDITIONS_FILE}: expected newest = <edition> and [[older]] tables")
    older: dict[int, list[Any]] = {}
    for entry in data.get("older", []):
        number, values = entry.get("edition"), entry.get("values")
        if type(number) is not int or not isinstance(values, list) or number in older:
            raise CatalogError(f"{EDITIONS_FILE}: each [[older]] has its edition and values")
        older[number] = values
    if set(older) != set(range(1, newest)):
        raise CatalogError(f"{EDITIONS_FILE}: editions 1 to {newest - 1} each need [[older]]")
    return newest, older


def _take_values(raw: dict[str, Any], values: list[Any], edition: int) -> None:
    """Sets each value edition `edition` had: {section, id (or lifeform; none for the board),
    field, value}. A value naming nothing that exists fails, naming it."""
    for change in values:
        where = f"{EDITIONS_FILE}: edition {edition}: {change!r}"
        if not isinstance(change, dict) or set(change) - {"section", "id", "field", "value"}:
            raise CatalogError(f"{where}: expected section, id, field and value")
        entries = raw.get(change.get("section", ""))
        if isinstance(entries, list):
            entry = next(
                (e for e in entries if change.get("id") in (e.get("id"), e.get("lifeform"))),
                None,
            )
        else:
            entry = entries
        if not isinstance(entry, dict) or change.get("field") not in entry or "value" not in change:
            raise CatalogError(f"{where}: names no field of the component data")
        entry[change["field"]] = change["value"]


@cache
def _section_adapters() -> dict[str, Any]:
    """Pydantic's validator of each Catalog field, built on first use."""
    from typing import get_type_hints

    from pydantic import TypeAdapter

    sections = {section for names in ASSET_FILES.values() for section in names}
    hints = get_type_hints(Catalog)
    return {name: TypeAdapter(hints[name]) for name in sections}


# ----------------------------------------------------------------------------------------------
# The cache of the checked catalog

CACHE_FOLDER_VARIABLE = "ENTROPY_TUI_CACHE"  # overrides where the cache lives (tests, kiosks)
CACHE_FILE = "catalog.pickle"
# The modules whose code decides what a checked catalog is: a change to any of them is a new key.
CHECKING_MODULES = ("catalog.py", "constraints.py", "counters.py", "vocabulary.py")


def cache_folder() -> Path:
    override = os.environ.get(CACHE_FOLDER_VARIABLE)
    if override:
        return Path(override)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("entropy-tui", appauthor=False))


def cache_key(texts: dict[str, str], edition: int | None = None) -> str | None:
    """A digest of the asset texts, the edition asked for and the code that checks them (None
    if that code can't be read, as in a zipped install: then nothing is cached)."""
    digest = hashlib.sha256(f"edition {edition}\0".encode())
    for file in sorted(texts):
        digest.update(f"{file}\0{texts[file]}\0".encode())
    here = Path(__file__).parent
    try:
        for module in CHECKING_MODULES:
            digest.update((here / module).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


class _CatalogUnpickler(pickle.Unpickler):
    """Rebuilds only this module's component classes: a cache file that names anything else
    (which plain pickle would import and call) is refused."""

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name in _CACHED_CLASSES:
            return _CACHED_CLASSES[name]
        raise pickle.UnpicklingError(f"{module}.{name} is not a catalog class")


def _read_cache(path: Path, key: str) -> Catalog | None:
    """The cached catalog if `path` holds one made under `key`; None for anything else."""
    try:
        with path.open("rb") as file:
            stored = _CatalogUnpickler(file).load()
    except FileNotFoundError:
        return None
    except Exception:  # a damaged file can fail in many ways; it is simply rebuilt
        return None
    if not (isinstance(stored, tuple) and len(stored) == 2 and stored[0] == key):
        return None
    catalog = stored[1]
    return catalog if type(catalog) is Catalog else None


def _write_cache(path: Path, key: str, catalog: Catalog) -> None:
    """Written to a temporary file and renamed, so a reader sees a whole file or none; a
    folder that can't be written just means no cache."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(pickle.dumps((key, catalog), protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temporary, path)
    except OSError:
        with suppress(OSError):
            temporary.unlink(missing_ok=True)


def cached_catalog(texts: dict[str, str], folder: Path, edition: int | None = None) -> Catalog:
    """The catalog of `texts` (its `edition`; None: the newest): from the cache in `folder`
    when it was made from these texts by this code, otherwise checked by load_catalog_from and
    cached. Each older edition has a cache file of its own."""
    key = cache_key(texts, edition)
    path = folder / (CACHE_FILE if edition is None else f"catalog-edition-{edition}.pickle")
    if key is not None:
        catalog = _read_cache(path, key)
        if catalog is not None:
            return catalog
    catalog = load_catalog_from(texts, edition)
    if key is not None:
        _write_cache(path, key, catalog)
    return catalog


def load_catalog(edition: int | None = None) -> Catalog:
    """The catalog shipped in assets/, of `edition` (None: the newest), each read once. An
    edition this version lacks raises UnknownEdition."""
    newest = _shipped_catalog(None)
    if edition is None or edition == newest.edition:
        return newest
    if not 1 <= edition < newest.edition:
        raise UnknownEdition(unknown_edition(edition, newest.edition))
    return _shipped_catalog(edition)


def unknown_edition(edition: object, newest: int) -> str:
    if type(edition) is int and edition > newest:
        return (
            f"it uses edition {edition} of the component data, newer than this entropy-tui's"
            f" (editions 1 to {newest}): update entropy-tui to open it"
        )
    return f"there is no edition {edition!r} of the component data (editions 1 to {newest})"


@cache
def _shipped_catalog(edition: int | None) -> Catalog:
    return cached_catalog(shipped_texts(), cache_folder(), edition)


@cache
def shipped_texts() -> dict[str, str]:
    """The files in assets/, by name."""
    # Read as plain files, as Textual reads the app's style sheets (importlib.resources, which
    # would also read them from a zip, costs more to import than the whole cached load).
    folder = Path(import_module("entropy_tui.assets").__file__ or "").parent
    return {
        file: (folder / file).read_text(encoding="utf-8") for file in [*ASSET_FILES, EDITIONS_FILE]
    }


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
    "UnknownEdition",
    "cached_catalog",
    "load_catalog",
    "load_catalog_from",
]

_CACHED_CLASSES: dict[str, type] = {
    kind.__name__: kind
    for kind in (
        Effect, StarType, StartingStar, PlanetTile, StartingPlanet, AsteroidTile, BiomeTile,
        LifeCard, FocusCard, ActionTile, InnerSpace, GeneratorSpace, Board, MainObjective,
        SmallObjectiveTile, LifeformObjective, Mission, Catalog, CatalogIndex,
    )
}  # fmt: skip
