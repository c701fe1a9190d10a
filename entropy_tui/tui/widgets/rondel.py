"""The rondel: the twelve Action spaces in a ring, with Scientists, Creation tokens, Action-tile
sides and lightning links, and, while someone moves, the three spaces within reach."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip

from entropy_tui.play.changes import Changes
from entropy_tui.play.glyphs import LINK, LOCKED_WILD, TOKEN_LETTER, action_name, short_effects
from entropy_tui.rules import preview_move, rondel
from entropy_tui.tui.draw import DOUBLE, HEAVY, box, fit, wrap
from entropy_tui.tui.scene import Scene, marked
from entropy_tui.tui.widgets.line_view import Line, joined
from entropy_tui.tui.widgets.text_panel import TextPanel

CELL = 18  # cell width; four cells make the top and bottom rows
MARK = 6  # the list's first column: the reach mark, "[2]ok "
CENTRE = 2 * CELL
# Clockwise: the top row left to right, down the right side, the bottom row right to left,
# up the left side. Positions are (row, column) in a 4x4 frame; the middle is the centre panel.
PLACES = (
    (0, 0), (0, 1), (0, 2), (0, 3),
    (1, 3), (2, 3),
    (3, 3), (3, 2), (3, 1), (3, 0),
    (2, 0), (1, 0),
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Reach:
    """One of the three spaces the moving Scientist could end on."""

    steps: int
    distance: int
    occupied: bool
    bonus: str
    allowed: bool | None  # None: not for this screen (a landing can depend on the mover's hand)
    reason: str


@dataclass(frozen=True, slots=True)
class Printed:
    """What a space shows of the board itself: the same all game long for a layout of tiles."""

    name: str
    action: str
    bonus: str  # "+2E | +1E", or why there is none
    link: Content | None  # an outer space's lightning link (an inner one shows its slot)


@dataclass(frozen=True, slots=True)
class SpaceLook:
    name: str
    action: str
    bonus: str  # "+2E | +1E", or why there is none
    note: Content  # inner: the tokens in the slot before it; outer: the lightning link
    scientists: tuple[Content, ...]
    reach: Reach | None


class Rondel(TextPanel):
    """Drawn from the public board: the same for every seat. A move repaints the rows that
    differ; only switching between the ring and the list, or a list row wrapping, lays the
    screen out again."""

    DEFAULT_CSS = "Rondel { height: auto; width: auto; } Rondel.-list { width: 1fr; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.compact = False  # one line per space instead of the ring, for small windows
        self._drawn_compact: bool | None = None  # the form last drawn
        self._rows_list: list[tuple[Content, Content]] = []  # the list: (space, its note)
        # The ring's cells last drawn, by look.
        self._cells: dict[tuple[object, ...], list[Content]] = {}
        self._layout: tuple[rondel.Space, ...] | None = None  # the engine's, _printed is of
        self._printed: tuple[Printed, ...] = ()

    def list_spaces(self, compact: bool) -> None:
        """One line per space (True) or the ring. Set before the rondel mounts, its style
        is worked out once, as it mounts."""
        self.compact = compact
        self.set_class(compact, "-list", update=self.is_mounted)

    def show(self, scene: Scene) -> None:
        reaches = _reaches(scene)
        layout = rondel.spaces(scene.game)  # one object for as long as the tiles lie so
        if layout is not self._layout:
            self._layout = layout
            self._printed = tuple(_printed(space, look) for space, look in enumerate(layout))
        here, slots = _scientists(scene), _slot_tokens(scene)
        spaces = tuple(
            _space_look(space, printed, here.get(space, ()), slots, reaches, scene.changes)
            for space, printed in enumerate(self._printed)
        )
        key = (spaces, _mover(scene), scene.view["round"], self.compact)
        self.redraw(key, lambda: self._draw_form(scene, spaces))

    def _draw_form(self, scene: Scene, spaces: tuple[SpaceLook, ...]) -> list[Line]:
        """The ring's lines, or (for the list, whose lines depend on the width) its rows."""
        if self.compact:
            self._rows_list = _list_rows(spaces, len(scene.seats))
            return []
        return _draw(scene, spaces, self._cell)

    def _cell(self, look: SpaceLook) -> list[Content]:
        """A space's cell, drawn again only when its look changed (a move changes a few)."""
        key = _look_key(look)
        cell = self._cells.get(key)
        if cell is None:
            if len(self._cells) > 4 * rondel.SPACES:  # looks of long ago
                self._cells.clear()
            cell = self._cells[key] = _cell(look)
        return cell

    def lines(self, size: Size) -> Sequence[Line]:
        if self.compact:
            return _fit_list(self._rows_list, size.width)
        return self._lines

    def _relayout(self, old: list[Strip] | None, rows: int) -> bool:
        # The ring: not when a longer line wraps, as its width is measured again at the next
        # layout anyway. The list: when a row's note moves to a line of its own, or back.
        switched = self._drawn_compact != self.compact
        self._drawn_compact = self.compact
        return switched or (self.compact and rows != self.size.height)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((joined(line).cell_length for line in self._lines), default=4 * CELL)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines(Size(width, 0)))


def _mover(scene: Scene) -> int | None:
    decision = scene.decision
    return decision.player if decision is not None and decision.kind == "move" else None


def _reaches(scene: Scene) -> dict[int, Reach]:
    """The move options, placed on their destinations. Legality comes from the options, and
    only the screen that may see the mover's decision shows it: whether Create Life may be
    landed on tells whether the mover holds a Life card they can play."""
    seat = _mover(scene)
    if seat is None or scene.decision is None:
        return {}
    shown = scene.decision_visible
    reaches = {}
    for option in scene.decision.options:
        kind, _, distance = option.id.partition(":")
        if kind != "move":  # a free action offered beside the moves
            continue
        steps = int(distance)
        preview = preview_move(scene.game, seat, steps)
        reaches[preview.destination] = Reach(
            steps=steps,
            distance=preview.distance,
            occupied=preview.occupied,
            bonus=short_effects(preview.bonus),
            allowed=option.enabled if shown else None,
            reason=option.reason if shown else "",
        )
    return reaches


def _printed(space: int, look: rondel.Space) -> Printed:
    if look.has_bonus:
        bonus = f"{short_effects(look.bonus)} | {short_effects(look.reduced)}"
    else:
        bonus = "no bonus (back)"
    link = None
    if not rondel.is_inner(space):
        k = rondel.sector(space)
        link = Content(f"{LINK} linked to I{k}" if look.partner is not None else "not linked")
    return Printed(rondel.space_name(space), action_name(look.action), bonus, link)


def _scientists(scene: Scene) -> dict[int, tuple[Content, ...]]:
    """The Scientists on each space, in seat order; one that moved since the seat at the
    screen last acted has the change mark."""
    here: dict[int, tuple[Content, ...]] = {}
    for seat, player in enumerate(scene.players):
        look = scene.seats[seat].look
        space = player["scientist"]
        symbol = marked(Content.styled(look.symbol, look.style), scene.changed(seat, "scientist"))
        here[space] = (*here.get(space, ()), symbol)
    return here


def _space_look(
    space: int,
    printed: Printed,
    scientists: tuple[Content, ...],
    slots: dict[int, tuple[tuple[str, str], ...]],
    reaches: dict[int, Reach],
    changes: Changes,
) -> SpaceLook:
    note = printed.link
    if note is None:  # an inner space: the tokens on the slot before it
        slot = rondel.sector(space)
        note = marked(_slot_note(slots.get(slot, ())), slot in changes.slots)
    return SpaceLook(
        name=printed.name,
        action=printed.action,
        bonus=printed.bonus,
        note=note,
        scientists=scientists,
        reach=reaches.get(space),
    )


def _slot_tokens(scene: Scene) -> dict[int, tuple[tuple[str, str], ...]]:
    """The Creation tokens on each slot of the board: (seat symbol and token letter, style)."""
    slots: dict[int, tuple[tuple[str, str], ...]] = {}
    for seat, player in enumerate(scene.players):
        look = scene.seats[seat].look
        for kind, token in player["tokens"].items():
            if token["where"] == "board":
                locked = kind == "wild" and player["wild_locked"]
                letter = LOCKED_WILD if locked else TOKEN_LETTER[kind]
                slot = token["slot"]
                slots[slot] = (*slots.get(slot, ()), (look.symbol + letter, look.style))
    return slots


@lru_cache(maxsize=256)
def _slot_note(tokens: tuple[tuple[str, str], ...]) -> Content:
    if not tokens:
        return Content("slot empty")
    parts = [Content.styled(text, style) for text, style in tokens]
    # Four seats' tokens in one slot: the seat symbols alone keep them apart.
    spaced, packed = Content(" ").join(parts), Content("").join(parts)
    fitting = (Content("slot ") + spaced, Content("slot ") + packed, packed)
    return next((c for c in fitting if c.cell_length <= CELL - 2), packed)


def _cell(look: SpaceLook) -> list[Content]:
    top = Content(look.name + " ") + Content(" ").join(look.scientists)
    lines: list[Content | str] = [Content.styled(look.action, "bold"), look.bonus, look.note]
    reach = look.reach
    if reach is None:
        return box(lines, CELL, top=top)
    if reach.allowed is None:
        bottom = Content.styled(f"[{reach.steps}] d{reach.distance}", "bold")
        return box(lines, CELL, top=top, bottom=bottom, glyphs=HEAVY)
    verdict = "ok" if reach.allowed else "NO"
    bottom = Content.styled(f"[{reach.steps}] {verdict} d{reach.distance}", "bold")
    if reach.allowed:
        return box(lines, CELL, top=top, bottom=bottom, glyphs=HEAVY, style="$highlight")
    return box(lines, CELL, top=top, bottom=bottom, glyphs=DOUBLE, style="$refused")


def _centre(scene: Scene, spaces: tuple[SpaceLook, ...], height: int) -> list[Content]:
    lines: list[Content] = []
    mover = _mover(scene)
    if mover is not None:
        lines.append(Content("Reach of ") + _tag(scene, mover) + Content(":"))
        reached = [(look, look.reach) for look in spaces if look.reach is not None]
        for look, reach in sorted(reached, key=lambda pair: pair[1].steps):
            crowd = " +1 busy" if reach.occupied else ""
            lines.append(Content.styled(f"[{reach.steps}] {look.name} {look.action}", "bold"))
            bonus = reach.bonus if reach.bonus != "-" else "no bonus"
            if reach.allowed is None:
                lines.append(Content(f"    d{reach.distance}{crowd}, {bonus}"))
            elif reach.allowed:
                lines.append(Content(f"    ok: d{reach.distance}{crowd}, {bonus}"))
            else:
                lines += [Content(f"    NO: {text}") for text in wrap(reach.reason, CENTRE - 10)]
    else:
        turn = scene.view["turn"]["player"]
        lines.append(Content(f"Round {scene.view['round']}: ") + _tag(scene, turn))
    lines += [
        Content(""),
        Content(f"slot S P A {TOKEN_LETTER['wild']}: tokens; {LOCKED_WILD}: locked"),
        Content(f"{LINK}: one place with inner; g: glossary"),
    ]
    lines = lines[:height]
    return [fit(line, CENTRE) for line in lines + [Content("")] * (height - len(lines))]


def _list_rows(spaces: tuple[SpaceLook, ...], seats: int) -> list[tuple[Content, Content]]:
    """The ring unrolled, clockwise from I0: a line a space, its note apart (see _fit_list).
    The action and bonus columns are as wide as their longest entry."""
    action_width = max(len(look.action) for look in spaces) + 1
    bonus_width = max(len(look.bonus) for look in spaces) + 1
    rows = []
    for look in spaces:
        reach = look.reach
        if reach is None:
            mark = Content(" " * MARK)
        elif reach.allowed is None:
            mark = Content.styled(f"[{reach.steps}]   ", "bold")
        elif reach.allowed:
            mark = Content.styled(f"[{reach.steps}]ok ", "bold $highlight")
        else:
            mark = Content.styled(f"[{reach.steps}]NO ", "bold $refused")
        here = Content(" ").join(look.scientists)
        head = (
            mark
            + Content.styled(f"{look.name} ", "bold")
            + fit(Content(look.action), action_width)
            + fit(Content(look.bonus), bonus_width)
            + fit(here, 2 * seats)
        )
        rows.append((head, look.note))
    return rows


def _fit_list(rows: list[tuple[Content, Content]], width: int) -> list[Content]:
    """Each space on one line, or, where its note does not fit, the note on the next line,
    set in under the space's name."""
    lines = []
    for head, note in rows:
        if head.cell_length + note.cell_length <= width:
            lines.append(head + note)
        else:
            lines += [head.rstrip(), Content(" " * (MARK + 3)) + note]
    return lines


def _tag(scene: Scene, seat: int) -> Content:
    look = scene.seats[seat].look
    return Content.styled(look.symbol, look.style) + Content(f" {scene.seats[seat].name}")


def _look_key(look: SpaceLook) -> tuple[object, ...]:
    """A look's text and styles (Contents compare by their text alone)."""
    styled = (look.note, *look.scientists)
    return (
        look.name,
        look.action,
        look.bonus,
        look.reach,
        *((c.plain, *c.spans) for c in styled),
    )


def _beside(*blocks: Sequence[Content]) -> list[Line]:
    """Blocks of equal height side by side, each row in its pieces: a cell that did not change
    keeps its rows on screen, and only a changed cell is drawn again."""
    return [tuple(row) for row in zip(*blocks, strict=True)]


def _draw(
    scene: Scene, spaces: tuple[SpaceLook, ...], cell: Callable[[SpaceLook], list[Content]]
) -> list[Line]:
    cells = {PLACES[space]: cell(look) for space, look in enumerate(spaces)}
    top = _beside(*(cells[(0, column)] for column in range(4)))
    bottom = _beside(*(cells[(3, column)] for column in range(4)))
    middle_height = len(cells[(1, 0)]) * 2
    centre = _centre(scene, spaces, middle_height)
    left = cells[(1, 0)] + cells[(2, 0)]
    right = cells[(1, 3)] + cells[(2, 3)]
    return top + _beside(left, centre, right) + bottom
