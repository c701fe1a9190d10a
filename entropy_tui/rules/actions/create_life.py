"""Create Life: play a Life card to a Planet whose Planet, Asteroids and Star together show
its icons; one other card may be discarded to supply one missing icon."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from ..counters import planet_conditions
from ..decision import Decision, Option, disabled, option
from ..describe import amount, card_details, card_words
from ..effects import MAX_LIFEFORMS, planet_label, planet_name, planet_refs, push_effects
from ..refs import parse_planet_ref, planet_ref
from ..vocabulary import LIFEFORMS, title
from .common import resolved, skip_option

if TYPE_CHECKING:
    from ..catalog import CatalogIndex, LifeCard
    from ..game import Game
    from ..state import PlanetState, Task

RULE = "Create Life"
MAX_CARDS_PER_PLANET = 3
# Planets (by tile, Star and Asteroids) whose icons are kept: some 14 new ones a game, so a
# bound keeps the table small in a process that plays for weeks.
ICON_TABLE_LIMIT = 4096


@dataclass(slots=True)
class Play:
    card: str
    planet: str  # planet ref
    missing: str | None  # the one icon a discard must supply, if any


def icons_at(game: Game, seat: int, ref: str) -> Counter[str]:
    """Icons a card played to this Planet can count: the Planet, its Asteroids, its Star."""
    system, _ = parse_planet_ref(ref)
    icons = Counter(planet_conditions(game.index, game.planet(seat, ref)))
    star = game.player(seat).systems[system].star
    if star is not None:
        icons.update(game.index.any_star[star].conditions)
    return icons


def shortfall(game: Game, seat: int, card_id: str, ref: str) -> tuple[Counter[str], Counter[str]]:
    """(icons, Lifeforms) the card lacks on this Planet, its Star and Asteroids counted."""
    card = game.index.card[card_id]
    planet = game.planet(seat, ref)
    have = icons_at(game, seat, ref)
    icons = Counter({c: n - have[c] for c, n in card.conditions.items() if n > have[c]})
    lifeforms: Counter[str] = Counter()
    for life in LIFEFORMS:
        needed = max(card.needs.get(life, 0), card.removes.get(life, 0))
        if planet.life[life] < needed:
            lifeforms[life] = needed - planet.life[life]
    return icons, lifeforms


def why_not(game: Game, seat: int, card_id: str, ref: str) -> tuple[str | None, str]:
    """(missing icon, reason): reason is empty when the card can be played there, perhaps
    with a discard supplying `missing`; else it names all that is missing there."""
    if cards_by(game, seat, ref) >= MAX_CARDS_PER_PLANET:
        return None, "this Planet already has 3 Life cards"
    icons, lifeforms = shortfall(game, seat, card_id, ref)
    if not icons and not lifeforms:
        return None, ""
    icon = next(iter(icons), None)
    if icon and icons.total() == 1 and not lifeforms and discards_for(game, seat, card_id, icon):
        return icon, ""
    return None, _shortfall_words(icons, lifeforms, planet_name(game, seat, ref))


def _shortfall_words(icons: Counter[str], lifeforms: Counter[str], where: str) -> str:
    """ "needs 1 more Carbon icon and 1 more Bacteria on Heat Planet H01" (with what a discard
    could do)."""
    parts = [f"{n} more {title(c)} icon" + ("s" if n > 1 else "") for c, n in icons.items()]
    parts += [f"{n} more {amount(n, life).partition(' ')[2]}" for life, n in lifeforms.items()]
    words = "needs " + (", ".join(parts[:-1]) + " and " if len(parts) > 1 else "") + parts[-1]
    words += f" on {where}"
    if icons.total() == 1 and not lifeforms:
        words += f" (or another card with a {title(next(iter(icons)))} icon to discard)"
    elif icons.total() > 1:
        words += " (a discard supplies only one icon)"
    return words


def _unplayable_reason(game: Game, seat: int, card_id: str) -> str:
    """Why a card in hand has no play: what it lacks where it comes closest."""
    planets = planet_refs(game, seat)
    if not planets:
        return "you have no Planet"
    refs = [r for r in planets if cards_by(game, seat, r) < MAX_CARDS_PER_PLANET]
    if not refs:
        return (
            "every Planet of yours has 3 Life cards"
            if len(planets) > 1
            else ("this Planet already has 3 Life cards")
        )

    def lacking(ref: str) -> int:
        icons, lifeforms = shortfall(game, seat, card_id, ref)
        return icons.total() + lifeforms.total()

    return why_not(game, seat, card_id, min(refs, key=lacking))[1]


def cards_by(game: Game, seat: int, ref: str) -> int:
    """Life cards by this Planet, counting one still resolving (it is placed last, but its
    place is taken: a Create Life from its effect can't make it a fourth)."""
    resolving = sum(
        task.kind == "place_life_card" and task.player == seat and task.args["planet"] == ref
        for task in game.state.pending
    )
    return len(game.planet(seat, ref).cards) + resolving


def discards_for(game: Game, seat: int, card_id: str, icon: str) -> list[str]:
    """Other cards in hand that show `icon`."""
    return [
        c for c in game.player(seat).hand if c != card_id and icon in game.index.card[c].conditions
    ]


def playable_cards(
    game: Game, seat: int, *, first_only: bool = False, lifeforms: bool = True
) -> list[Play]:
    """Every (card, planet) play; with `first_only`, stop at the first one found; with
    `lifeforms` False, as if every Planet held the Lifeforms each card needs. The same test
    as `why_not`, without its words. It runs for every move that may land on Create Life, so
    it reads each Planet's icons and each card's needs from tables the catalog's index keeps
    (keyed by the components, so a changed Planet is never read stale)."""
    plays: list[Play] = []
    player = game.state.players[seat]
    hand = player.hand
    if not hand:
        return plays
    index = game.index
    icon_table = index.icons_at
    resolving = _cards_resolving(game, seat)
    planets = []  # (system, planet, Lifeforms, icons) of each Planet with room for a card
    for s, system in enumerate(player.systems):
        star = system.star
        for p, planet in enumerate(system.planets):
            cards = len(planet.cards)
            if resolving:
                cards += resolving.get(planet_ref(s, p), 0)
            if cards >= MAX_CARDS_PER_PLANET:
                continue
            key = (planet.tile, star, *planet.asteroids.values())
            have = icon_table.get(key)
            if have is None:
                if len(icon_table) >= ICON_TABLE_LIMIT:  # a process may play game after game
                    icon_table.clear()
                have = icon_table[key] = _icons_counted(index, planet, star)
            planets.append((s, p, planet.life, have))
    if not planets:
        return plays
    card_table = index.card_needs
    cards = index.card
    for card_id in dict.fromkeys(hand):
        test = card_table.get(card_id)
        if test is None:
            test = card_table[card_id] = _card_needs(cards[card_id])
        needed, conditions = test
        if not lifeforms:
            needed = ()
        for s, p, life, have in planets:
            lacking = False
            for kind, n in needed:
                if life[kind] < n:
                    lacking = True
                    break
            if lacking:
                continue
            missing, short = None, 0
            for icon, n in conditions:
                lack = n - have.get(icon, 0)
                if lack > 0:
                    missing, short = icon, short + lack
            if short > 1:
                continue
            if short:  # one icon missing: another card showing it must be there to discard
                for other in hand:
                    if other != card_id and missing in cards[other].conditions:
                        break
                else:
                    continue
            plays.append(Play(card_id, planet_ref(s, p), missing))
            if first_only:
                return plays
    return plays


def _icons_counted(index: CatalogIndex, planet: PlanetState, star: str | None) -> dict[str, int]:
    """The icons a card played to this Planet can count (see `icons_at`), by kind."""
    have: dict[str, int] = {}
    for icon in index.any_planet[planet.tile].conditions:
        have[icon] = have.get(icon, 0) + 1
    for asteroid in planet.asteroids.values():
        for icon in index.asteroid[asteroid].conditions:
            have[icon] = have.get(icon, 0) + 1
    if star is not None:
        for icon in index.any_star[star].conditions:
            have[icon] = have.get(icon, 0) + 1
    return have


def _card_needs(card: LifeCard) -> tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """(Lifeforms the Planet must hold, icons it must show) for the card."""
    return tuple(_lifeforms_needed(card)), tuple(card.conditions.items())


def _cards_resolving(game: Game, seat: int) -> dict[str, int]:
    """Life cards still resolving (see `cards_by`), per Planet."""
    resolving: dict[str, int] = {}
    for task in game.state.pending:
        if task.kind == "place_life_card" and task.player == seat:
            ref = task.args["planet"]
            resolving[ref] = resolving.get(ref, 0) + 1
    return resolving


def _lifeforms_needed(card: LifeCard) -> list[tuple[str, int]]:
    """The Lifeforms the Planet must hold for the card: to stay there, or to be removed."""
    needs, removes = card.needs, card.removes
    return [
        (life, max(needs.get(life, 0), removes.get(life, 0)))
        for life in LIFEFORMS
        if life in needs or life in removes
    ]


def create_life(game: Game, task: Task) -> Decision:
    seat = task.player
    options: list[Option] = []
    plays = playable_cards(game, seat)
    for play in plays:
        options.append(
            option(
                f"play:{play.card}:{play.planet}",
                partial(_play_label, game, seat, play),
                lambda play=play: _choose_play(game, task, play),
            )
        )
    # The cards with no play are shown too, each with what it lacks.
    playable = {play.card for play in plays}
    for card in dict.fromkeys(game.player(seat).hand):
        if card not in playable:
            label = partial(_unplayable_label, game, card)
            reason = partial(_unplayable_reason, game, seat, card)
            options.append(disabled(f"play:{card}", label, reason))
    if task.args.get("source") != "space" or not plays:
        options.append(skip_option(game, task, "Play no Life card"))
    return Decision(seat, "Create Life: play a Life card to one of your Planets", RULE, options)


def _unplayable_label(game: Game, card: str) -> str:
    return f"Play {card_words(game.index, card)}"


def _play_label(game: Game, seat: int, play: Play) -> str:
    card = game.index.card[play.card]
    label = (
        f"Play {title(card.type)} card {play.card} on {planet_label(game, seat, play.planet)}: "
        f"{card_details(game.index, play.card)}"
    )
    if play.missing:
        label += f" (discard a card for 1 {title(play.missing)})"
    return label


def _choose_play(game: Game, task: Task, play: Play) -> None:
    game.pop(task)
    resolved(game, task)
    if play.missing is None:
        play_card(game, task.player, play.card, play.planet)
    else:
        game.push(
            "life_discard", task.player, card=play.card, planet=play.planet, icon=play.missing
        )


def life_discard(game: Game, task: Task) -> Decision:
    seat = task.player
    card, ref, icon = task.args["card"], task.args["planet"], task.args["icon"]

    def discard(other: str) -> None:
        game.pop(task)
        hand = game.player(seat).hand
        hand.remove(other)
        deck = game.state.board.life_decks[2 * LIFEFORMS.index(game.index.card[other].type)]
        deck.insert(0, other)  # the bottom of the leftmost deck of its type
        game.note(seat, "discard", f"{game.name(seat)} discarded {other} for 1 {title(icon)}")
        play_card(game, seat, card, ref)

    options = [
        option(
            f"discard:{other}",
            f"Discard {card_words(game.index, other)}",
            lambda other=other: discard(other),
        )
        for other in dict.fromkeys(discards_for(game, seat, card, icon))
    ]
    return Decision(seat, f"Discard a card with a {title(icon)} icon to play {card}", RULE, options)


def play_card(game: Game, seat: int, card_id: str, ref: str) -> None:
    """Removes the red-number Lifeforms, adds the card's Lifeforms (and the Traffic Bonus) and
    queues its effect; the card is placed by the Planet finally, after the effect, so a card
    counting played Life cards does not count itself."""
    player = game.player(seat)
    card = game.index.card[card_id]
    planet = game.planet(seat, ref)
    player.hand.remove(card_id)
    for life, n in card.removes.items():
        planet.life[life] -= n
    bonus = game.state.turn.card_bonus
    game.state.turn.card_bonus = 0
    for i, (life, n) in enumerate(card.gains.items()):
        extra = bonus if i == 0 else 0
        planet.life[life] = min(MAX_LIFEFORMS, planet.life[life] + n + extra)
    player.area_changed()
    game.note(seat, "life", f"{player.name} played {card_id} on Planet {planet.tile}")
    game.push("place_life_card", seat, card=card_id, planet=ref)
    push_effects(
        game, seat, list(card.effect), planet=ref, origin=f"Life card {card_id}", rule=RULE
    )


def place_life_card(game: Game, task: Task) -> None:
    game.pop(task)
    game.planet(task.player, task.args["planet"]).cards.append(task.args["card"])
