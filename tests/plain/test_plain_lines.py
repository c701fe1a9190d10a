"""The plain mode's lines, without a process: what a decision, a hand and a page say, and a
game driven through PlainPlay with typed lines."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from entropy_tui.plain import commands, plain_terminal
from entropy_tui.plain.lines import MORE, Lines, printable
from entropy_tui.plain.panels import hand_lines, log_lines, others_lines, status_lines
from entropy_tui.plain.play import PlainPlay
from entropy_tui.plain.turn import choice_prompt, decision_lines, handoff_line, question_line
from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Decision
from entropy_tui.rules.decision import disabled, option


def session_of(seats: str, seed: int = 7) -> Session:
    return Session(GameConfig(parse_seats(seats), seed=seed))


def played(session: Session, typed: str) -> str:
    """What the plain mode prints for the typed lines (then the input ends)."""
    shown = io.StringIO()
    PlainPlay(session, Lines(io.StringIO(typed), shown), resume_command="resume").run()
    return shown.getvalue()


def test_a_decision_says_whose_it_is_what_and_why_an_option_is_not_possible() -> None:
    session = session_of("Ann,bot:random")
    decision = Decision(
        0,
        "Ann: move your Scientist 1-3 spaces",
        "Movement",
        [option("a", "Move 1", lambda: None), disabled("b", "Move 2", "that space is taken")],
    )
    lines = decision_lines(session, decision)
    assert lines == [
        "Ann: move your Scientist 1-3 spaces (rules: Movement)",
        "1. Move 1",
        "2. Move 2 (not possible: that space is taken)",
    ]
    assert choice_prompt(decision) == "Choose 1 to 2, or type a command: "
    decision.options.pop()
    assert choice_prompt(decision) == "Choose 1, or type a command: "


def test_a_hand_shows_to_its_own_seat_only() -> None:
    session = session_of("Ann,Bob")
    session.take_keyboard(0)
    bobs = session.game.state.players[1].hand
    assert bobs and all(f"card {card};" not in " ".join(hand_lines(session, 0)) for card in bobs)
    assert hand_lines(session, 1) == [
        f"Bob's hand is hidden: {len(bobs)} Life card{'s' * (len(bobs) != 1)}, 2 Missions."
    ]
    anns = session.game.state.players[0].hand
    assert all(f"card {card};" in " ".join(hand_lines(session, 0)) for card in anns)


def test_status_and_others_speak_of_the_seat_at_the_keyboard_and_the_rest() -> None:
    session = session_of("Ann,bot:greedy")
    status = status_lines(session)
    assert status[0] == "Round 1. To act: Ann."
    assert status[1].startswith("Ann: VP 0, score now")
    assert status[3] == "Lifeforms: 0 Bacteria, 0 Plants, 0 Animals."
    others = others_lines(session)
    assert others[0].startswith("Casual 2 (Casual bot): score now") and len(others) == 2


def test_control_characters_never_reach_the_terminal() -> None:
    assert printable("Ann\x1b[2J\x07") == "Ann [2J "
    shown = io.StringIO()
    Lines(io.StringIO(""), shown).say("\x1b]0;title\x07Bob")
    assert "\x1b" not in shown.getvalue() and "\x07" not in shown.getvalue()


def test_long_answers_are_paged_by_line_count_and_q_stops() -> None:
    shown = io.StringIO()
    lines = Lines(io.StringIO("\nq\n"), shown, page=2)
    lines.page([f"line {n}" for n in range(7)])
    text = shown.getvalue()
    assert text.count(MORE) == 2
    assert "line 3" in text and "line 4" not in text


def test_the_end_of_the_input_is_told_once_and_sticks() -> None:
    lines = Lines(io.StringIO("1\n"), io.StringIO())
    assert lines.ask("? ") == "1"
    assert lines.ask("? ") is None and lines.closed
    assert lines.ask("? ") is None


def test_commands_are_found_by_name_or_a_start_of_one_but_quit_only_whole() -> None:
    assert commands.find("sc").name == "score"  # type: ignore[union-attr]
    assert commands.find("S") is None  # status, score, systems, save
    assert commands.find("q") is None and commands.find("quit") is not None


def test_hot_seat_hands_off_before_anything_private_and_waits_for_enter() -> None:
    session = session_of("Ann,Bob")
    text = played(session, "hand\n")
    _, _, after = text.partition(handoff_line(session, 0))
    assert after.startswith("\nAnn: press Enter to take your turn, or type quit.")
    assert "Ann's hand" not in text and "move your Scientist" not in text


def test_bad_input_is_answered_in_one_line_and_the_decision_is_not_said_again() -> None:
    session = session_of("Ann,bot:random")
    text = played(session, "\n9\nfrobnicate\n")
    assert "Type a number from 1 to 3, or help for the commands." in text
    assert "There is no option 9: choose 1 to 3." in text
    assert "'frobnicate' is neither an option's number nor a command" in text
    assert text.count("move your Scientist") == 1
    assert session.game.state.choices == []


def test_the_plain_mode_loads_neither_textual_nor_rich() -> None:
    code = (
        "import sys, entropy_tui.plain.start, entropy_tui.plain.join;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"


@pytest.mark.parametrize("command", [c.name for c in commands.COMMANDS if c.name != "hint"])
def test_every_command_answers_in_lines(command: str) -> None:
    session = session_of("Ann,bot:random")
    text = played(session, f"{command}\n")
    answer = text.split("type a command: ", 1)[1]
    assert answer.strip(), f"{command} said nothing"


def test_plain_lines_when_the_terminal_is_dumb_or_not_a_terminal_but_not_for_a_browser(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Piped(io.StringIO):
        def isatty(self) -> bool:
            return False

    monkeypatch.setattr(sys, "stdout", Piped())
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    assert plain_terminal()
    # `entropy-tui serve` runs the app with its output piped to a browser's driver.
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert not plain_terminal()


def test_an_output_closed_midway_stops_the_game_quietly_and_saved(tmp_path: Path) -> None:
    class Closing(io.StringIO):
        def write(self, text: str) -> int:
            if self.tell() > 3000:  # a reader such as `head` has gone
                raise BrokenPipeError(32, "Broken pipe")
            return super().write(text)

    config = GameConfig(parse_seats("Ann,bot:random"), seed=7)
    session = Session(config, save_path=tmp_path / "game.json")
    play = PlainPlay(session, Lines(io.StringIO("1\n" * 50), Closing()), resume_command="r")
    assert play.run() == 0
    assert (tmp_path / "game.json").exists()


def test_the_log_speaks_to_the_seat_at_the_keyboard_as_you() -> None:
    stuck = "could not activate any Star: their cheapest Star costs {} Entropy, and they have {}"
    session = session_of("Ann,bot:random")
    session.take_keyboard(0)
    session.game.note(0, "action", "Ann " + stuck.format(3, 1))
    session.game.note(1, "action", "Random 2 " + stuck.format(2, 0))
    lines = log_lines(session, 2)
    assert lines == [
        "You could not activate any Star: your cheapest Star costs 3 Entropy, and you have 1",
        "Random 2 " + stuck.format(2, 0),
    ]


def test_a_second_step_says_how_to_go_back_to_the_first() -> None:
    session = session_of("Ann,bot:random")
    session.undo_refusal = lambda: None  # type: ignore[method-assign]  # the first step was made
    decision = Decision(0, "Create Life: play Bacteria card L1 on which Planet?", "Create Life", [])
    decision.back = "another Life card"
    assert question_line(session, decision) == (
        "Ann: Create Life: play Bacteria card L1 on which Planet? (undo: another Life card)"
        " (rules: Create Life)"
    )


def test_where_undo_is_off_a_second_step_offers_no_way_back() -> None:
    session = session_of("Ann,bot:random")
    session.undo_refusal = lambda: "Undo is off at a shared table."  # type: ignore[method-assign]
    decision = Decision(0, "Create Life: play Bacteria card L1 on which Planet?", "Create Life", [])
    decision.back = "another Life card"
    assert "undo:" not in question_line(session, decision)
