"""TikalGame: the ``engine.base.Game`` API over a ``State``, and the four factories."""
from __future__ import annotations

from ..base import Game
from ..rng import Rng
from . import flow, scoring, serial
from .actions import refresh_camp_sites
from .movement import cheapest_paths
from .serial import ScenarioError, shuffled_stack, token_list
from .placement import new_state
from .state import OVER
from .tiles import TILE_LIST, TREASURE_COPIES, TREASURE_KINDS

DEFAULT_OPTIONS = {"variant": "base", "first": 0}


class TikalGame(Game):
    """One game of Tikal. ``legal_actions()`` is computed once per state and cached until the
    next successful ``apply``; the dicts it returns are shared with the cache, do not mutate
    them. So is the public part of ``view()``: the views of all seats are one cached dict but
    for their ``"you"`` (Tikal has no per-player secrets), rebuilt after each ``apply``."""

    name = "tikal"

    def __init__(self, state, start_events=None):
        self.s = state
        self.seats = state.n
        self._legal = None
        self._view = None                   # the public view of this state (see view())
        #: events of the steps a new game took before its first decision (the first draw, or
        #: the first auction), for a host that wants to show them.
        self.start_events = list(start_events or [])

    # --- whose decision -------------------------------------------------------------------------
    @property
    def to_act(self):
        return self.s.to_act

    @property
    def phase(self) -> str:
        return self.s.phase

    @property
    def variant(self) -> str:
        return self.s.variant

    # --- decisions --------------------------------------------------------------------------------
    def legal_actions(self) -> list:
        if self._legal is None:
            self._legal = flow.legal(self.s)
        return list(self._legal)

    def apply(self, action) -> list:
        events: list = []
        self._view = None
        flow.apply(self.s, action, events, self._legal)   # checks before it changes anything
        self._legal = None
        return events

    # --- what may be seen -------------------------------------------------------------------------
    def view(self, seat=None) -> dict:
        """A new dict for ``seat``; its values are shared with the cached public view of this
        state (and with the other seats' views): read them, never change them in place
        (``copy.deepcopy`` a view to edit it)."""
        pub = self._view
        if pub is None:
            pub = self._view = serial.view(self.s, None, self.winners)
        return {**pub, "you": seat}

    def snapshot(self) -> dict:
        return serial.snapshot(self.s)

    def clone(self) -> "TikalGame":
        g = TikalGame.__new__(TikalGame)
        g.s = self.s.copy()
        g.seats = self.seats
        g._legal = self._legal              # same state, same actions (never mutated)
        g._view = None
        g.start_events = []
        return g

    def reachable(self, hex, ap=None) -> dict:
        """Like ``engine.tikal.reachable`` on this game's board: ``{(q, r): (cost, path)}``
        with ``path`` a tuple of hex tuples, within ``ap`` (default: the AP left)."""
        budget = self.s.ap if ap is None else ap
        return cheapest_paths(self.s.crossings, (hex[0], hex[1]), budget)

    # --- outcome ----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.s.phase == OVER

    @property
    def scores(self) -> list:
        return list(self.s.scores)

    @property
    def winners(self) -> list:
        return flow.winners(self.s)


# --- factories (engine/__init__.py delegates to these) -------------------------------------------
def new_game(seats: int, seed: int, options: dict | None = None,
             rules: int | None = None) -> TikalGame:
    """A new game at its first decision. Options: ``variant`` ("base" | "auction", default
    "base"); ``first`` (the starting seat, an int, or "random"; default 0; T-S4)."""
    opts = {**DEFAULT_OPTIONS, **(options or {})}
    unknown = set(opts) - set(DEFAULT_OPTIONS)
    if unknown:
        raise ScenarioError(f"unknown Tikal options: {sorted(unknown)}")
    if type(seats) is not int or not 2 <= seats <= 4:
        raise ScenarioError("Tikal is for 2-4 seats")
    if opts["variant"] not in serial.VARIANTS:
        raise ScenarioError(f"variant must be one of {serial.VARIANTS}")
    rng = Rng(seed)
    first = opts["first"]
    if first == "random":
        first = rng.below(seats)
    elif type(first) is not int or not 0 <= first < seats:
        raise ScenarioError("'first' is a seat or \"random\"")
    rules = serial.RULES if rules is None else rules
    if rules not in serial.RULES_VERSIONS:
        raise ScenarioError(f"rules must be one of {serial.RULES_VERSIONS}")
    s = new_state(seats, opts["variant"], rules, seed, rng)
    refresh_camp_sites(s)                                                       # P-jungle
    s.first = s.seat = first
    s.stack = shuffled_stack(rng, [t.id for t in TILE_LIST])                    # T-S2
    s.tsupply = token_list([TREASURE_COPIES] * TREASURE_KINDS)                  # T-C2
    rng.shuffle(s.tsupply)
    if opts["variant"] == "auction":
        s.scores = [20] * seats                                                 # T-X1
    events: list = []
    flow.start(s, events)
    return TikalGame(s, events)


def from_scenario(d: dict) -> TikalGame:
    """A game from a scenario dict (contract section 3) or a snapshot."""
    return TikalGame(serial.build_state(d))


def restore(snap: dict) -> TikalGame:
    """An equal game from ``snapshot()``: same legal actions, same future."""
    return from_scenario(snap)


def sample_state(view: dict, rng: Rng) -> TikalGame:
    """A full game consistent with ``view`` (hidden stack order and face-down treasures drawn
    from ``rng``); its ``view(view["you"])`` equals ``view``."""
    return from_scenario(serial.sampled_scenario(view, rng))


def breakdown(view: dict, seat: int) -> dict:
    """What ``seat`` would score now (T-V3), from a view alone: the dict of the ``scored`` event
    (temples with their values, treasure sets, totals). Only public parts enter a scoring, so the
    hidden parts drawn to rebuild the game (with a fixed seed) change nothing."""
    return scoring.breakdown(sample_state(view, Rng(0)).s, seat)
