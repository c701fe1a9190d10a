"""Replaying a game choice by choice: the game screen, re-rendered at each step, with the
decision of that step in the prompt and the option that was taken highlighted.

A game that is not over (and not played with open hands) replays in public: no seat's hand,
Missions or options are shown, since its players may still be playing it."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import events

from entropy_tui.play.config import controller_words
from entropy_tui.play.session import Session
from entropy_tui.rules import Game, is_control, parse_control
from entropy_tui.tui.keys import DIGITS, bindings_for
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.widgets.prompt import Prompt

CHECKPOINT_EVERY = 25  # steps between kept copies of the game, so stepping back is quick


class ReplayScreen(GameScreen, inherit_bindings=False):  # none of the playing keys
    SCOPE = ("replay", "board")
    BINDINGS: ClassVar = bindings_for("replay") + bindings_for("board")

    def __init__(self, session: Session, *, source: Path | None = None, at_step: int = 0) -> None:
        """`source`: the save the game was read from, beside which its review is kept;
        `at_step`: the step shown first."""
        self._source = source
        self._at_step = at_step
        self._table = session.config
        self._start = session.game.config()
        self._choices = list(session.game.state.choices)
        self._public = not session.game.over
        game = Game.new(**self._start)  # the game at `step`: never one of the checkpoints
        self._checkpoints: dict[int, Game] = {0: game.copy()}
        self.step = 0
        super().__init__(self._watching(game), bot_delay=0)

    @property
    def steps(self) -> int:
        return len(self._choices)

    def _watching(self, game: Game) -> Session:
        return Session(self._table, game, watch_only=True, public_only=self._public)

    def on_mount(self) -> None:
        if self._at_step:
            self.call_after_refresh(self.go_to, self._at_step)
        if self.session.public_only:
            self.notify(
                "This game is not over, so its replay shows only what every player may see:"
                " no hand, no Missions, no seat's options.",
                title="Public replay",
            )

    def advance(self) -> None:
        """Nothing moves by itself in a replay: just show the step."""
        self.show_scene()
        self._describe_step()

    def choose(self, option_id: str) -> None:
        self.query_one(Prompt).note("This is a replay: Left/Right step through the choices.")

    def on_key(self, event: events.Key) -> None:
        if event.key == "enter" or event.key in DIGITS:  # also with no options shown
            self.choose("")

    def action_step(self, delta: int) -> None:
        self.go_to(self.step + delta)

    def action_step_to(self, where: int) -> None:
        self.go_to(self.steps if where < 0 else where)

    def action_close(self) -> None:
        self.dismiss()

    def action_review(self) -> None:
        """The expert's review of the whole game; a costly decision picked there is shown."""
        from entropy_tui.tui.screens.review import ReviewScreen

        if self._public:
            self.notify(
                "This game is not over: its review would show each seat's own options, so it"
                " opens once the game has ended.",
                title="No review yet",
            )
            return
        game = Game.replay(self._start, self._choices)
        review = ReviewScreen(game, self._table.seats, self._source)
        self.app.push_screen(review, lambda step: None if step is None else self.go_to(step))

    def go_to(self, target: int) -> None:
        target = max(0, min(target, self.steps))
        if target == self.step:
            self._describe_step()
            return
        if target < self.step:
            base = max(step for step in self._checkpoints if step <= target)
            game, step = self._checkpoints[base].copy(), base
        else:
            game, step = self.session.game, self.step
        while step < target:
            game.choose(self._choices[step])
            step += 1
            if step % CHECKPOINT_EVERY == 0 and step not in self._checkpoints:
                self._checkpoints[step] = game.copy()
        self.step = step
        self.session = self._watching(game)
        self.advance()

    def _describe_step(self) -> None:
        prompt = self.query_one(Prompt)
        where = f"Replay, step {self.step} of {self.steps}"
        game = self.session.game
        decision = game.decision
        if self.step == self.steps or decision is None:
            ending = "the game's end" if game.over else "where the save ends"
            prompt.note(f"{where}: {ending} (Left steps back, Esc leaves)")
            return
        choice = self._choices[self.step]
        if is_control(choice):
            change = parse_control(choice, len(self._table.seats))
            who = self._table.seats[change.seat].name
            prompt.note(
                f"{where}: {who}'s seat is handed to {controller_words(change.after)}"
                " (Left/Right step, Esc leaves)"
            )
            return
        who = self._table.seats[decision.player].name
        if not self.session.sees_private(decision.player):
            prompt.note(f"{where}: {who}'s choice stays hidden (Left/Right step, Esc leaves)")
            return
        taken = [option.id for option in decision.options].index(choice)
        prompt.options.highlight(taken)
        prompt.note(f"{where}: {who} took option {taken + 1} (Left/Right step, Esc leaves)")
