"""The Master: the Expert's search, judging positions with weights tuned by match play.

The weights were found by SPSA (benchmarks/tune_weights.py): each step plays paired games
(the same seed twice, seats swapped) between the Expert with the weights nudged one way and the
Expert with them nudged the other, and moves the weights toward the side that won by more.
What changed most: a Planet is worth nearly twice what the Expert thinks, Entropy twice as
much, a stock of resources stops being useful sooner, and a Lifeform tile's hope grows more
steeply toward its threshold (an Animal is worth less, a Plant more).
"""

from __future__ import annotations

from entropy_tui.bots.expert import ExpertBot
from entropy_tui.bots.heuristic import Weights

MASTER_WEIGHTS = Weights(
    resource={"energy": 0.54, "mass": 0.67, "entropy": 0.64},
    hand_card=1.38,
    useful_resources=3,
    useful_cards=4,
    lifeform={"bacteria": 0.9, "plant": 2.46, "animal": 1.57},
    played_card=0.77,
    planet=4.68,
    star=0.77,
    star_tier=1.08,
    asteroid=0.54,
    biome=1.29,
    fulfilled=1.41,
    biome_progress=0.85,
    focus_tier=0.97,
    generator_step=0.41,
    small_tile_share=0.44,
    big_tile_share=0.55,
    tile_progress_exponent=2.63,
    mission_potential=1.94,
    objective_growth=0.66,
    next_space_share=0.28,
    one_action_away_share=0.4,
    pending_reward={
        "advance_lifeform": 0.73,
        "activate_star": 0.31,
        "take_life_cards": 0.89,
        "advance_generator": 0.59,
        "free_catch": 1.61,
        "free_fulfil": 1.15,
        "action": 0.83,
    },
    caught_asteroid=1.29,
)


class MasterBot(ExpertBot):
    name = "master"
    weights = MASTER_WEIGHTS
