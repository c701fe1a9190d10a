"""Run as a process of its own by the durability test: plays a club table with random bots,
one stored decision at a time, and after each one prints a JSON line of how many decisions
are stored and what the game asks next (player and option ids), flushing at once, until it
is killed."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable
from tests.club.helpers import play_out


def main(database: str, table_id: str) -> None:
    with Store(Path(database)) as store:
        table = ClubTable.load(store, int(table_id))
        while not table.game.over:
            play_out(table, decisions=1)
            decision = table.game.decision
            report = {
                "stored": len(table.game.state.choices),
                "player": None if decision is None else decision.player,
                "options": [] if decision is None else [o.id for o in decision.options],
            }
            print(json.dumps(report), flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:])
