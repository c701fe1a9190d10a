"""The "End your turn" step on screen, and what the other seats did since a player's last turn:
on the hand-off cover and at the start of the turn."""

from __future__ import annotations

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.handoff import HandoffScreen
from entropy_tui.tui.widgets.prompt import Prompt

from .helpers import press, screen_text

CONFIRM = "confirm_turn_end"


def two_humans(**settings: bool) -> EntropyApp:
    return EntropyApp(config=GameConfig(parse_seats("Ann,Bea"), seed=7, **settings), bot_delay=0)


async def to_the_end_of_the_turn(pilot, app: EntropyApp) -> int:  # type: ignore[no-untyped-def]
    """Takes the first enabled option with its number key until the turn's last step; returns
    how many choices the turn took."""
    taken = 0
    for _ in range(40):
        screen = app.screen
        if isinstance(screen, HandoffScreen):
            await press(pilot, "enter")
            continue
        assert isinstance(screen, GameScreen)
        if screen.session.decision.kind == CONFIRM:  # type: ignore[union-attr]
            return taken
        first = next(c for c in screen.query_one(Prompt).choices if c.enabled)
        await press(pilot, str(first.number))
        taken += 1
    raise AssertionError("the turn did not reach its end")


async def test_a_turn_ends_only_on_enter_and_can_be_taken_back_until_then() -> None:
    app = two_humans()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        taken = await to_the_end_of_the_turn(pilot, app)
        assert taken >= 2
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = screen_text(app)
        assert "Enter: end your turn, u: take back" in text
        assert "This turn: moved" in text
        assert [c.label for c in screen.query_one(Prompt).choices] == ["End your turn"]
        # Undo walks back through every decision of the turn, then says why it stops.
        for _ in range(taken):
            await press(pilot, "u")
        assert screen.session.game.state.choices == []
        await press(pilot, "u")
        assert "Can't take back" in screen_text(app)
        for _ in range(taken):
            await press(pilot, "U")
        assert screen.session.decision.kind == CONFIRM  # type: ignore[union-attr]
        await press(pilot, "enter")
        assert isinstance(app.screen, HandoffScreen)
        await press(pilot, "enter")
        await press(pilot, "u")  # Bea can't take back Ann's turn
        assert "that was Ann's decision" in screen_text(app)


async def test_a_turn_end_that_cannot_be_taken_back_says_why() -> None:
    app = two_humans()
    async with app.run_test(size=(110, 32)) as pilot:
        await pilot.pause()
        for _ in range(8):  # turns, until one reveals a card or tile
            await to_the_end_of_the_turn(pilot, app)
            screen = app.screen
            assert isinstance(screen, GameScreen)
            refusal = screen.session.game.undo_refusal()
            if refusal is not None:
                break
            await press(pilot, "enter")
        else:
            raise AssertionError("no turn revealed anything")
        text = " ".join(screen_text(app).split())
        assert f"Enter: end your turn. {refusal}" in text, text


async def test_without_the_step_the_turn_passes_at_its_last_decision() -> None:
    app = two_humans(confirm_turn_end=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "enter")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(40):
            if isinstance(app.screen, HandoffScreen):
                break
            assert screen.session.decision.kind != CONFIRM  # type: ignore[union-attr]
            first = next(c for c in screen.query_one(Prompt).choices if c.enabled)
            await press(pilot, str(first.number))
        assert isinstance(app.screen, HandoffScreen)


async def test_the_cover_and_the_next_turn_say_what_the_others_did() -> None:
    app = two_humans()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await to_the_end_of_the_turn(pilot, app)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.session.game
        moved = next(e.text for e in reversed(game.log) if e.kind == "move")
        game.note(0, "card", "Ann looked at a SECRET card", private=True)
        await press(pilot, "enter")
        assert isinstance(app.screen, HandoffScreen)
        cover = screen_text(app)
        assert "Since Bea's last turn:" in cover
        assert f"@ Ann: {moved.removeprefix('Ann ')}" in " ".join(cover.split())
        assert "SECRET" not in cover
        await press(pilot, "enter")
        await to_the_end_of_the_turn(pilot, app)
        await press(pilot, "enter", "enter")  # Bea ends her turn; Ann takes the keyboard
        text = screen_text(app)
        assert "Since your last turn:" in text
        assert "# Bea: moved" in text and "SECRET" not in text
        await press(pilot, "1")  # once Ann has moved, the prompt has room for the options again
        assert "Since your last turn:" not in screen_text(app)
