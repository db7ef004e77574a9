"""The engines' cached views (engine/base.py, shared by both games).

A game builds its public view once per state and every ``view(seat)`` is a new dict over that
cache with the seat's ``"you"`` (neither game has information private to one seat). Checked
here: a view always equals one built afresh from the state, also right after ``apply`` (and after
a refused action, a clone, a restore); what a caller does to the dict it got does not reach the
cache; and the callers that receive views inside the host -- every bot of every level -- leave
them as they got them (the values are shared, read-only by contract).
"""
import copy

import pytest

import engine
from engine.bots import make_bot
from engine.bots.registry import FACTORIES

GAMES = [("tikal", {"variant": "base"}, 4), ("tikal", {"variant": "auction"}, 3),
         ("tortuga", {}, 4), ("tortuga", {"cards_as_dice": True}, 2)]


def fresh_view(g, seat):
    """The view built from the state, without the cache."""
    return {**g.serial.view(g.s), "you": seat}


def assert_views_fresh(g):
    for seat in [None, *range(g.seats)]:
        assert g.view(seat) == fresh_view(g, seat), seat


@pytest.mark.parametrize("name,options,seats", GAMES)
def test_a_view_always_shows_the_current_state(name, options, seats):
    g = engine.new_game(name, seats=seats, seed=7, options=options)
    bots = [make_bot(name, "random", s, s) for s in range(seats)]
    moves = 0
    while not g.is_over and moves < 150:
        assert_views_fresh(g)
        seat = g.to_act
        before = g.view(seat)
        with pytest.raises(engine.IllegalAction):
            g.apply({"type": "no such action"})              # refused: nothing changed ...
        assert g.view(seat) == before                        # ... and the cache still holds
        g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
        moves += 1
        if moves % 25 == 0:                                  # a clone and a restore see their
            c, r = g.clone(), engine.restore(g.snapshot())   # own state, not a stale cache
            assert c.view(seat) == r.view(seat) == g.view(seat)
            bots_c = make_bot(name, "random", c.to_act, 99)
            c.apply(bots_c.choose(c.view(c.to_act), c.legal_actions()))
            assert_views_fresh(c)
            assert_views_fresh(g)
    assert moves > 20


@pytest.mark.parametrize("name,options,seats", GAMES[::2])
def test_views_share_the_cache_but_callers_own_the_dict(name, options, seats):
    g = engine.new_game(name, seats=seats, seed=3, options=options)
    v0, v1 = g.view(0), g.view(1)
    assert v0 is not v1 and all(v0[k] is v1[k] for k in v0 if k != "you")  # one cache
    assert (v0["you"], v1["you"], g.view(None)["you"]) == (0, 1, None)
    expected = fresh_view(g, 0)
    v0["tiles" if name == "tikal" else "stacks"] = "replaced"  # the top level is the caller's
    del v0["scores"]
    v0["extra"] = 1
    assert g.view(0) == expected


@pytest.mark.slow
@pytest.mark.parametrize("game,level", sorted(FACTORIES))
def test_bots_leave_the_views_they_are_given_unchanged(game, level):
    """Bots get the host's cached views (net/table.py bot_turn, game/net_bridge.py): each of
    them, at every level, must only read them."""
    seats = 3
    options = {"variant": "auction"} if game == "tikal" else {"cards_as_dice": True}
    for seed, opts in ((5, {}), (6, options)):
        g = engine.new_game(game, seats=seats, seed=seed, options=opts)
        bots = [make_bot(game, level, s, seed * 10 + s) for s in range(seats)]
        decisions = 0
        while not g.is_over and decisions < 40:
            seat = g.to_act
            view, legal = g.view(seat), g.legal_actions()
            view_copy, legal_copy = copy.deepcopy(view), copy.deepcopy(legal)
            action = bots[seat].choose(view, legal)
            assert view == view_copy and legal == legal_copy, (game, level, decisions)
            assert g.view(seat) == fresh_view(g, seat)
            g.apply(action)
            decisions += 1
