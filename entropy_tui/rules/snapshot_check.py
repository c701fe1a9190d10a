"""Checking a snapshot from outside (a save file, a test) against the state classes.

Pydantic reads the dataclasses of `state` directly, so the check and the state never drift
apart; the validator is built on first use, so importing the engine does not pay for it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from entropy_tui.rules.state import GameState

if TYPE_CHECKING:
    from pydantic import TypeAdapter


@cache
def _validator() -> TypeAdapter[GameState]:
    from pydantic import TypeAdapter

    return TypeAdapter(GameState)


def checked_state(snapshot: dict[str, Any]) -> GameState:
    """The state a snapshot describes, with missing fields at their defaults; raises
    pydantic's ValidationError when the snapshot is not one."""
    return _validator().validate_python(snapshot)
