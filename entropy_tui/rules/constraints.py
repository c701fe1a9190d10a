"""Checks that pydantic applies when it validates the component data read from the asset
files, written as markers on plain dataclass fields: the classes load without pydantic, which is
imported only when a file has to be checked.

    cost: Annotated[int, Bounds(ge=0)]
    per: Annotated[str | None, Checked(check_counter)] = None
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Bounds:
    """An int from `ge` to `le` (an end left None is open)."""

    ge: int | None = None
    le: int | None = None

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from pydantic_core import core_schema

        return core_schema.int_schema(ge=self.ge, le=self.le)


@dataclass(frozen=True, slots=True)
class Checked:
    """Runs `check(value)` after the type is validated; a ValueError it raises names the field."""

    check: Callable[[Any], Any]

    def __get_pydantic_core_schema__(self, source: Any, handler: Callable[[Any], Any]) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self._run, handler(source))

    def _run(self, value: Any) -> Any:
        if value is not None:
            self.check(value)
        return value


# Plain dataclasses refuse fields the file should not have, as the pydantic models did.
STRICT_FIELDS = {"extra": "forbid"}
