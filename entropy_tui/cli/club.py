"""`entropy-tui club`: a long-lived club over SSH. Any SSH key logs in, and the key is the
account: a key the club has not met registers a name (with the club's password or an
invitation code unless the club is --open), a member's key goes to their lobby. Every
connection's screen is a task of this one process (tui/channel_driver.py); the club's state
lives in its SQLite database (the data folder's club.db unless --db says otherwise)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from entropy_tui.cli import club_admin
from entropy_tui.cli.options import add_listen, add_password, add_ssh_port

if TYPE_CHECKING:
    from entropy_tui.club.notify import Notifier
    from entropy_tui.club.presence import Presence
    from entropy_tui.club.rooms import Rooms
    from entropy_tui.club.store import Store
    from entropy_tui.ssh.channel_terminal import ChannelTerminal

DATABASE_FILE = "club.db"


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Run a club: players log in over SSH with their keys (a key is an account), each to"
        " their own lobby. Stop it with Ctrl+C or SIGTERM; its state stays in its database."
    )
    add_ssh_port(parser)
    add_listen(parser, "the address SSH listens on (default: every address)")
    parser.add_argument(
        "--db",
        type=Path,
        metavar="FILE",
        help=f"the club's database (default: {DATABASE_FILE} in the data folder)",
    )
    parser.add_argument(
        "--open",
        action="store_true",
        help="anyone with an SSH key may join (otherwise joining takes the club's password or"
        " an invitation code)",
    )
    add_password(
        parser,
        "the club's password, which a new key gives to join (only its hash is kept; left out,"
        " the club keeps the one it has, or one is made up and shown)",
    )
    parser.add_argument(
        "--notify-command",
        metavar="CMD",
        help="when a table waits for a player who is not connected, run CMD (a program and its"
        " arguments, no shell) with three more: the player's name, the table's number and a"
        " line such as 'Your move at table 7: Ann placed their Planet token; 2 h 05 min left'"
        " (to send them a mail or a chat message)",
    )
    club_admin.add_options(parser)


def run(args: argparse.Namespace) -> int:
    from entropy_tui.club import identity
    from entropy_tui.club.notify import BadCommand, command_argv
    from entropy_tui.club.store import ClubDatabaseError, Store
    from entropy_tui.saves.folder import saves_dir

    if args.open and args.password is not None:
        return _refused("--open lets anyone join without a password; leave --password out")
    if args.password == "":
        return _refused("--password '' would let anyone in: use --open for that")
    try:
        notify = None if args.notify_command is None else command_argv(args.notify_command)
    except BadCommand as error:
        return _refused(str(error))
    path = args.db if args.db is not None else saves_dir() / DATABASE_FILE
    if club_admin.wanted(args):
        return club_admin.run(args, path)
    try:
        store = Store(path)
    except ClubDatabaseError as error:
        return _refused(str(error))
    with store:
        try:
            joining = _joining(store, args.open, args.password)
        except identity.Refused as refusal:
            return _refused(str(refusal))
        return asyncio.run(_serve(store, args, joining, notify))


def _joining(store: Store, open_club: bool, password: str | None) -> str:
    """Sets the club's password as asked (or makes one up for a club that has none); what to
    tell the host about joining."""
    from entropy_tui.club import identity
    from entropy_tui.table.seats import new_code

    if open_club:
        return "Joining: open to any SSH key (--open)."
    if password is not None:
        identity.set_password(store, password)
        return "Joining takes the club's password (the one given) or an invitation code."
    if store.password() is not None:
        return "Joining takes the club's password (kept from before) or an invitation code."
    made_up = new_code()
    identity.set_password(store, made_up)
    return f"Joining takes the club's password, {made_up}, or an invitation code."


async def _serve(
    store: Store, args: argparse.Namespace, joining: str, notify: list[str] | None
) -> int:
    from entropy_tui.club.presence import Presence
    from entropy_tui.club.rooms import Rooms
    from entropy_tui.saves.folder import saves_dir
    from entropy_tui.ssh import HostKeyError, SshServer, ensure_host_key, start_ssh_server
    from entropy_tui.table.host import HOST_KEY_FILE
    from entropy_tui.tui.channel_driver import run_on_terminal
    from entropy_tui.tui.club_app import ClubApp, Visitor

    key_path = saves_dir() / HOST_KEY_FILE
    try:
        fingerprint = ensure_host_key(key_path)
    except HostKeyError as error:
        return _refused(f"{key_path}: {error} (move it away: a new key is made)")
    server: SshServer | None = None
    rooms, presence = Rooms(store), Presence()  # every table; who is connected now

    async def program(terminal: ChannelTerminal) -> int:
        screen = terminal.screen
        if screen.key_fingerprint is None or server is None:
            return 1  # every login is by key: never so
        visitor = Visitor(
            store, screen.key_fingerprint, args.open, screen.address, server.guard, rooms, presence
        )
        return await run_on_terminal(ClubApp(visitor), terminal)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    try:
        server = await start_ssh_server(
            port=args.port,
            host=args.listen if args.listen is not None else "",
            host_key=key_path,
            authorized_keys=None,
            password=None,
            program=program,
            any_key=True,
        )
    except OSError as error:
        return _refused(f"can't listen on port {args.port}: {error.strerror or error}")
    port = server.port
    print(
        f"The club is open on port {port}: players connect with  ssh -p {port}"
        f" <any name>@{socket.gethostname()}  (their SSH key is their account)",
        f"Host key fingerprint: {fingerprint}",
        f"Database: {store.path}",
        joining,
        sep="\n",
        flush=True,
    )
    rooms.resume_bots()  # the tables a bot was to move at when the club last stopped
    timekeeper, notifier = _keep_time(store, rooms, presence, notify)
    try:
        await stop.wait()
    finally:
        rooms.close()  # the bots' thinking: what they had not decided waits for the next start
        timekeeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await timekeeper
        if notifier is not None:
            await notifier.close()
        server.close()
        with contextlib.suppress(Exception):
            await server.wait_closed()
    print("The club is closed.", flush=True)
    return 0


def _keep_time(
    store: Store, rooms: Rooms, presence: Presence, notify: list[str] | None
) -> tuple[asyncio.Task[None], Notifier | None]:
    """The task that times tables out and tells players away that a table waits for them."""
    from entropy_tui.club.notify import Herald, Notifier
    from entropy_tui.club.timekeeper import Timekeeper

    notifier = None if notify is None else Notifier(notify)
    herald = None if notifier is None else Herald(notifier, presence)
    return asyncio.create_task(Timekeeper(store, rooms, herald=herald).run()), notifier


def _refused(problem: str) -> int:
    print(f"entropy-tui club: {problem}", file=sys.stderr)
    return 2
