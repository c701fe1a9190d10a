"""Save files: atomic writes, exact round trips, and a clean error for every bad file."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from entropy_tui.rules import Game
from entropy_tui.saves.files import (
    FORMAT_VERSION,
    SaveError,
    copy_path,
    load_game,
    new_autosave_path,
    read_save,
    write_save,
)
from entropy_tui.saves.folder import latest_unfinished, list_saves, saves_dir
from entropy_tui.saves.notes import LogNote


def played(seed: int, steps: int, seats: int = 3) -> Game:
    game = Game.new([f"P{i}" for i in range(seats)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        assert game.decision is not None
        game.choose(rng.choice(game.decision.enabled).id)
    return game


@pytest.fixture(scope="module")
def good_save(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("saves") / "game.json"
    write_save(played(5, 60), path)
    return path.read_bytes()


@pytest.mark.parametrize(("seed", "steps"), [(1, 0), (2, 17), (3, 140), (4, 400)])
def test_save_then_load_gives_the_identical_game(tmp_path: Path, seed: int, steps: int) -> None:
    game = played(seed, steps)
    path = tmp_path / "game.json"
    note = LogNote(at_event=len(game.log), seat=0, text="Ann took back: Move 2")
    write_save(game, path, notes=[note], colours=["teal", "red"])
    loaded, save = load_game(path)
    assert loaded.snapshot() == game.snapshot()
    assert save.notes == [note] and save.colours == ["teal", "red"]
    assert [o.id for o in loaded.decision.options] == [o.id for o in game.decision.options]  # type: ignore[union-attr]


def test_the_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    write_save(played(1, 5), tmp_path / "a.json")
    write_save(played(1, 9), tmp_path / "a.json")
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
    assert json.loads((tmp_path / "a.json").read_text())["format"] == FORMAT_VERSION


def test_a_newer_format_is_named(tmp_path: Path, good_save: bytes) -> None:
    data = json.loads(good_save)
    data["format"] = FORMAT_VERSION + 1
    path = tmp_path / "new.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="newer entropy-tui"):
        read_save(path)


def test_an_illegal_choice_is_named(tmp_path: Path, good_save: bytes) -> None:
    data = json.loads(good_save)
    data["choices"][3] = "move:9"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"choice 4 \('move:9'\) is not legal"):
        load_game(path)


def test_a_snapshot_that_disagrees_with_the_log_is_refused(
    tmp_path: Path, good_save: bytes
) -> None:
    data = json.loads(good_save)
    data["snapshot"]["players"][0]["vp"] += 50
    path = tmp_path / "cheat.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="does not match its choice log"):
        load_game(path)


def test_a_log_worded_by_another_version_loads_in_todays_words(
    tmp_path: Path, good_save: bytes
) -> None:
    data = json.loads(good_save)
    today = data["snapshot"]["log"][0]["text"]
    data["snapshot"]["log"][0]["text"] = "Round 1 begins, in older words"
    path = tmp_path / "older.json"
    path.write_text(json.dumps(data))
    game, _ = load_game(path)
    assert game.log[0].text == today


def test_missing_and_truncated_files(tmp_path: Path, good_save: bytes) -> None:
    with pytest.raises(SaveError, match="can't be read"):
        load_game(tmp_path / "nowhere.json")
    path = tmp_path / "cut.json"
    path.write_bytes(good_save[: len(good_save) // 2])
    with pytest.raises(SaveError, match="broken JSON"):
        load_game(path)


def test_the_save_list_skips_broken_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(tmp_path))
    write_save(played(2, 30), saves_dir() / "one.json")
    (saves_dir() / "junk.json").write_text("{")
    (saves_dir() / "shape.json").write_text('{"saved_at": 1, "config": {"seats": []}}')
    (saves_dir() / "list.json").write_text("[1, 2]")
    # A whole save under a temporary name: a write stopped just before its rename.
    (saves_dir() / ".saving-x.json").write_bytes((saves_dir() / "one.json").read_bytes())
    summaries = list_saves()
    assert [s.path.name for s in summaries] == ["one.json"]
    assert summaries[0].seats == ["P0", "P1", "P2"] and summaries[0].round >= 1
    assert (saves_dir() / "junk.json").read_text() == "{"


def test_the_latest_unfinished_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(tmp_path))
    assert latest_unfinished() is None
    older, newer = new_autosave_path(), copy_path("evening game")
    write_save(played(2, 30), older)
    time.sleep(0.01)  # save times are kept to the millisecond
    write_save(played(3, 10), newer)
    over = played(4, 100_000, seats=2)
    assert over.over
    write_save(over, copy_path("finished"))
    latest = latest_unfinished()
    assert latest is not None and latest.path == newer and not latest.is_autosave
    assert older.name.startswith("game-") and [s.is_autosave for s in list_saves()].count(True) == 1


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Friday night", "Friday night.json"),
        ("Ann, Bea - round 3", "Ann, Bea - round 3.json"),
        ("../../etc/passwd", "etc-passwd.json"),
        ("/tmp/x", "tmp-x.json"),
        ("...", "saved game.json"),
        ("game-20260101", "copy of game-20260101.json"),
        ("a" * 200, "a" * 60 + ".json"),
    ],
)
def test_a_copy_stays_in_the_saves_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, expected: str
) -> None:
    monkeypatch.setenv("ENTROPY_TUI_DATA", str(tmp_path))
    path = copy_path(name)
    assert path.parent == tmp_path and path.name == expected
    path.write_text("taken")
    assert copy_path(name).name == expected.replace(".json", " (2).json")


def test_a_note_outside_the_game_is_refused(tmp_path: Path) -> None:
    game = played(6, 20)
    path = tmp_path / "game.json"
    write_save(game, path, notes=[LogNote(at_event=len(game.log) + 1, seat=0, text="x")])
    with pytest.raises(SaveError, match="log note does not fit"):
        load_game(path)


def _mutations() -> st.SearchStrategy[tuple[str, int, int]]:
    return st.tuples(
        st.sampled_from(["flip", "cut", "insert", "delete"]),
        st.integers(0, 10**9),
        st.integers(0, 255),
    )


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(mutations=st.lists(_mutations(), min_size=1, max_size=4))
def test_mutated_files_give_a_clean_error_and_stay_untouched(
    tmp_path: Path, good_save: bytes, mutations: list[tuple[str, int, int]]
) -> None:
    data = bytearray(good_save)
    for kind, where, value in mutations:
        at = where % max(len(data), 1)
        if kind == "flip" and data:
            data[at] = value
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data[at:at] = bytes([value])
        elif kind == "delete" and data:
            del data[at]
    path = tmp_path / "mutated.json"
    path.write_bytes(bytes(data))
    try:
        game, _ = load_game(path)
    except SaveError as error:
        assert str(path) in str(error)
    else:  # a harmless mutation (say, in whitespace) still loads the same game
        assert game.snapshot() == json.loads(good_save)["snapshot"]
    assert path.read_bytes() == bytes(data)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    value=st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_random_json_gives_a_clean_error(tmp_path: Path, value: object) -> None:
    path = tmp_path / "random.json"
    path.write_text(json.dumps(value))
    with pytest.raises(SaveError):
        load_game(path)


OLD_SAVE = Path(__file__).parents[1] / "data" / "saves" / "three-seats-before-seat-control.json"


def test_a_save_written_before_seat_control_changes_still_loads_and_replays() -> None:
    game, save = load_game(OLD_SAVE)
    assert len(game.state.choices) == len(save.choices) == 150
    assert [p.bot for p in game.state.players] == [None, "greedy", "random"]
    assert game.config() == save.config.as_data()
    replayed = Game.replay(game.config(), save.choices)
    assert replayed.snapshot() == game.snapshot()
