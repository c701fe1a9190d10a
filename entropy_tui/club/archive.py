"""The club's archive: a finished table's game as the usual save file, for any member (and the
club's host on the command line) to keep, replay or review.

A save holds the game's seed and every choice, so replaying it deals every hand and the deck:
a save of a game still being played would show its seats' hidden cards to whoever has it, seated
or not. So only a finished table is exported; while it is played, anyone not seated watches
its public view (Rooms.visit), and its seats play it."""

from __future__ import annotations

from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable


class NotArchived(Exception):
    """The table's game can't be had as a save (yet); the message says why, to a player."""


def finished_save(store: Store, table_id: int) -> bytes:
    """The finished table's game as a save file's bytes, with the club's lines of its log."""
    record = store.table(table_id)
    if record is None:
        raise NotArchived(f"There is no table {table_id}.")
    if record.status != "finished":
        raise NotArchived(
            f"Table {table_id}'s game has not ended: its save would show every hand, so it is"
            " kept for when it ends (watch it meanwhile)."
        )
    return ClubTable.load(store, table_id).save(store.notes(table_id))
