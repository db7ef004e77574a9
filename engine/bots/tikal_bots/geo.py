"""Walking costs on a board and how much strength a player can bring to a hex (T-M, T-L1).

Costs are symmetric (T-M1: a border costs the stones on both of its sides, whichever way it is
crossed; T-M2: a volcano is closed both ways), so the cheapest cost from any hex *to* ``h`` is
one Dijkstra *from* ``h``. A board's crossing table is replaced, never changed, when a tile is
placed (``engine.tikal.state``), so ``Boards`` keys its per-board tables on that object.
"""
from __future__ import annotations

from heapq import heappop, heappush

from ...tikal.analysis import BASE_HEX, STRENGTH

#: T-L1: the strength of a worker and of the leader on a hex (the bots' figures ``(workers,
#: leader)`` weigh ``workers * WORKER + leader * LEADER``).
WORKER, LEADER = STRENGTH["worker"], STRENGTH["leader"]


def dijkstra(crossings: dict, start: tuple) -> dict:
    """{hex: cheapest cost from ``start``} over a crossing table (``start`` itself: 0)."""
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, h = heappop(heap)
        if cost > best[h]:
            continue
        for nh, step in crossings.get(h, ()):
            c = cost + step
            if c < best.get(nh, 1 << 30):
                best[nh] = c
                heappush(heap, (c, nh))
    return best


class Geo:
    """The cheapest costs on one board, computed per target hex on demand."""

    __slots__ = ("crossings", "_to")

    def __init__(self, crossings: dict):
        self.crossings = crossings
        self._to: dict = {}

    def to(self, h: tuple) -> dict:
        """{hex: cheapest cost from that hex to ``h``}."""
        d = self._to.get(h)
        if d is None:
            d = self._to[h] = dijkstra(self.crossings, h)
        return d


class Boards:
    """An evaluator's cache of ``Geo`` per board (keyed on the crossing table object, kept alive
    by the cache so its id stays unique while cached)."""

    LIMIT = 256

    def __init__(self) -> None:
        self._geos: dict = {}

    def geo(self, s) -> Geo:
        key = id(s.crossings)
        g = self._geos.get(key)
        if g is None or g.crossings is not s.crossings:
            if len(self._geos) >= self.LIMIT:
                self._geos.clear()
            g = self._geos[key] = Geo(s.crossings)
        return g


def entries(s, seat: int) -> list:
    """T-A1: where ``seat`` brings figures in: the base camp and its own camps."""
    return [BASE_HEX] + [h for h, owner in s.camps.items() if owner == seat]


def units(s, geo: Geo, seat: int, h: tuple, ents: list) -> list:
    """The figures ``seat`` could bring onto ``h``, as ``(cost / strength, cost, strength,
    count)`` groups, the best strength per AP first: figures on other hexes walk (T-A3), figures
    in supply come in at the nearest entry (T-A1) and walk. Figures already on ``h`` are not
    listed (``ents``: the seat's ``entries``). T-L1: the leader's strength and a worker's
    (``STRENGTH``)."""
    to = geo.to(h)
    out = []
    for x, (w, l) in s.figs[seat].items():
        if x == h:
            continue
        c = to.get(x)
        if c is None:
            continue
        if l:
            out.append((c / LEADER, c, LEADER, 1))
        if w:
            out.append((c / WORKER, c, WORKER, w))
    sw, sl = s.supply[seat]
    if sw or sl:
        _from_supply(out, to, ents, sw, sl)
    out.sort()
    return out


def _from_supply(out: list, to: dict, ents: list, sw: int, sl: int) -> None:
    """The supply's figures as ``units`` groups: in at the nearest entry (T-A1: one AP), then
    walking; nothing where no entry reaches the hex."""
    best = None
    for e in ents:
        c = to.get(e)
        if c is not None and (best is None or c < best):
            best = c
    if best is not None:
        c = best + 1
        if sl:
            out.append((c / LEADER, c, LEADER, 1))
        if sw:
            out.append((c / WORKER, c, WORKER, sw))


def reach(us: list, budget: int) -> int:
    """Strength a player brings with ``budget`` AP, taking figures greedily (best ratio first)."""
    got = 0
    for _, c, st, cnt in us:
        if c <= budget:
            k = min(cnt, budget // c)
            budget -= k * c
            got += k * st
    return got
