"""The engine's look-up tables and shortcuts agree with the plain rules they stand for, over
random games and changed boards: a table read stale, or a shortcut that skips a case, shows
here."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import partial
from itertools import chain

import pytest

from entropy_tui.rules import Decision, Game, missions, movement, rondel
from entropy_tui.rules.actions import catch_asteroid, create_life
from entropy_tui.rules.actions.create_life import (
    cards_by,
    discards_for,
    playable_cards,
    shortfall,
    why_not,
)
from entropy_tui.rules.biomes import can_fulfil
from entropy_tui.rules.counters import CHOICE_COUNTERS, COUNTERS, count, system_conditions
from entropy_tui.rules.describe import card_words
from entropy_tui.rules.effects import planet_refs, push_effects
from entropy_tui.rules.free_actions import free_action_options, has_free_action
from entropy_tui.rules.invariants import violations
from entropy_tui.rules.landing import leads_to_a_play
from entropy_tui.rules.missions import OBJECTIVES_TO_END, completed_objectives, lifeform_totals
from entropy_tui.rules.state import Task
from entropy_tui.rules.supply import offer, take_top
from entropy_tui.rules.tasks import HANDLERS
from entropy_tui.rules.vocabulary import CONDITIONS, INNER_ACTION_TOKEN, LIFEFORMS

ROUND_CAP = 200  # a broken rule must fail the test, not play forever


def random_positions(seats: int, seed: int, every: int = 7) -> Iterator[Game]:
    """Every `every`-th position of a random game, to its end, with edition 1 of the component
    data: the seeds were chosen for the positions its games reach."""
    game = Game.new([f"Seat {i + 1}" for i in range(seats)], seed=seed, edition=1)
    rng = random.Random(seed)
    steps = 0
    while not game.over:
        assert game.state.round <= ROUND_CAP, "the game does not end"
        decision = game.decision
        assert decision is not None
        if steps % every == 0:
            yield game
        game.choose(rng.choice(decision.enabled).id)
        steps += 1


@pytest.mark.parametrize("seed", range(4))
def test_the_rondel_table_follows_the_board_it_is_read_from(seed: int) -> None:
    game = Game.new(["Ann", "Bob", "Cy", "Di"][: 2 + seed % 3], seed=seed)
    board = game.state.board
    rng = random.Random(seed)
    for layout in range(6):
        # The game's own layout first, then the tiles moved or only their sides turned.
        if layout % 2:
            board.traffic_side = [not side for side in board.traffic_side]
        elif layout:
            rng.shuffle(board.action_tiles)
        table = rondel.spaces(game)
        assert len(table) == rondel.SPACES
        for space, entry in enumerate(table):
            assert entry.action == rondel.space_action(game, space)
            assert entry.partner == rondel.linked_space(game, space)
            assert entry.has_bonus == rondel.has_bonus(game, space)
            assert list(entry.bonus if entry.has_bonus else []) == rondel.bonus_effects(
                game, space, 1
            )
            assert list(entry.reduced if entry.has_bonus else []) == rondel.bonus_effects(
                game, space, 2
            )
            inner = rondel.is_inner(space)
            assert entry.token == (INNER_ACTION_TOKEN[entry.action] if inner else None)


@pytest.mark.parametrize("seats", [2, 4])
def test_counters_agree_with_the_icons_counted_one_by_one(seats: int) -> None:
    seen = 0
    for game in random_positions(seats, seed=seats):
        for player in game.state.players:
            for kind in CONDITIONS:
                by_system = [
                    system_conditions(game.index, player, i).count(kind)
                    for i in range(len(player.systems))
                ]
                name = f"max_conditions_in_system:{kind}"
                assert count(game.index, player, name) == max(by_system, default=0)
                seen += max(by_system, default=0) > 0
            for mission in game.catalog.missions:  # each name read once, then remembered
                base, _, parameter = mission.requirement.partition(":")
                plain = COUNTERS[base](game.index, player, parameter)
                assert count(game.index, player, mission.requirement) == plain
    assert seen > 0


@pytest.mark.parametrize("seed", range(3))
def test_the_free_action_test_agrees_with_fulfilling_each_biome(seed: int) -> None:
    fulfillable_seen = 0
    for game in random_positions(3, seed, every=3):
        for seat, player in enumerate(game.state.players):
            biome_ready = any(
                can_fulfil(game.index, planet)
                for system in player.systems
                for planet in system.planets
            )
            fulfillable_seen += biome_ready
            assert has_free_action(game, seat) == (player.entropy >= 2 or biome_ready)
    assert fulfillable_seen > 0


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_move_retrieves_every_token_it_passes(seats: int) -> None:
    """Making a move reads which tokens it passes from its preview: the plain rule (every
    token on a slot the move passes is retrieved, a locked Wild unlocked) must agree."""
    passed = 0
    for game, decision in move_decisions(seats, seed=10 + seats):
        seat = decision.player
        player = game.player(seat)
        for option in decision.enabled:
            if not option.id.startswith("move:"):
                continue
            slots = rondel.slots_on_the_way(player.scientist, int(option.id[5:]))
            on_the_way = [
                kind
                for kind, token in player.tokens.items()
                if token.where == "board" and token.slot in slots
            ]
            trial = game.copy()
            trial.choose(option.id)
            moved = trial.player(seat)
            for kind in on_the_way:
                passed += 1
                if kind == "wild" and player.wild_locked:
                    assert not moved.wild_locked
                else:
                    assert moved.tokens[kind].where == "lying", kind
    assert passed > 0


def plain_plays(
    game: Game, seat: int, *, lifeforms: bool = True
) -> list[tuple[str, str, str | None]]:
    """Every (card, planet, missing icon) play by the worded rule, card by card and Planet by
    Planet; without `lifeforms`, a Planet is taken to hold every Lifeform a card needs."""
    plays = []
    for card in dict.fromkeys(game.player(seat).hand):
        for ref in planet_refs(game, seat):
            if cards_by(game, seat, ref) >= 3:
                continue
            icons, missing_life = shortfall(game, seat, card, ref)
            if lifeforms and missing_life:
                continue
            if not icons:
                plays.append((card, ref, None))
            elif icons.total() == 1 and discards_for(game, seat, card, next(iter(icons))):
                plays.append((card, ref, next(iter(icons))))
    return plays


@pytest.mark.parametrize("seats", [2, 4])
def test_the_create_life_test_agrees_with_the_worded_rule(seats: int) -> None:
    """The Create Life test reads Planets' icons and cards' needs from tables: it must find the
    plays `why_not` finds, in the same order, with and without the Lifeforms counted."""
    played = 0
    for game in random_positions(seats, seed=20 + seats, every=2):
        for seat in range(seats):
            for lifeforms in (True, False):
                fast = [
                    (play.card, play.planet, play.missing)
                    for play in playable_cards(game, seat, lifeforms=lifeforms)
                ]
                assert fast == plain_plays(game, seat, lifeforms=lifeforms)
                first = playable_cards(game, seat, first_only=True, lifeforms=lifeforms)
                assert [(p.card, p.planet, p.missing) for p in first] == fast[:1]
                for card in {*game.player(seat).hand, "L1"}:  # L1: in hand or not
                    of_card = playable_cards(game, seat, lifeforms=lifeforms, card=card)
                    assert [(p.card, p.planet, p.missing) for p in of_card] == [
                        play for play in fast if play[0] == card
                    ]
                played += bool(fast)
            for card, ref, _ in plain_plays(game, seat):
                assert why_not(game, seat, card, ref)[1] == ""
    assert played > 0


def test_the_table_of_planet_icons_stays_within_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table is emptied when full: the plays found stay the worded rule's."""
    monkeypatch.setattr(create_life, "ICON_TABLE_LIMIT", 3)
    positions = random_positions(4, seed=24, every=2)
    first = next(positions)
    monkeypatch.setattr(first.index, "icons_at", {})  # the index is shared by every game
    emptied = 0
    for game in chain([first], positions):  # one game, moved on between positions
        for seat in range(4):
            before = len(game.index.icons_at)
            plays = [(p.card, p.planet, p.missing) for p in playable_cards(game, seat)]
            assert plays == plain_plays(game, seat)
            assert len(game.index.icons_at) <= 3
            emptied += len(game.index.icons_at) < before
    assert emptied > 0


@pytest.mark.parametrize("seed", range(6))
def test_the_create_life_look_ahead_skips_only_what_it_could_not_find(seed: int) -> None:
    """A move onto Create Life without a card to play is allowed when its rewards may make one
    playable; the shortcuts before the search (rewards that change nothing a card needs, or
    only Lifeforms where no card has its icons) must agree with the search itself."""
    searched = 0
    for game, seat, preview in create_life_moves(seed):
        if playable_cards(game, seat, first_only=True):
            continue
        searched += 1
        expected = leads_to_a_play(game, seat, partial(_make_the_move, preview=preview))
        assert movement._rewards_make_a_play(game, seat, preview) == expected
    assert searched > 0


def move_decisions(seats: int, seed: int) -> Iterator[tuple[Game, Decision]]:
    """Each move decision of a random game (see random_positions), with its game."""
    for game in random_positions(seats, seed=seed, every=1):
        decision = game.decision
        assert decision is not None
        if decision.kind == "move":
            yield game, decision


def create_life_moves(seed: int) -> Iterator[tuple[Game, int, movement.MovePreview]]:
    """Every move onto Create Life, at each move decision of a random 4-seat game."""
    for game, decision in move_decisions(4, seed=30 + seed):
        for steps in (1, 2, 3):
            preview = movement.preview_move(game, decision.player, steps)
            if preview.action == "create_life":
                yield game, decision.player, preview


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_end_is_set_whenever_two_objectives_are_complete(seats: int) -> None:
    """The end of the game is checked only where an Objective can complete (an advance on a
    Main Objective, a big Lifeform tile claimed): at every decision, two complete Objectives
    and a last round set must go together."""
    ended = 0
    for game in random_positions(seats, seed=40 + seats, every=1):
        complete = completed_objectives(game) >= OBJECTIVES_TO_END
        assert complete == (game.state.end_round is not None)
        ended += complete
    assert ended > 0


@pytest.mark.parametrize("seats", [2, 4])
def test_the_mission_counters_agree_with_their_plain_definitions(seats: int) -> None:
    """The counters the Missions name are loops written for the Mission step: each must agree
    with its definition written plainly, and so must the Lifeform test of Catch an Asteroid."""
    seen = 0
    for game in random_positions(seats, seed=50 + seats, every=3):
        index = game.index
        for player in game.state.players:
            planets = [planet for system in player.systems for planet in system.planets]
            stars = [system.star for system in player.systems if system.star is not None]
            tiles = [tile for planet in planets for tile in planet.asteroids.values()]
            assert count(index, player, "different_planet_types") == len(
                {index.any_planet[planet.tile].type for planet in planets}
            )
            assert count(index, player, "different_asteroid_types") == len(
                {index.asteroid[tile].type for tile in tiles}
            )
            for star in index.any_star:
                assert count(index, player, f"stars_of_type:{star}") == stars.count(star)
            tiers = list(player.focus.values())
            assert count(index, player, "focus_at_tier2") == sum(t == 2 for t in tiers)
            assert count(index, player, "focus_upgraded") == sum(t > 0 for t in tiers)
            for planet in planets:
                plain = any(planet.life[kind] > 0 for kind in LIFEFORMS)
                assert catch_asteroid._has_lifeform(planet) == plain
            seen += bool(tiles) and any(tiers)
    assert seen > 0


CHOICE_KEYS = ("choices", "last_decider", "undo_floor", "undo_floor_reason")


def _without_choices(game: Game) -> dict:
    return {key: value for key, value in game.snapshot().items() if key not in CHOICE_KEYS}


@pytest.mark.parametrize("seats", [2, 4])
def test_a_move_option_is_the_preview_of_its_move(seats: int) -> None:
    """The options of the move decision are the moves' previews themselves, their words
    written when read: each must read as its move's preview worked out on its own, and
    choosing it must do what making that preview's move does."""
    made_moves = 0
    for game in random_positions(seats, seed=60 + seats, every=1):
        decision = game.decision
        assert decision is not None
        if decision.kind != "move":
            continue
        seat = decision.player
        moves = [option for option in decision.options if option.id.startswith("move:")]
        assert [option.id for option in moves] == ["move:1", "move:2", "move:3"]
        # Stuck: no move is allowed, so Create Life may be landed on without a card.
        stuck = not any(movement.preview_move(game, seat, steps).allowed for steps in (1, 2, 3))
        for steps, option in enumerate(moves, start=1):
            preview = movement.preview_move(game, seat, steps, stuck=stuck)
            assert option.label == movement._move_label(game, seat, preview)
            assert option.enabled == preview.allowed
            assert option.reason == preview.why_not
            if not option.enabled:
                continue
            chosen = game.copy()
            chosen.choose(option.id)
            made = game.try_out(
                lambda trial, seat=seat, steps=steps, stuck=stuck: movement._make_move(
                    trial,
                    trial.state.pending[-1],
                    movement.preview_move(trial, seat, steps, stuck=stuck),
                )
            )
            assert _without_choices(chosen) == _without_choices(made)
            made_moves += 1
    assert made_moves > 0


def _every_printed_effect_list(game: Game) -> list[list]:
    """Each effect list the component data prints (Stars, Planets, Life cards, Biomes,
    Missions, Focus cards and the rondel's Traffic Bonuses), once."""
    index = game.index
    lists = [list(s.effect) for s in index.any_star.values()]
    lists += [list(p.effect) for p in index.any_planet.values()]
    lists += [list(c.effect) for c in index.card.values()]
    lists += [list(b.reward) for b in index.biome.values()]
    lists += [list(b.improved) for b in index.biome.values()]
    lists += [list(m.reward) for m in index.mission.values()]
    lists += [list(f.tier1) for f in index.focus.values()]
    lists += [list(f.tier2) for f in index.focus.values()]
    lists += [list(space.bonus) for space in rondel.spaces(game)]
    unique = {repr(effects): effects for effects in lists if effects}
    return list(unique.values())


@pytest.mark.parametrize("seats", [2, 3])
def test_effects_taken_at_once_do_what_their_tasks_do(seats: int) -> None:
    """Queued effects that take effect at once (gains, the Generator, a card's extra
    Lifeforms, discounts) are resolved as they are queued: the game must then be exactly the
    one where every effect was queued as a Task of its own and resolved by the Task loop."""
    compared = 0
    for game in random_positions(seats, seed=70 + seats, every=23):
        seat = game.state.turn.player
        refs = planet_refs(game, seat)
        for n, effects in enumerate(_every_printed_effect_list(game)):
            if any(effect.per in CHOICE_COUNTERS for effect in effects):
                continue  # a type to choose first: queued as one Task either way
            planet = refs[n % len(refs)] if refs and n % 3 else None  # Local effects too
            queued = partial(push_effects, seat=seat, effects=effects, planet=planet, **ORIGIN)
            one_task_each = partial(_one_task_each, seat=seat, effects=effects, planet=planet)
            assert game.try_out(queued).snapshot() == game.try_out(one_task_each).snapshot()
            compared += 1
    assert compared > 100


ORIGIN = {"origin": "Test", "rule": "Rule"}


def _one_task_each(game: Game, seat: int, effects: list, planet: str | None) -> None:
    """The plain way: every effect a Task, resolved by the Task loop."""
    for effect in reversed(effects):
        game.push("effect", seat, effect=effect.as_data(), planet=planet, chosen=None, **ORIGIN)


@pytest.mark.parametrize("seats", [2, 4])
def test_a_move_queues_each_of_its_steps_as_a_task(seats: int) -> None:
    """A move takes no step of its own at once: the token it places, the landing charge and
    the Traffic Bonus are each a Task, in that order, resolved by the Task loop like any
    other (the golden trace checks what they do)."""
    queued = 0
    for game in random_positions(seats, seed=80 + seats, every=1):
        decision = game.decision
        assert decision is not None
        if decision.kind != "move":
            continue
        seat = decision.player
        stuck = not any(movement.preview_move(game, seat, n).allowed for n in (1, 2, 3))
        for option in decision.options:
            if not option.id.startswith("move:") or not option.enabled:
                continue
            preview = movement.preview_move(
                game, seat, int(option.id.removeprefix("move:")), stuck=stuck
            )
            moved = game.copy()
            movement._make_move(moved, moved.state.pending[-1], preview)
            steps = [task.kind for task in reversed(moved.state.pending)]
            expected = ["place_token"] * bool(preview.placeable) + ["charge"] * bool(preview.charge)
            expected += ["traffic_bonus"] * bool(preview.bonus)
            assert [k for k in steps if k in ("place_token", "charge", "traffic_bonus")] == expected
            queued += bool(expected)
    assert queued > 50


@pytest.mark.parametrize("edition", [1, None])
def test_the_mission_step_knows_the_fewest_lifeforms_that_claim_a_tile(edition: int | None) -> None:
    """The Mission step skips the Lifeform Objectives when no Lifeform reaches the fewer of
    its two thresholds: whenever that is so, neither tile of any Lifeform may be within reach
    by its own threshold (over random positions, with this edition's thresholds)."""
    index = Game.new(["Ann", "Bob"], seed=1, edition=edition).index
    least = dict(index.lifeform_tile_least)
    assert set(least) == set(LIFEFORMS)
    skipped = 0
    for position in random_positions(2, seed=90, every=3):
        for player in position.state.players:
            totals = lifeform_totals(player)
            if any(totals[life] >= least[life] for life in LIFEFORMS):
                continue
            for life in LIFEFORMS:
                assert totals[life] < index.lifeform_objective[life].small_threshold
                assert totals[life] < index.lifeform_objective[life].big_threshold
            skipped += 1
    assert skipped > 0


@pytest.mark.parametrize("seats", [2, 4])
def test_a_card_option_takes_the_top_of_its_deck(seats: int) -> None:
    """The options of taking a Life card take the top of their deck, their words written when
    read: each must read as the top card of a deck on offer, in the offer's order, and choosing
    it must do what taking that card does (the top of the deck into the hand, the log line,
    then what the decision does after a card)."""
    taken = 0
    for game in random_positions(seats, seed=70 + seats, every=1):
        decision = game.decision
        assert decision is not None
        if decision.kind not in ("take_life_cards", "take_cards"):
            continue
        seat = decision.player
        cards = [option for option in decision.options if option.id.startswith("card:")]
        on_offer = offer(game.state.board.life_decks)
        assert [option.id for option in cards] == [f"card:{card}" for _, card in on_offer]
        for option, (deck, card) in zip(cards, on_offer, strict=True):
            assert option.label == f"Take {card_words(game.index, card)}"
            assert option.enabled and not option.reason and not option.rule
            chosen = game.copy()
            chosen.choose(option.id)
            made = game.copy()
            then = made.decision.option(option.id).apply.keywords["then"]
            made._decision = None
            board = made.state.board
            top = take_top(board, board.life_decks, deck)
            assert top == card
            made.player(seat).hand.append(top)
            made.note(seat, "card", f"{made.name(seat)} took Life card {top}")
            then()
            made._settle()
            assert _without_choices(chosen) == _without_choices(made)
            taken += 1
    assert taken > 0


def test_the_slots_table_is_the_path_of_each_move() -> None:
    for start in range(rondel.SPACES):
        for steps in (1, 2, 3):
            entered = [(start + i) % rondel.SPACES for i in range(1, steps + 1)]
            passed = tuple(rondel.sector(s) for s in entered if rondel.is_inner(s))
            assert rondel.slots_on_the_way(start, steps) == passed


def test_log_lines_kept_as_tuples_read_the_same_as_restored_ones() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], seed=11)
    rng = random.Random(11)
    for _ in range(150):
        game.choose(rng.choice(game.decision.enabled).id)
    restored = Game.restore(game.snapshot())  # checked: its lines come back as Events
    trusted = Game.restore_trusted(game.snapshot())
    for other in (restored, trusted):
        assert other.log == game.log
        assert other.dumped_log() == game.dumped_log()
        assert other.snapshot()["log"] == game.snapshot()["log"]
    for line, data in zip(game.log, game.dumped_log(), strict=True):
        assert line._asdict() == data
    assert [e.kind for e in game.log].count("turn") >= 10


def test_the_sums_a_play_area_keeps_go_stale_only_by_hand() -> None:
    """The rules drop a play area's kept sums whenever they change its Lifeforms or Biomes
    (the random playouts check that at every step); a change by hand leaves them stale until
    `Game.edited`, and the invariants say so."""
    game = next(g for g in random_positions(3, seed=4, every=40) if g.state.round >= 6)
    seat, player = 0, game.state.players[0]
    free_action_options(game, seat)  # works out the Biome test, and keeps it
    totals = dict(lifeform_totals(player))
    assert player.life_totals is not None and player.biome_ready is not None
    planet = next(p for s in player.systems for p in s.planets if p.life["bacteria"] < 5)
    planet.life["bacteria"] += 1
    stale = [v for v in violations(game) if "stale" in v]
    assert stale == [f"{player.name}'s play area keeps stale Lifeform totals"]
    game.edited()
    assert lifeform_totals(player) == totals | {"bacteria": totals["bacteria"] + 1}
    assert not [v for v in violations(game) if "stale" in v]


def _plain_mission_step(game: Game, task: Task) -> Decision | None:
    """The Mission step without its shortcut: the Lifeform Objectives always as a Task."""
    seat = task.player
    game.state.pending.pop()
    game.state.turn.step = "mission"
    for mission_id in game.player(seat).missions:
        if missions.mission_met(game, seat, mission_id):
            game.push_in_order(seat, [("play_mission", {}), ("lifeform_objectives", {})])
            return None
    return missions.lifeform_objectives(game, game.push("lifeform_objectives", seat))


@pytest.mark.parametrize("seats", [2, 4])
def test_the_mission_step_shortcut_does_what_its_task_does(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Most Mission steps only ready the tokens, without the Lifeform Objectives' Task: the
    same random game played with the plain step must be in the same state at every decision."""
    game = Game.new([f"Seat {i + 1}" for i in range(seats)], seed=40 + seats, edition=1)
    choices = []
    rng = random.Random(seats)
    snapshots = []
    while not game.over:
        decision = game.decision
        assert decision is not None
        snapshots.append(game.snapshot())
        choices.append(rng.choice(decision.enabled).id)
        game.choose(choices[-1])
    monkeypatch.setitem(HANDLERS, "mission_step", _plain_mission_step)
    plain = Game.new([f"Seat {i + 1}" for i in range(seats)], seed=40 + seats, edition=1)
    for choice, snapshot in zip(choices, snapshots, strict=True):
        assert plain.snapshot() == snapshot
        plain.choose(choice)
    assert plain.over and game.state.round > 10


def _make_the_move(trial: Game, preview: movement.MovePreview) -> None:
    movement._make_move(trial, trial.state.pending[-1], preview)


def test_a_look_ahead_stops_only_at_a_task_kind_there_is() -> None:
    game = Game.new(["Ann", "Bob"], seed=3)
    with pytest.raises(ValueError, match="no Task kind"):
        game.try_out(lambda trial: None, stop_at="create_lives")
    trial = game.try_out(lambda trial: trial.push("create_life", 0), stop_at="create_life")
    assert trial.decision is not None and trial.decision.kind == "create_life"
    assert all(o.id.startswith(("exchange:", "fulfil:")) for o in trial.decision.options)


@pytest.mark.parametrize("seats", [2, 4])
def test_a_move_without_a_token_names_where_each_token_is(seats: int) -> None:
    """A move onto an inner space with no token to place writes why only when read: the words
    must say where each token is as the move found it, a token it retrieves lying down."""
    worded = 0
    for game, decision in move_decisions(seats, seed=60 + seats):
        player = game.player(decision.player)
        for preview in decision.options:
            if not isinstance(preview, movement.MovePreview) or "needs your" not in preview.reason:
                continue
            worded += 1
            for kind, token in player.tokens.items():
                if kind == "wild" and player.wild_locked and not preview.unlocks_wild:
                    where = "still locked"
                elif kind in preview.retrieved or token.where == "lying":
                    where = "lying down until the end of your turn"
                else:
                    where = "on the board" if token.where == "board" else "unavailable"
                if kind == "wild" or INNER_ACTION_TOKEN.get(preview.action) == kind:
                    assert f"your {kind.title()} token ({where})" in preview.reason
    assert worded > 0
