"""The save file's one schema (saves.schema): what this version writes reads back exactly, every
part of the schema is written, and a file is either read exactly as it is written (nothing
coerced) or refused with words that name the file and the place."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any, get_args, get_type_hints

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from entropy_tui.bots import BOTS
from entropy_tui.rules import Game
from entropy_tui.saves.files import SaveError, load_game, read_save, save_bytes
from entropy_tui.saves.notes import LogNote
from entropy_tui.saves.schema import RemoteSeat, SavedConfig, SaveFile, TableSeats, Tutorial

SAVES = Path(__file__).parents[1] / "data" / "saves"


def _game() -> Game:
    game = Game.new(["Ann", "Bea", "Cy"], seed=4, bots=[None, "greedy", "expert"])
    for _ in range(12):
        assert game.decision is not None
        game.choose(game.decision.enabled[0].id)
    return game


GAME = _game()
NOTE = LogNote(at_event=3, seat=1, text="Bea took back: Move 2")
TUTORIAL = {"shown": {"welcome": 0}, "landed": {}, "acted": {"move": 2}}
TABLE = {"remote": [{"seat": 1, "key": "SHA256:abc", "code": "BEA-7"}, {"seat": 2}]}
WRITTEN_BYTES = save_bytes(
    GAME, [NOTE], ["teal", "red", "gold"], tutorial=TUTORIAL, hints=False, table=TABLE
)
WRITTEN = json.loads(WRITTEN_BYTES)


def _read(tmp_path: Path, data: Any) -> SaveFile:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    return read_save(path)


def _leaves(data: Any, at: tuple[str | int, ...] = ()) -> list[tuple[tuple[str | int, ...], Any]]:
    """Every value in `data` outside the snapshot's contents, with its place."""
    if isinstance(data, dict) and data and at != ("snapshot",):
        return [leaf for key, value in data.items() for leaf in _leaves(value, (*at, key))]
    if isinstance(data, list) and data:
        return [leaf for index, value in enumerate(data) for leaf in _leaves(value, (*at, index))]
    return [(at, data)]


def _at(save: SaveFile, place: tuple[str | int, ...]) -> Any:
    value: Any = save
    for part in place:
        value = getattr(value, str(part)) if isinstance(value, msgspec.Struct) else value[part]
    return value


def assert_read_as_written(save: SaveFile, data: Any) -> None:
    """Every value of the file is in the save as it is in the file: of the same type (a string
    of digits is not an int, nor true a 1), and equal."""
    for place, value in _leaves(data):
        read = _at(save, place)
        if isinstance(read, msgspec.Struct):  # an empty object: a part with its defaults
            assert value == {} and read == type(read)(), place
        else:
            assert type(read) is type(value) and read == value, place


def test_what_this_version_writes_reads_back_exactly(tmp_path: Path) -> None:
    save = _read(tmp_path, WRITTEN)
    assert save.notes == [NOTE] and save.colours == ["teal", "red", "gold"] and not save.hints
    assert save.tutorial is not None and save.tutorial.as_data() == TUTORIAL
    assert save.config.as_data() == GAME.config()
    assert save.table is not None and [seat.code for seat in save.table.remote] == ["BEA-7", None]
    assert msgspec.json.encode(save) == WRITTEN_BYTES
    assert_read_as_written(save, WRITTEN)


@pytest.mark.parametrize(
    ("part", "written"),
    [
        (SaveFile, WRITTEN),
        (SavedConfig, WRITTEN["config"]),
        (TableSeats, WRITTEN["table"]),
        (RemoteSeat, WRITTEN["table"]["remote"][0]),
        (Tutorial, WRITTEN["tutorial"]),
        (LogNote, WRITTEN["notes"][0]),
    ],
)
def test_the_writer_writes_every_part_of_the_schema(part: type, written: dict[str, Any]) -> None:
    """A field added to the schema must be filled by saves.save_bytes (a game that has every
    part writes every field), or saves would never hold it."""
    assert list(written) == [field.encode_name for field in msgspec.structs.fields(part)]


def test_resuming_a_game_imports_no_pydantic(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(WRITTEN_BYTES)
    script = (
        "import sys; from pathlib import Path; from entropy_tui.saves.files import load_game;"
        f" game, _ = load_game(Path({str(path)!r}));"
        " print(len(game.state.choices), 'pydantic' in sys.modules)"
    )
    for _ in range(2):  # the first start checks the catalog (with pydantic) and caches it
        found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert found.stdout.split() == [str(len(GAME.state.choices)), "False"], found.stderr


def test_the_save_fixtures_read_exactly_as_written() -> None:
    """Saves of every older version: each value as the file holds it, the settings added since
    at their defaults, and each game loads."""
    for path in sorted(SAVES.glob("*.json")):
        save = read_save(path)
        assert_read_as_written(save, json.loads(path.read_bytes()))
        load_game(path)


def test_the_bots_a_save_may_name_are_the_registrys(tmp_path: Path) -> None:
    (seat,) = get_args(get_type_hints(SavedConfig)["bots"])  # list[BotKind | None]
    literal, nobody = get_args(seat)
    assert nobody is type(None) and set(get_args(literal)) == set(BOTS)
    for kind in BOTS:
        data = copy.deepcopy(WRITTEN)
        data["config"]["bots"][1] = kind
        assert _read(tmp_path, data).config.bots[1] == kind


# -------------------------------------------------------------- edited, damaged and hostile files
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["random", "expert", "teal", "Teal", "7", "", "x" * 501])
    | st.sampled_from([7.0, "true", 1, 0]),  # what a lax reader would take for another type
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(["shown", "at_event", "seat", "text", "key", "code", "x"]),
            inner,
            max_size=4,
        )
    ),
    max_leaves=10,
)


def _places(data: Any, at: tuple = ()) -> list[tuple]:
    """Every key and index in `data` outside the snapshot (whose contents the replay checks)."""
    found = [at]
    if isinstance(data, dict) and at != ("snapshot",):
        for key, value in data.items():
            found += _places(value, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _places(value, (*at, index))
    return found


PLACES = _places(WRITTEN)[1:]


def _retyped(value: Any) -> list[Any]:
    """`value` as another type that a lax reader would take it for, or nearly the same."""
    if isinstance(value, bool):
        return [int(value), str(value).lower()]
    if isinstance(value, int):
        return [float(value), str(value), bool(value)]
    if isinstance(value, str):
        return [value.upper(), f"{value}\n", [value]]
    return [None]


@st.composite
def edited(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(WRITTEN)
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(PLACES))
        parent = data
        try:
            for part in place[:-1]:
                parent = parent[part]
            kind = draw(st.sampled_from(["replace", "retype", "delete", "add"]))
            if kind == "replace":
                parent[place[-1]] = draw(JSON_VALUES)
            elif kind == "retype":
                parent[place[-1]] = draw(st.sampled_from(_retyped(parent[place[-1]])))
            elif kind == "delete":
                del parent[place[-1]]
            elif isinstance(parent, dict):
                parent[draw(st.sampled_from(["extra", "seat", "hints", "tutorial"]))] = draw(
                    JSON_VALUES
                )
            elif isinstance(parent, list):
                parent.append(draw(JSON_VALUES))
        except (KeyError, IndexError, TypeError):
            pass  # an earlier edit removed or replaced the place
    return data


REFUSALS = (
    "not a valid save (",
    "not a save file (",
    "made by a newer entropy-tui",
    "unknown save format",
)


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=edited())
def test_an_edited_save_is_read_exactly_as_written_or_refused_in_words(
    tmp_path: Path, data: Any
) -> None:
    try:
        save = _read(tmp_path, data)
    except SaveError as error:
        where = f"{tmp_path / 'game.json'}: "
        assert any(str(error).startswith(where + words) for words in REFUSALS), error
    else:  # accepted: nothing coerced, and written again it reads the same
        assert_read_as_written(save, data)
        assert msgspec.json.decode(msgspec.json.encode(save), type=SaveFile) == save


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="one"), "format"),
        (lambda d: d["config"].update(seed="seven"), "config.seed"),
        (lambda d: d["config"].update(seed="7"), "config.seed"),  # read as written, or not at all
        (lambda d: d.update(hints=1), "hints"),
        (lambda d: d.update(colours=["teal\n"]), "colours.0"),
        (lambda d: d["config"].update(bots=[None, "greedy", "grandmaster"]), "config.bots"),
        (lambda d: d["config"]["seats"].append("Dee") or d["config"]["seats"].append("Eve"),
         "config.seats"),
        (lambda d: d["notes"][0].update(text="x" * 501), "notes.0"),
        (lambda d: d.update(colours=["Teal"]), "colours.0"),
        (lambda d: d.update(tutorial={"shown": {"welcome": "first"}}), "tutorial.shown"),
        (lambda d: d.update(cheat=1), "cheat"),
        (lambda d: d["table"]["remote"][0].update(code="bea-7"), "table.remote.0.code"),
        (lambda d: d.update(format=3, a_later_part=1), "made by a newer entropy-tui"),
        (lambda d: d.update(format=0), "unknown save format 0"),
    ],
)  # fmt: skip
def test_a_refused_file_is_named_with_the_place_of_its_problem(
    tmp_path: Path, edit: Any, message: str
) -> None:
    data = copy.deepcopy(WRITTEN)
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message) as refused:
        load_game(path)
    assert str(path) in str(refused.value)
