"""Tikal bots (issues 2 and 5): "easy", "normal" (greedy) and "hard" (plans whole turns).

Every bot decides from its seat's view and the legal actions only: to search, it draws a full game
consistent with the view (``engine.sample_state``: the stack order and the face-down treasures
sampled from its own seeded generator) and plays on private copies of it. Nothing it does depends
on what the seat cannot see, so a human can take over the seat and back. Budgets are counted in
evaluations, never in time: a bot's choices are a function of its seed and the views it was shown.

- ``easy``: the greedy step with noise on every value (it blunders now and then).
- ``normal``: the greedy bot: each decision takes the action whose resulting position has the best
  simple value (``value.simple_value``: points it would score now, treasures, digs within reach,
  camps, guards); a placement is valued by the best walk onto the new tile.
- ``hard``: plans the whole AP phase (placement included) by a beam search over action sequences
  (its best line gone on by the best step while one gains, ``search.complete``) valued by
  ``value.Evaluator`` (projected points with rivals' reachable strength and the sampled
  volcano timing), then replays the plan while the views match what it expected, re-planning when
  they do not (a dug treasure differs from the sample, an unexpected state). Its valuation prices
  what a watching player saw it throw away (``habits``: cheap guards early, its leader sent out by a
  guard, idle scoring turns, levels uncovered for a rival); ``make_plan(view)`` returns the
  whole turn it intends as ``(action, expected view key)`` pairs (the newcomer's hint uses it).

Auction decisions (bid / pass / choose a tile) for all levels: ``auction``.
Knobs: ``make_bot("tikal", "hard", seat, seed, budget=..., width=..., candidates=..., samples=...,
params="hard", weights={...})``: ``params`` names a weight set of ``value.PARAMS`` ("hard";
"hard_prev": the previous bot, for the bench's comparison; "hard_first": its first valuation, for
the habit tests), ``weights`` overrides entries of it.
"""
from __future__ import annotations

from typing import Any

from ... import sample_state
from ...tikal.analysis import ACTIONS, distance
from ..base import Bot
from ..registry import register
from . import auction
from .geo import Boards, entries
from .schedule import Schedule, VolcanoSamples
from .search import EPS, Budget, beam_plan, greedy_action, placed, walk, with_reserve
from .value import PARAMS, Evaluator, Treasures, simple_value

END_TURN = {"type": "end_turn"}

#: The hard bot's defaults: evaluations per plan, beam width, placements searched in full,
#: volcano-timing samples. Calibrated so that a decision takes at most ~1.5 s on the reference
#: machine (benchmarks/bots_bench.py prints the think times).
HARD_BUDGET = 2500
HARD_WIDTH = 8
HARD_CANDIDATES = 6
HARD_SAMPLES = 12

#: Fields of a view that a plan predicts (anything else may differ without re-planning).
KEY_FIELDS = ("phase", "seat", "ap", "drawn", "tiles", "figures", "camps", "guards", "held",
              "scores", "supply", "uncovered", "dug", "scoring", "stack_left")

#: Fields of a view on which the worth of the revealed tiles depends.
AUCTION_KEY_FIELDS = ("tiles", "figures", "camps", "guards", "held", "scores", "revealed",
                      "moved", "stack_left")


def view_key(view: dict) -> str:
    return repr([view.get(k) for k in KEY_FIELDS])


class _TikalBot(Bot):
    def __init__(self, seat: int, seed: int = 0):
        super().__init__(seat, seed)
        self._tiles_key: str | None = None
        self._tiles: dict = {}

    def choose(self, view: dict, legal: list) -> dict:
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        if phase == "bid":
            return self.bid(view, legal)
        if phase == "choose":
            return self.choose_tile(view, legal)
        return self.play(view, legal)

    # auction: the same logic for every level, on the level's placement value
    def _tile_values(self, view: dict) -> dict:
        """Worth of each revealed tile to this seat; kept while only the bids change (one
        auction asks a bidder several times)."""
        key = repr([view.get(k) for k in AUCTION_KEY_FIELDS])
        if self._tiles_key != key:
            g = sample_state(view, self.rng)
            self._tiles = auction.tile_values(g, self.seat, self.start_value(view))
            self._tiles_key = key
        return self._tiles

    def bid(self, view: dict, legal: list) -> dict:
        limit = auction.max_bid(self._tile_values(view), view["scores"][self.seat])
        return auction.bid_or_pass(view, legal, limit)

    def choose_tile(self, view: dict, legal: list) -> dict:
        return auction.choose(self._tile_values(view), legal)

    def start_value(self, view: dict):
        """f(reserve clone at the start of my AP phase) -> value (placements, tiles)."""
        raise NotImplementedError

    def play(self, view: dict, legal: list) -> dict:
        raise NotImplementedError


# --- greedy -----------------------------------------------------------------------------------------
class _GreedyBot(_TikalBot):
    noise_scale = 0.0

    def _noise(self):
        if not self.noise_scale:
            return None
        return lambda: self.noise_scale * self.rng.random()

    def start_value(self, view: dict):
        me, tr = self.seat, Treasures(view)

        def value(g, h=None) -> float:
            """The simple value after the best walk onto ``h`` (the tile just placed)."""
            v = simple_value(g.s, me, tr)
            if g.s.phase == ACTIONS and g.s.seat == me:
                for a in _walks_onto(g, me, h):
                    c = g.clone()
                    c.apply(a)
                    v = max(v, simple_value(c.s, me, tr))
            return v
        return value

    def play(self, view: dict, legal: list) -> dict:
        me = self.seat
        g = sample_state(view, self.rng)
        if view["phase"] == "place":
            return self._place(view, g, legal)
        tr = Treasures(view)
        return greedy_action(with_reserve(g), me,
                             lambda s, dug: simple_value(s, me, tr, dug), self._noise())

    def _place(self, view: dict, g, legal: list) -> dict:
        me = self.seat
        value = self.start_value(view)
        noise = self._noise()
        mine = list(g.s.figs[me]) + entries(g.s, me)
        best, best_v = legal[0], None
        for a in legal:
            h = (a["hex"][0], a["hex"][1])
            v = value(placed(g, a), h)
            v -= 0.01 * min(distance(h, x) for x in mine)      # tie-break: near own figures
            if noise is not None:
                v += noise()
            if best_v is None or v > best_v + EPS:
                best, best_v = a, v
        return best


def _walks_onto(g, me: int, h) -> list:
    """Walks of ``me``'s figures ending on ``h`` within the real AP of reserve clone ``g``."""
    if h is None:
        return []
    s = g.s
    room = s.ap - 1
    out = []
    for x in sorted(s.figs[me]):
        w, l = s.figs[me][x]
        got = g.reachable(x, room).get(h)
        if got is not None:
            if l:
                out.append(walk("leader", got[1]))
            if w:
                out.append(walk("worker", got[1]))
    return out


@register("tikal", "normal")
class TikalGreedyBot(_GreedyBot):
    """The greedy bot: the best immediate gain by simple heuristics."""


@register("tikal", "easy")
class TikalEasyBot(_GreedyBot):
    """A beatable opponent: the greedy step with up to 2.5 points of noise on every value, and
    one decision in ``blunder`` (AP phases only) a uniformly random legal action."""

    noise_scale = 2.5
    blunder = 0.2

    def play(self, view: dict, legal: list) -> dict:
        if view["phase"] == "actions" and self.rng.random() < self.blunder:
            return self.rng.choice(legal)
        return super().play(view, legal)


# --- the strong bot ---------------------------------------------------------------------------------
@register("tikal", "hard")
class TikalHardBot(_TikalBot):
    """Plans whole AP phases (see the module's docstring)."""

    def __init__(self, seat: int, seed: int = 0, budget: int = HARD_BUDGET,
                 width: int = HARD_WIDTH, candidates: int = HARD_CANDIDATES,
                 samples: int = HARD_SAMPLES, params: str = "hard",
                 weights: dict | None = None):
        super().__init__(seat, seed)
        if params not in PARAMS:
            raise ValueError(f"unknown params {params!r}; known: {sorted(PARAMS)}")
        base = PARAMS[params]
        unknown = set(weights or ()) - set(base)
        if unknown:
            raise ValueError(f"unknown weights {sorted(unknown)}; known: {sorted(base)}")
        self.params = params
        self.weights = {**base, **(weights or {})}
        self.budget, self.width = budget, width
        self.candidates, self.samples = candidates, samples
        self.plan: list = []            # [(action, view key expected after it)]
        self.expect = None              # the key the next view must have to go on with the plan

    def evaluator(self, view: dict) -> Evaluator:
        """The valuation of one plan (or one auction's tiles) on a game sampled from ``view``: its
        cache of boards lives as long as it does. (Each plan samples its own game, whose boards
        no later plan meets again: a cache kept by the bot only held 256 dead boards per bot,
        some 30 MB for the 32 hard bots of an 8-table night.)"""
        vs = VolcanoSamples(view, self.rng, self.samples)
        return Evaluator(self.seat, Boards(), Schedule(vs), Treasures(view), self.weights)

    def start_value(self, view: dict):
        ev = self.evaluator(view)
        return lambda g, h=None: ev.value(g.s, pending=True)

    def play(self, view: dict, legal: list) -> dict:
        if self.plan and self.expect == view_key(view):
            action, self.expect = self.plan.pop(0)
            return action
        self.plan = self.make_plan(view)
        action, self.expect = self.plan.pop(0)
        return action

    def make_plan(self, view: dict) -> list:
        me = self.seat
        g = sample_state(view, self.rng)
        ev = self.evaluator(view)
        budget = Budget(self.budget)
        keep = bool(self.weights["keep_leader"])
        claim = bool(self.weights["claim"])
        finish = self.weights["finish"]

        def turn_value(s, dug):
            return ev.value(s, False, dug)

        if view["phase"] == "place":
            ranked = []
            for i, a in enumerate(g.legal_actions()):
                c = placed(g, a)
                ranked.append((ev.value(c.s, pending=True) if c.s.phase == ACTIONS
                               else ev.value(c.s), i, a, c))
                budget.spend()
            ranked.sort(key=lambda x: (-x[0], x[1]))
            top = ranked[:self.candidates]
            best = None
            for i, (v0, _, a, c) in enumerate(top):
                if c.s.phase == ACTIONS and c.s.seat == me:
                    # an equal share of what is left: what one search leaves goes to the next
                    share = Budget(max(1, budget.left // (len(top) - i)))
                    before = share.left
                    v, plan = beam_plan(c, me, turn_value, self.width, share, keep, claim,
                                         finish)
                    budget.spend(before - share.left)
                else:
                    v, plan = v0, []
                if best is None or v > best[0] + EPS:
                    best = (v, [a] + plan)
            assert best is not None, "a placement phase lists at least one placement"
            actions = best[1]
        else:
            _, actions = beam_plan(with_reserve(g), me, turn_value, self.width, budget,
                                    keep, claim, finish)
        return self._expected(g, actions)

    def _expected(self, g, actions: list) -> list:
        """Each planned action with the view the plan expects after it (on the sampled game);
        the plan ends with its AP phase: ``end_turn`` unless an action already ended it (the AP
        ran out: the ``turn_ended`` event). Nothing is planned past that event: the same seat may
        act again at once (it opens the scoring round that follows, T-X7 / T-X8) and that AP
        phase is a new one, planned when it comes."""
        me = self.seat
        c = g.clone()
        steps: list[tuple[dict, Any]] = []
        for a in actions:
            events = c.apply(a)
            steps.append((a, view_key(c.view(me))))
            if any(e["type"] == "turn_ended" for e in events) or c.s.seat != me \
                    or c.s.phase != ACTIONS:
                return steps
        steps.append((END_TURN, None))
        return steps
