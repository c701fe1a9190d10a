"""`entropy-tui serve [--port 8000] [--host 127.0.0.1] ...`: the app in a browser, a game a tab
(served by entropy_tui.web.serve, whose libraries load only here)."""

from __future__ import annotations

import argparse
import sys

from entropy_tui.cli.options import (
    UsageError,
    add_bot_delay,
    add_colour_blind,
    add_game_settings,
    add_password,
    add_public_url,
    add_seed,
)
from entropy_tui.web import DEFAULT_MAX_TABS

DEFAULT_PORT = 8000
EMPTY_PASSWORD = (
    "--password '' would let anyone in; give a password, or leave --password out to open "
    "the game with the link this prints"
)
# The options each tab's app is started with, as the play command takes them.
APP_FLAGS = ("alternative_objectives", "open_hands", "no_confirm_turn_end", "colour_blind")


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (0-65535; 0 picks a free one)")
    return port


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return number


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Serve Entropy to a web browser: every browser tab opens the new-game screen "
        "of a game of its own, played on this machine."
    )
    parser.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
        "address of this machine)",
    )
    add_password(
        parser,
        "a browser must give it (any user name) before it sees the game (left out: the "
        "printed link holds a random token instead)",
    )
    add_public_url(parser, "--public-url")
    parser.add_argument(
        "--max-tabs",
        type=_positive,
        default=DEFAULT_MAX_TABS,
        help=f"at most this many games at once, one per tab (default {DEFAULT_MAX_TABS})",
    )
    # What every tab's new-game screen starts from; the same flags as the plain game's.
    add_seed(parser, "the seed every new game starts with (left out: a random one)")
    add_game_settings(parser)
    add_colour_blind(parser)
    add_bot_delay(
        parser, None, "pause between two bot decisions (default 0.6; 0 plays bots at once)"
    )


def app_command(args: argparse.Namespace) -> list[str]:
    """The argv of one tab's app: the plain game with the flags given here."""
    command = [sys.executable, "-m", "entropy_tui"]
    if args.seed is not None:
        command += ["--seed", str(args.seed)]
    for flag in APP_FLAGS:
        if getattr(args, flag):
            command.append("--" + flag.replace("_", "-"))
    if args.bot_delay is not None:
        command += ["--bot-delay", str(args.bot_delay)]
    return command


def run(args: argparse.Namespace) -> int:
    from entropy_tui.rules import SEED_WORDS, valid_seed

    problem = None
    if args.seed is not None and not valid_seed(args.seed):
        problem = f"--seed must be {SEED_WORDS}"
    elif args.bot_delay is not None and args.bot_delay < 0:
        problem = "--bot-delay must be 0 or more"
    if problem is not None:
        raise UsageError(f"entropy-tui serve: {problem}")
    if args.password == "":
        print(f"entropy-tui serve: {EMPTY_PASSWORD}", file=sys.stderr)
        return 2
    from entropy_tui.web.serve import ServeOptions, serve
    from entropy_tui.web.server import public_url_problem

    if args.public_url is not None and (problem := public_url_problem(args.public_url)):
        print(f"entropy-tui serve: --public-url {problem}", file=sys.stderr)
        return 2
    options = ServeOptions(args.host, args.port, args.max_tabs, args.password, args.public_url)
    return serve(app_command(args), options)
