"""The recap of what the other seats did since a seat's last turn: public lines only, every
other seat's turn listed, in a line each."""

from __future__ import annotations

import random
from typing import Any

from entropy_tui.play.recap import since_last_turn, this_turn
from entropy_tui.rules import Game

NAMES = ["Ann", "Bea", "Cy"]


def event(seat: int | None, kind: str, text: str, *, private: bool = False, rnd: int = 1) -> dict:
    return {"round": rnd, "seat": seat, "kind": kind, "text": text, "private": private}


def turn(seat: int, rnd: int, *lines: tuple[str, str]) -> list[dict[str, Any]]:
    name = NAMES[seat]
    return [event(seat, "turn", f"Round {rnd}: {name}'s turn", rnd=rnd)] + [
        event(seat, kind, f"{name} {text}", rnd=rnd) for kind, text in lines
    ]


LOG = [
    *turn(0, 1, ("move", "moved 1 to Aggregate Planet (I1), distance 1")),
    *turn(
        1,
        1,
        ("move", "moved 2 to Catch an Asteroid (I5), distance 2"),
        ("token", "placed their Asteroid token"),
        ("gain", "gained 1 Mass (Traffic Bonus)"),
        ("action", "caught Asteroid AR02 onto Planet R08"),
        ("gain", "gained 2 Mass (Planet R08)"),
        ("gain", "added 1 Bacteria (Traffic Bonus)"),
        ("mission", "fulfilled Mission M3: have 3 Water icons"),
        ("objective", "advanced on 'Place the 1st Asteroid in a Solar System'"),
    ),
    event(1, "card", "Bea drew L40 from the deck", private=True),
    *turn(2, 1, ("move", "moved 3 to Take Life Cards (O3), distance 3")),
    event(2, "card", "Cy looked at Mission M9", private=True),
]


def test_each_other_seat_gets_a_line_of_its_turn() -> None:
    recaps = since_last_turn(LOG, 0, NAMES)
    assert [(r.seat, r.round) for r in recaps] == [(1, 1), (2, 1)]
    bea, cy = (r.text for r in recaps)
    assert bea.startswith("moved 2 to Catch an Asteroid (I5)")
    assert "caught Asteroid AR02 onto Planet R08" in bea
    assert "fulfilled Mission M3" in bea
    assert "Objective: advanced on 'Place the 1st Asteroid" in bea
    assert bea.endswith("gained 3 Mass, 1 Bacteria")  # gains added up, each resource once
    assert "token" not in bea and "Bea" not in bea
    assert cy == "moved 3 to Take Life Cards (O3), distance 3"


def test_a_private_line_never_appears() -> None:
    for seat in range(3):
        texts = [r.text for r in since_last_turn(LOG, seat, NAMES)]
        texts.append(this_turn(LOG, seat, NAMES))
        assert not any("L40" in text or "M9" in text for text in texts)


def test_once_its_turn_has_begun_the_recap_looks_back_from_before_it() -> None:
    log = [*LOG, *turn(0, 2, ("move", "moved 2 to Primordial Soup (O0), distance 2"))]
    assert [r.seat for r in since_last_turn(log, 0, NAMES)] == [1, 2]
    assert [r.seat for r in since_last_turn(log, 1, NAMES)] == [2, 0]  # since Bea's turn
    assert this_turn(log, 0, NAMES) == "moved 2 to Primordial Soup (O0), distance 2"
    assert this_turn(log, 1, NAMES) == ""


def test_the_first_player_has_nothing_to_catch_up_on() -> None:
    assert since_last_turn(turn(0, 1, ("move", "moved 1 to X")), 0, NAMES) == []


def test_a_played_game_recaps_every_other_seat_from_its_log() -> None:
    game = Game.new(NAMES, seed=5)
    rng = random.Random(5)
    while game.state.round < 4:
        game.choose(rng.choice(game.decision.enabled).id)  # type: ignore[union-attr]
    seat = game.state.turn.player
    recaps = since_last_turn(game.dumped_log(), seat, NAMES)
    assert sorted(r.seat for r in recaps) == sorted(set(range(3)) - {seat})
    for recap in recaps:
        moved = next(
            e["text"]
            for e in reversed(game.dumped_log())
            if e["seat"] == recap.seat and e["kind"] == "move"
        )
        assert recap.text.startswith(moved.removeprefix(f"{NAMES[recap.seat]} "))


def test_a_sentence_with_its_own_full_stop_is_joined_without_it() -> None:
    mission = (
        "fulfilled Mission M11: Have 3 Water icons in 1 Solar System. Reward: take 1 Life card."
    )
    log = turn(1, 2, ("mission", mission), ("card", "took Life card L44"))
    text = since_last_turn(log, 0, NAMES)[0].text
    assert ".;" not in text
    assert text == (
        "fulfilled Mission M11: Have 3 Water icons in 1 Solar System. Reward: take 1 Life card;"
        " took Life card L44"
    )


def test_a_free_exchange_is_in_the_turns_summary() -> None:
    log = turn(0, 2, ("move", "moved 1 to X"), ("exchange", "exchanged 2 Entropy for 1 Mass"))
    assert this_turn(log, 0, NAMES) == "moved 1 to X; exchanged 2 Entropy for 1 Mass"
    assert since_last_turn(log, 1, NAMES)[0].text == this_turn(log, 0, NAMES)


def test_a_seats_own_turn_speaks_to_it_and_the_others_of_it() -> None:
    stuck = (
        "action",
        "could not activate any Star: their cheapest Star costs 3 Entropy, and they have 1",
    )
    log = turn(0, 2, stuck)
    assert this_turn(log, 0, NAMES) == (
        "could not activate any Star: your cheapest Star costs 3 Entropy, and you have 1"
    )
    assert since_last_turn(log, 1, NAMES)[0].text == (
        "could not activate any Star: their cheapest Star costs 3 Entropy, and they have 1"
    )


def test_a_biome_fulfilled_or_paid_for_is_in_the_turns_summary() -> None:
    """Fulfilling a Biome is a free action and a Scarce Biome costs 1 Entropy: both are the
    player's own doing, unlike a Biome's reward (told by its gains)."""
    game = Game.new(NAMES, seed=3)
    rng = random.Random(3)
    told: set[str] = set()
    while game.decision is not None and len(told) < 2:
        enabled = game.decision.enabled
        fulfil = [option for option in enabled if option.id.startswith("fulfil:")]
        written = len(game.dumped_log())
        game.choose((fulfil or [rng.choice(enabled)])[0].id)
        log = game.dumped_log()
        for line in log[written:]:
            done = next(
                (w for w in ("fulfilled Biome", "paid 1 Entropy for Biome") if w in line["text"]),
                None,
            )
            summary = this_turn(log, line["seat"], NAMES)
            if done is not None and summary:  # the turn goes on: its summary is shown
                assert line["text"].removeprefix(f"{NAMES[line['seat']]} ") in summary
                told.add(done)
    assert told == {"fulfilled Biome", "paid 1 Entropy for Biome"}
