"""The one serialised form (T-H): scenario dict <-> state -> snapshot / view; sample_state.

A snapshot is a scenario dict (contract section 3) extended with every piece of state a scenario
may omit; ``build_state(snapshot)`` rebuilds the exact state. A view is the same dict with the
hidden parts replaced (T-H1): the stack by ``stack_left`` + ``next_letter``, each tile's face-down
``treasures`` by their count, the treasure supply by its count, and no seed or generator state
(T-H2), plus derived keys for convenience (docs/events.md, "Views").
"""
from __future__ import annotations

from typing import NoReturn

from ..errors import ScenarioError
from ..rng import Rng
from .actions import refresh_camp_sites
from .board import INDEX, as_hex, is_hex_shaped
from .info import INFO
from .placement import new_state, put_tiles
from .scoring import winners
from .state import ACTIONS, AP_PER_TURN, BID, CHOOSE, OVER, PLACE, State, board_order
from .tiles import (
    CAMPS,
    GUARDS,
    JUNGLE,
    LETTERS,
    MAX_LEVEL,
    PRINTED,
    PRINTED_HEX,
    SPECS,
    TEMPLE,
    TILE_LIST,
    TILES,
    TREASURE,
    TREASURE_COPIES,
    TREASURE_KINDS,
    VOLCANO,
    WORKERS,
)

PHASES = (PLACE, ACTIONS, BID, CHOOSE, OVER)

#: Keys a view adds that a scenario does not take (from_scenario ignores them).
DERIVED_KEYS = frozenset({
    "to_act", "you", "stack_left", "next_letter", "levels_left", "supply", "camps_left",
    "guards_left", "over", "winners"})
SCENARIO_KEYS = frozenset({
    "game", "seats", "variant", "seed", "first", "tiles", "figures", "camps", "guards", "held",
    "scores", "stack", "seat", "ap", "revealed", "moved",
    # snapshot extensions
    "rules",
    "phase", "drawn", "uncovered", "dug", "scoring", "volcano", "last_placer", "removed", "out",
    "treasure_supply", "auction", "rng", "rounds"})


def _fail(msg: str) -> NoReturn:
    raise ScenarioError(msg)


def _int(v, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(v) is not int or (lo is not None and v < lo) or (hi is not None and v > hi):
        _fail(f"{what} must be an int" + (f" in {lo}..{hi}" if lo is not None else "")
              + f", got {v!r}")
    return v


def _hex(v, what: str) -> tuple:
    h = as_hex(v) if is_hex_shaped(v) else None
    if h is None:
        _fail(f"{what} must be a board hex [q, r], got {v!r}")
    return h


def _seat(v, n: int, what: str = "seat") -> int:
    return _int(v, what, 0, n - 1)


def _tile_id(v, what: str) -> str:
    if not isinstance(v, str) or v not in TILES:
        _fail(f"{what} must be a tile id A1..G4, got {v!r}")
    return v


# --- shuffles (T-S2, T-C2) -----------------------------------------------------------------------
def shuffled_stack(rng: Rng, tiles) -> list:
    """T-S2: shuffled within each letter, all A tiles on top, then B, ..., G at the bottom."""
    stack = []
    for letter in LETTERS:
        group = [t for t in tiles if t[0] == letter]
        rng.shuffle(group)
        stack.extend(group)
    return stack


def token_list(counts) -> list:
    return [k for k, c in enumerate(counts) for _ in range(c)]


# --- scenario -> state: one function per section --------------------------------------------
def build_state(d: dict) -> State:
    """The state a scenario (contract section 3) or a snapshot describes; ScenarioError if it
    describes no Tikal position."""
    s = _new(d)
    explicit = _board_tiles(s, d)
    _other_tiles(s, d)
    _figures(s, d)
    _guards_and_camps(s, d)
    _out_and_supply(s, d)
    _treasures(s, d, explicit)
    _turn(s, d)
    _auction(s, d)
    if "rng" in d:
        s.rng = Rng(state=_int(d["rng"], "rng", 0))
    return s


def _new(d) -> State:
    """Seats, variant, rules, seed: a state with the printed hexes (T-S1) and full supplies."""
    if not isinstance(d, dict):
        _fail("a scenario is a dict")
    unknown = set(d) - SCENARIO_KEYS - DERIVED_KEYS
    if unknown:
        _fail(f"unknown scenario keys: {sorted(unknown)}")
    if d.get("game") != "tikal":
        _fail("'game' must be \"tikal\"")
    n = INFO.check_seats(d.get("seats"))
    variant = INFO.check_option("variant", d.get("variant", "base"))
    rules = INFO.check_rules(d.get("rules"))
    seed = _int(d.get("seed", 0), "seed")
    s = new_state(n, variant, rules, seed, Rng(seed))
    s.seat = _seat(d.get("seat", 0), n)
    s.first = _seat(d.get("first", s.seat), n, "first")
    return s


def _board_tiles(s: State, d: dict) -> dict:
    """The tiles on the board: placed, printed temples' levels (T-C3: the level supply is what
    they imply), explicit face-down treasures. Returns those treasures by hex."""
    used: set = set()
    placed: list = []
    levels: dict = {}
    explicit: dict = {}
    for t in d.get("tiles", []):
        if not isinstance(t, dict):
            _fail("each tile is a dict")
        tid = t.get("id")
        if tid in PRINTED and "hex" not in t:
            t = {"hex": list(PRINTED_HEX[tid]), **t}         # a printed hex may give id and level
        h = _hex(t.get("hex"), f"hex of tile {tid}")
        rot = _int(t.get("rotation", 0), f"rotation of {tid}", 0, 5)
        _place_listed(s, tid, h, rot, used, placed)
        used.add(tid)
        _tile_contents(t, tid, h, levels, explicit)
    put_tiles(s, placed)
    _take_level_tokens(s, levels)
    return explicit


def _place_listed(s: State, tid, h: tuple, rot: int, used: set, placed: list) -> None:
    """A listed tile: a printed one where it is printed, any other once and on a free hex."""
    if tid in PRINTED:
        if h != PRINTED_HEX[tid] or rot != 0:
            _fail(f"{tid} is printed at {list(PRINTED_HEX[tid])}, rotation 0")
        return
    _tile_id(tid, "tile id")
    if tid in used:
        _fail(f"tile {tid} is listed twice")
    if h in s.tile_at or h in (x[1] for x in placed):
        _fail(f"two tiles on {list(h)}")
    placed.append((tid, h, rot))


def _tile_contents(t: dict, tid, h: tuple, levels: dict, explicit: dict) -> None:
    """A listed tile's temple level and face-down treasures, where it gives them."""
    spec = SPECS[tid]
    if "level" in t:
        if spec.kind != TEMPLE:
            _fail(f"{tid} is not a temple; it has no level")
        levels[h] = _int(t["level"], f"level of {tid}", spec.value, MAX_LEVEL)
    if "treasures" in t:
        if spec.kind != TREASURE:
            _fail(f"{tid} is not a treasure tile")
        tr = t["treasures"]
        if not isinstance(tr, list) or len(tr) > spec.masks:
            _fail(f"treasures of {tid}: a list of at most {spec.masks} kinds")
        explicit[h] = [_int(k, "treasure kind", 0, TREASURE_KINDS - 1) for k in tr]


def _take_level_tokens(s: State, levels: dict) -> None:
    """T-C3: the temples' levels, and the level tokens they use out of the supply."""
    for h, lvl in levels.items():
        s.level[h] = lvl
        for v in range(SPECS[s.tile_at[h]].value + 1, lvl + 1):   # tokens used (T-C3)
            s.levels_left[v] -= 1
    if any(x < 0 for x in s.levels_left):
        _fail("the temple levels use more level tokens than exist (T-C3)")


def _other_tiles(s: State, d: dict) -> None:
    """Tiles off the board: removed (T-P4, rules 1), drawn, the volcano set aside, revealed,
    the stack (T-S2: by default every tile not listed elsewhere, shuffled by the seed)."""
    s.removed = [_tile_id(x, "removed tile") for x in d.get("removed", [])]
    s.drawn = None if d.get("drawn") is None else _tile_id(d["drawn"], "drawn")
    _set_aside_volcano(s, d.get("volcano"))
    s.revealed = [_tile_id(x, "revealed tile") for x in d.get("revealed", [])]
    elsewhere = s.removed + ([s.drawn] if s.drawn else []) + \
        ([s.volcano[0]] if s.volcano else []) + s.revealed
    _stack(s, d, elsewhere)


def _stack(s: State, d: dict, elsewhere: list) -> None:
    """The stack as listed (the tiles in no list are then out of the game), else every tile not
    listed elsewhere, shuffled by the seed (T-S2)."""
    if "stack" in d:
        s.stack = [_tile_id(x, "stack tile") for x in d["stack"]]
    accounted = [x for x in s.tile_at.values() if x in TILES] + elsewhere + s.stack
    if len(set(accounted)) != len(accounted):
        _fail("a tile is listed in two places")
    rest = [t.id for t in TILE_LIST if t.id not in set(accounted)]
    if "stack" in d:
        s.removed += rest                   # tiles in no list are out of the game
    else:
        s.stack = shuffled_stack(s.rng, rest)


def _set_aside_volcano(s: State, vol) -> None:
    """The volcano tile set aside for a volcano scoring round, and who drew it."""
    if vol is not None:
        s.volcano = (_tile_id(vol.get("tile"), "volcano tile"), _seat(vol.get("seat"), s.n))
        if SPECS[s.volcano[0]].kind != VOLCANO:
            _fail("'volcano' must name a volcano tile")


def _figures(s: State, d: dict) -> None:
    seen = set()
    for f in d.get("figures", []):
        seat = _seat(f.get("seat"), s.n)
        h = _hex(f.get("hex"), "figure hex")
        if h not in s.tile_at or s.kind[h] == VOLCANO:
            _fail(f"figures stand only on explored, non-volcano hexes: {list(h)}")
        if (seat, h) in seen:
            _fail("figures are listed once per seat and hex")
        seen.add((seat, h))
        w = _int(f.get("workers", 0), "workers", 0, WORKERS)
        lead = f.get("leader", False)
        if not isinstance(lead, bool):
            _fail("'leader' must be a bool")
        if w or lead:
            s.figs[seat][h] = (w, int(lead))


def _guards_and_camps(s: State, d: dict) -> None:
    _guards(s, d.get("guards", []))
    _camps(s, d.get("camps", []))
    for seat in range(s.n):
        if s.camps_left(seat) < 0 or s.guards_left(seat) < 0:
            _fail(f"seat {seat} has more than {CAMPS} camps or {GUARDS} guards")


def _guards(s: State, guards: list) -> None:
    for g in guards:
        seat = _seat(g.get("seat"), s.n)
        h = _hex(g.get("hex"), "guard hex")
        if h not in s.level:
            _fail(f"a guard stands on a temple: {list(h)}")
        if h in s.guards:
            _fail("a temple has at most one guard (T-A8e)")
        if g.get("figure") not in ("worker", "leader"):
            _fail("a guard's figure is \"worker\" or \"leader\"")
        s.add_guard(seat, h, g["figure"])


def _camps(s: State, camps: list) -> None:
    for c in camps:
        seat = _seat(c.get("seat"), s.n)
        h = _hex(c.get("hex"), "camp hex")
        if s.kind.get(h) not in (JUNGLE, TREASURE):
            _fail(f"a camp stands on a jungle or treasure hex: {list(h)}")
        if h in s.camps:
            _fail("at most one camp per hex (T-A7a)")
        s.add_camp(seat, h)


def _out_and_supply(s: State, d: dict) -> None:
    """Figures out of the game (T-A8b); T-S3: the rest of each player's figures are in the
    supply."""
    out = d.get("out", {})
    for seat in range(s.n):
        o = out.get(str(seat), {"workers": 0, "leader": False})
        s.out[seat] = [_int(o.get("workers", 0), "out workers", 0, WORKERS),
                       int(bool(o.get("leader", False)))]
        w = sum(x[0] for x in s.figs[seat].values()) + s.out[seat][0]
        lead = sum(x[1] for x in s.figs[seat].values()) + s.out[seat][1]
        for gs, fig in s.guards.values():
            if gs == seat:
                w, lead = (w + 1, lead) if fig == "worker" else (w, lead + 1)
        if w > WORKERS or lead > 1:
            _fail(f"seat {seat} has more than {WORKERS} workers or one leader")
        s.supply[seat] = [WORKERS - w, 1 - lead]


def _treasures(s: State, d: dict, explicit: dict) -> None:
    """T-C2: the 24 tokens are held, on the board (explicit or drawn by seed, T-P3) or in the
    supply; then where camps may go (T-A7a)."""
    n = s.n
    _held(s, d.get("held", {}))
    pool = [TREASURE_COPIES - sum(s.held[seat][k] for seat in range(n))
            - sum(tr.count(k) for tr in explicit.values()) for k in range(TREASURE_KINDS)]
    if min(pool) < 0:
        _fail("more than 3 treasures of one kind (T-C2)")
    tokens = token_list(pool)
    s.rng.shuffle(tokens)
    _deal_treasures(s, explicit, tokens)
    if "treasure_supply" in d:
        tokens = _given_supply(d["treasure_supply"], tokens)
    s.tsupply = tokens
    for h in s.camps:
        if s.kind[h] == TREASURE and s.treasures[h]:
            _fail(f"a camp on a treasure hex needs the hex emptied (T-A7a): {list(h)}")
    refresh_camp_sites(s)


def _held(s: State, held: dict) -> None:
    """The treasures each seat holds, keyed by seat strings."""
    n = s.n
    for key in held:
        if key not in {str(i) for i in range(n)}:
            _fail(f"'held' is keyed by seat strings \"0\"..\"{n - 1}\"")
    for seat in range(n):
        for k in held.get(str(seat), []):
            s.held[seat][_int(k, "held treasure kind", 0, TREASURE_KINDS - 1)] += 1


def _deal_treasures(s: State, explicit: dict, tokens: list) -> None:
    """Each treasure tile's face-down tokens: the listed ones, else drawn from ``tokens``."""
    for h in board_order(s.treasures):
        if h in explicit:
            s.treasures[h] = tuple(explicit[h])
        else:                                     # T-P3, drawn by seed
            k = min(SPECS[s.tile_at[h]].masks, len(tokens))
            s.treasures[h] = tuple(tokens[:k])
            del tokens[:k]


def _given_supply(supply, tokens: list) -> list:
    """A snapshot's treasure supply in its order: exactly the tokens left over."""
    if not isinstance(supply, list):
        _fail("treasure_supply must be a list of kinds (a view's count cannot be restored)")
    given = [_int(k, "treasure kind", 0, TREASURE_KINDS - 1) for k in supply]
    if sorted(given) != sorted(tokens):
        _fail("treasure_supply must be exactly the tokens neither held nor on the board")
    return given


def _turn(s: State, d: dict) -> None:
    """Scores (T-S3, T-X1) and whose decision: the phase, AP, this turn's counters (T-A4b,
    T-A5b), the scoring round, the last placer."""
    n = s.n
    scores = d.get("scores", INFO.start_scores(n, {"variant": s.variant}))
    if not isinstance(scores, list) or len(scores) != n:
        _fail("scores: one int per seat")
    s.scores = [_int(x, "score") for x in scores]
    _phase_and_ap(s, d)
    for key, target in (("uncovered", s.uncovered), ("dug", s.dug)):
        for e in d.get(key, []):
            target[_hex(e.get("hex"), key)] = _int(e.get("count"), key, 1, 2)
    _scoring_round(s, d.get("scoring"))
    lp = d.get("last_placer")
    s.last_placer = None if lp is None else _seat(lp, n, "last_placer")
    s.rounds = _rounds(d.get("rounds", []), n)


def _phase_and_ap(s: State, d: dict) -> None:
    """The phase, its action points, and the drawn tile that goes with phase 'place'."""
    s.phase = d.get("phase", ACTIONS)
    if s.phase not in PHASES:
        _fail(f"phase must be one of {PHASES}")
    s.ap = _int(d.get("ap", AP_PER_TURN if s.phase == ACTIONS else 0), "ap", 0, AP_PER_TURN)
    if s.phase == PLACE and s.drawn is None:
        _fail("phase 'place' needs the 'drawn' tile")
    if s.phase != PLACE and s.drawn is not None:
        _fail("'drawn' is set only in phase 'place'")


def _scoring_round(s: State, sc) -> None:
    """A scoring round under way: its kind, the scorers' order and whose score is next."""
    if sc is not None:
        if sc.get("kind") not in ("volcano", "final"):
            _fail("scoring kind is \"volcano\" or \"final\"")
        order = [_seat(x, s.n) for x in sc.get("order", [])]
        s.scoring = {"kind": sc["kind"], "order": order,
                     "index": _int(sc.get("index", 0), "scoring index", 0, len(order) - 1)}
        if sc["kind"] == "volcano" and s.volcano is None:
            _fail("a volcano scoring round needs the 'volcano' set aside")


def _rounds(rounds, n: int) -> tuple:
    """The scoring rounds so far (a history: each round's kind and what each scorer scored)."""
    if not isinstance(rounds, list):
        _fail("rounds: a list of scoring rounds")
    out = []
    for r in rounds:
        if not isinstance(r, dict) or r.get("kind") not in ("volcano", "final") \
                or not isinstance(r.get("scored"), list):
            _fail("each round is {kind: volcano|final, scored: [...]}")
        scored = []
        for e in r["scored"]:
            if not isinstance(e, dict):
                _fail("each scored entry is a dict")
            scored.append({"seat": _seat(e.get("seat"), n),
                           "temples": _int(e.get("temples"), "temples", 0),
                           "treasures": _int(e.get("treasures"), "treasures", 0),
                           "total": _int(e.get("total"), "total", 0)})
        out.append({"kind": r["kind"], "scored": tuple(scored)})
    return tuple(out)


def _auction(s: State, d: dict) -> None:
    """The auction variant's round (T-X2..T-X5): who moved, the bidding."""
    n = s.n
    s.moved = [_seat(x, n, "moved") for x in d.get("moved", [])]
    a = d.get("auction")
    if a is not None:
        s.auction = _bidding(a, n)
    if (s.phase == BID) != (s.auction is not None):
        _fail("the 'auction' state goes with phase 'bid'")
    if s.variant == "base" and (s.revealed or s.moved or s.auction):
        _fail("revealed/moved/auction belong to the auction variant")
    if s.variant == "auction" and "phase" not in d:
        _check_round_so_far(s)


def _bidding(a: dict, n: int) -> dict:
    """The auction under way: who opened, who bids, the high bid and bidder."""
    return {"opener": _seat(a.get("opener"), n), "bidders": list(a.get("bidders", [])),
            "active": list(a.get("active", [])), "passed": list(a.get("passed", [])),
            "bid": _int(a.get("bid", 0), "bid", 0),
            "high": None if a.get("high") is None else _seat(a["high"], n)}


def _check_round_so_far(s: State) -> None:
    """A plain scenario starts inside a normal turn; the revealed tiles must fit the players
    still to move this round (each mover takes at least one)."""
    if s.seat in s.moved:
        _fail("the seat taking its turn cannot be among 'moved'")
    if len(s.revealed) > s.n - len(set(s.moved)) - 1:
        _fail("more revealed tiles than players left to move this round")


# --- state -> dicts ------------------------------------------------------------------------------
def _tiles(s: State, hidden: bool) -> list:
    out = []
    for h in board_order(s.tile_at):
        tid = s.tile_at[h]
        t = {"id": tid, "hex": list(h), "rotation": s.rotation[h]}
        if h in s.level:
            t["level"] = s.level[h]
        if h in s.treasures:
            t["treasures"] = len(s.treasures[h]) if hidden else list(s.treasures[h])
        out.append(t)
    return out


def _common(s: State, hidden: bool) -> dict:
    n = s.n
    d = {
        "game": "tikal", "seats": n, "variant": s.variant, "rules": s.rules, "first": s.first,
        "tiles": _tiles(s, hidden),
        "figures": _figure_list(s),
        "camps": [{"seat": s.camps[h], "hex": list(h)} for h in board_order(s.camps)],
        "guards": [{"seat": s.guards[h][0], "hex": list(h), "figure": s.guards[h][1]}
                   for h in board_order(s.guards)],
        "held": {str(seat): token_list(s.held[seat]) for seat in range(n)},
        "scores": list(s.scores),
        "out": {str(seat): {"workers": s.out[seat][0], "leader": bool(s.out[seat][1])}
                for seat in range(n)},
        "removed": list(s.removed),
        "seat": s.seat, "ap": s.ap, "phase": s.phase, "drawn": s.drawn,
        "uncovered": _hex_counts(s.uncovered),
        "dug": _hex_counts(s.dug),
        "scoring": None if s.scoring is None else {
            "kind": s.scoring["kind"], "order": list(s.scoring["order"]),
            "index": s.scoring["index"]},
        "volcano": None if s.volcano is None else {"tile": s.volcano[0], "seat": s.volcano[1]},
        "last_placer": s.last_placer,
        "rounds": [{"kind": r["kind"], "scored": [dict(e) for e in r["scored"]]} for r in s.rounds],
    }
    if s.variant == "auction":
        d.update(_auction_round(s))
    return d


def _figure_list(s: State) -> list:
    """The figures on the board, hex by hex in board order, seat by seat."""
    return [{"seat": seat, "hex": list(h), "workers": s.figs[seat][h][0],
             "leader": bool(s.figs[seat][h][1])}
            for h in board_order({h for f in s.figs for h in f})
            for seat in range(s.n) if h in s.figs[seat]]


def _hex_counts(counts: dict) -> list:
    """A hex -> count map as a list in board index order."""
    return [{"hex": list(h), "count": c} for h, c in sorted(counts.items(), key=lambda x: INDEX[x[0]])]


def _auction_round(s: State) -> dict:
    """The auction variant's keys: the tiles revealed, who moved, the bidding."""
    return {"revealed": list(s.revealed), "moved": list(s.moved),
            "auction": None if s.auction is None else {
                k: (list(v) if isinstance(v, list) else v) for k, v in s.auction.items()}}


def snapshot(s: State) -> dict:
    """Everything: a scenario dict that ``build_state`` turns back into this exact state."""
    d = _common(s, hidden=False)
    d["seed"] = s.seed
    d["stack"] = list(s.stack)
    d["treasure_supply"] = list(s.tsupply)
    d["rng"] = s.rng.state
    return d


def view(s: State) -> dict:
    """What every seat (and a spectator) may see (T-H1, T-H2): Tikal has no per-player secrets;
    ``Game.view`` adds ``you``."""
    d = _common(s, hidden=True)
    n = s.n
    d.update({
        "to_act": s.to_act,
        "stack_left": len(s.stack),
        "next_letter": s.stack[0][0] if s.stack else None,
        "treasure_supply": len(s.tsupply),
        "levels_left": {str(v): s.levels_left[v] for v in range(2, MAX_LEVEL + 1)},
        "supply": [{"workers": s.supply[i][0], "leader": bool(s.supply[i][1])} for i in range(n)],
        "camps_left": [s.camps_left(i) for i in range(n)],
        "guards_left": [s.guards_left(i) for i in range(n)],
        "over": s.phase == OVER,
        "winners": winners(s),
    })
    return d


# --- view -> a consistent full scenario ----------------------------------------------------------
def sampled_scenario(v: dict, rng: Rng) -> dict:
    """A snapshot dict consistent with view ``v``: the hidden stack order (T-S2: letters A..G,
    order within a letter drawn) and the face-down treasure kinds (the tokens nobody holds,
    drawn) filled from ``rng``."""
    d = {k: v[k] for k in v if k not in DERIVED_KEYS}
    seen = _seen_tiles(v)
    stack = shuffled_stack(rng, [t.id for t in TILE_LIST if t.id not in seen])
    if len(stack) != v["stack_left"] or (stack and stack[0][0] != v["next_letter"]):
        _fail("the view's stack_left/next_letter do not match its tiles")
    unknown = _unheld_tokens(v["held"])
    rng.shuffle(unknown)
    tiles, unknown = _turn_face_down(v["tiles"], unknown)
    if len(unknown) != v["treasure_supply"]:
        _fail("the view's treasure counts do not match the treasures held")
    d.update({"tiles": tiles, "stack": stack, "treasure_supply": unknown, "seed": 0,
              "rng": rng.next64()})
    return d


def _turn_face_down(view_tiles: list, unknown: list) -> tuple:
    """The view's tiles with each face-down count replaced by that many of ``unknown`` (in
    order), and the tokens left over."""
    tiles = []
    for t in view_tiles:
        t = dict(t)
        if "treasures" in t:
            k = t["treasures"]
            t["treasures"], unknown = unknown[:k], unknown[k:]
        tiles.append(t)
    return tiles, unknown


def _seen_tiles(v: dict) -> set:
    """The tiles a view shows outside the stack: on the board, removed, revealed, drawn, the
    volcano set aside."""
    accounted = {t["id"] for t in v["tiles"]}
    accounted |= set(v.get("removed", [])) | set(v.get("revealed", []))
    if v.get("drawn"):
        accounted.add(v["drawn"])
    if v.get("volcano"):
        accounted.add(v["volcano"]["tile"])
    return accounted


def _unheld_tokens(held_by_seat: dict) -> list:
    """The treasure tokens nobody holds, kind by kind (unshuffled)."""
    held = [0] * TREASURE_KINDS
    for kinds in held_by_seat.values():
        for k in kinds:
            held[k] += 1
    return token_list([TREASURE_COPIES - c for c in held])
