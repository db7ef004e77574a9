"""Property tests over random legal La Tortuga play (2–7 seats, both options).

Checked at every step: legal_actions() non-empty until over, and it is exactly the set of actions
apply() accepts (every other candidate is refused and leaves the snapshot unchanged); cards are
conserved (L-C2: 24 = deck + held + removed + played); every turtle is on exactly one space;
everything is JSON-safe with string keys. At sampled steps: snapshot -> restore has the same
future; sampled hidden information (L-H1) gives identical views; every game ends.
"""
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.rng import Rng
from engine.tortuga import new_game, restore, sample_state
from engine.tortuga.cards import CARDS

MAX_STEPS = 20_000
SETTINGS = settings(max_examples=40, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
games = st.tuples(st.integers(2, 7), st.booleans(), st.integers(0, 2**32),
                  st.sampled_from([0, 1, "random"]))


def candidates(g):
    """Every action a client could send, the legal ones among them."""
    acts = [{"type": "roll"}, {"type": "stop"}]
    acts += [{"type": "play_card", "eggs": e} for e in range(0, 8)]
    acts += [{"type": "choose_turtle", "turtle": t} for t in range(-1, 15)]
    return acts


def string_keys(x, where="x"):
    if isinstance(x, dict):
        for k, v in x.items():
            assert isinstance(k, str), f"{where}: key {k!r} is not a string"
            string_keys(v, f"{where}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            string_keys(v, f"{where}[{i}]")
    else:
        assert x is None or type(x) in (int, str, bool), f"{where}: {x!r} is not JSON-safe"


def check_invariants(g):
    snap = g.snapshot()
    cards = snap["deck"] + snap["removed"] + snap["played"] + sum(snap["held"].values(), [])
    assert Counter(cards) == Counter(CARDS)
    on = [t for turtles in snap["stacks"].values() for t in turtles]
    assert sorted(on) == list(range(g.turtles))
    v = g.view(g.to_act)
    assert v["to_act"] == g.to_act and v["phase"] == g.phase
    assert v["deck_left"] == len(snap["deck"])
    string_keys(snap, "snapshot")
    string_keys(v, "view")
    return snap


def play(seats, cad, seed, first, check_every=1, deep_every=37):
    g = new_game(seats, seed, {"cards_as_dice": cad, "first": first})
    rng = Rng(seed ^ 0x5EED)
    history = []
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "no legal action before the end"
        if steps % check_every == 0:
            check_invariants(g)
        if steps % deep_every == 0:
            accepted_exactly_legal(g, legal)
            hidden_info_does_not_show(g)
            history.append(("snapshot", g.snapshot()))
        action = legal[rng.below(len(legal))]
        events = g.apply(action)
        string_keys(events, "events")
        history.append(("action", action, events))
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
    assert g.to_act is None and g.legal_actions() == [] and g.winners
    assert g.view(None)["winners"] == g.winners
    check_invariants(g)
    return g, history


def accepted_exactly_legal(g, legal):
    for a in candidates(g):
        before = g.snapshot()
        if a in legal:
            c = g.clone()
            c.apply(a)
            assert g.snapshot() == before
        else:
            try:
                g.apply(a)
            except IllegalAction as e:
                assert e.rule.startswith("L-") and e.reason
            else:
                raise AssertionError(f"{a} applied though not in {legal}")
            assert g.snapshot() == before


def hidden_info_does_not_show(g):
    # Two states that differ only in hidden information (deck order, removed cards, generator)
    # give identical views to every seat; sample_state makes such states from a view.
    v = g.view(0)
    a = sample_state(v, Rng(1))
    b = sample_state(v, Rng(2))
    for seat in [None] + list(range(g.seats)):
        assert a.view(seat) == b.view(seat) == g.view(seat)
    assert a.legal_actions() == b.legal_actions() == g.legal_actions()


@SETTINGS
@given(games)
def test_random_games_keep_the_invariants_and_end(params):
    # L-C2 conservation, L-H1 views, L-X1 every game ends.
    seats, cad, seed, first = params
    g, history = play(seats, cad, seed, first)
    # snapshot -> restore gives the same future: the same events, the same final snapshot
    marks = [i for i, h in enumerate(history) if h[0] == "snapshot"]
    assert marks
    for start in marks[:: max(1, len(marks) // 4)]:
        r = restore(history[start][1])
        for h in history[start + 1:]:
            if h[0] == "snapshot":
                assert r.snapshot() == h[1]
            else:
                assert r.apply(h[1]) == h[2]
        assert r.snapshot() == g.snapshot()


@SETTINGS
@given(games)
def test_same_seed_same_game(params):
    seats, cad, seed, first = params
    g1, h1 = play(seats, cad, seed, first, check_every=10**9, deep_every=10**9)
    g2, h2 = play(seats, cad, seed, first, check_every=10**9, deep_every=10**9)
    assert h1 == h2 and g1.snapshot() == g2.snapshot()


def test_clone_is_independent_and_equal():
    g = new_game(3, 11, {"cards_as_dice": True})
    rng = Rng(4)
    while not g.is_over:
        c = g.clone()
        assert c.snapshot() == g.snapshot()
        legal = g.legal_actions()
        a = legal[rng.below(len(legal))]
        assert c.apply(a) == g.apply(a)
        assert c.snapshot() == g.snapshot()
        if not c.is_over:                       # moving the clone on leaves the original alone
            before = g.snapshot()
            c.apply(c.legal_actions()[-1])
            assert g.snapshot() == before


def test_dice_are_uniform_and_drawn_from_the_seed():
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
