"""The score if the game ended now, on screen: the console's breakdown, the other seats' totals,
the `s` table, and the game-over table and chart."""

from __future__ import annotations

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.rules.scoring import totals_by_round
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.screens.game_over import GameOverScreen
from entropy_tui.tui.screens.scores import ScoresScreen
from entropy_tui.tui.widgets.console import Console
from entropy_tui.tui.widgets.opponents import Opponents
from entropy_tui.tui.widgets.score_table import ScoreTable
from entropy_tui.tui.widgets.vp_chart import VpChart

from .helpers import press, screen_text
from .scenes import game_over, mid_game


def _text(widget: Console | Opponents | ScoreTable) -> str:
    return "\n".join(line.plain for line in widget.lines(widget.size))


async def test_the_console_shows_the_acting_seats_score_term_by_term() -> None:
    app = mid_game()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.scene is not None
        game = screen.session.game
        seat = screen.scene.acting
        score = game.scores()[seat]
        player = game.player(seat)
        text = _text(screen.query_one(Console))
        assert f"Score if the game ended now: {score['total']}" in text
        assert f"score now {score['total']}" in text
        assert f"VP tokens {player.vp}" in text
        for number, spec in enumerate(game.catalog.main_objectives):
            per_unit = spec.track_vp[player.objectives[number]]
            start = f"  {spec.id.capitalize()} track {per_unit} x "
            line = next(line for line in text.splitlines() if line.startswith(start))
            assert line.endswith(f" = {score[f'objective_{spec.id}']}")
        left = len(player.hand) + player.entropy + player.mass + player.energy
        assert f"Leftovers {left} / 4 = {score['leftovers']}" in text
        assert f"score now {score['total']}" in screen_text(app).splitlines()[0]


async def test_the_other_seats_panel_shows_each_total() -> None:
    app = mid_game()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.scene is not None
        game = screen.session.game
        text = _text(screen.query_one(Opponents))
        for seat, score in enumerate(game.scores()):
            if seat != screen.scene.acting:
                name = screen.session.seats[seat].name
                assert f"{name} ({screen.session.seats[seat].kind_label})  score now" in text
                assert f"score now {score['total']}" in text


async def test_s_opens_every_seats_breakdown_side_by_side() -> None:
    app = mid_game()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.screen.session.game  # type: ignore[attr-defined]
        await press(pilot, "s")
        assert isinstance(app.screen, ScoresScreen)
        rows = _text(app.screen.query_one(ScoreTable)).splitlines()
        total_row = next(row for row in rows if row.startswith("Total"))
        assert total_row.split()[1:] == [str(s["total"]) for s in game.scores()]
        stars = next(row for row in rows if row.startswith("Stars track"))
        for seat, player in enumerate(game.state.players):
            per_unit = game.catalog.main_objectives[0].track_vp[player.objectives[0]]
            assert f"{per_unit} x " in stars
            assert f"= {game.scores()[seat]['objective_stars']}" in stars
        shown = screen_text(app)
        assert "Score if the game ended now" in shown
        assert all(seat.name in shown for seat in app.screen.scene.seats)
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)
        await press(pilot, "s", "s")
        assert isinstance(app.screen, GameScreen)


async def test_game_over_shows_the_multipliers_and_charts_the_totals() -> None:
    app = game_over()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        game = screen.session.game
        rows = _text(screen.query_one(ScoreTable)).splitlines()
        for spec in game.catalog.main_objectives:
            row = next(r for r in rows if r.startswith(f"{spec.id.capitalize()} track"))
            for score in game.scores():
                assert f"= {score[f'objective_{spec.id}']}" in row
        chart = screen.query_one(VpChart)
        assert chart.series == totals_by_round(game)
        assert [values[-1] for values in chart.series] == [s["total"] for s in game.scores()]
        assert chart.series != [p.vp_by_round for p in game.state.players]
        assert "Score at the end of each round" in screen_text(app)


async def test_the_top_line_keeps_the_acting_seats_score_even_with_a_long_name() -> None:
    for name in ("Ann", "Annabelle-Marguerite"):
        app = EntropyApp(config=GameConfig(parse_seats(f"{name},bot:greedy"), seed=7), bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            top = screen_text(app).splitlines()[0]
            total = app.screen.session.game.scores()[0]["total"]  # type: ignore[attr-defined]
            assert name in top and "b:Board" in top
            assert f"{name} (score now {total})" in top
