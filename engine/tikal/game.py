"""TikalGame: the shared ``engine.base.Game`` over a Tikal ``State``, and the four factories."""
from __future__ import annotations

from ..base import Game
from ..rng import Rng
from . import flow, scoring, serial
from .actions import refresh_camp_sites
from .info import INFO
from .movement import cheapest_paths
from .placement import new_state
from .serial import shuffled_stack, token_list
from .tiles import TILE_LIST, TREASURE_COPIES, TREASURE_KINDS


class TikalGame(Game, info=INFO, flow=flow, scoring=scoring, serial=serial):
    """One game of Tikal (``engine/base.py`` holds the shared body)."""

    @property
    def variant(self) -> str:
        return self.s.variant

    def reachable(self, hex, ap=None) -> dict:
        """Like ``engine.tikal.reachable`` on this game's board: ``{(q, r): (cost, path)}``
        with ``path`` a tuple of hex tuples, within ``ap`` (default: the AP left)."""
        budget = self.s.ap if ap is None else ap
        return cheapest_paths(self.s.crossings, (hex[0], hex[1]), budget)


# --- factories (engine/__init__.py delegates to these) -------------------------------------------
def new_game(seats: int, seed: int, options: dict | None = None,
             rules: int | None = None) -> TikalGame:
    """A new game at its first decision. Options: ``variant`` ("base" | "auction", default
    "base"); ``first`` (the starting seat, an int, or "random"; default 0; T-S4). ``rules``: the
    rules version (default the current one; an older game replays under its own)."""
    seats, opts, first = INFO.new_game_options(seats, options)
    rules = INFO.check_rules(rules)
    rng = Rng(seed)
    first = INFO.first_seat(first, seats, rng)
    s = new_state(seats, opts["variant"], rules, seed, rng)
    refresh_camp_sites(s)                                                       # P-jungle
    s.first = s.seat = first
    s.stack = shuffled_stack(rng, [t.id for t in TILE_LIST])                    # T-S2
    s.tsupply = token_list([TREASURE_COPIES] * TREASURE_KINDS)                  # T-C2
    rng.shuffle(s.tsupply)
    s.scores = INFO.start_scores(seats, opts)                                   # T-S3, T-X1
    events: list = []
    flow.start(s, events)
    return TikalGame(s, events)


from_scenario, restore, sample_state = TikalGame.factories()


def breakdown(view: dict, seat: int) -> dict:
    """What ``seat`` would score now (T-V3), from a view alone: the dict of the ``scored`` event
    (temples with their values, treasure sets, totals). Only public parts enter a scoring."""
    return scoring.breakdown(scoring.scoring_state(view), seat)
