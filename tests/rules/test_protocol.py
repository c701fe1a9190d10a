"""The decision protocol: refusing bad choices without touching the game, the seat views, the
log and the record of choices."""

from __future__ import annotations

import random

import pytest

from entropy_tui.rules import Game, InvalidChoice
from entropy_tui.rules.visibility import HIDDEN
from tests.builders_extra import arranged_game, inner, kind, outer, refused, set_token, start_turn
from tests.support import blank_game, only, planet, system


def played(seats: int = 3, seed: int = 42, steps: int = 60, *, open_hands: bool = False) -> Game:
    """A game some random steps in, so that hands, decks and the log have moved on."""
    game = Game.new([f"Seat{i}" for i in range(seats)], seed=seed, open_hands=open_hands)
    rng = random.Random(seed)
    for _ in range(steps):
        assert game.decision is not None
        game.choose(rng.choice(game.decision.enabled).id)
    return game


# --------------------------------------------------------------------- refusing choices


def test_an_unknown_id_is_refused_naming_the_options_and_changes_nothing() -> None:
    game = Game.new(["Ann", "Bob"], seed=3)
    before = game.snapshot()
    with pytest.raises(InvalidChoice) as refusal:
        game.choose("move:4")
    message = str(refusal.value)
    assert "No option 'move:4'" in message
    assert message.endswith("The options are: move:1, move:2, move:3")
    assert game.snapshot() == before
    assert game.state.choices == []


def test_a_disabled_id_is_refused_with_its_reason_and_changes_nothing() -> None:
    game = arranged_game(mover_at=inner(0), others_at=outer(1))
    set_token(game, 0, "planet", "board", 4)
    start_turn(game, 0)
    assert refused(game)["move:2"].startswith("this inner space needs")
    before = game.snapshot()
    assert game.decision is not None
    decision_before = [(o.id, o.enabled, o.reason) for o in game.decision.options]
    with pytest.raises(InvalidChoice) as refusal:
        game.choose("move:2")
    assert str(refusal.value).startswith("You can't choose 'Move 2 to Aggregate Planet")
    assert str(refusal.value).endswith(
        ": this inner space needs your Planet token (on the board) "
        "or your Wild token (still locked)"
    )
    assert game.snapshot() == before
    assert [(o.id, o.enabled, o.reason) for o in game.decision.options] == decision_before


def test_a_refused_choice_mid_action_leaves_the_action_pending() -> None:
    game = blank_game()
    game.player(0).systems = [system("IA", planet("H01"))]
    game.player(0).energy = 1
    only(game, "evolve_star", 0, source="effect")
    before = game.snapshot()
    with pytest.raises(InvalidChoice, match="needs 2 Energy, you have 1"):
        game.choose("evolve:0:IIA")
    assert game.snapshot() == before
    assert kind(game) == "evolve_star"
    game.choose("new:IA:new")  # and the game goes on
    assert [s.star for s in game.player(0).systems] == ["IA", "IA"]


@pytest.mark.parametrize(("seats", "seed"), [(2, 7), (3, 8), (4, 9)])
def test_every_decision_of_a_whole_game_keeps_the_protocol(seats: int, seed: int) -> None:
    """Unique option ids, a reason on every refusal, at least one enabled option, the kind
    of the pending Task, and the Entropy exchange only in the current player's Action step."""
    game = played(seats=seats, seed=seed, steps=0)
    rng = random.Random(seed)
    refusals = exchanges = 0
    while not game.over:
        decision = game.decision
        assert decision is not None
        ids = [o.id for o in decision.options]
        assert len(ids) == len(set(ids)), (decision.kind, ids)
        assert decision.enabled, decision.kind
        assert decision.kind == game.state.pending[-1].kind
        for option in decision.options:
            if not option.enabled:
                assert option.reason, (decision.kind, option.id)
                refusals += 1
        if any(i.startswith("exchange:") for i in ids):
            assert game.state.turn.step == "action", decision.kind
            assert decision.player == game.state.turn.player
            exchanges += 1
        game.choose(rng.choice(decision.enabled).id)
    assert refusals > 0 and exchanges > 0
    assert game.decision is None


def test_the_decision_kind_names_the_pending_task() -> None:
    game = played(steps=25)
    assert game.decision is not None
    assert game.decision.kind == game.state.pending[-1].kind


# --------------------------------------------------------------------- views


def test_a_view_hides_other_players_hands_and_missions() -> None:
    game = played()
    state = game.state
    for seat in range(3):
        view = game.view(seat)
        for other, player in enumerate(view["players"]):
            real = state.players[other]
            if other == seat:
                assert player["hand"] == real.hand
                assert player["missions"] == real.missions
            else:
                assert player["hand"] == [HIDDEN] * len(real.hand)
                assert player["missions"] == [HIDDEN] * len(real.missions)
            assert player["systems"] == real.dump()["systems"]  # public


def test_a_view_shows_only_the_top_of_each_stack_and_nothing_of_the_box() -> None:
    game = played()
    board = game.state.board
    view = game.view(0)["board"]
    for shown, real in zip(view["life_decks"], board.life_decks, strict=True):
        assert len(shown) == len(real)
        assert shown[-1:] == real[-1:]
        assert set(shown[:-1]) <= {HIDDEN}
    assert view["planet_stacks"][0][-1] == board.planet_stacks[0][-1]
    assert set(view["asteroid_stacks"]["heat"][:-1]) == {HIDDEN}
    assert view["box"] == [HIDDEN] * len(board.box)
    assert game.view(0)["rng"] == 0


def test_open_hands_show_every_hand_and_mission() -> None:
    game = played(open_hands=True)
    view = game.view(0)
    for player, real in zip(view["players"], game.state.players, strict=True):
        assert player["hand"] == real.hand and player["missions"] == real.missions
    assert view["board"]["box"] == [HIDDEN] * len(game.state.board.box)


def test_private_log_lines_are_seen_by_their_seat_only() -> None:
    game = played(steps=5)
    game.note(1, "secret", "Seat1 peeked", private=True)
    assert any(e["text"] == "Seat1 peeked" for e in game.view(1)["log"])
    assert not any(e["text"] == "Seat1 peeked" for e in game.view(0)["log"])
    assert not any(e["text"] == "Seat1 peeked" for e in game.view(2)["log"])


def test_a_view_does_not_let_a_seat_rebuild_the_hidden_cards() -> None:
    game = played()
    view = game.view(0)
    config = {
        "seats": [p["name"] for p in view["players"]],
        "seed": view["seed"],
        "bots": [p["bot"] for p in view["players"]],
        "alternative_objectives": view["settings"]["alternative_objectives"],
        "open_hands": view["settings"]["open_hands"],
    }
    rebuilt = Game.replay(config, view["choices"])
    hidden = [(p.hand, p.missions) for p in game.state.players[1:]]
    assert [(p.hand, p.missions) for p in rebuilt.state.players[1:]] != hidden


# --------------------------------------------------------------------- log and record


def test_the_log_records_each_event_with_its_round_and_seat() -> None:
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    game.player(0).entropy = 1
    set_token(game, 0, "star", "board", 1)
    start_turn(game, 0)
    start = len(game.log)
    game.choose("move:3")  # O1 Activate Stars, retrieving the Star token
    game.choose("entropy")
    new = game.log[start:]
    assert [(e.round, e.seat, e.kind, e.text) for e in new] == [
        (1, 0, "move", "Seat0 moved 3 to Activate Stars (O1), distance 3"),
        (1, 0, "retrieve", "Seat0 retrieved their Star token: +1 Entropy"),
        (1, 0, "action", "Seat0 could not activate any Star: they have no Star"),
    ]
    assert all(not e.private for e in new)
    assert kind(game) == "post_action"  # 2 Entropy: the exchange is still on offer


def test_every_choice_is_recorded_in_order_and_replays() -> None:
    game = played(seats=2, seed=11, steps=40)
    assert len(game.state.choices) == 40
    again = Game.replay(game.config(), game.state.choices)
    assert again.snapshot() == game.snapshot()


def test_a_copy_is_independent() -> None:
    game = played(steps=10)
    clone = game.copy()
    assert clone.snapshot() == game.snapshot()
    assert clone.decision is not None
    clone.choose(clone.decision.enabled[0].id)
    assert clone.snapshot() != game.snapshot()
    assert len(game.state.choices) == 10
