"""Writes the web page's home-screen icons from the game's own icon (``game/icon.py``'s, drawn from
Tikal's art, the one the window and the app carry): the web app manifest's (``assets/web/
manifest.webmanifest``) and the touch icon iOS reads, into ``assets/web/app/icons/``. The page has
no build step: the PNGs are committed, and tests/test_web_manifest.py checks that each is what
this script draws (pixel for pixel).

- ``icon-192.png``, ``icon-512.png``: the icon as the window shows it (transparent round the tile);
- ``icon-maskable-512.png``: on the page's own background, the tile inside the safe circle a
  launcher may cut any shape from (the middle 80 %);
- ``apple-touch-icon.png`` (180 px): on the page's background (iOS shows no transparency).

    python tools/web_icons.py          # write them
    python tools/web_icons.py --check  # exit 1 (naming them) if one differs
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.games import ICON as draw_icon  # noqa: E402
from game.icon import png_bytes  # noqa: E402

ICONS = ROOT / "assets" / "web" / "app" / "icons"
#: the page's background (assets/web/app/style.css --back, index.html's theme-color)
BACK = (0x1d, 0x27, 0x42)


def on_back(size: int, part: float) -> pygame.Surface:
    """The icon at ``part`` of ``size``, centred on the page's background."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    surf.fill((*BACK, 255))
    inner = round(size * part)
    surf.blit(draw_icon(inner), ((size - inner) // 2, (size - inner) // 2))
    return surf


def icons() -> dict[str, pygame.Surface]:
    """file name -> its image"""
    return {"icon-192.png": draw_icon(192), "icon-512.png": draw_icon(512),
            "icon-maskable-512.png": on_back(512, 0.72), "apple-touch-icon.png": on_back(180, 0.86)}


def stale(folder: Path = ICONS) -> list[str]:
    """The icons under ``folder`` that are missing or differ from what this script draws."""
    _display()
    out = []
    for name, surf in icons().items():
        p = folder / name
        if not p.exists() or pygame.image.tobytes(pygame.image.load(str(p)), "RGBA") != pygame.image.tobytes(
                surf, "RGBA"):
            out.append(name)
    return out


def _display() -> None:
    """The art converts its images for a display: a hidden 1x1 one (the dummy driver)."""
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def main(argv: list[str]) -> int:
    if "--check" in argv:
        bad = stale()
        for name in bad:
            print(f"assets/web/app/icons/{name} is stale: run tools/web_icons.py", file=sys.stderr)
        return 1 if bad else 0
    _display()
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, surf in icons().items():
        (ICONS / name).write_bytes(png_bytes(surf))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
