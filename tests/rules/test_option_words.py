"""How options and log lines read: costs as costs, counts that agree with their nouns, one
wording for a component without icons, and labels that read well quoted in an undo note."""

from __future__ import annotations

from entropy_tui.play.glyphs import conditions_letters
from entropy_tui.play.timeline import Timeline
from entropy_tui.rules import Game
from entropy_tui.rules.describe import NO_ICONS, card_words, effects_words
from entropy_tui.rules.effects import planet_label
from tests.builders_extra import arranged_game, inner, label, put_on_top, set_token
from tests.support import blank_game, only, planet, refresh, system


def test_a_heavy_asteroid_says_it_costs_one_more_mass() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01", bacteria=1))]
    player.mass = 3
    stacks = game.state.board.asteroid_stacks
    put_on_top([stacks["water"]], "AW01", 0)
    only(game, "catch_asteroid", 0, source="space")
    words = label(game, "asteroid:water")
    assert "costs 1 more Mass" in words and "+1 Mass" not in words
    assert "more Mass" not in label(game, "asteroid:carbon")


def test_a_card_sentence_loses_its_full_stop_inside_a_label() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("W01"))]
    player.hand = ["L3"]  # "Take 1 Life card."
    only(game, "create_life", 0, source="effect")
    words = label(game, "play:L3:s0p0")
    assert words == "Play Bacteria card L3 on Water Planet W01 in system 1: needs 1 Water; " + (
        "+1 Bacteria; Take 1 Life card"
    )
    assert card_words(game.index, "L3").endswith("Take 1 Life card")


def test_lifeform_counts_agree_with_their_names() -> None:
    game = blank_game()
    game.player(0).systems = [system("IA", planet("H01", bacteria=3, plant=3, animal=1))]
    assert planet_label(game, 0, "s0p0").endswith("(3 Bacteria, 3 Plants, 1 Animal)")


def test_the_entropy_exchange_names_the_resource_as_printed() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("H01"))]
    player.entropy = 2
    only(game, "take_life_cards", 0, source="space")
    assert label(game, "exchange:energy") == "Free action: exchange 2 Entropy for 1 Energy"
    game.choose("exchange:energy")
    assert game.log[-1].text.endswith("exchanged 2 Entropy for 1 Energy")


def test_the_token_labels_say_what_the_focus_cards_will_do() -> None:
    game = arranged_game(mover_at=inner(0) + 1)  # O0; a move of 1 enters I1 Aggregate Planet
    player = game.player(0)
    player.wild_locked = False
    set_token(game, 0, "wild", "ready")
    player.focus["planet"] = 1
    refresh(game)
    game.choose("move:1")
    assert label(game, "token:wild") == "Place your Wild token (no Focus card triggers)"
    tier1 = effects_words(list(game.index.focus[(player.focus_set, "planet")].tier1))
    assert label(game, "token:planet") == (
        f"Place your Planet token (its Focus card triggers: {tier1})"
    )
    player.focus["planet"] = 0
    refresh(game)
    assert "Planet token (its Focus card is not upgraded yet)" in label(game, "token:planet")


def test_placing_the_wild_token_reads_well_in_the_undo_note() -> None:
    game = Game.new(["Ann", "Bob"], seed=7)
    for _ in range(500):  # the first options lead, in this game, to a choice of token
        assert game.decision is not None
        if game.decision.kind == "place_token":
            break
        game.choose(game.decision.enabled[0].id)
    timeline = Timeline(game)
    timeline.choose("token:wild")
    note = timeline.undo()
    assert note.text.endswith("took back: Place your Wild token (no Focus card triggers)")


def test_a_planet_without_icons_reads_the_same_in_prompts_and_on_screen() -> None:
    game = blank_game()
    player = game.player(0)
    player.mass = 9
    put_on_top(game.state.board.planet_stacks, "H05", 0)  # a Heat Planet with no icons
    only(game, "aggregate_planet", 0, source="effect")
    assert f"Planet H05 ({NO_ICONS})" in label(game, "planet:H05")
    assert conditions_letters([]) == NO_ICONS == "no icons"
    assert conditions_letters(["heat", "heat"]) == "HH"
