"""Every abbreviation, symbol and counter the screens show, with what it means: the one table the
glossary screen is drawn from (and a test checks that the screens show nothing it lacks).

Each entry has the forms (regular expressions) that its spellings on screen take, so "+2E",
"3E" and "(2E)" are all found as Energy."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from entropy_tui.play.config import COLOURS
from entropy_tui.play.glyphs import (
    ASTEROID_SPACE,
    CHANGED,
    CONDITION_LETTER,
    LIFEFORM_LETTER,
    LINK,
    LOCKED_WILD,
    RESOURCE_LETTER,
    TOKEN_LETTER,
)
from entropy_tui.rules import NO_ICONS, title

SEAT_SYMBOLS = "".join(colour.symbol for colour in COLOURS)
_SEAT = f"[{re.escape(SEAT_SYMBOLS)}]"
_COUNT = r"[+-]?\d*"  # "+2", "-1", "3" or nothing before a letter


@dataclass(frozen=True, slots=True)
class Entry:
    term: str  # as the screen shows it
    meaning: str
    forms: tuple[str, ...] = ()  # regular expressions for the spellings on screen


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    entries: tuple[Entry, ...]


def _counted(letter: str, meaning: str) -> Entry:
    return Entry(letter, meaning, (_COUNT + re.escape(letter),))


def _token(letter: str, meaning: str) -> Entry:
    """A token's letter, alone (in the rondel's key) or after its seat's symbol ("@P")."""
    return Entry(letter, meaning, (f"{_SEAT}?{re.escape(letter)}",))


_RESOURCES = Section(
    "Resources and cards (a number before the letter says how many: +2E gains 2 Energy)",
    (
        _counted(RESOURCE_LETTER["energy"], "Energy (also what evolving a Star costs: IIA (2E))"),
        _counted(RESOURCE_LETTER["mass"], "Mass (also a Planet's cost in the offer: 3M)"),
        _counted(RESOURCE_LETTER["entropy"], "Entropy (also a Star's activation cost: 1X)"),
        _counted(RESOURCE_LETTER["vp"], "Victory Points"),
        _counted("L", "Life cards: +1L takes one; 2L beside a seat is its hand"),
    ),
)

_LIFEFORMS = Section(
    "Lifeforms (two letters, so they never read as a token or an icon)",
    tuple(_counted(letter, title(kind)) for kind, letter in LIFEFORM_LETTER.items()),
)

_ICONS = Section(
    "Life Condition icons (in square brackets; also a Planet's and an Asteroid's type)",
    (
        *(Entry(letter, title(kind)) for kind, letter in CONDITION_LETTER.items()),
        Entry("[HW]", "the icons printed on a tile: one Heat and one Water", (r"\[[HCWR]+\]",)),
        Entry(f"({NO_ICONS})", "a tile without icons"),
    ),
)

_TOKENS = Section(
    "Creation tokens (in a rondel slot, after the symbol of the seat they belong to)",
    (
        _token(TOKEN_LETTER["star"], "Star token (Evolve a Star)"),
        _token(TOKEN_LETTER["planet"], "Planet token (Aggregate Planet)"),
        _token(TOKEN_LETTER["asteroid"], "Asteroid token (Catch an Asteroid)"),
        _token(TOKEN_LETTER["wild"], "Wild token: stands for any token, triggers no Focus card"),
        _token(LOCKED_WILD, "the Wild token still locked: the first pass turns it active"),
        Entry("@P #Wd", "seat @'s Planet token and seat #'s Wild token lie in that slot"),
        Entry("slot", "the Creation-token slot before an inner space: tokens placed there"),
    ),
)

_RONDEL = Section(
    "Rondel",
    (
        Entry("I0-I5", "the inner Action spaces, clockwise", (r"I[0-5]",)),
        Entry("O0-O5", "the outer Action spaces (Action tiles)", (r"O[0-5]",)),
        Entry(
            " ".join(SEAT_SYMBOLS),
            "the seats' symbols (besides a colour): whose Scientist or token",
            (f"{_SEAT}+",),
        ),
        Entry(
            LINK,
            "the rulebook's lightning bolt: the outer space counts as one place with the inner"
            " space beside it when you ask whether a Scientist is there",
            (re.escape(LINK),),
        ),
        Entry("not linked", "no lightning bolt: the outer space stands alone"),
        Entry("+2E | +1E", "Traffic Bonus at effective distance 1 | at distance 2", (r"\|",)),
        Entry("(back)", "the Action tile lies on its back side: no Traffic Bonus"),
        Entry("[1] [2] [3]", "moving 1, 2 or 3 spaces ends here", (r"\[[1-3]\](ok|NO)?",)),
        Entry("ok", "you may end your move there", ("ok",)),
        Entry("NO", "you may not end there (the reason follows)", ("NO",)),
        Entry(
            "d1 d2 d3", "effective distance: spaces moved, +1 if a Scientist is there", (r"d\d",)
        ),
        Entry("+1 busy", "another Scientist is there: the distance counts one more"),
        Entry("2adv", "advance 2 Lifeforms (Bacteria to Plant, Plant to Animal)", (r"\d+adv",)),
        Entry("+2life", "the Life card you play gives 2 more Lifeforms", (r"\+\d+life",)),
    ),
)

_COUNTERS = Section(
    "Counters on the Consoles and the other seats",
    (
        Entry(
            "stars 1/3",
            "a Main Objective track: 1 space along, the last space is 3",
            (r"\d+/\d+",),
        ),
        Entry("Generator 2/8", "on space 2 of the Generator track's 8 spaces"),
        Entry(
            "obj 0/1/1",
            "the seat's space on each Main Objective track, in order",
            (
                "obj",
                r"\d+/\d+/\d+",
            ),
        ),
        Entry("gen 3", "the seat's space on the Generator track, counted from 1", ("gen",)),
        Entry("sys", "Solar Systems", ("sys",)),
        Entry("ast", "Asteroids in its Solar Systems", ("ast",)),
        Entry("life", "Lifeforms on its Planets"),
        Entry("at O4", "where its Scientist stands"),
        Entry("advanced 1x", "how many times the Generator advanced", (r"\d+x",)),
        Entry("x2", "done twice", (r"x\d+",)),
        Entry("tier 0", "how far a Focus card is upgraded (0, 1 or 2)"),
        Entry("set B", "the seat's set of Focus cards (A to D)", ("[A-D]",)),
        Entry("(top) (bottom)", "an Asteroid's space on its Planet"),
        Entry(
            f"{ASTEROID_SPACE['mass']}AH06 {ASTEROID_SPACE['lifeform']}AC02",
            "in a drawn Solar System: the Asteroid on the Planet's top space, on its bottom one",
            (f"[{''.join(ASTEROID_SPACE.values())}]A[HCWR]\\d\\d",),
        ),
        Entry("empty Planet space", "room in a Solar System for one more Planet"),
        Entry("score now 13", "the seat's score if the game ended now"),
        Entry(
            "Ba 17/18",
            "on the line under the top one: 17 Bacteria in the seat's play area, and 18 claim"
            " its next Lifeform tile (no /18: no tile of it left to claim)",
        ),
        Entry(
            "3 x 2 = 6",
            "a Main Objective's VP per unit where the marker is, x units = VP",
            (
                "x",
                "=",
            ),
        ),
        Entry("9 / 4 = 2", "the leftovers (resources and Life cards) give 1 VP per 4"),
        Entry("(private)", "only the seat at the keyboard sees this"),
        Entry("(open hands)", "the game is played with every hand shown"),
        Entry("(hidden)", "another seat's hand: only how many cards"),
    ),
)

_OFFERS = Section(
    "Offers and tracks",
    (
        Entry("->", "a Star evolves to these Stars, for the Energy in brackets", ("->",)),
        Entry("6 left", "tiles left in that Star stack"),
        Entry("(4 in stack)", "tiles in that stack, the one on top included"),
        Entry("free", "an Asteroid whose catching costs nothing"),
        Entry(
            "[3@#]",
            "a Main Objective space worth 3 VP per unit; @ and # stand on it",
            (rf"\[\d+{_SEAT}*\]",),
        ),
        Entry("18+", "at least 18", (r"\d+\+",)),
    ),
)

_IDS = Section(
    "Tile and card names",
    (
        Entry("I II III IV", "the tiers of Stars", (r"I{1,3}|IV",)),
        Entry("IA ... IVC", "Star tiles: tier I to IV, then A, B or C", (r"I{1,3}[A-C]|IV[A-C]",)),
        Entry("S1", "a starting Star", (r"S\d+",)),
        Entry("SP1", "a starting Planet", (r"SP\d+",)),
        Entry("H01 C01 W01 R01", "Planet tiles, by type", (r"[HCWR]\d\d",)),
        Entry("AH01", "Asteroid tiles: A, then the type", (r"A[HCWR]\d\d",)),
        Entry("BA01 BS01", "Abundant and Scarce Biomes", (r"B[AS]\d\d",)),
        Entry("L1", "a Life card", (r"L\d+",)),
        Entry("M1", "a Mission", (r"M\d+",)),
    ),
)

_STATUS = Section(
    "Top line and prompt",
    (
        Entry("-", "none", ("-",)),
        Entry(">", "the highlighted option: Enter takes it", (r">\d*",)),
        Entry("<-", "in a guided game, the option the coach suggests", ("<-",)),
        Entry("…", "the line goes on beyond the window: the log has all of it"),
        Entry(
            CHANGED,
            "changed since your last turn (a Scientist that moved, a token, a Planet, a track,"
            " an offer), on a coloured background; the marks go once you choose",
            (re.escape(CHANGED),),
        ),
        Entry(
            "R24!",
            "round 24; ! once the end of the game is in sight (the top line says after whose"
            ' turn it ends, "R25" its last round)',
            (r"R\d+!?",),
        ),
        Entry(
            "b:Board o:Offers ...",
            "in small windows, the key that shows each panel",
            (r"[a-z]:[A-Z][a-z]+",),
        ),
    ),
)

GLOSSARY: tuple[Section, ...] = (
    _RESOURCES,
    _LIFEFORMS,
    _ICONS,
    _TOKENS,
    _RONDEL,
    _COUNTERS,
    _OFFERS,
    _IDS,
    _STATUS,
)


@cache
def _pattern() -> re.Pattern[str]:
    forms = [form for section in GLOSSARY for entry in section.entries for form in entry.forms]
    return re.compile("|".join(f"(?:{form})" for form in forms))


def explained(token: str) -> bool:
    """Is this piece of screen text (no spaces) one of the glossary's forms?"""
    return _pattern().fullmatch(token) is not None
