"""The AP actions, read like games (T-A1..T-A8e, T-L1, T-M3, T-M5).

Board: the printed hexes plus tikal_support.LAYOUT: temples T1 (value 2) and T2 (value 3), a
jungle J, a treasure hex R holding [4, 5, 6] (top first) and a volcano V.
"""
import pytest

from engine.errors import IllegalAction, MalformedAction

from tikal_support import BASE, JUNGLE, LAYOUT, T1, T2, TEMPLE_N, J, R, V, figures_on, first, game, move, refused, types


def g_with(figures=(), **kw):
    return game(**{"tiles": LAYOUT, "figures": list(figures), "stack": ["A1", "A2"], **kw})


def fig(seat, h, workers=0, leader=False):
    return {"seat": seat, "hex": list(h), "workers": workers, "leader": leader}


# --- T-A1 ---------------------------------------------------------------------------------------
def test_bring_figures_in_at_the_base_camp_or_an_own_camp_T_A1():
    g = g_with(camps=[{"seat": 0, "hex": list(J)}, {"seat": 1, "hex": list(JUNGLE)}])
    ev = g.apply({"type": "enter", "figure": "leader", "hex": list(BASE)})
    assert ev == [{"type": "figure_entered", "seat": 0, "figure": "leader", "hex": [0, 0],
                   "cost": 1, "ap": 9}]
    g.apply({"type": "enter", "figure": "worker", "hex": list(J)})
    assert figures_on(g, 0, BASE) == (0, True) and figures_on(g, 0, J) == (1, False)
    assert g.view(0)["supply"][0] == {"workers": 17, "leader": False}
    refused(g, {"type": "enter", "figure": "worker", "hex": list(JUNGLE)}, "T-A1")  # not ours
    refused(g, {"type": "enter", "figure": "worker", "hex": list(T1)}, "T-A1")      # no camp
    refused(g, {"type": "enter", "figure": "leader", "hex": list(BASE)}, "T-A1")    # none left
    entered = {(a["figure"], tuple(a["hex"])) for a in g.legal_actions() if a["type"] == "enter"}
    assert entered == {("worker", BASE), ("worker", J)}


def test_entering_costs_one_ap_T_A1():
    g = g_with(ap=0)
    refused(g, {"type": "enter", "figure": "worker", "hex": list(BASE)}, "T-A1")
    assert g.legal_actions() == [{"type": "end_turn"}]


# --- T-A2 ---------------------------------------------------------------------------------------
def test_camp_to_camp_along_own_paths_T_A2():
    g = g_with([fig(0, BASE, 2, True), fig(1, BASE, 1)],
               camps=[{"seat": 0, "hex": list(J)}, {"seat": 0, "hex": list(R)},
                      {"seat": 1, "hex": list(JUNGLE)}],
               tiles=LAYOUT[:2] + [dict(LAYOUT[2], treasures=[])] + LAYOUT[3:])
    ev = g.apply({"type": "transfer", "figure": "leader", "from": list(BASE), "to": list(R)})
    assert ev[0] == {"type": "figure_transferred", "seat": 0, "figure": "leader", "from": [0, 0],
                     "to": list(R), "cost": 1, "ap": 9}
    g.apply({"type": "transfer", "figure": "leader", "from": list(R), "to": list(J)})  # camp->camp
    assert figures_on(g, 0, J) == (0, True)
    refused(g, {"type": "transfer", "figure": "worker", "from": list(BASE),
                "to": list(JUNGLE)}, "T-A2")          # another player's camp
    refused(g, {"type": "transfer", "figure": "leader", "from": list(BASE), "to": list(J)},
            "T-A2")                                   # no leader at the base camp any more
    refused(g, {"type": "transfer", "figure": "worker", "from": list(BASE), "to": list(BASE)},
            "T-A2")
    refused(game(tiles=LAYOUT, figures=[fig(0, T1, 1)], camps=[{"seat": 0, "hex": list(J)}]),
            {"type": "transfer", "figure": "worker", "from": list(T1), "to": list(J)}, "T-A2")
    # seat 0's jumps now: its workers from the base camp, its leader from J (never to seat 1's
    # camp on P-jungle)
    transfers = [a for a in g.legal_actions() if a["type"] == "transfer"]
    assert {(a["figure"], tuple(a["from"]), tuple(a["to"])) for a in transfers} == {
        ("worker", BASE, J), ("worker", BASE, R), ("leader", J, BASE), ("leader", J, R)}


# --- T-A3, T-M3, T-M5 ----------------------------------------------------------------------------
def test_walking_pays_the_stones_and_whole_crossings_T_A3_T_M3():
    g = g_with([fig(0, T1, 2)], ap=5)
    refused(g, move("worker", T1, J, R), "T-M3")       # 6 AP, 5 left: never stop on a path
    refused(g, move("leader", T1, J), "T-A3")          # no leader there
    refused(g, move("worker", J, R), "T-A3")           # no worker on J
    refused(g, move("worker", T1, (4, -4)), "T-A3")    # not adjacent
    refused(g, move("worker", T1, (1, -2)), "T-A3")    # not explored
    with pytest.raises(MalformedAction):
        g.apply(move("worker", T1))                    # a path has at least two hexes
    ev = g.apply(move("worker", T1, J))
    assert ev[0] == {"type": "figure_moved", "seat": 0, "figure": "worker",
                     "path": [list(T1), list(J)], "cost": 3, "ap": 2}


def test_any_figures_share_a_hex_T_M5():
    g = g_with([fig(0, T1, 1), fig(1, T2, 2, True)])
    g.apply(move("worker", T1, T2))
    v = g.view(1)
    on_t2 = [f for f in v["figures"] if f["hex"] == list(T2)]
    assert on_t2 == [{"seat": 0, "hex": list(T2), "workers": 1, "leader": False},
                     {"seat": 1, "hex": list(T2), "workers": 2, "leader": True}]


# --- T-A4 ---------------------------------------------------------------------------------------
def test_uncovering_temple_levels_T_A4():
    g = g_with([fig(0, T1, 3), fig(0, T2, 1)])
    ev = g.apply({"type": "uncover", "hex": list(T1)})
    assert ev[0] == {"type": "level_uncovered", "seat": 0, "hex": list(T1), "value": 3,
                     "cost": 2, "ap": 8}
    ev = g.apply({"type": "uncover", "hex": list(T1)})
    assert ev[0]["value"] == 4                        # T-A4c: exactly one above, never skipping
    refused(g, {"type": "uncover", "hex": list(T1)}, "T-A4b")   # 2 per temple per turn
    g.apply({"type": "uncover", "hex": list(T2)})     # several temples in one turn
    v = g.view(0)
    assert {tuple(t["hex"]): t["level"] for t in v["tiles"] if "level" in t}[T1] == 4
    assert v["levels_left"]["3"] == 5 and v["levels_left"]["4"] == 7
    assert v["uncovered"] == [{"hex": list(T1), "count": 2}, {"hex": list(T2), "count": 1}]
    refused(g, {"type": "uncover", "hex": list(J)}, "T-A4")     # not a temple
    refused(g, {"type": "uncover", "hex": list(TEMPLE_N)}, "T-A4a")   # no own figure there


def test_uncovering_costs_2_ap_T_A4():
    g = g_with([fig(0, T1, 3)], ap=1)
    refused(g, {"type": "uncover", "hex": list(T1)}, "T-A4")


def test_no_more_levels_than_figures_the_leader_counts_one_T_A4b_T_L1():
    g = g_with([fig(0, T1, 0, True), fig(1, T1, 3)])
    g.apply({"type": "uncover", "hex": list(T1)})
    refused(g, {"type": "uncover", "hex": list(T1)}, "T-A4b")   # one figure, one level
    g.apply({"type": "enter", "figure": "worker", "hex": list(BASE)})
    g.apply(move("worker", BASE, JUNGLE, T1))                   # now two figures there
    g.apply({"type": "uncover", "hex": list(T1)})


def test_the_level_supply_is_finite_T_A4c():
    # T2 at 9; the single 10 is on T1 already: T2 cannot be uncovered further
    tiles = [dict(t) for t in LAYOUT]
    tiles[0]["level"], tiles[3]["level"] = 10, 9
    g = game(tiles=tiles, figures=[fig(0, T2, 2), fig(0, T1, 2)])
    assert g.view(0)["levels_left"]["10"] == 0
    refused(g, {"type": "uncover", "hex": list(T2)}, "T-A4c")
    refused(g, {"type": "uncover", "hex": list(T1)}, "T-A4c")   # 10 is the top
    assert not any(a["type"] == "uncover" for a in g.legal_actions())


# --- T-A5 ---------------------------------------------------------------------------------------
def test_digging_treasures_T_A5():
    g = g_with([fig(0, R, 2), fig(1, R, 1)])
    ev = g.apply({"type": "dig", "hex": list(R)})
    # T-A5c: the top token, shown to everybody
    assert ev[0] == {"type": "treasure_dug", "seat": 0, "hex": list(R), "kind": 4, "left": 2,
                     "reveal": True, "cost": 3, "ap": 7}
    g.apply({"type": "dig", "hex": list(R)})
    refused(g, {"type": "dig", "hex": list(R)}, "T-A5b")        # 2 per hex per turn
    assert g.view(1)["held"] == {"0": [4, 5], "1": []}
    refused(g, {"type": "dig", "hex": list(J)}, "T-A5")
    refused(g_with([fig(1, R, 1)]), {"type": "dig", "hex": list(R)}, "T-A5a")  # no own figure


def test_digging_is_limited_by_figures_and_tokens_T_A5a_T_A5b():
    g = g_with([fig(0, R, 0, True)])
    g.apply({"type": "dig", "hex": list(R)})
    refused(g, {"type": "dig", "hex": list(R)}, "T-A5b")        # the leader is one figure
    tiles = LAYOUT[:2] + [dict(LAYOUT[2], treasures=[])] + LAYOUT[3:]
    refused(game(tiles=tiles, figures=[fig(0, R, 2)]), {"type": "dig", "hex": list(R)}, "T-A5a")
    refused(g_with([fig(0, R, 2)], ap=2), {"type": "dig", "hex": list(R)}, "T-A5")


# --- T-A6 ---------------------------------------------------------------------------------------
def test_exchanging_singles_T_A6():
    g = game(seats=3, held={"0": [1, 2, 2], "1": [3, 4, 4], "2": [5, 5, 5]})
    ev = g.apply({"type": "exchange", "give": 1, "take": 3, "with": 1})
    # T-A6a: the other player cannot refuse
    assert ev[0] == {"type": "exchange", "seat": 0, "with": 1, "give": 1, "take": 3, "cost": 3,
                     "ap": 7}
    assert g.view(0)["held"] == {"0": [2, 2, 3], "1": [1, 4, 4], "2": [5, 5, 5]}
    # T-A6b: pairs and triples never split, on either side
    refused(g, {"type": "exchange", "give": 2, "take": 1, "with": 1}, "T-A6b")
    refused(g, {"type": "exchange", "give": 3, "take": 4, "with": 1}, "T-A6b")
    refused(g, {"type": "exchange", "give": 3, "take": 5, "with": 2}, "T-A6b")
    refused(g, {"type": "exchange", "give": 3, "take": 3, "with": 1}, "T-A6a")  # another kind
    refused(g, {"type": "exchange", "give": 3, "take": 1, "with": 0}, "T-A6a")  # another player
    refused(g, {"type": "exchange", "give": 6, "take": 1, "with": 1}, "T-A6a")  # none to give
    assert [a for a in g.legal_actions() if a["type"] == "exchange"] == [
        {"type": "exchange", "give": 3, "take": 1, "with": 1}]


def test_two_exchanges_can_build_a_pair_T_A6c():
    g = game(seats=3, held={"0": [1, 2], "1": [3], "2": [3]})
    g.apply({"type": "exchange", "give": 1, "take": 3, "with": 1})
    # checked anew: the 3 is still a single of seat 0, and seat 2's 3 is a single too
    g.apply({"type": "exchange", "give": 2, "take": 3, "with": 2})
    assert g.view(0)["held"]["0"] == [3, 3]
    assert g.view(0)["ap"] == 4                       # each exchange paid separately
    refused(g, {"type": "exchange", "give": 3, "take": 2, "with": 2}, "T-A6b")   # now a pair
    g2 = game(held={"0": [1], "1": [2]}, ap=2)
    refused(g2, {"type": "exchange", "give": 1, "take": 2, "with": 1}, "T-A6c")


# --- T-A7 ---------------------------------------------------------------------------------------
def test_building_camps_T_A7():
    g = g_with([fig(1, J, 1)])
    # T-A7b: nobody needs to stand there; figures of any player may be there
    ev = g.apply({"type": "camp", "hex": list(J)})
    assert ev[0] == {"type": "camp_built", "seat": 0, "hex": list(J), "cost": 5, "ap": 5}
    assert g.view(0)["camps"] == [{"seat": 0, "hex": list(J)}]
    assert g.view(0)["camps_left"] == [1, 2]
    refused(g, {"type": "camp", "hex": list(J)}, "T-A7a")        # one camp per hex
    for h in (BASE, T1, V, R, (4, -4)):                           # base, temple, volcano,
        refused(g, {"type": "camp", "hex": list(h)}, "T-A7a")     # treasure with tokens, empty
    ev = g.apply({"type": "camp", "hex": list(JUNGLE)})
    assert types(ev)[:2] == ["camp_built", "turn_ended"]          # the 10th AP spent


def test_camps_on_emptied_treasure_hexes_and_the_limit_T_A7a_T_A7c():
    tiles = LAYOUT[:2] + [dict(LAYOUT[2], treasures=[])] + LAYOUT[3:]
    g = game(tiles=tiles, camps=[{"seat": 0, "hex": list(J)}])
    g.apply({"type": "camp", "hex": list(R)})
    assert g.view(0)["camps_left"][0] == 0
    g2 = game(tiles=tiles, camps=[{"seat": 0, "hex": list(J)}, {"seat": 0, "hex": list(R)}])
    refused(g2, {"type": "camp", "hex": list(JUNGLE)}, "T-A7c")
    refused(game(tiles=tiles, ap=4), {"type": "camp", "hex": list(R)}, "T-A7")


def test_other_players_walk_through_camps_but_never_use_them_T_A7c():
    g = game(tiles=LAYOUT, seat=1, camps=[{"seat": 0, "hex": list(JUNGLE)}],
             figures=[fig(1, BASE, 1)])
    g.apply(move("worker", BASE, JUNGLE, T1))
    refused(g, {"type": "enter", "figure": "worker", "hex": list(JUNGLE)}, "T-A1")
    refused(g, {"type": "transfer", "figure": "worker", "from": list(T1), "to": list(BASE)},
            "T-A2")


# --- T-A8, T-L1 ----------------------------------------------------------------------------------
def test_a_guard_needs_a_majority_the_leader_counts_3_T_A8a_T_L1():
    # leader (3) against three workers (3): a tie, no majority
    g = g_with([fig(0, T1, 0, True), fig(1, T1, 3)])
    refused(g, {"type": "guard", "hex": list(T1), "figure": "leader"}, "T-A8a")
    assert not any(a["type"] == "guard" for a in g.legal_actions())
    # leader + 1 worker (4) against 3 workers: a majority
    g = g_with([fig(0, T1, 1, True), fig(1, T1, 3)])
    assert [a for a in g.legal_actions() if a["type"] == "guard"] == [
        {"type": "guard", "hex": list(T1), "figure": "worker"},
        {"type": "guard", "hex": list(T1), "figure": "leader"}]


def test_placing_a_guard_T_A8_T_A8b_T_A8c_T_A8d():
    g = g_with([fig(0, T1, 3, True), fig(1, T1, 2)])
    ev = g.apply({"type": "guard", "hex": list(T1), "figure": "worker"})
    # T-A8b: the chosen figure stands guard; all other own figures there leave the game
    assert ev[0] == {"type": "guard_placed", "seat": 0, "hex": list(T1), "figure": "worker",
                     "left_game": {"workers": 2, "leader": True}, "cost": 5, "ap": 5}
    v = g.view(1)
    assert v["guards"] == [{"seat": 0, "hex": list(T1), "figure": "worker"}]
    assert v["out"]["0"] == {"workers": 2, "leader": True}
    assert figures_on(g, 0, T1) == (0, False) and figures_on(g, 1, T1) == (2, False)
    assert v["guards_left"] == [1, 2]
    # T-A8c: the guard never moves; T-A8d: the temple is never uncovered again
    refused(g, move("worker", T1, T2), "T-A3")
    g.apply({"type": "end_turn"})
    g.apply({"type": "place_tile", "hex": [0, -2], "rotation": 3})
    refused(g, {"type": "uncover", "hex": list(T1)}, "T-A8d")
    # other players' figures stay and move as usual
    g.apply(move("worker", T1, T2))
    assert figures_on(g, 1, T1) == (1, False)


def test_guard_limits_T_A8e():
    g = g_with([fig(0, T2, 2)], guards=[{"seat": 1, "hex": list(T1), "figure": "worker"}])
    refused(g, {"type": "guard", "hex": list(T1), "figure": "worker"}, "T-A8e")   # one guard
    g = g_with([fig(0, T2, 2)], guards=[{"seat": 0, "hex": list(T1), "figure": "worker"},
                                        {"seat": 0, "hex": list(TEMPLE_N), "figure": "leader"}])
    refused(g, {"type": "guard", "hex": list(T2), "figure": "worker"}, "T-A8e")   # two per game
    refused(g, {"type": "guard", "hex": list(J), "figure": "worker"}, "T-A8")     # not a temple
    g = g_with([fig(0, T2, 2)], ap=4)
    refused(g, {"type": "guard", "hex": list(T2), "figure": "worker"}, "T-A8")
    g = g_with([fig(0, T2, 2)])
    refused(g, {"type": "guard", "hex": list(T2), "figure": "leader"}, "T-A8b")


# --- malformed actions ---------------------------------------------------------------------------
@pytest.mark.parametrize("action, rule", [
    ("end_turn", "T-T1"),
    ({"type": "fly"}, "T-T1"),
    ({}, "T-T1"),
    ({"type": "enter", "figure": "king", "hex": [0, 0]}, "T-A1"),
    ({"type": "enter", "figure": "worker", "hex": "0,0"}, "T-A1"),
    ({"type": "move", "figure": "worker", "path": [[2, -2], [2]]}, "T-A3"),
    ({"type": "uncover", "hex": [2.0, -2.0]}, "T-A4"),
    ({"type": "exchange", "give": 9, "take": 1, "with": 1}, "T-A6"),
    ({"type": "exchange", "give": 1, "take": 2, "with": "1"}, "T-A6a"),
    ({"type": "place_tile", "hex": [0, -2], "rotation": 6}, "T-P1"),
    ({"type": "bid", "amount": True}, "T-X3"),
])
def test_malformed_actions_are_refused_with_a_rule(action, rule):
    g = g_with([fig(0, T1, 1)])
    before = g.snapshot()
    with pytest.raises(MalformedAction) as info:
        g.apply(action)
    assert info.value.rule == rule and info.value.code == "malformed"
    assert isinstance(info.value, IllegalAction) and isinstance(info.value, ValueError)
    assert g.snapshot() == before


def test_auction_actions_in_the_base_game_T_X3():
    g = g_with()
    refused(g, {"type": "bid", "amount": 1}, "T-X3")
    refused(g, {"type": "pass"}, "T-X3")
    refused(g, {"type": "choose_tile", "tile": "A1"}, "T-X3")


def test_a_listed_step_and_a_longer_path_both_apply():
    g = g_with([fig(0, T1, 1)])
    steps = [a for a in g.legal_actions() if a["type"] == "move"]
    assert all(len(a["path"]) == 2 for a in steps)
    g2 = g.clone()
    g2.apply(steps[0])
    g.apply(move("worker", T1, JUNGLE, BASE, TEMPLE_N))        # 1 + 1 + 2 AP
    assert g.view(0)["ap"] == 6 and figures_on(g, 0, TEMPLE_N) == (1, False)
    assert first(g.apply({"type": "end_turn"}), "turn_ended")["ap"] == 6
