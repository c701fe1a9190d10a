"""A seat's view is typed (rules/view_data.py): its TypedDicts name exactly the keys the view
has, part by part, so code reading a view by key is checked against the keys it will find."""

from __future__ import annotations

from typing import Any, get_type_hints

from entropy_tui.rules import Game
from entropy_tui.rules.view_data import (
    BoardData,
    PlanetData,
    PlayerData,
    SettingsData,
    SystemData,
    TaskData,
    TokenData,
    TurnData,
    View,
)


def keys(shape: type) -> list[str]:
    return list(get_type_hints(shape))


def a_game_with_planets_and_pending_tasks() -> Game:
    game = Game.new(["Ann", "Bob"], seed=7)
    while not any(system.planets for system in game.state.players[0].systems):
        assert game.decision is not None
        game.choose(game.decision.enabled[0].id)
    return game


def test_the_view_has_exactly_the_keys_its_typed_dicts_name() -> None:
    game = a_game_with_planets_and_pending_tasks()
    view = game.view(0)
    player, board = view["players"][0], view["board"]
    system = next(s for s in player["systems"] if s["planets"])
    parts: list[tuple[type, Any]] = [
        (View, view),
        (SettingsData, view["settings"]),
        (PlayerData, player),
        (TokenData, player["tokens"]["wild"]),
        (SystemData, system),
        (PlanetData, system["planets"][0]),
        (BoardData, board),
        (TurnData, view["turn"]),
        (TaskData, view["pending"][0]),
    ]
    for shape, data in parts:
        assert list(data) == keys(shape), shape.__name__


def test_the_view_has_the_snapshots_keys() -> None:
    game = a_game_with_planets_and_pending_tasks()
    assert sorted(game.view(None)) == sorted(game.snapshot())
