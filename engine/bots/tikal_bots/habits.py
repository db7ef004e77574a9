"""Six habits of a Tikal bot that a watching player notices, counted from what the
table shows: a seat's views, its actions and the events they cause. The bench
(``benchmarks/bots_bench.py``) prints them per game for the hard bot; the tests check that the
hard bot no longer shows them on positions where its previous valuation did.

- ``cheap_guard``: a guard (T-A8) on a temple of value 3 or less within the first 8 tiles drawn:
  a guard freezes the temple's value (T-A8d) and a player has only two (T-A8e).
- ``lost_leader``: a guard placed with a worker while the seat's leader stood on the hex, so the
  leader left the game (T-A8b).
- ``idle_scoring``: a scoring turn (volcano or final, T-V1 / T-E1) ended with 5 AP or more unspent
  while figures were in the seat's supply.
- ``uncover_rival``: a temple the seat uncovered (T-A4) in an AP phase and left unguarded where,
  when that phase ended, a rival's strength (T-L1) equalled or beat its own: a level for a rival.
- ``skipped_scoring``: a scoring turn (T-V1 / T-E1) ended with all its AP unspent: the whole turn
  thrown away (once seen when a plan's last action ended the seat's AP phase and the same seat
  opened the final scoring: the stored plan went on with its ``end_turn``).
- ``idle_turn``: a normal AP phase (T-T1, not a scoring turn) ended with 3 AP or more unspent
  while figures were in the seat's supply: the bot stops for no reason a watching player sees
  (``HabitWatch.phases`` counts the normal AP phases, for a rate).
"""
from __future__ import annotations

from ...tikal.analysis import AP_PER_TURN, SPECS, STRENGTH

HABITS = ("cheap_guard", "lost_leader", "idle_scoring", "uncover_rival", "skipped_scoring", "idle_turn")

#: T-C1: the tiles of the stack (``SPECS`` also lists the four printed hexes, ids "P-...").
STACK_TILES = sum(1 for t in SPECS if not t.startswith("P-"))
CHEAP, EARLY, IDLE_AP, IDLE_TURN_AP = 3, 8, 5, 3


def strength(view: dict, seat: int, h: list) -> int:
    """T-L1: ``seat``'s strength on hex ``h`` in a view (a guard is not in ``figures``)."""
    return sum(f["workers"] * STRENGTH["worker"] + f["leader"] * STRENGTH["leader"] for f in view["figures"]
               if f["seat"] == seat and f["hex"] == h)


class HabitWatch:
    """The habit counts of one seat, fed with each of its decisions."""

    def __init__(self, seat: int):
        self.seat = seat
        self.counts = dict.fromkeys(HABITS, 0)
        self.phases = 0                     # normal AP phases ended (for ``idle_turn``'s rate)
        self.uncovered: list = []           # temples uncovered in the current AP phase

    def seen(self, view: dict, action: dict, events: list, after: dict) -> None:
        """The seat applied ``action`` in ``view``; it caused ``events`` and led to the view
        ``after`` (any seat's: only public parts are read)."""
        me, t = self.seat, action["type"]
        if t == "guard":
            self._guarded(view, action["hex"])
        elif t == "uncover" and action["hex"] not in self.uncovered:
            self.uncovered.append(action["hex"])
        for e in events:
            if e["type"] == "guard_placed" and e["seat"] == me and e["left_game"]["leader"]:
                self.counts["lost_leader"] += 1
            elif e["type"] == "turn_ended" and e["seat"] == me:
                self._turn_ended(e, view["supply"][me])
                self._uncovered_for_rivals(after)
                self.uncovered = []

    def _guarded(self, view: dict, h: list) -> None:
        """``cheap_guard``: a guard on a cheap temple early in the game."""
        level = next(x["level"] for x in view["tiles"] if x["hex"] == h)
        if level <= CHEAP and STACK_TILES - view["stack_left"] <= EARLY:
            self.counts["cheap_guard"] += 1

    def _turn_ended(self, e: dict, supply: dict) -> None:
        """An AP phase ended with AP left while figures waited in the supply (``idle_scoring``,
        ``idle_turn``) or a scoring's AP phase not used at all (``skipped_scoring``)."""
        waiting = supply["workers"] or supply["leader"]
        if e["kind"] == "scoring" and e["ap"] >= IDLE_AP and waiting:
            self.counts["idle_scoring"] += 1
        if e["kind"] == "scoring" and e["ap"] >= AP_PER_TURN:
            self.counts["skipped_scoring"] += 1
        if e["kind"] == "normal":
            self.phases += 1
            if e["ap"] >= IDLE_TURN_AP and waiting:
                self.counts["idle_turn"] += 1

    def _uncovered_for_rivals(self, after: dict) -> None:
        """``uncover_rival``: each temple uncovered this AP phase, left unguarded where a rival's
        strength equals or beats the seat's own at the phase's end."""
        me = self.seat
        for h in self.uncovered:
            if any(x["hex"] == h for x in after["guards"]):
                continue            # it guarded the temple after uncovering it
            own = strength(after, me, h)
            if any(strength(after, q, h) >= own for q in range(len(after["scores"])) if q != me):
                self.counts["uncover_rival"] += 1


def habits_of(game, actions: list) -> dict:
    """The habit counts of the seat to act in ``game`` (a private copy is played) over
    ``actions`` (e.g. a plan of ``TikalHardBot.make_plan``)."""
    g = game.clone()
    watch = HabitWatch(g.to_act)
    for a in actions:
        view = g.view(watch.seat)
        events = g.apply(a)
        watch.seen(view, a, events, g.view(None))
    return watch.counts
