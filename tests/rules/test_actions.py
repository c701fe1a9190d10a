"""Each of the nine actions: its main path and every refusal with its reason. The actions run
alone (`only`), from the space (`source="space"`) or from an effect (`source="effect"`)."""

from __future__ import annotations

import pytest

from entropy_tui.rules.state import PlanetState
from tests.builders_extra import (
    arranged_game,
    at_action_step,
    at_mission_step,
    inner,
    kind,
    label,
    outer,
    own_ids,
    put_on_top,
    refused,
    set_token,
    start_turn,
)
from tests.support import blank_game, choose_prefix, only, option_ids, planet, refresh, system

# --------------------------------------------------------------------- Evolve a Star


def test_evolve_refuses_an_empty_stack_and_a_missing_solar_system_tile() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"))]
    player.energy = 5
    board = game.state.board
    board.star_stacks["IIB"] = 0
    board.solar_systems = 0
    only(game, "evolve_star", 0, source="effect")
    assert refused(game) == {
        "evolve:0:IIB": "the IIB stack is empty",
        "new:IA:new": "no Solar System tiles are left",
        "new:IB:new": "no Solar System tiles are left",
    }
    assert {"evolve:0:IIA", "skip"} <= set(option_ids(game))


def test_evolve_refuses_without_enough_energy_and_an_empty_tier_one_stack() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IIA", planet("H01"))]
    game.state.board.star_stacks["IB"] = 0
    only(game, "evolve_star", 0, source="effect")
    assert refused(game) == {
        "evolve:0:IIIA": "needs 3 Energy, you have 0",
        "evolve:0:IIIB": "needs 3 Energy, you have 0",
        "new:IA:new": "needs 1 Energy, you have 0",
        "new:IB:new": "the IB stack is empty",
    }
    assert option_ids(game) == ["skip"]


def test_a_tier_one_star_goes_into_a_starless_system_or_a_new_one() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system(None, planet("H01"))]
    player.energy = 2
    board = game.state.board
    supply, stack = board.solar_systems, board.star_stacks["IB"]
    only(game, "evolve_star", 0, source="effect")
    assert {"new:IA:0", "new:IB:0", "new:IA:new", "new:IB:new"} <= set(option_ids(game))
    game.choose("new:IB:0")
    assert player.systems[0].star == "IB" and len(player.systems) == 1
    assert (player.energy, board.solar_systems, board.star_stacks["IB"]) == (1, supply, stack - 1)
    only(game, "evolve_star", 0, source="effect")
    game.choose("new:IA:new")
    assert [s.star for s in player.systems] == ["IB", "IA"]
    assert player.systems[1].planets == []
    assert (player.energy, board.solar_systems) == (0, supply - 1)


@pytest.mark.parametrize(
    ("star", "target", "energy", "event"),
    [("IA", "IIA", 2, 0), ("IIB", "IIIC", 3, 1), ("IIIA", "IVA", 4, 1)],
)
def test_evolving_to_tier_three_or_four_is_a_main_objective_event(
    star: str, target: str, energy: int, event: int
) -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system(star, planet("H01"))]
    player.energy = energy
    stacks = game.state.board.star_stacks
    before = stacks[star], stacks[target]
    only(game, "evolve_star", 0, source="effect")
    game.choose(f"evolve:0:{target}")
    assert player.systems[0].star == target and player.energy == 0
    assert (stacks[star], stacks[target]) == (before[0] + 1, before[1] - 1)
    assert game.state.turn.events == [event, 0, 0]


def test_a_tier_four_star_evolves_no_further() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IVB", planet("H01"))]
    player.energy = 9
    only(game, "evolve_star", 0, source="effect")
    assert not [i for i in option_ids(game) if i.startswith("evolve:")]


# --------------------------------------------------------------------- Aggregate Planet


def test_aggregate_planet_pays_resolves_the_effect_then_places_it_in_a_new_system() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"), planet("C01"), planet("W01"))]
    player.mass = 5
    board = game.state.board
    put_on_top(board.planet_stacks, "H02", 0)  # 2 Mass: gain 2 Entropy
    supply = board.solar_systems
    only(game, "aggregate_planet", 0, source="effect")
    assert len([i for i in option_ids(game) if i.startswith("planet:")]) == 8
    game.choose("planet:H02")
    assert (player.mass, player.entropy) == (3, 2)
    assert [p.tile for p in player.systems[1].planets] == ["H02"]
    assert player.systems[1].star is None
    assert board.solar_systems == supply - 1
    assert "H02" not in board.planet_stacks[0]


def test_aggregate_planet_offers_each_free_system_and_a_new_one() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01")), system(None)]
    player.mass = 2
    put_on_top(game.state.board.planet_stacks, "W01", 4)  # 2 Mass: gain 1 Mass
    only(game, "aggregate_planet", 0, source="effect")
    game.choose("planet:W01")
    assert kind(game) == "place_planet"
    assert option_ids(game) == ["system:0", "system:1", "system:new"]
    game.choose("system:1")
    assert [p.tile for p in player.systems[1].planets] == ["W01"]
    assert player.mass == 1


def test_aggregate_planet_refuses_without_enough_mass() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"))]
    player.mass = 2
    board = game.state.board
    put_on_top(board.planet_stacks, "H03", 0)  # 3 Mass
    put_on_top(board.planet_stacks, "H01", 1)  # 2 Mass (a second H01 tile is only for the test)
    only(game, "aggregate_planet", 0, source="effect")
    assert refused(game)["planet:H03"] == "needs 3 Mass, you have 2"
    assert "planet:H01" in option_ids(game)


def test_aggregate_planet_refuses_with_no_empty_space_and_no_system_tile_left() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"), planet("C01"), planet("W01"))]
    player.mass = 9
    game.state.board.solar_systems = 0
    only(game, "aggregate_planet", 0, source="effect")
    reasons = set(refused(game).values())
    assert reasons == {"you have no empty Planet space and no Solar System tile is left"}
    assert option_ids(game) == ["skip"]


def test_an_emptied_planet_stack_is_refilled_from_its_twin() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"))]
    player.mass = 9
    board = game.state.board
    board.planet_stacks[0] = ["H02"]
    board.planet_stacks[1] = ["H05", "H06", "H07"]
    only(game, "aggregate_planet", 0, source="effect")
    game.choose("planet:H02")
    assert board.planet_stacks[0] == ["H07"]
    assert board.planet_stacks[1] == ["H05", "H06"]


def test_a_twin_with_a_single_tile_left_is_not_split() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"))]
    player.mass = 9
    board = game.state.board
    board.planet_stacks[0] = ["H02"]
    board.planet_stacks[1] = ["H05"]
    only(game, "aggregate_planet", 0, source="effect")
    game.choose("planet:H02")
    assert board.planet_stacks[0:2] == [[], ["H05"]]


# --------------------------------------------------------------------- Create Life


def test_create_life_plays_a_card_adds_its_lifeforms_and_resolves_its_effect() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("C01")
    player.systems = [system("IA", world)]
    player.hand = ["L1", "L4"]  # L1: Heat, 1 Bacteria, +1 Energy; L4 needs Radiation
    only(game, "create_life", 0, source="effect")
    assert [i for i in option_ids(game) if i.startswith("play:")] == ["play:L1:s0p0"]
    game.choose("play:L1:s0p0")
    assert world.life == {"bacteria": 1, "plant": 0, "animal": 0}
    assert world.cards == ["L1"] and player.hand == ["L4"]
    assert player.energy == 1


def test_create_life_counts_the_star_the_planet_and_its_asteroids_only() -> None:
    """L44 needs 3 Heat: IA (1) + H07 (2) on one Planet; the Heat Asteroid on the other
    Planet of the same system does not count for the first."""
    game = blank_game()
    player = game.player(0)
    hot = planet("H01", bacteria=1)
    hot.asteroids = {"mass": "AH01"}
    player.systems = [system("IA", planet("C01", bacteria=1), hot)]
    player.hand = ["L44"]
    only(game, "create_life", 0, source="effect")
    assert [i for i in option_ids(game) if i.startswith("play:")] == ["play:L44:s0p1"]


def test_create_life_refuses_a_card_whose_lifeforms_are_missing() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H07"))]  # 3 Heat
    player.hand = ["L24"]  # 2 Heat, remove 1 Bacteria
    only(game, "create_life", 0, source="effect")
    assert refused(game) == {"play:L24": "needs 1 more Bacteria on Heat Planet H07"}


def test_create_life_needs_lifeforms_present_without_removing_them() -> None:
    """L31 needs 1 Bacteria (not removed); L24 removes its Bacteria."""
    game = blank_game()
    player = game.player(0)
    world = planet("C06", bacteria=1)  # Carbon + Water
    player.systems = [system("IA", world)]
    player.hand = ["L31"]
    only(game, "create_life", 0, source="effect")
    game.choose("play:L31:s0p0")
    assert (world.life["bacteria"], world.life["plant"]) == (1, 1)
    game.choose("skip")  # the card's advancement
    assert player.vp == 1

    world = planet("H07", bacteria=2)
    player.systems = [system("IA", world)]
    player.hand = ["L24"]
    only(game, "create_life", 0, source="effect")
    game.choose("play:L24:s0p0")
    assert (world.life["bacteria"], world.life["plant"]) == (1, 1)
    assert player.energy == 2


def test_an_animal_card_removes_plants() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("C08", plant=2)  # Carbon, Carbon
    player.systems = [system("IA", world, planet("C01"))]
    player.hand = ["L48"]  # 2 Carbon; remove 1 Plant; per Carbon Planet 1 Bacteria and 2 VP
    only(game, "create_life", 0, source="effect")
    game.choose("play:L48:s0p0")
    assert world.life == {"bacteria": 0, "plant": 1, "animal": 1}
    assert kind(game) == "place_lifeform"  # 1 Bacteria per Carbon Planet, placed by choice
    assert game.decision is not None and "place 2 Bacteria" in game.decision.prompt
    game.choose("skip")
    assert player.vp == 4  # 2 VP per Carbon Planet


ONLY_ONE = "(a discard supplies only one icon)"


def test_create_life_refuses_two_missing_icons() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system(None, planet("C01", bacteria=1))]
    player.hand = ["L34", "L44"]  # L34: 2 Heat + 1 Carbon; L44: 3 Heat
    only(game, "create_life", 0, source="effect")
    assert refused(game) == {
        "play:L34": f"needs 2 more Heat icons on Carbon Planet C01 {ONLY_ONE}",
        "play:L44": f"needs 3 more Heat icons on Carbon Planet C01 {ONLY_ONE}",
    }


def test_one_missing_icon_needs_a_card_showing_it_to_discard() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system(None, planet("H01"))]
    player.hand = ["L11", "L4"]  # L11: Heat + Carbon; L4 shows only Radiation
    only(game, "create_life", 0, source="effect")
    assert refused(game) == {
        "play:L11": "needs 1 more Carbon icon on Heat Planet H01"
        " (or another card with a Carbon icon to discard)",
        "play:L4": "needs 1 more Radiation icon on Heat Planet H01"
        " (or another card with a Radiation icon to discard)",
    }


def test_one_missing_icon_is_supplied_by_a_discard_to_the_bottom_of_the_leftmost_deck() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H01")
    player.systems = [system(None, world)]
    player.hand = ["L11", "L27", "L44"]  # L11 needs Heat + Carbon; L27 shows Carbon
    decks = game.state.board.life_decks
    decks[3] = []  # whatever happens, the discard goes to the leftmost Plant deck
    only(game, "create_life", 0, source="effect")
    assert "discard a card for 1 Carbon" in label(game, "play:L11:s0p0")
    game.choose("play:L11:s0p0")
    assert kind(game) == "life_discard"
    assert option_ids(game) == ["discard:L27"]  # L44 shows no Carbon
    bottom_before = decks[2][0]
    game.choose("discard:L27")
    assert decks[2][0] == "L27" and decks[2][1] == bottom_before
    assert player.hand == ["L44"]
    assert world.cards == ["L11"] and world.life["bacteria"] == 2


def test_create_life_refuses_a_planet_with_three_cards_but_offers_another() -> None:
    game = blank_game()
    player = game.player(0)
    full = planet("H01")
    full.cards = ["L5", "L17", "L21"]
    player.systems = [system("IA", full, planet("H03"))]
    player.hand = ["L1"]
    only(game, "create_life", 0, source="effect")
    assert [i for i in option_ids(game) if i.startswith("play:")] == ["play:L1:s0p1"]
    full_only = blank_game()
    full_only.player(0).systems = [system("IA", full.copy())]
    full_only.player(0).hand = ["L1"]
    only(full_only, "create_life", 0, source="effect")
    assert refused(full_only) == {"play:L1": "this Planet already has 3 Life cards"}


def test_a_card_counting_played_life_cards_does_not_count_itself() -> None:
    """L61: 1 Entropy and 2 VP for each played Life card. The card is placed "finally", after
    its effect: two cards already played give 2 Entropy and 4 VP, not 3 and 6."""
    game = blank_game()
    player = game.player(0)
    world = planet("W07", plant=2)  # Water, Water; IIIB shows Carbon, Carbon
    earlier = planet("C01", bacteria=2)
    earlier.cards = ["L2", "L6"]
    player.systems = [system("IIIB", world, earlier)]
    player.hand = ["L61"]
    only(game, "create_life", 0, source="effect")
    game.choose("play:L61:s0p0")
    assert (player.entropy, player.vp) == (2, 4)
    assert world.cards == ["L61"]  # placed once its effect is resolved


def test_a_card_counting_played_cards_of_a_type_does_not_count_itself() -> None:
    """L51: 1 Energy and 2 VP for each played Life card of the chosen type. Choosing Animal
    with one Animal card already played counts 1, not 2 with L51 itself."""
    game = blank_game()
    player = game.player(0)
    world = planet("C10", bacteria=1, plant=1)  # Carbon, Heat; IIC shows Carbon
    earlier = planet("H01", animal=1)
    earlier.cards = ["L45"]
    player.systems = [system("IIC", world, earlier)]
    player.hand = ["L51"]
    only(game, "create_life", 0, source="effect")
    game.choose("play:L51:s0p0")
    assert label(game, "type:animal").startswith("Animal: 1 x")
    game.choose("type:animal")
    assert (player.energy, player.vp) == (1, 2)
    assert world.cards == ["L51"]


def test_a_card_still_resolving_keeps_its_place_among_the_three() -> None:
    """L37's effect is a Create Life action: its Planet had 2 cards, and L37 takes the third
    place though it is placed last, so the second card must go elsewhere."""
    game = blank_game()
    player = game.player(0)
    crowded = planet("C08", bacteria=4)  # Carbon, Carbon; IB shows Radiation
    crowded.cards = ["L2", "L6"]
    player.systems = [system("IB", crowded, planet("C01"))]
    player.hand = ["L37", "L9"]  # L9 needs 1 Carbon
    only(game, "create_life", 0, source="effect")
    game.choose("play:L37:s0p0")
    assert kind(game) == "create_life"
    assert [i for i in option_ids(game) if i.startswith("play:")] == ["play:L9:s0p1"]
    game.choose("play:L9:s0p1")
    game.choose("skip")  # L9's Advance 1 Lifeform
    assert crowded.cards == ["L2", "L6", "L37"]


def test_a_planet_holds_at_most_five_lifeforms_of_a_type() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H01", bacteria=4)
    player.systems = [system("IA", world)]
    player.hand = ["L5"]  # Heat: 2 Bacteria
    only(game, "create_life", 0, source="effect")
    game.state.turn.card_bonus = 2  # and 2 more from a full Traffic Bonus
    game.choose("play:L5:s0p0")
    assert world.life["bacteria"] == 5


def test_the_create_life_traffic_bonus_adds_lifeforms_of_the_played_type() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H07", bacteria=1)
    player.systems = [system("IA", world)]
    player.hand = ["L24"]  # remove 1 Bacteria, gain 1 Plant
    only(game, "create_life", 0, source="space")
    game.state.turn.card_bonus = 2
    game.choose("play:L24:s0p0")
    assert world.life == {"bacteria": 0, "plant": 3, "animal": 0}
    assert game.state.turn.card_bonus == 0


def test_create_life_from_its_space_must_play_but_from_an_effect_may_decline() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"))]
    player.hand = ["L1"]
    only(game, "create_life", 0, source="space")
    assert option_ids(game) == ["play:L1:s0p0"]
    only(game, "create_life", 0, source="effect")
    assert option_ids(game) == ["play:L1:s0p0", "skip"]


# --------------------------------------------------------------------- Activate Stars


def test_activate_stars_activates_each_star_once() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01")), system("IB", planet("C01"))]
    player.entropy = 5
    only(game, "activate_stars", 0, source="effect")
    assert own_ids(game) == ["star:0", "star:1", "done"]
    assert label(game, "done").startswith("Skip")
    game.choose("star:0")
    assert own_ids(game) == ["star:1", "done"]
    assert label(game, "done") == "Stop activating Stars"
    game.choose("star:1")
    assert (player.entropy, player.energy, player.mass) == (3, 1, 1)
    assert game.decision is None


def test_activate_stars_refuses_a_star_you_cannot_pay_for() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IIA", planet("H01")), system("IA", planet("C01"))]
    player.entropy = 1
    only(game, "activate_stars", 0, source="effect")
    assert refused(game) == {"star:0": "needs 2 Entropy, you have 1"}
    game.choose("star:1")
    assert (player.entropy, player.energy) == (0, 1)
    assert game.decision is None


def test_the_generator_discounts_only_the_first_stars_from_the_space() -> None:
    """Generator space 2 discounts 1 Star: the first costs 0, the second its full 1."""
    game = blank_game()
    player = game.player(0)
    player.generator = 1
    assert game.catalog.board.generator[1].discounted_stars == 1
    player.systems = [system("IA", planet("H01")), system("IB", planet("C01"))]
    player.entropy = 1
    only(game, "activate_stars", 0, source="space")
    assert "pay 0 with the Generator discount" in label(game, "star:0")
    game.choose("star:1")
    assert (player.entropy, player.mass) == (1, 1)
    assert "Generator discount" not in label(game, "star:0")
    game.choose("star:0")
    assert (player.entropy, player.energy) == (0, 1)

    game = blank_game()
    player = game.player(0)
    player.generator = 1
    player.systems = [system("IA", planet("H01")), system("IB", planet("C01"))]
    player.entropy = 1
    only(game, "activate_stars", 0, source="effect")
    game.choose("star:0")
    assert player.entropy == 0
    assert game.decision is None  # no Entropy left for the second: no discount from an effect


# --------------------------------------------------------------------- Set Biome


def test_set_biome_places_the_biome_by_a_chosen_planet_without_one() -> None:
    game = blank_game()
    player = game.player(0)
    has_one = planet("H01")
    has_one.biome = "BA02"
    player.systems = [system("IA", has_one, planet("C01"), planet("W01"))]
    board = game.state.board
    put_on_top(board.biome_stacks, "BS05", 2)
    only(game, "set_biome", 0, source="space")
    assert len([i for i in option_ids(game) if i.startswith("biome:")]) == 4
    game.choose("biome:BS05")
    assert kind(game) == "place_biome"
    assert option_ids(game) == ["planet:s0p1", "planet:s0p2"]
    game.choose("planet:s0p2")
    assert player.systems[0].planets[2].biome == "BS05"
    assert not player.systems[0].planets[2].fulfilled
    assert "BS05" not in board.biome_stacks[2]
    assert game.state.turn.action_done


def test_set_biome_refuses_when_every_planet_has_a_biome() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H01")
    world.biome = "BA02"
    player.systems = [system("IA", world)]
    only(game, "set_biome", 0, source="space")
    assert set(refused(game).values()) == {"every Planet of yours has a Biome"}
    assert len(refused(game)) == 4
    assert option_ids(game) == ["skip"]


def test_an_emptied_biome_stack_is_refilled_from_its_twin() -> None:
    game = blank_game()
    game.player(0).systems = [system("IA", planet("H01"))]
    board = game.state.board
    board.biome_stacks[2] = ["BS01"]
    board.biome_stacks[3] = ["BS02", "BS03"]
    only(game, "set_biome", 0, source="space")
    game.choose("biome:BS01")
    assert board.biome_stacks[2:] == [["BS03"], ["BS02"]]


# --------------------------------------------------------------------- Upgrade Console


def test_upgrade_console_retrieves_the_token_from_the_board() -> None:
    game = blank_game()
    player = game.player(0)
    player.energy = 7
    player.focus["asteroid"] = 1
    set_token(game, 0, "asteroid", "board", 2)
    set_token(game, 0, "star", "board", 4)
    only(game, "upgrade_console", 0, source="space")
    game.choose("focus:asteroid")
    assert player.focus == {"star": 0, "planet": 0, "asteroid": 2}
    assert player.energy == 4
    assert (player.tokens["asteroid"].where, player.tokens["asteroid"].slot) == ("lying", None)
    assert player.tokens["star"].where == "board"  # only the upgraded card's token


def test_upgrade_console_leaves_a_ready_token_ready() -> None:
    game = blank_game()
    player = game.player(0)
    player.energy = 3
    only(game, "upgrade_console", 0, source="space")
    game.choose("focus:star")
    assert player.focus["star"] == 1 and player.tokens["star"].where == "ready"


def test_upgrade_console_refusals() -> None:
    game = blank_game()
    player = game.player(0)
    player.energy = 2
    player.focus["planet"] = 2
    only(game, "upgrade_console", 0, source="space")
    assert refused(game) == {
        "focus:star": "needs 3 Energy, you have 2",
        "focus:planet": "it is already at tier 2",
        "focus:asteroid": "needs 3 Energy, you have 2",
    }
    assert option_ids(game) == ["skip"]


# --------------------------------------------------------------------- Take Life Cards


def test_take_life_cards_takes_two() -> None:
    game = blank_game()
    player = game.player(0)
    decks = game.state.board.life_decks
    first, second = decks[0][-1], decks[0][-2]
    only(game, "take_life_cards", 0, source="space")
    assert len([i for i in option_ids(game) if i.startswith("card:")]) == 6
    assert "skip" in option_ids(game)
    game.choose(f"card:{first}")
    assert f"card:{second}" in option_ids(game) and "done" in option_ids(game)
    game.choose(f"card:{second}")
    assert player.hand == [first, second]
    assert game.decision is None


def test_take_life_cards_may_stop_after_one() -> None:
    game = blank_game()
    player = game.player(0)
    top = game.state.board.life_decks[4][-1]
    only(game, "take_life_cards", 0, source="space")
    game.choose(f"card:{top}")
    game.choose("done")
    assert player.hand == [top]
    assert game.decision is None


def test_an_emptied_life_deck_is_refilled_from_its_twin() -> None:
    game = blank_game()
    decks = game.state.board.life_decks
    decks[2] = ["L23"]
    decks[3] = ["L24", "L25", "L26"]
    only(game, "take_life_cards", 0, source="space")
    game.choose("card:L23")
    assert decks[2:4] == [["L26"], ["L24", "L25"]]
    assert "card:L26" in option_ids(game) and "card:L25" in option_ids(game)


# --------------------------------------------------------------------- Catch an Asteroid


def catch_game(mass: int, *worlds: PlanetState, top: str = "AC01"):
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", *worlds)]
    player.mass = mass
    stacks = game.state.board.asteroid_stacks
    put_on_top([stacks[game.index.asteroid[top].type]], top, 0)
    return game, player


def test_catch_an_asteroid_on_the_top_space_costs_two_mass_then_the_planet_effect() -> None:
    world = planet("C01")  # effect: 1 Bacteria here
    game, player = catch_game(2, world, top="AC01")
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    assert option_ids(game) == ["place:s0p0:mass"]
    game.choose("place:s0p0:mass")
    assert world.asteroids == {"mass": "AC01"} and player.mass == 0
    assert world.life["bacteria"] == 1
    assert "AC01" not in game.state.board.asteroid_stacks["carbon"]
    assert game.state.turn.events == [0, 1, 0]


def test_the_bottom_space_is_paid_with_a_lifeform_of_that_planet() -> None:
    world = planet("H01", bacteria=1, plant=1)
    game, player = catch_game(0, world, top="AC01")
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    assert option_ids(game) == ["place:s0p0:lifeform:bacteria", "place:s0p0:lifeform:plant"]
    game.choose("place:s0p0:lifeform:plant")
    assert world.asteroids == {"lifeform": "AC01"}
    assert world.life == {"bacteria": 1, "plant": 0, "animal": 0}
    assert player.energy == 1  # H01's effect


def test_water_and_radiation_asteroids_cost_one_more_mass() -> None:
    world = planet("H01", bacteria=1)
    game, player = catch_game(2, world, top="AW01")
    only(game, "catch_asteroid", 0, source="space")
    assert "costs 1 more Mass" in label(game, "asteroid:water")
    game.choose("asteroid:water")
    assert option_ids(game) == ["place:s0p0:lifeform:bacteria"]  # the top space would cost 3
    assert "pay 1 Mass and 1 Bacteria" in label(game, "place:s0p0:lifeform:bacteria")
    game.choose("place:s0p0:lifeform:bacteria")
    assert player.mass == 1 and world.life["bacteria"] == 0

    game, player = catch_game(0, planet("H01", bacteria=1), top="AR01")
    only(game, "catch_asteroid", 0, source="space")
    assert refused(game)["asteroid:radiation"] == (
        "no empty Asteroid space you can pay for: the top space costs 3 Mass, you have 0;"
        " the bottom space costs 1 Mass and 1 Lifeform from its Planet, you have 0 Mass"
    )


def test_a_free_asteroid_costs_nothing_on_either_space() -> None:
    world = planet("H01")
    game, player = catch_game(0, world, top="AW02")
    only(game, "catch_asteroid", 0, source="space")
    assert "free of any cost" in label(game, "asteroid:water")
    game.choose("asteroid:water")
    assert option_ids(game) == ["place:s0p0:mass", "place:s0p0:lifeform"]
    assert label(game, "place:s0p0:lifeform").endswith("pay nothing")
    game.choose("place:s0p0:lifeform")
    assert world.asteroids == {"lifeform": "AW02"}
    assert (player.mass, world.life["bacteria"]) == (0, 0)


def test_a_planet_with_two_asteroids_takes_no_more() -> None:
    full = planet("H01", bacteria=3)
    full.asteroids = {"mass": "AH01", "lifeform": "AH03"}
    game, _ = catch_game(9, full, top="AC01")
    only(game, "catch_asteroid", 0, source="space")
    assert set(refused(game).values()) == {"your Planets have no empty Asteroid space"}
    assert option_ids(game) == ["skip"]

    game, _ = catch_game(9, full.copy(), planet("C01"), top="AC01")
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    assert option_ids(game) == ["place:s0p1:mass"]


def test_an_empty_asteroid_stack_is_refused() -> None:
    game, _ = catch_game(9, planet("H01"))
    game.state.board.asteroid_stacks["heat"] = []
    only(game, "catch_asteroid", 0, source="space")
    assert refused(game)["asteroid:heat"] == "none are left"


def test_only_the_first_asteroid_in_a_system_is_an_objective_event() -> None:
    first = planet("H01")
    first.asteroids = {"mass": "AH01"}
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", first, planet("C01")), system("IB", planet("W01"))]
    player.mass = 4
    stacks = game.state.board.asteroid_stacks
    put_on_top([stacks["carbon"]], "AC01", 0)
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    game.choose("place:s0p1:mass")  # a second Asteroid in system 1
    assert game.state.turn.events == [0, 0, 0]
    put_on_top([stacks["carbon"]], "AC04", 0)
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    game.choose("place:s1p0:mass")  # the first in system 2
    assert game.state.turn.events == [0, 1, 0]


def test_a_free_catch_effect_pays_nothing_for_any_asteroid() -> None:
    world = planet("H01", bacteria=2)
    game, player = catch_game(0, world, top="AR01")
    only(game, "catch_asteroid", 0, source="effect", free=True)
    assert "free of any cost" in label(game, "asteroid:radiation")
    game.choose("asteroid:radiation")
    game.choose("place:s0p0:lifeform")
    assert (player.mass, world.life["bacteria"]) == (0, 2)
    assert world.asteroids == {"lifeform": "AR01"}


# --------------------------------------------------------------------- Primordial Soup


@pytest.mark.parametrize(
    ("position", "after", "vp"),
    [(0, 1, 0), (4, 5, 1), (5, 6, 2), (6, 7, 3), (7, 7, 3)],
)
def test_primordial_soup_advances_the_generator_and_gains_mass_and_energy(
    position: int, after: int, vp: int
) -> None:
    game = blank_game()
    player = game.player(0)
    player.generator = position
    only(game, "primordial_soup", 0, source="space")
    assert (player.generator, player.vp, player.mass, player.energy) == (after, vp, 1, 1)
    assert player.generator_advances == 1
    assert game.state.turn.action_done


# --------------------------------------------------------------------- every action


@pytest.mark.parametrize(
    "action",
    ["evolve_star", "aggregate_planet", "set_biome", "upgrade_console", "take_life_cards"],
)
def test_every_action_with_a_choice_may_be_skipped(action: str) -> None:
    game = blank_game()
    game.player(0).systems = [system("IA", planet("H01"))]
    game.player(0).energy = game.player(0).mass = 9
    only(game, action, 0, source="space")
    assert "skip" in option_ids(game)
    game.choose("skip")
    assert game.decision is None
    assert not game.state.turn.action_done


def test_choose_prefix_helper_sees_only_enabled_options() -> None:
    """A sanity check of the support helper the other tests lean on."""
    game = blank_game()
    game.player(0).systems = [system("IA", planet("H01"))]
    game.player(0).energy = 1
    only(game, "evolve_star", 0, source="effect")
    choose_prefix(game, "new:IB:new")
    assert [s.star for s in game.player(0).systems] == ["IA", "IB"]


# --------------------------------------------------------------------- Focus cards


@pytest.mark.parametrize(("token", "cost"), [("star", 1), ("wild", 2)])
def test_the_focus_discount_needs_the_matching_token_on_the_space(token: str, cost: int) -> None:
    game = blank_game()
    player = game.player(0)
    player.focus_set, player.focus["star"] = "A", 1  # Thrift: 1 Energy off Evolve a Star
    player.systems = [system("IA", planet("H01"))]
    player.energy = 2
    at_action_step(game, 0, "evolve_star", token)
    assert label(game, "evolve:0:IIA").endswith(f"pay {cost} Energy")
    game.choose("evolve:0:IIA")
    assert player.energy == 2 - cost


def test_no_focus_discount_when_the_action_comes_from_an_effect() -> None:
    game = blank_game()
    player = game.player(0)
    player.focus_set, player.focus["star"] = "A", 2
    player.systems = [system("IA", planet("H01"))]
    player.energy = 2
    only(game, "evolve_star", 0, source="effect")
    game.state.turn.token = "star"  # even with the Star token on the landed space
    refresh(game)
    assert label(game, "evolve:0:IIA").endswith("pay 2 Energy")


def test_focus_discounts_apply_to_mass_costs_too() -> None:
    """Set A Asteroid tier 2: 2 Mass off -- the top space of a Carbon Asteroid is free."""
    game = blank_game()
    player = game.player(0)
    player.focus_set, player.focus["asteroid"] = "A", 2
    player.systems = [system("IA", planet("H01"))]
    put_on_top([game.state.board.asteroid_stacks["carbon"]], "AC01", 0)
    at_action_step(game, 0, "catch_asteroid", "asteroid")
    game.choose("asteroid:carbon")
    assert option_ids(game) == ["place:s0p0:mass"]
    assert label(game, "place:s0p0:mass").endswith("pay nothing")
    game.choose("place:s0p0:mass")
    assert player.mass == 0 and player.systems[0].planets[0].asteroids == {"mass": "AC01"}


@pytest.mark.parametrize(
    ("token", "evolve", "vp"),
    [("star", True, 1), ("star", False, 0), ("wild", True, 0)],
)
def test_focus_tier_effects_follow_a_resolved_action_with_the_matching_token(
    token: str, evolve: bool, vp: int
) -> None:
    game = blank_game()
    player = game.player(0)
    player.focus_set, player.focus["star"] = "C", 1  # Prestige: 1 VP
    player.systems = [system("IA", planet("H01"))]
    player.energy = 2
    at_action_step(game, 0, "evolve_star", token)
    game.choose("evolve:0:IIA" if evolve else "skip")
    assert game.decision is None
    assert player.vp == vp
    assert any(e.kind == "focus" for e in game.log) is bool(vp)


def test_a_focus_tier_effect_with_a_choice_comes_after_the_action() -> None:
    """Set D Planet tier 2: 1 Mass off Aggregate Planet, then take 1 Life card (declinable)."""
    game = blank_game()
    player = game.player(0)
    player.focus_set, player.focus["planet"] = "D", 2
    player.systems = [system("IA", planet("H01"))]
    player.mass = 1
    put_on_top(game.state.board.planet_stacks, "H02", 0)  # 2 Mass
    at_action_step(game, 0, "aggregate_planet", "planet")
    game.choose("planet:H02")
    assert player.mass == 0 and player.entropy == 0  # placed first, then its effect
    game.choose("system:0")
    assert [p.tile for p in player.systems[0].planets] == ["H01", "H02"]
    assert player.entropy == 2
    assert kind(game) == "take_cards"
    assert "skip" in option_ids(game)
    top = game.state.board.life_decks[0][-1]
    game.choose(f"card:{top}")
    assert player.hand == [top]


# --------------------------------------------------------------------- Biomes


def biome_game(biome: str, *, fulfilled: bool = False, entropy: int = 0, **life: int):
    """Seat 0 moves 3 from O4 to I0 (Evolve a Star, distance 3: no Traffic Bonus) with one
    Planet carrying `biome`."""
    game = arranged_game(mover_at=outer(4), others_at=inner(3))
    player = game.player(0)
    world = planet("H01", **life)
    world.biome, world.fulfilled = biome, fulfilled
    player.systems = [system("IA", world)]
    player.entropy = entropy
    start_turn(game, 0)
    game.choose("move:3")
    return game, player


@pytest.mark.parametrize(("fulfilled", "energy"), [(False, 1), (True, 2)])
def test_an_abundant_biome_rewards_landing_on_its_trigger_automatically(
    fulfilled: bool, energy: int
) -> None:
    game, player = biome_game("BA01", fulfilled=fulfilled)  # Evolve a Star: 1 Energy / 2
    assert kind(game) == "evolve_star"
    assert player.energy == energy


def test_a_biome_with_another_trigger_gives_nothing() -> None:
    game, player = biome_game("BA03")  # Aggregate Planet
    assert kind(game) == "evolve_star"
    assert (player.energy, player.mass, player.entropy) == (0, 0, 0)


def test_a_scarce_biome_costs_one_entropy_and_may_be_declined() -> None:
    game, player = biome_game("BS01", entropy=0)  # 2 Energy / 2 Energy + 1 VP
    assert kind(game) == "scarce_biome"
    assert refused(game) == {"collect": "needs 1 Entropy, you have 0"}
    game.choose("skip")
    assert kind(game) == "evolve_star" and player.energy == 0

    game, player = biome_game("BS01", entropy=1)
    assert option_ids(game) == ["collect", "skip"]
    game.choose("collect")
    assert (player.entropy, player.energy, player.vp) == (0, 2, 0)

    game, player = biome_game("BS01", fulfilled=True, entropy=2)
    game.choose("collect")
    assert (player.entropy, player.energy, player.vp) == (1, 2, 1)

    game, player = biome_game("BS01", entropy=2)
    game.choose("skip")
    assert (player.entropy, player.energy) == (2, 0)


@pytest.mark.parametrize(("bacteria", "offered"), [(1, False), (2, True)])
def test_fulfilling_a_biome_is_a_free_action_that_needs_its_lifeforms(
    bacteria: int, offered: bool
) -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H01", bacteria=bacteria)
    world.biome = "BA01"  # 2 Bacteria
    player.systems = [system("IA", world)]
    player.energy = 1
    at_action_step(game, 0, "evolve_star", "star")
    assert ("fulfil:s0p0" in option_ids(game)) is offered
    if offered:
        game.choose("fulfil:s0p0")
        assert world.fulfilled
        assert world.life["bacteria"] == 2  # nothing is spent
        assert game.state.turn.events == [0, 0, 1]
        assert "fulfil:s0p0" not in option_ids(game)


def test_a_biome_met_before_the_move_can_be_fulfilled_then_and_improves_its_reward() -> None:
    """BA01 (2 Bacteria; Evolve a Star: 1 Energy, fulfilled 2) is met when the turn begins:
    fulfilled in the Movement step, landing on Evolve a Star gives the improved reward."""
    game = arranged_game(mover_at=outer(2), others_at=inner(4))  # +1: I3, Evolve a Star
    player = game.player(0)
    world = planet("H01", bacteria=2)
    world.biome = "BA01"
    player.systems = [system("IA", world)]
    start_turn(game, 0)
    assert kind(game) == "move"
    assert "fulfil:s0p0" in option_ids(game)
    assert not [i for i in option_ids(game) if i.startswith("exchange:")]
    game.choose("fulfil:s0p0")
    assert world.fulfilled and game.state.turn.events == [0, 0, 1]
    assert kind(game) == "move" and "fulfil:s0p0" not in option_ids(game)
    game.choose("move:1")
    assert kind(game) == "evolve_star"
    assert player.energy == 2 + 2  # the Traffic Bonus and the improved Biome reward


def test_lifeforms_gained_in_the_mission_step_let_a_biome_be_fulfilled_before_the_check() -> None:
    """M3 gives 1 Plant per Star: placing the first of two Plants meets BA06 (2 Plants) on
    that Planet, so the second placement offers the fulfil, counted in this Mission step."""
    game = blank_game()
    player = game.player(0)
    world = planet("H01", plant=1)
    world.biome = "BA06"
    player.systems = [system("IA", world), system("IB", planet("C01"))]
    player.missions = ["M3", "M4"]
    player.focus["star"] = 2  # M3: a Focus card at its 2nd tier
    at_mission_step(game, 0)
    choose_prefix(game, "mission:M3")
    assert kind(game) == "place_lifeform" and "fulfil:s0p0" not in option_ids(game)
    game.choose("planet:s0p0")
    assert "fulfil:s0p0" in option_ids(game)
    game.choose("fulfil:s0p0")
    assert world.fulfilled
    game.choose("skip")
    assert player.objectives[2] == 1  # counted in this turn's Mission step


def test_a_free_fulfil_effect_ignores_the_requirement_and_counts_for_the_objective() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H01")
    world.biome = "BS18"  # 2 Bacteria, 1 Plant, 1 Animal
    player.systems = [system("IA", world)]
    only(game, "effect", 0, effect={"do": "free_fulfil"}, origin="Test")
    assert option_ids(game) == ["planet:s0p0", "skip"]
    game.choose("planet:s0p0")
    assert world.fulfilled and game.state.turn.events == [0, 0, 1]


# --------------------------------------------------------------------- the Entropy exchange


def test_the_entropy_exchange_is_offered_during_the_action_step_only() -> None:
    game = arranged_game(mover_at=outer(4), others_at=inner(3))
    player = game.player(0)
    player.entropy = 4
    player.missions = ["M1", "M2"]
    player.systems = [system("IA", planet("H01"), planet("C01"), planet("W01"))]  # M1 is met
    start_turn(game, 0)
    assert kind(game) == "move"
    assert not [i for i in option_ids(game) if i.startswith("exchange:")]
    game.choose("move:3")  # I0, Evolve a Star
    assert kind(game) == "evolve_star"
    assert {"exchange:energy", "exchange:mass"} <= set(option_ids(game))
    game.choose("exchange:energy")
    assert (player.entropy, player.energy) == (2, 1)
    assert kind(game) == "evolve_star"  # a free action does not end the decision
    game.choose("skip")
    assert kind(game) == "post_action"
    assert option_ids(game) == ["done", "exchange:energy", "exchange:mass"]
    game.choose("exchange:mass")
    assert (player.entropy, player.mass) == (0, 1)
    assert kind(game) == "play_mission"  # nothing left to do: on to the Mission step
    player.entropy = 2
    refresh(game)
    assert kind(game) == "play_mission"  # the Mission step: no exchange any more
    assert not [i for i in option_ids(game) if i.startswith("exchange:")]


def test_the_entropy_exchange_needs_two_entropy() -> None:
    game = blank_game()
    player = game.player(0)
    player.entropy = 1
    player.systems = [system("IA", planet("H01"))]
    at_action_step(game, 0, "activate_stars")
    assert kind(game) == "activate_stars"
    assert not [i for i in option_ids(game) if i.startswith("exchange:")]


# --------------------------------------------------------------------- Golden rule


@pytest.mark.parametrize(
    ("effect", "expected_kind"),
    [
        ({"do": "gain_lifeform", "what": "bacteria", "n": 2}, "place_lifeform"),
        ({"do": "advance_lifeform", "n": 2}, "advance"),
        ({"do": "activate_star"}, "activate_one"),
        ({"do": "take_life_cards", "n": 2}, "take_cards"),
        ({"do": "free_fulfil"}, "free_fulfil"),
        ({"do": "retrieve_token"}, "retrieve_token"),
        ({"do": "free_catch"}, "catch_asteroid"),
        ({"do": "action", "what": "create_life"}, "create_life"),
    ],
)
def test_every_reward_with_a_choice_may_be_declined(
    effect: dict[str, object], expected_kind: str
) -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("H01", bacteria=1)
    world.biome = "BA01"
    player.systems = [system("IA", world)]
    player.entropy = 1
    player.hand = ["L1"]
    set_token(game, 0, "planet", "board", 2)
    before = player.dump()
    decks_before = [list(d) for d in game.state.board.life_decks]
    only(game, "effect", 0, effect=effect, origin="Test")
    assert kind(game) == expected_kind
    assert "skip" in option_ids(game)
    game.choose("skip")
    assert game.decision is None
    assert player.dump() == before
    assert game.state.board.life_decks == decks_before


def test_a_local_lifeform_gain_of_an_aggregated_planet_lands_on_that_planet() -> None:
    game = blank_game()
    player = game.player(0)
    home = planet("H01")
    player.systems = [system("IA", home)]
    player.mass = 2
    put_on_top(game.state.board.planet_stacks, "C01", 2)  # 2 Mass: 1 Bacteria here (Local)
    only(game, "aggregate_planet", 0, source="effect")
    game.choose("planet:C01")
    for _ in range(3):  # place the Planet (and any Lifeform the engine asks about) in system 1
        if game.decision is None:
            break
        ids = option_ids(game)
        game.choose("system:0" if "system:0" in ids else ids[0])
    assert [p.tile for p in player.systems[0].planets] == ["H01", "C01"]
    assert player.systems[0].planets[1].life["bacteria"] == 1
    assert home.life["bacteria"] == 0
