"""Drawing helpers every game's how-to pictures share: a labelled pill and an arrow."""
from __future__ import annotations

import math

import pygame

from .. import theme


def pill(app, surface, text: str, center, colour_=theme.ACCENT, size: int = 20, ink=None) -> pygame.Rect:
    img = app.assets.text(text, size, ink or colour_, True)
    r = img.get_rect(center=center).inflate(22, 10)
    pygame.draw.rect(surface, theme.INK, r.inflate(4, 4), border_radius=14)
    pygame.draw.rect(surface, (40, 34, 20), r, border_radius=12)
    pygame.draw.rect(surface, colour_, r, 2, border_radius=12)
    surface.blit(img, img.get_rect(center=r.center))
    return r


def arrow(surface, a, b, colour_=theme.ACCENT, width: int = 5) -> None:
    pygame.draw.line(surface, theme.INK, a, b, width + 4)
    pygame.draw.line(surface, colour_, a, b, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = [b, (b[0] - 18 * math.cos(ang - 0.5), b[1] - 18 * math.sin(ang - 0.5)),
            (b[0] - 18 * math.cos(ang + 0.5), b[1] - 18 * math.sin(ang + 0.5))]
    pygame.draw.polygon(surface, colour_, head)
    pygame.draw.polygon(surface, theme.INK, head, 2)
