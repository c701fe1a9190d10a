"""What a member's lobby lists, read from the store in one go: the tables waiting for them first
(the longest waiting first), their other tables, the tables they are invited to (a section of
their own: taking the seat is a choice, not yet a table of theirs), open tables to join,
games being played by others to watch, finished games and the leaderboard."""

from __future__ import annotations

from dataclasses import dataclass, field

from entropy_tui.club.records import Player, Rating, RatingChange, TableSummary
from entropy_tui.club.store import Store

LISTED = 50  # open tables, games to watch, finished games and leaderboard places shown, each


@dataclass(frozen=True, slots=True)
class Lobby:
    member: Player
    your_turn: tuple[TableSummary, ...]
    your_tables: tuple[TableSummary, ...]
    open_tables: tuple[TableSummary, ...]
    finished: tuple[TableSummary, ...]
    leaderboard: tuple[tuple[Player, Rating], ...]
    read_at: float  # the store's time when it was read: how long a table has waited runs to it
    invitations: tuple[TableSummary, ...] = ()  # open tables with a seat kept for the member
    to_watch: tuple[TableSummary, ...] = ()  # games being played without the member
    # The member's rating before and after each of their last rated games, by table.
    rating_changes: dict[int, RatingChange] = field(default_factory=dict)


def lobby(store: Store, member: Player) -> Lobby:
    mine = store.tables_of(member.id)
    waiting = [table for table in mine if _waits_for(table, member.id)]
    invitations = store.invitations_of(member.id)
    invited_to = {table.id for table in invitations}  # listed once, as an invitation
    return Lobby(
        member,
        tuple(sorted(waiting, key=lambda table: table.since)),
        tuple(table for table in mine if table not in waiting),
        tuple(
            table for table in store.open_tables(member.id, LISTED) if table.id not in invited_to
        ),
        _finished(store, member.id),
        tuple(store.leaderboard(LISTED)),
        store.clock(),
        tuple(invitations),
        tuple(store.tables_to_watch(member.id, LISTED)),
        store.rating_history(member.id, LISTED),
    )


def _finished(store: Store, player_id: int) -> tuple[TableSummary, ...]:
    """The club's last finished games and the member's own, each once, the last to end first:
    a member's own games (and their ratings) stay listed however many the club finishes."""
    tables = {
        t.id: t
        for t in (*store.finished_tables(LISTED), *store.finished_tables_of(player_id, LISTED))
    }
    return tuple(sorted(tables.values(), key=lambda table: (table.since, table.id), reverse=True))


def _waits_for(table: TableSummary, player_id: int) -> bool:
    return (
        table.status == "playing"
        and table.to_move is not None
        and table.seats[table.to_move].player_id == player_id
    )
