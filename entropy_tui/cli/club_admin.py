"""The club host's tasks that start no server (`entropy-tui club --export`): run
on the club's database, even while the club is open (it takes each write in a transaction of its
own), then exit."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_options(parser: argparse.ArgumentParser) -> None:
    tasks = parser.add_mutually_exclusive_group()
    tasks.add_argument(
        "--export",
        type=int,
        metavar="TABLE",
        help="write the finished game of table number TABLE to standard output as a save file"
        " (entropy-tui play --load or review opens it) and exit without opening the club",
    )


def wanted(args: argparse.Namespace) -> bool:
    return args.export is not None


def run(args: argparse.Namespace, path: Path) -> int:
    from entropy_tui.club.archive import NotArchived, finished_save
    from entropy_tui.club.store import ClubDatabaseError, Store

    if not path.exists():
        return _refused(f"{path}: there is no club database there")
    if sys.stdout.isatty():
        return _refused(f"a save is a file: send it to one (--export {args.export} > game.json)")
    try:
        store = Store(path)
    except ClubDatabaseError as error:
        return _refused(str(error))
    with store:
        try:
            save = finished_save(store, args.export)
        except NotArchived as refusal:
            return _refused(str(refusal))
    sys.stdout.buffer.write(save)
    sys.stdout.flush()
    return 0


def _refused(problem: str) -> int:
    print(f"entropy-tui club: {problem}", file=sys.stderr)
    return 2
