"""Read-only helpers a client reads from a Tikal view (engine/tikal/analysis.py) and the history
of scoring rounds a view carries: who holds each temple (T-L1, T-V3), what a scoring would give
now (T-V3), the stack's letters and volcanoes (T-S2, T-C1), every scoring round so far (T-V1,
T-E1)."""
import pytest

from engine import tikal
from engine.rng import Rng
from engine.tikal.analysis import scoring_now, stack_outlook, temple_holders

from tikal_support import BASE, TEMPLE_N, TEMPLE_SE, game


def random_game(seed: int, seats: int = 3, variant: str = "base"):
    """A whole random game: yields (game, events) after every action."""
    g = tikal.new_game(seats, seed, {"variant": variant})
    rng = Rng(seed)
    while not g.is_over:
        events = g.apply(rng.choice(g.legal_actions()))
        yield g, events


def test_T_L1_T_V3_holders_strengths_ties_and_guards():
    g = game(seats=3, figures=[{"seat": 0, "hex": list(TEMPLE_N), "workers": 3, "leader": False},
                               {"seat": 1, "hex": list(TEMPLE_N), "workers": 0, "leader": True},
                               {"seat": 2, "hex": list(TEMPLE_N), "workers": 1, "leader": False},
                               {"seat": 1, "hex": list(TEMPLE_SE), "workers": 2, "leader": False},
                               {"seat": 2, "hex": list(BASE), "workers": 4, "leader": False}],
             guards=[{"seat": 2, "hex": list(TEMPLE_SE), "figure": "worker"}])
    by_hex = {tuple(t["hex"]): t for t in temple_holders(g.view(0))}
    north, southeast = by_hex[TEMPLE_N], by_hex[TEMPLE_SE]
    # three workers against the leader (strength 3): level, nobody holds it
    assert north["strengths"] == [3, 3, 1] and north["holder"] is None and north["tied"]
    # a guarded temple is its guard's owner's, whoever is strongest there
    assert southeast["guard"] == 2 and southeast["holder"] == 2 and southeast["strengths"] == [0, 2, 0]
    assert not southeast["tied"] and set(by_hex) == {TEMPLE_N, TEMPLE_SE}  # only temples


@pytest.mark.parametrize("seed, variant", [(3, "base"), (8, "auction")])
def test_T_V3_holders_and_scoring_now_agree_with_the_engines_scoring_all_game_long(seed, variant):
    for i, (g, _) in enumerate(random_game(seed, 3, variant)):
        if i % 9:
            continue
        view = g.view(None)
        now = scoring_now(view)
        holders = temple_holders(view)
        for seat in range(3):
            assert now[seat] == tikal.breakdown(view, seat)
            held = sorted(tuple(t["hex"]) for t in holders if t["holder"] == seat)
            assert held == sorted(tuple(t["hex"]) for t in now[seat]["temples"])


def test_T_S2_stack_outlook_counts_every_letter_and_the_volcanoes_left():
    seen_volcano_drawn = False
    for g, events in random_game(5, 2):
        view = g.view(0)
        out = stack_outlook(view)
        letters = dict(out["letters"])
        assert list(letters) == list("ABCDEFG")
        assert sum(letters.values()) == view["stack_left"]
        top = next((letter for letter, n in out["letters"] if n), None)
        assert top == view["next_letter"]              # T-S2: the first letter with tiles is on top
        assert set(out["volcanoes"]) <= {"B", "D", "F"} and len(out["volcanoes"]) == len(set(out["volcanoes"]))
        assert all(letters[v] for v in out["volcanoes"])
        if any(e["type"] == "tile_drawn" and e["kind"] == "volcano" for e in events):
            seen_volcano_drawn = True
            assert events[-1]["type"] != "tile_drawn" or view["volcano"]  # set aside: out of the stack
    assert seen_volcano_drawn
    assert stack_outlook(tikal.new_game(2, 1).view(0))["volcanoes"] == ["B", "D", "F"]


@pytest.mark.parametrize("variant", ["base", "auction"])
def test_T_V1_T_E1_every_scoring_round_stays_in_the_view(variant):
    rounds_seen = []
    for g, events in random_game(11, 3, variant):
        for ev in events:
            if ev["type"] == "scoring_started":
                rounds_seen.append({"kind": ev["kind"], "scored": []})
            elif ev["type"] == "scored":
                rounds_seen[-1]["scored"].append({"seat": ev["seat"], "temples": ev["temple_points"],
                                                  "treasures": ev["treasure_points"], "total": ev["total"]})
        view = g.view(0)
        assert view["rounds"] == rounds_seen
    assert rounds_seen[-1]["kind"] == "final" and len(rounds_seen) >= 2
    assert all(len(r["scored"]) == 3 for r in rounds_seen)
    # the sum of every round is each seat's score gain (the auction's bids aside)
    if variant == "base":
        totals = [sum(e["total"] for r in rounds_seen for e in r["scored"] if e["seat"] == s) for s in range(3)]
        assert totals == g.scores
    # it survives a snapshot, a restore and a view rebuilt into a game (sample_state)
    assert tikal.restore(g.snapshot()).view(0)["rounds"] == rounds_seen
    assert tikal.sample_state(g.view(1), Rng(2)).view(1)["rounds"] == rounds_seen


def test_a_malformed_rounds_history_is_refused():
    for bad in ([{"kind": "eruption", "scored": []}], [{"kind": "final", "scored": [{"seat": 9, "temples": 0,
                                                                                      "treasures": 0, "total": 0}]}],
                {"kind": "final"}):
        with pytest.raises(tikal.ScenarioError):
            game(rounds=bad)
