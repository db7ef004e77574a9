"""The Tikal table: clicks send exactly the host's legal actions (a placement with its rotation, a
walk with the engine's cheapest path, a figure from the supply, picked hexes, choices, bids), the
controls are offered only when legal, refusals come back as toasts with the rule, the host's
events animate (time passed in) and always end in exactly the host's view, and the log reads in
both languages. A whole game with the scene in the loop is in test_client_tikal_net.py (real host)."""
import copy

import pygame
import pytest

import engine
from engine.tikal import reachable
from game.games import CLIENTS
from game.net_bridge import LocalBridge
from game.scenes.results import ResultsScene
from game.tikal import samples
from game.tikal.geometry import hexkey
from game.tikal.positions import LATE, MID
from game.tikal.scene import TikalScene

from client_helpers import button, click, colourful, make_app, press, settle
from tikal_client_support import anna_acts, anna_places, last_action, open_table, pos, volcano_tally

# --- placing a tile ------------------------------------------------------------------------------


def test_placing_sends_the_hovered_hex_with_the_rotation_chosen_by_keys_and_wheel():
    app, bridge, scene, g = anna_places()
    assert g.view(0)["phase"] == "place" and scene.sel.placing()
    places = [a for a in g.legal_actions() if a["type"] == "place_tile"]
    assert scene.sel.place_hexes() == {hexkey(a["hex"]) for a in places}
    target = next(a for a in places if a["rotation"] != 0)
    for _ in range(target["rotation"]):
        press(app, pygame.K_r)
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)])
    press(app, pygame.K_r)  # the wheel turned it back one step, R forward again
    assert scene.sel.rotation == target["rotation"]
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos(scene, target["hex"]), rel=(0, 0),
                                             buttons=(0, 0, 0))])
    assert colourful(app.draw())  # the preview of the turned tile on the hovered hex
    click(app, pos(scene, target["hex"]))
    assert last_action(bridge) == {"type": "place_tile", "hex": list(target["hex"]), "rotation": target["rotation"]}
    settle(app)
    assert scene.shown == g.view(0) == bridge.table.view
    assert any(hexkey(t["hex"]) == hexkey(target["hex"]) for t in scene.shown["tiles"])


def test_a_placement_the_host_refuses_comes_back_as_a_toast_with_its_rule():
    app, bridge, scene, g = anna_places()
    far = (7, -7)  # a corner far from every explored hex
    assert far not in scene.sel.place_hexes()
    before = g.snapshot()
    click(app, pos(scene, far))
    assert last_action(bridge) == {"type": "place_tile", "hex": [7, -7], "rotation": 0}
    app.step(0.0, events=[])
    toast = app.toasts.items[-1]
    assert toast["rule"] and toast["rule"].startswith("T-P") and toast["rule_text"]
    assert g.snapshot() == before and scene.sel.placing()  # nothing changed; still ours to place


# --- moving figures ------------------------------------------------------------------------------


def test_clicking_a_figure_shades_its_reachable_hexes_and_a_click_walks_the_cheapest_path():
    app, bridge, scene, g = anna_acts()
    start = (2, -1)  # Anna's leader and two workers
    click(app, pos(scene, start))
    assert scene.sel.selected == {"from": start, "figure": "worker"}
    expected = reachable(g.view(0), 0, list(start))
    assert {h: t["cost"] for h, t in scene.sel.targets.items()} == {h: r["cost"] for h, r in expected.items()}
    far = min((h for h in expected if len(expected[h]["path"]) >= 3), key=lambda h: (expected[h]["cost"], h))
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos(scene, far), rel=(0, 0), buttons=(0, 0, 0))])
    assert colourful(app.draw())  # shading, costs and the hovered path
    click(app, pos(scene, far))
    assert last_action(bridge) == {"type": "move", "figure": "worker", "path": expected[far]["path"]}
    assert not app.toasts.items  # the host took the whole walk
    assert scene.timeline.busy  # the worker walks hex by hex
    settle(app, draw_every=2)
    assert scene.shown == g.view(0)
    assert g.view(0)["ap"] == 10 - expected[far]["cost"]
    # the walked figure stays selected at its new hex, ready for the next order
    assert scene.sel.selected == {"from": far, "figure": "worker"}


def test_clicking_the_crowned_leader_selects_the_leader():
    app, bridge, scene, g = anna_acts()
    app.draw()
    rect = scene.board.chip_rects[((2, -1), 0, "leader")]
    click(app, rect.center)
    assert scene.sel.selected == {"from": (2, -1), "figure": "leader"}


def test_a_worker_from_the_supply_enters_by_key_or_tray_then_a_click_on_the_base_camp():
    app, bridge, scene, g = anna_acts()
    press(app, pygame.K_w)
    assert scene.sel.selected == {"from": None, "figure": "worker"}
    enters = {hexkey(a["hex"]) for a in g.legal_actions() if a["type"] == "enter" and a["figure"] == "worker"}
    assert set(scene.sel.targets) == enters and (0, 0) in enters
    click(app, pos(scene, (0, 0)))
    assert last_action(bridge) == {"type": "enter", "figure": "worker", "hex": [0, 0]}
    settle(app)
    app.draw()
    tray = scene.column.click_zones[("supply", "worker")]  # the supply tray selects too
    click(app, tray.center)
    assert scene.sel.selected == {"from": None, "figure": "worker"}
    press(app, pygame.K_ESCAPE)  # Esc cancels a selection before it opens the menu
    assert scene.sel.selected is None and app.scene is scene


# --- actions offered only when legal -------------------------------------------------------------

ACTION_BUTTONS = {"uncover": "tikal.uncover", "dig": "tikal.dig", "exchange": "tikal.exchange",
                  "camp": "tikal.camp", "guard": "tikal.guard", "end_turn": "tikal.end_turn"}


def test_action_buttons_are_enabled_exactly_when_the_host_lists_them():
    app, bridge, scene, g = anna_acts()
    legal = {a["type"] for a in g.legal_actions()}
    for kind, label in ACTION_BUTTONS.items():
        assert button(scene, label).enabled == (kind in legal), kind
    assert not button(scene, "tikal.undo").enabled  # a LocalBridge never allows undo
    # while the host's events animate, nothing is offered
    bridge.act({"type": "enter", "figure": "worker", "hex": [0, 0]})
    app.step(0.0, events=[])
    assert scene.timeline.busy
    assert not any(button(scene, label).enabled for label in ACTION_BUTTONS.values())


def test_nothing_is_offered_to_a_player_whose_turn_it_is_not_nor_to_a_spectator():
    for seat in (1, None):
        app, bridge, scene, g = open_table(MID, my_seat=seat)
        assert not any(button(scene, label).enabled for label in ACTION_BUTTONS.values())
        click(app, pos(scene, (0, -1)))  # Chloé's figures: not ours to move
        press(app, pygame.K_w)
        click(app, button(scene, "tikal.end_turn").rect.center)
        assert last_action(bridge) is None and scene.sel.selected is None
        assert colourful(app.draw())


def test_a_hex_action_with_several_targets_asks_for_the_hex_and_guard_asks_for_the_figure():
    app, bridge, scene, g = open_table(MID, my_seat=2)  # Chloé's turn
    uncover = [hexkey(a["hex"]) for a in g.legal_actions() if a["type"] == "uncover"]
    assert len(uncover) > 1
    click(app, button(scene, "tikal.uncover").rect.center)
    assert scene.sel.mode == "uncover" and scene.sel.action_hexes("uncover") == set(uncover)
    assert colourful(app.draw())
    click(app, pos(scene, uncover[-1]))
    assert last_action(bridge) == {"type": "uncover", "hex": list(uncover[-1])}
    settle(app)
    # the guard on (0, -1): a worker or the leader (T-A8b)
    guards = [a for a in g.legal_actions() if a["type"] == "guard" and hexkey(a["hex"]) == (0, -1)]
    assert {a["figure"] for a in guards} == {"worker", "leader"}
    click(app, button(scene, "tikal.guard").rect.center)
    click(app, pos(scene, (0, -1)))
    assert scene.chooser.kind == "guard"
    assert colourful(app.draw())
    leader = next(w for w in scene.widgets.items if getattr(w, "text", None) and callable(w.text)
                  and w.caption() == scene.tr("tikal.guard_with_leader"))
    click(app, leader.rect.center)
    assert last_action(bridge) == {"type": "guard", "hex": [0, -1], "figure": "leader"}
    settle(app, draw_every=2)
    assert scene.shown == g.view(2)


def test_a_figure_on_a_camp_jumps_to_the_base_camp_for_one_action_point():
    app, bridge, scene, g = open_table(MID, my_seat=2)  # Chloé: a camp on (3, -2), the base camp far away
    transfer = {"type": "transfer", "figure": "worker", "from": [3, -2], "to": [0, 0]}
    assert transfer in g.legal_actions()
    click(app, pos(scene, (3, -2)))
    assert scene.sel.targets[(0, 0)]["action"] == transfer and scene.sel.targets[(0, 0)]["cost"] == 1
    assert colourful(app.draw())
    click(app, pos(scene, (0, 0)))
    assert last_action(bridge) == transfer
    settle(app, draw_every=2)
    assert scene.shown == g.view(2)


# --- the auction ---------------------------------------------------------------------------------


def test_auction_bid_with_plus_minus_pass_and_choose_a_revealed_tile():
    app, bridge, scene, g = open_table(samples.auction_scenario(), my_seat=0,
                                       script=[{"type": "end_turn"}, {"type": "bid", "amount": 3}])
    assert g.view(0)["phase"] == "bid" and g.to_act == 2
    bridge.act({"type": "pass"})  # Chloé passes: Anna against Boris's 3
    settle(app)
    amounts = sorted(a["amount"] for a in g.legal_actions() if a["type"] == "bid")
    assert scene.sel.bid_amount == amounts[0] == 4
    click(app, next(w for w in scene.widgets.items if getattr(w, "text", None) == "+").rect.center)
    click(app, next(w for w in scene.widgets.items if getattr(w, "text", None) == "+").rect.center)
    click(app, next(w for w in scene.widgets.items if getattr(w, "text", None) == "−").rect.center)
    assert colourful(app.draw())
    click(app, button(scene, "tikal.bid").rect.center)
    assert last_action(bridge) == {"type": "bid", "amount": 5}
    settle(app)
    bridge.act({"type": "pass"})  # Boris gives up: Anna won and chooses
    settle(app, draw_every=2)
    assert g.view(0)["phase"] == "choose" and g.to_act == 0
    app.draw()
    choices = [a["tile"] for a in g.legal_actions()]
    zones = {v: r for (k, v), r in scene.column.click_zones.items() if k == "revealed"}
    assert set(zones) == set(choices)
    click(app, zones[choices[-1]].center)
    assert last_action(bridge) == {"type": "choose_tile", "tile": choices[-1]}
    settle(app, draw_every=2)
    assert scene.shown == g.view(0) and scene.shown["scores"][0] == 24 - 5


# --- animations with time passed in, and their end -----------------------------------------------


def test_volcano_sequence_animates_step_by_step_and_lands_on_the_hosts_view():
    app, bridge, scene, before = volcano_tally()
    app.step(0.0, events=[])
    assert scene.timeline.busy and scene.shown["scores"] == before["scores"]
    seen_volcano = seen_tick = False
    dmitri_before, dmitri_after = before["scores"][3], bridge.table.view["scores"][3]
    t = 0.0
    while scene.timeline.busy and t < 30:
        app.step(0.05, events=[])
        t += 0.05
        seen_volcano |= bool(scene.shown.get("volcano")) and scene.fx.shake_amp > 0
        fx = scene.panel.score_fx.get(3)
        seen_tick |= fx is not None and dmitri_before < fx < dmitri_after
        if int(t * 20) % 5 == 0:
            app.draw()
    assert seen_volcano and seen_tick  # it erupted, and the score ticked up through values between
    assert not scene.timeline.busy and scene.shown == bridge.table.view == bridge.game.view(0)
    assert scene.panel.score_fx == {} and scene.fx.particles  # the smoke goes on while the volcano waits


def test_tab_skips_the_animations_to_exactly_the_hosts_view_and_speed_zero_never_animates():
    app = make_app()
    bridge = samples.volcano_bridge(place=False)
    app.bridge = bridge
    scene = app.show(TikalScene(app, bridge))
    app.step(0.0, events=[])
    bridge.act({"type": "end_turn"})  # Anna (seat 0) ends her scoring turn
    app.step(0.0, events=[])
    assert scene.timeline.busy
    press(app, pygame.K_TAB)
    assert not scene.timeline.busy and scene.shown == bridge.table.view
    fast = make_app(anim_speed=0.0)
    b2 = samples.volcano_bridge()
    fast.bridge = b2
    s2 = fast.show(TikalScene(fast, b2))
    fast.step(0.0, events=[])
    b2.act({"type": "end_turn"})
    fast.step(1 / 60, events=[])
    assert not s2.timeline.busy and s2.shown == b2.table.view


def test_the_log_reads_every_event_of_a_whole_game_in_both_languages():
    from engine.bots import make_bot

    for variant, language in (("base", "ru"), ("auction", "en")):
        g = engine.new_game("tikal", seats=3, seed=9, options={"variant": variant})
        bots = {s: make_bot("tikal", "random", s, s) for s in range(3)}
        app = make_app(language)
        bridge = LocalBridge(g, my_seat=0, names=samples.NAMES[:3])
        scene = TikalScene(app, bridge)
        kinds = set()
        while not g.is_over:
            for ev in g.apply(bots[g.to_act].choose(g.view(g.to_act), g.legal_actions())):
                line = scene.describe(ev)
                kinds.add(ev["type"])
                if ev["type"] != "turn_ended" or ev.get("ap"):
                    assert line and "{" not in line and "tikal." not in line, (ev, line)
        assert {"tile_placed", "figure_moved", "scored", "game_over"} <= kinds


def test_results_show_each_players_temples_and_treasure_sets():
    app = make_app("ru")
    g = engine.from_scenario(copy.deepcopy(LATE))
    view = g.view(0)
    lines = CLIENTS["tikal"].breakdown(app, view, 3)  # Dmitri: temples 3 (guarded), 7, 5, 5; a triple and a single
    assert lines == [app.tr("tikal.result_temples", values="3 + 7 + 5 + 5 = 20"),
                     app.tr("tikal.result_sets", sets="●●● ● = 7")]
    bridge = LocalBridge(g, my_seat=0, names=samples.NAMES)
    scene = app.show(ResultsScene(app, bridge))
    assert scene in app.scenes and colourful(app.draw())


@pytest.mark.parametrize("name", ["tikal", "volcano", "tikal_auction"])
def test_tikal_scenes_render_in_russian(name):
    from game import screens as registry

    app = make_app("ru")
    scene = registry.sample(name, app)
    if scene not in app.scenes:
        app.push(scene)
    app.step(1 / 60, events=[])
    assert colourful(app.draw())


def test_hovering_a_hex_explains_what_is_on_it():
    app, bridge, scene, g = open_table(MID, my_seat=1, language="ru")
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos(scene, (2, -2)), rel=(0, 0),
                                             buttons=(0, 0, 0))])
    app.step(0.7, events=[])
    tip = scene.board.hex_tip((2, -2))  # a temple worth 3 guarded by Anna, Chloé's worker on it
    assert scene.tr("tikal.tip_temple", value=3) in tip and "Anna" in tip and "Chloé" in tip
    assert colourful(app.draw())
    assert scene.board.hex_tip((6, -6)) == scene.tr("tikal.tip_unexplored")
