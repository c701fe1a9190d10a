"""Editions of the designed component data: the files hold the newest, editions.toml the values
each older edition had; a game keeps the edition it started with, and so does its save."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from entropy_tui.rules import Game
from entropy_tui.rules.catalog import (
    ASSET_FILES,
    CACHE_FILE,
    EDITIONS_FILE,
    Catalog,
    CatalogError,
    LifeCard,
    UnknownEdition,
    cached_catalog,
    load_catalog,
    load_catalog_from,
)
from entropy_tui.saves.files import FORMAT_VERSION, SaveError, load_game, write_save

OLD_GAINS = "value = { bacteria = 2 }"


def two_editions() -> dict[str, str]:
    """The shipped files as edition 2, whose edition 1 had Life card L1 gaining 2 Bacteria."""
    folder = resources.files("entropy_tui.assets")
    texts = {file: folder.joinpath(file).read_text(encoding="utf-8") for file in ASSET_FILES}
    texts[EDITIONS_FILE] = (
        "newest = 2\n\n[[older]]\nedition = 1\nvalues = [\n"
        f'  {{ section = "life_cards", id = "L1", field = "gains", {OLD_GAINS} }},\n'
        '  { section = "lifeform_objectives", id = "plant", field = "big_threshold",'
        " value = 12 },\n"
        "]\n"
    )
    return texts


def card(catalog: Catalog, card_id: str) -> LifeCard:
    return catalog.index.card[card_id]


def test_an_older_edition_has_the_values_it_lists_and_nothing_else_differs() -> None:
    texts = two_editions()
    newest, first = load_catalog_from(texts), load_catalog_from(texts, 1)
    assert (newest.edition, first.edition) == (2, 1)
    assert card(first, "L1").gains == {"bacteria": 2} != card(newest, "L1").gains
    assert first.index.lifeform_objective["plant"].big_threshold == 12
    assert newest.index.lifeform_objective["plant"].big_threshold != 12
    assert first.life_cards[1:] == newest.life_cards[1:] and first.stars == newest.stars
    with pytest.raises(UnknownEdition, match="newer than this entropy-tui"):
        load_catalog_from(texts, 3)


@pytest.mark.parametrize(
    ("replace", "by"),
    [
        ('id = "L1"', 'id = "L99"'),  # no such card
        ('field = "gains"', 'field = "gain"'),  # no such field
        ("edition = 1", "edition = 2"),  # edition 1 is not described
    ],
)
def test_an_editions_file_naming_nothing_fails_naming_the_file(replace: str, by: str) -> None:
    texts = two_editions()
    texts[EDITIONS_FILE] = texts[EDITIONS_FILE].replace(replace, by)
    with pytest.raises(CatalogError, match=EDITIONS_FILE):
        load_catalog_from(texts, 1)


def test_each_edition_is_cached_apart(tmp_path: Path) -> None:
    texts = two_editions()
    first = cached_catalog(texts, tmp_path, 1)
    newest = cached_catalog(texts, tmp_path)
    assert (tmp_path / CACHE_FILE).is_file() and (tmp_path / "catalog-edition-1.pickle").is_file()
    assert cached_catalog(texts, tmp_path, 1) == first and first.edition == 1
    assert cached_catalog(texts, tmp_path).edition == newest.edition == 2
    assert card(cached_catalog(texts, tmp_path, 1), "L1").gains == {"bacteria": 2}


def test_a_game_plays_and_replays_with_its_own_edition() -> None:
    texts = two_editions()
    first = load_catalog_from(texts, 1)
    game = Game.new(["Ann", "Bob"], seed=3, catalog=first)
    assert game.config()["edition"] == 1
    for _ in range(40):
        assert game.decision is not None
        game.choose(next(o.id for o in game.decision.options if o.enabled))
    assert game.copy().catalog is first and game.undone().catalog is first
    replayed = Game.replay(game.config(), game.state.choices, first)
    assert replayed.snapshot() == game.snapshot()
    with pytest.raises(ValueError, match="edition"):
        Game.new(["Ann", "Bob"], seed=3, edition=2, catalog=first)


def test_a_new_game_records_the_newest_edition(tmp_path: Path) -> None:
    newest = load_catalog()
    game = Game.new(["Ann", "Bob"], seed=5)
    assert game.catalog is newest
    write_save(game, tmp_path / "new.json")
    data = json.loads((tmp_path / "new.json").read_text())
    assert data["format"] == FORMAT_VERSION and data["config"]["edition"] == newest.edition
    loaded, save = load_game(tmp_path / "new.json")
    assert loaded.catalog is newest and save.config.edition == newest.edition


def test_a_save_of_an_unknown_edition_is_named_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "from-a-newer-version.json"
    write_save(Game.new(["Ann", "Bob"], seed=5), path)
    data = json.loads(path.read_text())
    data["config"]["edition"] = load_catalog().edition + 1
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveError, match=r"newer than this entropy-tui.*update entropy-tui"):
        load_game(path)
    assert path.read_bytes() == before
    data["config"]["edition"] = 0
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match=r"config\.edition"):
        load_game(path)
