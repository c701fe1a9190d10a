"""The positions the hint-numbers test looks at: every EVERY-th decision with a choice, in seeded
games whose seats are played by greedy bots or at random, until POSITIONS are found, each with
an enabled option picked at random. Finding them takes the bots some seconds, so the games'
choices are kept in tests/data/hint_positions.json and replayed; after a change to the rules or
the bots, write the file again with `python -m tests.play.hint_positions`."""

from __future__ import annotations

import json
import random
from pathlib import Path

from entropy_tui.bots.greedy import GreedyBot
from entropy_tui.rules import Game

POSITIONS = 200
EVERY = 23  # decisions between two positions looked at in one game
STORED = Path(__file__).parent.parent / "data" / "hint_positions.json"
REWRITE = "python -m tests.play.hint_positions"


def seat_names(seats: int) -> list[str]:
    return [f"Seat{i}" for i in range(seats)]


def found_by_playing() -> list[dict[str, object]]:
    """Each game played: its seed, its seats, the choices made up to its last position, and its
    positions as (choices made before it, the option picked)."""
    games: list[dict[str, object]] = []
    count = 0
    seed = 0
    while count < POSITIONS:
        seed += 1
        seats = 2 + seed % 2
        game = Game.new(seat_names(seats), seed=seed)
        rng = random.Random(seed)
        greedy = {seat: GreedyBot(seed * 10 + seat) for seat in range(seats) if seat % 2}
        positions: list[tuple[int, str]] = []
        step = 0
        while not game.over and count < POSITIONS:
            decision = game.decision
            assert decision is not None
            enabled = [option.id for option in decision.enabled]
            step += 1
            if len(enabled) > 1 and step % EVERY == 0:
                positions.append((len(game.state.choices), rng.choice(enabled)))
                count += 1
            bot = greedy.get(decision.player)
            if bot is not None and len(enabled) > 1:
                game.choose(bot.decide(game.view(decision.player), decision))
            else:
                game.choose(rng.choice(enabled))
        last = positions[-1][0] if positions else 0
        games.append(
            {"seed": seed, "seats": seats, "choices": game.state.choices[:last], "at": positions}
        )
    return games


def positions() -> list[tuple[Game, str]]:
    """(game, an enabled option) for every stored position, replayed from its game's choices."""
    found: list[tuple[Game, str]] = []
    for stored in json.loads(STORED.read_text()):
        game = Game.new(seat_names(stored["seats"]), seed=stored["seed"])
        choices = stored["choices"]
        made = 0
        for before, option_id in stored["at"]:
            for choice in choices[made:before]:
                game.choose(choice)
            made = before
            decision = game.decision
            enabled = [] if decision is None else [option.id for option in decision.enabled]
            assert option_id in enabled, f"the stored positions are out of date: run {REWRITE}"
            found.append((game.copy(), option_id))
    assert len(found) == POSITIONS
    return found


if __name__ == "__main__":
    STORED.write_text(json.dumps(found_by_playing(), separators=(",", ":")) + "\n")
