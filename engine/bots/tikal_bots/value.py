"""What a Tikal position is worth to a seat: the greedy bot's simple value and the strong bot's
projection.

Both read a (determinized) engine state ``s`` (``TikalGame.s``): only its public parts matter to
them, except the treasures a plan digs, which are replaced by their expectation over the tokens the
seat has not seen (``Treasures``), so a value never depends on hidden information.

Units are points. A value is the seat's own worth minus a mix of the other seats' worth (the mean
and the best of them), so taking points from a rival counts too.
"""
from __future__ import annotations

from math import exp

from ...tikal.analysis import BASE_HEX, SET_POINTS, TREASURE_COPIES, TREASURE_KINDS, distance
from .geo import LEADER, WORKER, entries, reach, units


def set_points(held) -> int:
    """T-V3: 1, 3, 6 points for one, two, three treasures of a kind."""
    return sum(SET_POINTS[c] for c in held)


class Treasures:
    """The tokens a seat has not seen (nobody holds them: face down on the board or in the
    supply), and the expected set points of holdings that include tokens still to be dug."""

    def __init__(self, view: dict):
        held = [0] * TREASURE_KINDS
        for kinds in view["held"].values():
            for k in kinds:
                held[k] += 1
        self.unknown = tuple(TREASURE_COPIES - c for c in held)
        self._memo: dict = {}

    def expected(self, held, digs: int) -> float:
        """E[set points] of ``held`` plus ``digs`` tokens drawn from the unseen ones."""
        if digs <= 0:
            return set_points(held)
        key = (tuple(held), digs)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = self._expect(list(held), list(self.unknown), digs)
        return got

    def _expect(self, held: list, unknown: list, digs: int) -> float:
        total = sum(u for k, u in enumerate(unknown) if held[k] < TREASURE_COPIES)
        if digs == 0 or total == 0:
            return set_points(held)
        v = 0.0
        for k, u in enumerate(unknown):
            if u and held[k] < TREASURE_COPIES:
                held[k] += 1
                unknown[k] -= 1
                v += u / total * self._expect(held, unknown, digs - 1)
                held[k] -= 1
                unknown[k] += 1
        return v

    def gain(self, held) -> float:
        """Expected set points one more dug token adds to ``held``."""
        return self.expected(held, 1) - set_points(held)


def held_base(s, seat: int, dug: tuple) -> list:
    """``seat``'s holdings without the tokens a plan dug in a determinized state."""
    held = list(s.held[seat])
    for k in dug:
        held[k] -= 1
    return held


def combine(worth: list, me: int, w_max: float) -> float:
    others = [w for p, w in enumerate(worth) if p != me]
    if not others:
        return worth[me]
    return worth[me] - (1 - w_max) * sum(others) / len(others) - w_max * max(others)


# --- the greedy bot's value -----------------------------------------------------------------------
#: Simple heuristics of the greedy bot, in points.
SIMPLE = {
    "guard": 0.5,        # a guarded temple is kept for good: extra per point of its value
    "dig": 0.6,          # per token an own figure could dig next (up to 2 per hex)
    "camp": 0.5,         # per own camp, per hex of distance from the base camp beyond the first
    "figure": 0.15,      # per own figure on the board
    "presence": 0.5,     # per point of value of a temple, times the own share of its strength
    "w_max": 0.5,
}


def simple_value(s, me: int, treasures: Treasures, dug: tuple = (), k=SIMPLE) -> float:
    """The points each seat would score now (temples held, guarded temples, treasure sets) plus
    simple terms for what it could do next; ``me``'s worth minus its rivals'."""
    n = s.n
    level, guards, figs = s.level, s.guards, s.figs
    worth = [0.0] * n
    for p in range(n):
        if p == me and dug:
            worth[p] = treasures.expected(held_base(s, p, dug), len(dug))
        else:
            worth[p] = set_points(s.held[p])
    for h, (owner, _) in guards.items():
        worth[owner] += level[h] * (1 + k["guard"])
    for h, v in level.items():
        if h not in guards:
            _simple_temple(worth, figs, h, v, k["presence"])
    _simple_digs(worth, s, k["dig"])
    for h, owner in s.camps.items():
        worth[owner] += k["camp"] * max(0, distance(h, BASE_HEX) - 1)
    for p in range(n):
        worth[p] += k["figure"] * sum(w + l for w, l in figs[p].values())
    return combine(worth, me, k["w_max"])


def _simple_temple(worth: list, figs: list, h: tuple, v: int, presence: float) -> None:
    """An unguarded temple in ``simple_value``: its value to the seat with the majority (T-V3),
    and to each seat on it its share of the strength there (the 2 of ``total``: a small share
    is not all of it)."""
    best, who, tie, total = 0, None, False, 2
    sts = []
    for p, mine in enumerate(figs):
        x = mine.get(h)
        if x is None:
            continue
        st = x[0] * WORKER + x[1] * LEADER
        sts.append((p, st))
        total += st
        if st > best:
            best, who, tie = st, p, False
        elif st == best:
            tie = True
    if who is not None and not tie:
        worth[who] += v
    for p, st in sts:
        worth[p] += presence * v * st / total


def _simple_digs(worth: list, s, dig: float) -> None:
    """Per treasure hex, each seat with figures on it: the tokens they could dig (two a turn)."""
    figs = s.figs
    for h, toks in s.treasures.items():
        if toks:
            for p in range(s.n):
                x = figs[p].get(h)
                if x is not None:
                    worth[p] += dig * min(len(toks), x[0] + x[1], 2)


# --- the strong bot's projection ------------------------------------------------------------------
#: The first weights of the strong bot's projection (points, see ``Evaluator``), tuned by
#: self-play against the greedy bot, before the terms for what a watching player saw it throw
#: away. Kept as the named set ``"hard_first"``: the habit tests (tests/test_tikal_bot_habits.py)
#: show those habits on it; the terms it lacks are 0.
HARD_FIRST = {
    "self": 0.4,         # share of its own reachable strength a seat will bring to defend
    "attack": 0.5,       # share of a rival's reachable strength it will bring to attack
    "tau": 1.0,          # softness of the hold probability (strength units)
    "later": 0.25,       # weight of a temple held now in each scoring after the next one
    "dig": 0.5,          # per token an own figure could dig, times its expected gain, per scoring
    "cap": 2.0,          # at most this many AP phases of reach count
    "leader": 1.0,       # the leader still in play (board or supply), per scoring left
    "worker": 0.0,       # per worker still in play (board or supply), per scoring left
    "w_max": 0.5,
    # the terms for the four habits (0: the previous valuation)
    "guard_option": 0.0,  # per guard a seat has left (T-A8e), per scoring left after the next
    "deploy": 0.0,       # per own figure on the board (not in supply), per scoring after the next
    "gift": 0.0,         # per level uncovered this turn on a temple a rival leads or ties (T-A4)
    "shape": 0.0,        # a seat scoring now (exact majorities): per point of a temple, times the
                         # soft hold of its strength there (a step towards a majority counts)
    "keep_leader": 0,    # 1: the leader, not a worker, stands guard where it is (search.macro_actions)
    "safe": 0.0,         # a temple no rival can take before a seat's last scoring is worth its value at
                         # every scoring left (times the soft hold against all they can bring by then)
    "safe_cap": 4.0,     # at most this many AP phases of a rival count towards that reach
    "claim": 0,          # 1: bringing a figure in and walking it onto a temple is one step of the search
    "finish": 0.0,       # share of a plan's budget kept to go on with its best line (search.beam_plan)
}

#: The previous strong bot's weights (named ``"hard_prev"``, kept so that
#: ``benchmarks/bots_bench.py`` measures the current bot against it): the first ones plus the
#: terms that price what a watching player saw it throw away: a guard spent on a cheap temple early
#: (``guard_option``, the worker figures a guard sends out of the game: ``worker``), its leader sent
#: out by a guard (``leader``), figures left in the supply on a scoring turn (``deploy``, ``shape``)
#: and levels uncovered for a rival (``gift``). Checked by one bot against three bots of the first
#: set, 48 games per change (``bots_bench.py --seed 11 --weights``; parity 0.25): these 0.48;
#: guard_option 3: 0.46; leader 1: 0.45; gift 3 with shape 0.5: 0.44; deploy 0.05 with worker 0.15:
#: 0.52 (but a cheap guard again); deploy 0.3 with worker 0.5: 0.29. Then ``claim`` (the search
#: brings a figure in and walks it onto a temple in one step: it found no free temple to claim
#: where guarding an uncontested one was worse, tests/test_tikal_coach.py) and ``safe`` (a temple
#: no rival can reach before the last scoring counts at every scoring left, where ``later``
#: discounted the later ones and so overpriced guards on uncontested temples): 0.58 on the same 48
#: games.
HARD_PREV = {
    **HARD_FIRST,
    "leader": 2.0,
    "worker": 0.3,
    "guard_option": 2.0,
    "deploy": 0.1,
    "gift": 1.5,
    "shape": 0.3,
    "keep_leader": 1,
    "safe": 1.0,
    "claim": 1,
}

#: The strong bot's weights: the previous ones, and a fifth of each plan's work kept to go on with
#: its best line while a step gains (``finish``, ``search.beam_plan``): the beam's work ran out
#: before its lines had spent their AP, and the previous bot ended 4.6 % of its normal AP phases
#: with 3 AP or more unspent while figures waited in its supply.
HARD = {
    **HARD_PREV,
    "finish": 0.2,
}

#: Named parameter sets of the strong bot (``TikalHardBot(params=...)``).
PARAMS = {"hard": HARD, "hard_prev": HARD_PREV, "hard_first": HARD_FIRST}


def _tenths(turns: list, cap: float) -> list:
    """AP phases as whole tenths (the memo's budgets), at most ``cap`` phases."""
    return [[int(round(10 * min(x, cap))) for x in row] for row in turns]


def _needed(need: dict, rows) -> None:
    """Add each seat's budgets above 0 in ``rows`` to ``need`` (seat -> budgets)."""
    for row in rows:
        for q, b in enumerate(row):
            if b > 0:
                need.setdefault(q, set()).add(b)


def _strengths(figs: list, h: tuple) -> list:
    """T-L1: each seat's strength on hex ``h``."""
    st = [0] * len(figs)
    for p, mine in enumerate(figs):
        x = mine.get(h)
        if x is not None:
            st[p] = x[0] * WORKER + x[1] * LEADER
    return st


def _held_later(st: list, rl, p: int, i: int, k: dict) -> float:
    """``safe`` x the soft hold of seat ``p``'s strength on temple ``i`` against everything each
    rival can bring before ``p``'s last scoring (``rl``: those reach rows; 0 without them or
    with nothing of ``p``'s there)."""
    if rl is None or not (st[p] or rl[p][i]):
        return 0.0
    rival = max(st[q] + rl[q][i] for q in range(len(st)) if q != p)
    return k["safe"] * _sigmoid((st[p] + k["self"] * rl[p][i] - rival - 0.5) / k["tau"])


def _exact_hold(worth: list, st: list, p: int, v: int, held_later: float, scorings: int, k: dict) -> None:
    """A temple when nobody acts before ``p`` scores: the exact majority (T-V3), plus ``shape``
    x the soft hold of ``p``'s strength now."""
    n = len(st)
    if st[p] and all(st[p] > st[q] for q in range(n) if q != p):
        worth[p] += v * (1 + max(k["later"], held_later) * (scorings - 1))
    shape = k["shape"]
    if shape and st[p]:
        thr = float(max(st[q] for q in range(n) if q != p))
        worth[p] += shape * v * _sigmoid((st[p] - thr - 0.5) / k["tau"])


def _threat(st: list, row: list, p: int, i: int, attack: float) -> float:
    """The strongest rival's strength on temple ``i`` with ``attack`` x what it can bring (at
    least 0)."""
    thr = 0.0
    for q in range(len(st)):
        if q != p:
            t = st[q] + attack * row[q][i]
            if t > thr:
                thr = t
    return thr


def _row(reach_by: list, budgets: list, zero: list) -> list:
    """Every seat's reach vector at its budget in ``budgets`` (``zero`` for none)."""
    return [reach_by[q].get(b, zero) if b > 0 else zero for q, b in enumerate(budgets)]


def _reach_rows(reach_by: list, ap: list, exact: list, scorings: list, zero: list) -> list:
    """Per seat p: None without a scoring left, () where the majority at its next scoring is
    exact (nobody acts before), else the row of every seat's reach at p's budgets."""
    rows: list[tuple | list | None] = []
    for p, budgets in enumerate(ap):
        if not scorings[p]:
            rows.append(None)
        elif exact[p]:
            rows.append(())
        else:
            rows.append(_row(reach_by, budgets, zero))
    return rows


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + exp(-x))


class Evaluator:
    """The strong bot's value of a position: each seat's projected points.

    ``projected[p]`` = score + set points x scorings left + guarded temples' values x scorings
    left + for every other temple its value x P(p holds it when p next scores) x (1 + later x
    (scorings left - 1)) + dig potential + figures still in play (the leader, workers) x scorings
    left. P compares, at ``p``'s next scoring, ``p``'s strength
    plus a share of what it can still bring (its AP phases before it scores, by the sampled
    volcano timing) with each rival's strength plus a share of what that rival can bring before
    then; when nobody acts before ``p`` scores it is the exact majority (T-V3), plus ``shape`` x
    the soft hold of its strength now (a step towards a majority is worth something before the
    majority itself, and for the scorings after this one).

    The habit terms (0 in ``HARD_FIRST``): per scoring left after the next one, ``guard_option``
    per guard a seat still has (T-A8e: spending one early on a cheap temple costs the later use)
    and ``deploy`` per own figure on the board rather than in the supply (an AP phase spent
    bringing figures in is not wasted); ``worker`` prices the workers a guard sends out of the
    game (T-A8b), and ``gift`` is taken off ``me`` per level it uncovered this turn on an
    unguarded temple where a rival's strength equals or beats its own at the end of the turn
    (T-A4: the level would score for that rival, or for nobody on a tie).

    ``safe`` (0 in ``HARD_FIRST``): a held temple counts at each scoring after the next by the larger
    of ``later`` x P and the soft hold of its strength against everything each rival can bring
    before the seat's last scoring (all of it, up to ``safe_cap`` AP phases): a temple nobody can
    reach is as good as guarded, so a guard is priced against what rivals can actually reach."""

    def __init__(self, me: int, boards, schedule, treasures: Treasures, k=HARD):
        self.me = me
        self.boards = boards
        self.schedule = schedule
        self.treasures = treasures
        self.k = k
        self._memo: dict = {}
        self._plans: dict = {}

    def _reach(self, s, geo, q: int, budgets, temples: tuple) -> dict:
        """{budget: [strength ``q`` brings to each temple with that many AP]}; memoised on what
        it depends on (the board, ``q``'s figures, supply and camps): rivals' figures do not move
        while ``me`` plans, and ``me``'s come back to the same places on many lines of a plan."""
        key = (geo, q, tuple(sorted(s.figs[q].items())), tuple(s.supply[q]), s.own_camps[q])
        memo = self._memo.get(key)
        if memo is None:
            if len(self._memo) > 4096:
                self._memo.clear()
            memo = self._memo[key] = {}
        missing = [b for b in budgets if b not in memo]
        if missing:
            ents = entries(s, q)
            us = [units(s, geo, q, h, ents) for h in temples]
            for b in missing:
                memo[b] = [reach(u, b) for u in us]
        return memo

    def _budgets(self, turns: list, last: list | None) -> tuple:
        """(ap[p][q] capped, exact[p], {q: needed budgets}, ap_last[p][q] or None) for a
        schedule's turns before each seat's next and (``last``, when the ``safe`` term is on)
        last scoring (memoised)."""
        got = self._plans.get(id(turns))
        if got is None or got[0] is not turns:
            ap = _tenths(turns, self.k["cap"])
            exact = [not any(row) for row in ap]
            need: dict[int, set[int]] = {}
            _needed(need, (row for p, row in enumerate(ap) if not exact[p]))
            ap_last = None
            if last is not None:
                ap_last = _tenths(last, self.k["safe_cap"])
                _needed(need, ap_last)
            got = self._plans[id(turns)] = (turns, ap, exact,
                                            {q: tuple(sorted(bs)) for q, bs in need.items()},
                                            ap_last)
        return got[1:]

    def value(self, s, pending: bool = False, dug: tuple = ()) -> float:
        k = self.k
        me, n = self.me, s.n
        turns, scorings = self.schedule.of(s, pending)
        safe = k["safe"]
        ap, exact, need, ap_last = self._budgets(
            turns, self.schedule.to_last(s, pending) if safe else None)
        geo = self.boards.geo(s)
        worth = self._held_worth(s, dug, scorings)
        temples = tuple(s.level)
        reach_by = [self._reach(s, geo, q, need[q], temples) if q in need else {}
                    for q in range(n)]
        zero = [0] * len(temples)
        rows = _reach_rows(reach_by, ap, exact, scorings, zero)
        # per seat p with scorings after the next: what every q can bring before p's last one
        rows_last = [_row(reach_by, ap_last[p], zero) if ap_last is not None and scorings[p] > 1 else None
                     for p in range(n)]
        self._temples_worth(worth, s, temples, rows, rows_last, scorings)
        self._figures_worth(worth, s, scorings)
        if k["gift"] and s.seat == me and s.uncovered:
            self._gifts(worth, s)
        self._digs_worth(worth, s, dug, scorings)
        return combine(worth, me, k["w_max"])

    def _held_worth(self, s, dug: tuple, scorings: list) -> list:
        """Each seat's score, its sets x scorings left (``me``'s by the expectation of what it
        dug), its guarded temples x scorings left."""
        me, tr = self.me, self.treasures
        worth = [0.0] * s.n
        for p in range(s.n):
            held = held_base(s, p, dug) if p == me and dug else s.held[p]
            sp = tr.expected(held, len(dug)) if p == me and dug else set_points(held)
            worth[p] = s.scores[p] + scorings[p] * sp
        for h, (owner, _) in s.guards.items():
            worth[owner] += s.level[h] * scorings[owner]
        return worth

    def _temples_worth(self, worth: list, s, temples: tuple, rows: list, rows_last: list,
                       scorings: list) -> None:
        """Every unguarded temple's value x P(the seat holds it when it next scores) x (1 + the
        later scorings), seat by seat (see the class's doc)."""
        k = self.k
        selfw, attack, tau, later = k["self"], k["attack"], k["tau"], k["later"]
        for i, h in enumerate(temples):
            if h in s.guards:
                continue
            v = s.level[h]
            st = _strengths(s.figs, h)
            for p, row in enumerate(rows):
                if row is None:
                    continue
                # P(nobody takes it before p's last scoring), soft
                held_later = _held_later(st, rows_last[p], p, i, k)
                if not row:
                    _exact_hold(worth, st, p, v, held_later, scorings[p], k)
                    continue
                own = st[p] + selfw * row[p][i]
                if own <= 0:
                    continue
                hold = _sigmoid((own - _threat(st, row, p, i, attack) - 0.5) / tau)
                worth[p] += v * (hold + max(later * hold, held_later) * (scorings[p] - 1))

    def _figures_worth(self, worth: list, s, scorings: list) -> None:
        """The figures still in play (leader, workers) x scorings left; per scoring after the
        next, the figures deployed and the guards left (the habit terms)."""
        k = self.k
        lw, ww, dw, gopt = k["leader"], k["worker"], k["deploy"], k["guard_option"]
        if not (lw or ww or dw or gopt):
            return
        for p in range(s.n):
            sw, sl = s.supply[p]
            w = l = 0
            for x in s.figs[p].values():
                w, l = w + x[0], l + x[1]
            after = max(0, scorings[p] - 1)
            worth[p] += ((lw * (l + sl) + ww * (w + sw)) * scorings[p]
                         + (dw * (w + l) + gopt * s.guards_left(p)) * after)

    def _gifts(self, worth: list, s) -> None:
        """``gift`` off ``me`` per level it uncovered this turn on an unguarded temple where a
        rival's strength equals or beats its own."""
        me, figs, gift = self.me, s.figs, self.k["gift"]
        mine = figs[me]
        for h, count in s.uncovered.items():
            if h in s.guards:             # guarded since (T-A8d): by me, this turn
                continue
            x = mine.get(h)
            own = 0 if x is None else x[0] * WORKER + x[1] * LEADER
            if any((f[h][0] * WORKER + f[h][1] * LEADER) >= own for q, f in enumerate(figs)
                   if q != me and h in f):
                worth[me] -= gift * count

    def _digs_worth(self, worth: list, s, dug: tuple, scorings: list) -> None:
        """Dig potential: per treasure hex, each seat with figures there and scorings left, the
        tokens it could dig x their expected gain x scorings left."""
        me, tr, digw = self.me, self.treasures, self.k["dig"]
        for h, toks in s.treasures.items():
            if toks:
                for p in range(s.n):
                    x = s.figs[p].get(h)
                    if x is not None and scorings[p]:
                        m = min(len(toks), x[0] + x[1], 2)
                        held = held_base(s, p, dug) if p == me and dug else s.held[p]
                        worth[p] += digw * m * tr.gain(held) * scorings[p]
