"""Scoring (T-V3, T-V4, T-V5): majorities, guards, treasure sets, the rulebook's 29 points."""
from tikal_support import LAYOUT, T1, T2, TEMPLE_N, TEMPLE_SE, first, game

B6_HEX, C5_HEX = (0, -2), (1, -2)


def rulebook_position(score0=0):
    """Seat 0 holds majorities on temples of value 3, 5, 5 and 8 and two pairs + two singles;
    a tied temple and a temple guarded by seat 1 (where seat 0 is stronger) score nothing for
    seat 0."""
    tiles = [dict(t) for t in LAYOUT] + [
        {"id": "P-temple-n", "hex": list(TEMPLE_N), "level": 3},
        {"id": "P-temple-se", "hex": list(TEMPLE_SE), "level": 8},
        {"id": "B6", "hex": list(B6_HEX)},                        # temple 3, tied
        {"id": "C5", "hex": list(C5_HEX)},                        # temple 3, guarded by seat 1
    ]
    tiles[0]["level"] = 5          # T1: printed 2, now 5
    tiles[3]["level"] = 5          # T2: printed 3, now 5
    figures = [
        {"seat": 0, "hex": list(TEMPLE_N), "workers": 1},
        {"seat": 0, "hex": list(TEMPLE_SE), "workers": 0, "leader": True},
        {"seat": 1, "hex": list(TEMPLE_SE), "workers": 2},         # 3 (leader) > 2
        {"seat": 0, "hex": list(T1), "workers": 2},
        {"seat": 2, "hex": list(T1), "workers": 1},
        {"seat": 0, "hex": list(T2), "workers": 1},
        {"seat": 0, "hex": list(B6_HEX), "workers": 2},
        {"seat": 2, "hex": list(B6_HEX), "workers": 2},           # a tie: nobody scores
        {"seat": 0, "hex": list(C5_HEX), "workers": 5},
    ]
    return game(seats=3, tiles=tiles, figures=figures, stack=[],
                guards=[{"seat": 1, "hex": list(C5_HEX), "figure": "worker"}],
                held={"0": [0, 0, 1, 1, 2, 3], "1": [7, 7, 7], "2": [2]},
                scores=[score0, 0, 0], last_placer=2,
                scoring={"kind": "final", "order": [0, 1, 2], "index": 0})


def test_the_rulebook_scoring_example_T_V4():
    g = rulebook_position()
    scored = first(g.apply({"type": "end_turn"}), "scored")
    # T-V4: majorities on temples 3, 5, 5 and 8 give 21 ...
    assert scored["temples"] == [
        {"hex": list(TEMPLE_N), "value": 3, "guarded": False},
        {"hex": list(TEMPLE_SE), "value": 8, "guarded": False},
        {"hex": list(T1), "value": 5, "guarded": False},
        {"hex": list(T2), "value": 5, "guarded": False}]
    assert scored["temple_points"] == 21
    # ... two pairs and two singles give 8 ...
    assert scored["treasures"] == [
        {"kind": 0, "count": 2, "points": 3}, {"kind": 1, "count": 2, "points": 3},
        {"kind": 2, "count": 1, "points": 1}, {"kind": 3, "count": 1, "points": 1}]
    assert scored["treasure_points"] == 8
    # ... the marker moves 29
    assert scored["total"] == 29 and scored["score"] == 29 and g.scores == [29, 0, 0]


def test_majorities_ties_and_guards_T_V3():
    g = rulebook_position()
    g.apply({"type": "end_turn"})
    scored = first(g.apply({"type": "end_turn"}), "scored")
    # seat 1 scores the temple it guards although seat 0 is stronger there; a triple gives 6
    assert scored["seat"] == 1
    assert scored["temples"] == [{"hex": list(C5_HEX), "value": 3, "guarded": True}]
    assert scored["treasures"] == [{"kind": 7, "count": 3, "points": 6}]
    assert scored["total"] == 9
    scored = first(g.apply({"type": "end_turn"}), "scored")
    # seat 2 is tied on B6 and outnumbered elsewhere: its single treasure only
    assert scored["temples"] == [] and scored["total"] == 1
    assert g.is_over and g.scores == [29, 9, 1] and g.winners == [0]


def test_scores_have_no_upper_bound_T_V5():
    g = rulebook_position(score0=95)
    assert first(g.apply({"type": "end_turn"}), "scored")["score"] == 124
    assert g.view(2)["scores"][0] == 124


def test_scoring_uses_the_values_at_the_moment_of_scoring_T_V3():
    # seat 0 uncovers T1 during its scoring turn; it scores the new value
    g = rulebook_position()
    g.apply({"type": "uncover", "hex": list(T1)})
    scored = first(g.apply({"type": "end_turn"}), "scored")
    assert {"hex": list(T1), "value": 6, "guarded": False} in scored["temples"]
    assert scored["total"] == 30


def test_breakdown_from_a_view_equals_the_scoring_T_V3():
    # engine.tikal.breakdown(view, seat): what the results screen shows, from any seat's view
    import engine.tikal

    g = rulebook_position()
    for viewer in (0, 2):
        b = engine.tikal.breakdown(g.view(viewer), 0)
        assert (b["temple_points"], b["treasure_points"], b["total"]) == (21, 8, 29)
    scored = first(g.apply({"type": "end_turn"}), "scored")
    assert engine.tikal.breakdown(g.view(1), 0)["temples"] == scored["temples"]
    assert engine.tikal.breakdown(g.view(1), 1)["total"] == 9
