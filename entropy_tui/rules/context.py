"""What the rules ask of a game: the rule modules are typed against these protocols, not
against `Game`, so none of them depends on the game (which depends on all of them).

A Task handler is given a `Context`: the state and the catalog to read, the Task stack to push
and pop, the log to write, and a look-ahead. A look-ahead, and the few functions that look at
a whole game (its view for a seat, its scores over time, its invariants), get a `Playable`:
a game whose Decision can be asked and answered. `Game` is both (tests/rules/test_context.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from entropy_tui.rules.catalog import Catalog, CatalogIndex
    from entropy_tui.rules.decision import Decision
    from entropy_tui.rules.state import GameState, PlanetState, PlayerState, Task
    from entropy_tui.rules.vocabulary import TaskKind


@runtime_checkable
class Context(Protocol):
    """A game as its Task handlers see it."""

    @property
    def state(self) -> GameState: ...
    @property
    def catalog(self) -> Catalog: ...
    @property
    def index(self) -> CatalogIndex: ...

    def player(self, seat: int) -> PlayerState: ...
    def name(self, seat: int) -> str: ...
    def planet(self, seat: int, ref: str) -> PlanetState:
        """A planet by its reference "s<system>p<planet>"."""
        ...

    def push(self, kind: TaskKind, player: int, **args: Any) -> Task:
        """Puts a Task on top of the stack: it is resolved next."""
        ...

    def push_in_order(self, player: int, steps: Iterable[tuple[TaskKind, dict[str, Any]]]) -> None:
        """Pushes Tasks so that they are resolved in the order given."""
        ...

    def pop(self, task: Task) -> None:
        """Finishes `task`, which must be on top of the stack."""
        ...

    def note(self, seat: int | None, kind: str, text: str, *, private: bool = False) -> None:
        """Adds a line to the game log."""
        ...

    def try_out(
        self,
        change: Callable[[Context], None],
        *,
        stop_at: TaskKind | None = None,
        only_seat: int | None = None,
    ) -> Playable:
        """A copy with `change` made to its state, then settled (see `Game.try_out`)."""
        ...


@runtime_checkable
class Playable(Context, Protocol):
    """A game whose Decision can be asked and answered: a look-ahead's copy, or a whole game."""

    @property
    def decision(self) -> Decision | None: ...

    def choose(self, option_id: str) -> None: ...
    def copy(self) -> Playable: ...
    def let_go(self) -> None:
        """Drops the pending Decision of a copy that is done with."""
        ...

    def dumped_log(self) -> list[dict[str, Any]]: ...
    def scores(self) -> list[dict[str, int]]: ...
    def config(self) -> dict[str, Any]: ...
    def replay(
        self, config: dict[str, Any], choices: list[str], catalog: Catalog | None = None
    ) -> Playable:
        """The game `config` starts, after making `choices` in order."""
        ...
