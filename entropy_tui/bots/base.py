"""The one interface every bot offers."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from entropy_tui.rules import Decision, View


@runtime_checkable
class Bot(Protocol):
    """Answers a Decision from what its seat may see (`game.view(seat)`), never the full state."""

    name: str

    def decide(self, view: View, decision: Decision) -> str:
        """The id of one enabled option of `decision`."""
        ...


def enabled_ids(decision: Decision) -> list[str]:
    """The ids a bot may answer with; a Decision always has at least one."""
    ids = [option.id for option in decision.options if option.enabled]
    if not ids:
        raise ValueError(f"no enabled option for {decision.prompt!r}")
    return ids
