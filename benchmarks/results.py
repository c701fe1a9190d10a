"""The table of latest results in docs/performance.md, kept by the benchmarks themselves.

The table sits between the lines `<!-- results -->` and `<!-- /results -->`. A benchmark run
with `--write` replaces its own rows (a row is known by its first cell, the measure) and dates
them; the other benchmarks' rows stay as they are, and a measure not yet in the table is added
at its end.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

RESULTS = Path(__file__).resolve().parent.parent / "docs" / "performance.md"
BEGIN, END = "<!-- results -->", "<!-- /results -->"
HEADER = ["| Measure | Goal | Latest | Measured | Benchmark |", "| --- | --- | --- | --- | --- |"]


@dataclass(frozen=True)
class Row:
    measure: str  # the row's key: keep it the same from run to run
    goal: str
    latest: str
    command: str  # how to run it again

    def line(self, day: str) -> str:
        return f"| {self.measure} | {self.goal} | {self.latest} | {day} | `{self.command}` |"


def write_rows(rows: list[Row], path: Path = RESULTS, day: datetime.date | None = None) -> None:
    """Puts `rows` into the results table of `path`, dated `day` (today by default)."""
    text = path.read_text(encoding="utf-8")
    start, end = text.find(BEGIN), text.find(END)
    if start == -1 or end < start:
        raise SystemExit(f"{path} has no {BEGIN} ... {END} block: add one to write results into.")
    table = [line for line in text[start + len(BEGIN) : end].splitlines() if line.startswith("|")]
    kept = table[len(HEADER) :] if table[: len(HEADER)] == HEADER else table
    dated = (day or datetime.date.today()).isoformat()
    new = {row.measure: row.line(dated) for row in rows}
    lines = [new.pop(measure_of(line), line) for line in kept] + list(new.values())
    block = "\n".join([BEGIN, *HEADER, *lines, END])
    path.write_text(text[:start] + block + text[end + len(END) :], encoding="utf-8")


def measure_of(line: str) -> str:
    return line.strip("|").split("|", 1)[0].strip()
