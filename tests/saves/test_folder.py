"""The data folder (saves, a table's SSH key) is this user's alone."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from entropy_tui.rules import Game
from entropy_tui.saves.files import new_autosave_path, write_save
from entropy_tui.saves.folder import saves_dir


def test_the_data_folder_and_its_saves_are_made_for_this_user_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "data" / "entropy-tui"
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(folder))
    umask = os.umask(0o022)  # the usual one, which leaves new folders readable by all
    try:
        assert saves_dir() == folder
        path = new_autosave_path()
        write_save(Game.new(["Ann", "Bob"], seed=3), path)
    finally:
        os.umask(umask)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
