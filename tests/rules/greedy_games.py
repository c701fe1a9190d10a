"""Whole games played by greedy bots, for the tests that look at every decision of a finished
game. Playing them takes the bots seconds, so their choices are kept in
tests/data/greedy_games.json and replayed; after a change to the rules or the bots, write the
file again with `python -m tests.rules.greedy_games`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game, InvalidChoice

STORED = Path(__file__).parent.parent / "data" / "greedy_games.json"
REWRITE = "python -m tests.rules.greedy_games"


class GreedyGame(NamedTuple):
    """A game and how its greedy bots are seeded: seat i's bot gets bot_seeds[i]."""

    seats: tuple[str, ...]
    seed: int
    bot_seeds: tuple[int, ...]
    bots_named: bool = False  # the seats are recorded as played by greedy bots

    def new(self) -> Game:
        bots: list[str | None] | None = ["greedy"] * len(self.seats) if self.bots_named else None
        return Game.new(list(self.seats), self.seed, bots=bots)

    @property
    def key(self) -> str:
        return f"{','.join(self.seats)}/{self.seed}/{','.join(map(str, self.bot_seeds))}"


def bot_seats(count: int) -> tuple[str, ...]:
    return tuple(f"Bot {i}" for i in range(count))


# The six games of the options-count test, then the two of the last-turn test.
OPTION_COUNT_GAMES = [
    GreedyGame(bot_seats(seats), seed, tuple(seed * 10 + s for s in range(seats)), True)
    for seats in (2, 3)
    for seed in range(3)
]
LAST_TURN_GAMES = [
    GreedyGame(("Ann", "Bea", "Cy"), 3, (0, 1, 2)),
    GreedyGame(("Ann", "Bea"), 11, (0, 1)),
]


def played_by_bots(spec: GreedyGame) -> list[str]:
    """The game's choices, made by its bots."""
    game = spec.new()
    bots = [make_bot("greedy", seed) for seed in spec.bot_seeds]
    while not game.over:
        decision = game.decision
        assert decision is not None
        game.choose(bots[decision.player].decide(game.view(decision.player), decision))
    return game.state.choices


def replayed(spec: GreedyGame) -> Iterator[Game]:
    """The game at each of its positions, from the first to the finished game (the same object,
    moved on: a caller keeps what it needs before asking for the next)."""
    choices = json.loads(STORED.read_text())[spec.key]
    game = spec.new()
    yield game
    for choice in choices:
        try:
            game.choose(choice)
        except InvalidChoice as refused:
            raise AssertionError(f"the stored games are out of date: run {REWRITE}") from refused
        yield game
    assert game.over, f"the stored games are out of date: run {REWRITE}"


if __name__ == "__main__":
    games = {spec.key: played_by_bots(spec) for spec in OPTION_COUNT_GAMES + LAST_TURN_GAMES}
    STORED.write_text(json.dumps(games, separators=(",", ":")) + "\n")
