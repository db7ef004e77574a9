"""The host and the engine agree (tests/oracle.py, the test oracle): after each update's events the
view ``advance`` computes from the previous view by the rules equals the host's next view, over
whole bot games of both games (every variant, a player's seat and a spectator's), and an update it
cannot account for is None, never a wrong view. The window itself only shows the view each update
carries (updates flow one way)."""
from __future__ import annotations

import pytest

import engine
from engine.bots import make_bot

from oracle import advance


def play_through(game: str, seats: int, seed: int, options: dict, seat):
    """(updates, views equal, views computed): every update of a whole game of random bots."""
    g = engine.new_game(game, seats=seats, seed=seed, options=options)
    bots = {s: make_bot(game, "random", s, seed * 7 + s) for s in range(seats)}
    updates = equal = 0
    while not g.is_over:
        before = g.view(seat)
        s = g.to_act
        events = g.apply(bots[s].choose(g.view(s), g.legal_actions()))
        got = advance(before, events, seat)
        assert got is not None, (game, updates, events)
        assert got == g.view(seat), (game, updates, events)
        updates += 1
        equal += 1
    return updates, equal


@pytest.mark.parametrize("game, seats, seed, options, seat", [
    ("tikal", 2, 3, {"variant": "base"}, 0),
    ("tikal", 3, 8, {"variant": "auction"}, None),
    ("tortuga", 3, 4, {"cards_as_dice": False}, 1),
    ("tortuga", 4, 9, {"cards_as_dice": True}, None),
])
def test_the_next_view_from_the_events_is_the_hosts_over_whole_games(game, seats, seed, options, seat):
    updates, equal = play_through(game, seats, seed, options, seat)
    assert updates > 30 and equal == updates


def test_events_that_no_action_makes_give_none():
    g = engine.new_game("tortuga", seats=2, seed=1)
    view = g.view(0)
    assert advance(view, [{"type": "turtles_moved", "seat": 0, "turtle": 9}], 0, tries=5) is None
    assert advance(view, [], 0) == view
