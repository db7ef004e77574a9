"""No drift: the view a table shows once an update's animations are done is the host's view of
that update, checked before ``sync()`` takes the host's latest view over (``TableScene.landed``),
over whole bot games of both games played through the real table scenes. Updates flow one way: the
table lands on the view each update carries and computes none (the engine's sampling is never
called on the window's thread); that the host's views are the rules' own is the test oracle's
business (tests/oracle.py, test_client_advance.py)."""
from __future__ import annotations

import pytest

import engine
from engine.bots import make_bot
from game.net_bridge import LocalBridge
from game.tikal import animations as tikal_animations
from game.tikal.scene import TikalScene
from game.tortuga.scene import TortugaScene
from game.tween import Sequence

from client_helpers import make_app, settle

SCENES = {"tikal": TikalScene, "tortuga": TortugaScene}


def table(game: str, seats: int, seed: int, options: dict, seat):
    g = engine.new_game(game, seats=seats, seed=seed, options=options)
    app = make_app(anim_speed=4.0)
    bridge = LocalBridge(g, my_seat=seat, names=[f"P{i}" for i in range(seats)])
    app.bridge = bridge
    scene = app.show(SCENES[game](app, bridge))
    settle(app)
    return app, bridge, scene, g


def play_whole_game(app, bridge, scene, g, game: str, seed: int, draw_every: int = 0) -> int:
    """Every update one at a time: the bots' actions go to the host (the LocalBridge), the table
    animates them to the end; returns how many updates were checked."""
    bots = {s: make_bot(game, "random", s, seed * 7 + s) for s in range(g.seats)}
    landed = []
    real = scene.landed
    scene.landed = lambda target, checked, events: (landed.append(checked), real(target, checked, events))
    updates = 0
    while not g.is_over:
        s = g.to_act
        bridge.act(bots[s].choose(g.view(s), g.legal_actions()))
        settle(app, draw_every=draw_every)
        updates += 1
        assert not scene.drifts, (updates, scene.drifts)
        if not g.is_over:
            assert scene.shown == bridge.table.view
    assert len(landed) == updates and all(landed)
    return updates


@pytest.mark.parametrize("game, seats, seed, options, seat", [
    ("tikal", 2, 3, {"variant": "base"}, 0),
    ("tikal", 3, 8, {"variant": "auction"}, None),
    ("tortuga", 3, 4, {"cards_as_dice": False}, 1),
    ("tortuga", 4, 9, {"cards_as_dice": True}, None),
])
def test_no_drift_after_any_update_of_whole_bot_games(game, seats, seed, options, seat, monkeypatch):
    app, bridge, scene, g = table(game, seats, seed, options, seat)

    def computed_here(*a, **kw):
        raise AssertionError("the window computed a view of its own")
    monkeypatch.setattr(engine, "sample_state", computed_here)   # random bots and the host never sample
    updates = play_whole_game(app, bridge, scene, g, game, seed, draw_every=7)
    assert updates > 30 and not scene.drifts


def test_queued_updates_play_on_from_the_engines_view_without_drift():
    """Bots faster than the animations: updates queue up, ``sync`` waits for the last one, and
    each update lands on the host's view of that update (never on a hand-made one)."""
    app, bridge, scene, g = table("tikal", 2, 5, {"variant": "base"}, None)
    bridge.bots = {s: make_bot("tikal", "random", s, 11 + s) for s in range(2)}
    for _ in range(400):
        app.step(1 / 30, events=[])
        if len(scene.timeline.queue) > 20:
            break
    bridge.bots = {}
    settle(app, limit=600)
    assert not scene.drifts and scene.shown == bridge.table.view


def test_an_animation_that_lands_wrong_is_seen_as_drift(monkeypatch):
    """The check can fail: an animation that leaves a wrong view shown is recorded as drift."""
    def wrong(animator, ev):
        return Sequence(tikal_animations.TikalAnimator._anim_turn_ended(animator, ev),
                        animator.edit(lambda: animator.shown.update(removed=["T99"])))
    monkeypatch.setitem(tikal_animations.ANIMATIONS, "turn_ended", wrong)
    app, bridge, scene, g = table("tikal", 2, 3, {"variant": "base"}, 0)
    bots = {s: make_bot("tikal", "random", s, 21 + s) for s in range(2)}
    while not scene.drifts and not g.is_over:
        bridge.act(bots[g.to_act].choose(g.view(g.to_act), g.legal_actions()))
        settle(app)
    assert scene.drifts[0]["shown"] == ["removed"]
    assert "turn_ended" in scene.drifts[0]["events"]


def test_an_exchange_lands_on_the_engines_view_and_the_tokens_show_only_once_landed():
    """The swap is the host's from its first frame; the panel leaves the two flying tokens out
    until they land (as when the animator took them off by hand)."""
    app, bridge, scene, g = table("tikal", 2, 3, {"variant": "base"}, 0)
    bots = {s: make_bot("tikal", "random", s, 21 + s) for s in range(2)}
    while not g.is_over:
        action = bots[g.to_act].choose(g.view(g.to_act), g.legal_actions())
        if action["type"] == "exchange":
            break
        bridge.act(action)
        settle(app)
    else:
        raise AssertionError("no exchange in this game")
    a, b = g.to_act, action["with"]
    before = {s: list(scene.shown["held"].get(str(s), [])) for s in (a, b)}
    bridge.act(action)
    for _ in range(300):
        app.step(1 / 60, events=[])
        if scene.anim.arriving:
            break
    assert scene.anim.arriving and scene.shown["held"] == scene.landing["held"]      # the host's swap
    for s, gone in ((a, action["give"]), (b, action["take"])):
        shown = [k for k, n in scene.panel.treasure_layout(s)[0] for _ in range(n)]
        left = list(before[s])
        left.remove(gone)
        assert sorted(shown) == sorted(left)          # the leaving token is in the air, the coming one too
    settle(app)
    assert not scene.drifts and not scene.anim.arriving and scene.shown == bridge.table.view
