"""Resolving effects: each effect step becomes a Task, so a chain can wait mid-way as data.

Golden rule: every reward may be declined. Gains of resources, VP and Generator steps can never
hurt, so they are taken at once; every reward that asks for a choice offers a way to decline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, partial
from typing import TYPE_CHECKING, Any, cast

from entropy_tui.rules.actions.common import finish_second_step, second_step
from entropy_tui.rules.actions.primordial_soup import advance_generator
from entropy_tui.rules.actions.take_life_cards import card_offer_options
from entropy_tui.rules.catalog import Effect
from entropy_tui.rules.counters import CHOICE_COUNTERS, choice_domain, count
from entropy_tui.rules.decision import Decision, Option, option
from entropy_tui.rules.describe import amount, counter_words, effect_words
from entropy_tui.rules.refs import parse_planet_ref, refs_for
from entropy_tui.rules.vocabulary import ActionName, title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

MAX_LIFEFORMS = 5
RULE_GOLDEN = "Golden rule"


def push_effects(
    game: Context,
    seat: int,
    effects: list[Effect],
    *,
    planet: str | None = None,
    origin: str = "",
    rule: str = "",
    chosen: str | None = None,
) -> None:
    """Queues `effects` to resolve next, in order. `planet` is where Local effects apply.

    Every caller queues effects as its last step, so their Tasks would be resolved next with
    nothing in between: the leading ones that take effect at once (see `_at_once`) are
    resolved here instead, and only the rest are queued."""
    if not effects:
        return
    choice = None
    for effect in effects:
        if effect.per in CHOICE_COUNTERS:
            choice = effect.per
            break
    if choice is not None and chosen is None:
        game.push(
            "choose_type",
            seat,
            effects=[e.as_data() for e in effects],
            planet=planet,
            origin=origin,
            rule=rule,
            counter=choice,
        )
        return
    done = 0
    for effect in effects:
        if effect.per is not None or not _at_once(effect, planet):
            break
        _take_at_once(game, seat, effect, effect.n, planet, origin or "Effect")
        done += 1
    push = game.push
    for effect in reversed(effects[done:] if done else effects):
        push(
            "effect",
            seat,
            effect=effect.as_data(),
            planet=planet,
            origin=origin,
            rule=rule,
            chosen=chosen,
        )


# Effects that never ask and never queue a Task: resolving one changes the state at once.
AT_ONCE = frozenset({"gain", "advance_generator", "card_lifeforms", "discount"})


def _at_once(effect: Effect, planet: str | None) -> bool:
    return effect.do in AT_ONCE or (effect.do == "gain_lifeform" and effect.local and bool(planet))


def _take_at_once(
    game: Context, seat: int, effect: Effect, times: int, planet: str | None, origin: str
) -> None:
    """What an effect that takes effect at once does (`_at_once`), `times` times."""
    player = game.state.players[seat]
    what = effect.what
    match effect.do:
        case "gain":
            assert what is not None
            setattr(player, what, getattr(player, what) + times)
            game.note(seat, "gain", f"{player.name} gained {times} {title(what)} ({origin})")
        case "gain_lifeform":  # Local, onto this Planet
            assert what is not None and planet is not None
            lifeforms = game.planet(seat, planet).life
            added = min(times, MAX_LIFEFORMS - lifeforms[what])
            lifeforms[what] += added
            if added:
                player.area_changed()
                game.note(seat, "gain", f"{player.name} gained {added} {title(what)} ({origin})")
        case "advance_generator":
            advance_generator(game, seat, times)
        case "card_lifeforms":
            game.state.turn.card_bonus += times
        case "discount":  # applied by the action it belongs to
            pass


def lifeforms_lost(life: Mapping[str, int], gains: Iterable[tuple[str, int]]) -> dict[str, int]:
    """The Lifeforms of each type the limit of 5 throws away when `gains` (type, how many)
    come, in order, onto a Planet holding `life`."""
    held = dict(life)
    lost: dict[str, int] = {}
    for kind, n in gains:
        over = min(n, held[kind] + n - MAX_LIFEFORMS)
        if over > 0:
            lost[kind] = lost.get(kind, 0) + over
        held[kind] = min(MAX_LIFEFORMS, held[kind] + n)
    return lost


def local_gains(game: Context, seat: int, effects: Iterable[Effect]) -> list[tuple[str, int]]:
    """The Lifeforms `effects` add to their own Planet ("+1 Bacteria here"), in order."""
    gains = []
    for effect in effects:
        if effect.do == "gain_lifeform" and effect.local and effect.what is not None:
            if effect.per is None:
                gains.append((effect.what, effect.n))
            elif effect.per not in CHOICE_COUNTERS:
                gains.append((effect.what, _times(game, seat, effect, None)))
    return gains


def lost_words(game: Context, seat: int, ref: str, lost: Mapping[str, int]) -> str:
    """ "1 Bacteria lost to the limit of 5 on C01" ("" when nothing is lost)."""
    if not lost:
        return ""
    kinds = " and ".join(amount(n, kind) for kind, n in lost.items())
    return f"{kinds} lost to the limit of {MAX_LIFEFORMS} on {game.planet(seat, ref).tile}"


def choose_type(game: Context, task: Task) -> Decision:
    """ "For each X of one type (you choose which type)": pick the type once for the effect."""
    seat = task.player
    player = game.player(seat)
    counter: str = task.args["counter"]
    effects = [effect_of(e) for e in task.args["effects"]]

    def pick(value: str) -> None:
        game.pop(task)
        push_effects(
            game,
            seat,
            effects,
            planet=task.args["planet"],
            origin=task.args["origin"],
            rule=task.args["rule"],
            chosen=value,
        )

    options = [
        option(
            f"type:{value}",
            f"{title(value)}: {count(game.index, player, counter, value)} x "
            + ", ".join(effect_words(e) for e in effects),
            partial(pick, value),
        )
        for value in choice_domain(counter)
    ]
    options.append(_decline(game, task))
    return Decision(
        seat,
        f"{task.args['origin']}: choose the type that counts ({counter_words(counter)})",
        task.args["rule"] or RULE_GOLDEN,
        options,
    )


@cache
def _effect(frozen: tuple[tuple[str, Any], ...]) -> Effect:
    """Effects travel in Tasks as plain data (made by Effect.as_data); each distinct one is
    rebuilt once."""
    return Effect(**dict(frozen))


def effect_of(data: dict[str, Any]) -> Effect:
    # Unsorted: the same effect in another key order (a restored game) only adds a cache entry.
    return _effect(tuple(data.items()))


def _times(game: Context, seat: int, effect: Effect, chosen: str | None) -> int:
    if effect.per is None:
        return effect.n
    return effect.n * count(game.index, game.player(seat), effect.per, chosen)


def resolve_effect(game: Context, task: Task) -> None:
    """Turns one effect step into what it does (more Tasks for anything with a choice)."""
    seat = task.player
    args = task.args
    effect = effect_of(args["effect"])
    times = effect.n if effect.per is None else _times(game, seat, effect, args.get("chosen"))
    origin = args.get("origin") or "Effect"
    game.pop(task)
    if times <= 0:
        return
    planet = args.get("planet")
    if _at_once(effect, planet):
        _take_at_once(game, seat, effect, times, planet, origin)
        return
    what = effect.what
    match effect.do:
        case "gain_lifeform":
            game.push("place_lifeform", seat, what=what, remaining=times, **_follow(args, origin))
        case "advance_lifeform":
            game.push("advance", seat, what=what, remaining=times, **_follow(args, origin))
        case "activate_star":
            game.push("activate_one", seat, remaining=times, used=[], **_follow(args, origin))
        case "take_life_cards":
            game.push("take_cards", seat, remaining=times, **_follow(args, origin))
        case "free_catch":
            for _ in range(times):
                game.push("catch_asteroid", seat, source="effect", free=True)
        case "free_fulfil":
            for _ in range(times):
                game.push("free_fulfil", seat, **_follow(args, origin))
        case "action":
            for _ in range(times):
                # An action effect names an action (the catalog checks it): its Task kind.
                game.push(cast(ActionName, what), seat, source="effect", free=False)
        case "retrieve_token":
            for _ in range(times):
                game.push("retrieve_token", seat, **_follow(args, origin))


def _follow(args: dict[str, Any], origin: str) -> dict[str, Any]:
    """What a reward's own Task carries on: where it comes from, and its rule."""
    return {"origin": origin, "rule": args.get("rule") or ""}


def planet_name(game: Context, seat: int, ref: str) -> str:
    """ "Heat Planet H01"."""
    tile = game.planet(seat, ref).tile
    return f"{title(game.index.any_planet[tile].type)} Planet {tile}"


def planet_label(game: Context, seat: int, ref: str) -> str:
    system, _ = parse_planet_ref(ref)
    planet = game.planet(seat, ref)
    life = ", ".join(amount(n, k) for k, n in planet.life.items() if n)
    return f"{planet_name(game, seat, ref)} in system {system + 1}" + (f" ({life})" if life else "")


def planet_refs(game: Context, seat: int) -> tuple[str, ...]:
    shape = []  # Planets per Solar System (a loop: most actions ask this)
    for system in game.state.players[seat].systems:
        shape.append(len(system.planets))
    return refs_for(tuple(shape))


def counting_down(game: Context, task: Task) -> None:
    """One unit of a repeated reward is done: finish the Task after the last one."""
    task.args["remaining"] -= 1
    if task.args["remaining"] <= 0:
        game.pop(task)


def reward_decision(
    game: Context,
    task: Task,
    options: list[Option],
    prompt: str,
    default_rule: str,
    refused: list[Option] | None = None,
) -> Decision | None:
    """A reward's choice with its decline option; with nothing to choose the reward is over.
    `refused`: disabled options shown after the others, when there is a choice."""
    if not options:
        game.pop(task)
        return None
    options += refused or []
    options.append(_decline(game, task))
    return Decision(task.player, prompt, task.args.get("rule") or default_rule, options)


def _decline(game: Context, task: Task) -> Option:
    return option(
        "skip", "Decline the rest of this reward", lambda: game.pop(task), rule=RULE_GOLDEN
    )


def _put_label(game: Context, seat: int, what: str, ref: str) -> str:
    return f"Put 1 {title(what)} on {planet_label(game, seat, ref)}"


def place_lifeform(game: Context, task: Task) -> Decision | None:
    seat = task.player
    what: str = task.args["what"]
    refs = [r for r in planet_refs(game, seat) if game.planet(seat, r).life[what] < MAX_LIFEFORMS]

    def put(ref: str) -> None:
        game.planet(seat, ref).life[what] += 1
        game.player(seat).area_changed()
        game.note(seat, "gain", f"{game.name(seat)} added 1 {title(what)} ({task.args['origin']})")
        counting_down(game, task)

    options = [
        option(
            f"planet:{r}",
            partial(_put_label, game, seat, what, r),
            partial(put, r),
        )
        for r in refs
    ]
    remaining = task.args["remaining"]
    prompt = (
        f"{task.args['origin']}: place {remaining} {title(what)} (at most 5 of a kind per Planet)"
    )
    return reward_decision(game, task, options, prompt, "Create Life")


ADVANCES = (
    ("gain", None, "bacteria", "Gain 1 Bacteria on"),
    ("b2p", "bacteria", "plant", "Exchange 1 Bacteria for 1 Plant on"),
    ("p2a", "plant", "animal", "Exchange 1 Plant for 1 Animal on"),
)


def advance_options(
    game: Context, seat: int, what: str | None, then: Any, *, code: str | None = None
) -> list[Option]:
    """Every Lifeform advancement possible; `what` limits it to one step ("bacteria": to
    Plant, "plant": to Animal), `code` to one of ADVANCES. `then()` runs after the chosen
    advancement."""
    options = []
    for ref in planet_refs(game, seat):
        planet = game.planet(seat, ref)
        for kind, source, target, words in ADVANCES:
            if (what is not None and source != what) or (code is not None and kind != code):
                continue
            if planet.life[target] >= MAX_LIFEFORMS or (source and planet.life[source] < 1):
                continue

            def advance(ref: str = ref, source: str | None = source, target: str = target) -> None:
                chosen = game.planet(seat, ref)
                if source:
                    chosen.life[source] -= 1
                chosen.life[target] += 1
                game.player(seat).area_changed()
                game.note(
                    seat, "advance", f"{game.name(seat)} advanced a Lifeform to {title(target)}"
                )
                then()

            options.append(
                option(
                    f"{kind}:{ref}",
                    partial(_advance_label, game, seat, words, ref),
                    advance,
                )
            )
    return options


def _advance_label(game: Context, seat: int, words: str, ref: str) -> str:
    return f"{words} {planet_label(game, seat, ref)}"


def advance_lifeform(game: Context, task: Task) -> Decision | None:
    seat = task.player
    if game.catalog.board.choices_in_steps > 1 and task.args["what"] is None:
        return _advance_step(game, task)
    options = advance_options(game, seat, task.args["what"], lambda: counting_down(game, task))
    return reward_decision(
        game,
        task,
        options,
        f"{task.args['origin']}: advance a Lifeform ({task.args['remaining']} left)",
        "Primordial Soup",
    )


def _advance_step(game: Context, task: Task) -> Decision | None:
    """The first step of an advancement of any kind: the kind, then its Planet (`advance_on`);
    a kind that only one Planet allows is taken there at once."""
    seat = task.player
    options = []
    for code, _, _, words in ADVANCES:
        ways = advance_options(game, seat, None, partial(counting_down, game, task), code=code)
        if len(ways) <= 1:
            options += ways
            continue
        tiles = ", ".join(game.planet(seat, way.id.partition(":")[2]).tile for way in ways)
        pick = partial(game.push, "advance_on", seat, code=code)
        options.append(option(f"{code}:", f"{words} one of your Planets ({tiles})", pick))
    prompt = f"{task.args['origin']}: advance a Lifeform ({task.args['remaining']} left)"
    return reward_decision(game, task, options, prompt, "Primordial Soup")


def advance_on(game: Context, task: Task) -> Decision | None:
    """The second step of an advancement of any kind: its Planet."""
    first = game.state.pending[-2]  # the advance Task, beneath
    code = task.args["code"]
    words = next(words for kind, _, _, words in ADVANCES if kind == code)

    def then() -> None:
        counting_down(game, finish_second_step(game, task))

    options = advance_options(game, task.player, None, then, code=code)
    prompt = f"{first.args['origin']}: {words[0].lower()}{words[1:]} which Planet?"
    decision = Decision(task.player, prompt, first.args.get("rule") or "Primordial Soup", options)
    return second_step(game, task, decision, "another advancement")


def take_cards(game: Context, task: Task) -> Decision | None:
    seat = task.player
    options = card_offer_options(game, seat, lambda: counting_down(game, task))
    return reward_decision(
        game,
        task,
        options,
        f"{task.args['origin']}: take a Life card from the offer ({task.args['remaining']} left)",
        "Take Life Cards",
    )


def take_back_token(game: Context, seat: int, kind: str) -> None:
    """A Creation token taken back from the board without its reward: it lies down until the
    end of the turn."""
    player = game.player(seat)
    token = player.tokens[kind]
    token.where, token.slot = "lying", None
    game.note(seat, "retrieve", f"{player.name} took back their {title(kind)} token")


def retrieve_token(game: Context, task: Task) -> Decision | None:
    seat = task.player
    player = game.player(seat)
    kinds = [
        k
        for k, t in player.tokens.items()
        if t.where == "board" and not (k == "wild" and player.wild_locked)
    ]

    def retrieve(kind: str) -> None:
        game.pop(task)
        take_back_token(game, seat, kind)

    options = [
        option(
            f"token:{k}",
            f"Take back your {title(k)} token (no activation)",
            partial(retrieve, k),
        )
        for k in kinds
    ]
    prompt = "Retrieve a Creation token from the board"
    return reward_decision(game, task, options, prompt, "Upgrade Console")
