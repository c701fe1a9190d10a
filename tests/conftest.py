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
