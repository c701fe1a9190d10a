"""A golden playthrough: two greedy bots, a fixed seed, every decision and option as text,
compared as a snapshot file (a change fails with the lines that differ). After an intended change
to rules, data, labels or bots, regenerate it:

    pytest tests/rules/test_golden_trace.py --snapshot-update
"""

from __future__ import annotations

from pathlib import Path

from syrupy.assertion import SnapshotAssertion
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode
from syrupy.location import PyTestLocation

from entropy_tui.bots import make_bot
from entropy_tui.rules import Game

GOLDEN = Path(__file__).parents[1] / "data" / "golden" / "greedy-2-seats-seed-7.txt"
SEED = 7


class GoldenFile(SingleFileSnapshotExtension):
    """The trace as text, kept as GOLDEN (not in a __snapshots__ folder beside the test)."""

    _write_mode = WriteMode.TEXT
    _file_extension = "txt"

    @classmethod
    def dirname(cls, *, test_location: PyTestLocation) -> str:
        return str(GOLDEN.parent)

    @classmethod
    def get_snapshot_name(cls, *, test_location: PyTestLocation, index: object = 0) -> str:
        return GOLDEN.stem


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


def test_the_golden_playthrough_is_unchanged(snapshot: SnapshotAssertion) -> None:
    lines = trace()
    assert [line.split(":")[0] for line in lines[-2:]] == ["final Ann", "final Bob"]
    assert "\n".join(lines) + "\n" == snapshot.use_extension(GoldenFile)
