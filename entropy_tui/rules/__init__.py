"""The rules engine of Entropy: plain data and functions, no user interface.

from entropy_tui.rules import Game
game = Game.new(["Ann", "Bob"], seed=7)
"""

from .decision import Decision, InvalidChoice, Option
from .game import Game

__all__ = ["Decision", "Game", "InvalidChoice", "Option"]
