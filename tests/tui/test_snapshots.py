"""Snapshots of every main screen at 80x24 and 160x50, the game at the smallest size of each
layout, and each panel paged (fixed seeds; no clock in the picture).
Update them with `pytest tests/tui/test_snapshots.py --snapshot-update` after a deliberate change,
and look at the report before committing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from .scenes import LAYOUT_SCENES, LAYOUT_SIZES, PANEL_SCENES, SCENES, SIZES


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SCENES)
def test_screen(snap_compare: Callable[..., bool], name: str, size: str) -> None:
    scene = SCENES[name]
    assert snap_compare(scene.make(), press=scene.keys, terminal_size=SIZES[size])


@pytest.mark.parametrize("size", LAYOUT_SIZES)
@pytest.mark.parametrize("name", LAYOUT_SCENES)
def test_layout_edge(snap_compare: Callable[..., bool], name: str, size: str) -> None:
    scene = SCENES[name]
    assert snap_compare(scene.make(), press=scene.keys, terminal_size=LAYOUT_SIZES[size])


@pytest.mark.parametrize("name", PANEL_SCENES)
def test_panel(snap_compare: Callable[..., bool], name: str) -> None:
    scene, size = PANEL_SCENES[name]
    assert snap_compare(scene.make(), press=scene.keys, terminal_size=size)
