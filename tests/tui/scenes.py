"""The app in fixed, reproducible states: for snapshot tests and for scripts/screenshots.py.

Every state comes from fixed seeds and bot_delay 0, so nothing depends on a clock."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from textual.app import App
from textual.events import Mount

import entropy_tui.tui.app as app_module
from entropy_tui.bots import make_bot
from entropy_tui.play.config import GameConfig, parse_seats, tutorial_config
from entropy_tui.play.session import Session
from entropy_tui.saves.files import copy_path, new_autosave_path, write_save
from entropy_tui.tui.app import EntropyApp

from .club_scenes import club_lobby
from .played_once import played_once
from .review_scenes import lost_game_review

SIZES: dict[str, tuple[int, int]] = {"80x24": (80, 24), "160x50": (160, 50)}


def _config(spec: str, seed: int) -> GameConfig:
    return GameConfig(parse_seats(spec), seed=seed)


@played_once
def _played(
    config: GameConfig, *, until_round: int | None = None, remember: bool = False
) -> Session:
    """A session where every seat, the humans too, played as the greedy bot would, until the
    given round (at a human's decision) or the end. `remember`: as if each person chose at the
    screen, which marks what the others changed since."""
    session = Session(config)
    stand_ins = {seat: make_bot("greedy", 100 + seat) for seat in session.humans}
    while not session.game.over:
        session.play_bots()
        seat = session.human_to_move()
        if seat is None:
            continue
        if until_round is not None and session.game.state.round >= until_round:
            session.take_keyboard(seat)
            break
        decision = session.decision
        assert decision is not None
        session.choose(stand_ins[seat].decide(session.game.view(seat), decision))
        if remember:
            session.looks.acted(seat, session.game.view(None))
    return session


def new_game() -> EntropyApp:
    return EntropyApp(settings=GameConfig((), seed=4242), seed_chosen=True, bot_delay=0)


def game_start() -> EntropyApp:
    return EntropyApp(config=_config("Ann,bot:greedy,bot:random", 7), bot_delay=0)


def mid_game() -> EntropyApp:
    session = _played(_config("Ann,bot:greedy,bot:random", 7), until_round=9)
    return EntropyApp(session=session, bot_delay=0)


def changes_marked() -> EntropyApp:
    """Two people and a bot in round 3: the person back at the keyboard sees marked what the
    others changed since their last choice."""
    session = _played(_config("Ann,Bea,bot:greedy", 3), until_round=3, remember=True)
    return EntropyApp(session=session, bot_delay=0)


def tutorial() -> EntropyApp:
    """Learn to play: the guided game, its coach at the first decision."""
    return EntropyApp(config=tutorial_config(), bot_delay=0)


def handoff() -> EntropyApp:
    return EntropyApp(config=_config("Ann,Bea,bot:greedy", 3), bot_delay=0)


def turn_end() -> EntropyApp:
    """A person at the "End your turn" step in round 3 (Enter then shows the next cover)."""
    return EntropyApp(session=_at_turn_end(), bot_delay=0)


@played_once
def _at_turn_end() -> Session:
    session = _played(_config("Ann,Bea,bot:greedy", 3), until_round=3)
    stand_ins = {seat: make_bot("greedy", 100 + seat) for seat in session.humans}
    while (decision := session.decision) is not None and decision.kind != "confirm_turn_end":
        session.choose(
            stand_ins[decision.player].decide(session.game.view(decision.player), decision)
        )
        session.play_bots()
    assert decision is not None
    session.take_keyboard(decision.player)
    return session


def last_round(names: str = "Ann,Bea") -> EntropyApp:
    """The second seat's first decision of the last round (round 25), the first seat having
    had the keyboard: the cover, then the top line, say when the game ends."""
    return EntropyApp(session=_in_last_round(names), bot_delay=0)


@played_once
def _in_last_round(names: str) -> Session:
    session = Session(_config(f"{names},bot:greedy", 3))
    stand_ins = {seat: make_bot("greedy", 100 + seat) for seat in session.humans}
    while True:
        session.play_bots()
        decision = session.decision
        assert decision is not None
        state = session.game.state
        if decision.player == 1 and state.end_round == state.round:
            break
        session.choose(
            stand_ins[decision.player].decide(session.game.view(decision.player), decision)
        )
    session.take_keyboard(0)  # Ann had the keyboard: the cover asks for Bea
    return session


def create_life_steps() -> EntropyApp:
    """Create Life's second step: the card is chosen, now the Planet, each option saying what
    the limit of 5 throws away (Esc goes back to the card)."""
    return EntropyApp(session=_at_create_life_second_step(), bot_delay=0)


@played_once
def _at_create_life_second_step() -> Session:
    session = Session(_config("Ann,bot:greedy", 7))
    stand_in = make_bot("greedy", 100)
    while True:
        session.play_bots()
        decision = session.decision
        assert decision is not None
        planets = [o for o in decision.options if o.label.startswith("On ")]
        second_step = decision.prompt.startswith("Create Life: play")
        if decision.player == 0 and second_step and len(planets) > 1:  # a card for 2 Planets
            break
        session.choose(stand_in.decide(session.game.view(0), decision))
    session.take_keyboard(0)
    return session


def game_over() -> EntropyApp:
    return EntropyApp(session=_played(_config("Ann,bot:greedy,bot:random", 7)), bot_delay=0)


def new_game_with_saves() -> EntropyApp:
    """The start screen with Continue and a list of saves (written into ENTROPY_TUI_DATA)."""
    finished = _played(_config("Ann,bot:greedy,bot:random", 7))
    write_save(finished.game, copy_path("Sunday"), colours=["orange", "blue", "teal"])
    unfinished = _played(_config("Ann,bot:greedy,bot:random", 7), until_round=9)
    write_save(unfinished.game, new_autosave_path(), colours=["orange", "blue", "teal"])
    return EntropyApp(settings=GameConfig((), seed=4242), seed_chosen=True, bot_delay=0)


# A table's lobby as a newcomer finds it: a free seat, a seat in play, one whose player is
# away, a person at the host's keyboard and a bot.
LOBBY_TABLE = {
    "op": "lobby",
    "notice": "",
    "spectators": 1,
    "seats": [
        {"name": "Ann", "colour": "orange", "bot": None, "remote": True, "state": "playing"},
        {"name": "Bob", "colour": "blue", "bot": None, "remote": True, "state": "away"},
        {"name": "Cy", "colour": "teal", "bot": None, "remote": False, "state": "playing"},
        {"name": "Dee", "colour": "purple", "bot": None, "remote": True, "state": "free"},
    ],
}


class LobbyApp(EntropyApp):
    """The lobby alone, with no table behind it."""

    # A style sheet's path is read beside the module of the class naming it.
    CSS_PATH: ClassVar = [
        str(Path(app_module.__file__).parent / name) for name in EntropyApp.CSS_PATH
    ]

    def on_mount(self, event: Mount) -> None:
        from entropy_tui.tui.screens.lobby import LobbyScreen

        event.prevent_default()
        self.push_screen(LobbyScreen(LOBBY_TABLE))


@dataclass(frozen=True)
class Scene:
    make: Callable[[], App[Any]]
    keys: tuple[str, ...] = ()


SCENES: dict[str, Scene] = {
    "new_game": Scene(new_game),
    "game_start": Scene(game_start),
    "mid_game": Scene(mid_game),
    "handoff": Scene(handoff),
    "turn_end": Scene(turn_end),
    "handoff_recap": Scene(turn_end, ("enter",)),
    "help": Scene(game_start, ("question_mark",)),
    "glossary": Scene(mid_game, ("g",)),
    "rules": Scene(mid_game, ("f1",)),
    "game_over": Scene(game_over),
    "create_life_steps": Scene(create_life_steps),  # the card chosen, then its Planet
    "last_round_handoff": Scene(last_round),  # the cover says when the game ends
    "last_round": Scene(last_round, ("enter",)),  # and so does the top line
    "score_table": Scene(mid_game, ("s",)),
    "changes_marked": Scene(changes_marked),  # what the others did, marked until you choose
    "replay": Scene(game_over, ("r", *["right"] * 40)),
    "review": Scene(lost_game_review),  # `a` after a lost game: the costliest decisions, the chart
    "tutorial": Scene(tutorial, ("enter",)),  # a lesson, and a suggestion that is not option 1
    "lobby": Scene(LobbyApp),
    "club_lobby": Scene(club_lobby),  # a member's lobby at a club, every section filled
}
# Shown in the screenshots only: the snapshot tests keep to the list above.
MORE_SCENES: dict[str, Scene] = {
    "seat_consoles": Scene(mid_game, ("v", "right")),
    "quit_confirm": Scene(mid_game, ("q",)),
    "command_palette": Scene(mid_game, ("ctrl+p",)),
    "offers": Scene(mid_game, ("o",)),
    "log": Scene(mid_game, ("l",)),
    "save_copy": Scene(mid_game, ("ctrl+s",)),
    "new_game_saved_games": Scene(new_game_with_saves),
    "tutorial_first_move": Scene(tutorial),
    "solar_system": Scene(mid_game, ("c",) * 3),  # the Console's page with the drawing
}
# The game screen at each layout's smallest size, and each panel paged (snapshot tests too).
LAYOUT_SIZES: dict[str, tuple[int, int]] = {"110x32": (110, 32), "150x40": (150, 40)}
LAYOUT_SCENES = ("game_start", "mid_game")
PANEL_SCENES: dict[str, tuple[Scene, tuple[int, int]]] = {
    "offers_first_page": (Scene(mid_game, ("o",)), (80, 24)),
    "offers_last_page": (Scene(mid_game, ("o",) * 6), (80, 24)),
    "console_second_page": (Scene(mid_game, ("c", "c")), (80, 24)),
    "players": (Scene(mid_game, ("p",)), (80, 24)),
    "log_older": (Scene(mid_game, ("l", "l")), (80, 24)),
    "other_seat_console": (Scene(mid_game, ("v", "right")), (80, 24)),
    "medium_offers": (Scene(mid_game, ("o",)), (110, 32)),
    "medium_players": (Scene(mid_game, ("p",)), (110, 32)),
    "solar_system": (Scene(mid_game, ("c",) * 3), (80, 24)),  # drawn, on a Console page
    "medium_solar_system": (Scene(mid_game, ("c",) * 3), (110, 32)),
}
