"""Cold start to the first interactive frame, against a bare Textual app measured in the same run.

Each program is started in a fresh process on a pseudo-terminal (120x40) and timed from the
spawn to the last byte of the first frame that shows its marker text, and by the CPU time the
process used by then. Runs alternate between the programs so that all see the same machine load;
the ratios to the bare app are what to compare. `--resume` continues a mid-game autosave that
the script writes beforehand into its temporary data folder (what a player does after a dropped
connection). Usage: python benchmarks/tui_startup.py [--runs 9]
"""

from __future__ import annotations

import argparse
import compileall
import os
import random
import select
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Row, write_rows
from tui_keypress import DATA_FOLDER, QUIET, ROOT, Terminal, percentile

SEATS = "Ann,bot:random,bot:random,bot:random"
MID_GAME = 300  # decisions into the game that --resume continues

BARE_APP = """
from textual.app import App
from textual.widgets import Footer, Header, Static


class Bare(App):
    BINDINGS = [("q", "quit", "Quit")]

    def compose(self):
        yield Header()
        yield Static("bare textual app")
        yield Footer()


Bare().run()
"""


def first_frame(
    argv: list[str], marker: bytes, size: tuple[int, int], cwd: Path = ROOT
) -> tuple[float, float]:
    """Seconds from spawning `argv` to the end of the first frame that contains `marker`, and
    the CPU seconds (user and system) the process had used when that frame's last byte came: a
    steadier figure than the wall clock when other work shares the machine."""
    start = time.perf_counter()
    terminal = Terminal(argv, size, cwd)
    seen = b""
    last = None
    used = 0.0
    try:
        deadline = start + 30
        while time.perf_counter() < deadline:
            wait = QUIET if marker in seen else 1.0
            ready, _, _ = select.select([terminal.master], [], [], wait)
            if not ready:
                if marker in seen:
                    break
                continue
            seen += os.read(terminal.master, 1 << 16)
            last = time.perf_counter()
            used = cpu_seconds(terminal.process.pid)
    finally:
        terminal.process.kill()
        terminal.process.wait()
        os.close(terminal.master)
    if marker not in seen or last is None:
        raise RuntimeError(f"{argv} never showed {marker!r}")
    return last - start, used


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a running process so far (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def write_mid_game_autosave(folder: Path) -> None:
    """Plays a game of SEATS to its person's move MID_GAME decisions in (random legal choices,
    fixed seed) and saves it as the app autosaves: the resumed game opens on that move."""
    sys.path.insert(0, str(ROOT))
    from entropy_tui.play.config import GameConfig, parse_seats
    from entropy_tui.play.session import Session

    session = Session(
        GameConfig(parse_seats(SEATS), seed=7), save_path=folder / "game-20260101-120000.json"
    )
    pick = random.Random(7)
    while True:
        decision = session.decision
        assert decision is not None, "the game ended before mid-game"
        mid_game = len(session.game.state.choices) >= MID_GAME
        if mid_game and session.human_to_move() is not None and decision.kind == "move":
            break
        session.choose(pick.choice(decision.enabled).id)
    session.autosave()
    assert session.saver is not None
    session.saver.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument(
        "--compare",
        type=Path,
        metavar="TREE",
        help="also start the game screen and --resume of another source tree (an older"
        " version, say) in the same run",
    )
    parser.add_argument(
        "--write", action="store_true", help="update the results table in docs/performance.md"
    )
    args = parser.parse_args()
    size = (120, 40)
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as bare:
        bare.write(BARE_APP)
    python = sys.executable
    write_mid_game_autosave(Path(DATA_FOLDER.name))
    programs: dict[str, tuple[list[str], bytes, Path]] = {
        "bare Textual app": ([python, bare.name], b"bare textual app", ROOT),
        "entropy-tui (new-game screen)": ([python, "-m", "entropy_tui"], b"new game", ROOT),
    }
    trees = [("", ROOT)] + ([(f" [{args.compare.name}]", args.compare)] if args.compare else [])
    for label, tree in trees:
        # An installed package comes with its bytecode (pip compiles it); without this, a
        # source tree run under PYTHONDONTWRITEBYTECODE would compile every module each start.
        compileall.compile_dir(tree / "entropy_tui", quiet=1)
        programs[f"entropy-tui --seats ... (game screen){label}"] = (
            [python, "-m", "entropy_tui", "--seats", SEATS, "--seed", "7"],
            b"move your Scientist",
            tree,
        )
        programs[f"entropy-tui --resume (mid-game){label}"] = (
            [python, "-m", "entropy_tui", "--resume"],
            b"move your Scientist",
            tree,
        )
    for argv, marker, tree in programs.values():  # once untimed: the catalog's cache is made
        first_frame(argv, marker, size, tree)
    times: dict[str, list[float]] = {name: [] for name in programs}
    cpu: dict[str, list[float]] = {name: [] for name in programs}
    for _ in range(args.runs):
        for name, (argv, marker, tree) in programs.items():
            wall, used = first_frame(argv, marker, size, tree)
            times[name].append(wall)
            cpu[name].append(used)
    os.unlink(bare.name)
    bare = "bare Textual app"
    bare_wall, bare_cpu = statistics.median(times[bare]), statistics.median(cpu[bare])
    print(f"cold start to first frame at {size[0]}x{size[1]}, {args.runs} runs, alternating")
    columns = f"{'wall p50':>8} {'p90':>6} {'ratio':>6}  {'CPU p50':>7} {'p90':>6} {'ratio':>6}"
    print(f"  {'':<52} {columns}")
    for name in programs:
        wall, used = statistics.median(times[name]), statistics.median(cpu[name])
        print(
            f"  {name:<52} {1000 * wall:6.0f}ms {1000 * percentile(times[name], 0.9):4.0f}ms"
            f" {wall / bare_wall:5.2f}x  {1000 * used:5.0f}ms"
            f" {1000 * percentile(cpu[name], 0.9):4.0f}ms {used / bare_cpu:5.2f}x"
        )
    if args.write:
        rows = []
        for start, name in (
            ("--seats", "entropy-tui --seats ... (game screen)"),
            ("--resume", "entropy-tui --resume (mid-game)"),
        ):
            wall = statistics.median(times[name])
            rows.append(
                Row(
                    f"Cold start, `{start}`, vs a bare Textual app (wall p50, 120x40)",
                    "<= 1.5x",
                    f"{wall / bare_wall:.2f}x ({1000 * wall:.0f} vs {1000 * bare_wall:.0f} ms)",
                    f"python benchmarks/tui_startup.py --runs {args.runs} --write",
                )
            )
        write_rows(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
