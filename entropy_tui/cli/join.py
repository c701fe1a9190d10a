"""`entropy-tui join`: one screen of a shared table (the table starts it for each login)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from entropy_tui.cli.options import add_screen


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.description = "One screen of a shared table: the seat a ticket gives, or the lobby."
    parser.add_argument("--socket", type=Path, required=True, help="the table's local socket")
    entry = parser.add_mutually_exclusive_group(required=True)
    entry.add_argument("--ticket", help="the ticket the table gave for this screen")
    entry.add_argument("--lobby", action="store_true", help="go to the lobby, with no login")
    add_screen(parser)


def run(args: argparse.Namespace) -> int:
    from entropy_tui.plain import plain_terminal

    if args.plain or plain_terminal():
        from entropy_tui.plain.join import join_plain

        return join_plain(args.socket, None if args.lobby else args.ticket)
    from entropy_tui.cli.play import FRAMES_PER_SECOND

    os.environ.setdefault("TEXTUAL_FPS", str(FRAMES_PER_SECOND))
    from entropy_tui.tui.table_app import TableApp

    app = TableApp(args.socket, None if args.lobby else args.ticket, colourblind=args.colour_blind)
    app.run(mouse=not args.no_mouse)
    if app.farewell:
        print(app.farewell, file=sys.stderr)
    return app.return_code or 0
