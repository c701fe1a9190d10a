"""The quick check of a save (saved.plain_save) reads what this version writes without pydantic,
and never accepts a file pydantic's model would refuse, nor reads one differently."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from entropy_tui.rules import Game
from entropy_tui.saves.fast_check import (
    BOT_KINDS,
    Save,
    SavedConfig,
    SavedRemoteSeat,
    SavedTable,
    SavedTutorial,
    plain_save,
)
from entropy_tui.saves.files import SaveError, load_game, save_data
from entropy_tui.saves.notes import LogNote
from entropy_tui.saves.schema import GameConfig, RemoteSeat, SaveFile, TableSeats, Tutorial

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
WRITTEN = json.loads(
    json.dumps(
        save_data(
            GAME, [NOTE], ["teal", "red", "gold"], tutorial=TUTORIAL, hints=False, table=TABLE
        )
    )
)


def _through_pydantic(data: Any) -> Save | None:
    """What reading `data` with the pydantic model gives, as plain data (None: refused)."""
    try:
        model = SaveFile.model_validate(data)
    except ValidationError:
        return None
    return plain_save(model.model_dump())


def test_what_this_version_writes_is_read_without_the_model() -> None:
    save = plain_save(copy.deepcopy(WRITTEN))
    assert save is not None and save == _through_pydantic(WRITTEN)
    assert save.notes == [NOTE] and save.colours == ["teal", "red", "gold"] and not save.hints
    assert save.tutorial is not None and save.tutorial.as_data() == TUTORIAL
    assert save.config.as_data() == GAME.config()
    assert save.table is not None and [seat.code for seat in save.table.remote] == ["BEA-7", None]


@pytest.mark.parametrize(
    ("plain", "model"),
    [(Save, SaveFile), (SavedConfig, GameConfig), (SavedTable, TableSeats),
     (SavedRemoteSeat, RemoteSeat), (SavedTutorial, Tutorial)],
)  # fmt: skip
def test_the_quick_check_knows_every_field_of_the_model(plain: type, model: type) -> None:
    """A field added to the model must be added to the quick check too (which would otherwise
    leave every save that has it to the model, and fail to read it back)."""
    assert [part.name for part in fields(plain)] == list(model.model_fields)


def test_resuming_a_game_imports_no_pydantic(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(WRITTEN))
    script = (
        "import sys; from pathlib import Path; from entropy_tui.saves.files import load_game;"
        f" game, _ = load_game(Path({str(path)!r}));"
        " print(len(game.state.choices), 'pydantic' in sys.modules)"
    )
    for _ in range(2):  # the first start checks the catalog (with pydantic) and caches it
        found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert found.stdout.split() == [str(len(GAME.state.choices)), "False"], found.stderr


def test_the_save_fixtures_read_alike_either_way() -> None:
    for path in sorted(SAVES.glob("*.json")):
        data = json.loads(path.read_text())
        quick = plain_save(copy.deepcopy(data))
        assert quick is None or quick == _through_pydantic(data), path.name
        load_game(path)  # and each loads (some only through the model: older shapes)


def test_the_bots_a_save_may_name_are_the_models() -> None:
    (seat,) = get_args(GameConfig.model_fields["bots"].annotation)  # list[Literal[...] | None]
    literal, nobody = get_args(seat)
    assert nobody is type(None) and set(get_args(literal)) == set(BOT_KINDS)


# -------------------------------------------------------------- edited, damaged and hostile files
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["random", "expert", "teal", "Teal", "7", "", "x" * 501]),
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


@st.composite
def edited(draw: st.DrawFn) -> Any:
    data = copy.deepcopy(WRITTEN)
    for _ in range(draw(st.integers(1, 3))):
        place = draw(st.sampled_from(PLACES))
        parent = data
        try:
            for part in place[:-1]:
                parent = parent[part]
            kind = draw(st.sampled_from(["replace", "delete", "add"]))
            if kind == "replace":
                parent[place[-1]] = draw(JSON_VALUES)
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


@settings(max_examples=400, deadline=None)
@given(data=edited())
def test_an_edited_save_is_read_as_the_model_reads_it_or_left_to_it(data: Any) -> None:
    quick = plain_save(copy.deepcopy(data))
    if quick is not None:  # accepted: then the model accepts it too, and reads the same
        assert quick == _through_pydantic(data)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="one"), "format"),
        (lambda d: d["config"].update(seed="7") or d["config"].update(seed="seven"), "seed"),
        (lambda d: d["config"].update(bots=[None, "greedy", "grandmaster"]), "config.bots"),
        (lambda d: d["config"]["seats"].append("Dee") or d["config"]["seats"].append("Eve"),
         "config.seats"),
        (lambda d: d["notes"][0].update(text="x" * 501), "notes.0"),
        (lambda d: d.update(colours=["Teal"]), "colours.0"),
        (lambda d: d.update(tutorial={"shown": {"welcome": "first"}}), "tutorial.shown"),
        (lambda d: d.update(cheat=1), "cheat"),
        (lambda d: d["table"]["remote"][0].update(code="bea-7"), "table.remote.0.code"),
    ],
)  # fmt: skip
def test_a_file_the_quick_check_leaves_gets_the_models_words(
    tmp_path: Path, edit: Any, message: str
) -> None:
    data = copy.deepcopy(WRITTEN)
    edit(data)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=message) as refused:
        load_game(path)
    assert str(path) in str(refused.value)
