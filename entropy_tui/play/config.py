"""Who plays and how: seats (name, human or bot, colour) and the game's settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from entropy_tui.bots.registry import LEVEL_OF, bot_kind, kinds_words, level_name

if TYPE_CHECKING:
    from entropy_tui.rules import Game
    from entropy_tui.saves.schema import SaveFile

MIN_SEATS, MAX_SEATS = 2, 4
HINT_SECONDS = 1.0  # the expert's thinking time for a hint: its time for a decision of its own


def controller_words(bot: str | None) -> str:
    """Who plays a seat, as a sentence names them: "a person", "the Casual bot"."""
    return "a person" if bot is None else f"the {level_name(bot)} bot"


@dataclass(frozen=True, slots=True)
class SeatColour:
    """A player colour; its symbol carries the same meaning for readers who can't see colour."""

    key: str  # also names the theme variable "seat-<key>"
    name: str
    symbol: str

    @property
    def style(self) -> str:
        return f"bold $seat-{self.key}"


COLOURS: tuple[SeatColour, ...] = (
    SeatColour("orange", "Orange", "@"),
    SeatColour("blue", "Blue", "#"),
    SeatColour("teal", "Teal", "&"),
    SeatColour("purple", "Purple", "%"),
    SeatColour("red", "Red", "*"),
    SeatColour("yellow", "Yellow", "$"),
)
COLOUR_BY_KEY: dict[str, SeatColour] = {c.key: c for c in COLOURS}


@dataclass(frozen=True, slots=True)
class SeatConfig:
    name: str
    bot: str | None = None  # None: a person at the keyboard
    colour: str = "orange"
    remote: bool = False  # a person at a shared table who plays from another terminal

    @property
    def look(self) -> SeatColour:
        return COLOUR_BY_KEY[self.colour]

    @property
    def kind_label(self) -> str:
        if self.bot is not None:
            return f"{level_name(self.bot)} bot"
        return "remote player" if self.remote else "human"


@dataclass(frozen=True, slots=True)
class GameConfig:
    seats: tuple[SeatConfig, ...]
    seed: int
    alternative_objectives: bool = False
    open_hands: bool = False
    tutorial: bool = False  # a guided game, with the coach
    # A person ends their turn with "End your turn" (bots never do); the engine's own default
    # is off, which is what games saved before the setting existed were played with.
    confirm_turn_end: bool = True
    hints: bool = True  # `h` asks the expert for a hint at a person's decision
    edition: int | None = None  # of the component data (None: the newest)

    @classmethod
    def of_save(cls, save: SaveFile) -> GameConfig:
        """The seats and settings of a saved game; colours the save lacks (or repeats) are
        dealt in the usual order."""
        saved = save.config
        colours = [c for c in save.colours if c in COLOUR_BY_KEY]
        if len(colours) != len(saved.seats) or len(set(colours)) != len(colours):
            colours = [colour.key for colour in COLOURS[: len(saved.seats)]]
        return cls(
            seats=tuple(
                SeatConfig(name, bot, colour)
                for name, bot, colour in zip(saved.seats, saved.bots, colours, strict=True)
            ),
            seed=saved.seed,
            alternative_objectives=saved.alternative_objectives,
            open_hands=saved.open_hands,
            tutorial=save.tutorial is not None,
            confirm_turn_end=saved.confirm_turn_end,
            hints=save.hints,
            edition=saved.edition,
        )

    def new_game(self) -> Game:
        """The game this configuration starts."""
        from entropy_tui.rules import Game

        return Game.new(
            [seat.name for seat in self.seats],
            seed=self.seed,
            bots=[seat.bot for seat in self.seats],
            alternative_objectives=self.alternative_objectives,
            open_hands=self.open_hands,
            confirm_turn_end=self.confirm_turn_end,
            edition=self.edition,
        )

    @property
    def remote_seats(self) -> frozenset[int]:
        """At a shared table: the seats played over the network."""
        return frozenset(number for number, seat in enumerate(self.seats) if seat.remote)

    def problems(self) -> list[str]:
        """What stops this configuration from starting a game, in words."""
        found = []
        if not MIN_SEATS <= len(self.seats) <= MAX_SEATS:
            found.append(f"Entropy needs {MIN_SEATS} to {MAX_SEATS} seats, not {len(self.seats)}.")
        names = [seat.name.strip() for seat in self.seats]
        if any(not name for name in names):
            found.append("Every seat needs a name.")
        if len({name.casefold() for name in names}) != len(names):
            found.append("Two seats have the same name.")
        if len({seat.colour for seat in self.seats}) != len(self.seats):
            found.append("Two seats have the same colour.")
        unknown = sorted({s.bot for s in self.seats if s.bot is not None} - set(LEVEL_OF))
        if unknown:
            found.append(f"Unknown bot kind {', '.join(unknown)}: use {kinds_words()}.")
        return found


def tutorial_config(name: str = "Ann") -> GameConfig:
    """The guided first game: the learner, then the coach's chosen bot, on the chosen seed."""
    from entropy_tui.play.coach import TUTORIAL_OPPONENT, TUTORIAL_SEED

    bot_name, bot = TUTORIAL_OPPONENT
    if name.strip().casefold() == bot_name.casefold():
        bot_name = f"{bot_name} (bot)"
    learner = SeatConfig(name.strip() or "Ann", None, COLOURS[0].key)
    opponent = SeatConfig(bot_name, bot, COLOURS[1].key)
    return GameConfig((learner, opponent), seed=TUTORIAL_SEED, tutorial=True)


def parse_seats(spec: str) -> tuple[SeatConfig, ...]:
    """`"Ann,Bob,bot:greedy"` -> seats in order; a bot entry may name itself: `bot:random:Rex`,
    and may name its level instead of its kind: `bot:casual`.

    Colours follow the order of COLOURS. Raises ValueError with a readable message.
    """
    entries = [part.strip() for part in spec.split(",") if part.strip()]
    if not MIN_SEATS <= len(entries) <= MAX_SEATS:
        raise ValueError(f"--seats needs {MIN_SEATS} to {MAX_SEATS} names, got {len(entries)}")
    seats = []
    for position, entry in enumerate(entries):
        colour = COLOURS[position].key
        if entry.lower().startswith("bot:"):
            _, _, rest = entry.partition(":")
            word, _, name = rest.partition(":")
            kind = bot_kind(word)
            if kind is None:
                raise ValueError(f"unknown bot {word.strip()!r} in {entry!r}: use {kinds_words()}")
            default_name = f"{level_name(kind)} {position + 1}"
            seats.append(SeatConfig(name.strip() or default_name, kind, colour))
        else:
            seats.append(SeatConfig(entry, None, colour))
    config = GameConfig(tuple(seats), seed=0)
    if config.problems():
        raise ValueError(" ".join(config.problems()))
    return config.seats
