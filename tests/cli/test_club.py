"""`entropy-tui club`'s tasks for its host that open no club: invitation codes printed (each
letting one new key join, once), and a finished table's game exported as a save file that the
app's own reader opens and replays to the same final scores."""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import pytest

from entropy_tui.__main__ import main
from entropy_tui.cli import club
from entropy_tui.club import identity
from entropy_tui.club.store import Store
from entropy_tui.club.tables import ClubTable, open_table
from entropy_tui.saves.files import load_game
from tests.club.helpers import config, member, play_out


@pytest.fixture(autouse=True)
def no_club(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tasks never open the club."""

    def opened(*_: object) -> NoReturn:
        raise AssertionError("the club was opened")

    monkeypatch.setattr(club, "_serve", opened)


def test_invite_prints_codes_that_each_let_one_new_key_join_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "club.db"
    assert main(["club", "--invite", "3", "--db", str(path)]) == 0
    codes = capsys.readouterr().out.split()
    assert len(set(codes)) == 3
    with Store(path) as store:
        assert store.password() is None  # the club's joining is left as it was
        for number, code in enumerate(codes):
            identity.register(store, f"SHA256:key{number}", f"Guest{number}", open_club=False,
                              secret=code)  # fmt: skip
        with pytest.raises(identity.WrongSecret):
            identity.register(store, "SHA256:again", "Again", open_club=False, secret=codes[0])
    assert main(["club", "--invite", "--db", str(path)]) == 0
    assert len(capsys.readouterr().out.split()) == 1


def test_invite_takes_from_1_to_100_codes_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["club", "--invite", "0", "--db", str(tmp_path / "club.db")]) == 2
    assert "a number of codes from 1 to 100 at once" in capsys.readouterr().err


def finished_table(path: Path) -> tuple[int, list[int]]:
    """A club whose table 1 is played to its end and table 2 is being played; table 1's
    final totals."""
    with Store(path) as store:
        seats = config(("Ann", None), ("Casual", "greedy"))
        ann = member(store, "Ann")
        done = open_table(store, seats, [ann, None], rated=False, pace="live", pace_seconds=900)
        table = ClubTable.load(store, done.id)
        play_out(table)
        open_table(store, seats, [ann, None], rated=False, pace="live", pace_seconds=900)
        return done.id, [result.total for result in store.results(done.id)]


def test_export_writes_a_finished_game_as_a_save_the_app_replays(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    path = tmp_path / "club.db"
    table_id, totals = finished_table(path)
    assert main(["club", "--export", str(table_id), "--db", str(path)]) == 0
    saved = tmp_path / "exported.json"
    saved.write_bytes(capsysbinary.readouterr().out)
    game, _ = load_game(saved)
    assert game.over and [score["total"] for score in game.scores()] == totals


def test_export_refuses_a_game_being_played_or_a_club_that_is_not_there(
    tmp_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    path = tmp_path / "club.db"
    finished_table(path)
    assert main(["club", "--export", "2", "--db", str(path)]) == 2
    out, err = capsysbinary.readouterr()
    assert out == b"" and b"Table 2's game has not ended" in err
    missing = tmp_path / "typo.db"
    assert main(["club", "--export", "1", "--db", str(missing)]) == 2
    assert b"there is no club database there" in capsysbinary.readouterr().err
    assert not missing.exists()
