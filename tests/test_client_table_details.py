"""Small things at the table that hid, misled or said too little: a refusal's raw coordinates, the
first-game guide's silence during an auction, a tooltip left behind by its button, the log's tile
ids."""
import re

import pygame

from assets.i18n import LANGUAGES
from game import screens as registry
from game import theme
from game.fitcheck import FitCheck
from game.tikal.geometry import hexkey
from game.tikal.layout import BOARD_RECT
from game.widgets import Button, Widgets

from client_helpers import click, make_app, run_frames


def test_a_refusal_never_shows_raw_coordinates():
    """The host's reason, from the engine, in the toast: in words (test_engine_reasons holds the
    engine to it), never "[1, -4] is not next to an explored hex"."""
    app = make_app("en")
    scene = registry.sample("tikal_place", app)
    scene.bridge.act({"type": "place_tile", "hex": [7, -7], "rotation": 0})
    scene.bridge.act({"type": "uncover", "hex": [0, -1]})
    app.step(1 / 30, events=[])
    said = [t["msg"] for t in app.toasts.items[-2:]]
    assert said == ["That hex is not next to an explored hex",
                    "Uncovering a temple level is not possible now: the drawn tile is to be placed first"], said
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
    from game.tortuga.animations import FLOAT_TOP, THIS_ONE_RISE, THIS_ONE_SIZE, splash_y, this_one_y
    from game.tortuga.island import STACK_DY, space_pos

    for space in range(1, 22):
        y = splash_y(space_pos(space)[1])
        assert y - 40 - 17 >= FLOAT_TOP and y + 17 <= 720, space     # its whole rise stays on screen
        for height in range(7):                                       # "This one!" over a chosen turtle
            y = this_one_y(space_pos(space)[1] - 4 - height * STACK_DY)
            assert y - THIS_ONE_RISE - THIS_ONE_SIZE / 2 >= FLOAT_TOP and y + THIS_ONE_SIZE / 2 <= 720, (space, height)
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
    moves = {
        "tikal": ({"type": "tile_placed", "tile": "C3"}, {"type": "turn_started"},
                  {"type": "figure_moved", "figure": "worker", "path": [[0, 0], [1, -1]], "cost": 2}),
        "tortuga": ({"type": "die_rolled", "value": 3, "sum": 5}, {"type": "card_taken", "eggs": 4},
                    {"type": "turtle_chosen"}, {"type": "beach", "eggs": 7}),
    }
    for lang in LANGUAGES:
        for game, events in moves.items():
            app = make_app(lang)
            scene = registry.sample(game, app)
            me = scene.me
            other = (me + 1) % scene.seats
            for ev in events:
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


def _sent(scene) -> list:
    """The actions the scene sends to its (local) host from now on."""
    bridge, sent = scene.bridge, []
    act = bridge.act
    bridge.act = lambda action: (sent.append(action), act(action))[1]
    return sent


def _press_move_release(app, start, end, steps: int = 4) -> None:
    """A real left press at ``start``, the mouse moving to ``end`` with the button held, let go there."""
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
    last = start
    for k in range(1, steps + 1):
        at = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(at[0] - last[0], at[1] - last[1]),
                                         buttons=(1, 0, 0)))
        last = at
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(0.0, events=events)


def _zoom_button(scene, tip: str):
    return next(w for w in scene.widgets.items if getattr(w, "tooltip", None) == tip)


def _spot(board, h) -> tuple[int, int]:
    return tuple(int(v) for v in board.center(h))


def test_the_zoom_buttons_work_with_a_tile_in_hand_and_a_left_drag_pans_while_a_click_still_places():
    """The wheel turns the tile in hand, so the board zooms with the − / + buttons then; on the
    zoomed board a left drag (beyond a few pixels) pans, sending nothing, and a click (a jitter of
    a few pixels included) places exactly the tile a click at 1× places on that hex."""
    def fresh():
        app = make_app("en")
        scene = registry.sample("tikal_place", app)
        run_frames(app, 1)
        assert scene.sel.placing()
        return app, scene

    app, scene = fresh()
    h = next(iter(scene.sel.place_hexes()))
    scene.sel.rotation = next(a["rotation"] for a in scene.table.legal if a.get("hex") and hexkey(a["hex"]) == h)
    sent = _sent(scene)
    click(app, _spot(scene.board, h))                   # at 1×, as before: the press places the tile
    assert [a["type"] for a in sent] == ["place_tile"]
    expected = sent[0]
    app.close()

    app, scene = fresh()
    board = scene.board
    zoom_in, zoom_out = _zoom_button(scene, "tikal.zoom_in_tip"), _zoom_button(scene, "tikal.zoom_out_tip")
    assert not zoom_out.enabled and zoom_in.enabled
    turned = scene.sel.rotation
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 330), rel=(0, 0), buttons=(0, 0, 0)),
                          pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert board.zoom == 1.0 and scene.sel.rotation != turned     # the wheel turns the tile in hand
    click(app, zoom_in.rect.center)
    assert board.zoom == 1.5 and scene.sel.placing() and zoom_out.enabled
    click(app, zoom_in.rect.center)
    assert board.zoom == 2.0 and not zoom_in.enabled
    click(app, zoom_out.rect.center)
    assert board.zoom == 1.5
    scene.sel.rotation = expected["rotation"]
    sent, state = _sent(scene), scene.table.state

    before = board.layout.origin                        # a drag pans and places nothing
    start = _spot(board, hexkey(expected["hex"]))
    _press_move_release(app, start, (start[0] - 60, start[1] - 40))
    assert board.layout.origin != before and sent == [] and scene.table.state == state and scene.sel.placing()
    box = pygame.Rect(BOARD_RECT)
    bx, by, bw, bh = board.layout.bounds()
    assert bx <= box.left + 1 and by <= box.top + 1 and bx + bw >= box.right - 1 and by + bh >= box.bottom - 1

    moved = board.layout.origin                         # a click with a jitter under the slop is a click
    spot = _spot(board, hexkey(expected["hex"]))
    _press_move_release(app, spot, (spot[0] + 3, spot[1] - 2), steps=2)
    assert board.layout.origin == moved and sent == [expected]
    app.close()


def test_a_click_on_the_zoomed_board_still_moves_a_figure_as_at_one_times():
    def fresh():
        app = make_app("en")
        scene = registry.sample("tikal", app)            # a figure selected, its walks lit
        run_frames(app, 1)
        assert scene.sel.selected and scene.sel.targets
        return app, scene

    app, scene = fresh()
    middle = pygame.Rect(BOARD_RECT).center            # the buttons zoom about it: a walk near it stays in view
    h = min(scene.sel.targets, key=lambda t: (abs(scene.board.center(t)[0] - middle[0])
                                              + abs(scene.board.center(t)[1] - middle[1]), t))
    sent = _sent(scene)
    click(app, _spot(scene.board, h))
    assert len(sent) == 1 and sent[0]["type"] in ("move", "transfer")
    expected = sent[0]
    app.close()

    app, scene = fresh()
    click(app, _zoom_button(scene, "tikal.zoom_in_tip").rect.center)
    assert scene.board.zoom == 1.5 and scene.sel.selected        # the button leaves the selection alone
    x, y = _spot(scene.board, h)
    assert pygame.Rect(BOARD_RECT).collidepoint(x, y), "the hex went off the zoomed board"
    sent = _sent(scene)
    click(app, (x, y))
    assert sent == [expected]
    app.close()


def test_the_what_now_box_fits_the_review_and_the_replay():
    """'Watch the others… Tab skips animations' was the advice on the final board, a reviewed turn
    and a replay, where nobody plays; each now says what it is and how to get on. A replay's
    supply box shows the supply of whose turn it is (it was an empty "Supply"), and between turns its AP
    meter is nobody's ("Your action points" there named nobody)."""
    for name, key in (("tikal_review", "tikal.help_final"), ("tikal_game_review_turn", "tikal.help_review_turn"),
                      ("replay", "tikal.help_replay")):
        app = make_app()
        scene = registry.sample(name, app)     # built once (a review runs the coach): each language on it
        if scene not in app.scenes:
            app.push(scene)
        for lang in LANGUAGES:
            app.set_language(lang)
            run_frames(app, 1)
            scene = app.scene
            assert scene.column.help_text() == app.tr(key), (lang, name)
            assert app.tr("tikal.help_wait") not in (app.tr(key), scene.column.help_text())
            if name == "replay":
                app.fitcheck = FitCheck()
                app.draw()
                texts = [t for _, t, _, _ in app.fitcheck.texts]
                seat = scene.shown.get("seat")
                assert scene.me is None and seat is not None
                assert app.tr("tikal.supply_of", name=scene.short_name(seat)) in texts, (lang, texts)
                assert not app.fitcheck.problems(), app.fitcheck.problems()
                phase, scene.shown["phase"] = scene.shown.get("phase"), "over"   # between turns: the AP meter
                app.fitcheck = FitCheck()                                        # is nobody's
                app.draw()
                texts = [t for _, t, _, _ in app.fitcheck.texts]
                assert app.tr("tikal.ap") in texts and app.tr("tikal.ap_yours") not in texts, (lang, texts)
                scene.shown["phase"] = phase
                app.fitcheck = None
        app.close()


def test_tv_captions_leave_the_tikal_board_clear():
    """TV mode drew the captions' band over the board's bottom row (a temple and figures under it).
    The board, scaled without distortion, ends above the band and left of the players' side, large
    on the TV's 1920x1080."""
    from game.replay.tv import CAPTIONS_BAND, SIDE, TV_SIZE, board_rect
    from game.tikal.layout import BOARD
    from game.tikal.scene import TikalScene

    src, dst = pygame.Rect(TikalScene.TV_BOARD), board_rect(TikalScene.TV_BOARD)
    kx, ky = dst.width / src.width, dst.height / src.height
    assert abs(kx - ky) < 0.01 * kx                                   # hexes keep their shape
    bx, by, bw, bh = BOARD.bounds()
    on_tv = pygame.Rect(dst.x + (bx - src.x) * kx, dst.y + (by - src.y) * ky, bw * kx, bh * ky)
    assert not on_tv.colliderect(pygame.Rect(CAPTIONS_BAND)), (on_tv, CAPTIONS_BAND)
    assert not dst.colliderect(pygame.Rect(SIDE)) and pygame.Rect(0, 0, *TV_SIZE).contains(dst)
    assert dst.width >= 1200 and dst.height >= 900


def test_a_right_click_on_the_board_still_cancels_a_selection_and_a_right_drag_does_not():
    """"Esc or a right click cancels": the right-button pan took the right click over the board;
    a right click that does not move cancels again, at 1× and zoomed, and a right drag only pans."""
    def right(app, start, end):
        app.step(0.0, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3),
                              pygame.event.Event(pygame.MOUSEMOTION, pos=end, buttons=(0, 0, 1),
                                                 rel=(end[0] - start[0], end[1] - start[1])),
                              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=3)])

    for zoomed in (False, True):
        app = make_app("en")
        scene = registry.sample("tikal", app)            # a figure selected, its walks lit
        run_frames(app, 1)
        if zoomed:
            click(app, _zoom_button(scene, "tikal.zoom_in_tip").rect.center)
            assert scene.board.zoom == 1.5
        assert scene.sel.selected
        before = scene.board.layout.origin
        right(app, (300, 330), (360, 370))
        assert scene.sel.selected, zoomed                              # a drag keeps the selection
        assert (scene.board.layout.origin != before) == zoomed          # and pans a zoomed board
        right(app, (300, 330), (302, 331))
        assert scene.sel.selected is None and not scene.sel.targets, zoomed
        app.close()


def test_no_caption_of_the_tikal_tables_buttons_is_cut():
    """The Czech auction's main button read "Nabíd…" (its key badge takes room): every caption of
    the Tikal table's buttons is whole, in every language."""
    for lang in LANGUAGES:
        for name in ("tikal", "tikal_place", "tikal_auction", "tikal_hint"):
            app = make_app(lang)
            scene = registry.sample(name, app)
            if scene not in app.scenes:
                app.push(scene)
            run_frames(app, 1)
            app.fitcheck = FitCheck()
            app.draw()
            buttons = [w.rect for w in app.scene.widgets.items if isinstance(w, Button) and w.visible]
            for addon in getattr(app.scene, "addons", ()):
                buttons += [w.rect for w in getattr(getattr(addon, "widgets", None), "items", [])
                            if isinstance(w, Button) and w.visible]
            cut = [t for r, t, _, _ in app.fitcheck.texts
                   if "…" in t and any(b.contains(pygame.Rect(r)) for b in buttons)]
            assert not cut, (lang, name, cut)
            app.close()


def test_an_empty_stack_says_so_once():
    """The final board's tile box read "No tiles left", then "0 tiles left" and "No volcano left"."""
    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tikal_review", app)
        if scene not in app.scenes:
            app.push(scene)
        run_frames(app, 1)
        app.fitcheck = FitCheck()
        app.draw()
        texts = [t for _, t, _, _ in app.fitcheck.texts]
        assert app.tr("tikal.stack_empty") in texts, (lang, texts)
        assert app.trn("tikal.next_tiles", 0) not in texts and app.tr("tikal.no_volcano_left") not in texts, lang
        app.close()
    app = make_app("en")
    registry.sample("tikal", app)                       # a stack with tiles still counts them
    run_frames(app, 1)
    app.fitcheck = FitCheck()
    app.draw()
    assert any(t == app.trn("tikal.next_tiles", n) for _, t, _, _ in app.fitcheck.texts for n in range(1, 49))
    app.close()


def test_la_tortugas_log_names_one_turtle_or_both_never_a_bare_count():
    """"Anna's turtles (1) go 6 spaces": the stack's size read as noise. One turtle is "turtle",
    a player's two together are "both" (L-S1: two at most), in every language."""
    for lang in LANGUAGES:
        app = make_app(lang)
        scene = registry.sample("tortuga_choose", app)          # 2–3 players: two turtles each
        me = scene.me
        other = (me + 1) % scene.seats
        mine = [t for t in range(2 * scene.seats) if scene.owner(t) == me]
        theirs = [t for t in range(2 * scene.seats) if scene.owner(t) == other]
        assert len(mine) == 2 and len(theirs) == 2
        lines = {}
        for who, ts in (("me", mine), ("other", theirs)):
            for group in ([ts[0]], ts):
                ev = {"type": "turtles_moved", "turtle": ts[0], "group": group, "steps": 3, "to": 9}
                lines[who, len(group)] = scene.describe(ev)
        assert lines["other", 1] == app.trn("ev.tortuga.moved_one", 3, name=scene.short_name(other), steps=3, to=9)
        assert lines["other", 2] == app.trn("ev.tortuga.moved", 3, name=scene.short_name(other), steps=3, to=9)
        assert lines["me", 1] == app.trn("ev.tortuga.moved_one_you", 3, steps=3, to=9)
        assert lines["me", 2] == app.trn("ev.tortuga.moved_you", 3, steps=3, to=9)
        assert len(set(lines.values())) == 4 and not any(re.search(r"\(\d\)", v) for v in lines.values()), lines
        app.close()


def test_seven_seats_egg_cards_keep_their_numbers_clear_of_the_edge():
    """With 7 seats the rows are short and the cards taken were 14 px blobs: a 2 px rounded edge
    ate into the number. Their edge is thin now: a line of paper runs inside it, above and below
    the number, on every card drawn."""
    from game.tortuga.samples import finished_tortuga_bridge
    from game.tortuga.scene import TortugaScene

    app = make_app("ru")
    b = finished_tortuga_bridge(seats=7)
    app.bridge = b
    scene = app.show(TortugaScene(app, b))
    run_frames(app, 1)
    panel = scene.panel
    assert panel.row_rect(0).height < 40                           # the short rows of a full table
    surface = pygame.Surface(app.SIZE)
    panel.draw(surface)
    held = scene.shown.get("held", {})
    checked = 0
    for seat in range(7):
        cards = held.get(str(seat), [])
        c = panel.cards_rect(seat)
        if not cards:
            continue
        w = c.height + 2
        step = min(w + 3, (c.width - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        card = pygame.Rect(c.x + (len(cards) - 1) * step, c.y, w, c.height)       # the last, uncovered
        for y in (card.y + 1, card.bottom - 2):
            row = [tuple(surface.get_at((x, y)))[:3] for x in range(card.x + 3, card.right - 3)]
            assert sum(px == tuple(theme.PAPER) for px in row) >= 0.6 * len(row), (seat, y, row)
        checked += 1
    assert checked >= 2
    app.close()
