"""A game's configuration, the one shape every way of starting a game goes through: the
command line, the new-game screen, a shared table's seats, a save, and simulate."""

from __future__ import annotations

from pathlib import Path

from entropy_tui.play.config import COLOURS, GameConfig, SeatConfig
from entropy_tui.play.simulate import bots_config
from entropy_tui.rules import Game
from entropy_tui.saves.files import read_save, write_save
from entropy_tui.table.seats import parse_table_seats


def test_a_configuration_starts_its_game_and_the_game_s_save_gives_it_back(
    tmp_path: Path,
) -> None:
    seats = (SeatConfig("Ann", None, COLOURS[0].key), SeatConfig("Rex", "greedy", COLOURS[1].key))
    config = GameConfig(
        seats,
        seed=9,
        alternative_objectives=True,
        open_hands=True,
        confirm_turn_end=False,
        edition=1,
    )
    game = config.new_game()
    assert game.config() == {
        "seats": ["Ann", "Rex"],
        "seed": 9,
        "bots": [None, "greedy"],
        "alternative_objectives": True,
        "open_hands": True,
        "confirm_turn_end": False,
        "edition": 1,
    }
    write_save(game, tmp_path / "game.json")
    assert GameConfig.of_save(read_save(tmp_path / "game.json")) == config


def test_a_table_s_remote_seats_are_marked_on_the_seats_themselves() -> None:
    config = GameConfig(parse_table_seats("remote:Ann,Cy,remote:Bob,bot:greedy"), seed=1)
    assert [seat.remote for seat in config.seats] == [True, False, True, False]
    assert [seat.name for seat in config.seats] == ["Ann", "Cy", "Bob", "Casual 4"]
    assert config.remote_seats == frozenset({0, 2})


def test_simulate_s_games_are_those_it_played_before_it_went_through_the_configuration() -> None:
    game = bots_config(["expert", "greedy"], 5, 2).new_game()
    before = Game.new(["Bot 1", "Bot 2"], seed=5, bots=["expert", "greedy"], edition=2)
    assert game.snapshot() == before.snapshot()
