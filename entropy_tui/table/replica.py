"""A screen's copy of the table's game, kept in step by the choices the table sends. It decides
nothing itself: a person's choice goes to the table, and comes back as every screen's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from entropy_tui.play.config import GameConfig, SeatConfig
from entropy_tui.play.session import Session
from entropy_tui.rules import Game, InvalidChoice, load_catalog
from entropy_tui.saves.notes import LogNote

UNDO_OFF = "Undo is off at a shared table: the other players have seen that move."
Send = Callable[[dict[str, Any]], None]


class OutOfStep(Exception):
    """The table sent a choice for another step than this copy is at."""


class ReplicaSession(Session):
    def __init__(self, welcome: dict[str, Any], send: Send) -> None:
        """`welcome`: the table's `game` message (its seats as they are played now, with
        their states); `send` takes a message to the table."""
        settings = welcome["settings"]
        config = GameConfig(
            seats=tuple(
                SeatConfig(s["name"], s["bot"], s["colour"], s["remote"]) for s in welcome["seats"]
            ),
            seed=welcome["snapshot"]["seed"],
            alternative_objectives=settings["alternative_objectives"],
            open_hands=settings["open_hands"],
            confirm_turn_end=settings["confirm_turn_end"],
            hints=settings["hints"],
        )
        self.mine = frozenset(int(seat) for seat in welcome["mine"])  # the seats played here
        self.role: str = welcome["role"]
        self.code: str | None = welcome.get("code")  # gives the seat back from the lobby
        self.connect: str = welcome.get("connect", "")  # the host's: how players connect
        self.seat_states: list[dict[str, Any]] = welcome["seats"]
        self._send = send
        self._sent_at: int | None = None  # the step a choice was sent for, until it is made
        # A table of an older entropy-tui names no edition: its games are all of edition 1.
        catalog = load_catalog(settings.get("edition", 1))  # UnknownEdition if too new
        super().__init__(
            config,
            Game.restore_trusted(welcome["snapshot"], catalog),
            notes=[LogNote(**note) for note in welcome["notes"]],
            public_only=not self.mine,
        )

    @property
    def step(self) -> int:
        return len(self.game.state.choices)

    @property
    def sent(self) -> bool:
        """A choice for the pending decision is on its way to the table."""
        return self._sent_at == self.step

    # ------------------------------------------------------------------ who plays here
    def _seat_players(self) -> None:
        """Bots play at the table, never here; the people here are this screen's seats."""
        self.bots = {}
        self.humans = sorted(self.mine)
        if len(self.humans) == 1:
            self.viewer = self.humans[0]
        elif self.viewer not in self.humans:
            self.viewer = None

    def is_bot(self, seat: int) -> bool:
        return self.game.state.players[seat].bot is not None

    def bot_to_move(self) -> bool:
        return False  # the table plays them, and sends their choices

    def quick_bot_to_move(self) -> bool:
        return False

    def human_to_move(self) -> int | None:
        decision = self.decision
        return decision.player if decision is not None and decision.player in self.mine else None

    def away(self, seat: int) -> bool:
        states = self.seat_states
        return seat < len(states) and states[seat].get("state") == "away"

    # ------------------------------------------------------------------ to the table
    def choose(self, option_id: str) -> None:
        """Sends the choice (once per decision); it is made when the table sends it back."""
        decision = self.decision
        if decision is None or decision.player not in self.mine:
            raise InvalidChoice("This decision is not yours.")
        option = next((o for o in decision.options if o.id == option_id), None)
        if option is None or not option.enabled:
            raise InvalidChoice(option.reason if option is not None else "No such option.")
        if self._sent_at == self.step:
            return
        self._sent_at = self.step
        self._send({"op": "choose", "step": self.step, "option": option_id})

    def refused(self) -> None:
        """The table refused what was sent: the decision may be sent again."""
        self._sent_at = None

    def note_hint(self, seat: int) -> None:
        """The table notes it in every screen's log."""
        self._send({"op": "hint", "step": self.step})

    def undo_refusal(self) -> str:
        return UNDO_OFF

    def undo(self) -> LogNote:
        raise InvalidChoice(UNDO_OFF)

    def redo(self) -> LogNote:
        raise InvalidChoice(UNDO_OFF)

    def change_control(self, seat: int, bot: str | None) -> None:
        raise InvalidChoice("At a shared table a seat is handed over by the host only.")

    # ------------------------------------------------------------------ from the table
    def apply(self, step: int, option_id: str) -> None:
        if step != self.step:
            raise OutOfStep(f"the table sent step {step}, this screen is at {self.step}")
        self.timeline.choose(option_id)
        self._sent_at = None

    def apply_note(self, data: dict[str, Any]) -> None:
        self.timeline.notes.append(LogNote(**data))
