"""Who plays and how: seats (name, human or bot, colour) and the game's settings."""

from __future__ import annotations

from dataclasses import dataclass

BOT_KINDS: tuple[str, ...] = ("random", "greedy")
MIN_SEATS, MAX_SEATS = 2, 4


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

    @property
    def look(self) -> SeatColour:
        return COLOUR_BY_KEY[self.colour]

    @property
    def kind_label(self) -> str:
        return "human" if self.bot is None else f"{self.bot} bot"


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
        unknown = sorted({s.bot for s in self.seats if s.bot is not None} - set(BOT_KINDS))
        if unknown:
            found.append(f"Unknown bot kind {', '.join(unknown)}: use {' or '.join(BOT_KINDS)}.")
        return found


def tutorial_config(name: str = "Ann") -> GameConfig:
    """The guided first game: the learner, then the coach's chosen bot, on the chosen seed."""
    from entropy_tui.coach import TUTORIAL_OPPONENT, TUTORIAL_SEED

    bot_name, bot = TUTORIAL_OPPONENT
    if name.strip().casefold() == bot_name.casefold():
        bot_name = f"{bot_name} (bot)"
    learner = SeatConfig(name.strip() or "Ann", None, COLOURS[0].key)
    opponent = SeatConfig(bot_name, bot, COLOURS[1].key)
    return GameConfig((learner, opponent), seed=TUTORIAL_SEED, tutorial=True)


def parse_seats(spec: str) -> tuple[SeatConfig, ...]:
    """`"Ann,Bob,bot:greedy"` -> seats in order; a bot entry may name itself: `bot:random:Rex`.

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
            kind, _, name = rest.partition(":")
            kind = kind.strip().lower()
            if kind not in BOT_KINDS:
                raise ValueError(f"unknown bot {kind!r} in {entry!r}: use {' or '.join(BOT_KINDS)}")
            seats.append(SeatConfig(name.strip() or f"{kind.title()} {position + 1}", kind, colour))
        else:
            seats.append(SeatConfig(entry, None, colour))
    config = GameConfig(tuple(seats), seed=0)
    if config.problems():
        raise ValueError(" ".join(config.problems()))
    return config.seats
