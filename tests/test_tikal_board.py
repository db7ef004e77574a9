"""Tikal components, setup, board geometry and stone costs (T-C, T-S, T-M1, T-M2, T-M4)."""
from collections import Counter

import pytest

from engine import tikal
from engine.tikal import board, tiles

from tikal_support import BASE, JUNGLE, LAYOUT, T1, T2, TEMPLE_N, TEMPLE_SE, J, R, V, game, move, refused


def test_the_tile_set_T_C1():
    # T-C1: 36 tiles, 15 temples, 10 jungles, 8 treasure tiles, 3 volcanoes in B, D, F.
    kinds = Counter(t.kind for t in tiles.TILE_LIST)
    assert kinds == {"temple": 15, "jungle": 10, "treasure": 8, "volcano": 3}
    assert sorted(t.id for t in tiles.TILE_LIST if t.kind == "volcano") == ["B1", "D3", "F2"]
    assert Counter(t.letter for t in tiles.TILE_LIST) == dict(A=6, B=6, C=5, D=5, E=5, F=5, G=4)
    values = Counter(t.value for t in tiles.TILE_LIST if t.kind == "temple")
    assert values == {1: 1, 2: 3, 3: 4, 4: 3, 5: 3, 6: 1}
    assert sorted(t.masks for t in tiles.TILE_LIST if t.masks) == [2, 2, 2, 3, 3, 4, 4, 4]
    assert tiles.TILES["C5"].stones == (0, 0, 0, 3, 0, 0)
    assert tiles.TILES["D4"].stones == (0, 1, 0, 1, 0, 1)


def test_tokens_and_figures_T_C2_T_C3_T_C4():
    # T-C2: 8 kinds x 3; T-C3: 48 level tokens; T-C4: a leader and 18 workers, 2 camps.
    assert tiles.TREASURE_KINDS * tiles.TREASURE_COPIES == 24
    assert tiles.LEVEL_TOKENS == {2: 3, 3: 6, 4: 9, 5: 11, 6: 8, 7: 5, 8: 3, 9: 2, 10: 1}
    g = tikal.new_game(3, 5)
    v = g.view(0)
    assert v["supply"] == [{"workers": 18, "leader": True}] * 3
    assert v["camps_left"] == [2, 2, 2] and v["guards_left"] == [2, 2, 2]
    assert v["levels_left"] == {str(k): n for k, n in tiles.LEVEL_TOKENS.items()}
    assert v["treasure_supply"] == 24 and v["held"] == {"0": [], "1": [], "2": []}
    with pytest.raises(ValueError):
        tikal.new_game(5, 1)          # 2-4 players


def test_board_geometry():
    assert len(board.HEXES) == 40
    assert board.HEXES[:5] == ((0, -4), (0, -3), (0, -2), (0, -1), (0, 0))
    assert board.HEXES[-5:] == ((7, -7), (7, -6), (7, -5), (7, -4), (7, -3))
    # the base camp is the bottom-left hex: three neighbours on the board, N, NE and SE
    assert [n for _, n in board.NEIGHBOURS[BASE]] == [TEMPLE_N, JUNGLE, TEMPLE_SE]
    assert max(board.distance(BASE, h) for h in board.HEXES) == 7
    # a corner with two neighbours only
    assert [n for _, n in board.NEIGHBOURS[(0, -4)]] == [(1, -4), (0, -3)]


def test_rotation_turns_stones_clockwise():
    # tikal-tiles.md: rotation k turns the tile clockwise by k x 60 degrees: edge i faces (i+k)%6
    assert tiles.rotated((1, 0, 0, 2, 0, 0), 1) == (0, 1, 0, 0, 2, 0)
    assert tiles.rotated((1, 0, 0, 2, 0, 0), 3) == (2, 0, 0, 1, 0, 0)
    assert tiles.rotated((0, 0, 0, 3, 0, 0), 2) == (0, 0, 0, 0, 0, 3)


def test_the_printed_hexes_T_S1():
    # T-S1: base camp, two temples of value 1 and a jungle, printed on the board.
    v = tikal.new_game(2, 1).view(0)
    printed = {t["id"]: t for t in v["tiles"] if t["id"].startswith("P-")}
    assert {k: tuple(t["hex"]) for k, t in printed.items()} == {
        "P-base": BASE, "P-temple-n": TEMPLE_N, "P-jungle": JUNGLE, "P-temple-se": TEMPLE_SE}
    assert printed["P-temple-n"]["level"] == 1 and printed["P-temple-se"]["level"] == 1


def test_the_stack_by_letters_T_S2():
    # T-S2: shuffled within each letter, A on top ... G at the bottom; the order is hidden.
    a = tikal.new_game(2, 1).snapshot()
    b = tikal.new_game(2, 2).snapshot()
    # the first tile is drawn at once (it is A), so 35 are left in the stack
    for snap in (a, b):
        letters = [t[0] for t in snap["stack"]]
        assert letters == sorted(letters) and len(letters) == 35
        assert snap["drawn"][0] == "A"
    assert a["stack"] != b["stack"]
    v = tikal.new_game(2, 1).view(0)
    assert "stack" not in v and v["stack_left"] == 35 and v["next_letter"] == "A"


def test_scores_start_at_zero_and_figures_in_supply_T_S3():
    # T-S3: scores start at 0; all figures and camps start in the players' supply
    g = tikal.new_game(4, 3)
    assert g.scores == [0, 0, 0, 0]
    v = g.view(None)
    assert v["figures"] == [] and v["camps"] == [] and v["guards"] == []


def test_the_starting_player_T_S4():
    # T-S4 decision: the host picks the first seat: default 0, an int, or "random".
    assert tikal.new_game(3, 9).to_act == 0
    assert tikal.new_game(3, 9, {"first": 2}).to_act == 2
    firsts = {tikal.new_game(4, seed, {"first": "random"}).to_act for seed in range(20)}
    assert firsts == {0, 1, 2, 3}
    assert tikal.new_game(4, 4, {"first": "random"}).snapshot() == \
        tikal.new_game(4, 4, {"first": "random"}).snapshot()
    with pytest.raises(ValueError):
        tikal.new_game(3, 9, {"first": 3})


# --- stone costs ---------------------------------------------------------------------------------
def layout_game(**kw):
    return game(tiles=LAYOUT, figures=[{"seat": 0, "hex": list(T1), "workers": 3}], **kw)


def test_stone_costs_rulebook_style_T_M4():
    # T-M4, on our own hand-checked layout (tikal_support.LAYOUT):
    # temple -> jungle costs 3 (2 stones on T1's edge + 1 on J's facing edge, T-M1)
    g = layout_game()
    ev = g.apply(move("worker", T1, J))
    assert ev[0]["cost"] == 3 and g.view(0)["ap"] == 7
    # temple -> treasure: no stones on either side of their border, no direct path (T-M1) ...
    refused(game(tiles=LAYOUT, figures=[{"seat": 0, "hex": list(T1), "workers": 1}]),
            move("worker", T1, R), "T-M1")
    # ... the way through the jungle costs 3 + 3 = 6 (only R carries stones on J|R)
    g = layout_game()
    ev = g.apply(move("worker", T1, J, R))
    assert ev[0]["cost"] == 6 and ev[0]["path"] == [list(T1), list(J), list(R)]
    # temple -> temple costs 1 (T2's single stone)
    g = layout_game()
    assert g.apply(move("worker", T1, T2))[0]["cost"] == 1


def test_a_volcano_is_never_entered_T_M2():
    # T1's S edge and P-jungle's SE edge carry stones towards the volcano: still no way in.
    g = layout_game()
    refused(g, move("worker", T1, V), "T-M2")
    assert not any(a["type"] == "move" and a["path"][1] == list(V) for a in g.legal_actions())


def test_costs_are_listed_as_single_steps_within_the_ap():
    g = layout_game(ap=2)
    steps = sorted(a["path"][1] for a in g.legal_actions() if a["type"] == "move")
    # T1 -> T2 costs 1 and T1 -> P-jungle costs 1 (P-jungle's NE stone); J costs 3 > 2 AP
    assert steps == sorted([list(T2), list(JUNGLE)])


def test_reachable_from_a_view():
    # the client's helper: cheapest costs and one cheapest path per hex, from the view alone
    g = layout_game()
    r = tikal.reachable(g.view(1), 1, list(T1), 10)
    assert {h: x["cost"] for h, x in r.items()} == {
        JUNGLE: 1, T2: 1, BASE: 2, J: 3, TEMPLE_N: 4, TEMPLE_SE: 4, R: 6}
    assert r[R]["path"] == [list(T1), list(J), list(R)]
    assert r[TEMPLE_N]["path"] == [list(T1), list(JUNGLE), list(BASE), list(TEMPLE_N)]
    # within 5 AP the treasure is out of reach; the default budget is the view's AP
    assert R not in tikal.reachable(g.view(0), 0, T1, 5)
    g.apply(move("worker", T1, T2))          # 9 AP left
    assert set(tikal.reachable(g.view(0), 0, T1)) == {JUNGLE, T2, BASE, J, TEMPLE_N, TEMPLE_SE, R}
    # every listed path applies for exactly its cost
    for h, x in tikal.reachable(g.view(0), 0, T1, 9).items():
        g2 = g.clone()
        assert g2.apply(move("worker", *x["path"]))[0]["cost"] == x["cost"]
    # the game offers the same from its own state
    assert {h: c for h, (c, _) in g.reachable(T1, 10).items()} == \
        {h: x["cost"] for h, x in r.items()}
