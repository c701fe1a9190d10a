"""Activate Stars: any number of your Stars, once each, paying Entropy; the Generator discounts
some of them, only from the action space."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from entropy_tui.rules.actions.common import resolved
from entropy_tui.rules.decision import Decision, disabled, option
from entropy_tui.rules.describe import star_words
from entropy_tui.rules.effects import counting_down, push_effects, reward_decision

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task

RULE = "Activate Stars"


def activate_star(game: Context, seat: int, system: int, cost: int) -> None:
    """Pays `cost` Entropy and queues the Star's effect."""
    player = game.state.players[seat]
    star_id = player.systems[system].star
    assert star_id is not None
    player.entropy -= cost
    star = game.index.any_star[star_id]
    game.note(seat, "star", f"{player.name} activated Star {star_id} for {cost} Entropy")
    push_effects(game, seat, list(star.effect), origin=f"Star {star_id}", rule=RULE)


def _activate_label(game: Context, star: str, system: int, cost: int, printed: int) -> str:
    label = f"Activate {star_words(game.index, star)} in system {system + 1}"
    if cost < printed:
        label += f" - pay {cost} with the Generator discount"
    return label


def activate_stars(game: Context, task: Task) -> Decision | None:
    seat = task.player
    player = game.state.players[seat]
    args = task.args
    if "used" not in args:
        args["used"] = []
        discounted = 0
        if args.get("source") == "space":
            discounted = game.catalog.board.generator[player.generator].discounted_stars
        args["discounts_left"] = discounted
    used: list[int] = args["used"]
    discount = game.catalog.board.generator_discount if args["discounts_left"] > 0 else 0
    options = []
    for i, system in enumerate(player.systems):
        if system.star is None or i in used:
            continue
        printed = game.index.any_star[system.star].cost
        cost = max(0, printed - discount)
        label = partial(_activate_label, game, system.star, i, cost, printed)
        if player.entropy < cost:
            options.append(
                disabled(f"star:{i}", label, f"needs {cost} Entropy, you have {player.entropy}")
            )
            continue

        def activate(i: int = i, cost: int = cost, printed: int = printed) -> None:
            used.append(i)
            if cost < printed:
                args["discounts_left"] -= 1
            resolved(game, task)
            activate_star(game, seat, i, cost)

        options.append(option(f"star:{i}", label, activate))
    if not any(o.enabled for o in options):
        game.pop(task)
        if not used:
            cheapest = min(
                (
                    max(0, game.index.any_star[s.star].cost - discount)
                    for s in player.systems
                    if s.star
                ),
                default=None,
            )
            # Every seat reads the log: it speaks of the player in the third person.
            why = (
                "they have no Star"
                if cheapest is None
                else f"their cheapest Star costs {cheapest} Entropy, and they have {player.entropy}"
            )
            game.note(seat, "action", f"{player.name} could not activate any Star: {why}")
        return None
    done = "Stop activating Stars" if used else "Skip Activate Stars (keep only the Traffic Bonus)"
    options.append(option("done", done, lambda: game.pop(task)))
    return Decision(
        seat,
        "Activate Stars: choose a Star to activate (each once)"
        + (
            f"; {args['discounts_left']} more with the Generator discount"
            if args["discounts_left"]
            else ""
        ),
        RULE,
        options,
    )


def activate_one(game: Context, task: Task) -> Decision | None:
    """Activate a single Star, paying its Entropy (no Generator discount)."""
    seat = task.player
    player = game.state.players[seat]
    used: list[int] = task.args["used"]
    options = []
    refused = []
    for i, system in enumerate(player.systems):
        if system.star is None or i in used:
            continue
        cost = game.index.any_star[system.star].cost
        if player.entropy < cost:
            refused.append(
                disabled(
                    f"star:{i}",
                    f"Activate {star_words(game.index, system.star)}",
                    f"needs {cost} Entropy, you have {player.entropy}",
                )
            )
            continue

        def activate(i: int = i, cost: int = cost) -> None:
            used.append(i)
            counting_down(game, task)
            activate_star(game, seat, i, cost)

        options.append(
            option(f"star:{i}", f"Activate {star_words(game.index, system.star)}", activate)
        )
    return reward_decision(
        game, task, options, f"{task.args['origin']}: activate a Star", "Activate Stars", refused
    )
