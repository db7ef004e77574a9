"""The QR code of the web page's address (issue 27: the host's lobby and TV mode), drawn crisp at
any size: ``segno`` makes the matrix, each module is a filled square of whole pixels, with the
standard quiet zone of 4 modules (a phone's camera needs it) in white."""
from __future__ import annotations

from functools import lru_cache

import pygame
import segno

QUIET = 4     # modules of white around the code


@lru_cache(maxsize=8)
def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's modules (True: dark), error correction M (a screen seen from afar, a glare)."""
    code = segno.make(text, error="m", micro=False)
    return tuple(tuple(bool(v) for v in row) for row in code.matrix)


def qr_surface(text: str, size: int) -> pygame.Surface:
    """A square surface of at most ``size`` pixels: the code of ``text`` with its quiet zone, each
    module the same whole number of pixels (so that no module blurs into the next)."""
    rows = matrix(text)
    n = len(rows) + 2 * QUIET
    px = max(1, size // n)
    side = px * n
    surf = pygame.Surface((side, side))
    surf.fill((255, 255, 255))
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill((0, 0, 0), ((x + QUIET) * px, (y + QUIET) * px, px, px))
    return surf


def draw_qr(surface: pygame.Surface, text: str, center: tuple[int, int], size: int) -> pygame.Rect:
    """The code of ``text`` centred at ``center``, at most ``size`` pixels; where it landed."""
    img = qr_surface(text, size)
    rect = img.get_rect(center=center)
    surface.blit(img, rect)
    return rect
