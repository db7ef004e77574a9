"""The Tikal table without traps: a click on one of our figures always selects it (a walk needs a
click on a destination), every legal swap can be reached with the mouse, the reachable hexes are
tinted and only the hovered one's cost shows (nothing on the board is covered)."""
import copy

import pygame

from game.fitcheck import FitCheck
from game.tikal.positions import MID

from client_helpers import button, click, move_mouse
from tikal_client_support import anna_acts, last_action, open_table, pos


def chip(scene, h, seat, figure):
    scene.app.draw()  # the chips are laid out when the board is drawn
    return scene.board.chip_rects[(h, seat, figure)].center


def beside_the_figures(scene, h):
    """A point of hex ``h`` above the figures standing on it (a click there is a destination)."""
    x, y = scene.board.center(h)
    return (int(x), int(y - scene.board.layout.size * 0.55))


def test_a_click_on_our_own_figure_selects_it_even_where_the_selected_one_could_walk():
    app, bridge, scene, g = anna_acts()  # Anna: workers on (0,0), (0,-1), (1,0); two and the leader on (2,-1)
    before = last_action(bridge)  # her placement
    click(app, chip(scene, (2, -1), 0, "worker"))
    assert scene.sel.selected == {"from": (2, -1), "figure": "worker"}
    assert (1, 0) in scene.sel.targets and (0, -1) in scene.sel.targets  # our other figures stand there
    for h in ((1, 0), (0, -1)):
        click(app, chip(scene, h, 0, "worker"))
        assert scene.sel.selected == {"from": h, "figure": "worker"}
        assert last_action(bridge) == before  # no walk, no AP spent
    click(app, chip(scene, (2, -1), 0, "leader"))
    assert scene.sel.selected == {"from": (2, -1), "figure": "leader"} and last_action(bridge) == before
    # a click on the hex beside the figures is a deliberate destination: the leader walks there
    target = scene.sel.targets[(1, 0)]
    click(app, beside_the_figures(scene, (1, 0)))
    assert last_action(bridge) == target["action"]


def test_after_a_walk_a_click_on_another_figure_selects_it():
    app, bridge, scene, g = anna_acts()
    click(app, chip(scene, (0, 0), 0, "worker"))
    dest = next(h for h, t in scene.sel.targets.items() if t["cost"] == 1 and h not in ((1, 0), (0, -1)))
    click(app, beside_the_figures(scene, dest))
    sent = last_action(bridge)
    from client_helpers import settle

    settle(app)
    assert scene.sel.selected == {"from": dest, "figure": "worker"}  # the walked figure stays selected
    ap = g.view(0)["ap"]
    for h in ((1, 0), (0, -1), (2, -1)):  # a player clicking naturally from figure to figure
        click(app, chip(scene, h, 0, "worker"))
        assert scene.sel.selected == {"from": h, "figure": "worker"}
    assert last_action(bridge) == sent and g.view(0)["ap"] == ap


def test_reachable_hexes_are_tinted_and_only_the_hovered_cost_shows():
    app, bridge, scene, g = anna_acts()
    click(app, chip(scene, (2, -1), 0, "leader"))
    assert len(scene.sel.targets) > 5
    app.fitcheck = FitCheck()
    move_mouse(app, (300, 690))  # over the bottom bar: no target hovered
    app.draw()
    assert not [s for s in app.fitcheck.solids if s[1] == "cost"]
    far = max(scene.sel.targets, key=lambda h: (scene.sel.targets[h]["cost"], h))
    where = beside_the_figures(scene, far)
    move_mouse(app, where)
    app.draw()
    pills = [s for s in app.fitcheck.solids if s[1] == "cost"]
    assert len(pills) == 1  # one cost, by the mouse pointer, for the hovered hex alone
    assert abs(pills[0][0].left - where[0]) < 40 and abs(pills[0][0].bottom - where[1]) < 40
    # hovering one of our own figures shows no walk: the click would select it
    move_mouse(app, chip(scene, (1, 0), 0, "worker"))
    app.draw()
    assert not [s for s in app.fitcheck.solids if s[1] == "cost"]


SWAPS = copy.deepcopy(MID)
SWAPS["held"] = {"0": [5, 6, 3], "1": [6, 5], "2": [0, 2, 4]}  # Chloé (seat 2) can swap 15 ways


def test_every_legal_swap_can_be_reached_and_clicked_with_the_mouse():
    app, bridge, scene, g = open_table(SWAPS, my_seat=2)
    swaps = [a for a in g.legal_actions() if a["type"] == "exchange"]
    assert len(swaps) == 15 and {a["with"] for a in swaps} == {0, 1}
    click(app, button(scene, "tikal.exchange").rect.center)
    assert scene.chooser.kind == "exchange"
    seen = []
    for _ in range(30):
        shown = [w for w in scene.widgets.items if getattr(w, "value", None) in swaps]
        assert shown and all(scene.chooser.rect().contains(w.rect) for w in shown)
        seen += [w.value for w in shown if w.value not in seen]
        down = next(w for w in scene.widgets.items if getattr(w, "text", None) == "▼")
        if not down.enabled:
            break
        click(app, down.rect.center)
    assert sorted(map(str, seen)) == sorted(map(str, swaps))  # every one of the 15 was on screen
    app.draw()
    # the wheel over the list scrolls it back up; each option is grouped under its player's name
    move_mouse(app, scene.chooser.rect().center)
    for _ in range(10):
        app.step(0.0, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                                 precise_y=1.0)])
    assert scene.chooser.scroll == 0 and scene.chooser.rows()[0] == ("header", 0)
    first = next(w for w in scene.widgets.items if getattr(w, "value", None) in swaps)
    click(app, first.rect.center)
    assert last_action(bridge) == first.value == swaps[0]
    assert scene.chooser.kind is None


def test_the_guard_chooser_offers_the_worker_and_the_leader():
    app, bridge, scene, g = open_table(MID, my_seat=2)
    click(app, button(scene, "tikal.guard").rect.center)
    click(app, pos(scene, (0, -1)))
    assert scene.chooser.kind == "guard"
    options = [w.value for w in scene.widgets.items if isinstance(getattr(w, "value", None), dict)]
    assert sorted(a["figure"] for a in options) == ["leader", "worker"]
    click(app, (20, 600))  # a click beside the panel closes it, nothing is sent
    assert scene.chooser.kind is None and last_action(bridge) is None
