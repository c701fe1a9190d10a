"""The game screen's layouts at their smallest sizes: every panel reached and read to its end
with the keys the footer names, nothing cut at the sides, the footer whole."""

from __future__ import annotations

import pytest
from textual.widget import Widget

from entropy_tui.play.config import GameConfig, parse_seats
from entropy_tui.tui.app import EntropyApp
from entropy_tui.tui.screens.game import GameScreen
from entropy_tui.tui.widgets.game_log import GameLog
from entropy_tui.tui.widgets.key_footer import KeyFooter
from entropy_tui.tui.widgets.panel_bar import PANELS, PanelBar
from entropy_tui.tui.widgets.prompt import Prompt
from entropy_tui.tui.widgets.text_panel import TextPanel

from .helpers import press, screen_text
from .scenes import game_start, handoff, mid_game, new_game, tutorial

# The smallest size of each layout: compact, medium, full.
LAYOUT_EDGES = {"compact": (80, 24), "medium": (110, 32), "full": (150, 40)}
PANEL_KEYS = {"rondel": "b", "offers": "o", "console": "c", "opponents": "p"}
MOST_PAGES = 20


def _rows(panel: TextPanel) -> list[str]:
    """The panel's rows of text as drawn at its size, blank ones at the end left out."""
    rows = [strip.text.rstrip() for strip in panel._draw(panel.size)]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def _on_screen(app: EntropyApp, row: str) -> bool:
    return any(line.rstrip().endswith(row) for line in screen_text(app).splitlines())


async def test_at_80x24_every_panel_pages_to_its_last_line_with_the_footers_keys() -> None:
    app = mid_game()
    async with app.run_test(size=LAYOUT_EDGES["compact"]) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        footer = screen_text(app).splitlines()[-1]
        assert " ".join(PANEL_KEYS.values()) in footer
        for name, key in PANEL_KEYS.items():
            panel = screen.query_one(f"#{name}-panel").query_one(TextPanel)
            await press(pilot, key)
            last = _rows(panel)[-1]
            assert len(_rows(panel)) > 1
            for _ in range(MOST_PAGES):
                if _on_screen(app, last):
                    break
                await press(pilot, key)
            assert _on_screen(app, last), f"{name}: {last!r} never shows"
        # The log: its newest line shows at once; "l" pages back to the oldest.
        log = screen.query_one(GameLog)
        await press(pilot, "l")
        assert _on_screen(app, log._lines[-1])
        for _ in range(MOST_PAGES):
            if _on_screen(app, log._lines[0]):
                break
            await press(pilot, "l")
        assert _on_screen(app, log._lines[0])
        await press(pilot, "l")  # past the oldest: back to the newest
        assert _on_screen(app, log._lines[-1])


async def test_the_panel_bar_counts_the_pages_and_the_last_goes_back_to_the_first() -> None:
    app = mid_game()
    async with app.run_test(size=LAYOUT_EDGES["compact"]) as pilot:
        await press(pilot, "o")
        await pilot.pause()
        frame = app.screen.query_one("#offers-panel")
        pages = 1 + -(-int(frame.max_scroll_y) // frame.scrollable_content_region.height)
        assert pages > 2
        assert f"o:Offers 1/{pages}" in screen_text(app)
        for page in range(2, pages + 1):
            await press(pilot, "o")
            await pilot.pause()
            assert f"o:Offers {page}/{pages}" in screen_text(app)
        assert frame.scroll_y == frame.max_scroll_y
        await press(pilot, "o")
        await pilot.pause()
        assert frame.scroll_y == 0
        assert f"o:Offers 1/{pages}" in screen_text(app)


def _panels(screen: GameScreen) -> list[Widget]:
    return [p for p in screen.query(".panel") if p.display]


@pytest.mark.parametrize("layout", LAYOUT_EDGES)
async def test_no_panel_is_cut_or_squeezed_out_at_a_layouts_smallest_size(layout: str) -> None:
    app = mid_game()
    async with app.run_test(size=LAYOUT_EDGES[layout]) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for key in (*PANEL_KEYS.values(), "l"):
            await press(pilot, key)
            await pilot.pause()
            for frame in _panels(screen):
                assert frame.content_region.height >= 2, f"{frame.id} has no room at {layout}"
                if frame.query(GameLog):
                    log = frame.query_one(GameLog)
                    rows = [strip.text.rstrip() for strip in log._draw(log.size)]
                    assert max(map(len, rows)) <= log.content_region.width
                    continue
                assert frame.max_scroll_x == 0, f"{frame.id} is cut at {layout}"
                for panel in frame.query(TextPanel):
                    widest = max(len(row) for row in _rows(panel))
                    assert widest <= frame.scrollable_content_region.width, panel.id


@pytest.mark.parametrize("layout", ["medium", "full"])
async def test_the_whole_rondel_shows_beside_the_prompt(layout: str) -> None:
    app = mid_game()
    async with app.run_test(size=LAYOUT_EDGES[layout]) as pilot:
        await pilot.pause()
        frame = app.screen.query_one("#rondel-panel")
        assert frame.max_scroll_y == 0
        text = screen_text(app)
        for space in ("I0", "O0", "I5", "O5"):
            assert space in text


@pytest.mark.parametrize("make", [mid_game, tutorial, new_game, handoff])
async def test_the_footer_fits_80_columns(make: object) -> None:
    app = make()  # type: ignore[operator]
    async with app.run_test(size=LAYOUT_EDGES["compact"]) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        assert 0 < footer.width <= 80


async def test_space_with_no_bot_waiting_says_so() -> None:
    app = EntropyApp(config=GameConfig(parse_seats("Ann,bot:random"), seed=7), bot_delay=0)
    async with app.run_test(size=LAYOUT_EDGES["compact"]) as pilot:
        game = app.screen.session.game
        before = len(game.state.choices)
        await press(pilot, "space")
        assert "No bot is waiting to play" in app.screen.query_one(Prompt).border_title
        assert len(game.state.choices) == before


async def test_f2_says_which_colours_are_on() -> None:
    app = EntropyApp(config=GameConfig(parse_seats("Ann,bot:random"), seed=7), bot_delay=0)
    async with app.run_test(size=LAYOUT_EDGES["compact"]) as pilot:
        await press(pilot, "f2")
        assert "Colour-blind-safe colours on" in [n.message for n in app._notifications][-1]
        await press(pilot, "f2")
        assert "Default colours on" in [n.message for n in app._notifications][-1]


@pytest.mark.parametrize("layout", ["compact", "medium", "full"])
async def test_the_game_screens_panels_are_styled_once_before_its_first_frame(
    layout: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Styling a widget again (the layout's class set after the widgets mounted, or the first
    showing of the screen restyling everything) is a large part of a cold start."""
    from textual.css.stylesheet import Stylesheet

    styled: dict[str, int] = {}
    apply = Stylesheet.apply

    def counting_apply(self: Stylesheet, node: object, *args: object, **kwargs: object) -> None:
        name = getattr(node, "id", None)
        if name is not None:
            styled[name] = styled.get(name, 0) + 1
        apply(self, node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", counting_apply)
    app = game_start()
    async with app.run_test(size=LAYOUT_EDGES[layout]) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        panels = ["table", "col-board", "rondel-panel", "rondel", "log-panel", "console", "status"]
        assert {name: styled[name] for name in panels} == dict.fromkeys(panels, 1)
        # the layout's class took effect
        assert app.screen.has_class("-medium") == (layout == "medium")
        assert app.screen.has_class("-compact") == (layout == "compact")


async def test_the_panel_bar_keeps_room_for_a_page_count_from_the_start() -> None:
    """The page count of the panel shown appears once the panels are laid out: a bar that
    grew for it would lay the whole screen out again just after the first frame, and names
    that moved when it came or went would jump under the player's eyes."""
    app = game_start()
    async with app.run_test(size=LAYOUT_EDGES["compact"]) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(PanelBar)
        bar.show("console", (1, 1))
        before = bar.content.plain
        bar.show("console", (1, 3))
        after = bar.content.plain
        assert "1/3" in after and "1/3" not in before
        assert len(after) == len(before)
        for key, label in PANELS.values():
            assert after.index(f"{key}:{label}") == before.index(f"{key}:{label}"), label


async def test_a_resize_to_the_size_the_app_has_lays_nothing_out_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The terminal's driver reports the size once more as it starts; Textual passed it on to
    every screen, which laid each out again and repainted the whole screen twice."""
    from textual.events import Resize
    from textual.geometry import Size
    from textual.screen import Screen

    layouts: list[str] = []
    refresh_layout = Screen._refresh_layout

    def counting(self: Screen, *args: object, **kwargs: object) -> None:
        layouts.append(type(self).__name__)
        refresh_layout(self, *args, **kwargs)  # type: ignore[arg-type]

    app = game_start()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        monkeypatch.setattr(Screen, "_refresh_layout", counting)
        app.post_message(Resize(Size(120, 40), Size(120, 40)))
        await pilot.pause()
        await pilot.pause()
        assert layouts == []
        await pilot.resize_terminal(130, 40)
        await pilot.pause()
        assert "GameScreen" in layouts
        assert app.screen.size == Size(130, 40)


@pytest.mark.parametrize("layout", ["compact", "medium", "full"])
async def test_the_rows_and_columns_that_arrange_panels_are_left_out_of_frames(layout: str) -> None:
    """A frame renders every widget under the box around what changed: the rows and columns
    that only arrange the panels, which cover them, are left out (the screen's own background
    shows where they are not covered), and every panel still is in."""
    app = mid_game()
    async with app.run_test(size=LAYOUT_EDGES[layout]) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        rendered = set(screen._compositor.visible_widgets)
        arranging = [screen.query_one(f"#{name}") for name in ("top", "table")]
        arranging += list(screen.query(".column"))
        assert not rendered & set(arranging)
        shown = [panel for panel in screen.query(".panel") if panel.display]
        shown = [panel for panel in shown if panel.parent.display]
        assert shown and set(shown) <= rendered
        assert screen.query_one("#status") in rendered
