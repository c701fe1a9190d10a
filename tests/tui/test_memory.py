"""The garbage collection the game screen runs while it waits for a key."""

from __future__ import annotations

import gc
import weakref

import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui import memory
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.memory import collect_while_idle, review_frozen_later
from entropy_tui.tui.screens.game import GameScreen


@pytest.fixture(autouse=True)
def no_review_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game screen that earlier tests closed asked for a review; these tests start
    without one, as a game does until its first screen goes."""
    monkeypatch.setattr(memory, "_frozen_to_review", False)


def _cycles(count: int) -> None:
    for _ in range(count):
        pair: list[object] = []
        pair.append([pair])  # a cycle only the collector frees


def test_the_young_objects_are_collected_and_the_old_are_left_while_not_due() -> None:
    gc.collect()  # the old objects' count starts again from nought
    frozen = gc.get_freeze_count()
    _cycles(100)
    collect_while_idle()
    assert gc.get_count()[1] == 0  # the young were collected (which counts towards the old)
    assert gc.get_freeze_count() == frozen


def test_once_the_old_objects_are_half_due_everything_is_collected_and_frozen() -> None:
    gc.collect()
    for _ in range(gc.get_threshold()[2] // 2):
        gc.collect(1)  # what idle moments and keypresses add up to
    frozen = gc.get_freeze_count()
    _cycles(100)
    try:
        collect_while_idle()
        assert gc.get_count()[2] == 0
        assert gc.get_freeze_count() > frozen  # the survivors are not looked at again
    finally:
        gc.unfreeze()


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle only the collector frees


def _frozen_cycle_after_a_while() -> weakref.ref[_Node]:
    """A cycle frozen while alive (by an earlier idle collection) and dropped since, and the
    old objects half due again."""
    node = _Node()
    alive = weakref.ref(node)
    gc.freeze()
    del node
    gc.collect()
    for _ in range(gc.get_threshold()[2] // 2):
        gc.collect(1)
    return alive


def test_during_play_a_full_collection_leaves_what_was_frozen_alone() -> None:
    alive = _frozen_cycle_after_a_while()
    try:
        collect_while_idle()
        assert alive() is not None  # the frozen objects were not looked at again (the cost)
    finally:
        gc.unfreeze()
        gc.collect()


def test_once_a_game_screen_has_gone_a_cycle_frozen_while_alive_is_freed() -> None:
    alive = _frozen_cycle_after_a_while()
    try:
        review_frozen_later()
        collect_while_idle()
        assert alive() is None
        second = _frozen_cycle_after_a_while()
        collect_while_idle()
        assert second() is not None  # asked for once, not for every collection after
    finally:
        gc.unfreeze()
        gc.collect()


async def test_leaving_a_game_screen_asks_for_the_frozen_objects_to_be_reviewed() -> None:
    app = EntropyApp(config=GameConfig(parse_seats("Ann,bot:random"), seed=7), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        memory._frozen_to_review = False
        app.new_game()
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
        assert memory._frozen_to_review
