"""The weight tuner's pieces: every weight is tuned, a nudge scales each by its own factor, and
one step moves the weights toward the side that won."""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import asdict
from typing import Any

import pytest

from benchmarks import tune_weights
from entropy_tui.bots.heuristic import DEFAULT_WEIGHTS, Weights
from entropy_tui.bots.master import MASTER_WEIGHTS


def test_every_number_of_the_weights_is_tuned() -> None:
    names = list(tune_weights.names())
    assert len(names) == len(set(names))
    assert "planet" in names and "resource.entropy" in names and "lifeform.animal" in names
    assert sum(1 for n in names if n.startswith("pending_reward.")) == len(
        DEFAULT_WEIGHTS.pending_reward
    )


def test_a_nudge_scales_each_weight_and_keeps_whole_numbers_whole() -> None:
    assert tune_weights.nudged(dict.fromkeys(tune_weights.names(), 0.0)) == DEFAULT_WEIGHTS
    weights = tune_weights.nudged({"planet": math.log(2), "resource.mass": -math.log(2)})
    assert weights.planet == pytest.approx(2 * DEFAULT_WEIGHTS.planet)
    assert weights.resource["mass"] == pytest.approx(DEFAULT_WEIGHTS.resource["mass"] / 2)
    assert weights.resource["energy"] == DEFAULT_WEIGHTS.resource["energy"]
    fewer = tune_weights.nudged({"useful_resources": -0.5})
    assert fewer.useful_resources == round(DEFAULT_WEIGHTS.useful_resources * math.exp(-0.5))
    assert isinstance(fewer.useful_resources, int)
    assert DEFAULT_WEIGHTS.planet == Weights().planet  # the default was left alone


class Played:
    """Stands in for the process pool: the seat with more Planet weight wins by 10 VP."""

    def map(self, margin: Any, pairings: list[tune_weights.Pairing]) -> list[int]:
        return [10 if p.first.planet > p.second.planet else -10 for p in pairings]


def test_a_step_moves_the_weights_toward_the_side_that_won() -> None:
    args = argparse.Namespace(c=0.25, a=0.01, pairs=2, iterations=1, seats=2, start="expert")
    theta = dict.fromkeys(tune_weights.names(), 0.0)
    mean = tune_weights.step(theta, random.Random(3), Played(), args, seed=1)  # type: ignore[arg-type]
    # Whichever way the nudge went, the side with more Planet weight won every game.
    assert theta["planet"] > 0
    assert abs(mean) == 10
    moved = asdict(tune_weights.nudged(theta))
    assert moved["planet"] > DEFAULT_WEIGHTS.planet


def test_a_margin_is_the_first_tuned_seats_score_less_the_seconds() -> None:
    pairing = tune_weights.Pairing(DEFAULT_WEIGHTS, DEFAULT_WEIGHTS, seed=3, iterations=1)
    first = tune_weights.margin(pairing)
    assert first == tune_weights.margin(pairing), "the same seed plays the same game"
    assert isinstance(first, int)


def test_at_four_seats_the_tuned_weights_sit_apart_among_default_experts() -> None:
    plus = tune_weights.nudged({"planet": 0.5})
    minus = tune_weights.nudged({"planet": -0.5})
    for first_seat in (0, 1):
        pairing = tune_weights.Pairing(plus, minus, 3, 1, seats=4, first_seat=first_seat)
        line_up = pairing.line_up()
        first, second = pairing.tuned_seats()
        assert second == first + 2, "the two tuned seats are never neighbours"
        assert (line_up[first], line_up[second]) == (plus, minus)
        assert [w for s, w in enumerate(line_up) if s not in (first, second)] == [
            DEFAULT_WEIGHTS
        ] * 2


def test_a_four_seat_step_starts_from_the_masters_weights() -> None:
    args = argparse.Namespace(c=0.25, a=0.01, pairs=2, iterations=1, seats=4, start="master")
    played: list[tune_weights.Pairing] = []

    class Recorded(Played):
        def map(self, margin: Any, pairings: list[tune_weights.Pairing]) -> list[int]:
            played.extend(pairings)
            return super().map(margin, pairings)

    theta = dict.fromkeys(tune_weights.names(), 0.0)
    tune_weights.step(theta, random.Random(3), Recorded(), args, seed=1)  # type: ignore[arg-type]
    assert {p.seats for p in played} == {4}
    assert {p.first_seat for p in played} == {0, 1}, "the tuned seats take every place"
    planets = sorted({p.first.planet for p in played})
    assert planets == pytest.approx(
        sorted(MASTER_WEIGHTS.planet * math.exp(s * 0.25) for s in (-1, 1))
    )
    assert theta["planet"] > 0
