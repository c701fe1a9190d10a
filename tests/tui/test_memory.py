"""The garbage collection the game screen runs while it waits for a key."""

from __future__ import annotations

import gc
import weakref

from entropy_tui.tui.memory import collect_while_idle


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


def test_a_cycle_frozen_while_alive_is_freed_by_a_later_full_collection() -> None:
    node = _Node()
    alive = weakref.ref(node)
    gc.freeze()  # kept by an earlier idle collection while it was in use
    del node
    gc.collect()
    for _ in range(gc.get_threshold()[2] // 2):
        gc.collect(1)
    try:
        collect_while_idle()
        assert alive() is None
    finally:
        gc.unfreeze()
