"""A golden playthrough: two greedy bots, a fixed seed, every decision and option as text,
compared line by line. After an intended change to rules, data, labels or bots, regenerate it:

    UPDATE_GOLDEN=1 pytest tests/test_golden_trace.py
"""

from __future__ import annotations

import os
from pathlib import Path

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game

GOLDEN = Path(__file__).parents[1] / "data" / "golden" / "greedy-2-seats-seed-7.txt"
SEED = 7


def trace(seed: int = SEED) -> list[str]:
    game = Game.new(["Ann", "Bob"], seed=seed, bots=["greedy", "greedy"])
    bots = [make_bot("greedy", seed * 10 + seat) for seat in range(2)]
    lines = [f"seed {seed}: Ann and Bob, greedy bots"]
    step = 0
    while not game.over:
        decision = game.decision
        assert decision is not None
        step += 1
        lines.append(
            f"#{step} round {game.state.round} {game.name(decision.player)} "
            f"[{decision.kind}, {decision.rule}] {decision.prompt}"
        )
        for option in decision.options:
            mark = "+" if option.enabled else "-"
            why = f"  (not possible: {option.reason})" if not option.enabled else ""
            lines.append(f"  {mark} {option.id}: {option.label}{why}")
        choice = bots[decision.player].decide(game.view(decision.player), decision)
        lines.append(f"  -> {choice}")
        game.choose(choice)
    for seat, score in enumerate(game.scores()):
        parts = ", ".join(f"{k} {v}" for k, v in score.items())
        lines.append(f"final {game.name(seat)}: {parts}")
    return lines


def test_the_golden_playthrough_is_unchanged() -> None:
    lines = trace()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = GOLDEN.read_text(encoding="utf-8").splitlines()
    for number, (got, want) in enumerate(zip(lines, expected, strict=False), start=1):
        assert got == want, f"line {number} of {GOLDEN.name} differs"
    assert len(lines) == len(expected), "the playthrough has a different length"
