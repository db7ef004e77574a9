"""Searching a Tikal turn on determinized copies of the game.

- ``macro_actions``: the AP actions worth considering (T-A1..T-A8), with walks (T-A3) as whole
  cheapest paths to a temple or a treasure hex rather than the engine's single steps.
- ``greedy_action``: the greedy bot's step: the best action by a value, or end the AP phase.
- ``beam_plan``: the strong bot's plan of a whole AP phase: a beam search over action sequences,
  its best line then gone on by the best step while one gains (``complete``).
- ``best_placement`` / ``placements``: where the drawn tile goes (T-P1, T-P2).

Searches run on private clones that hold ``RESERVE`` extra AP, never spent (actions are limited
to the real AP), so that the engine never ends the AP phase by itself inside a search and every
node is "the turn as it would end here".
"""
from __future__ import annotations

from typing import Any

from ...tikal.analysis import ACTIONS, COST, cheapest_paths, with_extra_ap

RESERVE = 1
EPS = 1e-9


def walk(fig: str, path) -> dict:
    return {"type": "move", "figure": fig, "path": [list(h) for h in path]}


def with_reserve(g):
    """A private copy whose AP phase holds ``RESERVE`` more AP than the real one."""
    return with_extra_ap(g, RESERVE)


def targets(s) -> set:
    """Hexes a walk may end on: unguarded temples (T-A4, T-A8, T-V3) and treasure hexes with
    tokens (T-A5)."""
    out = {h for h in s.level if h not in s.guards}
    out.update(h for h, toks in s.treasures.items() if toks)
    return out


def macro_actions(g, me: int, dug: tuple = (), keep_leader: bool = False) -> list:
    """The AP actions of ``me`` in reserve clone ``g``, in a deterministic order; no end_turn.
    After a dig in the plan (``dug``) no exchanges: the dug kinds are only a sample.
    ``keep_leader``: no guard with a worker where ``me``'s leader stands; the leader stands guard
    instead (T-A8b: either way every other own figure there leaves, so the rest of the game is
    the same, but the leader is not sent out of the game)."""
    s = g.s
    room = s.ap - RESERVE
    my = s.figs[me]
    out = [a for a in g.legal_actions() if _searched(a, room, dug, keep_leader, my)]
    if room <= 0:
        return out
    _add_walks(out, s, s.figs[me], room)
    return out


def _searched(a: dict, room: int, dug: tuple, keep_leader: bool, my: dict) -> bool:
    """Whether the search tries legal action ``a`` as it is (not walks, not end_turn, nothing
    dearer than ``room``; see ``macro_actions``)."""
    t = a["type"]
    if t == "move" or t == "end_turn" or COST[t] > room:
        return False
    if t == "exchange" and dug:
        return False
    return not (keep_leader and t == "guard" and a["figure"] == "worker"
                and my[(a["hex"][0], a["hex"][1])][1])


def _add_walks(out: list, s, my: dict, room: int) -> None:
    """The walks the search tries: each own figure's cheapest path to each target within
    ``room``, figures and targets in board order, the leader before the workers."""
    goals = targets(s)
    for x in sorted(my):
        w, l = my[x]
        for h, (c, path) in sorted(cheapest_paths(s.crossings, x, room).items()):
            if h in goals:
                if l:
                    out.append(walk("leader", path))
                if w:
                    out.append(walk("worker", path))


def claims(g, me: int) -> list:
    """Figures of ``me``'s supply brought in and walked onto an unguarded temple in one step
    (T-A1 then T-A3), as ``(enter, walk)`` pairs: the cheapest entry per figure and temple. A
    beam search that sees entering and walking as two steps prunes the entry (it gains nothing
    by itself) and so misses a free temple its valuation prefers (claiming and guarding it)."""
    s = g.s
    room = s.ap - RESERVE - COST["enter"]
    if room <= 0:
        return []
    goals = {h for h in s.level if h not in s.guards}
    best: dict = {}
    for a in g.legal_actions():
        if a["type"] == "enter":
            _claims_by(a, s, goals, room, best)
    return [best[k][1] for k in sorted(best)]


def _claims_by(a: dict, s, goals: set, room: int, best: dict) -> None:
    """The walks from entry ``a``'s hex onto each goal within ``room``, kept in ``best`` by
    (figure, temple) where cheaper than the one kept."""
    e = (a["hex"][0], a["hex"][1])
    for h, (c, path) in sorted(cheapest_paths(s.crossings, e, room).items()):
        if h in goals and h != e:
            key = (a["figure"], h)
            if key not in best or c < best[key][0]:
                best[key] = (c, (a, walk(a["figure"], path)))


def dug_kind(events: list):
    for e in events:
        if e["type"] == "treasure_dug":
            return e["kind"]
    return None


def signature(s, me: int) -> tuple:
    """What a plan can change: states equal in it are the same node (transpositions)."""
    return (s.ap, tuple(sorted(s.figs[me].items())), tuple(s.supply[me]),
            tuple(sorted(s.uncovered.items())), tuple(sorted(s.dug.items())),
            tuple(tuple(h) for h in s.held), len(s.camps), tuple(sorted(s.camps)),
            tuple(sorted(s.guards)))


# --- the greedy step --------------------------------------------------------------------------------
def greedy_action(g, me: int, value, noise=None) -> dict:
    """The greedy step in reserve clone ``g``: the action with the best gain of ``value(state,
    dug)`` per AP it costs (plus ``noise()`` if given), or end_turn when no action gains."""
    base = value(g.s, ())
    ap = g.s.ap
    best_r, best = 0.0, {"type": "end_turn"}
    for a in macro_actions(g, me):
        c = g.clone()
        ev = c.apply(a)
        k = dug_kind(ev)
        gain = value(c.s, () if k is None else (k,)) - base
        if noise is not None:
            gain += noise()
        r = gain / (ap - c.s.ap)
        if r > best_r + EPS:
            best_r, best = r, a
    return best


# --- the beam search over a whole AP phase ------------------------------------------------------------
class Budget:
    """Work left, counted in evaluations (never in time)."""

    __slots__ = ("left",)

    def __init__(self, evals: int):
        self.left = evals

    def spend(self, n: int = 1) -> None:
        self.left -= n

    @property
    def out(self) -> bool:
        return self.left <= 0


def _steps(node, me: int, dug: tuple, keep_leader: bool, claim: bool) -> list:
    """The search's steps from ``node``: single actions, and with ``claim`` the claims."""
    steps = [[a] for a in macro_actions(node, me, dug, keep_leader)]
    if claim:
        steps += [list(pair) for pair in claims(node, me)]
    return steps


def _child(node, step: list, dug: tuple) -> tuple:
    """(clone after ``step``, dug kinds after it)."""
    c = node.clone()
    events: list = []
    for a in step:
        events += c.apply(a)
    k = dug_kind(events)
    return c, (dug if k is None else dug + (k,))


def beam_plan(g, me: int, evaluate, width: int, budget: Budget, keep_leader: bool = False,
              claim: bool = False, finish: float = 0.0) -> tuple:
    """(value, [actions]) of the best action sequence found for ``me``'s AP phase in reserve
    clone ``g``; ``evaluate(state, dug)`` values the turn ended there (``keep_leader``: see
    ``macro_actions``; ``claim``: ``claims`` are single steps of the search too).

    ``finish``: the share of ``budget`` kept for ``complete``: the beam stops when only that is
    left, and the best plan it found goes on by the best step while a step gains. A beam over
    many steps may run out of work before its lines have spent their AP (each level costs its
    width times the steps of a node); the best line then ended early with AP its own valuation
    would spend (4 AP left where one more worker on the same walk made a tie a majority)."""
    root_v = evaluate(g.s, ())
    budget.spend()
    keep = int(finish * budget.left)
    best: tuple[float, Any, list, tuple] = (root_v, g, [], ())
    beam: list[tuple[float, Any, list, tuple]] = [best]
    seen = {signature(g.s, me)}
    while beam and budget.left > keep:
        children = _next_level(beam, me, evaluate, budget, keep, seen, keep_leader, claim)
        if not children:
            break
        children.sort(key=lambda x: -x[0])          # stable: ties keep generation order
        beam = children[:width]
        if beam[0][0] > best[0] + EPS:
            best = beam[0]
    if finish:
        best = complete(best, me, evaluate, budget, keep_leader, claim)
    return best[0], best[2]


def _next_level(beam: list, me: int, evaluate, budget: Budget, keep: int, seen: set,
                keep_leader: bool, claim: bool) -> list:
    """The beam's children in generation order: every step from every node, each new position
    (by ``signature``) valued once, until only ``keep`` of ``budget`` is left."""
    children = []
    for _, node, plan, dug in beam:
        for step in _steps(node, me, dug, keep_leader, claim):
            c, nd = _child(node, step, dug)
            sig = signature(c.s, me)
            if sig in seen:
                continue
            seen.add(sig)
            v = evaluate(c.s, nd)
            budget.spend()
            children.append((v, c, plan + step, nd))
            if budget.left <= keep:
                return children
    return children


def complete(line: tuple, me: int, evaluate, budget: Budget, keep_leader: bool = False,
             claim: bool = False) -> tuple:
    """``line`` (value, node, plan, dug) gone on by the step that gains most, while one gains and
    ``budget`` lasts (a step cut short by the budget takes the best of what it valued)."""
    while not budget.out:
        v0, node, plan, dug = line
        got = None
        for step in _steps(node, me, dug, keep_leader, claim):
            c, nd = _child(node, step, dug)
            v = evaluate(c.s, nd)
            budget.spend()
            if v > (v0 if got is None else got[0]) + EPS:
                got = (v, c, plan + step, nd)
            if budget.out:
                break
        if got is None:
            break
        line = got
    return line


# --- placing the drawn tile -----------------------------------------------------------------------------
def placed(g, action):
    """A reserve clone of ``g`` after ``action`` (a placement): the placer's AP phase."""
    c = g.clone()
    c.apply(action)
    return with_reserve(c) if c.s.phase == ACTIONS else c
