"""The rulebook's worked examples, rebuilt from explicit states and played through the options."""

from __future__ import annotations

from entropy_tui.rules import Game
from entropy_tui.rules.state import LifeformTile, Task, TurnState
from tests.support import blank_game as edition_game
from tests.support import choose_prefix, only, option_ids, planet, refresh, system


def blank_game(seats: int = 2, seed: int = 0) -> Game:
    """The rulebook's examples hold in the newest edition of the component data."""
    return edition_game(seats, seed, edition=None)


def put_on_top(stacks: list[list[str]], item: str, stack: int) -> None:
    for pile in stacks:
        if item in pile:
            pile.remove(item)
    stacks[stack].append(item)


def place_tile(game: Game, tile: str, sector: int) -> None:
    """Moves Action tile `tile` onto O_sector (swapping with the tile there)."""
    tiles = game.state.board.action_tiles
    here = tiles.index(tile)
    tiles[here], tiles[sector] = tiles[sector], tiles[here]


def test_movement_passing_the_wild_and_traffic_with_orange() -> None:
    """Orange moves 2, passes their Wild (retrieved lying), activates Star IA for 1 Entropy to
    gain 1 Energy, lands on Aggregate Planet with their Planet token; another Scientist is
    there, so the distance counts 3: no Traffic Bonus."""
    game = blank_game()
    orange, other = game.player(0), game.player(1)
    orange.systems = [system("IA", planet("W01"))]
    orange.entropy = 1
    orange.scientist = 0  # I0
    orange.wild_locked = False
    orange.tokens["wild"].where, orange.tokens["wild"].slot = "board", 1
    other.scientist = 2  # I1, Aggregate Planet
    refresh(game)

    move = game.decision
    assert move is not None and move.kind == "move"
    label = next(o.label for o in move.options if o.id == "move:2")
    assert "Aggregate Planet" in label and "distance 3" in label and "no bonus" in label
    game.choose("move:2")

    assert orange.tokens["wild"].where == "lying"
    assert set(option_ids(game)) >= {"entropy", "star:0", "skip"}
    game.choose("star:0")
    assert (orange.entropy, orange.energy) == (0, 1)
    assert orange.tokens["planet"].where == "board" and orange.tokens["planet"].slot == 1
    assert game.state.turn.distance == 3
    assert game.decision is not None and game.decision.kind == "aggregate_planet"
    assert orange.mass == 0  # no Traffic Bonus was gained


def test_landing_on_an_inner_space_needs_a_token() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("IA", planet("W01"))]
    player.scientist = 1  # O0; a move of 1 enters I1 (Aggregate Planet)
    player.tokens["planet"].where, player.tokens["planet"].slot = "board", 4
    player.tokens["wild"].slot = 5  # locked, out of the way
    refresh(game)
    refused = {o.id: o.reason for o in game.decision.options if not o.enabled}  # type: ignore[union-attr]
    assert "move:1" in refused
    assert "Planet token (on the board)" in refused["move:1"]
    assert "Wild token (still locked)" in refused["move:1"]


def test_evolve_a_star_with_blue() -> None:
    """Blue pays 2 Energy to exchange IB for IIB, returning IB to the board; with 1 Energy they
    could instead add a tier I Star to a new Solar System."""
    game = blank_game()
    blue = game.player(0)
    blue.systems = [system("IB", planet("W01"))]
    blue.energy = 2
    stacks = game.state.board.star_stacks
    before_ib, before_iib = stacks["IB"], stacks["IIB"]
    only(game, "evolve_star", 0, source="effect")
    assert {"star:0", "new:new"} <= set(option_ids(game))  # the Star first, then its tier
    game.choose("star:0")
    assert option_ids(game) == ["evolve:IIB", "evolve:IIC"]
    game.choose("evolve:IIB")
    assert blue.energy == 0 and blue.systems[0].star == "IIB"
    assert (stacks["IB"], stacks["IIB"]) == (before_ib + 1, before_iib - 1)

    game = blank_game()
    blue = game.player(0)
    blue.systems = [system("IB", planet("W01"))]
    blue.energy = 1
    only(game, "evolve_star", 0, source="effect")
    refused = {o.id: o.reason for o in game.decision.options if not o.enabled}  # type: ignore[union-attr]
    assert refused["star:0"] == "needs 2 Energy, you have 1"  # for IIB and IIC alike
    game.choose("new:new")
    assert {"add:IA", "add:IB"} <= set(option_ids(game))
    game.choose("add:IA")
    assert [s.star for s in blue.systems] == ["IB", "IA"] and blue.energy == 0


def test_evolving_a_starting_star_returns_it_to_the_box() -> None:
    game = blank_game()
    player = game.player(0)
    player.systems = [system("S1", planet("W01"))]
    player.energy = 2
    only(game, "evolve_star", 0, source="effect")
    game.choose("star:0")
    game.choose("evolve:IIA")
    assert "S1" in game.state.board.box and player.systems[0].star == "IIA"


def test_aggregate_planet_with_blue() -> None:
    """Blue pays 4 Mass for a Water Planet, gains 1 Life card (a Bacteria card from the offer)
    and places the flipped Planet in one of their Solar Systems (placed first: see
    docs/rule-readings.md, "Planet effect timing")."""
    game = blank_game()
    blue = game.player(0)
    blue.systems = [system("IB", planet("H01"))]
    blue.mass = 4
    board = game.state.board
    put_on_top(board.planet_stacks, "W06", 4)
    bacteria_card = board.life_decks[0][-1]
    only(game, "aggregate_planet", 0, source="effect")
    game.choose("planets:water")
    game.choose("planet:W06")
    assert blue.mass == 0
    game.choose("system:0")
    assert [p.tile for p in blue.systems[0].planets] == ["H01", "W06"]
    game.choose(f"card:{bacteria_card}")
    assert blue.hand == [bacteria_card]


def test_create_life_with_orange() -> None:
    """Orange moves 2 to Create Life, plays a Plant card needing 3 Carbon and removing 1
    Bacteria on a Water Planet with a Carbon Asteroid and a IIC Star, discarding a card for
    the third Carbon; the card's effect is an Evolve a Star action; Orange gains 2 Plants
    and 1 more from the Traffic Bonus."""
    game = blank_game()
    orange = game.player(0)
    place_tile(game, "T1", 2)  # Create Life on O2
    orange.scientist = 3  # O1: a move of 2 enters I2, then O2
    orange.tokens["wild"].slot = 4
    game.player(1).scientist = 10
    world = planet("W01", bacteria=1)
    world.asteroids = {"mass": "AC01"}
    orange.systems = [system("IIC", world)]
    orange.hand = ["L23", "L2"]
    refresh(game)
    game.choose("move:2")
    assert game.state.turn.distance == 2 and game.state.turn.card_bonus == 1
    game.choose("play:L23")
    choose_prefix(game, "planet:s0p0")
    game.choose("discard:L2")
    assert world.life == {"bacteria": 0, "plant": 3, "animal": 0}
    assert orange.hand == []
    assert game.state.board.life_decks[0][0] == "L2"  # bottom of the leftmost Bacteria deck
    assert game.decision is not None and game.decision.kind == "evolve_star"
    assert world.cards == []  # "Finally, ... flip it and place it next to the Planet"
    game.choose("skip")
    assert world.cards == ["L23"]


def test_create_life_refuses_a_full_planet() -> None:
    game = blank_game()
    player = game.player(0)
    world = planet("W01", bacteria=5)
    world.cards = ["L1", "L3", "L4"]
    player.systems = [system("IIC", world)]
    player.hand = ["L2"]
    only(game, "create_life", 0, source="effect")
    refused = {o.id: o.reason for o in game.decision.options if not o.enabled}  # type: ignore[union-attr]
    assert refused == {"play:L2": "this Planet already has 3 Life cards"}


def test_activate_stars_with_teal() -> None:
    """Teal's Generator gives -1 Entropy to up to 3 Stars: 1 instead of 2 for 3 Energy, 1
    instead of 2 for 3 Mass, 2 instead of 3 to advance twice (2 Bacteria to 2 Plants)."""
    game = blank_game()
    teal = game.player(0)
    teal.generator = 5
    assert game.catalog.board.generator[5].discounted_stars == 3
    teal.systems = [
        system("IIA", planet("H01", bacteria=2)),
        system("IIB", planet("W01")),
        system("IIC", planet("C01")),
    ]
    teal.entropy = 4
    only(game, "activate_stars", 0, source="space")
    game.choose("star:0")
    assert (teal.entropy, teal.energy) == (3, 3)
    game.choose("star:1")
    assert (teal.entropy, teal.mass) == (2, 3)
    game.choose("star:2")
    assert teal.entropy == 0
    game.choose("b2p:s0p0")
    game.choose("b2p:s0p0")
    assert teal.systems[0].planets[0].life == {"bacteria": 0, "plant": 2, "animal": 0}
    assert game.decision is None  # every Star was activated once


def test_the_generator_discount_only_applies_from_the_action_space() -> None:
    game = blank_game()
    teal = game.player(0)
    teal.generator = 5
    teal.systems = [system("IIA", planet("H01"))]
    teal.entropy = 1
    only(game, "activate_stars", 0, source="effect")
    assert game.decision is None  # 2 Entropy needed, none discounted: nothing to activate


def test_set_biome_with_orange_and_fulfil_at_once() -> None:
    """Orange's only Planet without a Biome gets the new one; its Lifeforms already match, so
    Orange flips it to its fulfilled side as a free action."""
    game = blank_game()
    orange = game.player(0)
    with_biome = planet("H01")
    with_biome.biome = "BA03"
    orange.systems = [system("IA", with_biome, planet("C01", bacteria=2))]
    put_on_top(game.state.board.biome_stacks, "BA01", 0)  # needs 2 Bacteria
    game.state.turn = TurnState(player=0, step="action", action="set_biome")
    game.state.pending = [
        Task(kind="post_action", player=0),
        Task(kind="set_biome", player=0, args={"source": "space"}),
    ]
    refresh(game)
    game.choose("biome:BA01")
    assert orange.systems[0].planets[1].biome == "BA01"
    assert "fulfil:s0p1" in option_ids(game)
    game.choose("fulfil:s0p1")
    assert orange.systems[0].planets[1].fulfilled
    assert game.state.turn.events == [0, 0, 1]  # counts for "Fulfill a Biome"


def test_upgrade_console_with_blue() -> None:
    """Blue pays 3 Energy to flip the Aggregate Planet Focus card to tier 1 and, the Planet
    token being on the board, takes it back lying down."""
    game = blank_game()
    blue = game.player(0)
    blue.energy = 3
    blue.tokens["planet"].where, blue.tokens["planet"].slot = "board", 3
    only(game, "upgrade_console", 0, source="space")
    game.choose("focus:planet")
    assert blue.focus["planet"] == 1 and blue.energy == 0
    assert blue.tokens["planet"].where == "lying"


def test_catch_an_asteroid_with_teal() -> None:
    """Teal takes a Water Asteroid (1 Mass), places it on the top space for 2 more Mass though
    they could pay a Bacteria, and the Planet's effect resolves an Aggregate Planet action."""
    game = blank_game()
    teal = game.player(0)
    teal.mass = 3
    teal.systems = [system("IA", planet("R04", bacteria=3))]
    put_on_top([game.state.board.asteroid_stacks["water"]], "AW01", 0)
    only(game, "catch_asteroid", 0, source="effect")
    game.choose("asteroid:water")
    game.choose("planet:s0p0")
    assert option_ids(game) == ["place:mass", "place:lifeform:bacteria"]
    game.choose("place:mass")
    world = teal.systems[0].planets[0]
    assert teal.mass == 0 and world.asteroids == {"mass": "AW01"} and world.life["bacteria"] == 3
    assert game.state.turn.events == [0, 1, 0]  # the 1st Asteroid in that Solar System
    assert game.decision is not None and game.decision.kind == "aggregate_planet"


def test_primordial_soup_with_teal() -> None:
    """Teal moves 1: the full Traffic Bonus advances 2 Lifeforms (a Plant to an Animal, a new
    Bacteria elsewhere); then the Generator reaches its last space (+3 VP), +1 Mass, +1 Energy."""
    game = blank_game()
    teal = game.player(0)
    place_tile(game, "T6", 2)
    teal.scientist = 4  # I2: a move of 1 lands on O2
    game.player(1).scientist = 10
    teal.systems = [system("IA", planet("H01", plant=1), planet("C01"))]
    teal.generator = 6
    refresh(game)
    game.choose("move:1")
    game.choose("p2a:s0p0")  # only H01 has a Plant: no Planet to choose next
    game.choose("gain:")  # a Bacteria can go to either Planet: which one comes next
    game.choose("gain:s0p1")
    assert teal.systems[0].planets[0].life == {"bacteria": 0, "plant": 0, "animal": 1}
    assert teal.systems[0].planets[1].life == {"bacteria": 1, "plant": 0, "animal": 0}
    assert (teal.generator, teal.vp, teal.mass, teal.energy) == (7, 3, 1, 1)


def test_final_scoring_of_teal_is_134() -> None:
    game = blank_game()
    teal = game.player(0)
    teal.vp = 43
    teal.lifeform_tiles = [
        LifeformTile(lifeform="bacteria", big=True, vp=20),
        LifeformTile(lifeform="bacteria", big=False, vp=12),
        LifeformTile(lifeform="plant", big=False, vp=12),
    ]
    worlds = [planet("H01"), planet("C01"), planet("W01")]
    for world, biome, card in zip(
        worlds, ["BA01", "BA02", "BA03"], ["L1", "L2", "L3"], strict=True
    ):
        world.biome, world.cards = biome, [card]
    teal.systems = [
        system(star, world) for star, world in zip(["IA", "IIB", "IIIC"], worlds, strict=True)
    ]
    teal.objectives = [1, 2, 2]  # 3 VP per Planet of one type; 7 and 7
    teal.hand = ["L4", "L5", "L6"]
    teal.mass, teal.entropy, teal.energy = 2, 2, 4
    scores = game.scores()[0]
    assert scores == {
        "vp_tokens": 43,
        "lifeform_tiles": 44,
        "objective_stars": 3,
        "objective_asteroids": 21,
        "objective_biomes": 21,
        "leftovers": 2,
        "total": 134,
    }
