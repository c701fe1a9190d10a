"""The subcommands of `entropy-tui`, in one table: the command line's one parser is built from
it and --help lists it. Each subcommand's module (`add_options(parser)`, `run(args) -> exit
code`) loads only when that subcommand is asked for: its options, and the code that runs it
(the web server's libraries, for one, load only for `serve`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True, slots=True)
class Subcommand:
    name: str
    summary: str  # what --help says of it, in one line
    module: str  # where its add_options(parser) and run(args) live

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        add: Callable[[argparse.ArgumentParser], None] = import_module(self.module).add_options
        add(parser)

    def run(self, args: argparse.Namespace) -> int:
        run: Callable[[argparse.Namespace], int] = import_module(self.module).run
        return run(args)


PLAY = Subcommand("play", "play in the terminal (also with no subcommand)", "entropy_tui.cli.play")
SUBCOMMANDS: tuple[Subcommand, ...] = (
    PLAY,
    Subcommand("host", "open a shared table that players join over SSH", "entropy_tui.cli.host"),
    Subcommand(
        "join", "a seat's screen at a shared table (host starts it)", "entropy_tui.cli.join"
    ),
    Subcommand(
        "club", "run a club: players log in over SSH by key, to their lobby", "entropy_tui.cli.club"
    ),
    Subcommand(
        "review",
        "the expert's review of a saved game: the costliest decisions and why",
        "entropy_tui.cli.review",
    ),
    Subcommand("serve", "serve the game to web browsers", "entropy_tui.cli.serve"),
    Subcommand(
        "simulate", "bots play games; prints scores and lengths", "entropy_tui.cli.simulate"
    ),
)


def find(name: str) -> Subcommand | None:
    return next((subcommand for subcommand in SUBCOMMANDS if subcommand.name == name), None)


def listing() -> str:
    """The subcommands for --help, one a line."""
    width = max(len(subcommand.name) for subcommand in SUBCOMMANDS)
    lines = [
        f"  entropy-tui {subcommand.name:<{width}}  {subcommand.summary}"
        for subcommand in SUBCOMMANDS
    ]
    return "\n".join(["commands (each with its own --help):", *lines])
