"""One seat on the new-game screen: whether it plays, its name, human or bot, its colour."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Input

from entropy_tui.bots.registry import BOT_LEVELS
from entropy_tui.play.config import COLOURS, SeatConfig
from entropy_tui.tui.widgets.cycler import Cycler
from entropy_tui.tui.widgets.tick_box import TickBox

# A seat's level: a person, or a bot named for how well it plays.
KINDS: list[tuple[str, str]] = [("Human", "human")] + [
    (f"{level.name} bot", level.kind) for level in BOT_LEVELS
]
REMOTE = "remote"  # at a shared table: a player who joins over the network


class SeatRow(Horizontal):
    DEFAULT_CSS = "SeatRow { height: 1; margin-bottom: 1; }"

    def __init__(
        self, number: int, seat: SeatConfig, *, playing: bool, remote: bool | None = None
    ) -> None:
        """`remote`: at a shared table, whether the seat starts as Remote (None: no table)."""
        super().__init__(id=f"seat-{number}")
        self.number = number
        self.seat = seat
        self.playing = playing
        self.remote = remote

    def compose(self) -> ComposeResult:
        yield TickBox(f"Seat {self.number}", self.playing, compact=True, classes="seat-plays")
        yield Input(
            self.seat.name, placeholder="Name", compact=True, classes="seat-name", max_length=16
        )
        kinds = KINDS if self.remote is None else [("Remote", REMOTE), *KINDS]
        kind = REMOTE if self.remote else self.seat.bot or "human"
        yield Cycler(kinds, kind, classes="seat-kind")
        yield Cycler(
            [(f"{c.symbol} {c.name}", c.key) for c in COLOURS],
            self.seat.colour,
            classes="seat-colour",
        )

    def value(self) -> SeatConfig | None:
        """The seat as set up, or None when it does not play."""
        if not self.query_one(TickBox).value:
            return None
        kind = self.query_one(".seat-kind", Cycler).value
        return SeatConfig(
            name=self.query_one(Input).value.strip(),
            bot=None if kind in ("human", REMOTE) else kind,
            colour=self.query_one(".seat-colour", Cycler).value,
            remote=kind == REMOTE,
        )
