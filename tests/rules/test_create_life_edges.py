"""Create Life's edges: a landing on it leads to a card played, whatever the search takes; the
order of a card's Lifeforms and effect where the limit of 5 makes it matter; what a refused
landing lacks; and the games played before (edition 3 and older) as they were played.

Built on the fixed rondel of builders_extra: O5 + 2 = O0 (Create Life), passing slot 0."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from entropy_tui.rules import Game, landing
from entropy_tui.rules.catalog import load_catalog
from entropy_tui.rules.landing import NO_PLAY_AFTER, _stacked, _tops
from entropy_tui.rules.movement import MovePreview, _make_move, preview_move
from entropy_tui.saves.files import load_game
from tests.builders_extra import arranged_game, inner, kind, label, outer, set_token, start_turn
from tests.support import option_ids, planet, system

REPRO = Path(__file__).parents[1] / "data" / "saves" / "create-life-landing-then-no-card.json"
CY, CYS_MOVE = 2, 118  # Cy's move at round 8: the choices before it


def cys_move(edition: int | None) -> Game:
    """The saved game at Cy's move of round 8, played on with `edition`'s rules."""
    save = json.loads(REPRO.read_text())
    game = Game.replay(save["config"], save["choices"][:CYS_MOVE])
    return Game.restore(game.snapshot(), load_catalog(edition))


def test_the_game_that_landed_without_a_card_still_loads_as_it_was_played() -> None:
    """Saved with edition 3: no move was legal, so Create Life was landed on without a card
    and "Play no Life card" taken; the save replays so."""
    game, save = load_game(REPRO)
    assert save.config.edition == 3 and game.state.round > 8
    assert save.choices[CYS_MOVE : CYS_MOVE + 3] == ["move:2", "entropy", "skip"]


def test_with_no_legal_move_create_life_is_landed_on_saying_so_and_no_card_is_asked_for() -> None:
    """The same position with today's rules: L52 needs a Plant on a Heat Planet and no reward
    on the way brings one, and the other two moves lack a token; the one way on is said as
    such, and the landing asks for no card."""
    game = cys_move(None)
    assert game.decision is not None and option_ids(game) == ["move:2"]
    assert label(game, "move:2").endswith(
        "no other move is legal, so you land without a card to play and take no action"
    )
    game.choose("move:2")
    game.choose("entropy")  # the token's reward: nothing keeps a card in reach, so all stay open
    assert game.log[-1].text == "Cy had no legal move and took no action"
    assert kind(game) == "post_action"  # free actions, then the Mission step


def test_a_refused_landing_says_what_each_card_lacks() -> None:
    game = cys_move(None)
    refusal = preview_move(game, CY, 2, stuck=False).why_not
    assert refusal == (
        "you may only land on Create Life when you can play a Life card:"
        " L52: needs 1 more Plant on Carbon Planet C05"
    )


def test_a_refused_landing_with_no_card_in_hand_says_so() -> None:
    game = arranged_game(mover_at=inner(0), others_at=inner(4))
    game.player(0).systems = [system("IA", planet("C01"))]
    start_turn(game, 0)
    assert preview_move(game, 0, 1).why_not == (
        "you may only land on Create Life when you can play a Life card,"
        " and you have no Life card in hand"
    )


# ------------------------------------------------------------- what the look-ahead counts on


def _card_from_the_offer(star: str, offered: str, *, under: str | None = None) -> Game:
    """Empty hand, Heat Planet H07 with `star`, the Star token in slot 0 and enough Entropy to
    activate it: the Bacteria decks show L20 and L18 (Radiation, Carbon: nothing to play them
    on) unless `offered` is put on top of deck 1 (or just under its top `under`)."""
    game = arranged_game(mover_at=outer(5), others_at=inner(3))
    mover = game.player(0)
    mover.systems = [system(star, planet("H07"))]
    mover.entropy = 3
    set_token(game, 0, "star", "board", 0)
    decks = game.state.board.life_decks
    for card in (offered, "L20", "L18"):
        for deck in decks:
            if card in deck:
                deck.remove(card)
    decks[0].append("L20")
    decks[1] += [offered, under] if under else ["L18", offered]
    start_turn(game, 0)
    return game


@pytest.mark.parametrize("star", ["S6", "IIIC"])
def test_a_face_up_card_a_passed_token_s_star_takes_makes_the_landing_legal(star: str) -> None:
    """S6 takes 1 Life card, IIIC 2: L1 (1 Heat) on top of a deck is in sight, and playable on
    H07 once taken. Before, taking it showed the card under it, and the way was not counted."""
    game = _card_from_the_offer(star, "L1")
    assert "move:2" in option_ids(game)


def test_a_card_under_the_top_is_not_counted_on() -> None:
    """IIIC takes 2 cards: L1 lies under L18, so taking L18 would show it; it was hidden when
    the move was chosen, so the landing can't count on it."""
    game = _card_from_the_offer("IIIC", "L1", under="L18")
    assert game.state.board.life_decks[1][-2:] == ["L1", "L18"]
    assert "move:2" not in option_ids(game)


def _many_planets(count: int) -> Game:
    """`count` Planets (3 to a Solar System, each with S5: one advancement for 1 Entropy), the
    last a Heat Planet with no Lifeform, the others Carbon with 1 Bacteria; L52 in hand (2
    Heat, remove 1 Plant: only H07 shows 2 Heat). Three tokens in slot 0, 1 Entropy: only two
    advancements on H07 (a Bacteria, then to a Plant) make L52 playable. The Wild is ready, so
    the other moves are legal."""
    game = arranged_game(mover_at=outer(5), others_at=inner(3))
    mover = game.player(0)
    planets = [planet("C01", bacteria=1) for _ in range(count - 1)] + [planet("H07")]
    mover.systems = [system("S5", *planets[i : i + 3]) for i in range(0, count, 3)]
    mover.hand = ["L52"]
    mover.entropy = 1
    for token in ("star", "planet", "asteroid"):
        set_token(game, 0, token, "board", 0)
    set_token(game, 0, "wild", "ready")  # the other moves are legal with it
    mover.wild_locked = False
    start_turn(game, 0)
    assert {"move:1", "move:3"} <= set(option_ids(game))
    return game


@pytest.mark.parametrize("count", [1, 3, 6, 9])
def test_the_answer_does_not_depend_on_how_many_planets_there_are(count: int) -> None:
    """Before, the search gave up after 60 positions: refused from 3 Planets on."""
    assert "move:2" in option_ids(_many_planets(count))


def test_a_landing_s_rewards_keep_a_card_in_reach_and_the_card_is_played() -> None:
    """After landing (today's rules), a reward after which L52 could no longer be played is
    refused, saying why; the way that is left ends with L52 played."""
    game = _many_planets(3)
    game.catalog = load_catalog()  # today's rules; the cards named here are the same
    game.index = game.catalog.index
    game.edited()
    game.choose("move:2")
    assert kind(game) == "retrieve"
    assert game.decision is not None
    refused = {o.id: o.reason for o in game.decision.options if not o.enabled}
    assert refused == {"skip": NO_PLAY_AFTER}  # two advancements need 2 Entropy
    game.choose("star:0")  # S5: one advancement
    assert kind(game) == "advance"
    assert option_ids(game) == ["gain:"]  # a Bacteria, on one of several Planets
    game.choose("gain:")
    assert option_ids(game) == ["gain:s0p2"]  # only a Bacteria on H07 keeps L52 in reach
    game.choose("gain:s0p2")
    assert option_ids(game) == ["entropy"]
    game.choose("entropy")
    game.choose("star:0")
    assert option_ids(game) == ["b2p:"]
    game.choose("b2p:")
    assert option_ids(game) == ["b2p:s0p2"]
    game.choose("b2p:s0p2")
    assert kind(game) == "create_life"
    assert option_ids(game) == ["play:L52"]
    game.choose("play:L52")
    assert option_ids(game) == ["planet:s0p2"]


# ------------------------------------------------------------------- the exact look-ahead


def _plain_search(game: Game, seat: int, hidden: set[str]) -> bool:
    """Every way through the rest of the Movement step, one by one (no memory, no stop): does
    one reach the landed Create Life with a card to play, taking nothing that was hidden?"""
    decision = game.decision
    if decision is None or decision.player != seat:
        return False
    if decision.kind == "create_life" and game.state.pending[-1].args.get("source") == "space":
        return any(o.enabled and o.id.startswith(("play:", "cards:")) for o in decision.options)
    for way in decision.enabled:
        branch = game.copy()
        branch.choose(way.id)
        if not hidden - _stacked(branch.state.board) and _plain_search(branch, seat, hidden):
            return True
    return False


@pytest.mark.parametrize("seed", range(3))
def test_the_look_ahead_answers_as_a_plain_search_of_every_way(seed: int) -> None:
    """Over every move onto Create Life of random games (edition 1: no way is refused after
    the landing, so the plain search sees every way): the look-ahead, which stops at the
    Action step and answers each position once, agrees with trying every way in full."""
    compared = 0
    for game in _random_positions(seed):
        decision = game.decision
        assert decision is not None
        if decision.kind != "move":
            continue
        for option in decision.options:
            if not isinstance(option, MovePreview) or option.action != "create_life":
                continue
            if not (option.retrieved or option.bonus) or "no other move" in option.label:
                continue
            landed = game.try_out(partial(_make_the_move, preview=option))
            hidden = _stacked(game.state.board) - _tops(game.state.board)
            assert option.enabled == _plain_search(landed, decision.player, hidden)
            compared += 1
    assert compared > 0


def _make_the_move(trial: Game, preview: MovePreview) -> None:
    _make_move(trial, trial.state.pending[-1], preview)


def _random_positions(seed: int) -> list[Game]:
    game = Game.new(["Ann", "Bob", "Cy", "Di"], seed=30 + seed, edition=1)
    rng = random.Random(seed)
    positions = []
    while not game.over:
        assert game.decision is not None
        if game.decision.kind == "move":
            positions.append(game.copy())
        game.choose(rng.choice(game.decision.enabled).id)
    return positions


@pytest.mark.parametrize("seed", range(3))
def test_the_look_ahead_never_changes_another_seat(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The look-ahead copies only the mover's play area and shares the other seats' with the
    game it looks from: nothing between a landing and the Action step may change them. Over
    random games with today's rules, every position a search reaches shows each other seat as
    it was before the search began."""
    before: list[list[dict[str, Any]]] = []  # every seat's data as each search began
    checked = 0
    try_out, reaches = Game.try_out, landing._Search.reaches

    def recorded_try_out(game: Game, change: Callable[[Game], None], **kwargs: Any) -> Game:
        before.append([dict(player.dump()) for player in game.state.players])
        return try_out(game, change, **kwargs)

    def checked_reaches(search: Any, game: Game) -> bool:
        nonlocal checked
        others = [n for n in range(len(game.state.players)) if n != search.seat]
        assert [game.state.players[n].dump() for n in others] == [before[-1][n] for n in others]
        checked += 1
        return reaches(search, game)

    monkeypatch.setattr(Game, "try_out", recorded_try_out)
    monkeypatch.setattr(landing._Search, "reaches", checked_reaches)
    for game_seed in range(200 + 5 * seed, 205 + 5 * seed):
        game = Game.new(["Ann", "Bob", "Cy", "Di"], seed=game_seed)
        rng = random.Random(game_seed)
        while not game.over:
            assert game.decision is not None
            game.choose(rng.choice(game.decision.enabled).id)
    assert len(before) >= 5 and checked >= 2 * len(before)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_landing_on_create_life_is_resolved_with_a_card(seats: int) -> None:
    """Random games with today's rules: each Create Life resolved from its space offers a card
    to play and no way to play none; one landed on with no legal move asks for nothing."""
    landed = 0
    for seed in range(3):
        game = Game.new([f"Seat{i}" for i in range(seats)], seed=100 + seed)
        rng = random.Random(seed)
        while not game.over:
            decision = game.decision
            assert decision is not None
            if decision.kind == "create_life" and game.state.pending[-1].args["source"] == "space":
                ids = [o.id for o in decision.enabled]
                assert any(i.startswith(("play:", "cards:")) for i in ids) and "skip" not in ids
                landed += 1
            game.choose(rng.choice(decision.enabled).id)
    assert landed > 0


# ------------------------------------------------------- the order of Lifeforms and effect


def _at_create_life(hand: list[str], *planets_: tuple[str, dict[str, int]]) -> Game:
    """Today's rules, `hand` in seat 0's hand, the Planets in one Solar System with IIC
    (Carbon: 3 Energy, two advancements), Create Life from its space next."""
    from tests.builders_extra import at_action_step

    game = arranged_game(edition=None)
    mover = game.player(0)
    mover.systems = [system("IIC", *(planet(tile, **life) for tile, life in planets_))]
    mover.hand = hand
    at_action_step(game, 0, "create_life")
    return game


def test_the_order_is_asked_when_the_limit_would_throw_lifeforms_away() -> None:
    """L9 (1 Carbon, +4 Bacteria today, one advancement) on C01 with 3 Bacteria: Lifeforms first
    lose 2 to the limit; the advancement first (a Bacteria to a Plant there) keeps one more."""
    game = _at_create_life(["L9"], ("C01", {"bacteria": 3}))
    game.choose("play:L9")
    game.choose("planet:s0p0")
    assert kind(game) == "life_order"
    assert label(game, "order:lifeforms") == (
        "Lifeforms first: +4 Bacteria on Carbon Planet C01 now (2 Bacteria lost to the limit"
        " of 5), then advance Lifeform"
    )
    assert label(game, "order:effect").startswith(
        "Effect first: advance Lifeform, then +4 Bacteria on Carbon Planet C01"
    )
    effect_first = game.copy()
    effect_first.choose("order:effect")
    effect_first.choose("b2p:s0p0")
    assert effect_first.planet(0, "s0p0").life == {"bacteria": 5, "plant": 1, "animal": 0}
    assert effect_first.planet(0, "s0p0").cards == ["L9"]
    game.choose("order:lifeforms")
    game.choose("b2p:s0p0")
    assert game.planet(0, "s0p0").life == {"bacteria": 4, "plant": 1, "animal": 0}
    assert game.planet(0, "s0p0").cards == ["L9"]


@pytest.mark.parametrize(
    ("card", "life", "why"),
    [
        ("L9", {"bacteria": 0}, "nothing is lost to the limit"),
        ("L6", {"bacteria": 3}, "the effect (1 VP) takes no Lifeform off a Planet"),
    ],
)
def test_the_order_is_not_asked_where_it_can_t_matter(
    card: str, life: dict[str, int], why: str
) -> None:
    game = _at_create_life([card], ("C01", life))
    game.choose(f"play:{card}")
    game.choose("planet:s0p0")
    assert kind(game) != "life_order", why
    assert game.planet(0, "s0p0").life["bacteria"] == min(5, life["bacteria"] + 4 + (card == "L6"))


def test_an_old_game_keeps_the_lifeforms_first() -> None:
    game = _at_create_life(["L9"], ("C01", {"bacteria": 3}))
    game.catalog = load_catalog(3)
    game.index = game.catalog.index
    game.edited()
    game.choose("play:L9:s0p0")
    assert kind(game) == "advance"
    assert game.planet(0, "s0p0").life["bacteria"] == 5
