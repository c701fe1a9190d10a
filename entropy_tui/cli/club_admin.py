"""The club host's tasks that start no server (`entropy-tui club --invite` or `--export`): run
on the club's database, even while the club is open (it takes each write in a transaction of its
own), then exit."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

MAX_INVITATIONS = 100  # at once: each is a slow hash (scrypt), about 50 ms


def add_options(parser: argparse.ArgumentParser) -> None:
    tasks = parser.add_mutually_exclusive_group()
    tasks.add_argument(
        "--invite",
        nargs="?",
        const=1,
        type=_invitations,
        metavar="N",
        help="print N one-time invitation codes (1 when N is left out), each letting one new"
        " key join, and exit without opening the club (only each code's hash is kept)",
    )
    tasks.add_argument(
        "--export",
        type=int,
        metavar="TABLE",
        help="write the finished game of table number TABLE to standard output as a save file"
        " (entropy-tui play --load or review opens it) and exit without opening the club",
    )


def wanted(args: argparse.Namespace) -> bool:
    return args.invite is not None or args.export is not None


def run(args: argparse.Namespace, path: Path) -> int:
    if args.export is None:
        return _invite(args.invite, path)
    return _export(args.export, path)


def _invite(count: int, path: Path) -> int:
    """Prints `count` new invitation codes, one a line (a new club's database is made)."""
    from entropy_tui.club import identity
    from entropy_tui.club.store import ClubDatabaseError, Store

    try:
        store = Store(path)
    except ClubDatabaseError as error:
        return _refused(str(error))
    with store:
        for _ in range(count):
            print(identity.invite(store), flush=True)
    return 0


def _export(table_id: int, path: Path) -> int:
    from entropy_tui.club.archive import NotArchived, finished_save
    from entropy_tui.club.store import ClubDatabaseError, Store

    if not path.exists():
        return _refused(f"{path}: there is no club database there")
    if sys.stdout.isatty():
        return _refused(f"a save is a file: send it to one (--export {table_id} > game.json)")
    try:
        store = Store(path)
    except ClubDatabaseError as error:
        return _refused(str(error))
    with store:
        try:
            save = finished_save(store, table_id)
        except NotArchived as refusal:
            return _refused(str(refusal))
    sys.stdout.buffer.write(save)
    sys.stdout.flush()
    return 0


def _invitations(word: str) -> int:
    count = int(word) if word.isdigit() else 0
    if not 1 <= count <= MAX_INVITATIONS:
        raise argparse.ArgumentTypeError(f"a number of codes from 1 to {MAX_INVITATIONS} at once")
    return count


def _refused(problem: str) -> int:
    print(f"entropy-tui club: {problem}", file=sys.stderr)
    return 2
