"""Colours and player marks: a colour-blind-safe palette (Okabe & Ito, 2008) plus a distinct shape
per player, so a seat is never told apart by colour alone."""
from __future__ import annotations

import math

import pygame

from net.messages import COLOURS

#: The tone of each seat colour a player may pick (the host's names, net/messages.py): Okabe–Ito's
#: colour-blind-safe palette, and a black and a white that read on the board.
TONES = {
    "orange": (230, 159, 0),
    "blue": (0, 114, 178),
    "green": (0, 158, 115),       # bluish green
    "yellow": (240, 228, 66),
    "purple": (204, 121, 167),    # reddish purple
    "red": (213, 94, 0),          # vermillion
    "black": (70, 70, 78),
    "white": (236, 236, 230),
}
#: The tones in the host's order: a seat's colour when it picked none.
PLAYER_COLOURS = [TONES[c] for c in COLOURS]
SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross"]

INK = (20, 24, 38)            # outlines, dark text
PAPER = (250, 246, 232)       # light text, card faces
PANEL = (36, 48, 82)
PANEL_EDGE = (96, 120, 180)
ACCENT = (255, 204, 64)       # highlight, "your turn"
GOOD = (0, 158, 115)
BAD = (213, 94, 0)
MUTED = (150, 160, 190)
SEA = (24, 96, 160)
SEA_LIGHT = (60, 150, 205)
SAND = (236, 212, 150)
JUNGLE = (34, 110, 62)


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_shape(seat: int) -> str:
    return SHAPES[seat % len(SHAPES)]


def shade(colour, factor: float):
    """Darker (factor < 1) or lighter (factor > 1) version of a colour."""
    if factor <= 1:
        return tuple(max(0, int(c * factor)) for c in colour[:3])
    return tuple(min(255, int(c + (255 - c) * (factor - 1))) for c in colour[:3])


def luminance(colour) -> float:
    r, g, b = colour[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


#: A tone whose luminance is over this takes ink (dark text), else paper.
LIGHT_TONE = 140


def text_on(colour) -> tuple[int, int, int]:
    """Ink or paper, whichever reads better on ``colour``."""
    return INK if luminance(colour) > LIGHT_TONE else PAPER


def shape_points(shape: str, center, radius: float) -> list[tuple[float, float]]:
    """The polygon of a player's shape (the circle is approximated for hit tests)."""
    cx, cy = center
    r = radius

    def ring(n, rad, start):
        return [(cx + rad * math.cos(start + 2 * math.pi * i / n), cy + rad * math.sin(start + 2 * math.pi * i / n))
                for i in range(n)]

    if shape == "circle":
        return ring(24, r, 0)
    if shape == "square":
        s = r * 0.85
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        return ring(3, r * 1.1, -math.pi / 2)
    if shape == "diamond":
        return [(cx, cy - r * 1.1), (cx + r * 0.85, cy), (cx, cy + r * 1.1), (cx - r * 0.85, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            rad = r * 1.1 if i % 2 == 0 else r * 0.48
            a = -math.pi / 2 + math.pi * i / 5
            pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
        return pts
    if shape == "hexagon":
        return ring(6, r, 0)
    if shape == "cross":
        a, b = r * 0.36, r * 0.95
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a), (cx + b, cy + a),
                (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b), (cx - a, cy + a), (cx - b, cy + a),
                (cx - b, cy - a), (cx - a, cy - a)]
    raise ValueError(f"unknown shape {shape!r}")


#: A mark darker than this gets a light outline (the black seat's mark vanished on the dark panels).
DARK_MARK = 80
LIGHT_EDGE = (205, 208, 220)


def draw_shape(surface: pygame.Surface, shape: str, center, radius: float, colour,
               outline=INK, width: int = 2) -> None:
    """A filled player mark with an outline (a light one round a dark mark)."""
    if outline == INK and luminance(colour) < DARK_MARK:
        outline = LIGHT_EDGE
    if shape == "circle":
        pygame.draw.circle(surface, colour, center, radius)
        if width:
            pygame.draw.circle(surface, outline, center, radius, width)
        return
    pts = shape_points(shape, center, radius)
    pygame.draw.polygon(surface, colour, pts)
    if width:
        pygame.draw.polygon(surface, outline, pts, width)


def vgradient(size, top, bottom) -> pygame.Surface:
    """A vertical gradient, for backgrounds (build once, blit each frame)."""
    w, h = size
    surf = pygame.Surface((w, h))
    for y in range(h):
        t = y / max(1, h - 1)
        surf.fill(tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)), (0, y, w, 1))
    return surf
