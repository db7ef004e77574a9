"""The board on screen: flat-topped axial hexes (tikal-tiles.md, "Coordinates"; N up).

``Layout(size, origin)`` maps a hex ``(q, r)`` to the pixel centre and back; ``origin`` is the
centre of hex (0, 0), the base camp, at the bottom left of the board.
"""
from __future__ import annotations

import math

from engine.tikal.analysis import HEXES, INDEX

SQRT3 = math.sqrt(3.0)
#: Screen angle (radians) of each direction 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW (y grows down).
DIR_ANGLE = tuple(math.radians(a) for a in (-90, -30, 30, 90, 150, 210))


def hexkey(h) -> tuple:
    """``[q, r]`` (or a tuple) -> ``(q, r)``."""
    return (int(h[0]), int(h[1]))


class Layout:
    def __init__(self, size: float, origin: tuple[float, float]):
        self.size = float(size)
        self.origin = origin

    @classmethod
    def fit(cls, rect) -> "Layout":
        """The biggest board that fits ``rect`` (x, y, w, h), centred in it."""
        x, y, w, h = rect
        size = min(w / 12.5, h / (5.5 * SQRT3))
        bw, bh = 12.5 * size, 5.5 * SQRT3 * size
        left, top = x + (w - bw) / 2, y + (h - bh) / 2
        return cls(size, (left + size, top + 4.5 * SQRT3 * size))

    @property
    def height(self) -> float:
        """Height of one hex (flat side to flat side)."""
        return SQRT3 * self.size

    def center(self, h) -> tuple[float, float]:
        q, r = h[0], h[1]
        return (self.origin[0] + 1.5 * self.size * q, self.origin[1] + SQRT3 * self.size * (r + q / 2))

    def corners(self, h=None, scale: float = 1.0, center=None) -> list[tuple[float, float]]:
        cx, cy = center if center is not None else self.center(h)
        s = self.size * scale
        return [(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i)))
                for i in range(6)]

    def hex_at(self, pos) -> tuple | None:
        """The board hex under a pixel, or None."""
        x = (pos[0] - self.origin[0]) / self.size
        y = (pos[1] - self.origin[1]) / self.size
        q = 2.0 / 3.0 * x
        r = -x / 3.0 + y / SQRT3
        h = cube_round(q, r)
        return h if h in INDEX else None

    def bounds(self) -> tuple[float, float, float, float]:
        xs = [self.center(h)[0] for h in HEXES]
        ys = [self.center(h)[1] for h in HEXES]
        return (min(xs) - self.size, min(ys) - self.height / 2,
                max(xs) - min(xs) + 2 * self.size, max(ys) - min(ys) + self.height)


def cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def edge_point(center, size: float, direction: int, inset: float = 0.0, along: float = 0.0):
    """A point on the edge facing ``direction``: the edge's middle moved ``inset`` pixels toward
    the centre and ``along`` pixels along the edge (clockwise)."""
    a = DIR_ANGLE[direction]
    d = SQRT3 / 2 * size - inset
    x = center[0] + d * math.cos(a)
    y = center[1] + d * math.sin(a)
    return (x - along * math.sin(a), y + along * math.cos(a))
