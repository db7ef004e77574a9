"""The mutable state of one Tikal game, in plain attributes, and its cheap copy.

Rule modules read and change a ``State``; they never hold state of their own. Containers that
change often are copied by ``copy()``; the per-hex tables that change rarely (``tile_at``,
``rotation``, ``stones``, ``kind``, ``crossings``, ``steps``, ``frontier``, ``entry`` when a tile
is placed; ``camp_sites`` also when a camp is built or a treasure hex emptied) are replaced, never
mutated in place, so copies share them.

Hexes are ``(q, r)`` tuples. The attributes:

- ``rules``: the rules version the game is played under (``info.INFO.rules``; 1 for older games).
- board: ``tile_at`` hex -> tile id (printed hexes too); ``rotation``; ``stones`` hex -> stones
  per direction; ``kind``; ``crossings`` (movement.crossings_of per explored hex) and ``steps``
  (the same borders with their move actions, placement._steps); ``frontier``
  (T-P1) and ``entry`` (T-P2, per frontier hex); ``camp_sites`` (where a camp may be built now,
  T-A7a; kept by ``actions.refresh_camp_sites``).
- ``level`` temple hex -> current value; ``treasures`` treasure hex -> tuple of face-down kinds,
  top first; ``figs[seat]`` hex -> (workers, leader 0/1); ``guards`` hex -> (seat, figure);
  ``camps`` hex -> seat; ``own_camps[seat]`` its camp hexes in board order and ``own_guards[seat]``
  its number of guards (indexes kept by ``add_camp``/``add_guard``).
- players: ``held[seat][kind]`` counts; ``scores``; ``supply[seat]`` and ``out[seat]``
  [workers, leader] in the supply / out of the game (T-A8b).
- supplies: ``levels_left[value]`` (T-C3); ``stack`` tile ids, top first; ``tsupply`` face-down
  treasure kinds, top first; ``removed`` tiles (T-P4 under rules 1).
- decision: ``phase``; ``seat`` (whose decision: placer, AP spender, bidder, chooser); ``ap``;
  ``drawn`` (the tile to place); ``uncovered``/``dug`` hex -> count this AP phase (T-A4b,
  T-A5b); ``scoring`` None or {"kind", "order", "index"}; ``volcano`` None or (tile, seat) set
  aside (T-V1); ``last_placer`` (T-E1, T-X4, T-X6, T-X8).
- history: ``rounds``, every scoring round so far as a tuple of ``{"kind", "scored": tuple of
  {"seat", "temples", "treasures", "total"}}`` (public; replaced, never mutated, so copies share it).
- auction: ``revealed``, ``moved``, ``auction`` (see auction.py).
"""
from __future__ import annotations

from typing import Any

from ..rng import Rng
from .tiles import CAMPS, GUARDS, LEVEL_TOKENS, MAX_LEVEL, WORKERS

Hex = tuple[int, int]

# Phases (contract: g.phase / view["phase"]).
PLACE, ACTIONS, BID, CHOOSE, OVER = "place", "actions", "bid", "choose", "over"
AP_PER_TURN = 10                        # T-T1


class State:
    __slots__ = (
        "n", "variant", "rules", "seed", "first", "rng",
        # board (copy-on-write dicts keyed by hex tuple)
        "tile_at", "rotation", "stones", "kind", "crossings", "steps", "frontier", "entry",
        "camp_sites",
        # board (mutable)
        "level", "treasures", "figs", "guards", "camps", "own_camps", "own_guards",
        # players
        "held", "scores", "supply", "out",
        # supplies
        "levels_left", "stack", "tsupply", "removed",
        # whose decision
        "phase", "seat", "ap", "drawn", "uncovered", "dug",
        "scoring", "volcano", "last_placer", "rounds",
        # auction variant
        "revealed", "moved", "auction",
    )

    # The attributes' types (annotations only: ``__slots__`` holds the values).
    n: int
    variant: str
    rules: int
    seed: int
    first: int
    rng: Rng
    tile_at: dict[Hex, str]
    rotation: dict[Hex, int]
    stones: dict[Hex, tuple[int, ...]]
    kind: dict[Hex, str]
    crossings: dict[Hex, tuple[tuple[Hex, int], ...]]
    steps: dict[Hex, tuple[tuple[Any, ...], ...]]
    frontier: tuple[Hex, ...]
    entry: dict[Hex, Any]
    camp_sites: tuple[Hex, ...]
    level: dict[Hex, int]
    treasures: dict[Hex, tuple[int, ...]]
    figs: list[dict[Hex, tuple[int, int]]]
    guards: dict[Hex, tuple[int, str]]
    camps: dict[Hex, int]
    own_camps: list[tuple[Hex, ...]]
    own_guards: list[int]
    held: list[list[int]]
    scores: list[int]
    supply: list[list[int]]
    out: list[list[int]]
    levels_left: list[int]
    stack: list[str]
    tsupply: list[int]
    removed: list[str]
    phase: str
    seat: int
    ap: int
    drawn: str | None
    uncovered: dict[Hex, int]
    dug: dict[Hex, int]
    scoring: dict[str, Any] | None
    volcano: tuple[str, int] | None
    last_placer: int | None
    rounds: tuple[dict[str, Any], ...]
    revealed: list[str]
    moved: list[Any]
    auction: dict[str, Any] | None

    def copy(self) -> "State":
        c = State.__new__(State)
        c.n, c.variant, c.rules = self.n, self.variant, self.rules
        c.seed, c.first = self.seed, self.first
        c.rng = type(self.rng)(state=self.rng.state)
        c.tile_at, c.rotation, c.stones = self.tile_at, self.rotation, self.stones
        c.kind, c.crossings, c.steps = self.kind, self.crossings, self.steps
        c.frontier, c.entry, c.camp_sites = self.frontier, self.entry, self.camp_sites
        c.level = dict(self.level)
        c.treasures = dict(self.treasures)          # values are tuples
        c.figs = [dict(f) for f in self.figs]        # values are (workers, leader) tuples
        c.guards = dict(self.guards)
        c.camps = dict(self.camps)
        c.own_camps = list(self.own_camps)          # per seat: tuples
        c.own_guards = list(self.own_guards)        # per seat: ints
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
        c.rounds = self.rounds
        c.revealed = list(self.revealed)
        c.moved = list(self.moved)
        c.auction = None if self.auction is None else {
            k: (list(v) if isinstance(v, list) else v) for k, v in self.auction.items()}
        return c

    # --- derived ----------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.seat

    def camps_left(self, seat: int) -> int:
        return CAMPS - len(self.own_camps[seat])

    def guards_left(self, seat: int) -> int:
        return GUARDS - self.own_guards[seat]

    def add_camp(self, seat: int, h: Hex) -> None:
        """A camp of ``seat`` on ``h`` (``camps`` and the per-seat index change together)."""
        self.camps[h] = seat
        self.own_camps[seat] = tuple(sorted(self.own_camps[seat] + (h,)))

    def add_guard(self, seat: int, h: Hex, fig: str) -> None:
        self.guards[h] = (seat, fig)
        self.own_guards[seat] += 1


def empty_state(n: int, variant: str, rules: int, seed: int, rng: Rng) -> State:
    """A state with an empty board and full supplies (``placement.new_state`` adds the printed
    hexes)."""
    s = State.__new__(State)
    s.n, s.variant, s.rules, s.seed, s.first, s.rng = n, variant, rules, seed, 0, rng
    s.tile_at, s.rotation, s.stones, s.kind, s.crossings, s.steps = {}, {}, {}, {}, {}, {}
    s.frontier, s.entry, s.camp_sites = (), {}, ()
    s.level, s.treasures, s.guards, s.camps = {}, {}, {}, {}
    s.own_camps, s.own_guards = [()] * n, [0] * n
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
    s.rounds = ()
    s.revealed, s.moved, s.auction = [], [], None
    return s


def board_order(hexes) -> list:
    """Hexes in board order (column by column, top to bottom: the tuples' natural order)."""
    return sorted(hexes)


__all__ = ["State", "Hex", "empty_state", "board_order",
           "PLACE", "ACTIONS", "BID", "CHOOSE", "OVER", "AP_PER_TURN"]
