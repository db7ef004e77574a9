"""Scenarios, snapshots, views and hidden information (contract section 3, T-H1, T-H2)."""
import json

import pytest

from engine import tikal
from engine.rng import Rng

from tikal_support import LAYOUT, T1, R, game


def played(seed=4, steps=60, variant="base", seats=3):
    g = tikal.new_game(seats, seed, {"variant": variant})
    rng = Rng(seed)
    for _ in range(steps):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_scenario_defaults():
    g = game(seats=2, tiles=[{"id": "A2", "hex": [0, -2]}])
    snap = g.snapshot()
    # treasures of a treasure tile: as many as masks, drawn by seed; the rest is the supply
    a2 = next(t for t in snap["tiles"] if t["id"] == "A2")
    assert len(a2["treasures"]) == 4 and len(snap["treasure_supply"]) == 20
    # the stack: every unplaced tile, A..G order
    assert len(snap["stack"]) == 35 and "A2" not in snap["stack"]
    assert [t[0] for t in snap["stack"]] == sorted(t[0] for t in snap["stack"])
    assert (snap["seat"], snap["ap"], snap["phase"], snap["scores"]) == (0, 10, "actions", [0, 0])
    assert g.view(0)["supply"] == [{"workers": 18, "leader": True}] * 2
    # the same scenario and seed give the same hidden draws
    assert game(seats=2, tiles=[{"id": "A2", "hex": [0, -2]}]).snapshot() == snap
    assert game(seats=2, variant="auction").scores == [20, 20]


def test_levels_imply_the_level_supply():
    tiles = [dict(LAYOUT[0], level=5), {"id": "P-temple-n", "hex": [0, -1], "level": 3}]
    v = game(tiles=tiles).view(0)
    # T1 2->5 used a 3, a 4 and a 5; the printed temple 1->3 used a 2 and a 3
    assert v["levels_left"] == {"2": 2, "3": 4, "4": 8, "5": 10, "6": 8, "7": 5, "8": 3,
                                "9": 2, "10": 1}
    assert {t["id"]: t["level"] for t in v["tiles"] if "level" in t}["P-temple-n"] == 3


def test_a_printed_temple_needs_only_its_id_and_level_T_S1():
    # contract section 3: a printed hex entry may give only its id and level (T-S1: the printed
    # hexes are always there, at their printed places)
    g = game(tiles=[{"id": "P-temple-n", "level": 4}, {"id": "P-temple-se", "level": 2}])
    levels = {t["id"]: (t["hex"], t["level"]) for t in g.view(0)["tiles"] if "level" in t}
    assert levels == {"P-temple-n": ([0, -1], 4), "P-temple-se": ([1, 0], 2)}
    assert g.view(0)["levels_left"]["2"] == 1                 # 2, 3, 4 and 2 used
    with pytest.raises(tikal.ScenarioError):
        game(tiles=[{"id": "P-temple-n", "hex": [0, -2], "level": 4}])    # not its hex


@pytest.mark.parametrize("bad", [
    {"seats": 5},
    {"variant": "pro"},
    {"tiles": [{"id": "A1", "hex": [9, 9]}]},
    {"tiles": [{"id": "A1", "hex": [0, -2]}, {"id": "A1", "hex": [0, -3]}]},
    {"tiles": [{"id": "A1", "hex": [0, 0]}]},
    {"tiles": [{"id": "P-base", "hex": [0, -2]}]},
    {"figures": [{"seat": 0, "hex": [0, -3], "workers": 1}]},
    {"figures": [{"seat": 0, "hex": [0, 0], "workers": 19}]},
    {"held": {"0": [1, 1, 1, 1]}},
    {"camps": [{"seat": 0, "hex": [0, 0]}]},
    {"guards": [{"seat": 0, "hex": [1, -1], "figure": "worker"}]},
    {"stack": ["A1", "A1"]},
    {"colour": "red"},
])
def test_bad_scenarios_are_refused(bad):
    with pytest.raises(ValueError):
        game(**bad)


def test_snapshot_restore_same_state_and_future():
    for variant in ("base", "auction"):
        g = played(variant=variant)
        snap = g.snapshot()
        h = tikal.restore(snap)
        assert h.snapshot() == snap and h.legal_actions() == g.legal_actions()
        assert json.loads(json.dumps(snap)) == snap
        rng = Rng(99)
        for _ in range(200):
            if g.is_over:
                break
            a = rng.choice(g.legal_actions())
            assert g.apply(a) == h.apply(a)
        assert g.snapshot() == h.snapshot()


def test_the_view_hides_the_stack_and_face_down_treasures_T_H1_T_H2():
    g = played()
    v = g.view(1)
    snap = g.snapshot()
    for key in ("stack", "seed", "rng"):
        assert key not in v
    assert v["stack_left"] == len(snap["stack"]) and v["next_letter"] == snap["stack"][0][0]
    assert v["treasure_supply"] == len(snap["treasure_supply"])
    for tv, ts in zip(v["tiles"], snap["tiles"]):
        if "treasures" in ts:
            assert tv["treasures"] == len(ts["treasures"])
    # T-H2: no tile of the stack is named anywhere in what a seat receives
    text = json.dumps(v)
    assert not [t for t in snap["stack"] if f'"{t}"' in text]
    # everything else is public and equal for every seat (Tikal has no per-player secrets)
    views = [g.view(s) for s in (None, 0, 1, 2)]
    for w in views:
        w.pop("you")
    assert all(w == views[0] for w in views)


def test_hidden_differences_do_not_show_T_H1():
    # the same public position with different hidden stack orders and treasure tokens
    a = game(tiles=LAYOUT, stack=["A1", "A2", "B2"])
    tiles_b = [dict(t) for t in LAYOUT]
    tiles_b[2]["treasures"] = [0, 1, 2]
    b = game(tiles=tiles_b, stack=["A2", "A1", "B2"])
    assert a.snapshot() != b.snapshot()
    assert a.view(0) == b.view(0) and a.view(None) == b.view(None)


def test_views_and_snapshots_are_json_and_string_keyed():
    def keys_are_strings(x):
        if isinstance(x, dict):
            return all(isinstance(k, str) and keys_are_strings(v) for k, v in x.items())
        if isinstance(x, list):
            return all(keys_are_strings(v) for v in x)
        return x is None or isinstance(x, (str, int, bool))

    for variant in ("base", "auction"):
        g = played(variant=variant, steps=40)
        for d in (g.view(0), g.view(None), g.snapshot()):
            assert keys_are_strings(d) and json.loads(json.dumps(d)) == d


def test_sample_state_fills_the_hidden_parts():
    g = played(steps=80)
    v = g.view(2)
    s1 = tikal.sample_state(v, Rng(1))
    s2 = tikal.sample_state(v, Rng(2))
    assert s1.view(2) == v and s2.view(2) == v
    assert s1.snapshot()["stack"] != s2.snapshot()["stack"]
    # the sample holds the same tiles and tokens, letters in A..G order
    snap, sampled = g.snapshot(), s1.snapshot()
    assert sorted(sampled["stack"]) == sorted(snap["stack"])
    assert [t[0] for t in sampled["stack"]] == [t[0] for t in snap["stack"]]
    assert s1.legal_actions() == g.legal_actions()
    # the same view and generator state give the same game
    assert tikal.sample_state(v, Rng(1)).snapshot() == s1.snapshot()


def test_sample_state_in_the_auction_variant():
    g = played(variant="auction", steps=50)
    v = g.view(0)
    s = tikal.sample_state(v, Rng(5))
    assert s.view(0) == v and s.view(0)["revealed"] == g.view(0)["revealed"]


def test_a_dug_treasure_becomes_public_T_H1():
    g = game(tiles=LAYOUT, figures=[{"seat": 0, "hex": list(R), "workers": 1}])
    assert g.view(1)["held"]["0"] == []
    ev = g.apply({"type": "dig", "hex": list(R)})
    assert ev[0]["reveal"] is True and ev[0]["kind"] == 4
    assert g.view(1)["held"]["0"] == [4]
    assert next(t for t in g.view(1)["tiles"] if t["hex"] == list(R))["treasures"] == 2


def test_clone_is_independent():
    g = game(tiles=LAYOUT, figures=[{"seat": 0, "hex": list(T1), "workers": 2}])
    c = g.clone()
    c.apply({"type": "uncover", "hex": list(T1)})
    assert g.snapshot() != c.snapshot()
    assert g.snapshot() == game(tiles=LAYOUT,
                                figures=[{"seat": 0, "hex": list(T1), "workers": 2}]).snapshot()


def test_legal_action_dicts_are_read_only():
    g = game(tiles=LAYOUT, figures=[{"seat": 0, "hex": list(T1), "workers": 2}])
    a = next(x for x in g.legal_actions() if x["type"] == "move")
    with pytest.raises(TypeError):
        a["figure"] = "leader"
    with pytest.raises(TypeError):
        a["path"].append([0, 0])
    longer = dict(a, path=list(a["path"]) + [[1, -1]])
    assert longer["path"][-1] == [1, -1] and len(a["path"]) == 2
    assert json.loads(json.dumps(a)) == a
