"""Club tables for the tests: members, settings and whole games played by bots."""

from __future__ import annotations

from entropy_tui.bots import make_bot
from entropy_tui.club.names import name_key
from entropy_tui.club.records import Decider
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable
from entropy_tui.play.config import COLOURS, GameConfig, SeatConfig


def config(*seats: tuple[str, str | None], seed: int = 5) -> GameConfig:
    """Seats as (name, bot kind or None for a person)."""
    return GameConfig(
        tuple(SeatConfig(name, bot, COLOURS[n].key) for n, (name, bot) in enumerate(seats)),
        seed=seed,
        hints=False,
    )


def member(store: Store, name: str) -> int:
    return store.add_player(name, name_key(name), f"SHA256:{name}-key").id


def play_out(table: ClubTable, decisions: int | None = None) -> None:
    """Each seat's choices made by a random bot (for a person's seat, as that person), until
    the game ends or `decisions` have been made."""
    bots = [make_bot("random", seat) for seat in range(len(table.record.seats))]
    made = 0
    while not table.game.over and (decisions is None or made < decisions):
        decision = table.game.decision
        assert decision is not None
        seat = table.record.seats[decision.player]
        choice = bots[decision.player].decide(table.game.view(decision.player), decision)
        decided_by: Decider = "bot" if seat.bot is not None else "player"
        table.decide(choice, decided_by, seat.player_id)
        made += 1
