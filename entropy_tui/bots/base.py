"""The one interface every bot offers."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from entropy_tui.rules import View


class OptionSeen(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def enabled(self) -> bool: ...


class DecisionSeen(Protocol):
    """What a bot reads of a Decision: the engine's own, or its plain copy that a worker
    process is sent (play.thinking.PlainDecision)."""

    @property
    def player(self) -> int: ...
    @property
    def kind(self) -> str: ...
    @property
    def prompt(self) -> str: ...
    @property
    def options(self) -> Sequence[OptionSeen]: ...


@runtime_checkable
class Bot(Protocol):
    """Answers a Decision from what its seat may see (`game.view(seat)`), never the full state."""

    name: str

    def decide(self, view: View, decision: DecisionSeen) -> str:
        """The id of one enabled option of `decision`."""
        ...


def enabled_ids(decision: DecisionSeen) -> list[str]:
    """The ids a bot may answer with; a Decision always has at least one."""
    ids = [option.id for option in decision.options if option.enabled]
    if not ids:
        raise ValueError(f"no enabled option for {decision.prompt!r}")
    return ids
