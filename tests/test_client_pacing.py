"""Pacing: when bots play faster than their moves animate, the replay speeds up while it is more
than a turn behind, and when our turn comes while it still plays, a chip says how many moves are
left to watch and skips them with a click."""

import engine
from engine.bots import make_bot
from game.fitcheck import FitCheck
from game.net_bridge import LocalBridge
from game.scenes.samples import NAMES
from game.tikal.positions import MID
from game.tortuga.scene import TortugaScene

from client_helpers import click, make_app, settle
from tikal_client_support import open_table


def watch_until_our_turn(app, scene, bridge, frames=900):
    speeds = []
    for _ in range(frames):
        app.step(1 / 60, events=[])
        speeds.append(scene.timeline.speed)
        if bridge.table.my_turn() and scene.skip_button.visible:
            return speeds
    raise AssertionError("our turn never came while the replay ran")


def test_tikal_replay_catches_up_and_our_turn_chip_skips_to_the_table_as_it_is():
    app, bridge, scene, g = open_table(MID, my_seat=1)   # Chloé (2), then Anna (0) play before Boris (1)
    bridge.bots = {s: make_bot("tikal", "normal", s, s) for s in (0, 2)}
    speeds = watch_until_our_turn(app, scene, bridge)
    bridge.bots = {}
    assert max(speeds) == scene.CATCH_UP and min(speeds) == 1.0    # faster while two turns were queued
    n = scene.moves_to_watch()
    assert n >= 2 and scene.timeline.busy
    app.fitcheck = FitCheck()
    app.draw()
    assert scene.trn("table.catch_up", n) in [t for _, t, _, _ in app.fitcheck.texts]
    assert not app.fitcheck.problems()
    click(app, scene.skip_button.rect.center)
    assert not scene.timeline.busy and scene.shown == bridge.table.view == g.view(1)
    app.step(0.0, events=[])
    assert not scene.skip_button.visible and scene.moves_to_watch() == 0
    assert scene.legal("place_tile") and scene.timeline.speed == app.settings.anim_speed


def test_tortuga_shows_the_chip_too_and_one_turn_behind_plays_at_normal_speed():
    g = engine.new_game("tortuga", seats=4, seed=5)
    app = make_app(anim_speed=1.5)
    bridge = LocalBridge(g, my_seat=g.to_act, names=NAMES[:4])
    app.bridge = bridge
    scene = app.show(TortugaScene(app, bridge))
    settle(app)
    me = g.to_act
    bridge.act({"type": "roll"})
    app.step(1 / 60, events=[])
    assert scene.timeline.speed == 1.5                      # our own roll: nothing to catch up
    settle(app)
    while bridge.table.my_turn():                           # end our turn
        bridge.act({"type": "stop"} if {"type": "stop"} in g.legal_actions() else g.legal_actions()[0])
        settle(app)
    bridge.bots = {s: make_bot("tortuga", "random", s, 9 + s) for s in range(4) if s != me}
    speeds = watch_until_our_turn(app, scene, bridge)
    bridge.bots = {}
    assert max(speeds) == 1.5 * scene.CATCH_UP
    click(app, scene.skip_button.rect.center)
    assert not scene.timeline.busy and scene.shown == bridge.table.view


def test_our_turn_never_waits_long_behind_the_replay():
    """Two bots play their whole turns at once (instant bots: the longest replay there is); once
    the host says it is our turn, the replay hurries (CATCH_UP at once, then doubling every HURRY
    seconds) and our actions are offered within 6 s of app time (wait_bench measures the same
    through a real host)."""
    app, bridge, scene, g = open_table(MID, my_seat=1)   # Chloé (2), then Anna (0) play before Boris (1)
    bridge.bots = {s: make_bot("tikal", "normal", s, s) for s in (0, 2)}
    waited, speeds = None, []
    for _ in range(60 * 60):
        app.step(1 / 60, events=[])
        if bridge.table.my_turn():
            bridge.bots = {}
            waited = 0.0 if waited is None else waited + 1 / 60
            speeds.append(scene.timeline.speed)
            if scene.legal("place_tile"):
                break
    assert waited is not None and scene.legal("place_tile")
    assert waited <= 6.0, waited
    assert max(speeds) > scene.CATCH_UP        # it hurried past the plain catch-up
