"""Decisions and Options: every choice a player makes, enumerated.

A Decision is computed from the state (the Task on top of the stack), never stored: a restored
game shows the same Decision again. An Option's `apply` is what choosing it does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


class InvalidChoice(ValueError):
    """An option id that is unknown or disabled; the game is unchanged."""


class Option:
    """One choice. `label` and `reason` may be given as functions, so that bots, which never
    read them, do not pay for writing them."""

    __slots__ = ("_label", "_reason", "apply", "enabled", "id", "rule")

    def __init__(
        self,
        id: str,
        label: str | Callable[[], str],
        apply: Callable[[], object],
        enabled: bool = True,
        reason: str | Callable[[], str] = "",
        rule: str = "",
    ) -> None:
        self.id = id
        self._label = label
        self.apply = apply
        self.enabled = enabled
        self._reason = reason  # why not, when disabled
        self.rule = rule  # rulebook section, when it differs from the decision's

    @property
    def label(self) -> str:
        if not isinstance(self._label, str):
            self._label = self._label()
        return self._label

    @property
    def reason(self) -> str:
        if not isinstance(self._reason, str):
            self._reason = self._reason()
        return self._reason

    def __repr__(self) -> str:
        state = "" if self.enabled else f", disabled: {self.reason}"
        return f"Option({self.id!r}, {self.label!r}{state})"


@dataclass(slots=True)
class Decision:
    player: int
    prompt: str
    rule: str  # the rulebook section this decision applies
    options: list[Option]
    kind: str = ""  # the Task kind behind it, for the UI and bots
    # A second step (see actions.common.second_step): what taking back the first step lets the
    # player choose again ("another Life card"); "" for any other decision.
    back: str = ""

    def option(self, option_id: str) -> Option:
        for option in self.options:
            if option.id == option_id:
                return option
        known = ", ".join(o.id for o in self.options)
        raise InvalidChoice(
            f"No option {option_id!r} for '{self.prompt}'. The options are: {known}"
        )

    @property
    def enabled(self) -> list[Option]:
        enabled = []  # a loop, cheaper than a comprehension for a handful: bots ask it each time
        for option in self.options:
            if option.enabled:
                enabled.append(option)
        return enabled


_new = object.__new__


def option(
    id: str,
    label: str | Callable[[], str],
    apply: Callable[[], object],
    enabled: bool = True,
    reason: str | Callable[[], str] = "",
    rule: str = "",
) -> Option:
    """An Option, made without a call of its class (a few at every decision)."""
    made = _new(Option)
    made.id = id
    made._label = label
    made.apply = apply
    made.enabled = enabled
    made._reason = reason
    made.rule = rule
    return made


def disabled(
    option_id: str, label: str | Callable[[], str], reason: str | Callable[[], str]
) -> Option:
    """An option shown so the player learns why it is not available."""
    return option(option_id, label, _refuse, False, reason)


def _refuse() -> None:  # pragma: no cover - Game.choose never calls a disabled option
    raise InvalidChoice("this option is disabled")
