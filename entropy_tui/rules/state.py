"""The whole game as plain data: slotted dataclasses of JSON-like values, so a snapshot is a
dump and a copy is cheap.

Ids used in the state are the catalog's (Star type ids, Planet/Biome/Asteroid/Life card ids).
Each class knows how to copy itself (`copy`: every mutable part new, immutable ones shared),
dump itself as JSON data (`dump`) and rebuild itself from such data without checking it
(`load`, for data this engine wrote). Outside data is checked first by `snapshot_check`.
Field order is the snapshot's key order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from entropy_tui.rules.vocabulary import ActionName, TaskKind

if TYPE_CHECKING:
    from entropy_tui.rules.view_data import (
        BoardData,
        PlanetData,
        PlayerData,
        SettingsData,
        SystemData,
        TaskData,
        TurnData,
    )

SNAPSHOT_VERSION = 1

# Copies and loads set every field themselves, without the keyword __init__ (a look-ahead
# copies the state at every step it tries: about 2% of the engine's speed).
_new = object.__new__
# Read by pydantic when it checks a snapshot against these classes (see snapshot_check).
_STRICT_KEYS = {"extra": "forbid"}


def _lifeforms() -> dict[str, int]:
    return {"bacteria": 0, "plant": 0, "animal": 0}


@dataclass(slots=True, kw_only=True)
class PlanetState:
    __pydantic_config__ = _STRICT_KEYS

    tile: str  # a Planet or Starting Planet id
    asteroids: dict[Literal["mass", "lifeform"], str] = field(default_factory=dict)
    biome: str | None = None
    fulfilled: bool = False
    life: dict[str, int] = field(default_factory=_lifeforms)
    cards: list[str] = field(default_factory=list)  # played Life cards, in play order

    def copy(self) -> PlanetState:
        clone = _new(PlanetState)
        clone.tile = self.tile
        clone.asteroids = self.asteroids.copy()
        clone.biome = self.biome
        clone.fulfilled = self.fulfilled
        clone.life = self.life.copy()
        clone.cards = self.cards.copy()
        return clone

    def dump(self) -> PlanetData:
        return {
            "tile": self.tile,
            "asteroids": self.asteroids.copy(),
            "biome": self.biome,
            "fulfilled": self.fulfilled,
            "life": self.life.copy(),
            "cards": self.cards.copy(),
        }

    @staticmethod
    def load(data: dict[str, Any]) -> PlanetState:
        planet = _new(PlanetState)
        planet.tile = data["tile"]
        planet.asteroids = dict(data["asteroids"])
        planet.biome = data["biome"]
        planet.fulfilled = data["fulfilled"]
        planet.life = dict(data["life"])
        planet.cards = list(data["cards"])
        return planet


@dataclass(slots=True, kw_only=True)
class SystemState:
    __pydantic_config__ = _STRICT_KEYS

    star: str | None = None  # a Star type id or a Starting Star id
    planets: list[PlanetState] = field(default_factory=list)

    def copy(self) -> SystemState:
        clone = _new(SystemState)
        clone.star = self.star
        clone.planets = [planet.copy() for planet in self.planets]
        return clone

    def dump(self) -> SystemData:
        return {"star": self.star, "planets": [planet.dump() for planet in self.planets]}

    @staticmethod
    def load(data: dict[str, Any]) -> SystemState:
        system = _new(SystemState)
        system.star = data["star"]
        system.planets = [PlanetState.load(planet) for planet in data["planets"]]
        return system


@dataclass(slots=True, kw_only=True)
class Token:
    __pydantic_config__ = _STRICT_KEYS

    where: Literal["ready", "lying", "board"] = "ready"
    slot: int | None = None  # the board slot (sector) while on the board

    def copy(self) -> Token:
        clone = _new(Token)
        clone.where = self.where
        clone.slot = self.slot
        return clone


def _tokens() -> dict[str, Token]:
    return {kind: Token() for kind in ("star", "planet", "asteroid")} | {
        "wild": Token(where="board")
    }


@dataclass(slots=True, kw_only=True, frozen=True)
class LifeformTile:
    """A Lifeform Objective tile a player has taken; it never changes, so copies share it."""

    __pydantic_config__ = _STRICT_KEYS

    lifeform: str
    big: bool
    vp: int


@dataclass(slots=True, kw_only=True)
class PlayerState:
    __pydantic_config__ = _STRICT_KEYS

    name: str
    bot: str | None = None  # None for a human, else the bot's name
    energy: int = 0
    mass: int = 0
    entropy: int = 0
    vp: int = 0
    scientist: int = 0  # space on the track I0, O0, I1, O1, ... I5, O5
    tokens: dict[str, Token] = field(default_factory=_tokens)
    wild_locked: bool = True
    focus_set: str = "A"
    focus: dict[str, int] = field(default_factory=lambda: {"star": 0, "planet": 0, "asteroid": 0})
    generator: int = 0  # position on the Generator track
    generator_advances: int = 0  # every advancement, past the last space too
    systems: list[SystemState] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # Life cards
    missions: list[str] = field(default_factory=list)
    mission_done: str | None = None
    objectives: list[int] = field(default_factory=lambda: [0, 0, 0])
    lifeform_tiles: list[LifeformTile] = field(default_factory=list)
    vp_by_round: list[int] = field(default_factory=list)  # VP at the end of each round
    # Not in the snapshot: sums over the play area that the rules ask at nearly every
    # decision, kept until a Planet's Lifeforms or Biome change (None: worked out when next
    # asked). Whatever changes those calls `area_changed`.
    biome_ready: bool | None = field(default=None, init=False, repr=False, compare=False)
    life_totals: dict[str, int] | None = field(default=None, init=False, repr=False, compare=False)

    def area_changed(self) -> None:
        """A Planet's Lifeforms or Biome changed: the sums kept from them are stale."""
        self.biome_ready = None
        self.life_totals = None

    def copy(self) -> PlayerState:
        clone = _new(PlayerState)
        clone.name = self.name
        clone.bot = self.bot
        clone.energy = self.energy
        clone.mass = self.mass
        clone.entropy = self.entropy
        clone.vp = self.vp
        clone.scientist = self.scientist
        clone.tokens = {kind: token.copy() for kind, token in self.tokens.items()}
        clone.wild_locked = self.wild_locked
        clone.focus_set = self.focus_set
        clone.focus = self.focus.copy()
        clone.generator = self.generator
        clone.generator_advances = self.generator_advances
        clone.systems = [system.copy() for system in self.systems]
        clone.hand = self.hand.copy()
        clone.missions = self.missions.copy()
        clone.mission_done = self.mission_done
        clone.objectives = self.objectives.copy()
        clone.lifeform_tiles = self.lifeform_tiles.copy()
        clone.vp_by_round = self.vp_by_round.copy()
        clone.biome_ready = self.biome_ready
        totals = self.life_totals
        clone.life_totals = None if totals is None else totals.copy()
        return clone

    def dump(self) -> PlayerData:
        return {
            "name": self.name,
            "bot": self.bot,
            "energy": self.energy,
            "mass": self.mass,
            "entropy": self.entropy,
            "vp": self.vp,
            "scientist": self.scientist,
            "tokens": {k: {"where": t.where, "slot": t.slot} for k, t in self.tokens.items()},
            "wild_locked": self.wild_locked,
            "focus_set": self.focus_set,
            "focus": self.focus.copy(),
            "generator": self.generator,
            "generator_advances": self.generator_advances,
            "systems": [system.dump() for system in self.systems],
            "hand": self.hand.copy(),
            "missions": self.missions.copy(),
            "mission_done": self.mission_done,
            "objectives": self.objectives.copy(),
            "lifeform_tiles": [
                {"lifeform": t.lifeform, "big": t.big, "vp": t.vp} for t in self.lifeform_tiles
            ],
            "vp_by_round": self.vp_by_round.copy(),
        }

    @staticmethod
    def load(data: dict[str, Any]) -> PlayerState:
        player = _new(PlayerState)
        player.name = data["name"]
        player.bot = data["bot"]
        player.energy = data["energy"]
        player.mass = data["mass"]
        player.entropy = data["entropy"]
        player.vp = data["vp"]
        player.scientist = data["scientist"]
        player.tokens = {
            kind: Token(where=token["where"], slot=token["slot"])
            for kind, token in data["tokens"].items()
        }
        player.wild_locked = data["wild_locked"]
        player.focus_set = data["focus_set"]
        player.focus = dict(data["focus"])
        player.generator = data["generator"]
        player.generator_advances = data["generator_advances"]
        player.systems = [SystemState.load(system) for system in data["systems"]]
        player.hand = list(data["hand"])
        player.missions = list(data["missions"])
        player.mission_done = data["mission_done"]
        player.objectives = list(data["objectives"])
        player.lifeform_tiles = [LifeformTile(**tile) for tile in data["lifeform_tiles"]]
        player.vp_by_round = list(data["vp_by_round"])
        player.biome_ready = player.life_totals = None
        return player


@dataclass(slots=True, kw_only=True)
class BoardState:
    __pydantic_config__ = _STRICT_KEYS

    action_tiles: list[str] = field(default_factory=list)  # tile on O0..O5
    traffic_side: list[bool] = field(default_factory=list)  # per tile: Traffic Bonus side up
    star_stacks: dict[str, int] = field(default_factory=dict)
    # Two per type, heat/carbon/water/radiation; top is last.
    planet_stacks: list[list[str]] = field(default_factory=list)
    # Abundant, abundant, scarce, scarce; top is last.
    biome_stacks: list[list[str]] = field(default_factory=list)
    life_decks: list[list[str]] = field(default_factory=list)  # two per type; top is last
    asteroid_stacks: dict[str, list[str]] = field(default_factory=dict)  # type -> tiles
    big_objectives: dict[str, int | None] = field(default_factory=dict)  # lifeform -> seat
    # Lifeform -> VP of the tiles left; top is last.
    small_objectives: dict[str, list[int]] = field(default_factory=dict)
    solar_systems: int = 0  # Solar System tiles in the general supply
    box: list[str] = field(default_factory=list)  # components returned to the box
    reveals: int = 0  # tops shown by taking from a stack: each one is new information

    def copy(self) -> BoardState:
        clone = _new(BoardState)
        clone.action_tiles = self.action_tiles.copy()
        clone.traffic_side = self.traffic_side.copy()
        clone.star_stacks = self.star_stacks.copy()
        clone.planet_stacks = [stack.copy() for stack in self.planet_stacks]
        clone.biome_stacks = [stack.copy() for stack in self.biome_stacks]
        clone.life_decks = [deck.copy() for deck in self.life_decks]
        clone.asteroid_stacks = {k: stack.copy() for k, stack in self.asteroid_stacks.items()}
        clone.big_objectives = self.big_objectives.copy()
        clone.small_objectives = {k: tiles.copy() for k, tiles in self.small_objectives.items()}
        clone.solar_systems = self.solar_systems
        clone.box = self.box.copy()
        clone.reveals = self.reveals
        return clone

    def dump(self) -> BoardData:
        return {
            "action_tiles": self.action_tiles.copy(),
            "traffic_side": self.traffic_side.copy(),
            "star_stacks": self.star_stacks.copy(),
            "planet_stacks": [stack.copy() for stack in self.planet_stacks],
            "biome_stacks": [stack.copy() for stack in self.biome_stacks],
            "life_decks": [deck.copy() for deck in self.life_decks],
            "asteroid_stacks": {k: stack.copy() for k, stack in self.asteroid_stacks.items()},
            "big_objectives": self.big_objectives.copy(),
            "small_objectives": {k: tiles.copy() for k, tiles in self.small_objectives.items()},
            "solar_systems": self.solar_systems,
            "box": self.box.copy(),
            "reveals": self.reveals,
        }

    @staticmethod
    def load(data: dict[str, Any]) -> BoardState:
        board = _new(BoardState)
        board.action_tiles = list(data["action_tiles"])
        board.traffic_side = list(data["traffic_side"])
        board.star_stacks = dict(data["star_stacks"])
        board.planet_stacks = [list(stack) for stack in data["planet_stacks"]]
        board.biome_stacks = [list(stack) for stack in data["biome_stacks"]]
        board.life_decks = [list(deck) for deck in data["life_decks"]]
        board.asteroid_stacks = {k: list(v) for k, v in data["asteroid_stacks"].items()}
        board.big_objectives = dict(data["big_objectives"])
        board.small_objectives = {k: list(v) for k, v in data["small_objectives"].items()}
        board.solar_systems = data["solar_systems"]
        board.box = list(data["box"])
        board.reveals = data["reveals"]
        return board


def _plain(value: Any) -> Any:
    """A Task argument as JSON data (tuples become lists)."""
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


@dataclass(slots=True, kw_only=True)
class Task:
    """One pending step of the game; the stack of these is the game's to-do list. Handlers
    change an argument by replacing it or by changing a list or dict held directly in `args`
    (deeper values are never changed), so a copy copies those one level down."""

    __pydantic_config__ = _STRICT_KEYS

    kind: TaskKind
    player: int
    args: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> Task:
        clone = _new(Task)
        clone.kind = self.kind
        clone.player = self.player
        clone.args = {
            key: value.copy() if type(value) is list or type(value) is dict else value
            for key, value in self.args.items()
        }
        return clone

    def dump(self) -> TaskData:
        return {"kind": self.kind, "player": self.player, "args": _plain(self.args)}

    @staticmethod
    def load(data: dict[str, Any]) -> Task:
        return Task(kind=data["kind"], player=data["player"], args=_plain(data["args"]))


class Event(NamedTuple):
    """A line of the game log, read by name. `seat` saw it privately when `private` is set.
    Never changed, so copies of a game share their lines."""

    round: int
    seat: int | None
    kind: str
    text: str
    private: bool = False


# A log line as the game writes it: a plain tuple in Event's field order, the cheapest object
# to make (one or two a decision). A checked snapshot's lines come back as Events.
LogLine = tuple[int, int | None, str, str, bool]


def log_line_data(line: LogLine) -> dict[str, Any]:
    """A log line as JSON data."""
    round, seat, kind, text, private = line
    return {"round": round, "seat": seat, "kind": kind, "text": text, "private": private}


@dataclass(slots=True, kw_only=True)
class TurnState:
    __pydantic_config__ = _STRICT_KEYS

    player: int = 0
    step: Literal["movement", "action", "mission", "over"] = "movement"
    moved: int = 0
    landed: int | None = None
    distance: int = 0  # effective distance for the Traffic Bonus
    token: str | None = None  # Creation token placed on the landed inner space
    action: ActionName | None = None
    action_done: bool = False  # the landed space's action was resolved (Focus cards trigger)
    events: list[int] = field(default_factory=lambda: [0, 0, 0])  # Main Objective conditions
    card_bonus: int = 0  # extra Lifeforms for the card played by this Create Life action

    @staticmethod
    def starting(player: int) -> TurnState:
        """The state at the start of `player`'s turn (a turn starts every few decisions)."""
        turn = _new(TurnState)
        turn.player = player
        turn.step = "movement"
        turn.moved = 0
        turn.landed = None
        turn.distance = 0
        turn.token = None
        turn.action = None
        turn.action_done = False
        turn.events = [0, 0, 0]
        turn.card_bonus = 0
        return turn

    def copy(self) -> TurnState:
        clone = _new(TurnState)
        clone.player = self.player
        clone.step = self.step
        clone.moved = self.moved
        clone.landed = self.landed
        clone.distance = self.distance
        clone.token = self.token
        clone.action = self.action
        clone.action_done = self.action_done
        clone.events = self.events.copy()
        clone.card_bonus = self.card_bonus
        return clone

    def dump(self) -> TurnData:
        return {
            "player": self.player,
            "step": self.step,
            "moved": self.moved,
            "landed": self.landed,
            "distance": self.distance,
            "token": self.token,
            "action": self.action,
            "action_done": self.action_done,
            "events": self.events.copy(),
            "card_bonus": self.card_bonus,
        }

    @staticmethod
    def load(data: dict[str, Any]) -> TurnState:
        turn = TurnState(**data)
        turn.events = list(turn.events)
        return turn


@dataclass(slots=True, kw_only=True)
class Settings:
    __pydantic_config__ = _STRICT_KEYS

    alternative_objectives: bool = False
    open_hands: bool = False
    # A person's turn ends only when they say so (a save from before this setting has it off,
    # so it replays exactly as it was played).
    confirm_turn_end: bool = False

    def copy(self) -> Settings:
        clone = _new(Settings)
        clone.alternative_objectives = self.alternative_objectives
        clone.open_hands = self.open_hands
        clone.confirm_turn_end = self.confirm_turn_end
        return clone

    def dump(self) -> SettingsData:
        return {
            "alternative_objectives": self.alternative_objectives,
            "open_hands": self.open_hands,
            "confirm_turn_end": self.confirm_turn_end,
        }


@dataclass(slots=True, kw_only=True)
class GameState:
    __pydantic_config__ = _STRICT_KEYS

    version: int = SNAPSHOT_VERSION
    seed: int
    rng: int
    settings: Settings = field(default_factory=Settings)
    players: list[PlayerState]
    board: BoardState = field(default_factory=BoardState)
    round: int = 1
    first_player: int = 0
    end_round: int | None = None  # set when 2 Objectives are complete: the last round to play
    turn: TurnState = field(default_factory=TurnState)
    pending: list[Task] = field(default_factory=list)  # a stack: the last Task resolves first
    log: list[Event | LogLine] = field(default_factory=list)  # Event: pydantic reads dicts
    choices: list[str] = field(default_factory=list)  # every option id chosen, in order
    # Undo never goes past an information barrier: choices[:undo_floor] are final.
    undo_floor: int = 0
    undo_floor_reason: str = "the game has just begun"
    last_decider: int | None = None
    over: bool = False

    def copy(self, *, only_seat: int | None = None) -> GameState:
        """An independent copy: every mutable part is new; log lines and Lifeform tiles,
        which never change, are shared. `only_seat`: of the players, only this seat's is
        copied, the others' are shared (for a look-ahead that never changes them)."""
        clone = _new(GameState)
        clone.version = self.version
        clone.seed = self.seed
        clone.rng = self.rng
        clone.settings = self.settings.copy()
        if only_seat is None:
            clone.players = [player.copy() for player in self.players]
        else:
            clone.players = self.players.copy()
            clone.players[only_seat] = self.players[only_seat].copy()
        clone.board = self.board.copy()
        clone.round = self.round
        clone.first_player = self.first_player
        clone.end_round = self.end_round
        clone.turn = self.turn.copy()
        clone.pending = [task.copy() for task in self.pending]
        clone.log = self.log.copy()
        clone.choices = self.choices.copy()
        clone.undo_floor = self.undo_floor
        clone.undo_floor_reason = self.undo_floor_reason
        clone.last_decider = self.last_decider
        clone.over = self.over
        return clone

    def dump(self, *, log: bool = True) -> dict[str, Any]:
        """The state as JSON data (`log`: with the log and the choices, else without
        those keys)."""
        data: dict[str, Any] = {
            "version": self.version,
            "seed": self.seed,
            "rng": self.rng,
            "settings": self.settings.dump(),
            "players": [player.dump() for player in self.players],
            "board": self.board.dump(),
            "round": self.round,
            "first_player": self.first_player,
            "end_round": self.end_round,
            "turn": self.turn.dump(),
            "pending": [task.dump() for task in self.pending],
        }
        if log:
            data["log"] = [log_line_data(line) for line in self.log]
            data["choices"] = self.choices.copy()
        data["undo_floor"] = self.undo_floor
        data["undo_floor_reason"] = self.undo_floor_reason
        data["last_decider"] = self.last_decider
        data["over"] = self.over
        return data

    @staticmethod
    def load(data: dict[str, Any]) -> GameState:
        """The state `dump` made, rebuilt without checking (for data this engine wrote)."""
        state = _new(GameState)
        state.version = data["version"]
        state.seed = data["seed"]
        state.rng = data["rng"]
        state.settings = Settings(**data["settings"])
        state.players = [PlayerState.load(player) for player in data["players"]]
        state.board = BoardState.load(data["board"])
        state.round = data["round"]
        state.first_player = data["first_player"]
        state.end_round = data["end_round"]
        state.turn = TurnState.load(data["turn"])
        state.pending = [Task.load(task) for task in data["pending"]]
        state.log = [
            (e["round"], e["seat"], e["kind"], e["text"], e.get("private", False))
            for e in data["log"]
        ]
        state.choices = list(data["choices"])
        state.undo_floor = data["undo_floor"]
        state.undo_floor_reason = data["undo_floor_reason"]
        state.last_decider = data["last_decider"]
        state.over = data["over"]
        return state
