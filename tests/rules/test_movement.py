"""Movement: landing, the 3-space charge, passing tokens and the Wild, linked spaces, the Traffic
Bonus, Create Life's landing rule and readying tokens. Built on the fixed rondel of
builders_extra (I0 Evolve a Star, O0 Create Life, I1 Aggregate Planet, O1 Activate Stars, ...)."""

from __future__ import annotations

import pytest

from entropy_tui.rules.movement import preview_move
from tests.builders_extra import (
    arranged_game,
    inner,
    kind,
    label,
    outer,
    refused,
    set_token,
    start_turn,
)
from tests.support import only, option_ids, planet, system

CHARGE_REASON = "moving 3 spaces onto an occupied space costs 1 Entropy, and you have none"


# --------------------------------------------------------------------- the 3-space charge


def test_three_spaces_onto_an_occupied_space_with_no_entropy_is_refused() -> None:
    """I0 + 3 = O1 (Activate Stars), where the other Scientist stands."""
    game = arranged_game(mover_at=inner(0), others_at=outer(1))
    assert game.player(0).entropy == 0
    assert kind(game) == "move"
    assert refused(game)["move:3"] == CHARGE_REASON
    assert "pay 1 Entropy" in label(game, "move:3")


def test_three_spaces_onto_an_occupied_space_with_one_entropy_pays_it() -> None:
    game = arranged_game(mover_at=inner(0), others_at=outer(1))
    mover = game.player(0)
    mover.entropy = 1
    start_turn(game, 0)
    game.choose("move:3")
    assert mover.entropy == 0
    moves = [e.text for e in game.log if e.kind == "move" and e.seat == 0]
    assert moves[-1].endswith("distance 4")
    assert any(e.kind == "charge" and e.seat == 0 for e in game.log)


def test_a_retrieved_token_lets_you_pay_the_charge_and_skipping_is_refused() -> None:
    """No Entropy, but the move passes the Planet token in slot 1: the move is allowed; in the
    retrieval reward, only gaining the Entropy is allowed, then the charge takes it."""
    game = arranged_game(mover_at=inner(0), others_at=outer(1))
    mover = game.player(0)
    mover.systems = [system("IA", planet("H01"))]
    set_token(game, 0, "planet", "board", 1)
    start_turn(game, 0)
    assert "move:3" in option_ids(game)
    assert "retrieve your Planet token" in label(game, "move:3")
    game.choose("move:3")

    assert kind(game) == "retrieve"
    assert refused(game) == {
        "star:0": "needs 1 Entropy, you have 0",
        "skip": "you need the Entropy to pay for landing",
    }
    assert option_ids(game) == ["entropy"]
    game.choose("entropy")
    assert mover.entropy == 0  # gained 1, paid 1
    assert [e.kind for e in game.log].count("charge") == 1
    # Nothing left to afford on Activate Stars: the turn ended and the token stood up again.
    assert (game.state.turn.player, kind(game)) == (1, "move")
    assert mover.tokens["planet"].where == "ready"


def test_the_star_activation_that_would_spend_the_landing_entropy_is_refused() -> None:
    """1 Entropy and a token retrieved on a charged move: activating the 1-Entropy Star would
    leave nothing for the charge; gaining Entropy or taking nothing is fine."""
    game = arranged_game(mover_at=inner(0), others_at=outer(1))
    mover = game.player(0)
    mover.entropy = 1
    mover.systems = [system("IA", planet("H01"))]
    set_token(game, 0, "planet", "board", 1)
    start_turn(game, 0)
    game.choose("move:3")
    assert refused(game) == {"star:0": "you must keep 1 Entropy to pay for landing"}
    assert set(option_ids(game)) == {"entropy", "skip"}
    game.choose("skip")
    assert mover.entropy == 0
    assert mover.energy == 0


def test_with_two_tokens_retrieved_the_first_reward_may_be_skipped_but_not_the_second() -> None:
    """O5 + 3 = I1 (Aggregate Planet, other Scientist there), passing slots 0 and 1; the Wild
    (active, ready) goes on I1."""
    game = arranged_game(mover_at=outer(5), others_at=inner(1))
    mover = game.player(0)
    mover.wild_locked = False
    set_token(game, 0, "wild", "ready")
    set_token(game, 0, "star", "board", 0)
    set_token(game, 0, "planet", "board", 1)
    start_turn(game, 0)
    game.choose("move:3")
    assert kind(game) == "retrieve"
    assert "skip" in option_ids(game)
    game.choose("skip")
    assert kind(game) == "retrieve"
    assert refused(game) == {"skip": "you need the Entropy to pay for landing"}
    game.choose("entropy")
    assert mover.entropy == 0
    assert mover.tokens["wild"].where == "board" and mover.tokens["wild"].slot == 1
    assert game.state.turn.token == "wild"


# --------------------------------------------------------------------- linked spaces


@pytest.mark.parametrize(
    ("other", "start", "steps", "occupied"),
    [
        (outer(1), inner(0), 2, True),  # another Scientist on O1 counts for I1
        (inner(1), outer(0), 2, True),  # ... and one on I1 counts for O1
        (inner(2), outer(0), 2, False),  # I2 is not linked to O1
    ],
)
def test_two_players_link_every_outer_space_to_its_inner_space(
    other: int, start: int, steps: int, occupied: bool
) -> None:
    game = arranged_game(2, mover_at=start, others_at=other)
    preview = preview_move(game, 0, steps)
    assert preview.occupied is occupied
    assert preview.distance == steps + (1 if occupied else 0)


def test_four_players_link_no_space() -> None:
    game = arranged_game(4, mover_at=inner(0), others_at=outer(1))
    assert game.state.board.traffic_side == [False] * 6
    landing_on_i1 = preview_move(game, 0, 2)
    assert (landing_on_i1.occupied, landing_on_i1.distance) == (False, 2)
    game = arranged_game(4, mover_at=outer(0), others_at=inner(1))
    landing_on_o1 = preview_move(game, 0, 2)
    assert (landing_on_o1.occupied, landing_on_o1.distance) == (False, 2)
    # The same space still counts.
    game = arranged_game(4, mover_at=inner(0), others_at=inner(1))
    assert preview_move(game, 0, 2).distance == 3


def test_three_players_link_only_the_tiles_on_their_bonus_side() -> None:
    game = arranged_game(3, mover_at=outer(5), others_at=outer(0))
    assert game.state.board.traffic_side == [True, False, True, False, True, False]
    assert preview_move(game, 0, 1).occupied  # I0, linked to O0 (tile 1: bonus side)
    game = arranged_game(3, mover_at=inner(0), others_at=outer(1))
    assert not preview_move(game, 0, 2).occupied  # I1, O1's tile shows no bonus side


def test_a_linked_occupant_also_charges_a_three_space_move() -> None:
    game = arranged_game(2, mover_at=outer(5), others_at=outer(1))
    preview = preview_move(game, 0, 3)  # O5 -> I0, O0, I1
    assert preview.destination == inner(1)
    assert (preview.occupied, preview.charge) == (True, 1)


# --------------------------------------------------------------------- Traffic Bonus


@pytest.mark.parametrize(
    ("start", "steps", "other", "energy"),
    [
        (outer(5), 1, inner(3), 2),  # distance 1: the full bonus, 2 Energy
        (inner(5), 2, inner(3), 1),  # distance 2: the reduced bonus, 1 Energy
        (outer(5), 1, inner(0), 1),  # 1 space onto an occupied space: distance 2
        (outer(4), 3, inner(3), 0),  # distance 3: nothing
        (inner(5), 2, inner(0), 0),  # 2 spaces onto an occupied space: distance 3
    ],
)
def test_traffic_bonus_of_evolve_a_star_by_distance(
    start: int, steps: int, other: int, energy: int
) -> None:
    game = arranged_game(mover_at=start, others_at=other)
    set_token(game, 0, "wild", "board", 4)
    start_turn(game, 0)
    game.choose(f"move:{steps}")
    assert game.player(0).scientist == inner(0)
    assert kind(game) == "evolve_star"
    assert game.player(0).energy == energy


def test_an_outer_tile_on_its_back_side_gives_no_bonus() -> None:
    """O3 is Upgrade Console (2 Energy at distance 1) -- but not with 4 players."""
    for seats, energy in ((2, 2), (4, 0)):
        game = arranged_game(seats, mover_at=inner(3), others_at=inner(0))
        preview = preview_move(game, 0, 1)
        assert preview.distance == 1
        game.choose("move:1")
        assert kind(game) == "upgrade_console"
        assert game.player(0).energy == energy, seats
        assert (preview.bonus == ()) is (seats == 4)


# --------------------------------------------------------------------- passing tokens


def test_passing_the_locked_wild_flips_it_and_offers_one_token_back_without_reward() -> None:
    """I0 + 3 = O1, passing slot 1 where the locked Wild lies; the Star and Planet tokens are
    on the board elsewhere."""
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    mover = game.player(0)
    mover.systems = [system("IA", planet("H01"))]
    mover.entropy = 1
    set_token(game, 0, "wild", "board", 1)
    set_token(game, 0, "star", "board", 3)
    set_token(game, 0, "planet", "board", 5)
    start_turn(game, 0)
    assert "unlock your Wild token" in label(game, "move:3")
    game.choose("move:3")

    assert mover.wild_locked is False
    assert (mover.tokens["wild"].where, mover.tokens["wild"].slot) == ("board", 1)
    assert kind(game) == "wild_unlock"
    assert set(option_ids(game)) == {"token:star", "token:planet", "skip"}
    game.choose("token:planet")
    assert mover.tokens["planet"].where == "lying" and mover.tokens["planet"].slot is None
    assert mover.tokens["star"].where == "board"
    assert (mover.entropy, mover.energy) == (1, 0)  # no Entropy, no Star activation
    assert kind(game) == "activate_stars"  # straight on to the landed action


def test_passing_the_locked_wild_with_nothing_on_the_board_just_flips_it() -> None:
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    set_token(game, 0, "wild", "board", 1)
    start_turn(game, 0)
    game.choose("move:3")
    assert game.player(0).wild_locked is False
    # No Star to activate, nothing to take back: the turn runs to its end.
    assert (game.state.turn.player, kind(game)) == (1, "move")


def test_passing_the_active_wild_retrieves_it_with_a_reward() -> None:
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    mover = game.player(0)
    mover.wild_locked = False
    set_token(game, 0, "wild", "board", 1)
    start_turn(game, 0)
    assert "retrieve your Wild token" in label(game, "move:3")
    game.choose("move:3")
    assert mover.tokens["wild"].where == "lying"
    assert kind(game) == "retrieve"
    game.choose("entropy")
    assert mover.entropy == 1


def test_landing_on_an_inner_space_retrieves_the_token_in_front_of_it() -> None:
    """O0 + 1 = I1 (Aggregate Planet) with the Planet token in slot 1: it comes back lying, so
    only an active, ready Wild lets you land."""
    game = arranged_game(mover_at=outer(0), others_at=inner(4))
    set_token(game, 0, "planet", "board", 1)
    start_turn(game, 0)
    assert refused(game)["move:1"] == (
        "this inner space needs your Planet token (lying down until the end "
        "of your turn) or your Wild token (still locked)"
    )

    game.player(0).wild_locked = False
    set_token(game, 0, "wild", "ready")
    start_turn(game, 0)
    assert "move:1" in option_ids(game)
    game.choose("move:1")
    assert kind(game) == "retrieve"  # the Planet token was passed
    game.choose("entropy")
    mover = game.player(0)
    assert mover.tokens["planet"].where == "lying"
    assert (mover.tokens["wild"].where, mover.tokens["wild"].slot) == ("board", 1)
    assert game.state.turn.token == "wild"


def test_an_inner_space_takes_the_matching_token_or_the_wild_by_choice() -> None:
    game = arranged_game(mover_at=outer(5), others_at=inner(3))
    game.player(0).wild_locked = False
    set_token(game, 0, "wild", "ready")
    start_turn(game, 0)
    game.choose("move:1")  # I0, Evolve a Star
    assert kind(game) == "place_token"
    assert option_ids(game) == ["token:star", "token:wild"]
    game.choose("token:star")
    star = game.player(0).tokens["star"]
    assert (star.where, star.slot, game.state.turn.token) == ("board", 0, "star")


def test_a_token_on_the_board_or_lying_cannot_be_placed() -> None:
    game = arranged_game(mover_at=outer(5), others_at=inner(3))
    set_token(game, 0, "star", "lying")
    start_turn(game, 0)
    assert "Star token (lying down until the end of your turn)" in refused(game)["move:1"]
    set_token(game, 0, "star", "board", 4)
    start_turn(game, 0)
    assert "Star token (on the board)" in refused(game)["move:1"]


# --------------------------------------------------------------------- Create Life


def test_create_life_needs_a_playable_card_to_land_on() -> None:
    """I0 + 1 = O0, Create Life."""
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    mover = game.player(0)
    mover.systems = [system("IA", planet("C01"))]
    mover.hand = ["L4"]  # needs Radiation: not playable
    start_turn(game, 0)
    assert refused(game)["move:1"] == (
        "you may only land on Create Life when you can play a Life card: L4: needs 1 more"
        " Radiation icon on Carbon Planet C01 (or another card with a Radiation icon to discard)"
    )
    mover.hand = ["L1"]  # needs Heat: the IA Star shows it
    start_turn(game, 0)
    assert "move:1" in option_ids(game)
    game.choose("move:1")
    assert kind(game) == "create_life"
    assert "skip" not in option_ids(game)  # landed from the space with a play: must play


@pytest.mark.parametrize(("entropy", "lands"), [(1, True), (0, False)])
def test_create_life_may_be_landed_on_when_the_moves_rewards_make_a_card_playable(
    entropy: int, lands: bool
) -> None:
    """O5 + 2 = O0, Create Life, passing slot 0 with the Star token in it. L24 needs 1
    Bacteria to remove on H07, which has none; the token's reward may activate S3 (1 Entropy:
    place 1 Bacteria), so the card is playable when the action is resolved, given 1 Entropy."""
    game = arranged_game(mover_at=outer(5), others_at=inner(3))
    mover = game.player(0)
    mover.systems = [system("S3", planet("H07"))]  # Heat, Heat
    mover.hand = ["L24"]  # 2 Heat, remove 1 Bacteria
    mover.entropy = entropy
    set_token(game, 0, "star", "board", 0)
    start_turn(game, 0)
    if not lands:
        assert refused(game)["move:2"] == (
            "you may only land on Create Life when you can play a Life card: L24: needs 1 more"
            " Bacteria on Heat Planet H07"
        )
        return
    game.choose("move:2")
    assert kind(game) == "retrieve"
    game.choose("star:0")
    game.choose("planet:s0p0")
    assert kind(game) == "create_life"
    assert "play:L24:s0p0" in option_ids(game)


@pytest.mark.parametrize(("star", "searched"), [("S3", True), ("IA", False)])
def test_the_rewards_of_a_move_are_searched_only_when_they_could_make_a_card_playable(
    star: str, searched: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As above, with 1 Entropy: S3 places a Bacteria (a play may come of it, so the ways
    through the rewards are searched); IA only gains 1 Energy, so the move is refused at once,
    with the same words, and nothing is searched."""
    from entropy_tui.rules import movement

    searches: list[int] = []
    search = movement.leads_to_a_play

    def counted(*args: object) -> bool:
        searches.append(1)
        return search(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(movement, "leads_to_a_play", counted)
    game = arranged_game(mover_at=outer(5), others_at=inner(3))
    mover = game.player(0)
    mover.systems = [system(star, planet("H07"))]
    mover.hand = ["L24"]
    mover.entropy = 1
    set_token(game, 0, "star", "board", 0)
    start_turn(game, 0)
    assert bool(searches) == searched
    assert ("move:2" in option_ids(game)) == searched
    if not searched:
        assert refused(game)["move:2"].startswith(
            "you may only land on Create Life when you can play a Life card: L24: needs"
        )


def test_create_life_may_be_landed_on_when_no_move_at_all_is_legal() -> None:
    """I0: +1 is Create Life with no card, +2 is I1 with the Planet token on the board and the
    Wild locked, +3 is O1 occupied with no Entropy. So Create Life becomes legal (as in
    editions 1 to 3: then "Play no Life card"; see test_create_life_edges for today's)."""
    game = arranged_game(mover_at=inner(0), others_at=outer(1))
    set_token(game, 0, "planet", "board", 4)
    start_turn(game, 0)
    assert option_ids(game) == ["move:1"]
    assert set(refused(game)) == {"move:2", "move:3"}
    assert refused(game)["move:3"] == CHARGE_REASON
    game.choose("move:1")
    assert kind(game) == "create_life"
    assert option_ids(game) == ["skip"]


# --------------------------------------------------------------------- end of the turn


def test_lying_tokens_stand_again_at_the_end_of_the_turn() -> None:
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    mover = game.player(0)
    mover.systems = [system("IA", planet("H01"))]
    set_token(game, 0, "star", "board", 1)
    set_token(game, 0, "asteroid", "lying")
    start_turn(game, 0)
    game.choose("move:3")  # O1 (Activate Stars), passing slot 1
    game.choose("entropy")
    assert kind(game) == "activate_stars"
    assert mover.tokens["star"].where == "lying"
    while game.state.turn.player == 0:
        ids = option_ids(game)
        game.choose("skip" if "skip" in ids else "done" if "done" in ids else ids[0])
    assert game.state.turn.player == 1 and kind(game) == "move"
    assert {k: t.where for k, t in mover.tokens.items()} == {
        "star": "ready",
        "planet": "ready",
        "asteroid": "ready",
        "wild": "board",
    }


def test_an_effect_takes_back_an_active_wild_but_not_a_locked_one() -> None:
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    set_token(game, 0, "planet", "board", 2)
    only(game, "effect", 0, effect={"do": "retrieve_token"}, origin="Test")
    assert option_ids(game) == ["token:planet", "skip"]  # the Wild in slot 3 is locked
    game.player(0).wild_locked = False
    only(game, "effect", 0, effect={"do": "retrieve_token"}, origin="Test")
    assert option_ids(game) == ["token:planet", "token:wild", "skip"]
    game.choose("token:wild")
    assert (game.player(0).tokens["wild"].where, game.player(0).entropy) == ("lying", 0)
