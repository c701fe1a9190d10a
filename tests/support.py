"""Builders for explicit game states: the tests set up exactly the position they talk about."""

from __future__ import annotations

from typing import Any

from entropy_tui.rules import Game
from entropy_tui.rules.state import PlanetState, SystemState, Task, TurnState


def blank_game(seats: int = 2, seed: int = 0, *, edition: int | None = 1) -> Game:
    """A set-up game whose players are then emptied: no systems, cards or resources. The rules
    tests name cards and costs of edition 1 of the component data, which stays as it is when
    the designed values are tuned (`edition=None`: the newest)."""
    game = Game.new([f"Seat{i}" for i in range(seats)], seed=seed, edition=edition)
    for player in game.state.players:
        player.energy = player.mass = player.entropy = player.vp = 0
        player.systems = []
        player.hand = []
    return game


def planet(tile: str, **life: int) -> PlanetState:
    return PlanetState(tile=tile, life={"bacteria": 0, "plant": 0, "animal": 0} | life)


def system(star: str | None, *planets: PlanetState) -> SystemState:
    return SystemState(star=star, planets=list(planets))


def resolve_now(game: Game, kind: str, seat: int, **args: Any) -> None:
    """Makes `kind` the next thing the game resolves (on top of whatever was pending)."""
    game.state.pending.append(Task(kind=kind, player=seat, args=args))
    refresh(game)


def only(game: Game, kind: str, seat: int, **args: Any) -> None:
    """Makes `kind` the only thing pending, in `seat`'s action step."""
    game.state.turn = TurnState(player=seat, step="action")
    game.state.pending = [Task(kind=kind, player=seat, args=args)]
    refresh(game)


def refresh(game: Game) -> None:
    game.edited()


def option_ids(game: Game, *, enabled: bool = True) -> list[str]:
    assert game.decision is not None
    return [o.id for o in game.decision.options if o.enabled == enabled]


def choose_prefix(game: Game, prefix: str) -> None:
    """Chooses the one enabled option whose id starts with `prefix`."""
    matches = [i for i in option_ids(game) if i.startswith(prefix)]
    assert len(matches) == 1, (prefix, option_ids(game))
    game.choose(matches[0])
