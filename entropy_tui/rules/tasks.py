"""The registry of Task handlers.

A handler looks at the Task on top of the stack and either finishes it (popping it and perhaps
pushing more Tasks) and returns None, or leaves it there and returns the Decision its player
must make. Choosing an option runs that option's `apply`, which moves the Task along.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .decision import Decision
    from .game import Game
    from .state import Task

Handler = Callable[["Game", "Task"], "Decision | None"]

HANDLERS: dict[str, Handler] = {}


def handles(kind: str) -> Callable[[Handler], Handler]:
    """Registers the function below as the handler of Tasks of this kind."""

    def register(function: Handler) -> Handler:
        if kind in HANDLERS:
            raise ValueError(f"two handlers for task kind {kind!r}")
        HANDLERS[kind] = function
        return function

    return register
