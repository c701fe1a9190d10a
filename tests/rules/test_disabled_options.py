"""What can't be done is shown, with what is missing, and never moves what can be done."""

from __future__ import annotations

import random

import pytest

from entropy_tui.rules import Game
from tests.builders_extra import label, put_on_top, refused
from tests.support import blank_game, only, option_ids, planet, resolve_now, system


def test_a_card_without_a_play_is_shown_beside_the_playable_one() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("W01"))]  # Water, and Heat from the Star
    player.hand = ["L1", "L31"]  # L1: 1 Heat; L31: Carbon + Water, with 1 Bacteria present
    only(game, "create_life", 0, source="space")
    assert option_ids(game) == ["play:L1:s0p0"]
    assert refused(game) == {
        "play:L31": "needs 1 more Carbon icon and 1 more Bacteria on Water Planet W01"
    }
    assert label(game, "play:L31").startswith("Play Plant card L31; needs 1 Carbon 1 Water")


def test_the_reason_names_the_planet_a_card_comes_closest_on() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system(None, planet("H01"), planet("C01", bacteria=1))]
    player.hand = ["L31"]  # Carbon + Water, 1 Bacteria: C01 lacks only the Water
    only(game, "create_life", 0, source="effect")
    assert refused(game) == {
        "play:L31": "needs 1 more Water icon on Carbon Planet C01"
        " (or another card with a Water icon to discard)"
    }


def test_asteroid_spaces_you_cannot_pay_for_are_shown_after_the_others() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01", bacteria=1), planet("C01"))]
    player.mass = 1
    put_on_top([game.state.board.asteroid_stacks["carbon"]], "AC01", 0)  # not a free one
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    assert option_ids(game) == ["place:s0p0:lifeform:bacteria"]
    assert refused(game) == {
        "place:s0p0:mass": "costs 2 Mass, you have 1",
        "place:s0p1:mass": "costs 2 Mass, you have 1",
        "place:s0p1:lifeform": "costs 1 Lifeform from its Planet, it has none",
    }
    ids = [o.id for o in game.decision.options] if game.decision else []
    assert ids[0] == "place:s0p0:lifeform:bacteria"


def test_an_asteroid_type_names_what_every_space_lacks() -> None:
    game = blank_game()
    game.player(0).systems = [system("IA", planet("H01"))]
    put_on_top([game.state.board.asteroid_stacks["heat"]], "AH01", 0)  # not a free one
    only(game, "catch_asteroid", 0, source="space")
    assert refused(game)["asteroid:heat"] == (
        "no empty Asteroid space you can pay for: the top space costs 2 Mass, you have 0;"
        " the bottom space costs 1 Lifeform from its Planet, it has none"
    )


def test_a_full_solar_system_is_shown_with_its_three_planets() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [
        system("IA", planet("H01"), planet("H02"), planet("H03")),
        system("IB", planet("C01")),
    ]
    resolve_now(game, "place_planet", 0, planet="W01")
    assert option_ids(game) == ["system:1", "system:new"]
    assert refused(game) == {"system:0": "Solar System 1 already holds 3 Planets"}
    game.choose("system:1")
    assert [p.tile for p in player.systems[1].planets] == ["C01", "W01"]


def test_a_star_reward_shows_the_stars_you_cannot_pay_for() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01")), system("IIC", planet("C01"))]
    player.entropy = 2
    resolve_now(game, "activate_one", 0, remaining=1, used=[], origin="Life card L17", rule="")
    assert option_ids(game) == ["star:0", "skip"]
    assert refused(game) == {"star:1": "needs 3 Entropy, you have 2"}
    player.entropy = 0
    game.state.pending.pop()
    resolve_now(game, "activate_one", 0, remaining=1, used=[], origin="Life card L17", rule="")
    assert game.decision is None or game.decision.kind != "activate_one"  # nothing to choose


def test_activate_stars_with_no_star_to_pay_for_says_why_in_the_log() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IIA", planet("H01")), system("IIC", planet("C01"))]
    player.entropy = 1
    only(game, "activate_stars", 0, source="effect")
    assert game.log[-1].text == (
        "Seat0 could not activate any Star: their cheapest Star costs 2 Entropy, and they have 1"
    )


@pytest.mark.parametrize("seed", range(6))
def test_every_disabled_option_of_random_games_says_why(seed: int) -> None:
    game = Game.new([f"Seat{i}" for i in range(2 + seed % 3)], seed=seed)
    rng = random.Random(seed)
    shown = 0
    while not game.over:
        decision = game.decision
        assert decision is not None
        ids = [o.id for o in decision.options]
        assert len(ids) == len(set(ids)), decision.prompt
        for option in decision.options:
            if not option.enabled:
                shown += 1
                assert option.reason.strip(), (decision.prompt, option.id)
                assert option.label.strip(), (decision.prompt, option.id)
        game.choose(rng.choice(decision.enabled).id)
    assert shown > 0
