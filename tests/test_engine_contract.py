"""The engine contract (contract.md section 1), one conformance suite run over every game of
``engine.GAMES`` (like OpenSpiel's games_sim_test): every game ends and says who won, refused
actions change nothing and the legal ones apply, views hold no hidden information, snapshot ->
restore has the same future, the same seed and actions give the same game, clones are independent.

Games are drawn over each game's own facts (seat range, every option value, the first player);
each game's candidate actions (a superset of the legal ones) are in engine_support.py.
"""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.errors import IllegalAction, MalformedAction
from engine.rng import Rng

from engine_support import ALSO_LEGAL, CANDIDATES, HIDDEN_KEYS, RULE_PREFIX, random_play, string_keys

NAMES = list(engine.GAMES)
SETTINGS = settings(max_examples=8, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def drawn_games(test):
    """``test(name, data)`` run for each game of ``engine.GAMES``, over games hypothesis draws
    from ``data`` (SETTINGS)."""
    return pytest.mark.parametrize("name", NAMES)(SETTINGS(given(data=st.data())(test)))


def new_games(name: str):
    """A new game of ``name`` drawn over its facts: (seats, options, seed)."""
    info = engine.GAMES[name]
    options = st.fixed_dictionaries({o.name: st.sampled_from(o.values) for o in info.options})
    first = st.sampled_from([0, 1, "random"])
    return st.tuples(st.integers(info.min_seats, info.max_seats),
                     st.builds(lambda o, f: {**o, "first": f}, options, first),
                     st.integers(0, 2**31))


def make(name, params):
    seats, options, seed = params
    return engine.new_game(name, seats, seed, options), Rng(seed ^ 0x5EED)


def play_checking(name, data, every: int, check) -> None:
    """A game of ``name`` drawn over its facts, played to its end by random legal actions, with
    ``check(g, i)`` before every ``every``-th action."""
    g, rng = make(name, data.draw(new_games(name)))
    random_play(g, rng, lambda g, i: None if i % every else check(g, i))


@drawn_games
def test_every_game_ends_and_says_who_won_T_E1_T_E2_L_X1_L_X3(name, data):
    g, rng = make(name, data.draw(new_games(name)))
    string_keys(g.start_events, "start_events")
    steps, events = 0, []
    while not g.is_over:
        assert g.legal_actions() and g.to_act is not None and not g.winners
        if steps % 41 == 0:
            string_keys(g.view(g.to_act), "view")
            string_keys(g.snapshot(), "snapshot")
        events = g.apply(rng.choice(g.legal_actions()))
        string_keys(events, "events")
        steps += 1
        assert steps < 20_000, "the game does not end"
    assert g.to_act is None and g.legal_actions() == [] and g.phase == "over"
    assert g.winners and set(g.winners) <= set(range(g.seats)) and len(g.scores) == g.seats
    assert events[-1]["type"] == "game_over" and events[-1]["winners"] == g.winners
    assert events[-1]["scores"] == g.scores and g.view(None)["winners"] == g.winners
    before = g.snapshot()
    for a in CANDIDATES[name](g)[:30]:           # once over, every action is refused
        with pytest.raises(IllegalAction):
            g.apply(a)
    assert g.snapshot() == before


@drawn_games
def test_refused_actions_change_nothing_and_listed_ones_apply(name, data):
    def check(g, i):
        legal = g.legal_actions()
        keys = {json.dumps(a, sort_keys=True) for a in legal}
        for a in legal:
            # a listed action applies, as the shared dict and as a plain copy, with one effect
            c1, c2 = g.clone(), g.clone()
            assert c1.apply(a) == c2.apply(json.loads(json.dumps(a)))
            assert c1.snapshot() == c2.snapshot()
        before, views = g.snapshot(), g.view(None)
        for a in CANDIDATES[name](g):
            if json.dumps(a, sort_keys=True) in keys or ALSO_LEGAL[name](g, a, legal):
                continue
            with pytest.raises(IllegalAction) as err:
                g.apply(a)
            assert err.value.rule.startswith(RULE_PREFIX[name]) and err.value.reason
        assert g.snapshot() == before and g.view(None) == views and g.legal_actions() == legal

    play_checking(name, data, 23, check)


@pytest.mark.parametrize("name", NAMES)
def test_malformed_actions_are_refused_as_such(name):
    g = engine.new_game(name, engine.GAMES[name].min_seats, 3)
    before = g.snapshot()
    for bad in (None, "roll", [], {}, {"type": 7}, {"type": "fly"},
                {"type": "place_tile", "hex": "here", "rotation": 0},
                {"type": "play_card", "eggs": "3"}, {"type": "choose_turtle"}):
        with pytest.raises(IllegalAction) as err:
            g.apply(bad)
        assert err.value.rule.startswith(RULE_PREFIX[name])
        if not isinstance(bad, dict) or bad.get("type") in (None, 7, "fly"):
            assert isinstance(err.value, MalformedAction) and err.value.code == "malformed"
    assert g.snapshot() == before


@drawn_games
def test_views_hold_no_hidden_information_T_H1_T_H2_L_H1(name, data):
    def check(g, i):
        # two games that differ only in hidden information give identical views to every seat
        seat = i % g.seats
        v = g.view(seat)
        a, b = engine.sample_state(v, Rng(i)), engine.sample_state(v, Rng(i + 1))
        for s in [None, *range(g.seats)]:
            assert a.view(s) == b.view(s) == g.view(s)
        assert a.legal_actions() == b.legal_actions() == g.legal_actions()
        assert not (HIDDEN_KEYS[name] | {"rng", "seed"}) & set(v)

    play_checking(name, data, 37, check)


@drawn_games
def test_snapshot_restore_has_the_same_future(name, data):
    def check(g, i):
        snap = g.snapshot()
        assert json.loads(json.dumps(snap)) == snap
        r = engine.restore(snap)
        assert r.snapshot() == snap and r.legal_actions() == g.legal_actions()
        future, c = Rng(i), g.clone()
        for _ in range(30):
            if c.is_over:
                break
            a = future.choice(c.legal_actions())
            assert c.apply(a) == r.apply(a) and c.snapshot() == r.snapshot()

    play_checking(name, data, 37, check)


@drawn_games
def test_same_seed_same_actions_same_game(name, data):
    params = data.draw(new_games(name))
    runs = []
    for _ in range(2):
        g, rng = make(name, params)
        events = [g.start_events]
        while not g.is_over:
            events.append(g.apply(rng.choice(g.legal_actions())))
        runs.append((events, g.snapshot()))
    assert runs[0] == runs[1]


@pytest.mark.parametrize("name", NAMES)
def test_a_clone_is_equal_and_independent(name):
    g = engine.new_game(name, engine.GAMES[name].min_seats + 1, 11)
    rng = Rng(4)
    while not g.is_over:
        c = g.clone()
        assert c.snapshot() == g.snapshot() and c.legal_actions() == g.legal_actions()
        a = rng.choice(g.legal_actions())
        assert c.apply(a) == g.apply(a) and c.snapshot() == g.snapshot()
        if not c.is_over:                       # moving the clone on leaves the original alone
            before = g.snapshot()
            c.apply(c.legal_actions()[-1])
            assert g.snapshot() == before
