"""Helpers for the Tikal engine tests: scenario games and boards (refusals and event lookups,
shared by both games, are engine_support's)."""
from __future__ import annotations

from engine import tikal
from engine.tikal import board
from engine.tikal.tiles import TILE_LIST

from engine_support import first, refused, types

__all__ = ["game", "refused", "types", "first", "figures_on", "move", "full_board", "scoring_turn", "LAYOUT",
           "BASE", "TEMPLE_N", "JUNGLE", "TEMPLE_SE", "T1", "J", "R", "T2", "V"]

# The printed hexes (tikal-tiles.md).
BASE, TEMPLE_N, JUNGLE, TEMPLE_SE = (0, 0), (0, -1), (1, -1), (1, 0)

# A small hand-checked layout next to the printed hexes, used for the stone-cost examples (T-M4
# style). Stones per direction after rotation, worked out by hand from tikal-tiles.md:
#   T1 = A6 (temple 2, N1 S2) at (2,-2) turned 3: N=2, S=1
#   J  = A3 (jungle, N1 NE1 S1) at (2,-3) turned 0: N=1, NE=1, S=1
#   R  = C4 (treasure, S3) at (3,-3) turned 2: NW=3
#   T2 = G3 (temple 3, S2 NW1) at (3,-2) turned 0: S=2, NW=1
#   V  = B1 (volcano) at (2,-1), where T1's S stone and P-jungle's SE stone lead
T1, J, R, T2, V = (2, -2), (2, -3), (3, -3), (3, -2), (2, -1)
LAYOUT = [
    {"id": "A6", "hex": list(T1), "rotation": 3},
    {"id": "A3", "hex": list(J), "rotation": 0},
    {"id": "C4", "hex": list(R), "rotation": 2, "treasures": [4, 5, 6]},
    {"id": "G3", "hex": list(T2), "rotation": 0},
    {"id": "B1", "hex": list(V), "rotation": 0},
]


def game(seats: int = 2, variant: str = "base", **kw) -> tikal.TikalGame:
    d = {"game": "tikal", "seats": seats, "variant": variant, "seed": 7}
    d.update(kw)
    return tikal.from_scenario(d)


def figures_on(g, seat: int, h) -> tuple:
    """(workers, leader) of ``seat`` on hex ``h`` according to the view."""
    for f in g.view(None)["figures"]:
        if f["seat"] == seat and tuple(f["hex"]) == tuple(h):
            return f["workers"], f["leader"]
    return 0, False


def move(fig: str, *hexes) -> dict:
    return {"type": "move", "figure": fig, "path": [list(h) for h in hexes]}


def full_board(*unplaced: str, empty=((7, -7),), ring=((7, -6), (6, -6), (6, -7))) -> list:
    """Every tile but ``unplaced`` on the board, leaving only ``empty`` hexes, whose explored
    neighbours (``ring``) are the three volcanoes: nothing but a volcano can go there (T-P2).
    By default the corner (7,-7) is the one empty hex."""
    corner_ring = dict(zip(ring, ("B1", "D3", "F2")))
    free = [h for h in board.HEXES if h not in ((0, 0), (0, -1), (1, -1), (1, 0))
            and h not in empty and h not in corner_ring]
    others = [t.id for t in TILE_LIST if t.id not in unplaced and t.kind != "volcano"]
    assert len(others) == len(free)
    out = [{"id": tid, "hex": list(h)} for h, tid in corner_ring.items()]
    out += [{"id": tid, "hex": list(h)} for tid, h in zip(others, free)]
    return out


def scoring_turn(scenario: dict, seat: int) -> tikal.TikalGame:
    """The game of ``scenario`` brought to ``seat``'s scoring AP phase: the scenario's seat ends
    its AP phase, the next player draws the stack's top tile (a volcano: a scoring round, T-V1;
    an empty stack: the final round, T-E1) and every AP phase before ``seat``'s is passed."""
    g = tikal.from_scenario(scenario)
    g.apply({"type": "end_turn"})
    while not (g.to_act == seat and g.phase == "actions" and g.view(seat)["scoring"]):
        g.apply({"type": "end_turn"})
    return g
