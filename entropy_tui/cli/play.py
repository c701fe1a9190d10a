"""`entropy-tui [play] [--seats "Ann,Bob,bot:greedy"] [--seed 7] ...`: play in the terminal."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from entropy_tui.bots.registry import seat_words
from entropy_tui.cli.options import (
    DEFAULT_BOT_DELAY,
    add_bot_delay,
    add_game_settings,
    add_screen,
    add_seed,
)
from entropy_tui.play.config import GameConfig, parse_seats, tutorial_config
from entropy_tui.rules import SEED_WORDS, new_seed, valid_seed

if TYPE_CHECKING:
    from entropy_tui.tui.app import OpenKind

FRAMES_PER_SECOND = 240


DESCRIPTION = "Play Entropy in the terminal: hot-seat, against bots, or both."


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.add_argument(
        "--seats",
        help='start this game at once, e.g. "Ann,Bob,bot:expert" (bots by level or name: '
        f"{', '.join(seat_words())}, optionally bot:expert:NAME); without it a set-up screen"
        " opens",
    )
    add_seed(parser, "the seed (left out: a random one, shown when the game ends)")
    opening = parser.add_mutually_exclusive_group()
    opening.add_argument(
        "--resume", action="store_true", help="continue the unfinished game saved most recently"
    )
    opening.add_argument("--load", type=Path, metavar="FILE", help="continue a saved game")
    opening.add_argument(
        "--replay", type=Path, metavar="FILE", help="step through a saved game, choice by choice"
    )
    opening.add_argument(
        "--tutorial",
        action="store_true",
        help="learn to play: a guided game against a bot, with a coach who explains each rule",
    )
    add_game_settings(parser)
    add_screen(parser)
    add_bot_delay(
        parser,
        DEFAULT_BOT_DELAY,
        f"pause between two bot decisions (default {DEFAULT_BOT_DELAY}; 0 plays bots at once)",
    )


def main(argv: list[str]) -> int:
    """`entropy-tui ARGS`: the command line as a whole (no subcommand: this one)."""
    from entropy_tui.cli.main import main as entropy_tui

    return entropy_tui(argv)


def run(args: argparse.Namespace) -> int:
    if args.seed is not None and not valid_seed(args.seed):
        print(f"entropy-tui: --seed must be {SEED_WORDS}", file=sys.stderr)
        return 2
    open_file: tuple[OpenKind, Path | None] | None = None
    if args.resume:
        open_file = ("resume", None)
    elif args.load or args.replay:
        open_file = ("load", args.load) if args.load else ("replay", args.replay)
    if open_file is not None and args.seats is not None:
        message = "--seats starts a new game; leave it out to open a saved one"
        print(f"entropy-tui: {message}", file=sys.stderr)
        return 2
    if args.tutorial and args.seats is not None:
        print("entropy-tui: --tutorial seats you against a bot; leave --seats out", file=sys.stderr)
        return 2
    settings = new_game_settings(args)
    config = tutorial_config() if args.tutorial else None
    if args.seats is not None:
        try:
            config = replace(settings, seats=parse_seats(args.seats))
        except ValueError as error:
            print(f"entropy-tui: {error}", file=sys.stderr)
            return 2
    from entropy_tui.plain import plain_terminal

    if args.plain or plain_terminal():
        from entropy_tui.plain.start import play_plain

        return play_plain(args.replay is not None, config, settings, open_file)
    # Textual waits for its next frame slot to draw; at its default of 60 a slot is 17 ms,
    # which a keypress feels. Nothing here animates, so a finer grid costs nothing when idle.
    os.environ.setdefault("TEXTUAL_FPS", str(FRAMES_PER_SECOND))
    from entropy_tui.tui.app import EntropyApp  # Textual loads only once the arguments are good

    app = EntropyApp(
        config=config,
        settings=settings,
        seed_chosen=args.seed is not None,
        bot_delay=max(args.bot_delay, 0.0),
        colourblind=args.colour_blind,
        open_file=open_file,
    )
    # Objects made at start-up live all session; freezing them keeps full garbage collections
    # (one every few dozen choices) from scanning them: 5 ms instead of 50.
    gc.freeze()
    try:
        app.run(mouse=not args.no_mouse)
    finally:
        app.finish_saving()
        if app.return_code and app.save_path is not None:
            print(crash_notice(app.save_path), file=sys.stderr)
    return app.return_code or 0


def new_game_settings(args: argparse.Namespace) -> GameConfig:
    """A new game as the command line sets it up, but for its seats (none yet)."""
    return GameConfig(
        seats=(),
        seed=args.seed if args.seed is not None else new_seed(),
        alternative_objectives=args.alternative_objectives,
        open_hands=args.open_hands,
        confirm_turn_end=not args.no_confirm_turn_end,
    )


def crash_notice(save_path: Path) -> str:
    """What to print when the app stopped on an error: the game is not lost."""
    return (
        f"entropy-tui stopped on an error, but your game is saved in {save_path}\n"
        f"Continue it with:  entropy-tui --resume   (or: entropy-tui --load {str(save_path)!r})"
    )
