"""A seat changing hands mid-game: kept in the choice log, so the log, saves, replays, resumed
games and undo all agree on who plays each seat from which step on."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import get_args

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Game, InvalidChoice
from entropy_tui.saves.files import SaveError, load_game, read_save, write_save


def played(game: Game, steps: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    for _ in range(steps):
        assert game.decision is not None
        game.choose(rng.choice(game.decision.enabled).id)
    return game


def handed_over() -> Game:
    """Ann (a person) hands her seat to the greedy bot after 12 choices; Bob's random bot
    seat goes to a person after 20."""
    game = played(Game.new(["Ann", "Bob"], seed=5, bots=[None, "random"]), 12)
    game.change_control(0, "greedy")
    played(game, 8, seed=2)
    game.change_control(1, None)
    return played(game, 6, seed=3)


def test_the_change_is_in_the_log_and_the_choice_log_and_the_seat_has_its_new_player() -> None:
    game = handed_over()
    assert [p.bot for p in game.state.players] == ["greedy", None]
    assert game.state.choices[12] == "control:0:person:greedy"
    assert game.state.choices[21] == "control:1:random:person"
    lines = [e.text for e in game.log if e.kind == "control"]
    assert lines == [
        "Ann's seat is now played by the greedy bot",
        "Bob's seat is now played by a person",
    ]
    assert game.config()["bots"] == [None, "random"]  # who sat where at the start


def test_a_replay_makes_the_change_at_the_same_step() -> None:
    game = handed_over()
    replayed = Game.replay(game.config(), game.state.choices)
    assert replayed.snapshot() == game.snapshot()
    before = Game.replay(game.config(), game.state.choices[:12])
    after = Game.replay(game.config(), game.state.choices[:13])
    assert before.player(0).bot is None and after.player(0).bot == "greedy"
    assert before.snapshot()["pending"] == after.snapshot()["pending"]  # no decision is made


def test_a_save_round_trip_keeps_the_change_and_the_starting_seats(tmp_path: Path) -> None:
    game = handed_over()
    path = tmp_path / "game.json"
    write_save(game, path)
    assert read_save(path).config.bots == [None, "random"]
    loaded, _ = load_game(path)
    assert loaded.snapshot() == game.snapshot()
    assert [p.bot for p in loaded.state.players] == ["greedy", None]


def test_a_resumed_session_plays_each_seat_with_its_new_player(tmp_path: Path) -> None:
    game = handed_over()
    path = tmp_path / "game.json"
    write_save(game, path)
    session = Session.from_save(path)
    assert sorted(session.bots) == [0] and session.humans == [1] and session.viewer == 1
    assert [seat.bot for seat in session.seats] == ["greedy", None]
    session.play_bots()
    assert session.decision is not None and session.decision.player == 1


def test_a_session_hands_seats_over_and_keeps_who_sits_at_the_screen() -> None:
    config = GameConfig(parse_seats("Ann,Bea,bot:random"), seed=3)
    session = Session(config)
    assert session.humans == [0, 1] and session.viewer is None
    session.change_control(1, "greedy")  # one human left: Ann sits at the screen
    assert session.humans == [0] and session.viewer == 0 and sorted(session.bots) == [1, 2]
    random_bot = session.bots[2]
    session.change_control(2, None)
    session.change_control(1, "random")
    assert session.humans == [0, 2] and session.viewer == 0
    assert 2 not in session.bots and session.bots[1] is not random_bot
    session.change_control(0, "greedy")  # the person at the screen leaves the table
    assert session.humans == [2] and session.viewer == 2


def test_nothing_before_the_change_can_be_taken_back_and_after_it_undo_works() -> None:
    """Ann moves, Bob's seat goes from the random to the greedy bot, Ann decides again."""
    game = Game.new(["Ann", "Bob"], seed=4, bots=[None, "random"])
    game.choose("move:1")
    game.change_control(1, "greedy")
    assert game.undo_refusal() == "Can't take back: Bob's seat has changed hands since."
    with pytest.raises(InvalidChoice, match="changed hands"):
        game.undone()
    game.choose("star:0")  # the Star to evolve; its next tier comes next
    assert game.decision is not None and game.decision.player == 0  # still Ann's turn
    undone = game.undone()
    assert undone.state.choices == ["move:1", "control:1:random:greedy"]
    assert undone.player(1).bot == "greedy"
    assert undone.undo_refusal() == "Can't take back: Bob's seat has changed hands since."


@pytest.mark.parametrize(
    ("choice", "reason"),
    [
        ("control:0:random:greedy", "played by a person, not by the random bot"),
        ("control:0:person:person", "already plays it"),
        ("control:7:person:greedy", "does not name a seat"),
        ("control:0:person:Greedy!", "'Greedy!' is not a bot of this game"),
        ("control:0:person:oracle", "'oracle' is not a bot of this game"),
        ("control:0:person", "does not name a seat"),
    ],
)
def test_a_malformed_or_stale_change_is_refused_and_changes_nothing(
    choice: str, reason: str
) -> None:
    game = played(Game.new(["Ann", "Bob"], seed=5, bots=[None, "random"]), 3)
    before = game.snapshot()
    with pytest.raises(InvalidChoice, match=reason):
        game.choose(choice)
    assert game.snapshot() == before


def test_a_seat_is_never_handed_to_a_bot_there_is_none_of(tmp_path: Path) -> None:
    game = played(Game.new(["Ann", "Bob"], seed=5), 3)
    before = game.snapshot()
    with pytest.raises(InvalidChoice, match="'oracle' is not a bot of this game"):
        game.change_control(1, "oracle")
    assert game.snapshot() == before
    # A save whose log says so anyway (edited by hand) is refused.
    path = tmp_path / "game.json"
    write_save(game, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["choices"].append("control:1:person:oracle")
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="'oracle' is not a bot of this game"):
        load_game(path)


@pytest.mark.parametrize("option", [None, 3, ["move:1"]])
def test_an_option_that_is_not_a_string_is_refused(option: object) -> None:
    game = Game.new(["Ann", "Bob"], seed=5)
    before = game.snapshot()
    with pytest.raises(InvalidChoice, match="An option is chosen by its id"):
        game.choose(option)  # type: ignore[arg-type]
    assert game.snapshot() == before


def test_a_screen_names_the_bots_of_the_log_by_the_levels_players_choose_them_by() -> None:
    from entropy_tui.bots.registry import BOT_LEVELS
    from entropy_tui.play.log_words import seen_by

    lines = [e.text for e in handed_over().log if e.kind == "control"]
    assert seen_by(lines[0], 0, 1, "Ann") == "Ann's seat is now played by the Casual bot"
    for level in BOT_LEVELS:
        said = seen_by(f"Ann's seat is now played by the {level.kind} bot", 0, 1, "Ann")
        assert said == f"Ann's seat is now played by the {level.name} bot"


def test_a_seat_may_be_handed_to_every_bot_there_is_and_only_to_those() -> None:
    from entropy_tui.bots import BOTS
    from entropy_tui.rules import BOT_KINDS
    from entropy_tui.saves.schema import BotKind

    assert set(BOT_KINDS) == set(BOTS) == set(get_args(BotKind))


def test_the_engine_speaks_of_bots_by_their_kind_only() -> None:
    """The levels players read ("Casual") are the UI's words: the engine keeps none."""
    from entropy_tui.bots.registry import BOT_LEVELS
    from entropy_tui.rules import control

    source = Path(control.__file__).read_text(encoding="utf-8")
    for level in BOT_LEVELS:
        assert level.name not in source
