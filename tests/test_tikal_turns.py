"""Turns, placing tiles, volcanoes and the end of the game, read like games
(T-T1, T-T2, T-P1..T-P4, T-V1, T-V2, T-E1, T-E2)."""
import pytest

from engine import tikal

from tikal_support import LAYOUT, T2, R, first, full_board, game, refused, types

END = {"type": "end_turn"}


def test_a_turn_draws_places_then_spends_10_ap_T_T1():
    g = game(stack=["A1", "A3", "B2"], ap=4)
    ev = g.apply(END)
    # T-T1: unused AP are lost; the next player draws the top tile (shown to all) and places it
    assert types(ev) == ["turn_ended", "tile_drawn"]
    assert ev[0] == {"type": "turn_ended", "seat": 0, "kind": "normal", "ap": 4}
    assert ev[1]["tile"] == "A1" and ev[1]["reveal"] is True and ev[1]["next_letter"] == "A"
    assert (g.phase, g.to_act, g.view(0)["drawn"], g.view(0)["ap"]) == ("place", 1, "A1", 0)
    assert all(a["type"] == "place_tile" for a in g.legal_actions())
    refused(g, END, "T-T1")                           # place the tile first
    refused(g, {"type": "enter", "figure": "worker", "hex": [0, 0]}, "T-T1")
    ev = g.apply({"type": "place_tile", "hex": [0, -2], "rotation": 3})
    assert types(ev) == ["tile_placed", "turn_started"]
    assert ev[1] == {"type": "turn_started", "seat": 1, "kind": "normal", "ap": 10}
    assert (g.phase, g.to_act, g.view(0)["ap"]) == ("actions", 1, 10)


def test_the_ap_phase_ends_by_itself_at_0_ap():
    g = game(stack=["A1", "A3"], ap=10,
             figures=[{"seat": 0, "hex": [1, -1], "workers": 1}])
    g.apply({"type": "camp", "hex": [1, -1]})        # 5 AP
    ev = g.apply({"type": "enter", "figure": "worker", "hex": [1, -1]})   # 1 AP
    assert g.to_act == 0
    g.apply({"type": "enter", "figure": "worker", "hex": [0, 0]})
    g.apply({"type": "enter", "figure": "leader", "hex": [0, 0]})
    g.apply({"type": "enter", "figure": "worker", "hex": [0, 0]})
    ev = g.apply({"type": "enter", "figure": "worker", "hex": [0, 0]})    # the 10th AP
    assert types(ev) == ["figure_entered", "turn_ended", "tile_drawn"]
    assert g.to_act == 1 and g.phase == "place"


def test_placing_needs_an_explored_neighbour_T_P1():
    g = game(stack=["A1"])
    g.apply(END)
    refused(g, {"type": "place_tile", "hex": [0, -4], "rotation": 0}, "T-P1")   # far away
    refused(g, {"type": "place_tile", "hex": [1, -1], "rotation": 0}, "T-P1")   # explored
    refused(g, {"type": "place_tile", "hex": [9, 9], "rotation": 0}, "T-P1")    # off the board
    # the four hexes next to the printed ones, every rotation (their stones reach them)
    hexes = sorted({tuple(a["hex"]) for a in g.legal_actions()})
    assert hexes == [(0, -2), (1, -2), (2, -2), (2, -1)]
    assert len(g.legal_actions()) == 4 * 6


def test_stones_must_lead_to_the_new_tile_T_P2():
    # (4,-3) touches T2 and R, neither with a stone on that border: C2's three stones must face
    # one of them (rotation 1: SW towards T2, rotation 2: NW towards R).
    g = game(tiles=LAYOUT, stack=["C2", "A1"])
    g.apply(END)
    rots = [a["rotation"] for a in g.legal_actions() if a["hex"] == [4, -3]]
    assert rots == [1, 2]
    refused(g, {"type": "place_tile", "hex": [4, -3], "rotation": 0}, "T-P2")
    ev = g.apply({"type": "place_tile", "hex": [4, -3], "rotation": 1})
    assert ev[0]["hex"] == [4, -3] and ev[0]["rotation"] == 1
    # it now connects to T2 across 3 stones
    assert g.reachable(T2, 10)[(4, -3)][0] == 3


def test_a_treasure_tile_gets_its_tokens_T_P3():
    # T-P3: as many face-down tokens as the tile shows masks, from the top of the supply
    g = game(stack=["A2", "A5"])
    g.apply(END)
    ev = g.apply({"type": "place_tile", "hex": [0, -2], "rotation": 0})
    assert ev[0]["treasures"] == 4          # A2 shows 4 masks
    v = g.view(0)
    assert next(t for t in v["tiles"] if t["id"] == "A2")["treasures"] == 4
    assert v["treasure_supply"] == 20


def test_fewer_tokens_when_the_supply_runs_short_T_P3():
    # T-P3: fewer tokens if the supply runs out
    # 21 tokens held: only the three 7s are left in the supply
    held = [k for k in range(7) for _ in range(3)]
    g = game(stack=["A2"], held={"0": held})
    assert g.view(0)["treasure_supply"] == 3
    g.apply(END)
    ev = g.apply({"type": "place_tile", "hex": [0, -2], "rotation": 0})
    assert ev[0]["treasures"] == 3
    assert next(t for t in g.snapshot()["tiles"] if t["id"] == "A2")["treasures"] == [7, 7, 7]
    assert g.snapshot()["treasure_supply"] == []


def test_a_walled_in_tile_is_placed_anyway_T_P4():
    # (7,-7) touches only the three volcanoes: G2 has no placement meeting T-P2. T-P4: it goes
    # on any empty hex meeting T-P1 (here the corner), in any rotation; nobody loses a turn.
    g = game(seats=3, tiles=full_board("G2"), stack=["G2"])
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "tile_drawn"]
    assert (g.phase, g.to_act, g.view(0)["drawn"]) == ("place", 1, "G2")
    assert g.legal_actions() == [{"type": "place_tile", "hex": [7, -7], "rotation": k}
                                 for k in range(6)]
    refused(g, {"type": "place_tile", "hex": [6, -7], "rotation": 0}, "T-P1")   # explored
    ev = g.apply({"type": "place_tile", "hex": [7, -7], "rotation": 4})
    assert types(ev) == ["tile_placed", "turn_started"]
    assert ev[0]["hex"] == [7, -7] and ev[0]["rotation"] == 4
    assert g.view(0)["removed"] == [] and g.view(0)["stack_left"] == 0
    # the final round keeps its order: from the player after seat 1, who placed the last tile
    ev = g.apply(END)
    assert first(ev, "scoring_started") == {"type": "scoring_started", "kind": "final",
                                            "order": [2, 0, 1]}


def test_walled_in_tiles_take_any_rotation_on_every_free_hex_T_P4():
    # two empty hexes touch only the volcanoes: G2 may go on either, turned any way; G1, the
    # next player's tile, then takes the last one (T-P1 still holds: next to an explored hex)
    tiles = full_board("G2", "G1", empty=((0, -4), (0, -3)), ring=((1, -4), (1, -3), (0, -2)))
    g = game(seats=2, tiles=tiles, stack=["G2", "G1"])
    g.apply(END)
    assert {(tuple(a["hex"]), a["rotation"]) for a in g.legal_actions()} == {
        (h, k) for h in ((0, -4), (0, -3)) for k in range(6)}
    g.apply({"type": "place_tile", "hex": [0, -3], "rotation": 2})
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "tile_drawn"] and g.to_act == 0
    assert {tuple(a["hex"]) for a in g.legal_actions()} == {(0, -4)}
    g.apply(g.legal_actions()[0])
    assert len(g.view(0)["tiles"]) == 40                # every hex explored, nothing removed


def test_an_older_game_still_removes_an_unplaceable_tile_T_P4():
    # A game played under rules 1 (before the T-P4 decision changed) replays as it was played:
    # the tile is shown and removed; the stack is empty: 10 AP without a tile, and seat 1 counts
    # as the one who placed the last tile (T-E1).
    g = game(seats=3, tiles=full_board("G2"), stack=["G2"], rules=1)
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "tile_drawn", "tile_removed", "turn_started"]
    assert first(ev, "tile_removed") == {"type": "tile_removed", "seat": 1, "tile": "G2",
                                         "rule": "T-P4"}
    assert (g.phase, g.to_act, g.view(0)["ap"]) == ("actions", 1, 10)
    assert g.view(0)["removed"] == ["G2"] and g.view(0)["stack_left"] == 0
    assert g.view(0)["rules"] == 1 and tikal.restore(g.snapshot()).snapshot() == g.snapshot()
    ev = g.apply(END)
    assert first(ev, "scoring_started") == {"type": "scoring_started", "kind": "final",
                                            "order": [2, 0, 1]}
    # one after the other: G2 removed, G1 drawn and removed too; the stack is spent
    tiles = full_board("G2", "G1", empty=((0, -4), (0, -3)), ring=((1, -4), (1, -3), (0, -2)))
    g = game(seats=2, tiles=tiles, stack=["G2", "G1"], rules=1)
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "tile_drawn", "tile_removed", "tile_drawn",
                         "tile_removed", "turn_started"]
    assert g.view(0)["removed"] == ["G2", "G1"] and (g.to_act, g.phase) == (1, "actions")


def test_new_games_play_the_current_rules_and_older_ones_replay_T_P4():
    assert tikal.new_game(2, 1).view(0)["rules"] == 2
    old = tikal.new_game(2, 1, rules=1)
    assert old.view(0)["rules"] == 1 and old.snapshot()["rules"] == 1
    with pytest.raises(tikal.ScenarioError):
        tikal.new_game(2, 1, rules=7)
    with pytest.raises(tikal.ScenarioError):
        game(rules=0)


def test_a_volcano_starts_a_scoring_round_T_T2_T_V1_T_V2():
    g = game(seats=3, seat=2, stack=["B1", "A1", "A3"],
             figures=[{"seat": 0, "hex": [0, -1], "workers": 2},
                      {"seat": 1, "hex": [1, 0], "workers": 1}],
             held={"1": [4, 4]})
    ev = g.apply(END)
    # T-T2: seat 0 draws the volcano; before it is placed, a scoring round starts with seat 0
    assert types(ev) == ["turn_ended", "tile_drawn", "scoring_started", "turn_started"]
    assert first(ev, "scoring_started") == {"type": "scoring_started", "kind": "volcano",
                                            "order": [0, 1, 2], "seat": 0, "tile": "B1"}
    assert first(ev, "turn_started") == {"type": "turn_started", "seat": 0, "kind": "scoring",
                                         "ap": 10}
    v = g.view(1)
    assert v["scoring"] == {"kind": "volcano", "order": [0, 1, 2], "index": 0}
    assert v["drawn"] is None and v["volcano"] == {"tile": "B1", "seat": 0}
    # T-V1: spend up to 10 AP (no tile), then score; then the others clockwise
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "scored", "turn_started"]
    assert first(ev, "scored")["total"] == 1 and first(ev, "scored")["temples"] == [
        {"hex": [0, -1], "value": 1, "guarded": False}]
    ev = g.apply(END)
    assert first(ev, "scored")["seat"] == 1 and first(ev, "scored")["total"] == 1 + 3
    ev = g.apply(END)
    assert types(ev) == ["turn_ended", "scored", "scoring_ended"]
    assert g.scores == [1, 4, 0]
    # T-V2: then the drawer places the volcano (any rotation; listed with rotation 0 only)
    assert (g.phase, g.to_act, g.view(0)["drawn"], g.view(0)["scoring"]) == \
        ("place", 0, "B1", None)
    assert {a["rotation"] for a in g.legal_actions()} == {0}
    assert {tuple(a["hex"]) for a in g.legal_actions()} == {(0, -2), (1, -2), (2, -2), (2, -1)}
    ev = g.apply({"type": "place_tile", "hex": [2, -2], "rotation": 4})
    assert ev[0]["kind"] == "volcano"
    # ... and takes a normal 10-AP turn without drawing; then play goes on with seat 1
    assert ev[1] == {"type": "turn_started", "seat": 0, "kind": "normal", "ap": 10}
    assert g.view(0)["stack_left"] == 2
    ev = g.apply(END)
    assert first(ev, "tile_drawn")["seat"] == 1 and first(ev, "tile_drawn")["tile"] == "A1"


def test_the_final_round_after_the_last_tile_T_E1():
    g = game(seats=3, seat=0, stack=["A1"],
             figures=[{"seat": 2, "hex": [0, -1], "workers": 1}])
    g.apply(END)
    g.apply({"type": "place_tile", "hex": [0, -2], "rotation": 3})
    assert g.to_act == 1 and g.phase == "actions"
    ev = g.apply(END)
    # seat 1 placed the last tile and spent its AP: a final round from seat 2 round to seat 1
    assert first(ev, "scoring_started") == {"type": "scoring_started", "kind": "final",
                                            "order": [2, 0, 1]}
    assert g.to_act == 2 and g.view(0)["scoring"]["kind"] == "final"
    g.apply(END)
    g.apply(END)
    assert not g.is_over and g.winners == []
    ev = g.apply(END)
    assert ev[-1] == {"type": "game_over", "scores": [0, 0, 1], "winners": [2]}
    assert g.is_over and g.to_act is None and g.phase == "over" and g.legal_actions() == []
    refused(g, END, "T-E2")


def test_tied_winners_share_the_victory_T_E2():
    g = game(seats=3, stack=[], scores=[7, 3, 7],
             scoring={"kind": "final", "order": [1, 2, 0], "index": 2}, last_placer=0)
    ev = g.apply(END)
    assert ev[-1] == {"type": "game_over", "scores": [7, 3, 7], "winners": [0, 2]}
    assert g.winners == [0, 2] and g.view(None)["winners"] == [0, 2]


def test_a_treasure_hex_cannot_be_placed_on_twice():
    g = game(tiles=LAYOUT, stack=["A1"])
    g.apply(END)
    refused(g, {"type": "place_tile", "hex": list(R), "rotation": 0}, "T-P1")
