"""Panels drawn line by line: a line given in pieces (the rondel's ring, a row of cells) shows
exactly as the same line given whole, and a panel's new title repaints its top row alone."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.visual import RenderOptions
from textual.widget import Widget

from entropy_tui.tui.widgets.line_view import Line, LineView
from entropy_tui.tui.widgets.titled import RetitledScroll

CELLS = (
    Content.styled("┌I0 ──┐", "$accent"),
    Content("slot empty  "),
    Content.styled("[1] ok", "bold $success") + Content(" d2 "),
)


class Lines(LineView):
    def __init__(self, lines: Sequence[Line], id: str | None = None) -> None:
        super().__init__(id=id)
        self.given = lines

    def lines(self, size: Size) -> Sequence[Line]:
        return self.given


class Both(App[None]):
    CSS = "Lines { height: auto; } #panel { border: round white; height: 6; }"

    def compose(self) -> ComposeResult:
        yield Lines([CELLS, CELLS[1:]])
        yield Lines([Content("").join(CELLS), Content("").join(CELLS[1:])])
        with RetitledScroll(id="panel"):
            yield Lines([Content(f"line {n}") for n in range(8)])


def _cells(strip: Strip) -> list[tuple[str, object]]:
    """Each cell's character and style, however the row is split into segments."""
    return [(char, style) for text, style, _ in strip for char in text]


async def test_a_line_in_pieces_shows_as_the_line_whole() -> None:
    app = Both()
    async with app.run_test(size=(60, 20)):
        pieces, whole, _ = app.query(Lines)
        assert pieces.size == whole.size
        for y, text in enumerate(["┌I0 ──┐slot empty  [1] ok d2 ", "slot empty  [1] ok d2 "]):
            drawn = pieces.render_line(y)
            assert drawn.text == text
            assert _cells(drawn) == _cells(whole.render_line(y))
        assert pieces.render() == whole.render()  # measured and selected as one line too


async def test_a_new_title_repaints_the_top_border_row_alone() -> None:
    app = Both()
    async with app.run_test(size=(60, 20)) as pilot:
        panel = app.query_one("#panel", RetitledScroll)
        await pilot.pause()
        panel.retitle("Console: Bea")
        assert panel.border_title == "Console: Bea"
        assert {(r.y, r.height) for r in panel._repaint_regions} == {(0, 1)}
        await pilot.pause()
        assert "Console: Bea" in app.screen._compositor.render_strips()[panel.region.y].text
        panel.retitle("Console: Bea")  # the same title: nothing to repaint
        assert not panel._repaint_regions


class Backgrounds(App[None]):
    """Plain panels (drawn by LineView itself) on a tinted background, and a padded one (drawn
    by Textual's styles cache, as LineView leaves any box of its own to it)."""

    CSS = """
    Screen { background: $panel; }
    #plain { height: 5; background: $boost; color: $text-muted; }
    #padded { height: 5; padding: 0 1; }
    """

    def compose(self) -> ComposeResult:
        lines = [CELLS, Content.styled("a longer line that wraps " * 3, "italic"), Content("")]
        yield Lines(lines, id="plain")
        yield Lines(lines, id="padded")


async def test_rows_are_drawn_as_textual_draws_them() -> None:
    """Every cell (character and style) of the rows LineView hands the compositor is what
    Textual's own drawing of the widget gives, for whole rows and rows cut at both sides."""
    app = Backgrounds()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        for lines in app.query(Lines):
            width, height = lines.size
            for crop in (lines.size.region, Region(3, 1, width - 7, height - 2)):
                ours = lines.render_lines(crop)
                lines._styles_cache.clear()
                theirs = Widget.render_lines(lines, crop)
                assert [_cells(strip) for strip in ours] == [_cells(s) for s in theirs]
                assert [strip.cell_length for strip in ours] == [crop.width] * crop.height


async def test_rows_kept_for_the_compositor_follow_the_background() -> None:
    """The rows handed to the compositor are kept (a frame asks for rows that did not change):
    on another background beneath (or another theme) they are drawn as Textual draws them."""
    app = Backgrounds()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        lines = app.query_one("#plain", Lines)
        crop = lines.size.region
        before = lines.render_lines(crop)
        assert lines.render_lines(crop) == before  # kept
        for change in ("background", "theme"):
            if change == "background":
                app.screen.styles.background = "darkred"
            else:
                app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
            await pilot.pause()
            ours = lines.render_lines(crop)
            lines._styles_cache.clear()
            theirs = Widget.render_lines(lines, crop)
            assert [_cells(strip) for strip in ours] == [_cells(s) for s in theirs]
            assert [_cells(strip) for strip in ours] != [_cells(s) for s in before]
            before = ours


async def test_a_line_that_fits_is_set_in_its_row_as_textual_sets_it() -> None:
    """A line no wider than the panel skips the search for where to wrap it: its row is the
    one Textual makes (every segment, style and offset), and a line that wraps is untouched."""
    app = Backgrounds()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        lines = app.query_one("#padded", Lines)
        style = lines.visual_style
        options = RenderOptions(lines._get_style, lines.styles)
        given = [
            Content("").join(CELLS),
            Content.styled("bold then plain", "bold") + Content("  two spaces  "),
            Content("x" * 12),
            Content("a\ttab"),
            Content("words that wrap " * 3),
            Content(""),
        ]
        for line in given:
            for width in (12, 30):
                ours = lines._line_strips(line, width, style)
                assert ours == line.render_strips(width, None, style, options)
                assert [list(strip) for strip in ours] == [
                    list(strip) for strip in line.render_strips(width, None, style, options)
                ]


async def test_restyling_keeps_the_lines_drawn_unless_the_theme_changed() -> None:
    """Textual restyles a panel and all it holds whenever the focus enters or leaves it: its
    lines are not drawn anew for that, but they are for another theme (their $variables)."""
    app = Backgrounds()
    async with app.run_test(size=(40, 14)) as pilot:
        await pilot.pause()
        lines = app.query_one("#plain", Lines)
        drawn: list[Content] = []
        draw_line = lines._line_strips

        def counted(line: Content, width: int, style: object) -> list[Strip]:
            drawn.append(line)
            return draw_line(line, width, style)  # type: ignore[arg-type]

        lines._line_strips = counted  # type: ignore[method-assign]
        before = lines.render_line(0)
        lines.notify_style_update()
        assert lines.render_line(0) == before
        assert drawn == []
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await pilot.pause()
        assert drawn
        assert _cells(lines.render_line(0)) != _cells(before)  # $accent in the new theme
