"""Your position, always in view: the seat at the keyboard sees its resources, score, Lifeforms
and Objective markers on every panel at every size; the top line gives up its score last; the
end, once triggered, is announced in every game; and the panels come back to what matters at
each turn, with no account of a turn cut mid-sentence."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from entropy_tui.bots import make_bot
from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.play.glyphs import LIFEFORM_LETTER, RESOURCE_LETTER
from entropy_tui.play.recap import since_last_turn, this_turn
from entropy_tui.play.session import Session
from entropy_tui.rules.missions import lifeform_goals
from entropy_tui.rules.scoring import explained_scores
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.widgets.game_log import GameLog
from entropy_tui.tui.widgets.options_view import OptionsView
from entropy_tui.tui.widgets.prompt import Prompt

from .helpers import keys_for, press, screen_text, shown
from .played_once import played_once
from .scenes import last_round, mid_game, turn_end

SIZES = {"80x24": (80, 24), "110x32": (110, 32), "160x50": (160, 50)}
LONG_TURN = 250  # characters of a turn's account: four rows at 80 columns
RESOURCES = ("energy", "mass", "entropy")


def _game_screen(app: EntropyApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen), type(screen)
    return screen


def _position_parts(screen: GameScreen, seat: int) -> list[tuple[str, ...]]:
    """What the position line must say, each in the forms it may take (words or letters)."""
    game = screen.session.game
    player = game.view(seat)["players"][seat]
    score = explained_scores(game)[seat]
    worded = "  ".join(f"{name.capitalize()} {player[name]}" for name in RESOURCES)
    lettered = " ".join(f"{player[name]}{RESOURCE_LETTER[name]}" for name in RESOURCES)
    goals = " ".join(
        f"{LIFEFORM_LETTER[life]} {total}" + ("" if least is None else f"/{least}")
        for life, total, least in lifeform_goals(game, seat)
    )
    tracks = " ".join(f"{o.objective} {o.space}/{o.final_space}" for o in score.objectives)
    markers = "obj " + "/".join(str(o.space) for o in score.objectives)
    return [
        (f"{worded}  VP {player['vp']}", f"{lettered} {player['vp']}VP"),
        (f"score now {score.total}",),
        (goals,),
        (tracks, markers),
    ]


def _missing(text: str, parts: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    return [forms for forms in parts if not any(form in text for form in forms)]


async def _pick_first(pilot: Pilot, app: EntropyApp) -> None:
    """Lifts a cover, or takes the first option that is possible."""
    await shown(pilot)
    if isinstance(app.screen, HandoffScreen):
        await press(pilot, "enter")
        return
    choices = _game_screen(app).query_one(Prompt).choices
    choice = next(choice for choice in choices if choice.enabled)
    await press(pilot, *keys_for(choice.number, len(choices)))


# ------------------------------------------------------------------ 1. the position line
@pytest.mark.parametrize("size", SIZES)
async def test_the_seat_at_the_keyboard_sees_its_position_above_every_panel(size: str) -> None:
    app = mid_game()
    async with app.run_test(size=SIZES[size]) as pilot:
        await shown(pilot)
        screen = _game_screen(app)
        seat = screen.session.viewer
        assert seat is not None
        parts = _position_parts(screen, seat)
        for key in ("b", "o", "c", "c", "p", "l"):  # each panel, the Console paged too
            await press(pilot, key)
            top = "\n".join(screen_text(app).splitlines()[:3])
            assert not _missing(top, parts), f"after {key!r}, missing {_missing(top, parts)}"


async def test_a_spectator_sees_the_position_of_the_seat_to_move() -> None:
    config = GameConfig(parse_seats("bot:greedy,bot:random"), seed=7)
    async with EntropyApp(config=config, bot_delay=60).run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        screen = _game_screen(app := pilot.app)
        decision = screen.session.decision
        assert screen.session.viewer is None and decision is not None
        top = "\n".join(screen_text(app).splitlines()[:3])
        assert not _missing(top, _position_parts(screen, decision.player))


async def test_the_rondel_still_shows_whole_at_80x24() -> None:
    async with mid_game().run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        assert pilot.app.screen.query_one("#rondel-panel").max_scroll_y == 0


# ------------------------------------------------------------------ 2. the top line
async def test_at_80_columns_the_top_line_gives_up_the_panel_names_before_the_score() -> None:
    app = last_round("Annabel,Beatrice")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "enter")  # Beatrice takes the keyboard
        screen = _game_screen(app)
        game = screen.session.game
        state = game.state
        state.round = state.end_round = 20
        state.players[1].vp += 100
        game.edited()
        screen.show_scene()
        await press(pilot, "c")  # a panel with pages: its count shows in the bar too
        total = explained_scores(game)[1].total
        assert total >= 100
        top = screen_text(app).splitlines()[0]
        assert "R20!" in top
        assert f"(score now {total})" in top, top
        assert "o:Offers" not in top  # the names went first
        assert "c:Console" in top  # the panel showing keeps its name


# ------------------------------------------------------------------ 3. the end announced
@pytest.mark.parametrize(
    ("size", "words"),
    [
        ((160, 50), "Last round: the game ends after Casual 3's turn"),
        ((110, 32), "Last round: the game ends after Casual 3's turn"),
        ((80, 24), "Ends after Casual 3"),
    ],
)
async def test_the_last_round_is_announced_on_the_cover_and_the_top_line(
    size: tuple[int, int], words: str
) -> None:
    app = last_round()
    async with app.run_test(size=size) as pilot:
        await shown(pilot)
        assert isinstance(app.screen, HandoffScreen)
        cover = screen_text(app)
        assert "Last round: the game ends after Casual 3's turn" in cover
        await press(pilot, "enter")
        top = screen_text(app).splitlines()[0]
        assert words in top
        assert "score now" in top


async def test_nothing_is_announced_before_the_end_is_triggered() -> None:
    async with mid_game().run_test(size=(160, 50)) as pilot:
        await shown(pilot)
        text = screen_text(pilot.app)
        assert "Last round" not in text and "End in sight" not in text


# ------------------------------------------------------------------ 4. panels come back
async def test_a_new_turn_shows_the_consoles_first_page_and_the_newest_log_lines() -> None:
    app = mid_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        screen = _game_screen(app)
        console = screen.query_one("#console-panel")
        log = screen.query_one(GameLog)
        await press(pilot, "c", "c")
        assert console.scroll_y > 0
        await press(pilot, "l", "l")
        assert log.page()[0] > 1
        state = screen.session.game.state
        start = (state.round, state.turn.player)
        while (state.round, state.turn.player) == start or state.turn.player != start[1]:
            await _pick_first(pilot, app)
        assert console.scroll_y == 0
        assert log.page()[0] == 1
        await press(pilot, "c")
        assert "c:Console 1/" in screen_text(app).splitlines()[0]


async def test_l_opens_the_log_on_its_newest_lines() -> None:
    async with mid_game().run_test(size=(80, 24)) as pilot:
        await shown(pilot)
        log = _game_screen(pilot.app).query_one(GameLog)
        await press(pilot, "l", "l")
        assert log.page()[0] > 1
        await press(pilot, "b", "l")
        assert log.page()[0] == 1


def _header_text(view: OptionsView) -> str:
    return " ".join(" ".join(row.plain.split()) for row in view._header_rows)


def _whole_items_or_all(shown_text: str, full: str) -> bool:
    """`shown_text` is `full`, or `full` up to the end of an item, then "; …"."""
    if shown_text == full:
        return True
    if not shown_text.endswith("; …"):
        return False
    kept = shown_text.removesuffix("; …")
    return full.startswith(kept + "; ")


@pytest.mark.parametrize("size", SIZES)
async def test_no_account_of_a_turn_is_cut_mid_sentence(size: str) -> None:
    app = last_round()  # long turns: Planets aggregated, tiles claimed, Objectives advanced
    async with app.run_test(size=SIZES[size]) as pilot:
        await press(pilot, "enter")
        screen = _game_screen(app)
        session = screen.session
        names = [seat.name for seat in session.seats]
        decision = session.decision
        assert decision is not None
        recaps = since_last_turn(session.view()["log"], decision.player, names)
        assert recaps
        header = _header_text(screen.query_one(OptionsView))
        for recap in recaps:
            name = names[recap.seat]
            others = "|".join(re.escape(other) for other in names)
            found = re.search(rf"{re.escape(name)}: (.*?)(?= \S (?:{others}): |$)", header)
            assert found is not None, header
            full = " ".join(recap.text.split())
            assert _whole_items_or_all(found.group(1), full), (found.group(1), full)


def _long_turn_end() -> EntropyApp:
    """A person at "End your turn" after a turn whose account is long (a dozen things done)."""
    return EntropyApp(session=_after_a_long_turn(), bot_delay=0)


@played_once
def _after_a_long_turn() -> Session:
    session = Session(GameConfig(parse_seats("Ann,Bea,bot:greedy"), seed=3))
    names = [seat.name for seat in session.seats]
    stand_ins = {seat: make_bot("greedy", 100 + seat) for seat in session.humans}
    while True:
        session.play_bots()
        decision = session.decision
        assert decision is not None, "no turn this long in the game"
        if decision.kind == "confirm_turn_end":
            account = this_turn(session.view()["log"], decision.player, names)
            if len(account) >= LONG_TURN:
                break
        view = session.game.view(decision.player)
        session.choose(stand_ins[decision.player].decide(view, decision))
    session.take_keyboard(decision.player)
    return session


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("make", [turn_end, _long_turn_end])
async def test_this_turn_is_never_cut_mid_sentence(
    make: Callable[[], EntropyApp], size: str
) -> None:
    app = make()
    async with app.run_test(size=SIZES[size]) as pilot:
        await shown(pilot)
        screen = _game_screen(app)
        session = screen.session
        decision = session.decision
        assert decision is not None
        names = [seat.name for seat in session.seats]
        full = " ".join(this_turn(session.view()["log"], decision.player, names).split())
        header = _header_text(screen.query_one(OptionsView))
        account = header.split("This turn: ", 1)[1]
        assert _whole_items_or_all(account, full), (account, full)
