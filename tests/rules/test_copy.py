"""Game.copy() is independent of its original, and the fast ways in and out of the state
(dump, trusted load, view) agree with the checked ones."""

from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from entropy_tui.rules import Game
from entropy_tui.rules.state import GameState, Task


def mid_game(seats: int = 4, decisions: int = 300, seed: int = 3) -> Game:
    game = Game.new([f"Seat {i + 1}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        decision = game.decision
        assert decision is not None
        game.choose(rng.choice(decision.enabled).id)
    return game


def _is_frozen(value: Any) -> bool:
    params = getattr(type(value), "__dataclass_params__", None)
    return params is not None and params.frozen


def _mutable_pairs(original: Any, copy: Any, where: str) -> list[tuple[str, Any, Any]]:
    """Every mutable part of `original` (lists, dicts, dataclasses that are not frozen) paired
    with the same part of `copy`. A Task's arguments are changed one level down only (see
    Task), so that is as deep as they are followed."""
    pairs: list[tuple[str, Any, Any]] = []
    if isinstance(original, list):
        assert len(original) == len(copy), where
        pairs.append((where, original, copy))
        for i, (a, b) in enumerate(zip(original, copy, strict=True)):
            pairs += _mutable_pairs(a, b, f"{where}[{i}]")
    elif isinstance(original, dict):
        assert original.keys() == copy.keys(), where
        pairs.append((where, original, copy))
        for key in original:
            pairs += _mutable_pairs(original[key], copy[key], f"{where}[{key!r}]")
    elif dataclasses.is_dataclass(original) and not _is_frozen(original):
        pairs.append((where, original, copy))
        for item in dataclasses.fields(original):
            a, b = getattr(original, item.name), getattr(copy, item.name)
            if isinstance(original, Task) and item.name == "args":
                pairs.append((f"{where}.args", a, b))
                pairs += [
                    (f"{where}.args[{key!r}]", a[key], b[key])
                    for key in a
                    if type(a[key]) in (list, dict)
                ]
            else:
                pairs += _mutable_pairs(a, b, f"{where}.{item.name}")
    return pairs


@pytest.mark.parametrize("seed", [3, 8])
def test_a_copy_shares_no_mutable_part_with_its_original(seed: int) -> None:
    game = mid_game(seed=seed)
    clone = game.copy()
    pairs = _mutable_pairs(game.state, clone.state, "state")
    assert len(pairs) > 100  # players, systems, planets, tokens, stacks, tasks...
    shared = [where for where, a, b in pairs if a is b]
    assert shared == []
    assert clone.snapshot() == game.snapshot()


def test_changing_every_mutable_part_of_a_copy_leaves_the_original_as_it_was() -> None:
    game = mid_game()
    before = json.dumps(game.snapshot())
    clone = game.copy()
    for _, _, part in _mutable_pairs(clone.state, clone.state, "state"):
        if isinstance(part, list):
            part.append("changed")
        elif isinstance(part, dict):
            part["changed"] = 1
        else:
            for item in dataclasses.fields(part):
                value = getattr(part, item.name)
                if isinstance(value, int | str) or value is None:
                    setattr(part, item.name, "changed")
    assert json.dumps(game.snapshot()) == before


def test_a_copy_played_to_the_end_leaves_the_original_where_it_was() -> None:
    game = mid_game()
    before = json.dumps(game.snapshot())
    decision = game.decision
    assert decision is not None
    clone = game.copy()
    rng = random.Random(1)
    while not clone.over:
        clone.choose(rng.choice(clone.decision.enabled).id)  # type: ignore[union-attr]
    assert json.dumps(game.snapshot()) == before
    assert game.decision is decision
    game.choose(decision.enabled[0].id)  # the original still plays


def test_a_copy_offers_the_same_decision_and_plays_the_same_game() -> None:
    game = mid_game()
    clone = game.copy()
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(150):
        if game.over:
            break
        a, b = game.decision, clone.decision
        assert a is not None and b is not None
        assert [(o.id, o.enabled) for o in a.options] == [(o.id, o.enabled) for o in b.options]
        game.choose(rng_a.choice(a.enabled).id)
        clone.choose(rng_b.choice(b.enabled).id)
    assert clone.snapshot() == game.snapshot()


def test_the_trusted_load_rebuilds_what_the_checked_restore_does() -> None:
    game = mid_game()
    snapshot = game.snapshot()
    trusted = Game.restore_trusted(snapshot)
    checked = Game.restore(snapshot)
    assert trusted.snapshot() == checked.snapshot() == snapshot
    assert trusted.state == checked.state == GameState.load(snapshot)
    assert [o.id for o in trusted.decision.options] == [o.id for o in game.decision.options]  # type: ignore[union-attr]


def test_a_snapshot_with_an_unknown_key_is_refused() -> None:
    from pydantic import ValidationError

    snapshot = mid_game(decisions=20).snapshot()
    snapshot["players"][1]["systems"][0]["planets"][0]["moons"] = 2
    with pytest.raises(ValidationError, match="moons"):
        Game.restore(snapshot)


def test_the_snapshot_checker_is_built_only_when_a_snapshot_is_restored() -> None:
    script = (
        "import sys\n"
        "from entropy_tui.rules import Game\n"
        "game = Game.new(['Ann', 'Bob'], seed=1)\n"
        "game.copy().choose(game.decision.enabled[0].id)\n"
        "game.view(0), game.snapshot()\n"
        "assert 'entropy_tui.rules.snapshot_check' not in sys.modules\n"
        "Game.restore(game.snapshot())\n"
        "assert 'entropy_tui.rules.snapshot_check' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True)
