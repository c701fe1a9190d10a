"""The rules engine of Entropy: plain data and functions, no user interface.

from entropy_tui.rules import Game
game = Game.new(["Ann", "Bob"], seed=7)
"""

from entropy_tui.rules.decision import Decision, InvalidChoice, Option
from entropy_tui.rules.game import Game

__all__ = ["Decision", "Game", "InvalidChoice", "Option"]
