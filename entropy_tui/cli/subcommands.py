"""The subcommands of `entropy-tui`, in one table: the command line runs them from it and the
play command's --help lists them from it. Each loads its code only when it runs (the web
server's libraries, for one, load only for `serve`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module


@dataclass(frozen=True, slots=True)
class Subcommand:
    name: str
    summary: str  # what --help says of it, in one line
    module: str  # where its main(argv) -> exit code lives
    function: str = "main"

    def entry(self) -> Callable[[list[str]], int]:
        entry: Callable[[list[str]], int] = getattr(import_module(self.module), self.function)
        return entry


SUBCOMMANDS: tuple[Subcommand, ...] = (
    Subcommand(
        "host",
        "open a shared table that players join over SSH",
        "entropy_tui.cli.table",
        "host_main",
    ),
    Subcommand(
        "join",
        "a seat's screen at a shared table (host starts it)",
        "entropy_tui.cli.table",
        "join_main",
    ),
    Subcommand(
        "review",
        "the expert's review of a saved game: the costliest decisions and why",
        "entropy_tui.cli.review",
    ),
    Subcommand("serve", "serve the game to web browsers", "entropy_tui.web.serve"),
    Subcommand(
        "simulate", "bots play games; prints scores and lengths", "entropy_tui.play.simulate"
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
    return "\n".join(["other commands (each with its own --help):", *lines])
