"""A game being played at this terminal: the engine's Game, its bots, and who sits at the screen.

Everything about privacy lives here: the screen shows the view of `viewer`, the human who last
took the keyboard; a decision of another human first needs a hand-off.
"""

from __future__ import annotations

from typing import Any

from entropy_tui.rules import Decision, Game

from .bot_players import Bot, BotFactory, bot_seed, default_bot_factory
from .config import GameConfig, SeatConfig


class Session:
    def __init__(
        self,
        config: GameConfig,
        game: Game | None = None,
        bot_factory: BotFactory | None = None,
    ) -> None:
        self.config = config
        self.game = game or Game.new(
            [seat.name for seat in config.seats],
            seed=config.seed,
            bots=[seat.bot for seat in config.seats],
            alternative_objectives=config.alternative_objectives,
            open_hands=config.open_hands,
        )
        factory = bot_factory or default_bot_factory
        self.bots: dict[int, Bot] = {
            seat: factory(spec.bot, bot_seed(config.seed, seat))
            for seat, spec in enumerate(config.seats)
            if spec.bot is not None
        }
        self.humans = [seat for seat, spec in enumerate(config.seats) if spec.bot is None]
        # With one human (or open hands) nobody's cards need hiding from the screen's user.
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None

    @property
    def seats(self) -> tuple[SeatConfig, ...]:
        return self.config.seats

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    @property
    def open_hands(self) -> bool:
        return self.config.open_hands

    @property
    def spectating(self) -> bool:
        """Nobody human plays: the screen is a window on the bots' game, cards and all."""
        return not self.humans

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def bot_to_move(self) -> bool:
        decision = self.decision
        return decision is not None and self.is_bot(decision.player)

    def human_to_move(self) -> int | None:
        decision = self.decision
        if decision is None or self.is_bot(decision.player):
            return None
        return decision.player

    def handoff_needed(self) -> int | None:
        """The human who must take the keyboard before the pending decision is shown."""
        seat = self.human_to_move()
        if seat is None or seat == self.viewer:
            return None
        if self.open_hands or len(self.humans) < 2:
            self.viewer = seat  # nothing to hide: no cover screen
            return None
        return seat

    def take_keyboard(self, seat: int) -> None:
        self.viewer = seat

    def sees_private(self, seat: int) -> bool:
        """May the screen show this seat's hand, missions and decision details?"""
        return self.open_hands or self.spectating or seat == self.viewer

    def view(self) -> dict[str, Any]:
        """The engine's view for whoever sits at the screen (before the first hand-off, the
        first human's: the screen then shows nothing private, see sees_private)."""
        if self.spectating:
            return self.game.snapshot()
        return self.game.view(self.viewer if self.viewer is not None else self.humans[0])

    def choose(self, option_id: str) -> None:
        """A human's choice; InvalidChoice propagates with the engine's explanation."""
        self.game.choose(option_id)

    def bot_step(self) -> str:
        """Lets the bot whose decision is pending make it; returns the option id it chose."""
        decision = self.decision
        assert decision is not None and self.is_bot(decision.player)
        choice = self.bots[decision.player].decide(self.game.view(decision.player), decision)
        self.game.choose(choice)
        return choice

    def play_bots(self) -> int:
        """Bots decide until a human must, or the game ends; returns how many steps ran."""
        steps = 0
        while self.bot_to_move():
            self.bot_step()
            steps += 1
        return steps
