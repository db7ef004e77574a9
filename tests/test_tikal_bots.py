"""Tikal bots: legal, deterministic, blind to hidden information, within budget.

Whole games mix every level (the hard bot with a small budget) in both variants and 2-4 seats; every
action a bot returns is applied by the real engine, which refuses anything illegal (IllegalAction).
Walks may be whole paths (T-A3: contract section 1 lets ``apply`` take longer paths than the
single steps ``legal_actions()`` lists); every other action must be one of the listed ones.
"""
import json

import pytest

import engine
from engine.bots import make_bot
from engine.bots.tikal_bots import search
from engine.bots.tikal_bots.value import Treasures, set_points
from engine.rng import Rng

LEVELS = ("easy", "normal", "hard")
SMALL = {"budget": 120, "samples": 4, "width": 3, "candidates": 2}


def bot(level, seat, seed, **kw):
    return make_bot("tikal", level, seat, seed, **(SMALL if level == "hard" else {}), **kw)


def key(a):
    return json.dumps(a, sort_keys=True)


def check_legal(g, action, legal):
    """T-A3 / T-M3: a walk is a chain of listed single steps paid within the AP; anything else is
    one of the listed actions."""
    if action["type"] == "move" and len(action["path"]) > 2:
        c = g.clone()
        for a, b in zip(action["path"], action["path"][1:]):
            step = {"type": "move", "figure": action["figure"], "path": [a, b]}
            assert key(step) in {key(x) for x in c.legal_actions()}, (action, step)
            c.apply(step)
    else:
        assert key(action) in {key(x) for x in legal}, action


def play(seats, variant, levels, seed, moves=None):
    g = engine.new_game("tikal", seats, seed, {"variant": variant})
    bots = [bot(levels[s % len(levels)], s, seed * 10 + s) for s in range(seats)]
    actions = []
    while not g.is_over and (moves is None or len(actions) < moves):
        seat = g.to_act
        legal = g.legal_actions()
        a = bots[seat].choose(g.view(seat), legal)
        check_legal(g, a, legal)
        g.apply(a)                  # raises engine.IllegalAction if it were not legal
        actions.append(key(a))
    return g, actions


@pytest.mark.parametrize("seats,variant,levels", [
    (4, "base", ("hard", "normal", "easy", "random")),
    (2, "base", ("normal", "hard")),
    (3, "auction", ("easy", "hard", "normal")),
    (4, "auction", ("normal", "easy", "random", "hard")),
])
@pytest.mark.slow
def test_whole_games_every_action_legal(seats, variant, levels):
    g, actions = play(seats, variant, levels, seed=seats * 7 + len(variant))
    assert g.is_over and g.winners           # T-E2: the game ends with winners
    kinds = {json.loads(a)["type"] for a in actions}
    assert {"place_tile", "enter", "move"} <= kinds
    if variant == "auction":
        assert kinds & {"bid", "pass"} and "choose_tile" in kinds      # T-X3


def test_deterministic_given_the_seed():
    _, a = play(2, "base", ("hard", "normal"), seed=3, moves=70)
    _, b = play(2, "base", ("hard", "normal"), seed=3, moves=70)
    assert a == b


def positions():
    """Decision points of a seeded auction game: a bid, a tile choice, a placement, AP phases."""
    g = engine.new_game("tikal", 3, 11, {"variant": "auction"})
    players = [bot("normal", s, s) for s in range(3)]
    found = {}
    while not g.is_over and len(found) < 4:
        seat = g.to_act
        view = g.view(seat)
        phase = view["phase"]
        if phase == "actions" and len(view["figures"]) < 3:
            phase = "early actions"
        if phase not in found and view["stack_left"] < 28:
            found[phase] = g.clone()
        g.apply(players[seat].choose(view, g.legal_actions()))
    return found


@pytest.mark.parametrize("level", LEVELS)
def test_same_choice_when_only_hidden_information_differs(level):
    """T-H1: the stack order and the face-down treasures are hidden; two games that differ only
    there get the same decision from a bot with the same seed."""
    for phase, g in positions().items():
        seat = g.to_act
        view = g.view(seat)
        g1, g2 = engine.sample_state(view, Rng(1)), engine.sample_state(view, Rng(2))
        s1, s2 = g1.snapshot(), g2.snapshot()
        assert (s1["stack"], s1["treasure_supply"]) != (s2["stack"], s2["treasure_supply"])
        assert g1.view(seat) == g2.view(seat) == view
        a1 = bot(level, seat, 5).choose(g1.view(seat), g1.legal_actions())
        a2 = bot(level, seat, 5).choose(g2.view(seat), g2.legal_actions())
        assert key(a1) == key(a2), phase


def test_budget_counts_evaluations():
    """A plan never evaluates more positions than its budget allows."""
    g = engine.new_game("tikal", 2, 4)
    b = bot("normal", 0, 1)
    while g.phase != "actions" or len(g.view(None)["figures"]) < 2:
        g.apply(b.choose(g.view(g.to_act), g.legal_actions()) if g.to_act == 0
                else bot("normal", 1, 2).choose(g.view(g.to_act), g.legal_actions()))
    for evals in (10, 25):
        seen = []
        budget = search.Budget(evals)
        search.beam_plan(search.with_reserve(g), g.to_act,
                         lambda s, dug: seen.append(1) or 0.0, 4, budget)
        assert len(seen) == evals and budget.out


def test_default_budget_bounds_the_work_of_a_decision(monkeypatch):
    """Default-budget decisions of the hard bot on mid-game positions (a placement with its whole
    turn's plan, an AP phase) evaluate at most HARD_BUDGET positions (a placement ranks every legal
    placement once, then gives each candidate at least one): the work is counted, never timed, so
    a busy machine cannot fail it; benchmarks/bots_bench.py prints the think time it takes here."""
    from engine.bots.tikal_bots import HARD_BUDGET, HARD_CANDIDATES
    from engine.bots.tikal_bots.value import Evaluator

    calls = [0]
    value = Evaluator.value

    def counted(self, *a, **kw):
        calls[0] += 1
        return value(self, *a, **kw)

    monkeypatch.setattr(Evaluator, "value", counted)
    g = engine.new_game("tikal", 4, 21)
    players = [bot("normal", s, s) for s in range(4)]
    counted_phases = []
    while len(counted_phases) < 2:
        seat = g.to_act
        view = g.view(seat)
        legal = g.legal_actions()
        if view["stack_left"] < 20 and view["phase"] in ("place", "actions") and \
                view["phase"] not in [p for p, _, _ in counted_phases]:
            hard = make_bot("tikal", "hard", seat, 1)
            calls[0] = 0
            hard.choose(view, legal)
            counted_phases.append((view["phase"], calls[0], len(legal)))
        g.apply(players[seat].choose(view, legal))
    for phase, evals, n_legal in counted_phases:
        bound = max(HARD_BUDGET, n_legal + HARD_CANDIDATES) if phase == "place" else HARD_BUDGET
        assert 0 < evals <= bound, counted_phases


def test_normal_beats_random():
    wins = 0
    for i in range(3):
        g = engine.new_game("tikal", 4, 100 + i)
        bots = [make_bot("tikal", "normal" if s == i else "random", s, s + i) for s in range(4)]
        while not g.is_over:
            g.apply(bots[g.to_act].choose(g.view(g.to_act), g.legal_actions()))
        wins += g.winners == [i]
    assert wins == 3


def test_expected_treasure_points():
    """T-V3 sets (1, 3, 6 points) in expectation over the unseen tokens: holding one of kind 0
    with every other token unseen, one more dig gives kind 0 (2 of 23 unseen) for +2 points, else
    a new single for +1."""
    view = {"held": {"0": [0], "1": []}}
    tr = Treasures(view)
    assert tr.unknown == (2, 3, 3, 3, 3, 3, 3, 3)
    assert tr.expected([1, 0, 0, 0, 0, 0, 0, 0], 0) == set_points([1]) == 1
    assert tr.gain([1, 0, 0, 0, 0, 0, 0, 0]) == pytest.approx(2 / 23 * 2 + 21 / 23 * 1)


def test_volcano_timing_follows_the_turn_order():
    """T-V1 (a volcano's drawer scores first, then clockwise, each after an AP phase), T-V2 (the
    drawer then takes a normal turn), T-E1 (the final round from the last placer's left): the
    order the hard bot plans with, for one known stack (a volcano second)."""
    from engine.bots.tikal_bots.schedule import SCORE, TURN, budgets, sequence
    g = engine.from_scenario({"game": "tikal", "seats": 3, "seed": 1, "seat": 0,
                              "stack": ["C1", "D3", "D1", "E1"]})
    ev = sequence(g.s, pending=False, volcanoes={1})
    T, S = (lambda p: (TURN, p)), (lambda p: (SCORE, p))
    assert ev == [T(1), T(2), S(2), T(0), S(0), T(1), S(1), T(2), T(0), T(1),
                  T(2), S(2), T(0), S(0), T(1), S(1)]
    turns, scorings = budgets(ev, 3)
    assert turns == [[1, 1, 1], [1, 2, 1], [0, 1, 1]] and scorings == [2, 2, 2]
    # With the seat's own AP phase still to come, it counts too.
    assert sequence(g.s, pending=True, volcanoes={1})[:2] == [T(0), T(1)]
