"""The cache of the checked catalog: used only when it was made from the same files by the same
code, and rebuilt (never trusted) when it is stale, damaged or holds anything but a catalog."""

from __future__ import annotations

import pickle
from importlib import resources
from pathlib import Path

import pytest

from entropy_tui.rules import catalog as catalog_module
from entropy_tui.rules.catalog import (
    ASSET_FILES,
    CACHE_FILE,
    Catalog,
    cache_key,
    cached_catalog,
    load_catalog_from,
)


def shipped_texts() -> dict[str, str]:
    folder = resources.files("entropy_tui.assets")
    return {file: folder.joinpath(file).read_text(encoding="utf-8") for file in ASSET_FILES}


def cheaper_star(texts: dict[str, str]) -> dict[str, str]:
    """The shipped files with Star IA costing one Entropy more."""
    stars = texts["stars.toml"]
    start = stars.index('id = "IA"\n')
    end = stars.index("[[", start)
    cost = next(line for line in stars[start:end].splitlines() if line.startswith("cost = "))
    raised = f"cost = {int(cost.removeprefix('cost = ')) + 1}"
    return {
        **texts,
        "stars.toml": stars[:start] + stars[start:end].replace(cost, raised) + stars[end:],
    }


def ia_cost(catalog: Catalog) -> int:
    return next(star.cost for star in catalog.stars if star.id == "IA")


class Counting:
    """Stands in for load_catalog_from and counts the catalogs it really checks."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, texts: dict[str, str], edition: int | None = None) -> Catalog:
        self.calls += 1
        return load_catalog_from(texts, edition)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> Counting:
    counting = Counting()
    monkeypatch.setattr(catalog_module, "load_catalog_from", counting)
    return counting


def test_a_second_load_comes_from_the_cache(tmp_path: Path, checks: Counting) -> None:
    texts = shipped_texts()
    first = cached_catalog(texts, tmp_path)
    assert (tmp_path / CACHE_FILE).is_file() and checks.calls == 1
    second = cached_catalog(texts, tmp_path)
    assert checks.calls == 1, "the cached catalog was checked again"
    assert second == first == load_catalog_from(texts)
    assert second.index.star.keys() == first.index.star.keys()


def test_changed_files_are_checked_again(tmp_path: Path, checks: Counting) -> None:
    texts = shipped_texts()
    shipped = cached_catalog(texts, tmp_path)
    changed = cheaper_star(texts)
    assert cache_key(changed) != cache_key(texts)
    rebuilt = cached_catalog(changed, tmp_path)
    assert checks.calls == 2
    assert ia_cost(rebuilt) == ia_cost(shipped) + 1
    assert cached_catalog(changed, tmp_path) == rebuilt and checks.calls == 2


def test_broken_changed_files_fail_even_with_a_cache(tmp_path: Path) -> None:
    texts = shipped_texts()
    cached_catalog(texts, tmp_path)
    unknown_field = texts["stars.toml"].replace('id = "IA"\n', 'id = "IA"\nshine = 3\n')
    with pytest.raises(catalog_module.CatalogError, match=r"stars\.toml(.|\n)*'IA' field shine"):
        cached_catalog({**texts, "stars.toml": unknown_field}, tmp_path)


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not a pickle at all",
        pickle.dumps(("a key made from other files", None)),
        pickle.dumps(["a list, not a (key, catalog) pair"]),
    ],
    ids=["empty", "garbage", "other key", "wrong shape"],
)
def test_a_damaged_cache_is_rebuilt(tmp_path: Path, checks: Counting, content: bytes) -> None:
    (tmp_path / CACHE_FILE).write_bytes(content)
    catalog = cached_catalog(shipped_texts(), tmp_path)
    assert checks.calls == 1 and catalog == load_catalog_from(shipped_texts())
    assert (tmp_path / CACHE_FILE).read_bytes() != content, "the damaged cache was kept"


def test_a_cache_with_the_right_key_but_no_catalog_is_rebuilt(
    tmp_path: Path, checks: Counting
) -> None:
    texts = shipped_texts()
    (tmp_path / CACHE_FILE).write_bytes(pickle.dumps((cache_key(texts), "not a catalog")))
    assert cached_catalog(texts, tmp_path) == load_catalog_from(texts)
    assert checks.calls == 1


class Planted:
    """An object whose unpickling would run code: it creates a file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return (self.marker.touch, ())


def test_a_cache_that_would_run_code_is_refused(tmp_path: Path, checks: Counting) -> None:
    texts = shipped_texts()
    marker = tmp_path / "ran"
    (tmp_path / CACHE_FILE).write_bytes(pickle.dumps((cache_key(texts), Planted(marker))))
    assert cached_catalog(texts, tmp_path) == load_catalog_from(texts)
    assert not marker.exists(), "loading the cache ran code"
    assert checks.calls == 1


def test_a_folder_that_cannot_be_written_still_loads(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("in the way")
    catalog = cached_catalog(shipped_texts(), not_a_folder)
    assert catalog == load_catalog_from(shipped_texts())
