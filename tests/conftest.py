"""Every test saves into a folder of its own, never the user's data folder, and caches the
checked catalog in a folder of its own, never the user's cache."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def private_saves_folder(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    folder = tmp_path_factory.mktemp("saves")
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(folder))
    monkeypatch.setenv("ENTROPY_TUI_CACHE", str(tmp_path_factory.mktemp("cache")))
    return folder


@pytest.fixture(autouse=True)
def full_screen_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests call the command line with their output captured, which is not a terminal and
    would make it play in plain lines: they test the full screen unless they ask for --plain."""
    monkeypatch.setattr("entropy_tui.plain.plain_terminal", lambda: False)
