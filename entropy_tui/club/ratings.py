"""Ratings of finished rated games, with OpenSkill's Plackett-Luce model (Weng-Lin): it rates a
free-for-all of any number of players from their places in one update, ties included, where
Elo and Glicko rate pairs and TrueSkill's library has not been kept up.

A bot counts as a rated player too, by its level ("the Casual bot"): its strength never
changes, which is the opponent a Bayesian rating learns best, so the levels settle and anchor
the scale. A level that fills several seats of one game moves once, by its seats' mean."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from statistics import fmean

from openskill.models import PlackettLuce

from entropy_tui.club.records import Rating

MODEL = PlackettLuce()
FIRST_RATING = Rating(MODEL.mu, MODEL.sigma, 0)


def places(totals: Sequence[int]) -> list[int]:
    """Each seat's place by its final score: 1 for the top total, tied seats sharing a place."""
    return [1 + sum(other > total for other in totals) for total in totals]


def rated(
    subjects: Sequence[Hashable], before: Sequence[Rating], finished: Sequence[int]
) -> list[Rating]:
    """Each seat's rating after a game it finished in place `finished[seat]`, from its rating
    `before`; seats with the same subject (one bot level) get one rating, their mean."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    outcome = MODEL.rate(teams, ranks=list(finished))
    moved: dict[Hashable, list[tuple[float, float]]] = {}
    for subject, (after,) in zip(subjects, outcome, strict=True):
        moved.setdefault(subject, []).append((after.mu, after.sigma))
    return [
        Rating(
            fmean(mu for mu, _ in moved[subject]),
            fmean(sigma for _, sigma in moved[subject]),
            rating.games + 1,
        )
        for subject, rating in zip(subjects, before, strict=True)
    ]
