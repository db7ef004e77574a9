"""La Tortuga's own invariants over random legal play (2–7 seats, both options): cards are
conserved (L-C2: 24 = deck + held + removed + played), every turtle is on exactly one space
(L-R), the view follows the state (L-H1: the deck counted, not shown), the dice are uniform and
drawn from the seed (L-T1). What every game of the engine keeps (refusals change nothing, views
hold no hidden information, snapshot -> restore, every game ends) is in test_engine_contract.py.
"""
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.rng import Rng
from engine.tortuga import new_game
from engine.tortuga.cards import CARDS

from engine_support import random_play

SETTINGS = settings(max_examples=40, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 7), st.booleans(), st.integers(0, 2**32),
                  st.sampled_from([0, 1, "random"]))


def check_invariants(g):
    snap = g.snapshot()
    cards = snap["deck"] + snap["removed"] + snap["played"] + sum(snap["held"].values(), [])
    assert Counter(cards) == Counter(CARDS)
    on = [t for turtles in snap["stacks"].values() for t in turtles]
    assert sorted(on) == list(range(g.turtles))
    v = g.view(g.to_act)
    assert v["to_act"] == g.to_act and v["phase"] == g.phase
    assert v["deck_left"] == len(snap["deck"])
    assert v["turn_card"] is None or v["turn_card"] in snap["played"]


@SETTINGS
@given(games)
def test_random_games_conserve_the_cards_and_the_turtles_L_C2_L_R3(params):
    seats, cad, seed, first = params
    g = new_game(seats, seed, {"cards_as_dice": cad, "first": first})
    random_play(g, Rng(seed ^ 0x5EED), lambda g, i: check_invariants(g))
    check_invariants(g)


def test_dice_are_uniform_and_drawn_from_the_seed_L_T1():
    # L-T1: a die shows 1–6, each equally likely; the dice come from the game's seeded generator
    # (20 per draw, queued where a snapshot carries them).
    from engine.tortuga.flow import draw_dice

    s = new_game(4, 123, {}).s
    counts = Counter()
    for _ in range(3000):
        s.forced = []
        draw_dice(s)
        counts.update(s.forced)
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert all(abs(counts[f] - 10_000) < 400 for f in counts), counts   # sd ~ 91
    a, b = new_game(4, 5, {}), new_game(4, 5, {})
    draw_dice(a.s)
    draw_dice(b.s)
    assert a.s.forced == b.s.forced and len(a.s.forced) == 20
    assert a.snapshot()["dice"] == a.s.forced
