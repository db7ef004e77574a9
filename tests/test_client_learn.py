"""Learning aids: the how-to-play pages (every text fits its box in every language; the
pages turn with the mouse; they open from the host browser, the lobby and the in-game menu, the
rules by id one click deeper), the hint (the strong bot's plan on our own view: legal, shown, and
nothing is sent), the first-game guide (its steps advance on the host's events, through a real
host), bots named in the window's language, a refused action's toast linking its rule."""
import copy
import re

import pygame
import pytest

from assets.i18n import LANGUAGES
from game import screens as registry
from game.games import CLIENTS
from game.howto import HowToScene
from game.howto.scene import fit_text, fits_everywhere
from game.scenes.menu import MenuScene, RulesScene
from game.tikal.geometry import hexkey
from game.tikal.layout import BOARD_RECT

from client_helpers import (
    bot_table,
    button,
    click,
    colourful,
    join_and_start,
    make_app,
    press,
    pump,
    run_frames,
    settle,
    window,
)


def wheel(app, y: int) -> None:
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                             precise_x=0.0, precise_y=float(y))])


#: Each game's how-to pages, as the registry declares them.
PAGES = {g.name: g.pages for g in CLIENTS}

# --- how to play -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_how_to_play_text_fits_its_box(lang):
    app = make_app(lang)
    for game in PAGES:
        assert fits_everywhere(app, game) == [], (lang, game)
    assert not fit_text(app, "word " * 500, 560, 480)[2]     # the measure can say no
    app.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_renders_in_every_language(lang):
    app = make_app(lang)
    for game, pages in PAGES.items():
        scene = app.show(HowToScene(app, game))
        for i in range(len(pages)):
            scene.go(i)
            frame = app.draw()
            assert colourful(frame), (lang, game, i)
    app.close()


def test_pages_turn_with_the_mouse_from_the_lobby_to_the_rules():
    app = make_app("it")
    lobby = app.show(registry.sample("lobby", app))          # at a La Tortuga table
    click(app, button(lobby, "howto.open").rect.center)
    scene = app.scene
    assert isinstance(scene, HowToScene) and scene.game == "tortuga" and scene.page == 0
    nxt, prev = button(scene, "howto.next"), button(scene, "howto.prev")
    assert not prev.enabled
    seen = [scene.page]
    while nxt.enabled:
        click(app, nxt.rect.center)
        seen.append(scene.page)
        assert colourful(app.draw())
    assert seen == list(range(len(PAGES["tortuga"])))
    click(app, prev.rect.center)
    assert scene.page == len(PAGES["tortuga"]) - 2
    click(app, scene.dots[0].center)                        # a page dot
    assert scene.page == 0
    wheel(app, -1)                                          # the wheel turns pages too
    assert scene.page == 1
    click(app, button(scene, "game.tikal").rect.center)    # the other game's pages
    assert scene.game == "tikal" and scene.page == 0
    click(app, button(scene, "howto.rules").rect.center)   # one click deeper: the rules by id
    assert isinstance(app.scene, RulesScene) and app.scene.game == "tikal"
    click(app, button(app.scene, "common.back").rect.center)
    assert app.scene is scene
    click(app, button(scene, "common.back").rect.center)
    assert app.scene is lobby


def test_how_to_play_opens_from_the_host_browser_and_the_in_game_menu():
    app = make_app("cs")
    browser = app.show(registry.sample("browser", app))
    click(app, button(browser, "howto.open").rect.center)
    assert isinstance(app.scene, HowToScene) and app.scene.game == "tikal"
    click(app, button(app.scene, "common.back").rect.center)
    assert app.scene is browser
    table = app.show(registry.sample("tortuga", app))
    click(app, button(table, "menu.open").rect.center)
    assert isinstance(app.scene, MenuScene)
    click(app, button(app.scene, "menu.howto").rect.center)
    assert isinstance(app.scene, HowToScene) and app.scene.game == "tortuga"
    assert colourful(app.draw())


# --- the hint ------------------------------------------------------------------------------------------
def hint_table(app, hints: bool = True):
    """MID after Chloé's turn: Anna (us) has the tile to place, on a table that allows hints."""
    from game.tikal.samples import hint_table as table

    b, scene = table(app, hints)
    settle(app)
    return b, scene


def test_the_hint_shows_a_legal_plan_and_sends_nothing():
    app = make_app(anim_speed=0)
    b, scene = hint_table(app)
    hint = scene.addons[0]
    run_frames(app, 1)
    assert hint.button.visible and hint.button.enabled and b.table.my_turn()
    sent, view = len(b.sent), copy.deepcopy(b.table.view)
    click(app, hint.button.rect.center)
    assert hint.thinking() and hint.button.caption().startswith("Thinking")
    hint.wait()
    run_frames(app, 2)
    assert len(b.sent) == sent and b.table.view == view       # nothing asked of the host, nothing played
    plan = [a for a, _ in hint.plan]
    assert plan and plan[0]["type"] == "place_tile" and plan[0] in b.table.legal
    game = b.game.clone()                                      # the real game: the plan is legal on it
    for action in plan:
        game.apply(action)
    assert hint.button.caption() == "Hide hint"
    assert colourful(app.draw())
    b.act(plan[0])                                             # we play its first step: the hint goes on
    settle(app)
    assert [a for a, _ in hint.plan] == plan[1:]
    press(app, pygame.K_ESCAPE)                                # Esc hides it
    assert not hint.plan


def test_the_hints_step_numbers_never_hide_each_other():
    """Two steps on one hex (uncover, then dig there): both numbers readable, side by side."""
    from game.fitcheck import FitCheck

    app = make_app(anim_speed=0)
    b, scene = hint_table(app)
    hint = scene.addons[0]
    hint.state = b.table.state
    hint.plan = [({"type": "move", "figure": "worker", "path": [[0, 0], [1, -1], [1, -2], [2, -2]]}, 4),
                 ({"type": "uncover", "hex": [2, -2]}, 2),
                 ({"type": "dig", "hex": [2, -2]}, 3),
                 ({"type": "end_turn"}, 0)]
    run_frames(app, 1)
    app.fitcheck = FitCheck()
    app.draw()
    numbers = [(r, t) for r, t, _, layer in app.fitcheck.texts if layer == "board" and t in ("1", "2", "3")]
    assert sorted(t for _, t in numbers) == ["1", "2", "3"]
    assert not [p for p in app.fitcheck.problems() if "'2'" in p or "'3'" in p]


def test_no_hint_button_where_the_table_does_not_allow_it():
    app = make_app(anim_speed=0)
    b, scene = hint_table(app, hints=False)
    hint = scene.addons[0]
    run_frames(app, 1)
    assert not hint.button.visible
    press(app, pygame.K_h)
    assert hint.thread is None and not hint.plan


def tortuga_hint_table(app, choose: bool = False):
    """A La Tortuga table that allows hints, our decision to make (``game/tortuga/samples.py``)."""
    from game.tortuga.samples import hinted_bridge
    from game.tortuga.scene import TortugaScene

    b = hinted_bridge(choose=choose)
    app.bridge = b
    scene = app.show(TortugaScene(app, b))
    settle(app)
    return b, scene


@pytest.mark.parametrize("choose", [False, True], ids=["roll_or_stop", "which_turtle"])
def test_the_tortuga_hint_rings_the_strong_bots_choice_and_says_why(choose):
    """Click Hint on a La Tortuga table: the hard bot's choice (from our view) is ringed and named,
    with one line of why from its own numbers; nothing is sent; clicking the ringed button plays
    it and the hint goes."""
    from engine.bots.tortuga_coach import advise
    from game.fitcheck import FitCheck
    from game.tortuga.hint import why_text

    app = make_app(anim_speed=0)
    b, scene = tortuga_hint_table(app, choose)
    hint = scene.addons[0]
    run_frames(app, 1)
    assert hint.button.visible and hint.button.enabled and b.table.my_turn()
    sent, view, legal = len(b.sent), copy.deepcopy(b.table.view), copy.deepcopy(b.table.legal)
    click(app, hint.button.rect.center)                          # the bot runs in the hint's thread
    hint.wait()
    run_frames(app, 2)
    assert hint.button.caption() == "Hide hint"
    assert len(b.sent) == sent and b.table.view == view          # nothing asked of the host, nothing played
    want, why = advise(view, legal, b.table.my_seat, seed=b.table.state * 7919 + b.table.my_seat)
    assert hint.action == want and hint.reason == why and want in legal
    assert why["key"] == ("close" if choose else "stop")
    app.fitcheck = FitCheck()
    app.draw()
    shown = " ".join(t for _, t, _, _ in app.fitcheck.texts)
    assert hint.choice_text() in shown and why_text(app, why).split()[0] in shown
    assert not [p for p in app.fitcheck.problems() if "hint" in p.lower()]
    target = hint.target()
    assert target is not None and (target.value == want if choose else target.label == "tortuga.stop")
    click(app, target.rect.center)                               # play it: the hint goes with the decision
    settle(app)
    assert b.sent[-1]["action"] == want and hint.action is None


def test_the_tortuga_hints_choice_quotes_the_turtles_button_whole():
    """ru read "Первой: С кольцом, на поле 11" (a capital mid-sentence): the hint quotes the button's
    own label, in each language's quotation marks."""
    for lang in LANGUAGES:
        app = make_app(lang, anim_speed=0)
        b, scene = tortuga_hint_table(app, True)
        hint = scene.addons[0]
        for action in [a for a in b.table.legal if a.get("type") == "choose_turtle"]:
            hint.action = action
            caption = hint.target().caption()
            assert re.search("[«“„]" + re.escape(caption) + "[»”“]", hint.choice_text()), (lang, hint.choice_text())
        app.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_tortuga_reason_fits_its_box(language):
    """Each reason the coach gives, with its widest numbers, in two lines of the hint's box."""
    from game.tortuga.hint import WHY, why_rows, why_text

    app = make_app(language)
    widest = {"spaces": 12, "eggs": 6, "bust": 83, "gain": 10.84, "total": 7, "space": 21}
    stop, roll, card = {"key": "stop", "spaces": 12}, {"key": "roll"}, {"key": "card", "eggs": 6}
    others = {"stop": [roll, card], "stop_safe": [roll, card], "roll": [stop, card], "roll_safe": [stop, card],
              "play": [stop, roll, card], "even": [stop, roll, card]}      # the next best choice it names
    for key in WHY:
        for other in others.get(key, [None]):
            reason = {"key": key, **widest, **({"other": other} if other else {})}
            rows, size, _ = why_rows(app, reason)
            text = why_text(app, reason)
            assert " ".join(rows) == text and len(rows) <= 2 and size >= 15, (key, rows, size)
    # the box's note (the eggs are the bot's estimate): its two lines at the bottom, whole
    from game.tortuga.hint import BOX_RECT
    from game.widgets import wrap
    note = wrap(app.assets.font(13), app.tr("hint.tortuga.note"), BOX_RECT[2] - 20)
    assert len(note) <= 2, note


def test_the_lobby_sends_the_hints_choice_and_shows_it():
    from game.net_bridge import OfflineBridge
    from game.scenes.lobby import LobbyScene
    from net.table import welcome_message

    app = make_app()
    b = OfflineBridge("Ann")
    b.handle(welcome_message("Host", 1))
    lobby = app.show(LobbyScene(app, b))
    hints = next(w for w in lobby.widgets.items if getattr(w, "tooltip", None) == "lobby.hints_tip")
    assert hints.visible                                       # La Tortuga has a hint too
    press(app, pygame.K_g)                                     # Tikal
    hints = next(w for w in lobby.widgets.items if getattr(w, "tooltip", None) == "lobby.hints_tip")
    assert hints.visible and hints.caption() == "Hints: On"
    click(app, hints.rect.center)
    assert hints.caption() == "Hints: Off"
    click(app, button(lobby, "lobby.create").rect.center)
    assert b.sent[-1]["t"] == "create" and b.sent[-1]["hints"] is False
    b.handle({"t": "tables", "tables": [{"id": 4, "game": "tikal", "hints": True, "status": "lobby",
                                          "players": []}]})
    run_frames(app, 1)
    assert colourful(app.draw())


# --- the guide, through a real host -------------------------------------------------------------------
def test_the_guide_follows_the_first_turn_on_the_hosts_events(tmp_path, host):
    from game.settings import Settings
    from game.tikal.scene import TikalScene

    h, address = host
    table = bot_table(h, "tikal", 2, {"variant": "base"}, hints=True)
    settings = Settings.load(tmp_path / "settings.json")
    settings.language, settings.anim_speed = "cs", 4.0
    assert not settings.guide_done
    app = window(address, settings=settings)
    bridge = app.bridge
    try:
        scene = join_and_start(app, table.id, TikalScene)
        assert bridge.lobby["hints"] is True
        hint, guide = scene.addons
        assert guide.active and hint.visible

        def at(step):
            pump(app, lambda: guide.step == step)
            app.draw()                                       # click zones and the bubble are laid out

        at("place")
        sent = len(bridge.sent)                              # the hint asks the host nothing
        click(app, hint.button.rect.center)
        hint.wait()
        pump(app, lambda: bool(hint.plan))
        assert len(bridge.sent) == sent and hint.plan[0][0] in bridge.table.legal
        press(app, pygame.K_ESCAPE)
        assert not hint.plan
        place = scene.legal("place_tile")[0]
        for _ in range(6):
            if scene.sel.rotation == place["rotation"]:
                break
            press(app, pygame.K_r)
        click(app, scene.board.center(place["hex"]))
        at("enter")                                          # the host's tile_placed moved it on
        assert guide.steps.done == {"place"}
        click(app, scene.column.click_zones[("supply", "worker")].center)
        app.draw()
        (x, y), key = guide.target("enter")
        assert key == "guide.enter_target" and guide.step == "enter"   # a click alone is no step
        click(app, (x, y))
        at("walk")
        click(app, scene.board.center((0, 0)))                     # our worker in the base camp
        app.draw()
        (x, y), key = guide.target("walk")
        assert key == "guide.walk_target"
        goal = scene.board.layout.hex_at((x, y))
        click(app, (x, y))
        at("end")
        assert any(hexkey(f["hex"]) == goal and f["seat"] == scene.me for f in bridge.table.view["figures"])
        (x, y), key = guide.target("end")
        click(app, button(scene, "tikal.end_turn").rect.center)
        pump(app, lambda: not guide.active)
        assert settings.guide_done and guide.steps.finished
        assert '"guide_done": true' in (tmp_path / "settings.json").read_text(encoding="utf-8")
        again = TikalScene(app, bridge)                      # the next table: no guide any more
        assert not again.addons[1].active
    finally:
        app.close()


def test_guide_steps_alone():
    from game.tikal.guide import GuideSteps

    g = GuideSteps(me=1)
    assert g.current("place") == "place" and g.current("actions") == "enter" and g.current("bid") == "bid"
    g.feed([{"type": "figure_entered", "seat": 0}])            # someone else's event
    assert g.current("actions") == "enter"
    g.feed([{"type": "tile_placed", "seat": 1}, {"type": "figure_entered", "seat": 1}])
    assert g.current("actions") == "walk"
    g.feed([{"type": "figure_moved", "seat": 1}])
    assert g.current("actions") == "end"
    g.feed([{"type": "turn_ended", "seat": 1}])
    assert g.finished and g.current("actions") is None


# --- names and refusals in the window's language ----------------------------------------------------
def test_bots_are_named_in_the_windows_language():
    from game.net_bridge import OfflineBridge

    b = OfflineBridge("Ann")
    b.handle({"t": "table", "table": {"id": 1, "game": "tikal", "seats": 2, "players": [
        {"seat": 0, "kind": "human", "name": "Ann"},
        {"seat": 1, "kind": "bot", "name": "Bot 2 (normal)", "level": "normal"}]}})
    assert b.table.name(1) == "Bot 2 (normal)"                # no window: as the host says
    app = make_app("ru")
    app.bridge = b
    assert b.table.name(1) == "Бот 2 (средний)" and b.table.name(0) == "Ann"
    app.set_language("cs")
    assert b.table.name(1) == "Bot 2 (normální)"


def test_a_refused_action_says_its_rule_in_the_language_and_links_it():
    app = make_app("it", anim_speed=0)
    b, scene = hint_table(app, hints=False)
    bad = {"type": "place_tile", "hex": [7, -7], "rotation": 0}     # far from explored land
    scene.ask(bad)
    run_frames(app, 1)
    toast = app.toasts.items[-1]
    assert toast["rule"] == "T-P1" and toast["msg"] == app.tr("table.refused")
    assert "esagon" in (toast["rule_text"] or "")                 # the rule's Italian text
    app.draw()
    rect = app.toasts.rects[-1][0]
    click(app, rect.center)                                      # the toast links its rule
    assert isinstance(app.scene, RulesScene) and app.scene.focus == "T-P1" and app.scene.game == "tikal"
    assert colourful(app.draw())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_by_id_exist_in_every_language(lang):
    from game import rules_ref

    assert sorted(CLIENTS.rules(lang)) == sorted(CLIENTS.rules("en"))
    for game in ("tikal", "tortuga"):
        assert [h for h, _ in rules_ref.sections(CLIENTS[game].rules, lang)]        # headings of its own
    if lang != "en":
        assert CLIENTS.rule_text("T-V4", lang) != CLIENTS.rule_text("T-V4", "en")
    assert CLIENTS.rule_text("L-T1", "xx") == CLIENTS.rule_text("L-T1", "en")   # no texts: English


def test_the_guide_hides_for_good_and_the_settings_show_it_again():
    from game.scenes.settings_scene import SettingsScene

    app = make_app("it", guide=True)
    scene = registry.sample("tikal_guide", app)               # a new game, our first turn
    guide = scene.addons[1]
    run_frames(app, 2)
    app.draw()
    assert guide.active and guide.step == "place" and guide.close_rect is not None
    click(app, guide.close_rect.center)                         # the bubble's ×
    assert not guide.active and app.settings.guide_done
    settings = app.push(SettingsScene(app))
    again = settings.guide_button
    assert again.enabled and again.caption() == "Mostrala di nuovo"
    click(app, again.rect.center)
    assert not app.settings.guide_done and not again.enabled


def test_a_click_on_the_guides_bubble_stays_in_the_bubble():
    """The bubble lies on the board: a click on its text (mouse down and up there, as a player
    reading it would) reaches nothing under it; a click beside it on a glowing hex still places."""
    app = make_app("en", guide=True)
    scene = registry.sample("tikal_guide", app)
    guide, bridge = scene.addons[1], scene.bridge
    sent = []
    act = bridge.act
    bridge.act = lambda action: (sent.append(action), act(action))[1]
    run_frames(app, 2)
    app.draw()
    bubble = guide.bubble_rect
    assert guide.step == "place" and bubble is not None and bubble.colliderect(BOARD_RECT)
    state = bridge.table.state
    for pos in (bubble.center, (bubble.x + 20, bubble.bottom - 12), (bubble.right - 40, bubble.y + 40)):
        click(app, pos)
        app.draw()
    assert sent == [] and bridge.table.state == state and guide.active
    spot = next(h for h in scene.sel.place_hexes() if not bubble.collidepoint(scene.board.center(h)))
    scene.sel.rotation = next(a["rotation"] for a in bridge.table.legal if a.get("hex") and hexkey(a["hex"]) == spot)
    click(app, tuple(int(v) for v in scene.board.center(spot)))
    assert sent and sent[0]["type"] == "place_tile"


def test_the_hint_bids_in_an_auction():
    """Where the turn starts with an auction, the hint is the strong bot's bid or pass."""
    from game.tikal import samples
    from game.tikal.hint import plan_turn

    b = samples.local(samples.auction_scenario(), 0)
    samples.end_turn(b)                                       # the round ends: the auction opens
    for _ in range(4):                                       # the others pass until it is our bid
        if b.game.to_act == 0:
            break
        b.act({"type": "pass"})
    assert b.game.to_act == 0 and b.table.view["phase"] == "bid"
    steps = plan_turn(b.table.view, b.table.legal, 0, seed=3)
    assert len(steps) == 1 and steps[0][0] in b.table.legal


def test_the_quick_game_allows_hints():
    from game.launch import start_embedded
    from game.net_bridge import NetBridge

    address, first, stop = start_embedded("Tess", "cs")
    try:
        app = make_app()
        bridge = NetBridge("Tess", discovery=False)
        app.bridge = bridge
        bridge.connect(address, "Tess")
        pump(app, lambda: bool(bridge.tables))
        assert bridge.host_name == "Rychlá hra: Tess"
        tikal = [t for t in bridge.tables if t["game"] == "tikal"]
        assert tikal and all(t["hints"] for t in tikal)
        app.close()
    finally:
        stop()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_plan_fits_the_hints_list(lang):
    """Eight steps in words, a 24-character name among them, each with its reason under it, fit
    the list beside the board."""
    app = make_app(lang, anim_speed=0)
    b, scene = hint_table(app)
    b.table.players[1]["name"] = "Bartholomew Fitzgerald J"
    hint = scene.addons[0]
    hint.state = b.table.state
    hint.plan = [({"type": "place_tile", "hex": [6, -5], "rotation": 4}, 0),
                 ({"type": "enter", "figure": "worker", "hex": [0, 0]}, 1),
                 ({"type": "move", "figure": "worker", "path": [[0, 0], [1, -1], [1, -2], [2, -2]]}, 4),
                 ({"type": "exchange", "give": 7, "take": 3, "with": 1}, 3),
                 ({"type": "uncover", "hex": [2, -2]}, 2),
                 ({"type": "dig", "hex": [1, -2]}, 3),
                 ({"type": "transfer", "figure": "leader", "from": [0, 0], "to": [1, -1]}, 1),
                 ({"type": "end_turn"}, 0)]
    # each step with the bot's reason under it, the longest of each kind in this language
    from game.tikal.hint import why_text

    def longest(*reasons):
        return max(reasons, key=lambda r: app.assets.font(14).size(why_text(app, r, 1))[0])

    hint.why = [longest({"key": "place_treasure", "count": 3}, {"key": "place_temple", "level": 10},
                        {"key": "place_way", "ahead": 7}, {"key": "place_volcano"}, {"key": "place_spot"}),
                longest({"key": "for_step", "ahead": 1}, {"key": "in_play"}, {"key": "near_treasure", "count": 3},
                        {"key": "to_dig", "count": 3, "ahead": 4}),
                {"key": "majority", "level": 10, "scorings": 3}, {"key": "exchange", "points": 5},
                longest({"key": "uncover_mine", "level": 10, "scorings": 3}, {"key": "uncover_guard", "level": 10,
                                                                                "ahead": 2}),
                {"key": "dig", "count": 2},
                {"key": "towards", "level": 10, "mine": 12, "rival": 13}, {"key": "end", "ap": 3}]
    assert all(why for _, _, why in hint.list_lines())
    for seats in (2, 3, 4):                                    # the log is smallest at 4 seats
        _, (size, _, fits) = hint.list_layout(hint.list_rect(seats))
        assert fits and size >= 12, (lang, seats, size)
    run_frames(app, 1)
    assert colourful(app.draw())


def test_the_pages_pictures_are_data_that_both_clients_draw():
    """One source for the window's pages and the browser's (issue 38): each game's pictures are
    declared as data (game/howto/items.py), every kind of them is one the window draws (shared, or
    the game's painters), they hold only plain data (tools/web_data.py writes them for the browser,
    which draws the same kinds: tests/test_web_learn.py) and every key they print is in the catalogs."""
    import json

    from assets.i18n import Catalog
    from game.games import CLIENTS
    from game.howto.items import texts_of
    from game.howto.pictures import SHARED

    en = Catalog("en")
    for game in ("tikal", "tortuga"):
        kinds = set()
        for page in CLIENTS[game].pages:
            assert page.declared, (game, page.id)
            pictures = [page.picture] if not page.rows else [page.row_pictures[item] for item in page.rows]
            assert all(pictures), (game, page.id)
            for items in pictures:
                assert json.loads(json.dumps(items)) == items        # plain data, as the browser gets it
                for item in items:
                    assert item["k"] in SHARED or item["k"] in page.painters, (game, page.id, item["k"])
                    kinds.add(item["k"])
                    assert all(en.tr(k) != k for k in texts_of(item)), item
        assert len(kinds - set(SHARED)) >= 3, kinds       # the game's own pieces, not only lines and words
