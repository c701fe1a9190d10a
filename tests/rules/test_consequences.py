"""An option says what it will cost and bring before it is chosen, what is easy to miss
included: the token a move places, a Mission a Star would break, what a reward is worth."""

from __future__ import annotations

from entropy_tui.rules.describe import effects_words
from tests.builders_extra import arranged_game, at_mission_step, label, outer, set_token
from tests.support import blank_game, only, planet, refresh, system


def test_a_move_names_the_creation_token_it_places_and_what_follows() -> None:
    game = arranged_game(mover_at=outer(0))  # 1: I1 Aggregate Planet; 3: I2 Catch an Asteroid
    player = game.player(0)
    player.focus["planet"] = 1
    refresh(game)
    tier1 = effects_words(list(game.index.focus[(player.focus_set, "planet")].tier1))
    assert label(game, "move:1").endswith(
        f"; places your Planet token (its Focus card triggers: {tier1})"
    )
    assert label(game, "move:3").endswith(
        "; places your Asteroid token (its Focus card is not upgraded yet)"
    )
    assert "token" not in label(game, "move:2")  # an outer space takes no token

    set_token(game, 0, "planet", "lying")
    set_token(game, 0, "wild", "ready")
    player.wild_locked = False
    set_token(game, 0, "asteroid", "ready")
    refresh(game)
    assert label(game, "move:1").endswith("; places your Wild token (no Focus card triggers)")
    assert label(game, "move:3").endswith("; places your Asteroid or your Wild token (you choose)")


def test_a_move_to_activate_stars_says_when_no_star_can_be_paid_for() -> None:
    game = arranged_game(mover_at=outer(0))  # 2: O1 Activate Stars
    player = game.player(0)
    refresh(game)
    assert label(game, "move:2").endswith("; you have no Star to activate")
    player.systems = [system("IIIA", planet("H01"))]
    refresh(game)
    words = label(game, "move:2")
    assert "; no Star you can pay for (the cheapest costs 3 Entropy, you will have " in words
    player.entropy = 3
    refresh(game)
    assert "Star" not in label(game, "move:2").partition("Activate Stars")[2]


def test_an_evolution_shows_the_new_star_and_the_mission_it_would_break() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IIB", planet("W01"), planet("W02"))]  # 3 Water icons
    player.missions = ["M11", "M1"]
    player.energy = 5
    only(game, "evolve_star", 0, source="effect")
    heat = label(game, "evolve:0:IIIA")
    assert heat.startswith("Evolve IIB to Star IIIA (Heat Heat; activate for 3 Entropy: ")
    assert heat.endswith("; you would no longer have 3 Water icons in 1 Solar System for M11")
    water = label(game, "evolve:0:IIIC")
    assert water.startswith("Evolve IIB to Star IIIC (Water Water; activate for 3 Entropy: ")
    assert "M11" not in water  # still 3 Water icons and more
    assert label(game, "new:IA:new").startswith("Add Star IA (Heat; activate for 1 Entropy: ")


def test_a_mission_says_what_its_reward_is_worth_now() -> None:
    game = blank_game()
    player = game.player(0)
    with_biome = [planet("H01"), planet("C01")]
    for world, biome in zip(with_biome, ("BA09", "BA13"), strict=True):
        world.biome = biome
    player.systems = [system("IA", *with_biome, planet("W01"))]  # 3 types, 2 Biomes
    player.missions = ["M1", "M2"]  # M1: 3 Planet types; 2 Mass per Biome
    at_mission_step(game, 0)
    words = label(game, "mission:M1")
    assert "Worth now: gain 4 Mass (discards both Missions)" in words


def test_a_mission_reward_of_a_chosen_type_is_counted_for_the_best_type() -> None:
    game = blank_game()
    player = game.player(0)
    # Carbon 2 (the Star), Water 2, Heat 4: Heat counts most
    player.systems = [
        system("IIIB", planet("W01"), planet("W02"), planet("H07")),
        system(None, planet("H10")),
    ]
    player.missions = ["M7", "M1"]  # M7: a IIIB Star; 1 Bacteria per icon of one chosen type
    at_mission_step(game, 0)
    assert "Worth now: gain 4 Bacteria (counting Heat)" in label(game, "mission:M7")


def test_an_upgrade_shows_the_next_tier_and_the_token_coming_back() -> None:
    game = blank_game()
    player = game.player(0)
    player.energy = 3
    set_token(game, 0, "star", "board", 2)
    player.focus["planet"] = 1
    only(game, "upgrade_console", 0, source="effect")
    card = game.index.focus[(player.focus_set, "star")]
    assert label(game, "focus:star") == (
        "Upgrade your Star Focus card to tier 1: pay 3 Energy; your Star token then triggers "
        f"{effects_words(list(card.tier1))}; your Star token comes back from the board"
        " (no reward)"
    )
    planet_card = game.index.focus[(player.focus_set, "planet")]
    assert label(game, "focus:planet").endswith(
        f"triggers {effects_words(list(planet_card.tier2))}"
        f" instead of {effects_words(list(planet_card.tier1))}"
    )


def test_a_planet_that_needs_a_new_solar_system_says_so() -> None:
    game = blank_game()
    player = game.player(0)
    player.mass = 9
    player.systems = [system("IA", planet("H01"), planet("H02"), planet("H03"))]
    only(game, "aggregate_planet", 0, source="effect")
    offered = [o for o in game.decision.options if o.id.startswith("planet:")]  # type: ignore[union-attr]
    assert offered and all(
        o.label.endswith("; it starts a new Solar System (yours hold 3 Planets each)")
        for o in offered
    )
