"""The background writer: the newest data ends up on disk, failures are kept, not raised."""

from __future__ import annotations

from pathlib import Path

from entropy_tui.saves.autosave import Autosaver


def test_the_last_submission_is_what_stays(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "game.json")
    for number in range(50):
        saver.submit(f'{{"n": {number}}}'.encode())
    saver.flush()
    assert (tmp_path / "game.json").read_text() == '{"n": 49}'
    assert saver.error is None
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_failed_write_is_reported_and_a_later_one_clears_it(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    saver = Autosaver(blocker / "game.json")
    saver.submit(b"{}")
    saver.flush()
    assert saver.error is not None
    saver.path = tmp_path / "game.json"
    saver.submit(b"{}")
    saver.flush()
    assert saver.error is None and saver.path.read_bytes() == b"{}"
