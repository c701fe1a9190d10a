"""What the actions share: skipping, marking the landed action done, paying, asking in steps."""

from __future__ import annotations

from typing import TYPE_CHECKING

from entropy_tui.rules.decision import Decision, Option, option
from entropy_tui.rules.vocabulary import title

if TYPE_CHECKING:
    from entropy_tui.rules.context import Context
    from entropy_tui.rules.state import Task


def resolved(game: Context, task: Task) -> None:
    """The action happened; from its space, that lets its Focus card trigger."""
    if task.args.get("source") == "space":
        game.state.turn.action_done = True


def skip_option(game: Context, task: Task, label: str = "") -> Option:
    words = label or f"Skip {title(task.kind)} (keep only the Traffic Bonus)"
    return option("skip", words, lambda: game.pop(task), rule="Actions")


PAID = (True, "")


def can_pay(game: Context, seat: int, resource: str, amount: int) -> tuple[bool, str]:
    have = getattr(game.state.players[seat], resource)
    if have >= amount:
        return PAID
    return False, f"needs {amount} {title(resource)}, you have {have}"


def pay(game: Context, seat: int, resource: str, amount: int) -> None:
    player = game.state.players[seat]
    setattr(player, resource, getattr(player, resource) - amount)


def in_steps(game: Context) -> bool:
    """Whether a choice among combinations is asked in steps (since edition 5): the first step
    leaves its Task in place and pushes its second step on top of it."""
    return game.catalog.board.choices_in_steps > 1


def finish_second_step(game: Context, second: Task) -> Task:
    """Pops the second step; the first step's Task is on top again, and returned."""
    game.pop(second)
    return game.state.pending[-1]


def second_step(game: Context, second: Task, decision: Decision, back: str) -> Decision | None:
    """The second step's Decision, saying what going back to the first step chooses again
    (`back`); with no option enabled (a free action taken at this step changed what is
    possible), the first step is asked again instead."""
    for candidate in decision.options:
        if candidate.enabled:
            decision.back = back
            return decision
    game.pop(second)
    return None


def reasons(disabled: list[Option]) -> str:
    """The reasons of a first step's second steps, all disabled: each said once."""
    return "; ".join(dict.fromkeys(option.reason for option in disabled))
