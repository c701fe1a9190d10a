"""The test suite's wall time, side by side with the suite as the restructure found it.

Runs the test command of README.md on this checkout, and the reference suite (serial `pytest`,
its own command then, at REFERENCE_COMMIT, in a git worktree of its own), alternately, `--runs`
times each, and reports each one's median wall time and CPU time and their ratio. The goal is
half the reference's wall time: the issue measured 236 s for it, on its machine. A suite that
fails is reported and not counted. Usage: python benchmarks/suite_time.py [--runs 3] [--write]

The suite has grown since (the club, the review and the Master brought tests of their own), so
a third suite is timed alongside: the reference's tests as they are today (the tests here whose
names the reference's suite has), run by the README's command.
"""

from __future__ import annotations

import argparse
import ast
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Row, write_rows

ROOT = Path(__file__).resolve().parent.parent
# Main when the restructure was filed; its README's test command was a serial `pytest`.
REFERENCE_COMMIT = "dd30a4f"
REFERENCE_COMMAND = ["pytest", "-q"]


def readme_test_command(readme: Path = ROOT / "README.md") -> list[str]:
    """The pytest command of the README's set-up-and-test line (the last of its `&&` steps)."""
    for line in readme.read_text(encoding="utf-8").splitlines():
        steps = [step.strip() for step in line.split("&&")]
        if line.startswith("pip install") and steps[-1].startswith("pytest"):
            return shlex.split(steps[-1])
    raise SystemExit("README.md has no `pip install ... && pytest ...` line to run")


def reference_tree(folder: Path) -> Path:
    """The reference commit checked out in `folder`. Its package found its component data in
    entropy_tui/assets only once installed (a package-dir mapping): linked here instead."""
    tree = folder / "reference"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), REFERENCE_COMMIT],
        check=True,
    )
    assets = tree / "entropy_tui" / "assets"
    if not assets.exists():
        assets.symlink_to(Path("..") / "assets")
    return tree


def names_of_tests(tests: Path) -> set[str]:
    """The names of the test functions defined under `tests`."""
    return {
        node.name
        for module in tests.rglob("*.py")
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
    }


def tests_named(names: set[str], env: dict[str, str]) -> list[str]:
    """The ids of this checkout's tests (each parametrized case) whose function is in `names`."""
    listed = subprocess.run(
        ["pytest", "--collect-only", "-q", "-o", "addopts="],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    return named(listed, names)


def named(test_ids: list[str], names: set[str]) -> list[str]:
    """The test ids among `test_ids` whose function is in `names`."""
    return [
        test_id
        for test_id in test_ids
        if "::" in test_id and test_id.rpartition("::")[2].partition("[")[0] in names
    ]


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float, bool]:
    """Wall seconds, CPU seconds (of every process it started) and whether the suite passed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each suite (alternating)")
    parser.add_argument(
        "--write", action="store_true", help="update the results table in docs/performance.md"
    )
    args = parser.parse_args()
    current = readme_test_command()
    times: dict[str, list[tuple[float, float]]] = {"current": [], "reference": [], "same": []}
    with tempfile.TemporaryDirectory(prefix="suite-time-") as folder:
        tree = reference_tree(Path(folder))
        # Every process the reference's tests start imports the reference's package.
        reference_env = {**os.environ, "PYTHONPATH": str(tree)}
        same_tests = tests_named(names_of_tests(tree / "tests"), dict(os.environ))
        print(f"the reference's tests as they are today: {len(same_tests)} test ids")
        try:
            for run in range(args.runs):
                for name, command, cwd, env in (
                    ("reference", REFERENCE_COMMAND, tree, reference_env),
                    ("current", current, ROOT, dict(os.environ)),
                    ("same", current + same_tests, ROOT, dict(os.environ)),
                ):
                    wall, cpu, passed = timed(command, cwd, env)
                    verdict = "passed" if passed else "FAILED (not counted)"
                    print(f"run {run + 1} {name}: {wall:.1f} s wall, {cpu:.1f} s CPU, {verdict}")
                    if passed:
                        times[name].append((wall, cpu))
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False
            )
    if not (times["current"] and times["reference"]):
        raise SystemExit("no passing run of one of the suites: nothing to compare")
    summaries = {name: compared(name, times) for name in ("current", "same") if times[name]}
    for summary in summaries.values():
        print(summary)
    if args.write:
        command = f"python benchmarks/suite_time.py --runs {args.runs} --write"
        goal = "at most 0.5x (the issue's figure: 236 s for the reference)"
        rows = {
            "current": f"`{shlex.join(current)}`, wall time on 2 cores, vs the suite at"
            f" {REFERENCE_COMMIT} (serial `pytest`)",
            "same": f"The same, only the tests the suite at {REFERENCE_COMMIT} had"
            f" ({len(same_tests)} ids today)",
        }
        write_rows([Row(rows[name], goal, line, command) for name, line in summaries.items()])


def compared(name: str, times: dict[str, list[tuple[float, float]]]) -> str:
    """A suite's median wall and CPU time against the reference's, as one line."""
    wall = {key: statistics.median(w for w, _ in runs) for key, runs in times.items() if runs}
    cpu = {key: statistics.median(c for _, c in runs) for key, runs in times.items() if runs}
    return (
        f"{wall[name] / wall['reference']:.2f}x: {wall[name]:.0f} s against"
        f" {wall['reference']:.0f} s (CPU {cpu[name]:.0f} s against {cpu['reference']:.0f} s),"
        f" medians of {len(times[name])} and {len(times['reference'])} runs"
    )


if __name__ == "__main__":
    main()
