"""The whole game as plain data. Everything here is JSON-serialisable, so a snapshot is a dump.

Ids used in the state are the catalog's (Star type ids, Planet/Biome/Asteroid/Life card ids).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

SNAPSHOT_VERSION = 1


class Data(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


def _lifeforms() -> dict[str, int]:
    return {"bacteria": 0, "plant": 0, "animal": 0}


class PlanetState(Data):
    tile: str  # a Planet or Starting Planet id
    asteroids: dict[Literal["mass", "lifeform"], str] = {}  # asteroid space -> Asteroid id
    biome: str | None = None
    fulfilled: bool = False
    life: dict[str, int] = Field(default_factory=_lifeforms)
    cards: list[str] = []  # played Life cards, in play order


class SystemState(Data):
    star: str | None = None  # a Star type id or a Starting Star id
    planets: list[PlanetState] = []


@dataclass(slots=True, kw_only=True)
class Token:
    where: Literal["ready", "lying", "board"] = "ready"
    slot: int | None = None  # the board slot (sector) while on the board


def _tokens() -> dict[str, Token]:
    return {kind: Token() for kind in ("star", "planet", "asteroid")} | {
        "wild": Token(where="board")
    }


class LifeformTile(Data):
    lifeform: str
    big: bool
    vp: int


class PlayerState(Data):
    name: str
    bot: str | None = None  # None for a human, else the bot's name
    energy: int = 0
    mass: int = 0
    entropy: int = 0
    vp: int = 0
    scientist: int = 0  # space on the track I0, O0, I1, O1, ... I5, O5
    tokens: dict[str, Token] = Field(default_factory=_tokens)
    wild_locked: bool = True
    focus_set: str = "A"
    focus: dict[str, int] = Field(default_factory=lambda: {"star": 0, "planet": 0, "asteroid": 0})
    generator: int = 0  # position on the Generator track
    generator_advances: int = 0  # every advancement, past the last space too
    systems: list[SystemState] = []
    hand: list[str] = []  # Life cards
    missions: list[str] = []
    mission_done: str | None = None
    objectives: list[int] = Field(default_factory=lambda: [0, 0, 0])
    lifeform_tiles: list[LifeformTile] = []
    vp_by_round: list[int] = []  # VP tokens at the end of each round, for the game-over chart


class BoardState(Data):
    action_tiles: list[str] = []  # tile on O0..O5
    traffic_side: list[bool] = []  # per tile: the Traffic Bonus side is up
    star_stacks: dict[str, int] = {}
    planet_stacks: list[list[str]] = []  # two per type, heat/carbon/water/radiation; top is last
    biome_stacks: list[list[str]] = []  # abundant, abundant, scarce, scarce; top is last
    life_decks: list[list[str]] = []  # two per type, bacteria/plant/animal; top is last
    asteroid_stacks: dict[str, list[str]] = {}  # type -> tiles; top is last
    big_objectives: dict[str, int | None] = {}  # lifeform -> seat that claimed the big tile
    small_objectives: dict[str, list[int]] = {}  # lifeform -> VP of the tiles left; top is last
    solar_systems: int = 0  # Solar System tiles in the general supply
    box: list[str] = []  # components returned to the box
    reveals: int = 0  # tops shown by taking from a stack: each one is new information


# Tasks and Events are made thousands of times a game: plain dataclasses (which pydantic still
# validates inside GameState) cost a fraction of a model each.
@dataclass(slots=True, kw_only=True)
class Task:
    """One pending step of the game; the stack of these is the game's to-do list."""

    kind: str
    player: int
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True, kw_only=True, frozen=True)
class Event:
    """A line of the game log. `seat` saw it privately when `private` is set."""

    round: int
    seat: int | None
    kind: str
    text: str
    private: bool = False


@dataclass(slots=True, kw_only=True)
class TurnState:
    player: int = 0
    step: Literal["movement", "action", "mission", "over"] = "movement"
    moved: int = 0
    landed: int | None = None
    distance: int = 0  # effective distance for the Traffic Bonus
    token: str | None = None  # Creation token placed on the landed inner space
    action: str | None = None
    action_done: bool = False  # the landed space's action was resolved (Focus cards trigger)
    events: list[int] = field(default_factory=lambda: [0, 0, 0])  # Main Objective conditions
    card_bonus: int = 0  # extra Lifeforms for the card played by this Create Life action


class Settings(Data):
    alternative_objectives: bool = False
    open_hands: bool = False
    # A person's turn ends only when they say so (a save from before this setting has it off,
    # so it replays exactly as it was played).
    confirm_turn_end: bool = False


class GameState(Data):
    version: int = SNAPSHOT_VERSION
    seed: int
    rng: int
    settings: Settings = Settings()
    players: list[PlayerState]
    board: BoardState = BoardState()
    round: int = 1
    first_player: int = 0
    end_round: int | None = None  # set when 2 Objectives are complete: the last round to play
    turn: TurnState = Field(default_factory=TurnState)
    pending: list[Task] = []  # a stack: the last Task is resolved first
    log: list[Event] = []
    choices: list[str] = []  # every option id chosen, in order
    # Undo never goes past an information barrier: choices[:undo_floor] are final.
    undo_floor: int = 0
    undo_floor_reason: str = "the game has just begun"
    last_decider: int | None = None
    over: bool = False
