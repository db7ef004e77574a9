"""Property tests over random legal play, 2-4 seats, base and auction.

Conservation (T-C2, T-C3, T-C4: 19 figures per player across supply, board, guards and out of
the game; level tokens; treasures), AP bounds (T-T1), legal actions complete and exact, refused
actions change nothing, hidden information never shows (T-H1, T-H2), snapshot -> restore gives
the same future, every game ends (T-E1).
"""
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tikal
from engine.errors import IllegalAction
from engine.rng import Rng
from engine.tikal import board
from engine.tikal.tiles import LEVEL_TOKENS, SPECS, TILES

GAMES = dict(seats=st.integers(2, 4), variant=st.sampled_from(["base", "auction"]),
             seed=st.integers(0, 2**31))
FAST = settings(max_examples=20, derandomize=True, deadline=None)
SLOW = settings(max_examples=8, derandomize=True, deadline=None)


def check_invariants(g):
    v = g.view(None)
    n = v["seats"]
    for s in range(n):
        on_board = sum(f["workers"] + f["leader"] for f in v["figures"] if f["seat"] == s)
        leaders = sum(f["leader"] for f in v["figures"] if f["seat"] == s)
        guards = [x for x in v["guards"] if x["seat"] == s]
        sup, out = v["supply"][s], v["out"][str(s)]
        total = on_board + len(guards) + sup["workers"] + sup["leader"] + out["workers"] \
            + out["leader"]
        assert total == 19, (s, total)
        leaders += sup["leader"] + out["leader"] + sum(x["figure"] == "leader" for x in guards)
        assert leaders == 1
        assert len(guards) <= 2 and v["guards_left"][s] == 2 - len(guards)
        assert v["camps_left"][s] == 2 - sum(c["seat"] == s for c in v["camps"]) >= 0
    used = Counter()
    for t in v["tiles"]:
        if "level" in t:
            used.update(range(SPECS[t["id"]].value + 1, t["level"] + 1))
    assert {int(k): x + used[int(k)] for k, x in v["levels_left"].items()} == LEVEL_TOKENS
    snap = g.snapshot()
    kinds = Counter(snap["treasure_supply"])
    for t in snap["tiles"]:
        kinds.update(t.get("treasures", []))
    for held in snap["held"].values():
        kinds.update(held)
    assert kinds == {k: 3 for k in range(8)}
    assert 0 <= v["ap"] <= 10
    assert v["over"] == g.is_over == (v["phase"] == "over")
    if not g.is_over:
        assert g.to_act == v["to_act"] and g.legal_actions()
        assert v["ap"] > 0 or v["phase"] != "actions"
    placed = [t["id"] for t in v["tiles"] if t["id"] in TILES]
    assert len(placed) + v["stack_left"] + len(v["removed"]) + len(v.get("revealed", [])) \
        + (v["drawn"] is not None) + (v["volcano"] is not None) == 36


def random_play(g, rng, on_step=None, limit=4000):
    steps = 0
    while not g.is_over:
        if on_step:
            on_step(g, steps)
        g.apply(rng.choice(g.legal_actions()))
        steps += 1
        assert steps < limit, "the game does not end"
    return steps


@FAST
@given(**GAMES)
def test_random_games_conserve_everything_and_end(seats, variant, seed):
    g = tikal.new_game(seats, seed, {"variant": variant, "first": "random"})
    random_play(g, Rng(seed), lambda g, i: check_invariants(g))
    check_invariants(g)
    v = g.view(0)
    assert v["winners"] == g.winners and g.winners
    assert max(g.scores) == g.scores[g.winners[0]]


def candidates(g) -> list:
    """Single-step actions of every type over the whole board: a superset of the legal ones."""
    out = [{"type": "end_turn"}, {"type": "pass"}]
    figs = ("worker", "leader")
    for h in board.HEXES:
        hx = list(h)
        out += [{"type": "place_tile", "hex": hx, "rotation": k} for k in range(6)]
        out += [{"type": t, "hex": hx} for t in ("uncover", "dig", "camp")]
        for f in figs:
            out.append({"type": "enter", "figure": f, "hex": hx})
            out.append({"type": "guard", "hex": hx, "figure": f})
            out += [{"type": "move", "figure": f, "path": [hx, list(nh)]}
                    for _, nh in board.NEIGHBOURS[h]]
    camps = [[0, 0]] + [c["hex"] for c in g.view(None)["camps"]]
    out += [{"type": "transfer", "figure": f, "from": a, "to": b}
            for f in figs for a in camps for b in camps]
    out += [{"type": "exchange", "give": a, "take": b, "with": w}
            for a in range(8) for b in range(8) for w in range(g.seats)]
    out += [{"type": "bid", "amount": a} for a in range(0, 45)]
    out += [{"type": "choose_tile", "tile": t} for t in TILES]
    return out


def plain(action):
    return json.loads(json.dumps(action))


def check_exact_legality(g):
    listed = g.legal_actions()
    after = {}
    for a in listed:
        # every listed action applies, as the shared dict and as a plain copy, with one effect
        c1, c2 = g.clone(), g.clone()
        e1, e2 = c1.apply(a), c2.apply(plain(a))
        assert e1 == e2 and c1.snapshot() == c2.snapshot()
        after[json.dumps(a, sort_keys=True)] = True
    v = g.view(None)
    volcano_hexes = [a["hex"] for a in listed if a["type"] == "place_tile"] \
        if v["drawn"] and SPECS[v["drawn"]].kind == "volcano" else []
    if volcano_hexes:
        # a volcano is listed with rotation 0 only; every rotation applies (contract section 1)
        assert {a["rotation"] for a in listed} == {0}
        for k in range(1, 6):
            c = g.clone()
            c.apply({"type": "place_tile", "hex": volcano_hexes[0], "rotation": k})
    before = g.snapshot()
    for a in candidates(g):
        if json.dumps(a, sort_keys=True) in after or (
                a["type"] == "place_tile" and a["hex"] in volcano_hexes):
            continue
        try:
            g.apply(a)
        except IllegalAction as e:
            assert e.rule.startswith("T-") and e.reason
        else:
            raise AssertionError(f"unlisted action applied: {a}")
    assert g.snapshot() == before                   # every refusal left the state unchanged


@SLOW
@given(**GAMES)
def test_legal_actions_are_exactly_the_applicable_ones(seats, variant, seed):
    g = tikal.new_game(seats, seed, {"variant": variant})

    def every_few_steps(g, i):
        if i % 23 == 0:
            check_exact_legality(g)

    random_play(g, Rng(seed), every_few_steps)


@SLOW
@given(**GAMES)
def test_restore_and_samples_give_the_same_public_future(seats, variant, seed):
    g = tikal.new_game(seats, seed, {"variant": variant})
    rng = Rng(seed)

    def checks(g, i):
        if i % 37:
            return
        snap = g.snapshot()
        assert json.loads(json.dumps(snap)) == snap
        h = tikal.restore(snap)
        assert h.snapshot() == snap and h.legal_actions() == g.legal_actions()
        # two states that differ only in hidden information give identical views
        v = g.view(i % seats)
        s1, s2 = tikal.sample_state(v, Rng(i)), tikal.sample_state(v, Rng(i + 1))
        assert s1.view(i % seats) == v == s2.view(i % seats)
        assert s1.legal_actions() == g.legal_actions()
        # the same future after restore: equal events and snapshots for 30 actions
        fut = Rng(i)
        for _ in range(30):
            if g.is_over:
                break
            a = fut.choice(h.legal_actions())
            assert g.clone().apply(a) == h.apply(a)
            g2 = g.clone()
            g2.apply(a)
            assert g2.snapshot() == h.snapshot()
            g = g2

    random_play(g, rng, checks)


@SLOW
@given(**GAMES)
def test_events_are_public_T_H2(seats, variant, seed):
    # no event names a tile before it is drawn or revealed, nor a face-down token's kind
    g = tikal.new_game(seats, seed, {"variant": variant})
    rng = Rng(seed)
    while not g.is_over:
        hidden_tiles = set(g.snapshot()["stack"])
        events = g.apply(rng.choice(g.legal_actions()))
        shown = set()
        for e in events:
            if e["type"] == "tile_drawn":
                shown.add(e["tile"])
                assert e.get("reveal") is True
            if e["type"] == "round_started":
                shown.update(e["revealed"])
                assert e.get("reveal") is True
            text = json.dumps(e)
            named = {t for t in hidden_tiles - shown if f'"{t}"' in text}
            assert not named, (e, named)
            if e["type"] == "tile_placed":
                assert isinstance(e["treasures"], int)
