"""Small things at the table that hid, misled or said too little: a refusal's raw coordinates, the
first-game guide's silence during an auction, a tooltip left behind by its button, the log's tile
ids."""
import re

import pygame

from assets.i18n import LANGUAGES
from game import screens as registry
from game.fitcheck import FitCheck
from game.widgets import Button, Widgets

from client_helpers import make_app, run_frames


def test_a_refusal_never_shows_raw_coordinates():
    app = make_app("en")
    scene = registry.sample("tikal_place", app)
    scene.refused({"kind": "error", "rule": "T-P1", "reason": "[1, -4] is not next to an explored hex"})
    scene.refused({"kind": "error", "rule": "T-A4", "reason": "[0, 2] is not a temple"})
    said = [t["msg"] for t in app.toasts.items[-2:]]
    assert said == ["That hex is not next to an explored hex", "That hex is not a temple"]
    assert not any(re.search(r"\[-?\d", m) for m in said)
    app.close()


def test_the_guide_speaks_during_the_auction():
    for lang in LANGUAGES:
        app = make_app(lang, guide=True)
        scene = registry.sample("tikal_guide_bid", app)
        guide = scene.addons[1]
        run_frames(app, 2)
        app.fitcheck = FitCheck()
        app.draw()
        assert guide.step == "bid" and guide.bubble_rect is not None
        texts = [t for _, t, _, _ in app.fitcheck.texts]
        assert app.tr("guide.title_auction") in texts
        assert not app.fitcheck.problems(), app.fitcheck.problems()
        app.close()


def test_a_tooltip_goes_with_its_button():
    app = make_app("en")
    widgets = Widgets(app)
    surface = pygame.Surface((400, 300))
    widgets.add(Button(app, (100, 150, 120, 40), None, lambda: None, text="Go", tooltip="hint.tip"))
    widgets.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(150, 160), rel=(0, 0), buttons=(0, 0, 0)))
    widgets.update(1.0)
    app.fitcheck = FitCheck()
    widgets.draw(surface)
    tip = app.tr("hint.tip")
    assert any(t for _, t, _, layer in app.fitcheck.texts if layer == "overlay")     # the tooltip shows
    app.fitcheck.clear()
    widgets.clear()                                            # the controls are rebuilt without it
    widgets.update(1.0)
    widgets.draw(surface)
    assert not [t for _, t, _, layer in app.fitcheck.texts if layer == "overlay"], tip
    app.close()


def test_the_log_names_tiles_by_kind_never_by_id():
    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tikal", app)
        for ev in ({"type": "tile_drawn", "seat": 0, "tile": "B7"}, {"type": "tile_placed", "seat": 0, "tile": "C3"},
                   {"type": "tile_chosen", "seat": 0, "tile": "D4"}, {"type": "tile_removed", "tile": "E2"}):
            line = scene.describe(ev)
            assert line and not re.search(r"\b[A-G]\d\b", line), (lang, line)
        app.close()


def test_the_ready_button_is_green_only_while_it_says_ready():
    from game.scenes.lobby import LobbyScene
    from game.scenes.samples import lobby_bridge

    app = make_app("en")
    b = lobby_bridge()
    app.bridge = b
    scene = app.show(LobbyScene(app, b))
    app.step(0.0, events=[])
    btn = next(w for w in scene.widgets.items if getattr(w, "label", None) in ("lobby.ready", "lobby.unready"))
    assert btn.label == "lobby.unready" and btn.style != "good"          # we are ready: the button undoes it
    app.close()


def test_la_tortugas_choice_of_turtle_names_its_space_and_rings_it():
    """2–3 players: "First / Second turtle" said neither which nor where; each choice now names
    the turtle's space (or the raft), and hovering it rings that turtle on the island."""
    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tortuga_choose", app)
        if scene not in app.scenes:
            app.push(scene)
        app.step(1 / 60, events=[])
        choices = [w for w in scene.widgets.items if isinstance(getattr(w, "value", None), dict)
                   and w.value.get("type") == "choose_turtle"]
        assert len(choices) == 2
        for w in choices:
            t = w.value["turtle"]
            space = scene.island.space_of(t)
            assert (str(space) in w.caption()) if space else scene.tr("tortuga.choose_a_raft") == w.caption()
            app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0),
                                                     buttons=(0, 0, 0))])
            assert scene.island.highlight == {t}
        app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(600, 300), rel=(0, 0), buttons=(0, 0, 0))])
        assert scene.island.highlight == set()
        assert choices[0].caption() != choices[1].caption()
        app.close()


def test_splash_is_never_cut_and_a_bust_promises_no_move():
    from game.tortuga.animations import FLOAT_TOP, splash_y
    from game.tortuga.island import space_pos

    for space in range(1, 22):
        y = splash_y(space_pos(space)[1])
        assert y - 40 - 17 >= FLOAT_TOP and y + 17 <= 720, space     # its whole rise stays on screen
    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tortuga_cards", app)
        if scene not in app.scenes:
            app.push(scene)
        app.step(0.0, events=[])
        scene.shown["rolled"] = [5, 4]                                 # over 7: a bust
        app.fitcheck = FitCheck()
        app.draw()
        texts = [t for _, t, _, _ in app.fitcheck.texts]
        assert not any("→" in t for t in texts) and any(scene.tr("tortuga.bust_big") in t for t in texts), texts
        app.close()


def test_the_log_says_you_for_our_own_moves():
    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tikal", app)
        me = scene.me
        other = (me + 1) % scene.seats
        for ev in ({"type": "tile_placed", "tile": "C3"}, {"type": "turn_started"},
                   {"type": "figure_moved", "figure": "worker", "path": [[0, 0], [1, -1]], "cost": 2}):
            mine = scene.describe({**ev, "seat": me})
            theirs = scene.describe({**ev, "seat": other})
            assert scene.short_name(me) not in mine and scene.short_name(other) in theirs, (lang, mine, theirs)
        app.close()
        app = make_app(lang)
        scene = registry.sample("tortuga", app)
        me = scene.me
        other = (me + 1) % scene.seats
        for ev in ({"type": "die_rolled", "value": 3, "sum": 5}, {"type": "card_taken", "eggs": 4},
                   {"type": "turtle_chosen"}, {"type": "beach", "eggs": 7}):
            mine = scene.describe({**ev, "seat": me})
            theirs = scene.describe({**ev, "seat": other})
            assert scene.short_name(me) not in mine and scene.short_name(other) in theirs, (lang, mine, theirs)
        app.close()


def test_someone_elses_swap_with_us_says_you():
    """A swap that took one of our treasures named us in the third person; it says "your"."""
    from game.tikal.words import treasure_name

    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tikal", app)
        me = scene.me
        a, b = [s for s in range(scene.seats) if s != me][:2]
        swap = {"type": "exchange", "give": 0, "take": 1, "cost": 3, "ap": 1}
        with_us = scene.describe({**swap, "seat": a, "with": me})
        between_others = scene.describe({**swap, "seat": a, "with": b})
        ours = scene.describe({**swap, "seat": me, "with": a})
        assert scene.short_name(me) not in with_us and scene.short_name(a) in with_us, (lang, with_us)
        assert with_us == scene.tr("ev.tikal.exchange_yours", name=scene.short_name(a), give=treasure_name(scene.tr, 0),
                                   take=treasure_name(scene.tr, 1))
        assert scene.short_name(b) in between_others and scene.short_name(a) in between_others, (lang, between_others)
        assert scene.short_name(me) not in ours and scene.short_name(a) in ours, (lang, ours)
        assert len({with_us, between_others, ours}) == 3
        app.close()


def test_the_wheel_zooms_the_board_and_a_right_drag_pans_it():
    """No tile in hand: the wheel over the board zooms about the mouse (the hex under it stays
    under it), a right-button drag pans, the board always fills its box; clicks still find hexes."""
    from game.tikal.layout import BOARD_RECT

    app = make_app("en")
    scene = registry.sample("tikal", app)                # a figure selected, no tile in hand
    board = scene.board
    assert not scene.sel.placing() and board.zoom == 1.0
    spot = (300, 330)
    under = board.hex_at(spot)
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0), buttons=(0, 0, 0)),
                          pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert board.zoom == 1.5 and board.hex_at(spot) == under
    x, y = board.center(under)
    assert abs(x - spot[0]) < board.layout.size and abs(y - spot[1]) < board.layout.size
    before = board.layout.origin
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=3),
                          pygame.event.Event(pygame.MOUSEMOTION, pos=(spot[0] + 40, spot[1] + 20), rel=(40, 20),
                                             buttons=(0, 0, 1)),
                          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(spot[0] + 40, spot[1] + 20), button=3)])
    after = board.layout.origin
    assert after != before and not scene.dragging
    bx, by, bw, bh = board.layout.bounds()
    box = pygame.Rect(BOARD_RECT)
    assert bx <= box.left + 1 and by <= box.top + 1 and bx + bw >= box.right - 1 and by + bh >= box.bottom - 1
    app.fitcheck = FitCheck()
    app.draw()
    for _ in range(3):
        app.step(0.0, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert board.zoom == 1.0
    app.close()
