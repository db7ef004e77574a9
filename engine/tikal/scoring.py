"""Strength and majorities (T-L1), a player's scoring (T-V3..T-V5), the winners (T-E2); what a
scoring reads, from a view alone (``scoring_state``)."""
from __future__ import annotations

from .state import OVER, State
from .tiles import SPECS, STRENGTH, TEMPLE, TREASURE_KINDS

_W, _L = STRENGTH["worker"], STRENGTH["leader"]

#: T-V3: points for holding 0, 1, 2 or 3 treasures of one kind.
SET_POINTS = (0, 1, 3, 6)


def strength(s: State, seat: int, h: tuple) -> int:
    """T-L1: ``seat``'s strength on ``h``: each worker counts 1, the leader 3 (``majority``, the
    rules' hot path, counts the same inline)."""
    w, lead = s.figs[seat].get(h, (0, 0))
    return w * _W + lead * _L


def majority(s: State, h: tuple) -> int | None:
    """The seat whose strength on ``h`` is greater than each other seat's, or None (T-A8a). T-L1:
    each worker counts 1, the leader 3; guards are not on the hex for majorities."""
    best, who, tie = 0, None, False
    for seat, figs in enumerate(s.figs):
        x = figs.get(h)
        if x is None:
            continue
        st = x[0] * _W + x[1] * _L                  # strength (T-L1)
        if st > best:
            best, who, tie = st, seat, False
        elif st == best and st:
            tie = True
    return None if tie else who


def temple_owner(s: State, h: tuple) -> int | None:
    """T-V3: a guarded temple scores for its guard's owner only; otherwise for the majority."""
    g = s.guards.get(h)
    return g[0] if g is not None else majority(s, h)


def breakdown(s: State, seat: int) -> dict:
    """What ``seat`` scores now (T-V3): temples with their current values, treasure sets."""
    temples: list[dict] = []
    for h in sorted(s.level):                       # board order
        if temple_owner(s, h) == seat:
            temples.append({"hex": list(h), "value": s.level[h], "guarded": h in s.guards})
    sets = [{"kind": k, "count": c, "points": SET_POINTS[c]}
            for k, c in enumerate(s.held[seat]) if c]
    tp = sum(t["value"] for t in temples)
    sp = sum(x["points"] for x in sets)
    return {"temples": temples, "temple_points": tp, "treasures": sets, "treasure_points": sp,
            "total": tp + sp}


def score(s: State, seat: int, events: list) -> None:
    """The player scores (end of their scoring turn). T-V5: scores have no upper bound."""
    b = breakdown(s, seat)
    s.scores[seat] += b["total"]
    if s.rounds:                                    # the history of scoring rounds (public)
        last = s.rounds[-1]
        entry = {"seat": seat, "temples": b["temple_points"], "treasures": b["treasure_points"], "total": b["total"]}
        s.rounds = s.rounds[:-1] + ({"kind": last["kind"], "scored": last["scored"] + (entry,)},)
    events.append({"type": "scored", "seat": seat, **b, "score": s.scores[seat]})


def scores(s: State) -> list:
    return list(s.scores)


def winners(s: State) -> list:
    """T-E2: the highest score wins; ties share the victory. [] until the game is over."""
    if s.phase != OVER:
        return []
    best = max(s.scores)
    return [i for i, x in enumerate(s.scores) if x == best]


def scoring_state(view: dict) -> State:
    """The parts of a state a scoring reads (temples, figures, guards, treasures held), from a
    view's public lists alone (no hidden part is needed, none is drawn); tolerant of a view a
    client caught half-way through an animation."""
    n = int(view["seats"])
    s = State.__new__(State)
    s.n = n
    s.level = _temple_levels(view.get("tiles", []))
    s.figs = [{} for _ in range(n)]
    for f in view.get("figures", []):
        if f["workers"] or f["leader"]:
            s.figs[f["seat"]][(f["hex"][0], f["hex"][1])] = (int(f["workers"]), int(bool(f["leader"])))
    s.guards = {(g["hex"][0], g["hex"][1]): (g["seat"], g["figure"]) for g in view.get("guards", [])}
    s.held = _held_counts(view.get("held") or {}, n)
    return s


def _temple_levels(tiles: list) -> dict:
    """Each temple's level (its printed value where the view gives none), by hex."""
    return {(t["hex"][0], t["hex"][1]): int(t.get("level") or SPECS[t["id"]].value)
            for t in tiles if t.get("id") in SPECS and SPECS[t["id"]].kind == TEMPLE}


def _held_counts(held: dict, n: int) -> list:
    """Each seat's treasures held, counted by kind, from a view's seat -> kinds map."""
    counts = [[0] * TREASURE_KINDS for _ in range(n)]
    for seat, kinds in held.items():
        for k in kinds:
            counts[int(seat)][k] += 1
    return counts
