"""A seat's Console: resources, VP, Generator, Creation tokens, Focus cards, Objectives; (only
for the person it belongs to, or with open hands) hand and Missions; every Solar System, drawn;
and the score if the game ended now."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.content import Content
from textual.geometry import Size

from entropy_tui.rules import (
    FOCUS_TOKENS,
    CatalogIndex,
    ScoreBreakdown,
    card_words,
    effects_words,
    title,
)
from entropy_tui.tui.scene import Scene, marked, seat_tag
from entropy_tui.tui.widgets.solar_systems import SystemMarks, draw_systems
from entropy_tui.tui.widgets.text_panel import TextPanel


class Console(TextPanel):
    """Four parts, each drawn again only when its data changes: the board-side summary, the
    hand with the Missions, the Solar Systems (drawn for the panel's width), and the score.
    Each seat's parts are kept, so a turn passing to a seat shown before draws only what
    changed since. One panel, whose height only grows, so that a part changing length (or
    another seat's Console) repaints the lines that differ instead of laying the screen out
    again."""

    HANGING = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, grow_only=True)
        self._parts_of: dict[int, list[tuple[object, Part]]] = {}  # by seat
        self._parts_shown: list[tuple[object, Part]] = []

    def show(self, scene: Scene, seat: int) -> None:
        player = scene.players[seat]
        private = seat in scene.private
        label = hand_label(scene)
        summary = {k: v for k, v in player.items() if k not in ("systems", "hand", "missions")}
        index, spaces = scene.game.index, scene.game.catalog.board.planet_spaces
        marks = SystemMarks.of(scene.changes, seat)
        seat_marks = frozenset(part for owner, part in scene.changes.seats if owner == seat)
        parts: tuple[tuple[object, Callable[[], Part]], ...] = (
            (
                (
                    scene.seats[seat],
                    summary,
                    len(player["hand"]),
                    scene.scores[seat].total,
                    seat_marks,
                ),
                lambda: summary_lines(scene, seat),
            ),
            (
                (private, label, player["hand"], player["missions"], player["mission_done"]),
                lambda: hand_lines(scene.game.index, player, private, label),
            ),
            (
                (player["systems"], marks),
                lambda: AtWidth(
                    partial(draw_systems, index, player["systems"], spaces, marks=marks)
                ),
            ),
            (scene.scores[seat], lambda: score_lines(scene.scores[seat])),
        )
        kept = self._parts_of.setdefault(seat, [(object(), [])] * len(parts))
        for number, (key, draw) in enumerate(parts):
            if kept[number][0] != key:
                kept[number] = (key, draw())
        self._parts_shown = kept
        # The lines are put together at the width they are drawn at: see `lines`.
        self.redraw((seat, *(key for key, _ in kept)), list)

    def lines(self, size: Size) -> list[Content]:
        width = size.width or NARROW_CONSOLE
        return [
            line
            for _, part in self._parts_shown
            for line in (part(width) if isinstance(part, AtWidth) else part)
        ]


class AtWidth:
    """Lines drawn for a width, kept for the last width they were drawn at."""

    def __init__(self, draw: Callable[[int], list[Content]]) -> None:
        self._draw = draw
        self._drawn: tuple[int, list[Content]] | None = None

    def __call__(self, width: int) -> list[Content]:
        if self._drawn is None or self._drawn[0] != width:
            self._drawn = (width, self._draw(width))
        return self._drawn[1]


Part = list[Content] | AtWidth
NARROW_CONSOLE = 40  # the width a drawing takes before the panel is laid out


def summary_lines(scene: Scene, seat: int) -> list[Content]:
    index = scene.game.index
    player = scene.players[seat]
    spec = scene.seats[seat]

    # One fact a line, each short: the height stays the same as numbers change, so an update
    # repaints these lines alone instead of laying the panel out again.
    def mark(text: str, part: str) -> Content:
        return marked(text, scene.changed(seat, part))

    return [
        seat_tag(spec)
        + Content(f"  ({spec.kind_label})  ")
        + mark(f"VP {player['vp']}", "vp").stylize("bold")
        + Content(f"  score now {scene.scores[seat].total}"),
        Content("  ").join(
            mark(f"{title(kind)} {player[kind]}", kind) for kind in ("energy", "mass", "entropy")
        ),
        mark(f"Life cards {len(player['hand'])}", "hand")
        + Content("  ")
        + mark(f"Missions {len(player['missions'])}", "missions"),
        *_generator(scene, seat),
        *_tokens(scene, seat),
        *_focus(index, scene, seat),
        *_objectives(scene, seat),
    ]


def score_lines(score: ScoreBreakdown) -> list[Content]:
    """The score if the game ended now, term by term (the engine's own words)."""
    return [
        Content.styled(f"Score if the game ended now: {score.total}", "bold")
        + Content.styled("  (s: every seat)", "dim"),
        Content(f"  VP tokens {score.vp_tokens}"),
        Content(f"  {score.tiles_text}"),
        *(Content(f"  {objective.text}") for objective in score.objectives),
        Content(f"  {score.leftovers.text}"),
    ]


def hand_label(scene: Scene) -> str:
    """What the heading of a shown hand says about who else sees it: "(private)" only when the
    others can't (with open hands, or a finished game, everybody sees every hand)."""
    if scene.view["settings"]["open_hands"]:
        return " (open hands)"
    return "" if scene.nothing_hidden else " (private)"


def hand_lines(
    index: CatalogIndex, player: dict[str, Any], private: bool, label: str
) -> list[Content]:
    """The hand and Missions when `private` (headed "Hand" + `label`), else how many there are."""
    lines = []
    if private:
        lines.append(Content.styled(f"Hand{label}", "bold underline"))
        lines += [Content(f"  {card_words(index, card)}") for card in player["hand"]] or [
            Content("  no Life cards")
        ]
        lines.append(Content.styled(f"Missions{label}", "bold underline"))
        lines += [Content(f"  {m}: {index.mission[m].text}") for m in player["missions"]] or [
            Content("  none in hand")
        ]
    else:
        lines.append(
            Content.styled(
                f"Hand: {len(player['hand'])} Life cards, {len(player['missions'])} Missions"
                " (hidden)",
                "dim",
            )
        )
    if player["mission_done"]:
        done = player["mission_done"]
        lines.append(Content(f"Mission fulfilled: {done}: {index.mission[done].text}"))
    return lines


def _generator(scene: Scene, seat: int) -> list[Content]:
    player = scene.players[seat]
    track = scene.game.catalog.board.generator
    position = player["generator"]
    stars = track[position].discounted_stars
    return [
        marked(
            f"Generator {position + 1}/{len(track)}, advanced {player['generator_advances']}x",
            scene.changed(seat, "generator"),
        ),
        Content(f"  Activate Stars discount: {stars} Star{'' if stars == 1 else 's'}"),
    ]


def _tokens(scene: Scene, seat: int) -> list[Content]:
    player = scene.players[seat]
    lines = [Content("Creation tokens:")]
    for kind, token in player["tokens"].items():
        where = f"board, slot {token['slot']}" if token["where"] == "board" else token["where"]
        changed = scene.changed(seat, f"token {kind}")
        if kind == "wild":
            where += ", locked" if player["wild_locked"] else ""
            changed = changed or scene.changed(seat, "wild_locked")
        lines.append(marked(f"  {title(kind)}: {where}", changed))
    return lines


def _focus(index: CatalogIndex, scene: Scene, seat: int) -> list[Content]:
    player = scene.players[seat]
    lines = [Content(f"Focus cards (set {player['focus_set']}):")]
    for token in FOCUS_TOKENS:
        tier = player["focus"][token]
        card = index.focus[(player["focus_set"], token)]
        effect = {0: "no effect", 1: effects_words(card.tier1), 2: effects_words(card.tier2)}[tier]
        text = f"  {title(token)} tier {tier}: {effect}"
        lines.append(marked(text, scene.changed(seat, f"focus {token}")))
    return lines


def _objectives(scene: Scene, seat: int) -> list[Content]:
    player = scene.players[seat]
    specs = scene.game.catalog.main_objectives
    track = Content("  ").join(
        marked(
            f"{title(spec.id)} {player['objectives'][i]}/{len(spec.track_vp) - 1}",
            scene.changed(seat, f"objective {i}"),
        )
        for i, spec in enumerate(specs)
    )
    lines = [Content("Objectives: ") + track]
    tiles_changed = scene.changed(seat, "lifeform_tiles")
    lines += [
        marked(
            f"  {'Big' if t['big'] else 'Small'} {title(t['lifeform'])} tile: {t['vp']} VP",
            tiles_changed,
        )
        for t in player["lifeform_tiles"]
    ]
    return lines
