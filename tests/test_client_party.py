"""The party night, from the window (issue 18): arriving (the welcome, the quick game's picker),
the flash on our turn, ... Each test drives a real window (SDL's dummy driver) with mouse events,
through a real host on loopback."""
from __future__ import annotations

import json

import pygame
import pytest

from game.launch import QuickHost, open_quick
from game.scenes.lobby import LobbyScene
from game.scenes.settings_scene import SettingsScene
from game.scenes.welcome import QuickGameScene, WelcomeScene
from game.settings import Settings, system_user_name
from game.tortuga.scene import TortugaScene

from client_helpers import bot_table, click, join_and_start, make_app, on_loop, pump, widget, window
from net_helpers import spare_loopback
from waiting import HANG, Stall, until


def test_a_first_start_welcomes_then_the_quick_game_seats_us_with_the_bots_it_says(tmp_path):
    path = tmp_path / "settings.json"
    settings = Settings.load(path)                      # no file yet: a first start
    assert not settings.welcomed and settings.name == system_user_name()
    quick = QuickHost(settings)
    app = open_quick(settings, quick, discovery=False)
    try:
        assert isinstance(app.scene, WelcomeScene)
        app.draw()
        assert app.scene.name_input.value == system_user_name()     # prefilled
        click(app, app.scene.name_input.rect.center)                # the field takes the typing
        app.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                               scancode=0)] * 30
                 + [pygame.event.Event(pygame.TEXTINPUT, text="Tess")])
        click(app, widget(app.scene, value="ru").rect.center)       # the language, at once
        assert app.settings.language == "ru" and app.tr("common.back") == "Назад"
        click(app, widget(app.scene, value="shapes").rect.center)
        assert app.settings.shapes is False
        click(app, widget(app.scene, label="welcome.go").rect.center)
        saved = json.loads(path.read_text(encoding="utf-8"))
        assert saved["welcomed"] is True and saved["name"] == "Tess" and saved["language"] == "ru"
        assert Settings.load(path).welcomed                          # the next start goes straight on

        picker = app.scene
        assert isinstance(picker, QuickGameScene)
        assert picker.game == "tikal" and picker.level == "easy"      # Tikal first: its guide and hints
        app.draw()
        click(app, picker.card_rect(1).center)                       # La Tortuga's card
        assert picker.game == "tortuga"
        click(app, widget(picker, value="hard").rect.center)
        assert picker.level == "hard"
        click(app, widget(picker, label="quick.play").rect.center)
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.lobby and b.table.my_seat is not None
             and b.lobby["players"][b.table.my_seat]["ready"])
        assert b.lobby["game"] == "tortuga" and b.lobby["hints"] is True
        bots = [p for p in b.lobby["players"] if p["kind"] == "bot"]
        assert len(bots) == 3 and {p["level"] for p in bots} == {"hard"}
        app.draw()
        # the lobby says the level the bots really play at (not a default of its own)
        assert app.scene.bot_level == "hard"
        level_button = next(w for w in app.scene.widgets.items if "Боты" in w.caption() or "бот" in w.caption())
        assert app.tr("bot.hard") in level_button.caption()
        click(app, widget(app.scene, label="lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene) and b.table.view)
        assert json.loads(path.read_text(encoding="utf-8"))["quick_level"] == "hard"
    finally:
        app.close()
        quick.stop()


def test_the_quick_games_lobby_back_returns_to_the_picker():
    settings = Settings(name="Tess")
    quick = QuickHost(settings)
    app = open_quick(settings, quick, discovery=False)
    try:
        assert isinstance(app.scene, QuickGameScene)                # welcomed already: no welcome
        app.draw()
        click(app, widget(app.scene, label="quick.play").rect.center)
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.lobby and b.lobby["game"] == "tikal")
        app.draw()
        click(app, widget(app.scene, label="common.back").rect.center)      # leave the table
        pump(app, lambda: b.lobby is None)
        app.draw()
        click(app, widget(app.scene, label="common.back").rect.center)      # and the host
        assert isinstance(app.scene, QuickGameScene)
    finally:
        app.close()
        quick.stop()


def test_our_turn_flashes_the_window_behind_another_one_unless_the_setting_is_off(host):
    h, address = host
    for flash in (True, False):
        table = bot_table(h, "tortuga", 2)
        app = window(address)
        app.settings.flash = flash
        try:
            # the window loses the focus (SDL's event, as another window comes in front)
            app.step(0, events=[pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)])
            assert app.focused is False
            join_and_start(app, table.id, TortugaScene)
            b = app.bridge
            pump(app, lambda: b.table.my_turn() and app.scene.last_turn_chime == b.table.state)
            assert app.attention_asked == (1 if flash else 0)
            app.step(0, events=[pygame.event.Event(pygame.WINDOWFOCUSGAINED, window=None)])
            assert app.focused and app.ask_attention() is False        # in front: nothing to ask
        finally:
            app.close()


def test_the_flash_is_a_setting_switched_with_the_mouse():
    app = make_app()
    app.show(SettingsScene(app))
    app.draw()
    assert app.settings.flash is True
    click(app, widget(app.scene, value="flash").rect.center)
    assert app.settings.flash is False
    app.draw()
    assert app.scene.widgets.items and widget(app.scene, value="flash").caption() == app.tr("common.off")


# --- pass-and-play -----------------------------------------------------------------------------

def with_a_local_player(h, address, bots: int):
    """Anna's window joins a new 3-seat La Tortuga table (``bots`` bots in it) and adds a second
    player at the window ("+ a player here", named as suggested); returns (app, the host's table)."""
    table = on_loop(h, lambda: h.create_table("tortuga", 3, {"cards_as_dice": True}, bots=bots,
                                              bot_level="normal"))
    app = window(address, name="Anna", anim_speed=0.0)
    b = app.bridge
    pump(app, lambda: isinstance(app.scene, LobbyScene) and b.tables)
    app.draw()
    click(app, next(w for w in app.scene.widgets.items if getattr(w, "label", None) == "lobby.join").rect.center)
    pump(app, lambda: b.lobby is not None and b.table.my_seat is not None)
    app.draw()
    click(app, widget(app.scene, label="hotseat.add_here").rect.center)        # "+ a player here"
    app.draw()
    click(app, widget(app.scene, label="hotseat.add").rect.center)             # as "Player 2"
    pump(app, lambda: len(app.party.bridges) == 2 and app.party.bridges[1].table.my_seat is not None
         and b.lobby["players"][app.party.bridges[1].table.my_seat].get("ready"))
    return app, table


@pytest.mark.slow             # whole games
def test_two_players_at_one_window_play_a_whole_la_tortuga_game_passing_the_laptop(host):
    import random
    import time

    from test_client_mouse_games import tortuga_decide

    from game.app import App
    from game.scenes.hotseat import HotseatPassScene
    from game.scenes.results import ResultsScene

    h, address = host
    app, table = with_a_local_player(h, address, bots=0)
    assert isinstance(app, App)
    b, party = app.bridge, app.party
    assert party.bridges[1].table.my_seat == 1
    assert b.lobby["players"][1]["name"] == app.tr("hotseat.default_name", n=2)
    app.draw()
    assert widget(app.scene, value=("unlocal", 1))                             # theirs to undo
    click(app, widget(app.scene, label="lobby.add_bot").rect.center)           # the third seat: a bot
    pump(app, lambda: b.lobby["players"][2]["kind"] == "bot")
    ready_and_start(app)

    rng, kinds = random.Random(5), set()
    meant = {0: [], 1: []}
    passes, seen_covered = [], []
    stall = Stall(lambda: app.bridge.table.state)
    while not isinstance(app.scene, ResultsScene):
        stall.check("the end of the game")
        app.step(1 / 60, events=[])
        time.sleep(0.001)
        top = app.scene
        if isinstance(top, HotseatPassScene):
            app.draw()
            seen_covered.append(type(app.scenes[-1]).__name__)
            passes.append(top.seat)
            # the one passed to is the seat whose turn it is, and not the seat shown before
            assert top.seat != app.bridge.table.my_seat
            click(app, widget(top, value="hotseat.go").rect.center)
            assert app.bridge.table.my_seat == passes[-1] and isinstance(app.scene, TortugaScene)
            continue
        bridge = app.bridge
        if (isinstance(top, TortugaScene) and bridge.table.my_turn() and not top.timeline.busy
                and top.pending != bridge.table.state):
            state, seat = bridge.table.state, bridge.table.my_seat
            meant[seat] += tortuga_decide(app, bridge, top, rng, kinds)()
            pump(app, lambda: bridge.table.state != state or top.pending is None)
    try:
        assert table.game.is_over
        for seat in (0, 1):     # every action each local player clicked reached the host from their seat
            assert [a for s, a in table.history if s == seat] == meant[seat] and meant[seat]
        assert 0 in passes and 1 in passes          # the laptop went both ways
        assert set(seen_covered) == {"HotseatPassScene"}
        assert app.bridge is party.primary          # the results and the lobby: the window's own seat
    finally:
        app.close()


def test_the_windows_players_leave_with_it(host):
    h, address = host
    app, table = with_a_local_player(h, address, bots=0)
    try:
        app.draw()
        click(app, widget(app.scene, label="lobby.leave").rect.center)
        pump(app, lambda: app.bridge.lobby is None and len(app.party.bridges) == 1)
        pump(app, lambda: all(s.kind == "empty" for s in table.seats))       # both seats free on the host
        assert not [k for k in app.settings.seats if "#" in k]             # no local seat kept to come back to
    finally:
        app.close()


def test_a_dropped_window_gets_every_local_seat_back(host):
    h, address = host
    app, table = with_a_local_player(h, address, bots=1)
    seats = {bb.table.my_seat for bb in app.party.bridges}
    ready_and_start(app)
    settings = app.settings
    app.close()                                   # the window drops: both seats are away, kept
    pump_host = window(address, settings=settings)  # the same player's window again
    try:
        b2 = pump_host.bridge
        pump(pump_host, lambda: pump_host.party is not None and len(pump_host.party.bridges) == 2
             and all(x.table.view for x in pump_host.party.bridges))
        assert {x.table.my_seat for x in pump_host.party.bridges} == seats
        assert b2.table.id == table.id
        pump(pump_host, lambda: all(table.seats[s].conn is not None for s in seats))  # the host has them back
    finally:
        pump_host.close()


def test_the_first_game_guide_follows_the_local_player_whose_turn_it_is():
    """The window's own player has followed the guide; a local player new to Tikal gets it at
    their seat, and following it is remembered for them alone."""
    import engine
    from game.net_bridge import LocalBridge
    from game.party import Party
    from game.tikal.guide import FirstGameGuide
    from game.tikal.scene import TikalScene

    app = make_app()                                   # guide_done: the window's player knows it
    g = engine.new_game("tikal", seats=2, seed=3)
    anna = LocalBridge(g, my_seat=1, names=["Boris", "Anna"])
    boris = LocalBridge(g, my_seat=0, names=["Boris", "Anna"])
    boris.name = "Boris"
    app.party = Party(app, anna)
    app.party.bridges.append(boris)                    # a second player at this window, seat 0
    app.bridge = boris
    scene = app.show(TikalScene(app, boris))
    guide = next(a for a in scene.addons if isinstance(a, FirstGameGuide))
    assert guide.active and guide.step is not None     # Boris's first game: the guide shows
    guide.finish()
    assert app.settings.guided == ["Boris"] and app.settings.guide_done is True
    app.bridge = anna
    other = TikalScene(app, anna)
    assert not next(a for a in other.addons if isinstance(a, FirstGameGuide)).active


# --- hosting friends ---------------------------------------------------------------------------

def friend_window(address: str, name: str, local: str = "127.0.0.2"):
    """A friend's window, its connection made from another loopback address (another machine)."""
    from game.net_bridge import NetBridge
    from game.scenes.browser import BrowserScene

    app = make_app(anim_speed=0.0)
    app.settings.name = name
    app.bridge = NetBridge(name, discovery=False)
    app.bridge.local = local
    app.show(BrowserScene(app, app.bridge))
    app.scene.connect(address)
    return app


def type_text(app, text: str) -> None:
    app.step(0, events=[pygame.event.Event(pygame.TEXTINPUT, text=text)])


def test_the_host_window_seats_the_host_at_open_seats_a_friend_joins_then_bots_fill_the_rest(tmp_path):
    from game.fitcheck import FitCheck
    from game.launch import host_window
    from net.host import start_in_thread
    from tikal_lan.host import window_host
    from tikal_lan.host_options import parse_args

    args = parse_args(["--bind", "127.0.0.1", "--port", "0", "--no-announce", "--data-dir", str(tmp_path)])
    host, made = window_host(args)                      # what run_host.py with a display makes
    addr, port, stop = start_in_thread(host=host, timeout=HANG)
    # where other machines reach it: on a LAN its interfaces' addresses; here loopback's own
    host.addresses = [f"127.0.0.1:{port}"]
    apps = []
    try:
        me = host_window(addr, port, host, Settings(name="Hosta", anim_speed=0.0), discovery=False)
        apps.append(me)
        b = me.bridge
        pump(me, lambda: isinstance(me.scene, LobbyScene) and b.lobby and b.table.my_seat == 0)
        assert [p["kind"] for p in b.lobby["players"]] == ["human", "empty", "empty", "empty"]   # no bots
        assert b.lobby["owner"] == b.player
        me.fitcheck = FitCheck()
        me.draw()
        big = me.tr("lobby.join_big", address=b.host_addresses[0])
        assert any(text == big and rect.height >= 30 for rect, text, _box, _layer in me.fitcheck.texts)
        me.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
        assert not [w for w in me.scene.widgets.items if getattr(w, "label", None) == "common.back"]
        pump(me, lambda: True)
        assert b.lobby is not None and b.connected      # Esc neither leaves the host's seat nor its host

        friend = friend_window(b.host_addresses[0], "Fred")     # the friend types what the host shows
        apps.append(friend)
        fb = friend.bridge
        pump(friend, lambda: isinstance(friend.scene, LobbyScene) and fb.tables)
        friend.draw()
        click(friend, next(w for w in friend.scene.widgets.items if getattr(w, "label", None) == "lobby.join"
                           and w.enabled).rect.center)
        pump(friend, lambda: fb.table.my_seat == 1)
        conn = next(c for c in host.conns.values() if c.name == "Fred")
        assert conn.addr == "127.0.0.2"                  # the friend came from another address

        # the owner removes the friend's seat, makes the table private; the friend needs the code
        pump(me, lambda: b.lobby["players"][1]["kind"] == "human")
        me.draw()
        click(me, widget(me.scene, value=("remove", 1)).rect.center)
        pump(friend, lambda: fb.lobby is None)
        pump(me, lambda: b.lobby["players"][1]["kind"] == "empty")
        me.draw()
        click(me, widget(me.scene, value="private").rect.center)
        pump(me, lambda: b.lobby.get("private") and b.lobby.get("code"))
        me.draw()
        code = b.lobby["code"]
        assert widget(me.scene, value="private").caption() == me.tr("lobby.private_code", code=code)
        pump(friend, lambda: any(t.get("private") for t in fb.tables))
        friend.draw()
        click(friend, next(w for w in friend.scene.widgets.items if getattr(w, "label", None) == "lobby.join"
                           and w.enabled).rect.center)
        ask = friend.scene
        friend.draw()
        type_text(friend, "WRONG")
        click(friend, widget(ask, label="lobby.join").rect.center)
        assert fb.sent[-1]["code"] == "WRONG"
        pump(friend, lambda: friend.toasts.items)
        assert friend.toasts.items[-1]["msg"] == friend.tr("net.error_bad_code")
        assert fb.table.my_seat is None                  # a wrong code seats nobody
        friend.draw()
        click(friend, next(w for w in friend.scene.widgets.items if getattr(w, "label", None) == "lobby.join"
                           and w.enabled).rect.center)
        friend.draw()
        type_text(friend, code.lower())                  # the code is not case-sensitive
        click(friend, widget(friend.scene, label="lobby.join").rect.center)
        pump(friend, lambda: fb.table.my_seat is not None and fb.lobby is not None)

        # one click fills the empty seats with bots; both ready; the owner starts
        pump(me, lambda: sum(p["kind"] == "human" for p in b.lobby["players"]) == 2)
        me.draw()
        click(me, widget(me.scene, label="lobby.fill").rect.center)
        pump(me, lambda: all(p["kind"] != "empty" for p in b.lobby["players"]))
        assert sum(p["kind"] == "bot" for p in b.lobby["players"]) == 2
        friend.draw()
        click(friend, widget(friend.scene, label="lobby.ready").rect.center)
        me.draw()
        click(me, widget(me.scene, label="lobby.ready").rect.center)
        pump(me, lambda: all(p.get("ready") or p["kind"] == "bot" for p in b.lobby["players"]))
        me.draw()
        click(me, widget(me.scene, label="lobby.start").rect.center)
        from game.tikal.scene import TikalScene
        pump(me, lambda: isinstance(me.scene, TikalScene))
        pump(friend, lambda: isinstance(friend.scene, TikalScene))
    finally:
        for a in apps:
            a.close()
        stop()


# --- the evening: standings, saved games, the recap ---------------------------------------------

def live(data_dir, bind="127.0.0.1", **config):
    """A real host on ``bind`` keeping its journals (and the night's standings) in ``data_dir``."""
    from net.config import HostConfig
    from net.host import Host, start_in_thread

    h = Host(HostConfig(name="Party host", bind=bind, port=0, announce=False, data_dir=str(data_dir),
                        **config))
    addr, port, stop = start_in_thread(host=h, timeout=HANG)
    return h, f"{addr}:{port}", stop



def play_tortuga_out(app, seed: int) -> None:
    """Click our decisions of the La Tortuga game shown until its results show (only a hang
    fails: no move for waiting.HANG seconds)."""
    import random
    import time

    from test_client_mouse_games import tortuga_decide

    from game.scenes.results import ResultsScene

    rng, kinds = random.Random(seed), set()
    stall = Stall(lambda: app.bridge.table.state)
    while not isinstance(app.scene, ResultsScene):
        stall.check("the end of the game")
        app.step(1 / 60, events=[])
        time.sleep(0.001)
        top, bridge = app.scene, app.bridge
        if (isinstance(top, TortugaScene) and bridge.table.my_turn() and not top.timeline.busy
                and top.pending != bridge.table.state):
            state = bridge.table.state
            tortuga_decide(app, bridge, top, rng, kinds)()
            pump(app, lambda: bridge.table.state != state or top.pending is None)


def join_table(app, table_id: int) -> None:
    """From the lobby: Join the table (by its row), ready, Start."""
    b = app.bridge
    pump(app, lambda: isinstance(app.scene, LobbyScene) and any(t["id"] == table_id for t in b.tables)
         and b.lobby is None)
    app.draw()
    row = [t["id"] for t in b.tables[:app.scene.rows()]].index(table_id)
    joins = [w for w in app.scene.widgets.items if getattr(w, "label", None) == "lobby.join"]
    click(app, joins[row].rect.center)
    pump(app, lambda: b.lobby is not None and b.table.my_seat is not None)
    ready_and_start(app)


def ready_and_start(app) -> None:
    """In the lobby at a table: I'm ready, then Start (the owner's), until the table shows."""
    b = app.bridge
    app.draw()
    click(app, widget(app.scene, label="lobby.ready").rect.center)
    pump(app, lambda: b.lobby["players"][b.table.my_seat].get("ready"))
    app.draw()
    click(app, widget(app.scene, label="lobby.start").rect.center)
    pump(app, lambda: isinstance(app.scene, TortugaScene))


@pytest.mark.slow             # whole games
def test_the_nights_standings_count_two_games_across_a_host_restart(tmp_path):
    from game.scenes.results import ResultsScene
    from game.scenes.standings import StandingsScene

    h, address, stop = live(tmp_path)
    app = window(address, name="Tess", anim_speed=0.0)
    try:
        for n in range(2):                                  # two games, each against one bot
            t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
            if n:                                           # from the results: the lobby's table list
                click(app, widget(app.scene, label="results.lobby").rect.center)
                # the results leave the finished table themselves (ResultsScene.to_lobby): the lobby
                # shows the old table, with its Leave, until the host's word that we left is in, then
                # the list (waiting for the Leave raced that word: the test hung when it came first)
                pump(app, lambda: isinstance(app.scene, LobbyScene) and app.bridge.lobby is None)
            join_table(app, t.id)
            play_tortuga_out(app, seed=n)
            res = app.scene
            pump(app, lambda: (app.bridge.standings or {}).get("night", {}).get("games") == n + 1)
            app.draw()
            assert isinstance(res, ResultsScene)
            click(app, widget(res, label="standings.open").rect.center)   # "Tonight", after the results
            assert isinstance(app.scene, StandingsScene)
            app.draw()
            row = next(r for r in app.scene.rows() if r["name"] == "Tess")
            assert row["played"] == n + 1
            click(app, widget(app.scene, label="common.back").rect.center)
        wins = row["wins"]
    finally:
        app.close()
        stop()

    h, address, stop = live(tmp_path)                        # the host starts again on its data dir
    app = window(address, name="Tess", anim_speed=0.0)
    try:
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.standings is not None)
        app.draw()
        click(app, widget(app.scene, label="standings.open").rect.center)      # "Tonight" in the lobby
        scene = app.scene
        assert isinstance(scene, StandingsScene)
        app.draw()
        assert b.standings["night"]["games"] == 2
        row = next(r for r in scene.rows() if r["name"] == "Tess")
        assert row["played"] == 2 and row["wins"] == wins
        click(app, widget(scene, value="tortuga").rect.center)                 # per game
        assert scene.view == "tortuga" and next(r for r in scene.rows() if r["name"] == "Tess")["played"] == 2
        assert not [w for w in scene.widgets.items if getattr(w, "value", None) == "new_night"]   # not the host's

        from game.launch import host_window

        addr, port = address.split(":")                 # the host's own window may start a new night
        own = host_window(addr, int(port), h, Settings(name="Hosta", anim_speed=0.0), discovery=False)
        try:
            ob = own.bridge
            pump(own, lambda: isinstance(own.scene, LobbyScene) and ob.standings is not None)
            own.draw()
            click(own, widget(own.scene, label="standings.open").rect.center)
            own.draw()
            click(own, widget(own.scene, value="new_night").rect.center)      # asked once more ...
            assert ob.standings["night"]["games"] == 2
            own.draw()
            click(own, widget(own.scene, value="new_night").rect.center)      # ... then done
            pump(own, lambda: ob.standings["night"]["games"] == 0)
            pump(app, lambda: b.standings["night"]["games"] == 0 and not b.standings["overall"])
            own.draw()
            assert not own.scene.rows()
        finally:
            own.close()
    finally:
        app.close()
        stop()


@pytest.mark.slow             # whole games
def test_a_saved_unfinished_game_continues_from_the_lobby(tmp_path):
    import random

    from test_client_mouse_games import tortuga_decide

    h, address, stop = live(tmp_path)
    app = window(address, name="Tess", anim_speed=0.0)
    settings = app.settings
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
        join_table(app, t.id)
        b, rng, kinds = app.bridge, random.Random(3), set()
        stall = Stall(lambda: b.table.state)
        while b.table.state < 6:                                # a few moves, then the host goes down
            stall.check("six moves")
            app.step(1 / 60, events=[])
            top = app.scene
            if b.table.my_turn() and not top.timeline.busy and top.pending != b.table.state:
                state = b.table.state
                tortuga_decide(app, b, top, rng, kinds)()
                pump(app, lambda: b.table.state != state or top.pending is None)
        saved_state, my_seat, table_id = b.table.state, b.table.my_seat, t.id
        assert saved_state >= 6 and not b.table.over
    finally:
        app.close()
        stop()

    h, address, stop = live(tmp_path)                  # started again, without --resume: the game is saved
    app = window(address, settings=settings)
    try:
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.saved_games)
        assert [g["id"] for g in b.saved_games] == [table_id] and b.saved_games[0]["mine"] == [my_seat]
        listed = b.saved_games[0]["state"]
        assert listed >= saved_state                    # nothing we saw played is lost
        app.draw()
        click(app, widget(app.scene, value=("continue", table_id)).rect.center)      # the lobby's Continue
        pump(app, lambda: any(isinstance(s, TortugaScene) for s in app.scenes))
        if not isinstance(app.scene, TortugaScene):      # a recap first, if the host had one
            click(app, widget(app.scene, value="recap.done").rect.center)
        # our old seat at that very game, from where it was saved (the bot may have played on since)
        assert b.table.id == table_id and b.table.my_seat == my_seat and b.table.state >= listed
        said = app.scene.log.texts()                     # the log says where the game stood
        assert any(app.trn("recap.resumed", n, name=app.scene.short_name(s)) in said
                   for n in range(listed, b.table.state + 1) for s in range(2))
        assert b.lobby["owner"] == b.player
        play_tortuga_out(app, seed=4)                    # and it plays on to its end
        assert b.table.over
    finally:
        app.close()
        stop()


def test_coming_back_after_a_drop_the_recap_lists_what_the_takeover_bot_did(tmp_path):

    from game.scenes.recap import RecapScene

    h, address, stop = live(tmp_path, grace=0.2)        # a dropped seat is played by a bot at once
    app = window(address, name="Tess", anim_speed=0.0)
    settings = app.settings
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
        join_table(app, t.id)
        me = app.bridge.table.my_seat
        left = len(t.play.moves)
        app.close()                                     # the window drops
        app = None

        def played_on() -> bool:
            # the takeover bot has played our seat, and a group has moved since the window left:
            # each run's seed differs, and dice and busts alone move no turtle (nothing to mark)
            moved = any(ev.get("type") == "turtles_moved" for m in t.play.moves[left:] for ev in m["events"])
            return (moved and sum(1 for s, _ in t.history if s == me) >= 3) or t.game.is_over

        until(played_on, "the takeover bot's moves", poll=0.05, progress=lambda: len(t.history))
        assert any(s == me for s, _ in t.history)
        app = window(address, settings=settings)         # back, with the seat's token
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, RecapScene))
        recap = app.scene
        app.draw()
        ours = [m for m in b.recap["moves"] if m.get("seat") == me and not m.get("undone")]
        assert ours                                      # the host's recap has the takeover's moves ...
        texts = [text for text, mark, _ in recap.lines if mark == recap.table_scene.mark_of(me)]
        assert all(m.get("bot") for m in ours)           # the host says a bot made them
        for move in ours:                                # ... and the window lists each of their events,
            for ev in move["events"]:                    # in the third person, as the bot's
                line = recap.table_scene.describe(ev, you=False)
                if line is not None and ev.get("seat") == me:
                    line = app.tr("recap.by_bot", line=line)
                assert line is None or line in [x for x, _, _ in recap.lines]
        log = recap.log                                  # it opens at the first move
        assert log.scroll == max(0, len(log.lines) - (log.rect.height - 12 - log.top) // (log.size + 5))
        assert texts                                     # our seat's moves, under our seat's mark
        ends = {ev["to"] for m in b.recap["moves"] for ev in m.get("events") or [] if ev["type"] == "turtles_moved"}
        # marked on the board beneath, until a movement the other player's bot made since we came back
        since = max(m["state"] for m in b.recap["moves"])
        later = [{ev["to"] for ev in e["events"] if ev.get("type") == "turtles_moved"}
                 for e in b.table.history if e["state"] > since]
        later = [x for x in later if x]
        assert ends and recap.table_scene.island.marks == (later[-1] if later else ends)
        click(app, widget(recap, value="recap.done").rect.center)      # dismissed: the table
        assert isinstance(app.scene, TortugaScene) and b.recap is None
    finally:
        if app is not None:
            app.close()
        stop()


@pytest.mark.parametrize("host", [{"grace": 0.2}], indirect=True)
def test_the_table_shows_a_dropped_player_as_away_while_a_bot_plays_their_seat(host):
    from game.fitcheck import FitCheck

    h, address = host
    t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=0))
    anna, boris = window(address, name="Anna", anim_speed=0.0), window(address, name="Boris", anim_speed=0.0)
    try:
        for app in (boris, anna):                        # Boris sits first (he owns the table), then Anna
            pump(app, lambda: isinstance(app.scene, LobbyScene) and any(x["id"] == t.id for x in app.bridge.tables))
            app.draw()
            click(app, next(w for w in app.scene.widgets.items if getattr(w, "label", None) == "lobby.join"
                            and w.enabled).rect.center)
            pump(app, lambda: app.bridge.lobby is not None and app.bridge.table.my_seat is not None)
            app.draw()
            click(app, widget(app.scene, label="lobby.ready").rect.center)
        pump(boris, lambda: all(p.get("ready") for p in boris.bridge.lobby["players"]))
        boris.draw()
        click(boris, widget(boris.scene, label="lobby.start").rect.center)
        b = anna.bridge
        pump(anna, lambda: isinstance(anna.scene, TortugaScene))
        other = 1 - b.table.my_seat
        boris.close()                                    # Boris's laptop goes away
        pump(anna, lambda: not b.table.players[other].get("connected")
             and b.table.players[other].get("takeover"))
        anna.fitcheck = FitCheck()
        anna.draw()                                      # his row says so
        tag = anna.tr("table.away_bot")
        assert any("Boris" in text and tag in text for _r, text, _b, _l in anna.fitcheck.texts)
    finally:
        anna.close()
        boris.close()


def test_a_window_whose_table_is_gone_after_a_host_restart_goes_to_the_lobby_and_says_so(tmp_path):
    lo = spare_loopback()                               # the port is ours alone there, between the hosts
    h, address, stop = live(tmp_path / "one", bind=lo)
    app = window(address, name="Tess", anim_speed=0.0, language="cs")
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
        join_table(app, t.id)
        stop()                                          # the host goes; another starts on the same port
        port = int(address.rsplit(":", 1)[1])
        from net.config import HostConfig
        from net.host import Host, start_in_thread

        h2 = Host(HostConfig(name="Party host", bind=lo, port=port, announce=False,
                             data_dir=str(tmp_path / "two")))          # knows nothing of that table
        _a, _p, stop = start_in_thread(host=h2, timeout=HANG)
        pump(app, lambda: isinstance(app.scene, LobbyScene) and app.bridge.connected)
        assert app.bridge.table.id is None
        assert any(it["msg"] == app.tr("net.error_table_gone") for it in app.toasts.items)
        shown = [it["msg"] for it in app.toasts.items]
        assert len(shown) == len(set(shown))            # a notice said again shows once
    finally:
        app.close()
        stop()


def test_half_points_use_the_languages_decimal_separator():
    from game.scenes.standings import points_text, summary_line

    assert points_text(2.5, make_app("en")) == "2.5" and points_text(3, make_app("en")) == "3"
    for lang in ("cs", "it", "ru"):
        app = make_app(lang)
        assert points_text(5.5, app) == "5,5"
        assert "5,5" in summary_line(app, {"overall": [{"name": "Anna", "played": 3, "wins": 1, "points": 5.5}]})


# --- after qa (pfix1): a private table's local players, the guest's lobby, the log across a pass ---

def add_here(app, name: str | None = None) -> None:
    """ "+ a player here", then Take a seat (as suggested, or as ``name``)."""
    app.draw()
    click(app, widget(app.scene, label="hotseat.add_here").rect.center)
    app.draw()
    if name is not None:
        # the ask's field has the suggestion: replace it
        app.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="",
                                               scancode=0)] * 30 + [pygame.event.Event(pygame.TEXTINPUT, text=name)])
    click(app, widget(app.scene, label="hotseat.add").rect.center)


def bot_level_button(app):
    caption = app.tr("lobby.bot_level", level=app.tr(f"bot.{app.scene.bot_level}"))
    return [w for w in app.scene.widgets.items if w.visible and getattr(w, "caption", str)() == caption]


def test_a_player_added_at_a_private_table_sits_with_its_code_and_a_refusal_says_why(host):
    h, address = host
    anna, boris = window(address, "Anna", anim_speed=0.0), window(address, "Boris", anim_speed=0.0)
    try:
        for app in (anna, boris):
            pump(app, lambda app=app: isinstance(app.scene, LobbyScene))
        ab, bb = anna.bridge, boris.bridge
        anna.draw()
        click(anna, widget(anna.scene, label="lobby.create").rect.center)
        pump(anna, lambda: ab.lobby and ab.table.my_seat == 0)
        anna.draw()
        click(anna, widget(anna.scene, value="private").rect.center)
        pump(anna, lambda: ab.lobby.get("private") and ab.lobby.get("code"))
        # the owner's window knows the code: its local player sits with it
        add_here(anna)
        pump(anna, lambda: len(anna.party.bridges) == 2 and anna.party.bridges[1].table.my_seat is not None)
        anna.draw()
        assert bot_level_button(anna)                   # the owner adds bots: the level is theirs to pick

        # a guest joins with the code (asked), and has no bot level to pick (no +Bot, no Fill)
        pump(boris, lambda: any(t.get("private") for t in bb.tables))
        boris.draw()
        click(boris, next(w for w in boris.scene.widgets.items if getattr(w, "label", None) == "lobby.join"
                          and w.enabled).rect.center)
        boris.draw()
        type_text(boris, ab.lobby["code"])
        click(boris, widget(boris.scene, label="lobby.join").rect.center)
        pump(boris, lambda: bb.lobby is not None and bb.table.my_seat is not None)
        boris.draw()
        assert not bot_level_button(boris)
        # the code the guest typed is kept: the guest's local player sits with it
        add_here(boris, "Carla")
        pump(boris, lambda: len(boris.party.bridges) == 2 and boris.party.bridges[1].table.my_seat is not None)
        pump(anna, lambda: sum(p["kind"] == "human" for p in ab.lobby["players"]) == 4)

        # a seat frees, the owner draws a new code: the guest's next player is refused, says why, and goes
        anna.draw()
        click(anna, widget(anna.scene, value=("unlocal", 1)).rect.center)
        pump(anna, lambda: len(anna.party.bridges) == 1 and ab.lobby["players"][1]["kind"] == "empty")
        for private in (False, True):
            anna.draw()
            click(anna, widget(anna.scene, value="private").rect.center)
            pump(anna, lambda private=private: bool(ab.lobby.get("private")) == private)
        pump(boris, lambda: bb.lobby["players"][1]["kind"] == "empty" and bb.lobby.get("private"))
        add_here(boris, "Dora")
        want = boris.tr("hotseat.refused", name="Dora") + " " + boris.tr("net.error_bad_code")
        pump(boris, lambda: any(t["msg"] == want for t in boris.toasts.items))
        assert len(boris.party.bridges) == 2 and [x.name for x in boris.party.local()] == ["Carla"]
        assert not [k for k, e in boris.settings.seats.items() if e.get("name") == "Dora"]
        boris.draw()
        click(boris, widget(boris.scene, label="hotseat.add_here").rect.center)
        boris.draw()
        assert boris.scene.field.value == boris.tr("hotseat.default_name", n=3)   # Dora's failed seat is gone
    finally:
        anna.close()
        boris.close()


def test_the_log_and_the_last_moves_marks_stay_when_the_laptop_is_passed(host):
    import random
    import time

    from test_client_mouse_games import tortuga_decide

    from game.scenes.hotseat import HotseatPassScene

    h, address = host
    app, table = with_a_local_player(h, address, bots=1)
    try:
        pump(app, lambda: app.bridge.lobby["players"][2]["kind"] == "bot")
        ready_and_start(app)
        rng, kinds, checked = random.Random(3), set(), 0
        stall = Stall(lambda: app.bridge.table.state)
        while checked < 2 and not app.bridge.table.over:
            stall.check("two passes of the laptop")
            app.step(1 / 60, events=[])
            time.sleep(0.001)
            top = app.scene
            if isinstance(top, HotseatPassScene):
                before = app.scenes[-2]
                lines, marks = before.log.texts(), set(before.island.marks)
                app.draw()
                click(app, widget(top, value="hotseat.go").rect.center)
                after = app.scene
                assert isinstance(after, TortugaScene) and after is not before
                if lines:       # what the others (and the bot) did meanwhile is still there to read
                    assert after.log.texts()[:len(lines)] == lines and after.island.marks == marks
                    # at a shared window the log names each player ("you" would be whoever had the laptop)
                    assert app.catalog.language == "en" and not [ln for ln in lines if ln.startswith("You ")]
                    assert any(ln.startswith(("Anna ", "Player 2 ")) for ln in lines)
                    checked += 1
                continue
            bridge = app.bridge
            if (isinstance(top, TortugaScene) and bridge.table.my_turn() and not top.timeline.busy
                    and top.pending != bridge.table.state):
                state = bridge.table.state
                tortuga_decide(app, bridge, top, rng, kinds)()
                pump(app, lambda: bridge.table.state != state or top.pending is None)
        assert checked == 2, "no pass with a log to carry"
    finally:
        app.close()


def test_tikals_last_move_mark_and_log_stay_when_the_laptop_is_passed():
    import engine
    from game.net_bridge import LocalBridge
    from game.party import Party
    from game.tikal.scene import TikalScene

    app = make_app(anim_speed=0.0)
    g = engine.new_game("tikal", seats=2, seed=3)
    anna = LocalBridge(g, my_seat=1, names=["Boris", "Anna"])
    boris = LocalBridge(g, my_seat=0, names=["Boris", "Anna"])
    app.party = Party(app, anna)
    app.party.bridges.append(boris)                    # a second player at this window, seat 0
    app.bridge = boris
    before = app.show(TikalScene(app, boris))
    boris.act(boris.table.legal[0])                    # Boris places a tile
    pump(app, lambda: before.board.last_move is not None and before.log.texts() and not before.timeline.busy)
    app.party.passing = anna
    app.party.take_over()                              # the laptop goes to Anna
    after = app.scene
    assert isinstance(after, TikalScene) and after is not before and after.bridge is anna
    assert after.board.last_move == before.board.last_move
    assert after.log.texts() == before.log.texts() and not after.log.texts()[0].startswith("You ")
