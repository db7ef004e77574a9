"""Placing tiles (T-P1..T-P3); a tile that no placement meeting T-P2 takes (T-P4).

``put_tiles`` is the one place where the board's per-hex tables change: the tiles, their stones,
the crossing table (T-M), the frontier where the next tile may go (T-P1) with, per frontier hex,
what a new tile needs there to be reachable (T-P2).
"""
from __future__ import annotations

from . import catalog
from .board import NEIGHBOURS, OPPOSITE
from .movement import crossings_of
from .state import State, empty_state
from .tiles import PRINTED_HEX, ROTATED, SPECS, TEMPLE, TREASURE, VOLCANO

ALL_ROTATIONS = (0, 1, 2, 3, 4, 5)
#: ``entry`` value of a frontier hex whose explored neighbours' stones already reach it.
ANY = 64


def _fits(tile: str) -> tuple:
    """fits[mask] -> the rotations of ``tile`` with stones on at least one direction of
    ``mask`` (bit d: direction d), for every 6-bit mask; fits[ANY] -> every rotation."""
    rots = ROTATED[tile]
    table = [tuple(k for k in range(6) if any(rots[k][d] for d in range(6) if mask >> d & 1))
             for mask in range(64)]
    return tuple(table) + (ALL_ROTATIONS,)


#: FITS[tile][entry] -> the rotations in which the tile is reachable (T-P2); a volcano needs no
#: stones, so it fits any frontier hex in any rotation.
FITS = {tid: (_fits(tid) if SPECS[tid].kind != VOLCANO else (ALL_ROTATIONS,) * 65)
        for tid in SPECS}


def entry(s: State, h: tuple) -> int:
    """T-P2 for the empty hex ``h``: ANY if an explored, non-volcano neighbour carries stones on
    the shared border; else the mask of directions towards explored, non-volcano neighbours (a new
    tile needs stones on one of them)."""
    stones, kind = s.stones, s.kind
    mask = 0
    for d, nh in NEIGHBOURS[h]:
        if nh in stones and kind[nh] != VOLCANO:
            if stones[nh][OPPOSITE[d]]:
                return ANY
            mask |= 1 << d
    return mask


def put_tiles(s: State, placed) -> None:
    """Put tiles ``(id, hex, rotation)`` on the board and update every per-hex table. Temples
    start at their printed value; treasure hexes start empty (``place_tile`` deals tokens)."""
    tile_at, rotation = dict(s.tile_at), dict(s.rotation)
    stones, kind = dict(s.stones), dict(s.kind)
    crossings, steps = dict(s.crossings), dict(s.steps)
    frontier = set(s.frontier)
    touched: set[tuple] = set()                              # hexes whose neighbourhood changed
    s.tile_at, s.rotation, s.stones, s.kind = tile_at, rotation, stones, kind
    s.crossings = crossings
    for tid, h, rot in placed:
        spec = SPECS[tid]
        tile_at[h], rotation[h], stones[h], kind[h] = tid, rot % 6, ROTATED[tid][rot % 6], spec.kind
        if spec.kind == TEMPLE:
            s.level[h] = spec.value
        elif spec.kind == TREASURE:
            s.treasures[h] = ()
        _link(h, stones, kind, crossings, steps)
        frontier.discard(h)
        frontier.update(nh for _, nh in NEIGHBOURS[h] if nh not in tile_at)
        touched.update(nh for _, nh in NEIGHBOURS[h])
    s.steps = steps
    s.frontier = tuple(sorted(frontier))                       # board order
    old = s.entry
    s.entry = {h: entry(s, h) if h in touched or h not in old else old[h] for h in s.frontier}


def _link(h: tuple, stones: dict, kind: dict, crossings: dict, steps: dict) -> None:
    """A new tile's crossings and steps, and those of the neighbours that gain a crossing to it."""
    crossings[h] = crossings_of(h, stones, kind)
    for nh, _ in crossings[h]:
        crossings[nh] = crossings_of(nh, stones, kind)
        steps[nh] = _steps(nh, crossings[nh])
    steps[h] = _steps(h, crossings[h])


def _steps(h: tuple, crossings: tuple) -> tuple:
    """((cost, worker's move action, leader's move action), ...) for the borders of ``h``: what
    ``actions.legal`` lists for a figure there."""
    moves = catalog.MOVES[h]
    return tuple((cost, *moves[nh]) for nh, cost in crossings)


def new_state(n: int, variant: str, rules: int, seed: int, rng) -> State:
    """T-S1: an empty game state whose board shows the four printed hexes."""
    s = empty_state(n, variant, rules, seed, rng)
    put_tiles(s, [(tid, h, 0) for tid, h in PRINTED_HEX.items()])
    return s


def refusal(s: State, tile: str, h: tuple, rotation: int):
    """Why ``tile`` may not go on ``h`` turned ``rotation`` steps: ``(reason, rule)``, or None.
    T-P4: a tile that no placement meeting T-P2 takes goes on any hex meeting T-P1."""
    if h in s.tile_at:
        return ("that hex is already explored", "T-P1")
    if h not in s.entry:
        return ("that hex is not next to an explored hex", "T-P1")
    if rotation not in FITS[tile][s.entry[h]] and placeable(s, tile):
        return ("no stones lead to the tile from an explored hex", "T-P2")
    return None


def placements(s: State, tile: str) -> list:
    """Every legal ``(hex, rotation)`` for ``tile``, in board order then rotation order; a volcano
    is listed with rotation 0 only (all its rotations are the same tile; T-P1, T-P2). A tile with
    no placement meeting T-P2 is listed on every hex meeting T-P1, in every rotation (T-P4)."""
    if SPECS[tile].kind == VOLCANO:
        return [(h, 0) for h in s.frontier]
    fits, ent = FITS[tile], s.entry
    return [(h, k) for h in s.frontier for k in fits[ent[h]]] or [
        (h, k) for h in s.frontier for k in ALL_ROTATIONS]


def placeable(s: State, tile: str) -> bool:
    """Does ``tile`` have at least one placement that meets T-P2 (T-P4)?"""
    fits, ent = FITS[tile], s.entry
    return any(fits[ent[h]] for h in s.frontier)


def place_tile(s: State, seat: int, tile: str, h: tuple, rotation: int, events: list) -> None:
    """Put ``tile`` on ``h`` (already checked) and deal its treasure tokens (T-P3)."""
    put_tiles(s, [(tile, h, rotation)])
    spec = SPECS[tile]
    dealt = 0
    if spec.masks:
        # T-P3: as many face-down tokens as masks, from the top of the supply (fewer if short).
        dealt = min(spec.masks, len(s.tsupply))
        s.treasures[h] = tuple(s.tsupply[:dealt])
        del s.tsupply[:dealt]
    events.append({"type": "tile_placed", "seat": seat, "tile": tile, "kind": spec.kind,
                   "hex": list(h), "rotation": rotation % 6, "treasures": dealt})
