"""`entropy-tui join`: one screen of a shared table; `entropy-tui host`: the table itself."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def _join_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="entropy-tui join",
        description="One screen of a shared table: the seat a ticket gives, or the lobby.",
    )
    parser.add_argument("--socket", type=Path, required=True, help="the table's local socket")
    entry = parser.add_mutually_exclusive_group(required=True)
    entry.add_argument("--ticket", help="the ticket the table gave for this screen")
    entry.add_argument("--lobby", action="store_true", help="go to the lobby, with no login")
    parser.add_argument("--no-mouse", action="store_true", help="ignore the mouse (for SSH)")
    parser.add_argument(
        "--colour-blind", action="store_true", help="start with the colour-blind-safe theme"
    )
    parser.add_argument(
        "--plain",
        action="store_true",
        help="plain lines, for screen readers, braille displays and dumb terminals (also when"
        " TERM is dumb or the output is not a terminal)",
    )
    return parser


def join_main(argv: list[str]) -> int:
    try:
        args = _join_parser().parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
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


def _host_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="entropy-tui host",
        description="Host a shared table: players join over SSH, each seeing only their own seat;"
        " this terminal is the host's own screen.",
    )
    parser.add_argument("--port", type=int, default=2222, help="the SSH port (default 2222)")
    parser.add_argument(
        "--listen",
        metavar="ADDRESS",
        help="the address SSH and the web page listen on (default: every address for SSH, "
        "127.0.0.1 for the web page)",
    )
    parser.add_argument(
        "--seats",
        help='e.g. "remote:Ann,remote:Bob,Cy,bot:greedy": remote:NAME joins over SSH, a plain'
        " name plays at this keyboard, bot:KIND is a bot; without it a set-up screen opens",
    )
    parser.add_argument(
        "--seed", type=int, help="the seed (left out: a random one, shown when the game ends)"
    )
    parser.add_argument(
        "--resume", action="store_true", help="bring back the table whose game was saved last"
    )
    parser.add_argument("--password", help="the table's password (one is made up if left out)")
    parser.add_argument(
        "--authorized-keys",
        type=Path,
        metavar="FILE",
        help="public keys that may log in (default: authorized_keys in the data folder)",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="pause between two bot decisions (default 0.6)",
    )
    parser.add_argument(
        "--web-port",
        type=int,
        metavar="PORT",
        help="also offer the lobby to web browsers on this port (they give the table's "
        "password); on 127.0.0.1 unless --listen says otherwise",
    )
    parser.add_argument(
        "--web-public-url",
        metavar="URL",
        help="the address browsers use when it is not this machine's own, e.g. "
        "https://entropy.example.com behind a TLS proxy",
    )
    return parser


def host_main(argv: list[str]) -> int:
    try:
        args = _host_parser().parse_args(argv)
    except SystemExit as stop:
        return int(stop.code or 0)
    from entropy_tui.table.host import HostOptions, run_host

    if args.resume and args.seats is not None:
        print(
            "entropy-tui host: --resume brings back a saved table; leave --seats out",
            file=sys.stderr,
        )
        return 2
    if args.password == "":
        print(
            "entropy-tui host: --password '' would let anyone in; give a password, or leave "
            "--password out to have one made up",
            file=sys.stderr,
        )
        return 2
    if args.web_public_url is not None:
        from entropy_tui.web.server import public_url_problem

        if problem := public_url_problem(args.web_public_url):
            print(f"entropy-tui host: --web-public-url {problem}", file=sys.stderr)
            return 2
    options = HostOptions(
        port=args.port,
        listen=args.listen,
        seats=args.seats,
        seed=args.seed,
        resume=args.resume,
        password=args.password,
        authorized_keys=args.authorized_keys,
        bot_delay=max(args.bot_delay, 0.0),
        web_port=args.web_port,
        web_public_url=args.web_public_url,
    )
    return run_host(options)
