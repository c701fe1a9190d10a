"""A seat's view of a game as plain data (`Game.view`, rules/visibility.py): the snapshot's
shape, part by part, as each part of the state dumps itself (rules/state.py). Dictionaries,
read by key as JSON data is; what a seat may not see is there as HIDDEN ("?")."""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from entropy_tui.rules.vocabulary import ActionName, TaskKind


class PlanetData(TypedDict):
    tile: str
    asteroids: dict[Literal["mass", "lifeform"], str]
    biome: str | None
    fulfilled: bool
    life: dict[str, int]
    cards: list[str]


class SystemData(TypedDict):
    star: str | None
    planets: list[PlanetData]


class TokenData(TypedDict):
    where: Literal["ready", "lying", "board"]
    slot: int | None


class LifeformTileData(TypedDict):
    lifeform: str
    big: bool
    vp: int


class PlayerData(TypedDict):
    name: str
    bot: str | None
    energy: int
    mass: int
    entropy: int
    vp: int
    scientist: int
    tokens: dict[str, TokenData]
    wild_locked: bool
    focus_set: str
    focus: dict[str, int]
    generator: int
    generator_advances: int
    systems: list[SystemData]
    hand: list[str]
    missions: list[str]
    mission_done: str | None
    objectives: list[int]
    lifeform_tiles: list[LifeformTileData]
    vp_by_round: list[int]


class BoardData(TypedDict):
    action_tiles: list[str]
    traffic_side: list[bool]
    star_stacks: dict[str, int]
    planet_stacks: list[list[str]]
    biome_stacks: list[list[str]]
    life_decks: list[list[str]]
    asteroid_stacks: dict[str, list[str]]
    big_objectives: dict[str, int | None]
    small_objectives: dict[str, list[int]]
    solar_systems: int
    box: list[str]
    reveals: int


class TaskData(TypedDict):
    kind: TaskKind
    player: int
    args: dict[str, Any]  # a handler's own arguments, JSON data


class TurnData(TypedDict):
    player: int
    step: Literal["movement", "action", "mission", "over"]
    moved: int
    landed: int | None
    distance: int
    token: str | None
    action: ActionName | None
    action_done: bool
    events: list[int]
    card_bonus: int


class SettingsData(TypedDict):
    alternative_objectives: bool
    open_hands: bool
    confirm_turn_end: bool


class View(TypedDict):
    """The snapshot as one seat may see it (see visibility.view_of)."""

    version: int
    seed: int  # 0: the seed would let a seat replay the game and see every hand
    rng: int  # 0, likewise
    settings: SettingsData
    players: list[PlayerData]
    board: BoardData
    round: int
    first_player: int
    end_round: int | None
    turn: TurnData
    pending: list[TaskData]
    undo_floor: int
    undo_floor_reason: str
    last_decider: int | None
    over: bool
    choices: list[str]  # none: they too would replay the game
    # The lines the seat may read, as state.log_line_data writes them (the screens merge notes
    # of their own in).
    log: list[dict[str, Any]]
