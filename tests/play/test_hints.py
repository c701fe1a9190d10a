"""Hints: the advice reads only the seat's own view, leaves the game alone, and its one line
names what the option gains."""

from __future__ import annotations

import random
from dataclasses import replace

from entropy_tui.bots.determinize import _visible_ids, component_families
from entropy_tui.play.hints import Standing, advise, describe, why
from entropy_tui.play.thinking import PlainDecision
from entropy_tui.rules import Game
from tests.builders_extra import arranged_game, outer
from tests.support import blank_game, only, system
from tests.support import planet as placed_planet

SEARCH = 40  # iterations of the expert's search: a fixed amount, so the same hint every time


def game_some_way_in(steps: int, seed: int = 11) -> Game:
    game = Game.new(["Ann", "Bob", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assert game.decision is not None
        game.choose(rng.choice(game.decision.enabled).id)
    return game


def hint_for(game: Game, seed: int = 3) -> tuple[str, str]:
    decision = game.decision
    assert decision is not None
    view, plain = game.view(decision.player), PlainDecision.of(decision)
    hint = advise(view, plain, seed=seed, iterations=SEARCH)
    return hint.option_id, hint.why


def shuffle_hidden(game: Game, seat: int, rng: random.Random) -> None:
    """Deals again what `seat` cannot see: the others' hands and Missions among themselves,
    and every stack below its top."""
    state = game.state
    others = [p for s, p in enumerate(state.players) if s != seat]
    for field in ("hand", "missions"):
        pool = [card for p in others for card in getattr(p, field)]
        rng.shuffle(pool)
        for player in others:
            n = len(getattr(player, field))
            setattr(player, field, pool[:n])
            pool = pool[n:]
    board = state.board
    for stack in [*board.planet_stacks, *board.biome_stacks, *board.life_decks]:
        below = stack[:-1]
        rng.shuffle(below)
        stack[:-1] = below


def test_a_hint_leaves_the_game_as_it_was() -> None:
    game = game_some_way_in(120)
    before = game.snapshot()
    option_id, line = hint_for(game)
    assert game.snapshot() == before
    assert option_id in {o.id for o in game.decision.enabled}
    assert line


def test_a_hint_depends_only_on_what_the_seat_sees() -> None:
    checked = 0
    for steps in range(90, 400, 7):
        game = game_some_way_in(steps)
        decision = game.decision
        if decision is None or len(decision.enabled) < 2:
            continue
        seat = decision.player
        shuffled = Game.restore(game.snapshot(), game.catalog)
        shuffle_hidden(shuffled, seat, random.Random(steps))
        assert shuffled.snapshot() != game.snapshot(), "nothing hidden was shuffled"
        assert shuffled.view(seat) == game.view(seat)
        assert hint_for(shuffled) == hint_for(game)
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def own_planet(game: Game, condition: str, **life: int):
    """A Planet of that condition taken out of its stack (each tile is somewhere once)."""
    stack = next(s for s in game.state.board.planet_stacks if s[0].startswith(condition))
    return placed_planet(stack.pop(0), **life)


def mission_game() -> Game:
    """Seat 0 holds Missions M6 and M1, nobody else holds any; what was taken away from the
    players lies in the box, so that the position is one a seat's view can be filled from."""
    game = blank_game()
    for player in game.state.players:
        player.missions = []
    game.player(0).missions = ["M6", "M1"]
    game.state.board.box = [c for c in game.state.board.box if c not in ("M6", "M1")]
    return game


def box_the_rest(game: Game) -> None:
    """Every component found nowhere goes to the box, as the rules would have put it."""
    shown = set(_visible_ids(game.snapshot()))
    families = component_families(game.catalog)
    game.state.board.box += [c for c in families if c not in shown]


def test_the_line_names_the_mission_an_option_completes() -> None:
    game = mission_game()
    player = game.player(0)
    # M6: a IIIA Star; its reward, 2 Entropy per Planet
    player.systems = [
        system("IIIA", own_planet(game, "H"), own_planet(game, "C")),
        system("IA", own_planet(game, "W")),
    ]
    box_the_rest(game)
    only(game, "mission_step", 0)
    decision = PlainDecision.of(game.decision)
    line = why(game.view(0), decision, "mission:M6", seed=1)
    # 2 Entropy per Planet, and 6 leftover resources are worth 1 VP
    assert line == "+6 Entropy now (score 0 → 1); completes Mission M6 this turn", line
    assert "Mission M6" not in why(game.view(0), decision, "skip", seed=1)


def test_the_line_names_the_lifeform_tile_an_option_claims() -> None:
    game = mission_game()
    game.player(0).missions = []
    objective = game.index.lifeform_objective["bacteria"]
    game.player(0).systems = [system("IA", own_planet(game, "H", bacteria=objective.big_threshold))]
    box_the_rest(game)
    only(game, "mission_step", 0)
    assert game.decision is not None and "claim:bacteria" in {o.id for o in game.decision.enabled}
    line = why(game.view(0), PlainDecision.of(game.decision), "claim:bacteria", seed=1)
    score = game.scores()[0]["total"]
    assert line == f"Score {score} → {score + objective.big_vp} now; claims the big Bacteria tile"


def test_a_decision_with_one_option_is_said_to_have_no_other() -> None:
    game = game_some_way_in(0)
    while len(game.decision.enabled) != 1:
        game.choose(game.decision.enabled[0].id)
    assert hint_for(game)[1] == "It is the only option here."


def test_the_line_says_a_track_counts_more_units() -> None:
    game = Game.new(["Ann", "Bob"], seed=1)
    before = Standing.of(game, 0)
    name, space, units, _ = before.tracks[0]
    more = (name, space, units + 2, f"{units + 2} different Stars")
    end = replace(before, tracks=(more, *before.tracks[1:]))
    line = describe(game, before, before, end)
    assert line == (
        f"Nothing changes at once; raises the {name}'s count to {units + 2} different Stars"
    ), line
    advanced = replace(before, tracks=((name, space + 1, units, ""), *before.tracks[1:]))
    assert describe(game, before, before, advanced) == (
        f"Nothing changes at once; advances you on the {name}"
    )


def test_a_move_that_gains_mass_then_buys_a_planet_says_both() -> None:
    """Seen in play: a move whose Traffic Bonus gains 2 Mass, which the Planet bought in its
    action then spends, was hinted "spends 1 Mass"; a purchase, "spends 3 Mass"."""
    game = arranged_game(mover_at=outer(0), edition=None)  # I1, Aggregate Planet: +2 Mass
    for player in game.state.players:
        player.missions = []
    game.player(0).mass = 1
    game.player(0).systems = [system("IA", own_planet(game, "H"))]
    box_the_rest(game)
    game.edited()
    line = why(game.view(0), PlainDecision.of(game.decision), "move:1", seed=1)
    assert line.startswith("+2 Mass now; then +1 Planet, "), line
    assert "spends" not in line.lower(), line
    game.choose("move:1")
    # The type of Planet is chosen first: the purchase its best Planet makes comes next.
    line = why(game.view(0), PlainDecision.of(game.decision), "planets:heat", seed=1)
    assert line.startswith("Nothing changes at once; then +1 Planet, -3 Mass"), line
    assert "spends" not in line.lower(), line
