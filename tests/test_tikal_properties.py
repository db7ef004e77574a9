"""Tikal's own invariants over random legal play, 2-4 seats, base and auction: conservation
(T-C2, T-C3, T-C4: 19 figures per player across supply, board, guards and out of the game; level
tokens; treasures; the 36 tiles, none removed under rules 2, T-P4), AP bounds (T-T1), events that
name nothing hidden (T-H2). What every game of the engine keeps (refusals change nothing, views
hold no hidden information, snapshot -> restore, every game ends) is in test_engine_contract.py.
"""
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import tikal
from engine.rng import Rng
from engine.tikal.tiles import LEVEL_TOKENS, SPECS, TILES

from engine_support import random_play

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
    assert v["removed"] == [] or v["rules"] == 1          # T-P4: new games place every tile


@FAST
@given(**GAMES)
def test_random_games_conserve_everything_T_C2_T_C3_T_C4_T_P4(seats, variant, seed):
    g = tikal.new_game(seats, seed, {"variant": variant, "first": "random"})
    random_play(g, Rng(seed), lambda g, i: check_invariants(g))
    check_invariants(g)
    v = g.view(0)
    assert v["winners"] == g.winners and g.winners
    assert max(g.scores) == g.scores[g.winners[0]]


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
