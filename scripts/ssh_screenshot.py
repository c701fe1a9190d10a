"""The README's picture of a table played over SSH: `entropy-tui host` with two remote seats,
Ann and Bob joining with the OpenSSH client in tmux, a few decisions in; both terminals read back
with their colours and drawn side by side, as SVG and PNG in screenshots/.

    python scripts/ssh_screenshot.py
"""

from __future__ import annotations

import io
import os
import sys
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.screenshots import to_png  # noqa: E402
from tests.ssh.table import SIZE, SshTable, game_drawn  # noqa: E402

OUT = ROOT / "screenshots"
NAME = "ssh_table-two_players"
DECISIONS = 14  # into the game: both players have taken a turn or two


def in_colour(table: SshTable, name: str) -> Text:
    terminal = table.terminals[name]
    shown = terminal.run("capture-pane", "-e", "-p", "-t", "game").stdout
    return Text.from_ansi(shown.rstrip("\n"), no_wrap=True)


def main() -> int:
    os.environ["ENTROPY_TUI_DATA"] = tempfile.mkdtemp(prefix="entropy-screenshots-")
    table = SshTable(Path(tempfile.mkdtemp(prefix="entropy-ssh-shot-")), ["Ann", "Bob"], seed=7)
    try:
        table.open()
        for name in table.names:
            table.join(name).wait_for(game_drawn, f"{name}'s screen")
        for _ in range(DECISIONS):
            table.decide()
        time.sleep(22)  # the seat code's notice has closed
        table.terminals["Ann"].keys("c")  # the console's next page: her hand, hers alone
        table.terminals["Bob"].keys("l")  # the log: what Ann has done
        for terminal in table.terminals.values():
            terminal.wait_for(game_drawn, "a settled screen", steady=True)
        grid = Table.grid(padding=(0, 2))
        for _ in table.names:
            grid.add_column(width=SIZE[0] + 2, no_wrap=True)
        grid.add_row(*(
            Panel(in_colour(table, name), title=f"{name}: ssh -p 2222 {name.lower()}@host",
                  width=SIZE[0] + 2, padding=0)
            for name in table.names
        ))  # fmt: skip
        console = Console(
            record=True, width=2 * (SIZE[0] + 2) + 2, color_system="256", file=io.StringIO()
        )
        console.print(grid)
        svg = OUT / f"{NAME}.svg"
        console.save_svg(str(svg), title="entropy-tui: one table, two players over SSH")
        print(svg.relative_to(ROOT), to_png(svg))
    finally:
        table.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
