"""`entropy-tui --plain` driven through a terminal as a player would: a whole game against a bot,
the hot-seat hand-off, every command, bad input and the end of the input."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator

import pexpect
import pytest

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.saves.folder import list_saves

pytestmark = pytest.mark.process
PROMPT = re.compile(r"Choose 1(?: to (\d+))?, or type a command: ")
OPTION = re.compile(r"^(\d+)\. .*$", re.MULTILINE)
NOT_POSSIBLE = "(not possible: "
ESCAPE = "\x1b"
WAIT = 20  # seconds for one answer: far more than any takes
MAX_DECISIONS = 400  # a game against a bot asks far fewer


def spawn(*args: str, term: str = "xterm") -> pexpect.spawn:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "entropy_tui", *args],
        encoding="utf-8",
        timeout=WAIT,
        env={**os.environ, "TERM": term},
        dimensions=(24, 200),
    )
    child.setecho(False)  # the transcript holds what the game says, not what is typed
    return child


@pytest.fixture
def children() -> Iterator[list[pexpect.spawn]]:
    started: list[pexpect.spawn] = []
    yield started
    for child in started:
        child.close(force=True)


def first_enabled(said: str) -> int:
    """The number of the first option the decision just said allows."""
    for line in said.splitlines():
        found = OPTION.match(line.strip())
        if found and NOT_POSSIBLE not in line:
            return int(found.group(1))
    raise AssertionError(f"no option allowed in {said!r}")


def test_a_whole_game_against_a_bot_is_played_in_plain_lines(
    children: list[pexpect.spawn],
) -> None:
    child = spawn("--plain", "--seats", "Ann,bot:random", "--seed", "2", "--bot-delay", "0")
    children.append(child)
    transcript = []
    for _ in range(MAX_DECISIONS):
        if child.expect([PROMPT, "Game over after"]) == 1:
            break
        said = child.before
        transcript.append(said)
        child.sendline(str(first_enabled(said)))
    else:
        pytest.fail("the game did not end")
    child.expect(pexpect.EOF)
    end = child.before
    whole = "".join(transcript) + end
    assert ESCAPE not in whole
    assert re.search(r"^1\. (\(shared\) )?(Ann|Beginner 2): \d+ VP, wins", end, re.MULTILINE)
    assert "The game is saved in" in end
    assert "Since your last turn:" in whole
    # Each decision is said once: the options of one never repeat before the next prompt.
    assert all(said.count("\n1. ") <= 1 for said in transcript)
    child.wait()
    assert child.exitstatus == 0
    (save,) = list_saves()
    assert save.over


def test_hot_seat_shows_nothing_of_bobs_before_he_takes_the_keyboard(
    children: list[pexpect.spawn],
) -> None:
    game = Session(GameConfig(parse_seats("Ann,Bob"), seed=7)).game
    bobs = [f"card {card};" for card in game.state.players[1].hand]
    bobs += [f"{mission}:" for mission in game.state.players[1].missions]
    child = spawn("--plain", "--seats", "Ann,Bob", "--seed", "7")
    children.append(child)
    child.expect_exact("Pass to Ann, then press Enter.")
    child.sendline("")
    ann_saw = []
    while True:
        if child.expect([PROMPT, re.escape("Pass to Bob, then press Enter.")]) == 1:
            ann_saw.append(child.before)
            break
        said = child.before
        ann_saw.append(said)
        if len(ann_saw) == 1:
            child.sendline("hand")
            child.expect(PROMPT)
            ann_saw.append(child.before)
            assert "Ann's hand:" in child.before
        child.sendline(str(first_enabled(said)))
    child.sendline("hand")  # not Bob yet: a reminder, nothing of his
    child.expect_exact("Bob: press Enter to take your turn, or type quit.")
    ann_saw.append(child.before)
    text = "".join(ann_saw)
    assert not [private for private in bobs if private in text]
    child.sendline("")
    child.expect(PROMPT)
    assert "Since your last turn:" in child.before and "Bob: move your Scientist" in child.before
    child.sendline("hand")
    child.expect(PROMPT)
    assert "Bob's hand:" in child.before
    assert all(private in child.before for private in bobs)


ANSWERS = {
    "options": "Ann: move your Scientist 1-3 spaces (rules: Movement)",
    "status": "Round 1. To act: Ann.",
    "board": "Rondel, clockwise",
    "offers planets": "Planet offer:",
    "systems": "Ann's 1 Solar System:",
    "hand": "Ann's hand:",
    "others": "Casual 2 (Casual bot): score now",
    "score": "Ann: 1 if the game ended now.",
    "log 5": "Round 1: Ann's turn",
    "rules": "Rules: Movement",
    "rules biome": "Rules: Set Biome",
    "glossary water": "W: Water",
    "hint": "Hint: option ",
    "undo": "Can't take back: the game has just begun.",
    "redo": "Nothing to redo.",
    "save": "Saved a copy as Ann, Casual 2 - round 1.json in",
    "help": "  quit: stop here",
}


def test_every_command_answers_and_the_decision_stays(children: list[pexpect.spawn]) -> None:
    child = spawn("--plain", "--seats", "Ann,bot:greedy", "--seed", "7", "--bot-delay", "0")
    children.append(child)
    child.expect(PROMPT)
    for command, answer in ANSWERS.items():
        child.sendline(command)
        child.expect(PROMPT)
        assert answer in child.before, f"{command}: {child.before!r}"
        assert ESCAPE not in child.before
    child.sendline("offers")  # longer than a page
    child.expect_exact("more? Enter / q")
    child.sendline("q")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Ann took back: Move 1" in child.before
    assert "Ann: move your Scientist" in child.before  # the decision back, said anew
    child.sendline("quit")
    child.expect_exact("Stopped; the game is saved: entropy-tui --plain --resume continues it.")
    child.expect(pexpect.EOF)


def test_bad_input_is_answered_in_one_line_and_a_closed_input_saves_and_stops(
    children: list[pexpect.spawn],
) -> None:
    child = spawn("--seats", "Ann,bot:random", "--seed", "3", "--bot-delay", "0", term="dumb")
    children.append(child)
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    decision = child.before
    count = int(child.match.group(1) or 1)
    for typed, answer in [
        ("", f"Type a number from 1 to {count}, or help for the commands."),
        (str(count + 1), f"There is no option {count + 1}: choose 1 to {count}."),
        (
            "dance",
            "'dance' is neither an option's number nor a command: type help for the commands.",
        ),
    ]:
        child.sendline(typed)
        child.expect(PROMPT)
        assert child.before.strip() == answer
    child.sendeof()
    child.expect_exact("Stopped; the game is saved: entropy-tui --plain --resume continues it.")
    child.expect(pexpect.EOF)
    child.wait()
    assert child.exitstatus == 0
    again = spawn("--plain", "--resume")
    children.append(again)
    again.expect(PROMPT)
    assert decision.strip().splitlines()[-1] in again.before  # the same decision, nothing lost
