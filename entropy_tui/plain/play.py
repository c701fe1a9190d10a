"""The game in plain lines: bots play, the keyboard is handed over between people, each
decision is said once, and a typed line is an option's number or a command."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, cast

from entropy_tui.plain import commands
from entropy_tui.plain.lines import Lines
from entropy_tui.plain.turn import (
    choice_prompt,
    decision_lines,
    game_over_lines,
    handoff_line,
    seat_name,
)
from entropy_tui.play.session import Session
from entropy_tui.rules import Decision, InvalidChoice

if TYPE_CHECKING:
    from entropy_tui.play.hints import Hint

HINT_WAIT = 30.0  # seconds; the expert thinks about one
NOT_A_COMMAND = "{typed!r} is neither an option's number nor a command: type help for the commands."


class PlainPlay:
    def __init__(self, session: Session, lines: Lines, *, resume_command: str) -> None:
        self.session: Session = session
        self.lines = lines
        self._resume_command = resume_command  # how to continue the game after quitting
        self._shown: tuple[object, ...] | None = None  # the decision last said
        self._hint: tuple[tuple[str, ...], str] | None = None  # (position, its line)
        self._quitting = False

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        session = self.session
        try:
            while not self._quitting:
                if session.game.over:
                    self.lines.page(game_over_lines(self.session))
                    self.lines.say(self._where_saved())
                    return 0
                if session.bot_to_move():
                    self._play_bots()
                    continue
                seat = session.handoff_needed()
                if seat is not None:
                    self._hand_off(seat)
                    continue
                self._decide()
        except KeyboardInterrupt:
            self._quitting = True
        except BrokenPipeError:  # nobody reads any more (the terminal or a pipe closed)
            return 0
        finally:
            session.stop_thinking()
            self._finish_saving()
        self.lines.say(self._goodbye())
        return 0

    def _play_bots(self) -> None:
        """Bots decide at once: nothing is drawn between their decisions, and what they did is
        said at the start of the next person's turn."""
        session = self.session
        while session.bot_to_move():
            session.bot_step()
        self.changed()

    def _hand_off(self, seat: int) -> None:
        """Nothing private is said until the seat's player presses Enter."""
        name = seat_name(self.session, seat)
        self.lines.say(handoff_line(self.session, seat))
        while True:
            typed = self.lines.ask("")
            if typed is None or typed.casefold() == "quit":
                self._quitting = True
                return
            if not typed:
                self.session.take_keyboard(seat)
                return
            self.lines.say(f"{name}: press Enter to take your turn, or type quit.")

    def _decide(self) -> None:
        decision = self.shown_decision()
        assert decision is not None
        key = (len(self.session.game.state.choices), decision.player, decision.prompt)
        if key != self._shown:
            self._shown = key
            self.lines.say(*decision_lines(self.session, decision))
        typed = self.lines.ask(choice_prompt(decision))
        if typed is None:
            self._quitting = True
            return
        self.answer(decision, typed)

    def answer(self, decision: Decision, typed: str) -> None:
        """A line typed at the decision: an option's number, a command, or nothing."""
        count = len(decision.options)
        if not typed:
            self.lines.say(f"Type a number from 1 to {count}, or help for the commands.")
            return
        if typed.isdigit():
            number = int(typed)
            if not 1 <= number <= count:
                self.lines.say(f"There is no option {number}: choose 1 to {count}.")
                return
            option = decision.options[number - 1]
            if not option.enabled:
                self.lines.say(f"Option {number} is not possible: {option.reason}")
                return
            try:
                self.session.choose(option.id)
            except InvalidChoice as refusal:
                self.lines.say(str(refusal))
                return
            self.changed()
            return
        self.run_command(typed)

    def run_command(self, typed: str) -> None:
        """Answers a typed command (or says it is none)."""
        word, _, argument = typed.partition(" ")
        command = commands.find(word)
        if command is None:
            self.lines.say(NOT_A_COMMAND.format(typed=typed[:40]))
            return
        self.lines.page(command.run(self, argument.strip()))

    # ------------------------------------------------------------------ for the commands
    def shown_decision(self) -> Decision | None:
        """The decision of the person at the keyboard, if one waits."""
        session = self.session
        decision = session.decision
        if decision is None or session.human_to_move() is None:
            return None
        return decision if session.sees_private(decision.player) else None

    def changed(self) -> None:
        """The game moved (a choice, an undo): it is saved in the background."""
        self.session.autosave()

    def hint(self) -> list[str]:
        session = self.session
        if not session.hints_on:
            return ["Hints are off in this game."]
        decision = self.shown_decision()
        if decision is None:
            return ["A hint is for your own decision: none is waiting for you."]
        if self._hint is not None and self._hint[0] == session.position:
            return [self._hint[1]]
        self.lines.say("The expert is looking for a hint...")
        answered = threading.Event()
        answers: list[object] = []

        def reply(answer: object) -> None:
            answers.append(answer)
            answered.set()

        position = session.ask_hint(reply)
        if not answered.wait(HINT_WAIT) or isinstance(answers[0], Exception):
            session.stop_thinking()
            return ["No hint this time: the expert did not answer."]
        hint = cast("Hint", answers[0])
        number = next(n for n, o in enumerate(decision.options, 1) if o.id == hint.option_id)
        line = f"Hint: option {number}. {hint.why}"
        self._hint = (position, line)
        return [line]

    def save_copy(self, name: str) -> list[str]:
        from entropy_tui.saves.files import copy_path, write_atomically

        session = self.session
        names = ", ".join(seat.name for seat in session.seats)
        try:
            path = copy_path(name or f"{names} - round {session.game.state.round}")
            write_atomically(path, session.save_data())
        except OSError as error:
            return [f"Not saved: {error.filename or 'the saves folder'}: {error.strerror or error}"]
        return [f"Saved a copy as {path.name} in {path.parent}."]

    def quit(self) -> list[str]:
        self._quitting = True
        return []

    # ------------------------------------------------------------------ leaving
    def _finish_saving(self) -> None:
        self.session.autosave()
        if self.session.saver is not None:
            self.session.saver.flush()

    def _where_saved(self) -> str:
        saver = self.session.saver
        if saver is None:
            reason = self.session.unsaved_reason or "this game is not saved"
            return f"The game was not saved: {reason}."
        if saver.error is not None:
            return f"The game could not be saved to {saver.path}: {saver.error.strerror}."
        return f"The game is saved in {saver.path}."

    def _goodbye(self) -> str:
        saver = self.session.saver
        if saver is None or saver.error is not None:
            return f"Stopped. {self._where_saved()}"
        if not saver.path.exists():
            return "Stopped before the first decision: there was nothing to save."
        return f"Stopped; the game is saved: {self._resume_command} continues it."
