"""What the actions share: skipping, marking the landed action done, paying."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decision import Option, option
from ..vocabulary import title

if TYPE_CHECKING:
    from ..game import Game
    from ..state import Task


def resolved(game: Game, task: Task) -> None:
    """The action happened; from its space, that lets its Focus card trigger."""
    if task.args.get("source") == "space":
        game.state.turn.action_done = True


def skip_option(game: Game, task: Task, label: str = "") -> Option:
    words = label or f"Skip {title(task.kind)} (keep only the Traffic Bonus)"
    return option("skip", words, lambda: game.pop(task), rule="Actions")


PAID = (True, "")


def can_pay(game: Game, seat: int, resource: str, amount: int) -> tuple[bool, str]:
    have = getattr(game.state.players[seat], resource)
    if have >= amount:
        return PAID
    return False, f"needs {amount} {title(resource)}, you have {have}"


def pay(game: Game, seat: int, resource: str, amount: int) -> None:
    player = game.state.players[seat]
    setattr(player, resource, getattr(player, resource) - amount)
