"""The mutable state of one Tikal game, in plain attributes, and its cheap copy.

Rule modules read and change a ``State``; they never hold state of their own. Containers that
change often are copied by ``copy()``; the per-hex tables that only change when a tile is placed
(``tile_at``, ``stones``, ``kind``, ``crossings``, ``frontier``, ``entry``, ``sites``;
see ``placement.put_tiles``) are replaced, never mutated in place, after a
placement (copy-on-write), so copies may share them.
"""
from __future__ import annotations

from .board import HEXES, INDEX
from .tiles import CAMPS, FIGURES, GUARDS, LEVEL_TOKENS, MAX_LEVEL, WORKERS

# Phases (contract: g.phase / view["phase"]).
PLACE, ACTIONS, BID, CHOOSE, OVER = "place", "actions", "bid", "choose", "over"
AP_PER_TURN = 10                        # T-T1


class State:
    __slots__ = (
        "n", "variant", "seed", "first", "rng",
        # board (copy-on-write dicts keyed by hex tuple)
        "tile_at", "rotation", "stones", "kind", "crossings", "frontier", "entry", "sites",
        # board (mutable)
        "level", "treasures", "figs", "guards", "camps",
        # players
        "held", "scores", "supply", "out",
        # supplies
        "levels_left", "stack", "tsupply", "removed",
        # whose decision
        "phase", "seat", "ap", "drawn", "uncovered", "dug",
        "scoring", "volcano", "last_placer",
        # auction variant
        "revealed", "moved", "auction",
    )

    def copy(self) -> "State":
        c = State.__new__(State)
        c.n, c.variant, c.seed, c.first = self.n, self.variant, self.seed, self.first
        c.rng = type(self.rng)(state=self.rng.state)
        c.tile_at, c.rotation, c.stones = self.tile_at, self.rotation, self.stones
        c.kind, c.crossings = self.kind, self.crossings
        c.frontier, c.entry, c.sites = self.frontier, self.entry, self.sites
        c.level = dict(self.level)
        c.treasures = dict(self.treasures)          # values are tuples
        c.figs = [dict(f) for f in self.figs]        # values are (workers, leader) tuples
        c.guards = dict(self.guards)
        c.camps = dict(self.camps)
        c.held = [list(h) for h in self.held]
        c.scores = list(self.scores)
        c.supply = [list(x) for x in self.supply]
        c.out = [list(x) for x in self.out]
        c.levels_left = list(self.levels_left)
        c.stack = list(self.stack)
        c.tsupply = list(self.tsupply)
        c.removed = list(self.removed)
        c.phase, c.seat, c.ap, c.drawn = self.phase, self.seat, self.ap, self.drawn
        c.uncovered = dict(self.uncovered)
        c.dug = dict(self.dug)
        c.scoring = None if self.scoring is None else dict(self.scoring)
        c.volcano = self.volcano
        c.last_placer = self.last_placer
        c.revealed = list(self.revealed)
        c.moved = list(self.moved)
        c.auction = None if self.auction is None else {
            k: (list(v) if isinstance(v, list) else v) for k, v in self.auction.items()}
        return c

    # --- derived ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.seat

    def is_temple(self, h) -> bool:
        return h in self.level

    def camps_left(self, seat: int) -> int:
        return CAMPS - sum(1 for s in self.camps.values() if s == seat)

    def guards_left(self, seat: int) -> int:
        return GUARDS - sum(1 for s, _ in self.guards.values() if s == seat)


def empty_state(n: int, variant: str, seed: int, rng) -> State:
    """A state with an empty board and full supplies (``placement.new_state`` adds the printed
    hexes)."""
    s = State.__new__(State)
    s.n, s.variant, s.seed, s.first, s.rng = n, variant, seed, 0, rng
    s.tile_at, s.rotation, s.stones, s.kind, s.crossings = {}, {}, {}, {}, {}
    s.frontier, s.entry, s.sites = (), {}, ()
    s.level, s.treasures, s.guards, s.camps = {}, {}, {}, {}
    s.figs = [{} for _ in range(n)]
    s.held = [[0] * 8 for _ in range(n)]
    s.scores = [0] * n
    s.supply = [[WORKERS, 1] for _ in range(n)]
    s.out = [[0, 0] for _ in range(n)]
    s.levels_left = [LEVEL_TOKENS.get(v, 0) for v in range(MAX_LEVEL + 1)]
    s.stack, s.tsupply, s.removed = [], [], []
    s.phase, s.seat, s.ap, s.drawn = ACTIONS, 0, 0, None
    s.uncovered, s.dug = {}, {}
    s.scoring = s.volcano = s.last_placer = None
    s.revealed, s.moved, s.auction = [], [], None
    return s


def board_order(hexes) -> list:
    return sorted(hexes, key=INDEX.__getitem__)


def figures_total(s: State, seat: int) -> int:
    """Figures of ``seat`` in supply, on the board, guarding, and out of the game (T-C4: 19)."""
    on_board = sum(w + l for w, l in s.figs[seat].values())
    guards = sum(1 for gs, _ in s.guards.values() if gs == seat)
    return sum(s.supply[seat]) + on_board + guards + sum(s.out[seat])


__all__ = ["State", "empty_state", "board_order", "figures_total", "HEXES",
           "PLACE", "ACTIONS", "BID", "CHOOSE", "OVER", "AP_PER_TURN", "FIGURES"]
