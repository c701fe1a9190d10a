"""Warnings before something is lost: an option that adds Lifeforms to a Planet says what the
limit of 5 per type will throw away, a Scarce Biome's Entropy is shown wherever its reward comes
up, and a Biome's fulfilled side reads as an improvement of each later reward.

Built on the fixed rondel of builders_extra (O0 Create Life, O2 Set Biome, O5 Primordial Soup)."""

from __future__ import annotations

from entropy_tui.rules import Game
from entropy_tui.rules.describe import biome_words
from tests.builders_extra import arranged_game, at_action_step, label, outer
from tests.support import only, planet, system


def _at_create_life(hand: list[str], **life: int) -> Game:
    """Today's rules; seat 0 holds `hand` and Carbon Planet C01 (with `life`) by Star IIC, and
    resolves Create Life from its space."""
    game = arranged_game(edition=None)
    mover = game.player(0)
    mover.systems = [system("IIC", planet("C01", **life))]
    mover.hand = hand
    at_action_step(game, 0, "create_life")
    return game


def _on_c01(game: Game, card: str) -> str:
    """The label of playing `card` on C01: the card is chosen first, then its Planet."""
    game.choose(f"play:{card}")
    return label(game, "planet:s0p0")


def test_a_life_card_says_how_many_lifeforms_the_limit_throws_away() -> None:
    """L6: +5 Bacteria and 1 VP; with 3 Bacteria on C01, 3 of the 5 are lost."""
    game = _at_create_life(["L6"], bacteria=3)
    assert _on_c01(game, "L6").endswith("; +5 Bacteria: 3 lost to the limit of 5 on C01")


def test_the_traffic_bonus_counts_toward_what_is_lost() -> None:
    game = _at_create_life(["L6"], bacteria=1)
    game.state.turn.card_bonus = 1
    game.edited()
    assert _on_c01(game, "L6").endswith("; +6 Bacteria: 2 lost to the limit of 5 on C01")


def test_a_card_whose_effect_can_make_room_says_so() -> None:
    """L9: +4 Bacteria and an advancement, which taken first makes room for one more."""
    game = _at_create_life(["L9"], bacteria=3)
    assert _on_c01(game, "L9").endswith(
        "; +4 Bacteria: 2 lost to the limit of 5 on C01 (fewer if its effect comes first)"
    )


def test_nothing_is_said_when_nothing_is_lost() -> None:
    game = _at_create_life(["L6"], bacteria=0)
    assert "lost to the limit" not in _on_c01(game, "L6")


def _with_biome(biome: str, *, fulfilled: bool = False, entropy: int = 0, **life: int) -> Game:
    """Seat 0 on O1 with Carbon Planet C01 holding `biome` (and `life`) by Star IIC."""
    game = arranged_game(mover_at=outer(1), edition=None)
    mover = game.player(0)
    carbon = planet("C01", **life)
    carbon.biome, carbon.fulfilled = biome, fulfilled
    mover.systems = [system("IIC", carbon)]
    mover.entropy = entropy
    game.edited()
    return game


def test_a_move_onto_a_scarce_biomes_trigger_shows_its_entropy() -> None:
    """BS09 pays 2 VP on Set Biome (O2, two spaces on) for 1 Entropy."""
    game = _with_biome("BS09")
    assert label(game, "move:2").endswith("; Scarce Biome BS09: +2 VP for 1 Entropy (you have 0)")
    rich = _with_biome("BS09", entropy=2)
    assert label(rich, "move:2").endswith("; Scarce Biome BS09: +2 VP for 1 Entropy (you have 2)")
    assert "Biome" not in label(game, "move:1")  # Catch an Asteroid does not trigger it


def test_a_move_onto_a_biome_that_adds_lifeforms_says_what_is_lost() -> None:
    """BA17 (fulfilled): +1 Bacteria here and an advancement on Primordial Soup (O5)."""
    game = _with_biome("BA17", fulfilled=True, bacteria=5)
    game.player(0).scientist = outer(4)
    game.edited()
    assert label(game, "move:2").endswith(
        "; Biome BA17: +1 Bacteria here, advance Lifeform: 1 Bacteria lost to the limit of 5 on C01"
    ), label(game, "move:2")


def test_collecting_a_scarce_reward_says_what_is_lost() -> None:
    """BS10 pays +1 Plant here for 1 Entropy; C01 holds 5 Plants."""
    game = _with_biome("BS10", entropy=1, plant=5)
    only(game, "scarce_biome", 0, planet="s0p0")
    assert label(game, "collect") == (
        "Pay 1 Entropy (you have 1): +1 Plant here: 1 Plant lost to the limit of 5 on C01"
    )


def test_taking_a_scarce_biome_shows_its_entropy_and_how_fulfilling_improves_it() -> None:
    assert biome_words(Game.new(["A", "B"], seed=1).index, "BS06") == (
        "Scarce Biome BS06 (each landing on Create Life: +2 VP for 1 Entropy; once fulfilled"
        " with 3 Bacteria on its Planet, each reward becomes +2 VP, +1 Plant here)"
    )


def test_fulfilling_a_biome_says_what_each_later_reward_becomes() -> None:
    game = _with_biome("BA03", bacteria=2)
    assert label(game, "fulfil:s0p0") == (
        "Free action: fulfil the Biome on Carbon Planet C01 in system 1 (2 Bacteria): from now on"
        " each landing on Aggregate Planet gives +2 Mass instead of +1 Mass"
    )


def test_catching_an_asteroid_says_what_the_planets_effect_loses() -> None:
    """C01's effect (+1 Bacteria here) comes after the catch; with 5 Bacteria there it is lost,
    unless a Bacteria pays for the bottom space."""
    from .test_actions import catch_game

    world = planet("C01", bacteria=5)
    game, _ = catch_game(2, world, top="AC01")
    only(game, "catch_asteroid", 0, source="space")
    game.choose("asteroid:carbon")
    assert label(game, "place:s0p0:mass") == (
        "On the top space of Carbon Planet C01 in system 1 (5 Bacteria): pay 2 Mass; then"
        " +1 Bacteria here: 1 Bacteria lost to the limit of 5 on C01"
    )
    assert label(game, "place:s0p0:lifeform:bacteria").endswith(": pay 1 Bacteria")
