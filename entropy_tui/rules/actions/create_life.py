"""Create Life: play a Life card to a Planet whose Planet, Asteroids and Star together show
its icons; one other card may be discarded to supply one missing icon."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import (
    finish_second_step,
    in_steps,
    resolved,
    second_step,
    skip_option,
)
from entropy_tui.rules.counters import planet_conditions
from entropy_tui.rules.decision import Decision, Option, disabled, option
from entropy_tui.rules.describe import amount, card_details, card_words, effects_words
from entropy_tui.rules.effects import (
    MAX_LIFEFORMS,
    lifeforms_lost,
    local_gains,
    planet_label,
    planet_name,
    planet_refs,
    push_effects,
)
from entropy_tui.rules.refs import parse_planet_ref, planet_ref
from entropy_tui.rules.supply import offer
from entropy_tui.rules.vocabulary import LIFEFORMS, title

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import CatalogIndex, Effect, LifeCard
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import PlanetState, Task

RULE = "Create Life"
MAX_CARDS_PER_PLANET = 3
# Distinct cards in hand listed at once; a bigger hand is asked by type first, so that a
# decision fits on one screen.
CARDS_AT_ONCE = 6
# Planets (by tile, Star and Asteroids) whose icons are kept: some 14 new ones a game, so a
# bound keeps the table small in a process that plays for weeks.
ICON_TABLE_LIMIT = 4096


@dataclass(slots=True)
class Play:
    card: str
    planet: str  # planet ref
    missing: str | None  # the one icon a discard must supply, if any


def icons_at(game: Context, seat: int, ref: str) -> Counter[str]:
    """Icons a card played to this Planet can count: the Planet, its Asteroids, its Star."""
    system, _ = parse_planet_ref(ref)
    icons = Counter(planet_conditions(game.index, game.planet(seat, ref)))
    star = game.player(seat).systems[system].star
    if star is not None:
        icons.update(game.index.any_star[star].conditions)
    return icons


def shortfall(
    game: Context, seat: int, card_id: str, ref: str
) -> tuple[Counter[str], Counter[str]]:
    """(icons, Lifeforms) the card lacks on this Planet, its Star and Asteroids counted."""
    card = game.index.card[card_id]
    planet = game.planet(seat, ref)
    have = icons_at(game, seat, ref)
    icons: Counter[str] = Counter(
        {c: n - have[c] for c, n in card.conditions.items() if n > have[c]}
    )
    lifeforms: Counter[str] = Counter()
    for life in LIFEFORMS:
        needed = max(card.needs.get(life, 0), card.removes.get(life, 0))
        if planet.life[life] < needed:
            lifeforms[life] = needed - planet.life[life]
    return icons, lifeforms


def why_not(game: Context, seat: int, card_id: str, ref: str) -> tuple[str | None, str]:
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


def unplayable_reason(game: Context, seat: int, card_id: str) -> str:
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


def cards_by(game: Context, seat: int, ref: str) -> int:
    """Life cards by this Planet, counting one still resolving (it is placed last, but its
    place is taken: a Create Life from its effect can't make it a fourth)."""
    resolving: int = sum(
        task.kind == "place_life_card" and task.player == seat and task.args["planet"] == ref
        for task in game.state.pending
    )
    return len(game.planet(seat, ref).cards) + resolving


def discards_for(game: Context, seat: int, card_id: str, icon: str) -> list[str]:
    """Other cards in hand that show `icon`."""
    return [
        c for c in game.player(seat).hand if c != card_id and icon in game.index.card[c].conditions
    ]


def playable_cards(
    game: Context,
    seat: int,
    *,
    first_only: bool = False,
    lifeforms: bool = True,
    card: str | None = None,
) -> list[Play]:
    """Every (card, planet) play; with `first_only`, stop at the first one found; with
    `lifeforms` False, as if every Planet held the Lifeforms each card needs; with `card`,
    only the plays of that card (in hand) are looked for. The same test
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
            placed = len(planet.cards)
            if resolving:
                placed += resolving.get(planet_ref(s, p), 0)
            if placed >= MAX_CARDS_PER_PLANET:
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
    for card_id in dict.fromkeys(hand) if card is None else [card] if card in hand else []:
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


def _cards_resolving(game: Context, seat: int) -> dict[str, int]:
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


def create_life(game: Context, task: Task) -> Decision | None:
    seat = task.player
    options: list[Option] = []
    plays = playable_cards(game, seat)
    if (
        not plays
        and task.args.get("source") == "space"
        and game.catalog.board.create_life_edges > 1
    ):
        # Landed on with no card to play: only when no move was legal (see move_decision).
        game.pop(task)
        game.note(seat, "life", f"{game.name(seat)} had no legal move and took no action")
        return None
    if in_steps(game):
        return _card_step(game, task, plays)
    for play in plays:
        options.append(
            option(
                f"play:{play.card}:{play.planet}",
                partial(_play_label, game, seat, play),
                partial(_choose_play, game, task, play),
            )
        )
    # The cards with no play are shown too, each with what it lacks.
    playable = {play.card for play in plays}
    for card in dict.fromkeys(game.player(seat).hand):
        if card not in playable:
            label = partial(_unplayable_label, game, card)
            reason = partial(unplayable_reason, game, seat, card)
            options.append(disabled(f"play:{card}", label, reason))
    if task.args.get("source") != "space" or not plays:
        options.append(skip_option(game, task, "Play no Life card"))
    return Decision(seat, "Create Life: play a Life card to one of your Planets", RULE, options)


def _card_step(game: Context, task: Task, plays: list[Play]) -> Decision:
    """The first step: the card (each with the Planets it can go to), then `planet_step`; a
    hand of more cards than fit on one screen is asked by type first (`type_step`)."""
    seat = task.player
    hand = list(dict.fromkeys(game.player(seat).hand))
    if len(hand) > CARDS_AT_ONCE:
        options = _type_options(game, seat, hand, plays)
        prompt = "Create Life: choose the type of Life card to play (the card next)"
    else:
        options = _card_options(game, seat, hand, plays)
        prompt = "Create Life: choose a Life card to play (its Planet next)"
    if task.args.get("source") != "space" or not plays:
        options.append(skip_option(game, task, "Play no Life card"))
    return Decision(seat, prompt, RULE, options)


def _type_options(game: Context, seat: int, hand: list[str], plays: list[Play]) -> list[Option]:
    playable = {play.card for play in plays}
    options: list[Option] = []
    for kind in LIFEFORMS:
        cards = [card for card in hand if game.index.card[card].type == kind]
        if not cards:
            continue
        ready = [card for card in cards if card in playable]
        option_id, words = f"cards:{kind}", f"A {title(kind)} card"
        if not ready:
            reason = partial(_unplayable_reasons, game, seat, cards)
            options.append(disabled(option_id, words, reason))
            continue
        label = f"{words}: {', '.join(ready)}"
        if len(ready) < len(cards):
            label += f" ({len(cards) - len(ready)} more can't be played)"
        options.append(option(option_id, label, partial(game.push, "life_card", seat, type=kind)))
    return options


def _unplayable_reasons(game: Context, seat: int, cards: list[str]) -> str:
    return "; ".join(f"{card} {unplayable_reason(game, seat, card)}" for card in cards)


def type_step(game: Context, task: Task) -> Decision | None:
    """The second step of a big hand: the card of the type chosen."""
    seat, kind = task.player, task.args["type"]
    hand = [c for c in dict.fromkeys(game.player(seat).hand) if game.index.card[c].type == kind]
    plays = playable_cards(game, seat)
    if len(hand) > CARDS_AT_ONCE:  # the cards that can't be played are listed as one
        playable = {play.card for play in plays}
        unplayable = [card for card in hand if card not in playable]
        options = _card_options(game, seat, [c for c in hand if c in playable], plays)
        if unplayable:
            plural = "s" if len(unplayable) > 1 else ""
            words = f"The other {title(kind)} card{plural}: {', '.join(unplayable)}"
            reason = partial(_unplayable_reasons, game, seat, unplayable)
            options.append(disabled(f"unplayable:{kind}", words, reason))
    else:
        options = _card_options(game, seat, hand, plays)
    prompt = f"Create Life: choose a {title(kind)} card to play (its Planet next)"
    decision = Decision(seat, prompt, RULE, options)
    return second_step(game, task, decision, "another type of card")


def _card_options(game: Context, seat: int, hand: list[str], plays: list[Play]) -> list[Option]:
    where: dict[str, list[str]] = {}
    for play in plays:
        where.setdefault(play.card, []).append(play.planet)
    options: list[Option] = []
    for card in hand:
        if card in where:
            label = partial(_card_label, game, seat, card, where[card])
            pick = partial(game.push, "life_planet", seat, card=card)
            options.append(option(f"play:{card}", label, pick))
        else:
            label = partial(_unplayable_label, game, card)
            reason = partial(unplayable_reason, game, seat, card)
            options.append(disabled(f"play:{card}", label, reason))
    return options


def _card_label(game: Context, seat: int, card_id: str, refs: list[str]) -> str:
    card = game.index.card[card_id]
    tiles = ", ".join(game.planet(seat, ref).tile for ref in refs)
    return (
        f"Play {title(card.type)} card {card_id}: {card_details(game.index, card_id)} (on {tiles})"
    )


def planet_step(game: Context, task: Task) -> Decision | None:
    """The second step: the Planet for the card chosen, each Planet it can't go to with why."""
    seat, card = task.player, task.args["card"]
    plays = {play.planet: play for play in playable_cards(game, seat, card=card)}
    options: list[Option] = []
    refused: list[Option] = []
    for ref in planet_refs(game, seat):
        play = plays.get(ref)
        if play is None:
            label = partial(_planet_words, game, seat, ref)
            refused.append(
                disabled(f"planet:{ref}", label, partial(_why_not, game, seat, card, ref))
            )
            continue

        def play_there(play: Play = play) -> None:
            first = finish_second_step(game, task)
            if first.kind == "life_card":  # the card was chosen by its type first
                first = finish_second_step(game, first)
            _choose_play(game, first, play)

        label = partial(_planet_play_label, game, seat, play)
        options.append(option(f"planet:{ref}", label, play_there))
    kind = title(game.index.card[card].type)
    prompt = f"Create Life: play {kind} card {card} on which Planet?"
    decision = Decision(seat, prompt, RULE, options + refused)
    return second_step(game, task, decision, "another Life card")


def _planet_words(game: Context, seat: int, ref: str) -> str:
    return f"On {planet_label(game, seat, ref)}"


def _why_not(game: Context, seat: int, card: str, ref: str) -> str:
    return why_not(game, seat, card, ref)[1]


def _planet_play_label(game: Context, seat: int, play: Play) -> str:
    label = _planet_words(game, seat, play.planet)
    if play.missing:
        label += f" (discard a card for 1 {title(play.missing)})"
    card = game.index.card[play.card]
    return label + _limit_words(game, seat, card, play.planet)


def _unplayable_label(game: Context, card: str) -> str:
    return f"Play {card_words(game.index, card)}"


def _play_label(game: Context, seat: int, play: Play) -> str:
    card = game.index.card[play.card]
    label = (
        f"Play {title(card.type)} card {play.card} on {planet_label(game, seat, play.planet)}: "
        f"{card_details(game.index, play.card)}"
    )
    if play.missing:
        label += f" (discard a card for 1 {title(play.missing)})"
    return label + _limit_words(game, seat, card, play.planet)


def _limit_words(game: Context, seat: int, card: LifeCard, ref: str) -> str:
    """What the limit of 5 per type throws away of the card's Lifeforms on that Planet ("; +5
    Bacteria: 2 lost to the limit of 5 on H11"), its red-number Lifeforms removed first and
    the Traffic Bonus counted; "" when nothing is."""
    life = dict(game.planet(seat, ref).life)
    for kind, n in card.removes.items():
        life[kind] -= n
    gains = [*_gains(card, game.state.turn.card_bonus), *local_gains(game, seat, card.effect)]
    lost = lifeforms_lost(life, gains)
    if not lost:
        return ""
    added: Counter[str] = Counter()
    for gained, n in gains:
        added[gained] += n
    parts = " and ".join(
        f"+{amount(added[kind], kind)}: {'all ' if n == added[kind] else ''}{n}"
        for kind, n in lost.items()
    )
    words = f"; {parts} lost to the limit of {MAX_LIFEFORMS} on {game.planet(seat, ref).tile}"
    if game.catalog.board.create_life_edges > 1 and any(
        _makes_room(game, seat, effect, kind) for effect in card.effect for kind in lost
    ):
        words += " (fewer if its effect comes first)"
    return words


def _choose_play(game: Context, task: Task, play: Play) -> None:
    game.pop(task)
    resolved(game, task)
    if play.missing is None:
        play_card(game, task.player, play.card, play.planet)
    else:
        game.push(
            "life_discard", task.player, card=play.card, planet=play.planet, icon=play.missing
        )


def life_discard(game: Context, task: Task) -> Decision:
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
            partial(discard, other),
        )
        for other in dict.fromkeys(discards_for(game, seat, card, icon))
    ]
    return Decision(seat, f"Discard a card with a {title(icon)} icon to play {card}", RULE, options)


def play_card(game: Context, seat: int, card_id: str, ref: str) -> None:
    """Removes the red-number Lifeforms, then adds the card's Lifeforms (and the Traffic Bonus)
    and queues its effect, in the order the player chooses where the limit of 5 makes it
    matter; the card is placed by the Planet finally, after the effect, so a card counting
    played Life cards does not count itself."""
    player = game.player(seat)
    card = game.index.card[card_id]
    planet = game.planet(seat, ref)
    player.hand.remove(card_id)
    for life, n in card.removes.items():
        planet.life[life] -= n
    bonus = game.state.turn.card_bonus
    game.state.turn.card_bonus = 0
    if game.catalog.board.create_life_edges > 1 and _order_matters(game, seat, card, ref, bonus):
        player.area_changed()
        game.note(seat, "life", f"{player.name} played {card_id} on Planet {planet.tile}")
        game.push("place_life_card", seat, card=card_id, planet=ref)
        game.push("life_order", seat, card=card_id, planet=ref, bonus=bonus)
        return
    _add_lifeforms(game, seat, card, ref, bonus)
    game.note(seat, "life", f"{player.name} played {card_id} on Planet {planet.tile}")
    game.push("place_life_card", seat, card=card_id, planet=ref)
    _push_card_effect(game, seat, card, ref)


def _add_lifeforms(game: Context, seat: int, card: LifeCard, ref: str, bonus: int) -> None:
    """The card's Lifeforms on its Planet, the Traffic Bonus's with the first kind it gains."""
    life = game.planet(seat, ref).life
    for i, (kind, n) in enumerate(card.gains.items()):
        extra = bonus if i == 0 else 0
        life[kind] = min(MAX_LIFEFORMS, life[kind] + n + extra)
    game.player(seat).area_changed()


def _push_card_effect(game: Context, seat: int, card: LifeCard, ref: str) -> None:
    origin = f"Life card {card.id}"
    push_effects(game, seat, list(card.effect), planet=ref, origin=origin, rule=RULE)


def _gains(card: LifeCard, bonus: int) -> list[tuple[str, int]]:
    """(kind, Lifeforms) the card adds, the Traffic Bonus's with the first kind."""
    return [(kind, n + (bonus if i == 0 else 0)) for i, (kind, n) in enumerate(card.gains.items())]


def _order_matters(game: Context, seat: int, card: LifeCard, ref: str, bonus: int) -> bool:
    """Whether resolving the effect first can keep Lifeforms the limit of 5 would throw away if
    they came first: some are lost to it, and the effect can take that kind off a Planet
    first. Otherwise the Lifeforms come first, never worse: additions add up to the same
    under the limit, and an effect that counts or advances Lifeforms gains by them."""
    life = game.planet(seat, ref).life
    lost = [kind for kind, n in _gains(card, bonus) if life[kind] + n > MAX_LIFEFORMS]
    return any(_makes_room(game, seat, effect, kind) for effect in card.effect for kind in lost)


def _makes_room(game: Context, seat: int, effect: Effect, kind: str) -> bool:
    """Can `effect` take Lifeforms of `kind` off a Planet (an advancement from that kind, or a
    Life card played that removes them)? Looked at one step deep: an advancement of the Star
    it activates, of the Planet a catch triggers or of a Planet on offer, a card in hand."""
    index = game.index
    player = game.player(seat)
    match effect.do, effect.what:
        case "advance_lifeform", what:
            return kind != "animal" and what in (None, kind)
        case "activate_star", _:
            effects = [e for s in player.systems if s.star for e in index.any_star[s.star].effect]
        case ("free_catch", _) | ("action", "catch_asteroid"):
            effects = [
                e
                for s in player.systems
                for p in s.planets
                for e in index.any_planet[p.tile].effect
            ]
        case "action", "aggregate_planet":
            effects = [
                e
                for _, tile in offer(game.state.board.planet_stacks)
                for e in index.any_planet[tile].effect
            ]
        case "action", "create_life":
            return any(kind in index.card[other].removes for other in player.hand)
        case _:
            return False
    return any(e.do == "advance_lifeform" and _makes_room(game, seat, e, kind) for e in effects)


def life_order(game: Context, task: Task) -> Decision:
    """ "Then, in any order": the card's Lifeforms or its effect first."""
    seat = task.player
    card = game.index.card[task.args["card"]]
    ref, bonus = task.args["planet"], task.args["bonus"]

    def lifeforms_first() -> None:
        game.pop(task)
        _add_lifeforms(game, seat, card, ref, bonus)
        _push_card_effect(game, seat, card, ref)

    def effect_first() -> None:
        game.pop(task)
        game.push("add_card_lifeforms", seat, card=card.id, planet=ref, bonus=bonus)
        _push_card_effect(game, seat, card, ref)

    options = [
        option(
            "order:lifeforms",
            partial(_lifeforms_first_label, game, seat, card, ref, bonus),
            lifeforms_first,
        ),
        option(
            "order:effect", partial(_effect_first_label, game, seat, card, ref, bonus), effect_first
        ),
    ]
    prompt = f"Life card {card.id}: add its Lifeforms or resolve its effect first?"
    return Decision(seat, prompt, RULE, options)


def _lifeforms_words(game: Context, seat: int, card: LifeCard, ref: str, bonus: int) -> str:
    return " and ".join(f"+{amount(n, kind)}" for kind, n in _gains(card, bonus)) + (
        f" on {planet_name(game, seat, ref)}"
    )


def _lifeforms_first_label(game: Context, seat: int, card: LifeCard, ref: str, bonus: int) -> str:
    life = game.planet(seat, ref).life
    lost = [
        amount(life[kind] + n - MAX_LIFEFORMS, kind)
        for kind, n in _gains(card, bonus)
        if life[kind] + n > MAX_LIFEFORMS
    ]
    return (
        f"Lifeforms first: {_lifeforms_words(game, seat, card, ref, bonus)} now"
        f" ({' and '.join(lost)} lost to the limit of 5), then {effects_words(list(card.effect))}"
    )


def _effect_first_label(game: Context, seat: int, card: LifeCard, ref: str, bonus: int) -> str:
    return (
        f"Effect first: {effects_words(list(card.effect))}, then"
        f" {_lifeforms_words(game, seat, card, ref, bonus)}: room the effect makes there is"
        " filled (up to the limit of 5)"
    )


def add_card_lifeforms(game: Context, task: Task) -> None:
    """The card's Lifeforms, added after its effect (the player chose that order)."""
    game.pop(task)
    card = game.index.card[task.args["card"]]
    _add_lifeforms(game, task.player, card, task.args["planet"], task.args["bonus"])


def place_life_card(game: Context, task: Task) -> None:
    game.pop(task)
    game.planet(task.player, task.args["planet"]).cards.append(task.args["card"])
