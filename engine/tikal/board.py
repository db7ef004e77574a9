"""The board's geometry: 40 flat-topped hexes in axial coordinates, neighbours, edges, borders.

All tables are computed once at import. Hexes are ``(q, r)`` tuples inside the engine and
``[q, r]`` lists in actions, views and events (tikal-tiles.md, "Coordinates").
"""
from __future__ import annotations

from typing import TypeGuard

#: direction index -> (dq, dr), clockwise from N: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
DIRS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
OPPOSITE = tuple((d + 3) % 6 for d in range(6))

#: The 40 board hexes, column by column, top to bottom: 8 columns x 5 rows, odd columns half a
#: hex lower. This order is the board order every listing (legal actions, views) follows; it is
#: the natural order of the (q, r) tuples, so ``sorted(hexes)`` gives board order.
HEXES = tuple((q, r) for q in range(8) for r in range(-(q // 2) - 4, -(q // 2) + 1))
INDEX = {h: i for i, h in enumerate(HEXES)}
BASE_HEX = (0, 0)

#: NEIGHBOURS[hex] -> ((direction, neighbour hex), ...) for the neighbours on the board.
NEIGHBOURS = {
    h: tuple((d, (h[0] + dq, h[1] + dr)) for d, (dq, dr) in enumerate(DIRS)
             if (h[0] + dq, h[1] + dr) in INDEX)
    for h in HEXES
}


def border_cost(stones_a: tuple, stones_b: tuple, d: int) -> int:
    """T-M1: the stones on the border between hex a and its neighbour b in direction d (stones
    given per direction, i.e. already rotated): a's edge plus b's facing edge. 0: no crossing."""
    return stones_a[d] + stones_b[OPPOSITE[d]]


def distance(a: tuple, b: tuple) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def as_hex(value) -> tuple | None:
    """``[q, r]`` (list or tuple of two ints) -> ``(q, r)`` if it is a board hex, else None."""
    if isinstance(value, (list, tuple)) and len(value) == 2:
        q, r = value
        if type(q) is int and type(r) is int and (q, r) in INDEX:
            return (q, r)
    return None


def is_hex_shaped(value: object) -> TypeGuard[list | tuple]:
    """A list/tuple of two ints (maybe off the board)."""
    return (isinstance(value, (list, tuple)) and len(value) == 2
            and all(type(x) is int for x in value))


def _check() -> None:
    assert len(HEXES) == 40 and list(HEXES) == sorted(HEXES)
    assert HEXES[4] == BASE_HEX and max(distance(BASE_HEX, h) for h in HEXES) == 7


_check()
