"""A hint's numbers are true: its line opens with what choosing the option does at once ("+2
Mass, -1 Entropy now (score 13 → 14)"), and for 200 positions of seeded bot games those numbers
are what choosing the option does to the real game."""

from __future__ import annotations

import re

import pytest

from entropy_tui.play.hints import why
from entropy_tui.play.thinking import PlainDecision
from entropy_tui.rules import Game
from entropy_tui.rules.state import PlayerState

from .hint_positions import POSITIONS, positions

NOW = re.compile(r"^(?P<items>.+?) now(?: \(score (?P<was>\d+) → (?P<then>\d+)\))?$")
SCORE_ONLY = re.compile(r"^Score (?P<was>\d+) → (?P<then>\d+) now$")
ITEM = re.compile(r"^(?P<n>[+-]\d+) (?P<what>.+)$")
PLURALS = {"Plants": "Plant", "Animals": "Animal", "Life cards": "Life card"}


def counted(game: Game, seat: int) -> dict[str, int]:
    """What a hint's numbers count, read from the state here (not by the hint's own code)."""
    player: PlayerState = game.player(seat)
    planets = [planet for system in player.systems for planet in system.planets]
    stars = [system.star for system in player.systems if system.star is not None]
    life = {"Bacteria": 0, "Plant": 0, "Animal": 0}
    for planet in planets:
        for kind, name in (("bacteria", "Bacteria"), ("plant", "Plant"), ("animal", "Animal")):
            life[name] += planet.life[kind]
    tiers = sum(game.index.any_star[star].tier for star in stars)
    return {
        "Entropy": player.entropy,
        "Mass": player.mass,
        "Energy": player.energy,
        "VP": player.vp,
        "Life card": len(player.hand),
        **life,
        "Planet": len(planets),
        "Asteroid": sum(len(planet.asteroids) for planet in planets),
        "Biome": sum(planet.biome is not None for planet in planets),
        "fulfilled Biome": sum(planet.fulfilled for planet in planets),
        "Star": len(stars),
        "Star tier": tiers - len(stars),  # tiers gained by evolving: a new Star counts once
        "Focus tier": sum(player.focus.values()),
        "Generator step": player.generator_advances,
    }


def stated(line: str) -> tuple[dict[str, int], tuple[int, int] | None] | None:
    """The changes and the score a hint's line says choosing its option makes at once (None:
    the line does not say)."""
    first = line.split("; ")[0]
    if first == "Nothing changes at once":
        return {}, None
    score_only = SCORE_ONLY.match(first)
    if score_only is not None:
        return {}, (int(score_only["was"]), int(score_only["then"]))
    found = NOW.match(first)
    if found is None:
        return None
    changes = {}
    for item in found["items"].split(", "):
        part = ITEM.match(item)
        if part is None:
            return None
        changes[PLURALS.get(part["what"], part["what"])] = int(part["n"])
    score = (int(found["was"]), int(found["then"])) if found["was"] else None
    return changes, score


@pytest.mark.slow
def test_the_numbers_of_a_hint_are_what_its_option_does() -> None:
    wrong = []
    for game, option_id in positions():
        decision = game.decision
        assert decision is not None
        seat = decision.player
        line = why(game.view(seat), PlainDecision.of(decision), option_id, seed=5)
        before, score_before = counted(game, seat), game.scores()[seat]["total"]
        chosen = game.copy()
        chosen.choose(option_id)
        after, score_after = counted(chosen, seat), chosen.scores()[seat]["total"]
        changes = {
            name: after[name] - before[name] for name in before if after[name] != before[name]
        }
        score = (score_before, score_after) if score_after != score_before else None
        if stated(line) != (changes, score):
            wrong.append(f"{option_id}: {line!r}, but {changes} and score {score}")
    assert not wrong, f"{len(wrong)} of {POSITIONS} hints: " + "\n".join(wrong[:10])
