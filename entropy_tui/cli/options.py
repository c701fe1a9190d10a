"""The options more than one command takes, each declared here once (a command may word its
help for what the option does there)."""

from __future__ import annotations

import argparse

DEFAULT_BOT_DELAY = 0.6


class UsageError(Exception):
    """Options each fine alone that do not go together: the command line prints its usage,
    then this message, and exits with 2."""


def add_seed(parser: argparse.ArgumentParser, words: str) -> None:
    parser.add_argument("--seed", type=int, help=words)


def add_bot_delay(parser: argparse.ArgumentParser, default: float | None, words: str) -> None:
    parser.add_argument("--bot-delay", type=float, default=default, metavar="SECONDS", help=words)


def add_colour_blind(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--colour-blind", action="store_true", help="start with the colour-blind-safe theme"
    )


def add_screen(parser: argparse.ArgumentParser) -> None:
    """How a screen is drawn: without the mouse, in the colour-blind theme, or in plain lines."""
    parser.add_argument("--no-mouse", action="store_true", help="ignore the mouse (for SSH)")
    add_colour_blind(parser)
    parser.add_argument(
        "--plain",
        action="store_true",
        help="play in plain lines, for screen readers, braille displays and dumb terminals"
        " (also when TERM is dumb or the output is not a terminal)",
    )


def add_game_settings(parser: argparse.ArgumentParser) -> None:
    """What a new game starts with besides its seats (a GameConfig's settings)."""
    parser.add_argument(
        "--alternative-objectives", action="store_true", help="use the alternative objectives"
    )
    parser.add_argument(
        "--open-hands", action="store_true", help="teaching mode: every hand visible"
    )
    parser.add_argument(
        "--no-confirm-turn-end",
        action="store_true",
        help="end a person's turn at once, without the 'End your turn' step",
    )


def add_ssh_port(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=2222, help="the SSH port (default 2222)")


def add_listen(parser: argparse.ArgumentParser, words: str) -> None:
    parser.add_argument("--listen", metavar="ADDRESS", help=words)


def add_password(parser: argparse.ArgumentParser, words: str) -> None:
    parser.add_argument("--password", help=words)


def add_public_url(parser: argparse.ArgumentParser, flag: str) -> None:
    parser.add_argument(
        flag,
        metavar="URL",
        help="the address browsers use when it is not this machine's own, e.g. "
        "https://entropy.example.com behind a TLS proxy",
    )
