"""The La Tortuga table: its buttons send the host's legal actions, and a whole game with the
scene in the loop ends with the scene showing exactly the final view."""
import pygame
import pytest

import engine
from engine.bots import make_bot
from game.net_bridge import LocalBridge
from game.scenes.samples import NAMES
from game.tortuga.samples import tortuga_bridge
from game.tortuga.scene import TortugaScene

from client_helpers import button, click, make_app, press, settle


def table(my_seat=3, **kw):
    app = make_app(**kw)
    bridge = tortuga_bridge(my_seat=my_seat)
    app.bridge = bridge
    scene = app.show(TortugaScene(app, bridge))
    settle(app)
    return app, bridge, scene


def last_action(bridge):
    actions = [m for m in bridge.sent if m["t"] == "action"]
    return actions[-1] if actions else None


def test_clicking_roll_sends_roll_for_the_decider():
    app, bridge, scene = table(my_seat=3)  # seat 3 rides on seat 0's turtle: it decides
    assert bridge.table.to_act == 3 and bridge.table.view["seat"] == 0
    click(app, button(scene, "tortuga.roll").rect.center)
    msg = last_action(bridge)
    assert msg["action"] == {"type": "roll"} and msg["seat"] == 3 and msg["state"] == 0


def test_clicking_stop_sends_stop_and_the_group_moves_in_the_scene():
    app, bridge, scene = table(my_seat=3)
    before = dict(bridge.table.view["stacks"])
    click(app, button(scene, "tortuga.stop").rect.center)
    assert last_action(bridge)["action"] == {"type": "stop"}
    assert scene.timeline.busy  # the hop is animating
    settle(app)
    assert scene.shown == bridge.table.view and scene.shown["stacks"] != before


def test_keyboard_shortcuts_send_the_same_actions():
    app, bridge, scene = table(my_seat=3)
    press(app, pygame.K_r)
    assert last_action(bridge)["action"] == {"type": "roll"}


def test_buttons_do_nothing_when_it_is_not_our_decision():
    app, bridge, scene = table(my_seat=1)
    assert not button(scene, "tortuga.roll").enabled
    click(app, button(scene, "tortuga.roll").rect.center)
    press(app, pygame.K_s)
    assert last_action(bridge) is None


def test_prompt_tells_both_the_active_player_and_the_decider():
    _, _, decider = table(my_seat=3)
    assert decider.prompt_text()[0] == decider.tr("tortuga.prompt_decide_for", name="Anna")
    _, _, active = table(my_seat=0)
    assert active.prompt_text()[0] == active.tr("tortuga.prompt_other_decides_yours", name="Dmitri")


def test_a_refused_action_shows_a_toast_with_the_rule_text():
    app, bridge, scene = table(my_seat=3)
    bridge.act({"type": "play_card", "eggs": 6})  # cards as dice is off: the engine refuses
    app.step(0.0, events=[])
    toast = app.toasts.items[-1]
    assert toast["rule"] == "L-E2" and "cards as dice" in toast["rule_text"]


def play_with_clicks(seats, seed, my_seat, cards_as_dice=False, language="en"):
    """A whole game: bots in the other seats, our seat played by clicking the scene's buttons."""
    g = engine.new_game("tortuga", seats=seats, seed=seed, options={"cards_as_dice": cards_as_dice})
    bots = {s: make_bot("tortuga", "random", s, seed + s) for s in range(seats) if s != my_seat}
    app = make_app(language, anim_speed=4.0)
    bridge = LocalBridge(g, my_seat=my_seat, names=NAMES[:seats], bots=bots)
    app.bridge = bridge
    scene = app.show(TortugaScene(app, bridge))
    for _ in range(3000):
        settle(app, draw_every=4)
        if g.is_over:
            break
        if bridge.table.my_turn() and app.scene is scene:
            legal = bridge.table.legal
            if {"type": "stop"} in legal and sum(bridge.table.view["rolled"]) >= 5:
                click(app, button(scene, "tortuga.stop").rect.center)
            elif {"type": "roll"} in legal:
                click(app, button(scene, "tortuga.roll").rect.center)
            else:  # choose_turtle: click the first offered
                press(app, pygame.K_a)
    settle(app)
    return app, bridge, scene, g


@pytest.mark.slow
def test_whole_game_with_the_scene_in_the_loop_ends_in_the_engines_view():
    app, bridge, scene, g = play_with_clicks(seats=4, seed=3, my_seat=1)
    assert g.is_over
    assert scene.shown == g.view(1) == bridge.table.view
    # every turtle sprite rests where the final view puts it
    for t, sp in scene.island.sprites.items():
        x, y = scene.island.rest_pos(t)
        assert abs(sp["x"] - x) < 3 and abs(sp["y"] - y) < 3
    assert any(m["t"] == "action" for m in bridge.sent)


@pytest.mark.slow
def test_two_turtles_each_game_in_russian():
    app, bridge, scene, g = play_with_clicks(seats=2, seed=8, my_seat=0, language="ru")
    assert g.is_over and scene.shown == g.view(0)


def test_a_spectator_sees_the_table_and_can_act_on_nothing():
    app, bridge, scene = table(my_seat=None)
    assert not button(scene, "tortuga.roll").enabled and not button(scene, "tortuga.stop").enabled
    text = scene.prompt_text()[0]
    assert text == scene.tr("tortuga.prompt_decides_for", name="Dmitri", active="Anna")
    app.draw()


def test_updates_arriving_faster_than_their_animations_land_once_on_the_latest_view():
    # Bots play one action a frame; each update's animations take many frames. The table goes on
    # animating the queued updates from where it is (no jump to the host's latest view halfway,
    # which would replay moves already shown) and lands on exactly that view at the end.
    g = engine.new_game("tortuga", seats=4, seed=5)
    bots = {s: make_bot("tortuga", "random", s, 50 + s) for s in range(4)}
    app = make_app()
    bridge = LocalBridge(g, my_seat=None, names=NAMES[:4])
    app.bridge = bridge
    scene = app.show(TortugaScene(app, bridge))
    settle(app)
    bridge.bots = bots
    synced = []
    original = scene.on_synced
    scene.on_synced = lambda: (synced.append(bridge.state), original())
    for _ in range(40):
        app.step(1 / 60, events=[])
    updates = bridge.state
    bridge.bots = {}                      # the bots stop; what was sent still animates
    settle(app)
    assert updates >= 20 and len(synced) < updates / 4
    assert synced[-1] == updates and scene.shown == bridge.table.view


def test_the_prompt_says_you_only_while_we_are_the_one_to_act():
    # Dmitri (seat 3) rides on Anna's turtle and decides; he stops, then bots play on. While
    # their moves animate, the old decision (Dmitri's) must not come back as "you decide".
    app, bridge, scene = table(my_seat=3)
    yours = {scene.tr(k, name=n) for k in ("tortuga.prompt_decide_for",) for n in NAMES} | {
        scene.tr(k) for k in ("tortuga.prompt_choose_you", "tortuga.prompt_roll_you", "tortuga.prompt_decide_you")}
    assert scene.prompt_text()[0] in yours  # our decision now
    click(app, button(scene, "tortuga.stop").rect.center)
    bridge.bots = {s: make_bot("tortuga", "random", s, 70 + s) for s in range(5) if s != 3}
    said_you_while_others_act = []
    for frame in range(900):
        app.step(1 / 30, events=[])
        text, colour = scene.prompt_text()
        if text in yours:  # "you": only while the host says the decision is ours
            assert bridge.table.my_turn(), text
        if scene.timeline.busy and not bridge.table.my_turn() and scene.shown.get("seat") != 3:
            said_you_while_others_act.append(text in yours)
        if bridge.table.my_turn() and not scene.timeline.busy:
            break
        if frame % 10 == 0:
            app.draw()
    assert said_you_while_others_act and not any(said_you_while_others_act)
