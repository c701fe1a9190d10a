"""Regenerates screenshots/: every screen at 80x24 and 160x50, as SVG (Textual's own export)
and PNG (converted with cairosvg, or else rsvg-convert from librsvg2-bin).

A screen whose SVG comes out byte for byte as before is left alone, PNG included, so a refresh
adds to the repository only the pictures that changed. PNGs are drawn at the SVG's own size in
at most 64 colours and kept under 250 KB each.

    python scripts/screenshots.py              # every screen
    python scripts/screenshots.py tutorial     # only the scenes named
    python scripts/screenshots.py --from-svg   # only the PNGs, again from the SVGs in screenshots/
    python scripts/screenshots.py --from-svg help-160x50   # only the PNGs named
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tui.scenes import MORE_SCENES, SCENES, SIZES, Scene, game_start  # noqa: E402

OUT = ROOT / "screenshots"
TOO_SMALL = (60, 20)
ZOOM = 1.0  # the SVG's own size: 12 pixels a column, legible, half the bytes of 1.5
MAX_PNG_BYTES = 250 * 1024


async def shoot(name: str, scene: Scene, size: tuple[int, int]) -> Path | None:
    """Writes the scene's SVG into screenshots/; None when it is the same as the one there
    (Textual's SVG depends only on what the screen shows)."""
    # Scenes save games: each into a folder of its own, never the user's.
    os.environ["ENTROPY_TUI_DATA"] = tempfile.mkdtemp(prefix="entropy-screenshots-")
    app = scene.make()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in scene.keys:
            await pilot.press(key)
        await app.workers.wait_for_complete()  # the start screen reads the saves on a worker
        await pilot.pause()
        svg = app.export_screenshot()
    path = OUT / f"{name}-{size[0]}x{size[1]}.svg"
    if path.exists() and path.with_suffix(".png").exists() and path.read_text("utf-8") == svg:
        return None
    path.write_text(svg, encoding="utf-8")
    return path


def to_png(svg: Path) -> str:
    """Converts with cairosvg when it is installed, else with rsvg-convert (librsvg2-bin).

    rsvg-convert drops the non-breaking spaces that start a run of text, so it gets a copy
    with plain spaces it is told to keep; the SVG itself stays as Textual wrote it."""
    png = svg.with_suffix(".png")
    try:
        import cairosvg
    except ImportError:
        converter = shutil.which("rsvg-convert")
        if converter is None:
            return "no PNG: install cairosvg or librsvg2-bin"
        text = svg.read_text(encoding="utf-8").replace("&#160;", " ")
        text = text.replace("<svg class=", '<svg xml:space="preserve" class=', 1)
        subprocess.run(
            [converter, "--zoom", str(ZOOM), "-o", str(png)], input=text.encode(), check=True
        )
        return f"PNG by rsvg-convert, {shrink(png)}"
    cairosvg.svg2png(url=str(svg), write_to=str(png), scale=ZOOM)
    return f"PNG by cairosvg, {shrink(png)}"


def shrink(png: Path) -> str:
    """The PNG in 64 colours (a terminal's few, and some shades of their letters' edges): a
    third of the bytes, no difference to the eye; fewer still while it is over 250 KB.
    Returns its size."""
    from PIL import Image

    with Image.open(png) as image:
        drawn = image.convert("RGB")
    for colours in (64, 32, 16):
        drawn.quantize(colours, dither=Image.Dither.NONE).save(png, optimize=True)
        if png.stat().st_size <= MAX_PNG_BYTES:
            break
    return f"{png.stat().st_size // 1024} KB"


async def main(names: list[str]) -> int:
    if names[:1] == ["--from-svg"]:
        stems = set(names[1:])
        for svg in sorted(OUT.glob("*.svg")):
            if not stems or svg.stem in stems:
                print(svg.relative_to(ROOT), "+", to_png(svg))
        return 0
    OUT.mkdir(exist_ok=True)
    shots = [
        (name, scene, size)
        for name, scene in {**SCENES, **MORE_SCENES}.items()
        for size in SIZES.values()
    ]
    shots.append(("too_small", Scene(game_start), TOO_SMALL))
    shots.append(("colourblind_theme", Scene(game_start, ("f2",)), SIZES["160x50"]))
    unknown = set(names) - {name for name, _, _ in shots}
    if unknown:
        print(f"no such scene: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    for name, scene, size in shots:
        if names and name not in names:
            continue
        svg = await shoot(name, scene, size)
        if svg is None:
            print(f"{name}-{size[0]}x{size[1]}: unchanged")
        else:
            print(svg.relative_to(ROOT), "+", to_png(svg))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
