"""What changed between two views: each seat's moves, resources, tracks, tokens and Solar
Systems, and the offers, from the public parts only; and a seat's memory of what it last acted
on."""

from __future__ import annotations

from typing import Any

from entropy_tui.bots import make_bot
from entropy_tui.play.changes import NO_CHANGES, OFFER_STACKS, LastLooks, changes
from entropy_tui.rules import Game


def _game() -> Game:
    return Game.new(["Ann", "Bob", "Cy"], seed=3, bots=[None, None, None])


def _play_turn(game: Game) -> None:
    """The seat to move plays one whole turn as the greedy bot would."""
    seat = game.state.turn.player
    bot = make_bot("greedy", 11)
    while game.decision is not None and game.state.turn.player == seat:
        decision = game.decision
        game.choose(bot.decide(game.view(decision.player), decision))


def test_the_same_view_has_no_changes() -> None:
    game = _game()
    assert changes(game.view(0), game.view(0)) == NO_CHANGES
    assert not NO_CHANGES


def test_views_of_different_seats_differ_in_nothing_public() -> None:
    game = _game()
    assert changes(game.view(0), game.view(1)) == NO_CHANGES


def test_a_move_marks_the_space_reached_and_the_seat() -> None:
    game = _game()
    before = game.view(None)
    game.choose(next(o.id for o in game.decision.enabled if o.id.startswith("move:")))
    after = game.view(None)
    found = changes(before, after)
    assert found.spaces == {after["players"][0]["scientist"]}
    assert found.seat(0, "scientist")
    assert not found.seat(1, "scientist")


def _view_with(view: dict[str, Any], **players: Any) -> dict[str, Any]:
    """A copy of `view` with Ann's parts replaced."""
    ann = {**view["players"][0], **players}
    return {**view, "players": [ann, *view["players"][1:]]}


def test_resources_tracks_and_focus_are_marked_one_by_one() -> None:
    before = _game().view(None)
    ann = before["players"][0]
    after = _view_with(
        before,
        mass=ann["mass"] + 2,
        generator=1,
        focus={**ann["focus"], "planet": 1},
        objectives=[0, 1, 0],
        hand=[*ann["hand"], "?"],
    )
    found = changes(before, after)
    assert found.seats == {
        (0, "mass"),
        (0, "generator"),
        (0, "focus planet"),
        (0, "objective 1"),
        (0, "hand"),
    }
    assert not found.spaces and not found.offers


def test_a_hand_changing_cards_but_not_size_is_not_a_change() -> None:
    before = _game().view(0)
    after = _view_with(before, hand=["L1", "L2"])
    assert changes(before, after) == NO_CHANGES


def test_a_token_placed_marks_its_slot() -> None:
    before = _game().view(None)
    tokens = {**before["players"][0]["tokens"], "star": {"where": "board", "slot": 4}}
    found = changes(before, _view_with(before, tokens=tokens))
    assert found.slots == {4}
    assert found.seat(0, "token star")


def test_a_planet_an_asteroid_and_lifeforms_are_marked_where_they_are() -> None:
    before = _game().view(None)
    system = before["players"][0]["systems"][0]
    start = system["planets"][0]
    grown = {**start, "life": {**start["life"], "bacteria": 2}, "asteroids": {"mass": "AH06"}}
    new_planet = {**start, "tile": "H02"}
    systems = [{**system, "planets": [grown, new_planet]}, {"star": "IA", "planets": []}]
    found = changes(before, _view_with(before, systems=systems))
    assert found.planets == {(0, 0, 0), (0, 0, 1)}
    assert found.seat(0, "lifeforms")  # 2 Bacteria more in all
    assert found.asteroids == {(0, 0, 0, "mass")}
    assert found.systems == {(0, 1)}  # a new Solar System; the first kept its Star


def test_an_asteroid_alone_does_not_mark_its_planet() -> None:
    before = _game().view(None)
    system = before["players"][0]["systems"][0]
    start = {**system["planets"][0], "asteroids": {"lifeform": "AW07"}}
    found = changes(before, _view_with(before, systems=[{**system, "planets": [start]}]))
    assert found.asteroids == {(0, 0, 0, "lifeform")}
    assert not found.planets and not found.seat(0, "lifeforms")


def test_a_whole_turn_marks_the_offers_it_took_from() -> None:
    game = _game()
    before = game.view(None)
    for _ in range(3):
        _play_turn(game)
    after = game.view(None)
    found = changes(before, after)
    assert found
    board, now = before["board"], after["board"]
    taken = {
        (name, number)
        for name in OFFER_STACKS
        for number, (old, new) in enumerate(zip(board[name], now[name], strict=True))
        if old != new
    }
    assert taken
    assert {offer for offer in found.offers if offer[0] in OFFER_STACKS} == taken


def test_a_seat_sees_the_others_changes_until_it_acts() -> None:
    game = _game()
    looks = LastLooks()
    assert looks.since(0, game.view(0)) == NO_CHANGES  # the first view: nothing to compare
    _play_turn(game)  # Ann's turn: her own choices are not marked for her
    assert looks.since(0, game.view(0)) == NO_CHANGES
    _play_turn(game)  # Bob's
    assert looks.since(0, game.view(0)).seat(1, "scientist")
    # Cy, who never acted on this screen, sees what changed since its first view.
    marked = looks.since(2, game.view(2))
    assert marked.seat(0, "scientist") and marked.seat(1, "scientist")
    _play_turn(game)  # Cy's
    decision = game.decision
    assert decision is not None and decision.player == 0
    game.choose(decision.enabled[0].id)  # Ann acts: her marks clear
    assert looks.since(0, game.view(0)) == NO_CHANGES


def test_nobody_at_the_screen_sees_no_marks() -> None:
    game = _game()
    looks = LastLooks()
    looks.since(None, game.view(None))
    _play_turn(game)
    assert looks.since(None, game.view(None)) == NO_CHANGES
