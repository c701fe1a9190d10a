"""Undo and redo over a game: one decision at a time, never past an information barrier.

The engine replays the choice log from the seed to undo (`Game.undone`), so an undone game is
exactly the game that never made the choice. Redo replays the undone choices until a different
choice is made. The notes ("Ann took back: ...") are for the log shown to the players; they are
kept apart from the rules' state, so a replayed game still equals the saved one.
"""

from __future__ import annotations

from entropy_tui.rules import Game, InvalidChoice
from entropy_tui.saves.notes import LogNote


class Timeline:
    def __init__(self, game: Game, notes: list[LogNote] | None = None) -> None:
        self.game = game
        self.notes: list[LogNote] = list(notes or [])
        self._redo: list[str] = []  # undone choices, the next one to redo last

    def choose(self, option_id: str) -> None:
        """A choice; one that differs from the next redo forgets the redo list."""
        self.game.choose(option_id)
        if self._redo and self._redo[-1] == option_id:
            self._redo.pop()
        else:
            self._redo.clear()

    def change_control(self, seat: int, bot: str | None) -> None:
        """Hands a seat over (see Game.change_control); the undone choices can't be redone
        past it."""
        self.game.change_control(seat, bot)
        self._redo.clear()

    def undo_refusal(self) -> str | None:
        return self.game.undo_refusal()

    def undo(self) -> LogNote:
        """Takes back the last choice and notes it. Raises InvalidChoice, naming the barrier,
        when it can't."""
        last = self.game.state.choices[-1] if self.game.state.choices else None
        previous = self.game.undone()  # raises with the reason when refused
        assert last is not None and previous.decision is not None
        seat = previous.decision.player
        label = previous.decision.option(last).label
        self.game = previous
        self._redo.append(last)
        return self.note(seat, f"{previous.name(seat)} took back: {label}")

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> LogNote:
        """Makes the last undone choice again and notes it."""
        if not self._redo:
            raise InvalidChoice("Nothing to redo.")
        decision = self.game.decision
        assert decision is not None
        choice = self._redo.pop()
        label = decision.option(choice).label
        self.game.choose(choice)
        return self.note(decision.player, f"{self.game.name(decision.player)} redid: {label}")

    def note(self, seat: int, text: str) -> LogNote:
        """A line of the app's own in the log, after the rules' lines so far."""
        note = LogNote(at_event=len(self.game.state.log), seat=seat, text=text)
        self.notes.append(note)
        return note
