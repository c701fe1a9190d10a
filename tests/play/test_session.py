"""The session: who sits at the screen, when the keyboard must be handed over, what is private."""

from __future__ import annotations

import pytest

from entropy_tui.play.config import GameConfig, SeatConfig, parse_seats
from entropy_tui.play.session import Session
from entropy_tui.rules import Decision
from entropy_tui.rules.visibility import HIDDEN


class FirstOption:
    """A stand-in bot: the first enabled option."""

    def decide(self, view: dict, decision: Decision) -> str:
        return decision.enabled[0].id


def first_option_bot(name: str, seed: int) -> FirstOption:
    return FirstOption()


def session(spec: str, *, open_hands: bool = False) -> Session:
    config = GameConfig(parse_seats(spec), seed=3, open_hands=open_hands)
    return Session(config, bot_factory=first_option_bot)


def test_one_human_never_needs_a_handoff_and_sees_only_their_cards() -> None:
    s = session("Ann,bot:random,bot:greedy")
    while not s.game.over and s.game.state.round < 4:
        assert s.handoff_needed() is None
        if s.bot_to_move():
            s.bot_step()
        else:
            assert s.decision is not None and s.decision.player == 0
            s.choose(s.decision.enabled[0].id)
        view = s.view()
        assert HIDDEN not in view["players"][0]["hand"]
        assert all(
            card == HIDDEN for p in view["players"][1:] for card in p["hand"] + p["missions"]
        )
    assert s.sees_private(0) and not s.sees_private(1)


def test_two_humans_hand_over_whenever_the_other_decides() -> None:
    s = session("Ann,Bea")
    assert s.viewer is None, "nobody has the keyboard before the first hand-off"
    handoffs = []
    while s.game.state.round < 4:
        seat = s.handoff_needed()
        if seat is not None:
            handoffs.append(seat)
            s.take_keyboard(seat)
            continue
        decision = s.decision
        assert decision is not None and decision.player == s.viewer
        other = 1 - s.viewer
        assert all(card == HIDDEN for card in s.view()["players"][other]["hand"])
        s.choose(decision.enabled[0].id)
    assert handoffs[:4] == [0, 1, 0, 1]


def test_open_hands_needs_no_handoff_and_shows_everything() -> None:
    s = session("Ann,Bea", open_hands=True)
    for _ in range(40):
        assert s.handoff_needed() is None
        assert s.sees_private(0) and s.sees_private(1)
        s.choose(s.decision.enabled[0].id)
    assert HIDDEN not in s.view()["players"][1]["hand"]


def test_bots_play_until_a_human_must_decide() -> None:
    s = session("bot:random,Ann")
    steps = s.play_bots()
    assert steps > 0
    assert s.human_to_move() == 1


def test_an_all_bot_game_is_watched_with_every_card_shown() -> None:
    s = session("bot:random,bot:greedy")
    assert s.spectating and s.sees_private(0) and s.sees_private(1)
    s.play_bots()
    assert s.game.over


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("Ann", "2 to 4"),
        ("Ann,Bob,Cy,Dee,Eve", "2 to 4"),
        ("Ann,ann", "same name"),
        ("Ann,bot:clever", "unknown bot"),
    ],
)
def test_bad_seat_lists_are_explained(spec: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_seats(spec)


def test_seat_lists_name_bots_and_give_distinct_colours() -> None:
    seats = parse_seats("Ann, bot:greedy, bot:random:Rex")
    assert [s.name for s in seats] == ["Ann", "Casual 2", "Rex"]
    assert [s.bot for s in seats] == [None, "greedy", "random"]
    assert len({s.colour for s in seats}) == 3


def test_a_bot_may_be_named_by_its_level() -> None:
    seats = parse_seats("Ann,bot:Casual,bot:beginner:Rex")
    assert [(s.name, s.bot) for s in seats] == [
        ("Ann", None),
        ("Casual 2", "greedy"),
        ("Rex", "random"),
    ]
    assert [s.kind_label for s in seats] == ["human", "Casual bot", "Beginner bot"]


def test_a_configuration_lists_every_problem() -> None:
    seats = (SeatConfig("Ann", None, "blue"), SeatConfig("", None, "blue"))
    problems = GameConfig(seats, seed=1).problems()
    assert any("name" in p for p in problems) and any("colour" in p for p in problems)
