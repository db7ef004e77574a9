"""Whole Tikal games (base and auction) against a real host on 127.0.0.1 with the table scene in
the loop: our seat is played by clicks and keys on the scene (placements, walks, the supply,
actions, bids, tile choices, undo), two random bots play the others, every event animates at
high speed, and the game ends with the scene showing exactly the host's view."""
import time

import pytest

from game.scenes.results import ResultsScene
from game.tikal.scene import TikalScene

from client_helpers import bot_table, button, click, join_and_start, pump, window
from oracle import disagreements
from tikal_client_support import ready, ui_step
from waiting import Stall


def play(app, bridge, scene, table):
    """Run frames (drawing every few) and answer every decision of ours through the scene, to
    the end of the game (only a hang fails: no move for waiting.HANG seconds)."""
    done: dict = {}
    undone = False
    stall = Stall(lambda: bridge.table.state)
    frame = 0
    while not isinstance(app.scene, ResultsScene):
        stall.check(f"the end of the game ({done})")
        app.step(1 / 30, events=[])
        frame += 1
        if frame % 4 == 0:
            app.draw()
        what = ui_step(app, scene, bridge, sum(done.values()))
        if what:
            done[what] = done.get(what, 0) + 1
            # the scene waits for the host's answer: nothing more is offered for this state
            assert not scene.legal(what)
            if what in ("enter", "move") and not undone:
                undone = check_undo(app, bridge, scene)
        time.sleep(0.0005)
    return done, undone


def check_undo(app, bridge, scene) -> bool:
    """Right after our walk or entry the host allows an undo: the Undo button takes it back and
    the scene shows the host's view from before."""
    before = bridge.sent[-1]["state"]  # the state our action was sent at (the answer may be in already)
    pump(app, lambda: bridge.table.state > before and not scene.timeline.busy)
    if not (ready(app, scene, bridge) and bridge.table.can_undo):
        return False  # that used our last AP: the turn is over, nothing to undo
    view_after = bridge.table.view
    assert button(scene, "tikal.undo").enabled
    press_undo = button(scene, "tikal.undo").rect.center
    click(app, press_undo)
    undo_at = bridge.sent[-1]["state"]
    assert bridge.sent[-1]["t"] == "undo"
    pump(app, lambda: bridge.table.state > undo_at and not scene.timeline.busy)
    assert scene.shown == bridge.table.view != view_after
    return True


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["base", "auction"])
def test_whole_tikal_game_through_the_host_ends_in_the_hosts_view(host, variant):
    h, address = host
    table = bot_table(h, "tikal", 3, {"variant": variant})
    app = window(address, anim_speed=12.0)
    bridge = app.bridge
    notes, poll = [], bridge.poll
    bridge.poll = lambda: [notes.append(n) or n for n in poll()]
    try:
        scene = join_and_start(app, table.id, TikalScene)
        me = bridge.table.my_seat
        done, undone = play(app, bridge, scene, table)
        assert table.game.is_over
        assert scene.shown == bridge.table.view == table.game.view(me)
        assert undone  # the host allowed an undo once, and the scene went back with it
        assert not scene.drifts, scene.drifts   # every update's animations landed on the host's view
        assert not disagreements(notes, me)     # ... and the engine reaches each of them by its events
        expected = {"place_tile", "enter", "move", "end_turn"} | ({"choose_tile"} if variant == "auction" else set())
        assert expected <= set(done), done
        app.draw()
    finally:
        app.close()
