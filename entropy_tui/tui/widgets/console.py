"""A seat's Console: resources, VP, Generator, Creation tokens, Focus cards, Objectives, every
Solar System, and (only for the person it belongs to, or with open hands) hand and Missions;
the score if the game ended now, after the Objectives."""

from __future__ import annotations

from typing import Any

from textual.content import Content

from entropy_tui.rules.catalog import CatalogIndex
from entropy_tui.rules.describe import biome_words, card_words, effects_words, star_words
from entropy_tui.rules.scoring import ScoreBreakdown
from entropy_tui.rules.vocabulary import FOCUS_TOKENS, title

from ..glyphs import icons, lifeforms_letters
from ..scene import Scene, seat_tag
from .text_panel import TextPanel


class Console(TextPanel):
    """Four parts, each drawn again only when its data changes: the board-side summary, the
    score, the Solar Systems, and the hand with the Missions. Each seat's parts are kept, so a
    turn passing to a seat shown before draws only what changed since. One panel, whose height
    only grows, so that a part changing length (or another seat's Console) repaints the lines
    that differ instead of laying the screen out again."""

    HANGING = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, grow_only=True)
        self._parts_of: dict[int, list[tuple[object, list[Content]]]] = {}  # by seat

    def show(self, scene: Scene, seat: int) -> None:
        player = scene.players[seat]
        private = seat in scene.private
        label = hand_label(scene)
        summary = {k: v for k, v in player.items() if k not in ("systems", "hand", "missions")}
        parts = (
            (
                (scene.seats[seat], summary, len(player["hand"]), scene.scores[seat].total),
                lambda: summary_lines(scene, seat),
            ),
            (scene.scores[seat], lambda: score_lines(scene.scores[seat])),
            (player["systems"], lambda: systems_lines(scene.game.index, player["systems"])),
            (
                (private, label, player["hand"], player["missions"], player["mission_done"]),
                lambda: hand_lines(scene.game.index, player, private, label),
            ),
        )
        kept = self._parts_of.setdefault(seat, [(object(), [])] * len(parts))
        for number, (key, draw) in enumerate(parts):
            if kept[number][0] != key:
                kept[number] = (key, draw())
        self.redraw(
            (seat, *(key for key, _ in kept)),
            lambda: [line for _, lines in kept for line in lines],
        )


def summary_lines(scene: Scene, seat: int) -> list[Content]:
    index = scene.game.index
    player = scene.players[seat]
    spec = scene.seats[seat]
    # One fact a line, each short: the height stays the same as numbers change, so an update
    # repaints these lines alone instead of laying the panel out again.
    return [
        seat_tag(spec)
        + Content(f"  ({spec.kind_label})  ")
        + Content.styled(f"VP {player['vp']}", "bold")
        + Content(f"  score now {scene.scores[seat].total}"),
        Content(f"Energy {player['energy']}  Mass {player['mass']}  Entropy {player['entropy']}"),
        Content(f"Life cards {len(player['hand'])}  Missions {len(player['missions'])}"),
        *_generator(scene, player),
        *_tokens(player),
        *_focus(index, player),
        *_objectives(scene, player),
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


def systems_lines(index: CatalogIndex, systems: list[dict[str, Any]]) -> list[Content]:
    return [
        line
        for number, system in enumerate(systems, start=1)
        for line in _system(index, number, system)
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


def _generator(scene: Scene, player: dict[str, Any]) -> list[Content]:
    track = scene.game.catalog.board.generator
    position = player["generator"]
    stars = track[position].discounted_stars
    return [
        Content(f"Generator {position + 1}/{len(track)}, advanced {player['generator_advances']}x"),
        Content(f"  Activate Stars discount: {stars} Star{'' if stars == 1 else 's'}"),
    ]


def _tokens(player: dict[str, Any]) -> list[Content]:
    lines = [Content("Creation tokens:")]
    for kind, token in player["tokens"].items():
        where = f"board, slot {token['slot']}" if token["where"] == "board" else token["where"]
        if kind == "wild" and player["wild_locked"]:
            where += ", locked"
        lines.append(Content(f"  {title(kind)}: {where}"))
    return lines


def _focus(index: CatalogIndex, player: dict[str, Any]) -> list[Content]:
    lines = [Content(f"Focus cards (set {player['focus_set']}):")]
    for token in FOCUS_TOKENS:
        tier = player["focus"][token]
        card = index.focus[(player["focus_set"], token)]
        effect = {0: "no effect", 1: effects_words(card.tier1), 2: effects_words(card.tier2)}[tier]
        lines.append(Content(f"  {title(token)} tier {tier}: {effect}"))
    return lines


def _objectives(scene: Scene, player: dict[str, Any]) -> list[Content]:
    specs = scene.game.catalog.main_objectives
    track = "  ".join(
        f"{title(spec.id)} {player['objectives'][i]}/{len(spec.track_vp) - 1}"
        for i, spec in enumerate(specs)
    )
    lines = [Content(f"Objectives: {track}")]
    lines += [
        Content(f"  {'Big' if t['big'] else 'Small'} {title(t['lifeform'])} tile: {t['vp']} VP")
        for t in player["lifeform_tiles"]
    ]
    return lines


def _system(index: CatalogIndex, number: int, system: dict[str, Any]) -> list[Content]:
    star = system["star"]
    head = f"Solar System {number}: " + (
        f"{star_words(index, star)} {icons(index.any_star[star].conditions)}" if star else "no Star"
    )
    lines = [Content.styled(head, "bold")]
    for planet in system["planets"]:
        tile = index.any_planet[planet["tile"]]
        lines.append(
            Content(
                f"  {title(tile.type)} Planet {tile.id} {icons(tile.conditions)}"
                f": {effects_words(tile.effect)}; life {lifeforms_letters(planet['life'])}"
            )
        )
        for space, asteroid_id in planet["asteroids"].items():
            asteroid = index.asteroid[asteroid_id]
            where = "top" if space == "mass" else "bottom"
            shown = icons(asteroid.conditions)
            lines.append(Content(f"    Asteroid {asteroid_id} ({where}) {shown}"))
        if planet["biome"]:
            state = "fulfilled" if planet["fulfilled"] else "not fulfilled"
            lines.append(Content(f"    {biome_words(index, planet['biome'])}, {state}"))
        if planet["cards"]:
            lines.append(Content(f"    Life cards played: {' '.join(planet['cards'])}"))
    return lines
