"""Building blocks for drawings made of text: fixed-width lines and boxes."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content

LIGHT = "┌┐└┘─│"
HEAVY = "┏┓┗┛━┃"
DOUBLE = "╔╗╚╝═║"


def fit(content: Content | str, width: int) -> Content:
    """Exactly `width` cells: cropped (with "..." when cut) or padded."""
    if isinstance(content, str):
        content = Content(content)
    if content.cell_length > width:
        return content.truncate(max(width - 3, 0)) + Content("..."[: max(width, 0)])
    return content.pad_right(width - content.cell_length)


def box(
    lines: Sequence[Content | str],
    width: int,
    *,
    top: Content | str = "",
    bottom: Content | str = "",
    glyphs: str = LIGHT,
    style: str = "",
) -> list[Content]:
    """A framed block `width` cells wide, with labels set into its top and bottom edges."""
    tl, tr, bl, br, horizontal, vertical = tuple(glyphs)
    inner = width - 2

    def edge(left: str, label: Content | str, right: str) -> Content:
        label = Content(label) if isinstance(label, str) else label
        if label.cell_length > inner:
            label = fit(label, inner)
        fill = Content.styled(horizontal * (inner - label.cell_length), style)
        return Content.styled(left, style) + label + fill + Content.styled(right, style)

    side = Content.styled(vertical, style)
    framed = [edge(tl, top, tr)]
    framed += [side + fit(line, inner) + side for line in lines]
    framed.append(edge(bl, bottom, br))
    return framed


def wrap(text: str, width: int) -> list[str]:
    """Plain words wrapped to `width` cells."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines
