"""The glossary: every abbreviation, symbol and counter the game screens show is explained in it,
it opens with g from the game, the replay and the help screen, and hands say who sees them."""

from __future__ import annotations

import re

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.glossary import GLOSSARY, explained
from entropy_tui.play.glyphs import (
    CHANGED,
    CONDITION_LETTER,
    LIFEFORM_LETTER,
    RESOURCE_LETTER,
    TOKEN_LETTER,
)
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.keys import COMMANDS
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.glossary import GlossaryScreen, glossary_tables
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.screens.help import HelpScreen
from entropy_tui.tui.widgets.line_view import joined
from entropy_tui.tui.widgets.text_panel import TextPanel

from .helpers import plain_text, press, screen_text
from .scenes import SCENES, SIZES, game_over, mid_game

# Short words of plain English the screens use; any other short token is an abbreviation.
_SHORT = (
    "a an and any are as at be by can do for get has his her if in is it its let may me more"
    " my no not now of off on one or out own per put see set the to top two up use was way"
    " who why yet you all end few new big bot how ask add pay log act sum"
)
SHORT_WORDS = set(_SHORT.split())
BOX_DRAWING = re.compile(r"[\u2500-\u259f\u25b2-\u25c5]")  # frames, scroll bars, the footer's
KEYS = {part for command in COMMANDS for part in command.display.split("/")} | {"^p"}
WORD = re.compile(r"[A-Za-z][a-z'-]*")  # "Bacteria", "don't", "grow-only"
CAPITALS = re.compile(r"[A-Z]{5,}")  # a word in capitals: "ENTROPY"; shorter ones are checked
NUMBER = re.compile(r"[+-]?\d+(-\d+|st|nd|rd|th)?")  # "3", "+1", "1-3", "1st"


def unexplained(text: str, names: set[str]) -> set[str]:
    """The pieces of `text` that are neither words, numbers, names nor keys, and that the
    glossary does not explain."""
    found = set()
    for raw in BOX_DRAWING.sub(" ", text).split():
        # "…": cut to fit; "*": the mark of a change, before what changed
        token = raw.rstrip("…").lstrip(CHANGED).strip(".,;:'\"()").removesuffix("'s")
        if "/" in token and not re.search(r"\d", token):  # "Bacteria/Plant/Animal"
            found |= unexplained(token.replace("/", " "), names)
            continue
        if "]" not in token:
            token = token.lstrip("[")
        if "[" not in token:
            token = token.rstrip("]")
        if not token or token in names or token in KEYS or NUMBER.fullmatch(token):
            continue
        if WORD.fullmatch(token) and (len(token) >= 4 or token.lower() in SHORT_WORDS):
            continue
        if CAPITALS.fullmatch(token):
            continue
        if not explained(token):
            found.add(token)
    return found


def test_the_check_finds_what_the_glossary_lacks() -> None:
    assert unexplained("life 4Ba 0Pl 0An; obj 0/1/1; gen 3 [HW] I4 ~ 3E 2M", set()) == set()
    assert unexplained("life 4Zq; qz 7 [HQ] Ann", set()) == {"4Zq", "qz", "[HQ]", "Ann"}
    assert unexplained("Ann", {"Ann"}) == set()


def test_each_letter_means_one_thing() -> None:
    letters = [
        *RESOURCE_LETTER.values(),
        *LIFEFORM_LETTER.values(),
        *CONDITION_LETTER.values(),
        *TOKEN_LETTER.values(),
        "L",
    ]
    assert len(letters) == len(set(letters)), letters
    terms = {entry.term for section in GLOSSARY for entry in section.entries}
    assert set(letters) <= terms


SHOWN = {
    "game_start": SCENES["game_start"],
    "mid_game": SCENES["mid_game"],
    "replay": SCENES["replay"],
    "tutorial": SCENES["tutorial"],
    "last_round": SCENES["last_round"],
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHOWN)
async def test_every_abbreviation_on_screen_is_in_the_glossary(name: str, size: str) -> None:
    scene = SHOWN[name]
    app = scene.make()
    async with app.run_test(size=SIZES[size]) as pilot:
        await press(pilot, *scene.keys)
        await pilot.pause()
        names = {part for seat in app.screen.session.seats for part in seat.name.split()}
        texts = [screen_text(app)]
        for panel in ("b", "o", "c", "p", "l"):  # each panel in view, at small sizes too
            await press(pilot, panel)
            texts.append(screen_text(app))
        texts += [
            joined(line).plain for panel in app.screen.query(TextPanel) for line in panel._lines
        ]
        missing = unexplained("\n".join(texts), names)
        assert not missing, f"not in the glossary: {sorted(missing)}"


async def test_g_opens_the_glossary_in_a_game_in_help_and_in_a_replay() -> None:
    app = mid_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "g")
        assert isinstance(app.screen, GlossaryScreen)
        await press(pilot, "escape", "question_mark", "g")
        assert isinstance(app.screen, GlossaryScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, HelpScreen)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
    app = game_over()
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "r", "right", "g")
        assert isinstance(app.screen, GlossaryScreen)


def test_the_glossary_shows_every_entry() -> None:
    text = plain_text(glossary_tables(), width=160)
    for section in GLOSSARY:
        assert section.heading in text
        for entry in section.entries:
            assert entry.term in text


@pytest.mark.parametrize(("open_hands", "heading"), [(False, "(private)"), (True, "(open hands)")])
async def test_a_shown_hand_says_who_else_sees_it(open_hands: bool, heading: str) -> None:
    config = GameConfig(parse_seats("Ann,Bea"), seed=7, open_hands=open_hands)
    app = EntropyApp(config=config, bot_delay=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):  # a cover to lift, unless hands are open
            await press(pilot, "enter")
        text = screen_text(app)
        assert f"Hand {heading}" in text
        assert ("(private)" in text) is not open_hands
