"""`entropy-tui host`: a shared table, set up here (on the command line, or on the new-game
screen when --seats is left out) and then opened by entropy_tui.table.host."""

from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from entropy_tui.cli.options import (
    DEFAULT_BOT_DELAY,
    add_bot_delay,
    add_listen,
    add_password,
    add_public_url,
    add_seed,
    add_ssh_port,
)

if TYPE_CHECKING:
    from entropy_tui.play.config import GameConfig


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Host a shared table: players join over SSH, each seeing only their own seat;"
        " this terminal is the host's own screen."
    )
    add_ssh_port(parser)
    add_listen(
        parser,
        "the address SSH and the web page listen on (default: every address for SSH, "
        "127.0.0.1 for the web page)",
    )
    parser.add_argument(
        "--seats",
        help='e.g. "remote:Ann,remote:Bob,Cy,bot:greedy": remote:NAME joins over SSH, a plain'
        " name plays at this keyboard, bot:KIND is a bot; without it a set-up screen opens",
    )
    add_seed(parser, "the seed (left out: a random one, shown when the game ends)")
    parser.add_argument(
        "--resume", action="store_true", help="bring back the table whose game was saved last"
    )
    add_password(parser, "the table's password (one is made up if left out)")
    parser.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="public keys that may log in (default: authorized_keys in the data folder)",
    )
    add_bot_delay(
        parser, DEFAULT_BOT_DELAY, f"pause between two bot decisions (default {DEFAULT_BOT_DELAY})"
    )
    parser.add_argument(
        "--web-port",
        type=int,
        metavar="PORT",
        help="also offer the lobby to web browsers on this port (they give the table's "
        "password); on 127.0.0.1 unless --listen says otherwise",
    )
    add_public_url(parser, "--web-public-url")


def run(args: argparse.Namespace) -> int:
    from entropy_tui.table import host

    if args.resume and args.seats is not None:
        return _refused("--resume brings back a saved table; leave --seats out")
    if args.password == "":
        return _refused(
            "--password '' would let anyone in; give a password, or leave --password out to"
            " have one made up"
        )
    if args.web_public_url is not None:
        from entropy_tui.web.server import public_url_problem

        if problem := public_url_problem(args.web_public_url):
            return _refused(f"--web-public-url {problem}")
    config = None
    if not args.resume:
        from entropy_tui.rules import SEED_WORDS, valid_seed

        if args.seed is not None and not valid_seed(args.seed):
            return _refused(f"--seed must be {SEED_WORDS}")
        if args.seats is None:
            config = set_up(args.seed)
            if config is None:
                return 0  # the set-up screen was left
        else:
            try:
                config = new_table(args.seats, args.seed)
            except ValueError as error:
                return _refused(str(error))
    options = host.HostOptions(
        port=args.port,
        listen=args.listen,
        config=config,
        resume=args.resume,
        password=args.password,
        authorized_keys=args.authorized_keys,
        bot_delay=max(args.bot_delay, 0.0),
        web_port=args.web_port,
        web_public_url=args.web_public_url,
    )
    return host.run_host(options)


def new_table(seats: str, seed: int | None) -> GameConfig:
    """The game --seats starts, its remote seats marked so; raises ValueError with a readable
    message. A seat is read as the play command reads it (parse_seats), but for `remote:`."""
    from entropy_tui.play.config import GameConfig
    from entropy_tui.rules import new_seed
    from entropy_tui.table.seats import parse_table_seats

    return GameConfig(
        parse_table_seats(seats),
        seed=seed if seed is not None else new_seed(),
        confirm_turn_end=False,  # the step is there to take a turn back; a table has no undo
    )


def set_up(seed: int | None) -> GameConfig | None:
    """The new-game screen, where a seat may also be Remote (None: it was left)."""
    from entropy_tui.tui.table_setup import TableSetupApp

    setup = TableSetupApp(seed)
    setup.run()
    # Textual's terminal driver leaves its suspend and resume handlers behind: the SIGCONT
    # that comes with the hang-up when this terminal closes would start its input thread
    # again, reading the dead terminal forever and keeping the host from exiting.
    signal.signal(signal.SIGTSTP, signal.SIG_DFL)
    signal.signal(signal.SIGCONT, signal.SIG_DFL)
    return setup.chosen


def _refused(problem: str) -> int:
    print(f"entropy-tui host: {problem}", file=sys.stderr)
    return 2
