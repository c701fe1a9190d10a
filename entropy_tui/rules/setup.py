"""Game Setup steps 1-11 and Player Setup A-J."""

from __future__ import annotations

from entropy_tui.rules.catalog import Catalog
from entropy_tui.rules.flow import start_round
from entropy_tui.rules.rng import Rng
from entropy_tui.rules.rondel import SECTORS, sector
from entropy_tui.rules.state import (
    BoardState,
    GameState,
    PlanetState,
    PlayerState,
    Settings,
    SystemState,
)
from entropy_tui.rules.vocabulary import CONDITIONS, LIFEFORMS

MIN_SEATS, MAX_SEATS = 2, 4


def _halves(items: list[str]) -> tuple[list[str], list[str]]:
    middle = (len(items) + 1) // 2
    return items[:middle], items[middle:]


def _traffic_sides(seats: int) -> list[bool]:
    """Setup step 2: which Action tiles show their Traffic Bonus side."""
    if seats == 2:
        return [True] * SECTORS
    if seats == 3:
        return [i % 2 == 0 for i in range(SECTORS)]  # the 1st, 3rd and 5th tiles
    return [False] * SECTORS


def new_state(
    catalog: Catalog,
    seats: list[str],
    seed: int,
    *,
    bots: list[str | None] | None = None,
    alternative_objectives: bool = False,
    open_hands: bool = False,
    confirm_turn_end: bool = False,
) -> GameState:
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise ValueError(f"Entropy is played by {MIN_SEATS} to {MAX_SEATS} seats, not {len(seats)}")
    bots = bots or [None] * len(seats)
    if len(bots) != len(seats):
        raise ValueError("give one bot entry (or None) per seat")
    rng = Rng(seed)
    board = _board(catalog, len(seats), rng)
    players = [PlayerState(name=name, bot=bot) for name, bot in zip(seats, bots, strict=True)]
    _player_setup(catalog, board, players, rng)
    state = GameState(
        seed=seed,
        rng=rng.state,
        settings=Settings(
            alternative_objectives=alternative_objectives,
            open_hands=open_hands,
            confirm_turn_end=confirm_turn_end,
        ),
        players=players,
        board=board,
    )
    start_round(state)
    return state


def _board(catalog: Catalog, seats: int, rng: Rng) -> BoardState:
    tiles = [t.id for t in catalog.action_tiles]
    rng.shuffle(tiles)
    board = BoardState(action_tiles=tiles, traffic_side=_traffic_sides(seats))
    board.star_stacks = {s.id: s.count for s in catalog.stars}
    for kind in CONDITIONS:
        asteroids = [a.id for a in catalog.asteroids if a.type == kind]
        rng.shuffle(asteroids)
        board.asteroid_stacks[kind] = asteroids
        planets = [p.id for p in catalog.planets if p.type == kind]
        rng.shuffle(planets)
        board.planet_stacks.extend(_halves(planets))
    for biome_kind in ("abundant", "scarce"):
        biomes = [b.id for b in catalog.biomes if b.kind == biome_kind]
        rng.shuffle(biomes)
        board.biome_stacks.extend(_halves(biomes))
    for life in LIFEFORMS:
        deck = [c.id for c in catalog.life_cards if c.type == life]
        rng.shuffle(deck)
        board.life_decks.extend([deck, []])  # split in half after the starting draws
    for objective in catalog.lifeform_objectives:
        kept = [t.vp for t in objective.small if t.min_players <= seats]
        board.box += [
            f"lifeform-tile:{objective.lifeform}:{t.vp}"
            for t in objective.small
            if t.min_players > seats
        ]
        board.small_objectives[objective.lifeform] = list(reversed(kept))
        board.big_objectives[objective.lifeform] = None
    board.solar_systems = catalog.board.solar_systems
    return board


def _player_setup(
    catalog: Catalog, board: BoardState, players: list[PlayerState], rng: Rng
) -> None:
    focus_sets = ["A", "B", "C", "D"]
    rng.shuffle(focus_sets)
    starting_stars = [s.id for s in catalog.starting_stars]
    rng.shuffle(starting_stars)
    starting_planets = [p.id for p in catalog.starting_planets]
    rng.shuffle(starting_planets)
    missions = [m.id for m in catalog.missions]
    rng.shuffle(missions)
    index = catalog.index
    for seat, player in enumerate(players):
        player.focus_set = focus_sets[seat]
        board.solar_systems -= 1
        star = index.starting_star[starting_stars[seat]]
        player.scientist = star.start_space
        player.tokens["wild"].slot = (sector(star.start_space) + 1) % SECTORS
        for resource, amount in star.resources.items():
            setattr(player, resource, getattr(player, resource) + amount)
    # Life cards are drawn in turn order, then each deck is split in half (F3-F4).
    for seat, player in enumerate(players):
        star = index.starting_star[starting_stars[seat]]
        for life, amount in star.life_cards.items():
            deck = board.life_decks[2 * LIFEFORMS.index(life)]
            player.hand += [deck.pop() for _ in range(min(amount, len(deck)))]
    for i in range(len(LIFEFORMS)):
        board.life_decks[2 * i], board.life_decks[2 * i + 1] = _halves(board.life_decks[2 * i])
    for seat, player in enumerate(players):
        planet = index.starting_planet[starting_planets[seat]]
        for resource, amount in planet.resources.items():
            setattr(player, resource, getattr(player, resource) + amount)
        player.systems = [
            SystemState(star=starting_stars[seat], planets=[PlanetState(tile=planet.id)])
        ]
        player.missions = [missions.pop(), missions.pop()]
    board.box += starting_stars[len(players) :] + starting_planets[len(players) :] + missions
