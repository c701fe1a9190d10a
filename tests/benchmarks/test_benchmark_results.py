"""The results table the benchmarks write into docs/performance.md: a run replaces its own rows,
dated, and leaves the rest of the page and the other benchmarks' rows as they were."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from benchmarks.results import BEGIN, END, HEADER, Row, write_rows

PAGE = "\n".join(
    [
        "# Performance",
        "",
        BEGIN,
        *HEADER,
        "| Engine speed | >= 2x | 2.08x | 2026-12-02 | `python benchmarks/engine_speed.py` |",
        "| Cold start | <= 1.5x | 1.28x | 2026-12-02 | `python benchmarks/tui_startup.py` |",
        END,
        "",
        "## Design rules",
        "",
    ]
)


def test_a_run_replaces_its_own_row_dates_it_and_adds_a_new_one(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text(PAGE, encoding="utf-8")
    rows = [
        Row("Engine speed", ">= 2x", "2.11x", "python benchmarks/engine_speed.py --write"),
        Row("Copy", "<= 1x", "0.6x", "python benchmarks/engine_speed.py --write"),
    ]
    write_rows(rows, page, datetime.date(2026, 12, 4))
    lines = page.read_text(encoding="utf-8").splitlines()
    table = lines[lines.index(BEGIN) + 1 : lines.index(END)]
    assert table == [
        *HEADER,
        "| Engine speed | >= 2x | 2.11x | 2026-12-04 | `python benchmarks/engine_speed.py"
        " --write` |",
        "| Cold start | <= 1.5x | 1.28x | 2026-12-02 | `python benchmarks/tui_startup.py` |",
        "| Copy | <= 1x | 0.6x | 2026-12-04 | `python benchmarks/engine_speed.py --write` |",
    ]
    assert lines[: lines.index(BEGIN)] == ["# Performance", ""]
    assert lines[lines.index(END) + 1 :] == ["", "## Design rules"]


def test_a_page_without_the_block_is_refused_with_what_to_add(tmp_path: Path) -> None:
    page = tmp_path / "performance.md"
    page.write_text("# Performance\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no <!-- results -->"):
        write_rows([Row("Engine speed", ">= 2x", "2.11x", "x")], page)
    assert page.read_text(encoding="utf-8") == "# Performance\n"


def test_the_performance_page_has_the_block() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs" / "performance.md").read_text("utf-8")
    assert BEGIN in text and END in text and text.index(BEGIN) < text.index(END)
