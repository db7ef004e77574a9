"""The actions of an AP phase (T-A1..T-A8), each paid in AP.

Each action has a ``*_refusal`` function (None, or ``(reason, rule)``: why it is refused and the
rule that refuses it) used both by ``apply`` and by ``legal``, and a function that carries it out
once checked.
Figures on a hex are stored per seat as ``(workers, leader)``; T-L1 (the leader counts as one
figure for everything but strength) shows in ``count``.
"""
from __future__ import annotations

from ..errors import IllegalAction
from . import catalog
from .board import BASE_HEX
from .movement import path_cost
from .scoring import majority
from .state import State
from .tiles import JUNGLE, MAX_LEVEL, TREASURE

COST = {"enter": 1, "transfer": 1, "uncover": 2, "dig": 3, "exchange": 3, "camp": 5, "guard": 5}
FIGURES = ("worker", "leader")
_SLOT = {"worker": 0, "leader": 1}


# --- figures -------------------------------------------------------------------------------------
def count(s: State, seat: int, h: tuple) -> int:
    """T-L1: own figures on ``h`` for T-A4b/T-A5b: the leader is one figure like a worker."""
    w, l = s.figs[seat].get(h, (0, 0))
    return w + l


def has(s: State, seat: int, h: tuple, fig: str) -> bool:
    return s.figs[seat].get(h, (0, 0))[_SLOT[fig]] > 0


def _add(s: State, seat: int, h: tuple, fig: str, delta: int) -> None:
    figs = s.figs[seat]
    w, l = figs.get(h, (0, 0))
    if fig == "worker":
        w += delta
    else:
        l += delta
    if w or l:
        figs[h] = (w, l)
    else:
        del figs[h]


def _pay(s: State, what: str) -> None:
    s.ap -= COST[what]


def camp_hexes(s: State, seat: int) -> tuple:
    """T-A1/T-A2: the base camp and the player's own camps, in board order."""
    return (BASE_HEX,) + s.own_camps[seat]


# --- T-A1 bring a figure in ----------------------------------------------------------------------
def enter_refusal(s: State, seat: int, fig: str, h: tuple):
    if h != BASE_HEX and s.camps.get(h) != seat:
        return ("figures come in only at the base camp or an own camp", "T-A1")
    if not s.supply[seat][_SLOT[fig]]:
        return (f"no {fig} left in your supply", "T-A1")
    if s.ap < COST["enter"]:
        return ("bringing a figure in costs 1 AP", "T-A1")
    return None


def enter(s: State, seat: int, fig: str, h: tuple, events: list) -> None:
    s.supply[seat][_SLOT[fig]] -= 1
    _add(s, seat, h, fig, 1)
    _pay(s, "enter")
    events.append({"type": "figure_entered", "seat": seat, "figure": fig, "hex": list(h),
                   "cost": COST["enter"], "ap": s.ap})


# --- T-A2 camp to camp ---------------------------------------------------------------------------
def transfer_refusal(s: State, seat: int, fig: str, a: tuple, b: tuple):
    camps = camp_hexes(s, seat)
    if a == b or a not in camps or b not in camps:
        return ("figures jump only between the base camp and own camps", "T-A2")
    if not has(s, seat, a, fig):
        return (f"you have no {fig} there", "T-A2")
    if s.ap < COST["transfer"]:
        return ("moving camp to camp costs 1 AP", "T-A2")
    return None


def transfer(s: State, seat: int, fig: str, a: tuple, b: tuple, events: list) -> None:
    _add(s, seat, a, fig, -1)
    _add(s, seat, b, fig, 1)
    _pay(s, "transfer")
    events.append({"type": "figure_transferred", "seat": seat, "figure": fig, "from": list(a),
                   "to": list(b), "cost": COST["transfer"], "ap": s.ap})


# --- T-A3 walk -----------------------------------------------------------------------------------
def move_cost(s: State, seat: int, fig: str, path: list) -> int:
    """The cost of walking ``fig`` along ``path`` (hex tuples), or IllegalAction."""
    if not has(s, seat, path[0], fig):
        raise IllegalAction(f"you have no {fig} where the walk starts", "T-A3")
    cost = path_cost(s, path)
    if cost > s.ap:
        raise IllegalAction(f"the walk costs {cost} AP, you have {s.ap}; a crossing is paid "
                            "whole within the turn", "T-M3")
    return cost


def move(s: State, seat: int, fig: str, path: list, cost: int, events: list) -> None:
    _add(s, seat, path[0], fig, -1)
    _add(s, seat, path[-1], fig, 1)
    s.ap -= cost
    events.append({"type": "figure_moved", "seat": seat, "figure": fig,
                   "path": [list(h) for h in path], "cost": cost, "ap": s.ap})


# --- T-A4 uncover a temple level -----------------------------------------------------------------
#: Why a temple level (T-A4a, T-A4b) or a treasure (T-A5a, T-A5b) cannot be taken: no own figure
#: there, two taken there this turn, as many taken as own figures there.
_UNCOVER_LIMITS = (("you need a figure on the temple", "T-A4a"),
                   ("at most 2 levels per temple per turn", "T-A4b"),
                   ("no more levels on a temple per turn than own figures there", "T-A4b"))
_DIG_LIMITS = (("you need a figure on the treasure hex", "T-A5a"),
               ("at most 2 treasures from one hex per turn", "T-A5b"),
               ("no more treasures from a hex per turn than own figures there", "T-A5b"))


def _per_turn_refusal(figs: int, done: int, limits: tuple):
    """One of ``limits`` when ``figs`` own figures on a hex cannot take one more there after
    ``done`` this turn (at most 2, at most one per figure); else None."""
    if not figs:
        return limits[0]
    if done >= 2:
        return limits[1]
    if done >= figs:
        return limits[2]
    return None


def uncover_refusal(s: State, seat: int, h: tuple):
    if h not in s.level:
        return ("that hex is not a temple", "T-A4")
    if h in s.guards:
        return ("a guarded temple is never uncovered again", "T-A8d")
    refused = _per_turn_refusal(count(s, seat, h), s.uncovered.get(h, 0), _UNCOVER_LIMITS)
    if refused:
        return refused
    nxt = s.level[h] + 1
    if nxt > MAX_LEVEL or not s.levels_left[nxt]:
        return ("no level token of the next value is left", "T-A4c")
    if s.ap < COST["uncover"]:
        return ("uncovering a level costs 2 AP", "T-A4")
    return None


def uncover(s: State, seat: int, h: tuple, events: list) -> None:
    value = s.level[h] + 1          # T-A4c: exactly one above, never skipping
    s.levels_left[value] -= 1
    s.level[h] = value
    s.uncovered[h] = s.uncovered.get(h, 0) + 1
    _pay(s, "uncover")
    events.append({"type": "level_uncovered", "seat": seat, "hex": list(h), "value": value,
                   "cost": COST["uncover"], "ap": s.ap})


# --- T-A5 dig a treasure -------------------------------------------------------------------------
def dig_refusal(s: State, seat: int, h: tuple):
    if h not in s.treasures:
        return ("that hex is not a treasure hex", "T-A5")
    if not s.treasures[h]:
        return ("no treasure is left on this hex", "T-A5a")
    refused = _per_turn_refusal(count(s, seat, h), s.dug.get(h, 0), _DIG_LIMITS)
    if refused:
        return refused
    if s.ap < COST["dig"]:
        return ("digging costs 3 AP", "T-A5")
    return None


def dig(s: State, seat: int, h: tuple, events: list) -> None:
    kind, *rest = s.treasures[h]        # T-A5c: the top token, shown to everybody
    s.treasures[h] = tuple(rest)
    if not rest:
        refresh_camp_sites(s)       # an emptied treasure hex may take a camp (T-A7a)
    s.held[seat][kind] += 1
    s.dug[h] = s.dug.get(h, 0) + 1
    _pay(s, "dig")
    events.append({"type": "treasure_dug", "seat": seat, "hex": list(h), "kind": kind,
                   "left": len(rest), "reveal": True, "cost": COST["dig"], "ap": s.ap})


# --- T-A6 exchange -------------------------------------------------------------------------------
def singles(counts: list) -> list:
    """T-A6b: the kinds held exactly once (only singles change hands)."""
    return [k for k, c in enumerate(counts) if c == 1]


def exchange_refusal(s: State, seat: int, give: int, take: int, other: int):
    if other == seat or not 0 <= other < s.n:
        return ("exchange with another player", "T-A6a")
    if give == take:
        return ("take a treasure of another kind than the one you give", "T-A6a")
    mine, theirs = s.held[seat][give], s.held[other][take]
    if not mine:
        return ("you hold no treasure of the kind you would give", "T-A6a")
    if not theirs:
        return ("the other player holds no treasure of the kind you would take", "T-A6a")
    if mine != 1 or theirs != 1:
        return ("only singles change hands; pairs and triples are never split",
                             "T-A6b")
    if s.ap < COST["exchange"]:
        return ("each exchange costs 3 AP", "T-A6c")
    return None


def exchange(s: State, seat: int, give: int, take: int, other: int, events: list) -> None:
    s.held[seat][give] -= 1
    s.held[other][give] += 1
    s.held[other][take] -= 1
    s.held[seat][take] += 1
    _pay(s, "exchange")
    events.append({"type": "exchange", "seat": seat, "with": other, "give": give, "take": take,
                   "cost": COST["exchange"], "ap": s.ap})


# --- T-A7 build a camp ---------------------------------------------------------------------------
def refresh_camp_sites(s: State) -> None:
    """T-A7a: the hexes that may take a camp now: jungle hexes and treasure hexes with no tokens
    left (never the base camp, a temple or a volcano), without a camp, in board order. Kept in
    ``s.camp_sites``; called whenever one of those facts changes (a tile placed, a treasure hex
    emptied, a camp built)."""
    camps, treasures = s.camps, s.treasures
    s.camp_sites = tuple(sorted(h for h, k in s.kind.items() if h not in camps and (
        k == JUNGLE or (k == TREASURE and not treasures[h]))))


def camp_refusal(s: State, seat: int, h: tuple):
    if h not in s.camp_sites:
        return ("a camp goes on a jungle hex or an emptied treasure hex without a "
                             "camp", "T-A7a")
    if s.camps_left(seat) <= 0:
        return ("at most 2 camps per player per game", "T-A7c")
    if s.ap < COST["camp"]:
        return ("building a camp costs 5 AP", "T-A7")
    return None


def camp(s: State, seat: int, h: tuple, events: list) -> None:
    s.add_camp(seat, h)             # T-A7b: nobody needs to stand there
    refresh_camp_sites(s)
    _pay(s, "camp")
    events.append({"type": "camp_built", "seat": seat, "hex": list(h), "cost": COST["camp"],
                   "ap": s.ap})


# --- T-A8 place a guard --------------------------------------------------------------------------
def guard_refusal(s: State, seat: int, h: tuple, fig: str):
    if not has(s, seat, h, fig) and h in s.level and h not in s.guards:
        return (f"you have no {fig} on the temple to stand guard", "T-A8b")
    return guard_hex_refusal(s, seat, h)


def guard_hex_refusal(s: State, seat: int, h: tuple):
    """Why ``seat`` may not put a guard on ``h`` whichever own figure stands there."""
    if h not in s.level:
        return ("that hex is not a temple", "T-A8")
    if h in s.guards:
        return ("a temple has at most one guard", "T-A8e")
    if s.guards_left(seat) <= 0:
        return ("at most 2 guarded temples per player per game", "T-A8e")
    if s.ap < COST["guard"]:
        return ("placing a guard costs 5 AP", "T-A8")
    if majority(s, h) != seat:
        return ("you need a majority of strength on the temple", "T-A8a")
    return None


def guard(s: State, seat: int, h: tuple, fig: str, events: list) -> None:
    w, l = s.figs[seat].pop(h)
    if fig == "worker":
        w -= 1
    else:
        l -= 1
    # T-A8b: the player's other figures on the hex leave the game for good.
    s.out[seat][0] += w
    s.out[seat][1] += l
    s.add_guard(seat, h, fig)      # T-A8c: the guard never moves or leaves
    _pay(s, "guard")
    events.append({"type": "guard_placed", "seat": seat, "hex": list(h), "figure": fig,
                   "left_game": {"workers": w, "leader": bool(l)}, "cost": COST["guard"],
                   "ap": s.ap})


# --- the parts of ``legal``, each in its order ---------------------------------------------------
def _entries(camps: tuple, supply: list, add) -> None:
    """T-A1: the supply's worker, then its leader, onto each own camp (the base camp first)."""
    w, l = supply
    for h in camps:
        if w:
            add(catalog.ENTER[h][0])
        if l:
            add(catalog.ENTER[h][1])


def _transfers(camps: tuple, my: dict, add) -> None:
    """T-A2: each figure on a camp to each other own camp."""
    for a in camps:
        fw = my.get(a)
        if fw:
            for fig, n in zip(FIGURES, fw):
                if n:
                    for b in camps:
                        if b != a:
                            add(catalog.TRANSFER[fig, a, b])


def _own_hex_actions(s: State, seat: int, h: tuple, figs: tuple, guards_ok: bool, add) -> None:
    """From an own hex: its single steps within the AP (T-A3), a worker's then the leader's;
    then what the hex offers: a temple's level and guard, a treasure to dig (T-A5)."""
    w, l = figs
    ap = s.ap
    for cost, worker_move, leader_move in s.steps[h]:
        if cost <= ap:
            if w:
                add(worker_move)
            if l:
                add(leader_move)
    if h in s.level:
        _temple_actions(s, seat, h, w, l, guards_ok, add)
    elif ap >= COST["dig"] and h in s.treasures and dig_refusal(s, seat, h) is None:
        add(catalog.DIG[h])


def _temple_actions(s: State, seat: int, h: tuple, w: int, l: int, guards_ok: bool, add) -> None:
    """On an own temple hex: uncover a level (T-A4), then a guard by a worker or the leader (T-A8)."""
    if s.ap >= COST["uncover"] and uncover_refusal(s, seat, h) is None:
        add(catalog.UNCOVER[h])
    if guards_ok and guard_hex_refusal(s, seat, h) is None:
        if w:
            add(catalog.GUARD[h][0])
        if l:
            add(catalog.GUARD[h][1])


def _exchanges(s: State, seat: int, add) -> None:
    """T-A6: each single treasure of ``seat`` for each other kind another seat holds singly."""
    held = s.held
    mine = singles(held[seat])
    if mine:
        for other in range(s.n):
            if other != seat:
                theirs = singles(held[other])
                for give in mine:
                    for take in theirs:
                        if take != give:
                            add(catalog.EXCHANGE[give, take, other])


# --- every legal action of an AP phase -----------------------------------------------------------
def legal(s: State, seat: int, out: list) -> None:
    """Append every legal AP action of ``seat`` to ``out`` (moves as single steps; the dicts
    come from ``catalog``). Order: enter, transfer, then per own hex in board order its moves,
    uncover, dig and guards, then exchange, camp, end_turn."""
    ap = s.ap
    my = s.figs[seat]
    add = out.append
    if ap >= 1:
        camps = camp_hexes(s, seat)
        _entries(camps, s.supply[seat], add)
        if len(camps) > 1:
            _transfers(camps, my, add)
    guards_ok = ap >= COST["guard"] and s.guards_left(seat) > 0
    for h in sorted(my):                            # board order
        _own_hex_actions(s, seat, h, my[h], guards_ok, add)
    if ap >= COST["exchange"]:
        _exchanges(s, seat, add)
    if ap >= COST["camp"] and s.camps_left(seat) > 0:
        out.extend([catalog.CAMP[h] for h in s.camp_sites])
    add(catalog.END_TURN)
