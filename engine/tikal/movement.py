"""Moving across the jungle (T-M): border costs, crossing tables, path checks, cheapest paths.

A *crossing table* maps each explored hex to ``((neighbour, cost), ...)`` in direction order: the
borders a figure standing there may cross and what each costs. The engine keeps one up to date as
tiles are placed (``placement.put_tiles``); ``reachable`` builds the same table from a view, so the
client and bots compute paths with exactly the engine's rules.
"""
from __future__ import annotations

from heapq import heappop, heappush

from ..errors import IllegalAction
from .board import INDEX, NEIGHBOURS, border_cost
from .tiles import ROTATED, SPECS, VOLCANO


def crossings_of(h, stones: dict, kind: dict) -> tuple:
    """((neighbour, cost), ...) for hex ``h`` (stones per direction by hex, kind by hex).

    T-M1: the cost is the stones on both sides of the border; with none the border cannot be
    crossed. T-M2: nobody enters or leaves a volcano hex. Unexplored hexes cannot be entered.
    """
    if kind[h] == VOLCANO:
        return ()
    out = []
    for d, nh in NEIGHBOURS[h]:
        if nh in stones and kind[nh] != VOLCANO:
            cost = border_cost(stones[h], stones[nh], d)
            if cost:
                out.append((nh, cost))
    return tuple(out)


def step_cost(s, a: tuple, b: tuple) -> int:
    """The cost of one step a -> b on the board of state ``s``, or IllegalAction with the rule
    that forbids it."""
    for nh, cost in s.crossings.get(a, ()):
        if nh == b:
            return cost
    # Not a crossing: say why.
    if a not in s.tile_at or b not in s.tile_at:
        raise IllegalAction("the walk crosses a hex that is not explored", "T-A3")
    if (a, b) not in _ADJACENT:
        raise IllegalAction("each step of a walk goes to a neighbouring hex", "T-A3")
    if s.kind[a] == VOLCANO or s.kind[b] == VOLCANO:
        raise IllegalAction("nobody enters or crosses a volcano hex", "T-M2")
    raise IllegalAction("no stones lead across that border", "T-M1")


_ADJACENT = {(h, nh) for h, ns in NEIGHBOURS.items() for _, nh in ns}


def path_cost(s, path: list) -> int:
    """T-A3/T-M3: the total cost of a path of adjacent steps (hex tuples)."""
    total = 0
    for a, b in zip(path, path[1:]):
        total += step_cost(s, a, b)
    return total


def cheapest_paths(crossings: dict, start: tuple, budget: int) -> dict:
    """Dijkstra over a crossing table: ``{hex: (cost, path)}`` for every hex other than
    ``start`` reachable for at most ``budget`` AP, ``path`` a tuple of hexes from ``start``.
    Ties go to the path found first (neighbours in direction order, hexes in board order), so the
    result is a deterministic function of the table."""
    best = {start: 0}
    prev: dict[tuple, tuple | None] = {start: None}
    heap = [(0, INDEX[start], start)]
    while heap:
        cost, _, h = heappop(heap)
        if cost > best[h]:
            continue
        for nh, step in crossings.get(h, ()):
            c = cost + step
            if c <= budget and c < best.get(nh, budget + 1):
                best[nh] = c
                prev[nh] = h
                heappush(heap, (c, INDEX[nh], nh))
    out = {}
    for h, c in best.items():
        if h == start:
            continue
        path = [h]
        p = prev[h]
        while p is not None:
            path.append(p)
            p = prev[p]
        out[h] = (c, tuple(reversed(path)))
    return out


def crossing_table(tiles) -> dict:
    """A crossing table from ``[{"id", "hex", "rotation"}, ...]`` (a view's or scenario's
    ``tiles``)."""
    stones, kind = {}, {}
    for t in tiles:
        h = (t["hex"][0], t["hex"][1])
        stones[h] = ROTATED[t["id"]][t.get("rotation", 0) % 6]
        kind[h] = SPECS[t["id"]].kind
    return {h: crossings_of(h, stones, kind) for h in stones}


def reachable(view: dict, seat: int | None, hex, ap: int | None = None) -> dict:
    """For the client and bots: every hex a figure on ``hex`` can walk to for at most ``ap`` AP
    (default: ``view["ap"]``), computed from a view dict alone (T-M1..T-M3).

    Returns ``{(q, r): {"cost": int, "path": [[q, r], ...]}}`` (the path starts at ``hex``; one
    cheapest path per hex; ``hex`` itself is not listed). ``seat`` does not change costs (any
    figure may walk anywhere, T-M5); it is accepted so callers can pass the seat they play.
    """
    budget = view.get("ap", 0) if ap is None else ap
    table = crossing_table(view["tiles"])
    start = (hex[0], hex[1])
    return {h: {"cost": c, "path": [list(x) for x in path]}
            for h, (c, path) in cheapest_paths(table, start, budget).items()}
