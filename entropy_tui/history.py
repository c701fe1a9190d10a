"""Undo and redo over a game: one decision at a time, never past an information barrier.

The engine replays the choice log from the seed to undo (`Game.undone`), so an undone game is
exactly the game that never made the choice. Redo replays the undone choices until a different
choice is made. The notes ("Ann took back: ...") are for the log shown to the players; they are
kept apart from the rules' state, so a replayed game still equals the saved one.
"""

from __future__ import annotations

from .rules import Game, InvalidChoice


class Timeline:
    def __init__(self, game: Game, notes: list[str] | None = None) -> None:
        self.game = game
        self.notes: list[str] = list(notes or [])
        self._redo: list[str] = []  # undone choices, the next one to redo last

    def choose(self, option_id: str) -> None:
        """A choice; one that differs from the next redo forgets the redo list."""
        self.game.choose(option_id)
        if self._redo and self._redo[-1] == option_id:
            self._redo.pop()
        else:
            self._redo.clear()

    def undo_refusal(self) -> str | None:
        return self.game.undo_refusal()

    def undo(self) -> str:
        """Takes back the last choice; returns the log note. Raises InvalidChoice, naming the
        barrier, when it can't."""
        last = self.game.state.choices[-1] if self.game.state.choices else None
        previous = self.game.undone()  # raises with the reason when refused
        assert last is not None and previous.decision is not None
        label = previous.decision.option(last).label
        note = f"{previous.name(previous.decision.player)} took back: {label}"
        self.game = previous
        self._redo.append(last)
        self.notes.append(note)
        return note

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> None:
        if not self._redo:
            raise InvalidChoice("Nothing to redo.")
        self.game.choose(self._redo.pop())
