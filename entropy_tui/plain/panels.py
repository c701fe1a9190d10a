"""What the game screen's panels show, as lines of words (no letters or symbols to learn):
the status line, the rondel, the offers, Solar Systems, hand, the other seats, the scores and
the log. Only what the person at the keyboard may see: a hand is shown to its own seat only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from entropy_tui.play.log_words import seen_by
from entropy_tui.play.session import Session
from entropy_tui.rules import (
    FOCUS_TOKENS,
    HIDDEN,
    CatalogIndex,
    ScoreBreakdown,
    amount,
    biome_words,
    card_words,
    effects_words,
    explained_scores,
    icons_words,
    lifeform_totals,
    rondel,
    star_words,
    title,
)

LOG_LINES = 10  # what `log` shows without a number


def counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def me(session: Session) -> int:
    """The seat whose own things (hand, Solar Systems, status) the answers are about: the
    person at the keyboard, else whoever is to act."""
    if session.viewer is not None:
        return session.viewer
    decision = session.decision
    return decision.player if decision is not None else session.view()["turn"]["player"]


def lifeform_words(life: dict[str, int]) -> str:
    """ "2 Bacteria, 1 Plant, 0 Animals"."""
    return ", ".join(amount(n, kind) for kind, n in life.items())


# ------------------------------------------------------------------ status
def status_lines(session: Session) -> list[str]:
    view = session.view()
    game = session.game
    seat = me(session)
    player = view["players"][seat]
    score = explained_scores(game)[seat]
    round_text = f"Round {view['round']}"
    if view["end_round"] is not None:
        final = view["round"] >= view["end_round"]
        round_text += " (final round)" if final else " (end in sight)"
    acting = view["turn"]["player"] if session.decision is None else session.decision.player
    track = game.catalog.board.generator
    return [
        f"{round_text}. To act: {session.seats[acting].name}.",
        f"{session.seats[seat].name}: VP {player['vp']}, score now {score.total}.",
        f"Energy {player['energy']}, Mass {player['mass']}, Entropy {player['entropy']};"
        f" {counted(len(player['hand']), 'Life card')},"
        f" {counted(len(player['missions']), 'Mission')}.",
        f"Lifeforms: {lifeform_words(lifeform_totals(game.player(seat)))}.",
        f"Scientist at {_space_words(session, player['scientist'])};"
        f" Generator {player['generator'] + 1} of {len(track)}.",
    ]


def _space_words(session: Session, space: int) -> str:
    return f"{rondel.space_name(space)} ({title(rondel.space_action(session.game, space))})"


# ------------------------------------------------------------------ board
def board_lines(session: Session) -> list[str]:
    """The rondel a space a line, clockwise: its action, Traffic Bonus, link, the tokens in
    the slot before an inner space, and the Scientists on it."""
    players = session.view()["players"]
    names = [seat.name for seat in session.seats]
    lines = ["Rondel, clockwise; a Scientist moves 1 to 3 spaces:"]
    for number, space in enumerate(rondel.spaces(session.game)):
        parts = [f"{rondel.space_name(number)} {title(space.action)}"]
        if space.has_bonus:
            parts.append(
                f"bonus {effects_words(list(space.bonus))} at distance 1,"
                f" {effects_words(list(space.reduced))} at 2"
            )
        else:
            parts.append("no bonus (tile on its back)")
        if space.partner is not None:
            parts.append(f"linked with {rondel.space_name(space.partner)}")
        if rondel.is_inner(number):
            slot = rondel.sector(number)
            tokens = [
                f"{names[seat]}'s {title(kind)}"
                + (" (locked)" if kind == "wild" and player["wild_locked"] else "")
                for seat, player in enumerate(players)
                for kind, token in player["tokens"].items()
                if token["where"] == "board" and token["slot"] == slot
            ]
            parts.append("slot before it: " + (", ".join(tokens) or "empty"))
        here = [names[seat] for seat, player in enumerate(players) if player["scientist"] == number]
        if here:
            parts.append("Scientist of " + " and ".join(here))
        lines.append("; ".join(parts) + ".")
    return lines


# ------------------------------------------------------------------ offers
def _top(stack: list[str]) -> str | None:
    return stack[-1] if stack and stack[-1] != HIDDEN else None


def _stars(session: Session, board: dict[str, Any]) -> list[str]:
    lines = ["Star stacks (tiles left, icons, activation, evolves to):"]
    for star in session.game.catalog.stars:
        paths = ", ".join(f"{to} for {cost} Energy" for to, cost in star.evolves_to.items())
        lines.append(
            f"  {star.id}: {board['star_stacks'].get(star.id, 0)} left; "
            f"{icons_words(star.conditions)}; {star.cost} Entropy: {effects_words(star.effect)};"
            f" evolves to {paths or 'nothing'}."
        )
    return lines


def _planets(session: Session, board: dict[str, Any]) -> list[str]:
    index = session.game.index
    lines = ["Planet offer:"]
    for stack in board["planet_stacks"]:
        if (planet_id := _top(stack)) is not None:
            planet = index.planet[planet_id]
            lines.append(
                f"  {title(planet.type)} Planet {planet_id}; {icons_words(planet.conditions)};"
                f" {planet.cost} Mass: {effects_words(planet.effect)} ({len(stack)} in stack)."
            )
    return lines


def _biomes(session: Session, board: dict[str, Any]) -> list[str]:
    index = session.game.index
    tops = [(_top(stack), len(stack)) for stack in board["biome_stacks"]]
    return ["Biome offer:"] + [
        f"  {biome_words(index, top)} ({left} in stack)." for top, left in tops if top is not None
    ]


def _asteroids(session: Session, board: dict[str, Any]) -> list[str]:
    index = session.game.index
    lines = ["Asteroid supply:"]
    for kind, stack in board["asteroid_stacks"].items():
        top = _top(stack)
        if top is None:
            lines.append(f"  {title(kind)}: none.")
            continue
        asteroid = index.asteroid[top]
        free = ", free to catch" if asteroid.free else ""
        lines.append(
            f"  {title(kind)}: {len(stack)} left, on top {top}"
            f" ({icons_words(asteroid.conditions)}{free})."
        )
    return lines


def _life_cards(session: Session, board: dict[str, Any]) -> list[str]:
    index = session.game.index
    tops = [(_top(deck), len(deck)) for deck in board["life_decks"]]
    return ["Life-card offer:"] + [
        f"  {card_words(index, top)} ({left} in deck)." for top, left in tops if top is not None
    ]


def _objectives(session: Session, board: dict[str, Any]) -> list[str]:
    view = session.view()
    alternative = view["settings"]["alternative_objectives"]
    lines = ["Main Objectives (VP per unit on each space of the track):"]
    for number, spec in enumerate(session.game.catalog.main_objectives):
        scoring = spec.alt_scoring_text if alternative else spec.scoring_text
        where = ", ".join(
            f"{session.seats[seat].name} on space {player['objectives'][number] + 1}"
            for seat, player in enumerate(view["players"])
        )
        track = " ".join(str(vp) for vp in spec.track_vp)
        lines.append(
            f"  {spec.condition.rstrip('.')}. Scores: {scoring.rstrip('.')}. Track: {track}."
            f" {where}."
        )
    lines.append("Lifeform Objective tiles:")
    for objective in session.game.catalog.lifeform_objectives:
        life = objective.lifeform
        owner = board["big_objectives"].get(life)
        big = f"taken by {session.seats[owner].name}" if owner is not None else "free"
        small = ", ".join(f"{vp} VP" for vp in reversed(board["small_objectives"][life]))
        lines.append(
            f"  {title(life)}: big at {objective.big_threshold} or more for {objective.big_vp}"
            f" VP ({big}); small at {objective.small_threshold} or more: {small or 'none'} left."
        )
    return lines


OFFERS: dict[str, Callable[[Session, dict[str, Any]], list[str]]] = {
    "stars": _stars,
    "planets": _planets,
    "biomes": _biomes,
    "asteroids": _asteroids,
    "cards": _life_cards,
    "objectives": _objectives,
}


def offers_lines(session: Session, part: str = "") -> list[str]:
    """Every offer, or the one named ("offers planets")."""
    board = session.view()["board"]
    wanted = [name for name in OFFERS if name.startswith(part.casefold())] if part else [*OFFERS]
    if not wanted:
        return [f"No offer called {part!r}: say one of {', '.join(OFFERS)}, or nothing for all."]
    return [line for name in wanted for line in OFFERS[name](session, board)]


# ------------------------------------------------------------------ a seat's things
def systems_lines(session: Session, seat: int) -> list[str]:
    index = session.game.index
    systems = session.view()["players"][seat]["systems"]
    lines = [f"{session.seats[seat].name}'s {counted(len(systems), 'Solar System')}:"]
    for number, system in enumerate(systems, start=1):
        lines += _system(index, number, system)
    return lines


def _system(index: CatalogIndex, number: int, system: dict[str, Any]) -> list[str]:
    star = system["star"]
    head = star_words(index, star) + f", {icons_words(index.any_star[star].conditions)}"
    lines = [f"Solar System {number}: {head if star else 'no Star'}."]
    for planet in system["planets"]:
        tile = index.any_planet[planet["tile"]]
        lines.append(
            f"  {title(tile.type)} Planet {tile.id}, {icons_words(tile.conditions)}:"
            f" {effects_words(tile.effect)}; life: {lifeform_words(planet['life'])}."
        )
        for space, asteroid_id in planet["asteroids"].items():
            where = "top" if space == "mass" else "bottom"
            shown = icons_words(index.asteroid[asteroid_id].conditions)
            lines.append(f"    Asteroid {asteroid_id} on the {where} space, {shown}.")
        if planet["biome"]:
            state = "fulfilled" if planet["fulfilled"] else "not fulfilled"
            lines.append(f"    {biome_words(index, planet['biome'])}, {state}.")
        if planet["cards"]:
            lines.append(f"    Life cards played: {', '.join(planet['cards'])}.")
    return lines


def hand_lines(session: Session, seat: int) -> list[str]:
    """The hand and Missions, to their own seat only (or with open hands)."""
    index = session.game.index
    player = session.view()["players"][seat]
    name = session.seats[seat].name
    if not session.sees_private(seat):
        return [
            f"{name}'s hand is hidden: {counted(len(player['hand']), 'Life card')},"
            f" {counted(len(player['missions']), 'Mission')}."
        ]
    cards = [f"  {card_words(index, card)}." for card in player["hand"]] or ["  no Life cards."]
    missions = [f"  {m}: {index.mission[m].text}" for m in player["missions"]] or ["  none."]
    lines = [f"{name}'s hand:", *cards, "Missions:", *missions]
    if player["mission_done"]:
        done = player["mission_done"]
        lines.append(f"Mission fulfilled: {done}: {index.mission[done].text}")
    return lines


def focus_lines(session: Session, seat: int) -> list[str]:
    index = session.game.index
    player = session.view()["players"][seat]
    lines = [f"Focus cards (set {player['focus_set']}):"]
    for token in FOCUS_TOKENS:
        tier = player["focus"][token]
        card = index.focus[(player["focus_set"], token)]
        effect = {0: "no effect", 1: effects_words(card.tier1), 2: effects_words(card.tier2)}[tier]
        lines.append(f"  {title(token)} tier {tier}: {effect}.")
    tokens = []
    for kind, token in player["tokens"].items():
        on_board = token["where"] == "board"
        where = f"on the board, slot {token['slot']}" if on_board else token["where"]
        locked = ", locked" if kind == "wild" and player["wild_locked"] else ""
        tokens.append(f"{title(kind)} {where}{locked}")
    lines.append("Creation tokens: " + "; ".join(tokens) + ".")
    return lines


def others_lines(session: Session) -> list[str]:
    """What anyone at the table sees of every other seat."""
    view = session.view()
    scores = explained_scores(session.game)
    lines = []
    for seat, player in enumerate(view["players"]):
        if seat == me(session):
            continue
        spec = session.seats[seat]
        planets = [planet for system in player["systems"] for planet in system["planets"]]
        life = {
            kind: sum(p["life"][kind] for p in planets) for kind in ("bacteria", "plant", "animal")
        }
        asteroids = sum(len(p["asteroids"]) for p in planets)
        biomes = sum(p["biome"] is not None for p in planets)
        lines += [
            f"{spec.name} ({spec.kind_label}): score now {scores[seat].total}, VP {player['vp']};"
            f" Energy {player['energy']}, Mass {player['mass']}, Entropy {player['entropy']};"
            f" {counted(len(player['hand']), 'Life card')};"
            f" Scientist at {_space_words(session, player['scientist'])}.",
            f"  {counted(len(player['systems']), 'Solar System')},"
            f" {counted(len(planets), 'Planet')}, {counted(asteroids, 'Asteroid')},"
            f" {counted(biomes, 'Biome')}; Lifeforms: {lifeform_words(life)};"
            f" Objective spaces {'/'.join(str(n) for n in player['objectives'])};"
            f" Generator {player['generator'] + 1}.",
        ]
    return lines


# ------------------------------------------------------------------ scores and log
def score_lines(session: Session) -> list[str]:
    """Every seat's score if the game ended now, term by term."""
    lines = []
    for seat, score in enumerate(explained_scores(session.game)):
        lines.append(f"{session.seats[seat].name}: {score.total} if the game ended now.")
        lines += [f"  {term}" for term in _terms(score)]
    return lines


def _terms(score: ScoreBreakdown) -> list[str]:
    return [
        f"VP tokens {score.vp_tokens}",
        score.tiles_text,
        *(objective.text for objective in score.objectives),
        score.leftovers.text,
    ]


def log_lines(session: Session, count: int = LOG_LINES) -> list[str]:
    """The last `count` lines of the log this seat may read, oldest first."""
    events = session.view()["log"][-count:] if count > 0 else []
    names = [seat.name for seat in session.seats]
    return [
        event["text"]
        if event["seat"] is None
        else seen_by(event["text"], event["seat"], session.viewer, names[event["seat"]])
        for event in events
    ] or ["The log is empty."]
