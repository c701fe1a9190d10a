"""The rules text: a section for every rule a decision can name, and a search that finds them."""

from __future__ import annotations

import random

from entropy_tui.play.rules_text import find, sections
from entropy_tui.rules import Game


def rules_named_in_play() -> set[str]:
    names: set[str] = set()
    for seed in range(6):
        game = Game.new(["A", "B", "C"], seed=seed)
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision
            assert decision is not None
            names.add(decision.rule)
            names.update(option.rule for option in decision.options if option.rule)
            game.choose(rng.choice(decision.enabled).id)
    return names


def test_every_rule_a_decision_names_has_its_section() -> None:
    titles = {section.title.casefold() for section in sections()}
    missing = sorted(name for name in rules_named_in_play() if name.casefold() not in titles)
    assert not missing, f"rules.md has no section for {missing}"


def test_sections_are_found_by_title_and_by_words() -> None:
    assert sections()[find("traffic bonus")].title == "Traffic Bonus"
    assert find("no such section") == 0
    hits = [s.title for s in sections() if s.matches("wild locked")]
    assert "Passing a Creation Token" in hits
