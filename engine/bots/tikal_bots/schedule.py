"""When the next scoring comes, by sampling the hidden stack order (T-S2, T-H1).

A seat sees only the letter of the top tile; volcanoes hide among the B, D and F tiles (T-C1).
``VolcanoSamples`` draws several stack orders consistent with the view (``engine.sample_state``,
i.e. determinization) and keeps where the volcanoes lie in each. ``Schedule`` turns one position
and those samples into, per player ``p``, how many AP phases each player ``q`` still gets before
``p`` scores next (``turns[p][q]``, averaged over the samples) and how many scorings ``p`` has left
(``scorings[p]``). The turn order follows T-T1/T-V1/T-V2/T-E1: each draw is a normal turn; a
volcano starts a scoring round with its drawer (each player: an AP phase, then scores); the drawer
then takes a normal turn; after the last tile the final round runs from the last placer's left.
The auction variant (T-X) is approximated by the same order with the revealed tiles drawn first.
"""
from __future__ import annotations

from ... import sample_state
from ...tikal.analysis import ACTIONS, SPECS, VOLCANO

TURN, SCORE = 0, 1


def upcoming(s) -> list:
    """Tiles still to come, in the order the approximation draws them."""
    return list(s.revealed) + list(s.stack) if s.variant == "auction" else list(s.stack)


class VolcanoSamples:
    """Where the volcanoes lie among the upcoming tiles, in ``k`` sampled orders."""

    def __init__(self, view: dict, rng, k: int):
        self.positions = []
        self.length = None
        for _ in range(k):
            s = sample_state(view, rng).s
            up = upcoming(s)
            self.length = len(up)
            self.positions.append(tuple(i for i, t in enumerate(up) if SPECS[t].kind == VOLCANO))


def sequence(s, pending: bool, volcanoes: set) -> list:
    """The AP phases and scorings from position ``s`` on: ``[(TURN|SCORE, seat), ...]``.

    ``volcanoes``: indices (into ``upcoming(s)``) of the volcano tiles. ``pending``: the current
    AP phase of ``s.seat`` is still to be played (else it counts as done)."""
    n = s.n
    ev: list = []
    cur = s.seat
    sc = s.scoring
    last = cur if s.last_placer is None else s.last_placer
    if sc is not None:
        after = _rest_of_scoring(s, pending, ev)
        if after is None:
            return ev
        last, p = after
    else:
        if s.phase != ACTIONS or pending:
            ev.append((TURN, cur))
        last, p = cur, (cur + 1) % n
    for i in range(len(upcoming(s))):
        if i in volcanoes:
            _scoring_round(ev, p, n)
        ev.append((TURN, p))
        last, p = p, (p + 1) % n
    _scoring_round(ev, last + 1, n)
    return ev


def _rest_of_scoring(s, pending: bool, ev: list) -> tuple | None:
    """The events of the scoring round under way in ``s`` (appended to ``ev``); then, after a
    volcano scoring, ``(last, p)``: the seat that drew the volcano (its AP phase follows) and the
    next to place; None after the final one."""
    cur, sc = s.seat, s.scoring
    if pending:
        ev.append((TURN, cur))
    ev.append((SCORE, cur))
    for p in sc["order"][sc["index"] + 1:]:
        ev.append((TURN, p))
        ev.append((SCORE, p))
    if sc["kind"] != "volcano":
        return None
    drawer = s.volcano[1] if s.volcano is not None else cur
    ev.append((TURN, drawer))
    return drawer, (drawer + 1) % s.n


def _scoring_round(ev: list, first: int, n: int) -> None:
    """A scoring round from seat ``first`` on: each seat's AP phase, then its scoring."""
    for j in range(n):
        q = (first + j) % n
        ev.append((TURN, q))
        ev.append((SCORE, q))


def _divided(total: list, k: int) -> list:
    """A matrix of sums as the means over ``k`` samples."""
    return [[x / k for x in row] for row in total]


def _add_into(total: list, rows: list) -> None:
    """Add a matrix into ``total``, cell by cell."""
    for row, add in zip(total, rows):
        for q, x in enumerate(add):
            row[q] += x


def budgets(ev: list, n: int) -> tuple:
    """(turns[p][q], scorings[p]) of one event sequence."""
    turns, _, scorings = budgets_to_last(ev, n)
    return turns, scorings


def budgets_to_last(ev: list, n: int) -> tuple:
    """(turns[p][q] before ``p``'s next scoring, last[p][q] before ``p``'s last scoring,
    scorings[p]) of one event sequence."""
    turns = [[0] * n for _ in range(n)]
    last = [[0] * n for _ in range(n)]
    done = [False] * n
    scorings = [0] * n
    seen = [0] * n
    for what, q in ev:
        if what == TURN:
            seen[q] += 1
        else:
            scorings[q] += 1
            last[q] = list(seen)
            if not done[q]:
                done[q] = True
                turns[q] = list(seen)
    return turns, last, scorings


class Schedule:
    """Per position: averaged ``turns`` and ``scorings`` over the volcano samples, and the AP
    phases before each seat's last scoring (``to_last``), memoised."""

    def __init__(self, samples: VolcanoSamples):
        self.samples = samples
        self._memo: dict = {}

    def of(self, s, pending: bool) -> tuple:
        """(turns[p][q] before ``p``'s next scoring, scorings[p])."""
        return self._get(s, pending)[:2]

    def to_last(self, s, pending: bool) -> list:
        """turns[p][q]: AP phases of ``q`` before ``p``'s last scoring (averaged)."""
        return self._get(s, pending)[2]

    def _get(self, s, pending: bool) -> tuple:
        sc = s.scoring
        up = len(s.revealed) + len(s.stack) if s.variant == "auction" else len(s.stack)
        key = (s.seat, s.phase, pending, up, None if sc is None else (sc["kind"], sc["index"]),
               s.last_placer)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._compute(s, pending, up)
        return got

    def _compute(self, s, pending: bool, up: int) -> tuple:
        n = s.n
        shift = (self.samples.length or 0) - up
        total = [[0.0] * n for _ in range(n)]
        total_last = [[0.0] * n for _ in range(n)]
        scorings = None
        k = len(self.samples.positions)
        for pos in self.samples.positions:
            ev = sequence(s, pending, {i - shift for i in pos if i >= shift})
            turns, last, sc = budgets_to_last(ev, n)
            _add_into(total, turns)
            _add_into(total_last, last)
            if scorings is None or sum(sc) < sum(scorings):
                scorings = sc
        return _divided(total, k), scorings, _divided(total_last, k)
