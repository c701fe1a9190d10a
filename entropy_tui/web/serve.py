"""`entropy-tui serve [--port 8000] [--host 127.0.0.1] ...`: the app in a browser, a game a tab."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys

from entropy_tui.rules import SEED_WORDS, valid_seed
from entropy_tui.web.server import (
    DEFAULT_MAX_TABS,
    bind_failure,
    public_url_problem,
    start_web_server,
)

DEFAULT_PORT = 8000
EMPTY_PASSWORD = (
    "--password '' would let anyone in; give a password, or leave --password out to open "
    "the game with the link this prints"
)


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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="entropy-tui serve",
        description="Serve Entropy to a web browser: every browser tab opens the new-game screen "
        "of a game of its own, played on this machine.",
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
    parser.add_argument(
        "--password",
        help="a browser must give it (any user name) before it sees the game (left out: the "
        "printed link holds a random token instead)",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the address browsers use when it is not this server's own, e.g. "
        "https://entropy.example.com behind a TLS proxy",
    )
    parser.add_argument(
        "--max-tabs",
        type=_positive,
        default=DEFAULT_MAX_TABS,
        help=f"at most this many games at once, one per tab (default {DEFAULT_MAX_TABS})",
    )
    # What every tab's new-game screen starts from; the same flags as the plain game's.
    parser.add_argument(
        "--seed", type=int, help="the seed every new game starts with (left out: a random one)"
    )
    for flag, words in (
        ("--alternative-objectives", "use the alternative objectives"),
        ("--open-hands", "teaching mode: every hand visible"),
        ("--no-confirm-turn-end", "end a person's turn at once, without the 'End your turn' step"),
        ("--colour-blind", "start with the colour-blind-safe theme"),
    ):
        parser.add_argument(flag, action="store_true", help=words)
    parser.add_argument(
        "--bot-delay",
        type=float,
        metavar="SECONDS",
        help="pause between two bot decisions (default 0.6; 0 plays bots at once)",
    )
    return parser


def app_command(args: argparse.Namespace) -> list[str]:
    """The argv of one tab's app: the plain game with the flags given here."""
    command = [sys.executable, "-m", "entropy_tui"]
    if args.seed is not None:
        command += ["--seed", str(args.seed)]
    for flag in ("alternative_objectives", "open_hands", "no_confirm_turn_end", "colour_blind"):
        if getattr(args, flag):
            command.append("--" + flag.replace("_", "-"))
    if args.bot_delay is not None:
        command += ["--bot-delay", str(args.bot_delay)]
    return command


def main(argv: list[str]) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already printed
        return int(stop.code or 0)
    if args.seed is not None and not valid_seed(args.seed):
        parser.print_usage(sys.stderr)
        print(f"entropy-tui serve: --seed must be {SEED_WORDS}", file=sys.stderr)
        return 2
    if args.bot_delay is not None and args.bot_delay < 0:
        parser.print_usage(sys.stderr)
        print("entropy-tui serve: --bot-delay must be 0 or more", file=sys.stderr)
        return 2
    if args.password == "":
        print(f"entropy-tui serve: {EMPTY_PASSWORD}", file=sys.stderr)
        return 2
    if args.public_url is not None and (problem := public_url_problem(args.public_url)):
        print(f"entropy-tui serve: --public-url {problem}", file=sys.stderr)
        return 2
    return asyncio.run(_serve(app_command(args), args))


async def _serve(command: list[str], args: argparse.Namespace) -> int:
    host, port = args.host, args.port
    try:
        server = await start_web_server(
            command,
            host=host,
            port=port,
            max_tabs=args.max_tabs,
            password=args.password,
            public_url=args.public_url,
        )
    except OSError as error:
        print(f"entropy-tui serve: {bind_failure(host, port, error)}", file=sys.stderr)
        return 1
    print(f"Entropy is served at {server.url}", flush=True)
    print("Open it in a browser: every tab plays a game of its own. Ctrl+C stops.", flush=True)
    if args.password is not None:
        print("A browser asks for the password (any user name will do).", flush=True)
    else:
        print("The link holds this server's token: whoever has the link can play.", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signal_number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signal_number, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()
    print("Stopped; every game played here is saved.", flush=True)
    return 0
