"""The command line's one parser: `entropy-tui [COMMAND] [OPTIONS]`, where COMMAND is one of
cli.subcommands.SUBCOMMANDS and none means play (so the play command's options are the top
level's too)."""

from __future__ import annotations

import argparse
import sys

from entropy_tui.cli.options import UsageError
from entropy_tui.cli.subcommands import PLAY, SUBCOMMANDS, Subcommand, find, listing


def parser(chosen: Subcommand | None = None) -> argparse.ArgumentParser:
    """The parser, with the options of `chosen` (None: play's, at the top level). The other
    subcommands are named, but their options are left out: declaring them would load their
    modules, and the app's start time counts."""
    return _parsers(chosen)[0]


def _parsers(
    chosen: Subcommand | None,
) -> tuple[argparse.ArgumentParser, argparse.ArgumentParser]:
    """The parser, and the part of it that reads `chosen`'s options."""
    root = argparse.ArgumentParser(
        prog="entropy-tui",
        epilog=listing(),
        formatter_class=argparse.RawDescriptionHelpFormatter,  # the listing keeps its lines
    )
    PLAY.add_options(root)
    commands = root.add_subparsers(dest="command", help=argparse.SUPPRESS)
    reader = root
    for subcommand in SUBCOMMANDS:
        each = commands.add_parser(subcommand.name, help=subcommand.summary)
        if subcommand == chosen:
            subcommand.add_options(each)
            reader = each
    return root, reader


def chosen(argv: list[str]) -> Subcommand | None:
    return find(argv[0]) if argv else None


def parse(argv: list[str]) -> argparse.Namespace:
    """The arguments of a command line (argparse exits on --help or a usage error)."""
    return parser(chosen(argv)).parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    subcommand = chosen(argv)
    root, reader = _parsers(subcommand)
    try:
        args = root.parse_args(argv)
    except SystemExit as stop:  # --help, or a usage error already printed
        return int(stop.code or 0)
    try:
        return (subcommand or PLAY).run(args)
    except UsageError as problem:
        reader.print_usage(sys.stderr)
        print(problem, file=sys.stderr)
        return 2
