"""Who is who at the party, through real windows (issue 28, points 1, 2, 4, 5, 9 and 10): headless
Apps (SDL's dummy driver) on real hosts over loopback sockets, friends from other loopback
addresses; clicks where a player clicks."""
from __future__ import annotations

import pygame
import pytest
from test_client_party import friend_window, live, on_loop, ready_and_start, widget

from game.fitcheck import FitCheck
from game.scenes.lobby import LobbyScene
from game.scenes.recap import RecapScene
from game.settings import Settings
from game.tortuga.scene import TortugaScene

from client_helpers import button, click, make_app, pump, window
from waiting import HANG, until

LONG = "Maximiliana Wolkenstein"      # 24-character names: every line must still fit its box


def labelled(scene, label=None, value=None):
    return [w for w in scene.widgets.items if (label is None or getattr(w, "label", None) == label)
            and (value is None or getattr(w, "value", None) == value)]


def fits(app) -> list[str]:
    app.fitcheck = FitCheck()
    app.draw()
    found = [p for p in app.fitcheck.problems() if p.startswith("overflow")]
    app.fitcheck = None
    return found


# --- point 1: the host's window owns its seat and its table from the first instant ---------------
def test_the_hosts_window_on_its_first_start_keeps_seat_0_and_the_table_against_a_friend_who_sits_at_once(tmp_path):
    from game.launch import host_window
    from game.scenes.welcome import WelcomeScene
    from net.host import start_in_thread
    from tikal_lan.host import window_host
    from tikal_lan.host_options import parse_args

    args = parse_args(["--bind", "127.0.0.1", "--port", "0", "--no-announce", "--data-dir", str(tmp_path / "d")])
    host, _made = window_host(args)
    addr, port, stop = start_in_thread(host=host, timeout=HANG)
    apps = []
    try:
        settings = Settings.load(tmp_path / "cfg" / "settings.json")     # a first start: Welcome
        me = host_window(addr, port, host, settings, discovery=False)
        apps.append(me)
        assert isinstance(me.scene, WelcomeScene)
        friend = friend_window(f"{addr}:{port}", "Fred")                 # sits at once
        apps.append(friend)
        fb = friend.bridge
        pump(friend, lambda: isinstance(friend.scene, LobbyScene) and fb.tables)
        friend.draw()
        click(friend, next(w for w in labelled(friend.scene, "lobby.join") if w.enabled).rect.center)
        pump(friend, lambda: fb.lobby is not None and fb.table.my_seat is not None)
        assert fb.table.my_seat == 1 and fb.lobby["owner"] is None       # the next seat; no table
        assert fb.lobby["players"][0].get("reserved")
        friend.draw()
        assert not button(friend.scene, "lobby.start").enabled            # not the owner's buttons
        assert not labelled(friend.scene, "lobby.fill") and not labelled(friend.scene, "lobby.add_bot")
        # the host answers its Welcome (a minute later, say): its seat and its table are there
        me.step(0, events=[])
        click(me, widget(me.scene, label="welcome.go").rect.center)
        b = me.bridge
        pump(me, lambda: isinstance(me.scene, LobbyScene) and b.lobby is not None and b.table.my_seat == 0)
        pump(me, lambda: b.lobby["owner"] == b.player)
        me.draw()
        assert button(me.scene, "lobby.start").enabled and labelled(me.scene, "lobby.fill")
        assert b.is_operator and settings.key and not fits(me)
    finally:
        for a in apps:
            a.close()
        stop()


# --- point 2: New night after the host restarted --------------------------------------------------
def test_new_night_works_from_the_hosts_window_after_a_restart_left_it_a_stale_token(tmp_path):
    from game.launch import open_window

    h, address, stop = live(tmp_path / "d")
    try:
        settings = Settings(name=LONG, anim_speed=0.0)
        settings.seats[address] = {"token": "ab" * 16, "table": 3, "seat": 0}   # the last run's seat
        app = open_window(settings, address, hosting=True, operator=h.party.operator, discovery=False)
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.is_operator and b.standings is not None)
        click(app, button(app.scene, "standings.open").rect.center)
        night = h.party.night
        app.draw()
        click(app, widget(app.scene, value="new_night").rect.center)         # "New night"
        click(app, widget(app.scene, value="new_night").rect.center)         # "Sure?"
        pump(app, lambda: h.party.night is night and night.started > 0)
        assert not [m for m in b.sent if m["t"] == "new_night"][1:]
        assert not [t for t in app.toasts.items if t["msg"] == app.tr("net.error_not_operator")]
        app.close()
    finally:
        stop()


def test_a_guests_window_has_no_new_night_and_a_refusal_is_said_in_its_language(tmp_path):
    h, address, stop = live(tmp_path / "d")
    try:
        app = window(address, name="Gast", language="cs", anim_speed=0.0)
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, LobbyScene) and b.standings is not None)
        click(app, button(app.scene, "standings.open").rect.center)
        app.draw()
        assert not labelled(app.scene, value="new_night")
        b.new_night()                       # (as an older window would, from a stale belief)
        pump(app, lambda: app.toasts.items)
        assert app.toasts.items[-1]["msg"] == app.tr("net.error_not_operator")
        app.close()
    finally:
        stop()


# --- point 4: leaving a game keeps the seat; "Back to my seat" --------------------------------------
def test_leaving_a_game_keeps_the_seat_and_back_to_my_seat_brings_the_recap(tmp_path):
    from test_client_party import join_table

    h, address, stop = live(tmp_path / "d", grace=0.1)
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
        app = window(address, name=LONG, anim_speed=0.0)
        b = app.bridge
        join_table(app, t.id)
        me, token = b.table.my_seat, b.token
        # Esc, Leave the table, Yes: the host's tables, not the host browser
        app.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
        click(app, button(app.scene, "menu.leave").rect.center)
        assert app.tr("menu.leave_explain") != "menu.leave_explain" and not fits(app)
        click(app, button(app.scene, "menu.leave_yes").rect.center)
        assert isinstance(app.scene, LobbyScene)
        pump(app, lambda: b.kept is not None and labelled(app.scene, value=("back", t.id)))
        assert b.kept == {"table": t.id, "seat": me, "token": token} and b.connected
        assert app.settings.kept_seat(b.address)["token"] == token and app.settings.seat_token(b.address) is None
        seat = t.seats[me]
        assert seat.kind == "human" and seat.conn is None and seat.takeover      # kept; a bot plays it
        left_at = seat.seen         # the state when we left: the recap starts there
        assert left_at is not None
        pump(app, lambda: any(s == me for s, _ in t.history[left_at:]) or t.game.is_over)
        for language in ("en", "ru", "cs", "it"):        # the button fits, in every language
            app.set_language(language)
            assert not fits(app), language
        app.set_language("en")
        click(app, widget(app.scene, value=("back", t.id)).rect.center)
        pump(app, lambda: isinstance(app.scene, RecapScene))
        assert b.table.my_seat == me and b.token == token and t.seats[me].conn is not None
        assert t.seats[me].takeover is None and b.kept is None
        assert any(text.startswith(app.tr("recap.by_bot", line="")) for text, _, _ in app.scene.lines)
        assert b.recap["from"] == left_at
    finally:
        app.close()
        stop()


# --- point 5: results -> Lobby: the host's tables; the host's window sees every table --------------
def test_results_lobby_lands_in_the_table_list_and_the_hosts_window_hears_of_new_tables(tmp_path):
    from game.launch import open_window
    from game.scenes.results import ResultsScene

    h, address, stop = live(tmp_path / "d")
    apps = []
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="random", for_window=True))
        me = open_window(Settings(name="Hosta", anim_speed=0.0), address, auto_sit=t.id, hosting=True,
                         operator=h.party.operator, discovery=False)
        apps.append(me)
        b = me.bridge
        pump(me, lambda: isinstance(me.scene, LobbyScene) and b.table.my_seat == 0 and b.lobby["owner"] == b.player)
        guest = friend_window(address, "Gus")                   # another table appears
        apps.append(guest)
        pump(guest, lambda: isinstance(guest.scene, LobbyScene) and guest.bridge.connected)
        guest.bridge.create("tikal", 2, {"variant": "base"})
        pump(guest, lambda: guest.bridge.lobby is not None)
        other = guest.bridge.lobby["id"]
        pump(me, lambda: any(x.get("id") == other for x in b.tables))   # at its own table
        # a game to its end, then Lobby: the table list, not the finished table
        ready_and_start(me)
        from test_client_party import play_tortuga_out
        play_tortuga_out(me, seed=3)
        assert isinstance(me.scene, ResultsScene)
        click(me, button(me.scene, "results.lobby").rect.center)
        pump(me, lambda: isinstance(me.scene, LobbyScene) and b.lobby is None)
        me.draw()
        assert labelled(me.scene, "lobby.create")             # the new table's panel: not a finished lobby
        assert not labelled(me.scene, "lobby.start")
        pump(me, lambda: not t.seating.members())       # the host: nobody at the finished table
    finally:
        for a in apps:
            a.close()
        stop()


# --- point 9: the recap on every way back ---------------------------------------------------------
@pytest.mark.slow
def test_a_laptop_that_sleeps_past_the_grace_shows_the_recap_at_the_table_when_it_wakes(tmp_path):
    import threading

    from test_client_party import join_table

    # the sleeping laptop's socket stays open (its loop is stopped before it closes it): the host
    # hears of it by its silence, here after 4 s rather than the default 15 s
    h, address, stop = live(tmp_path / "d", grace=0.1, ping_interval=1.0, ping_timeout=4.0)
    app = None
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
        app = window(address, name="Tess", anim_speed=0.0)
        b = app.bridge
        join_table(app, t.id)
        me, table_scene = b.table.my_seat, app.scene
        asleep = threading.Event()
        ac, loop = b.client._ac, b.client._loop
        # the lid closes: the network goes, and nothing of the window's runs until it opens again
        loop.call_soon_threadsafe(lambda: (ac.drop_connection(), asleep.wait(HANG)))
        pump(app, lambda: t.seats[me].conn is None and sum(s == me for s, _ in t.history) >= 2
             or t.game.is_over)
        assert t.seats[me].takeover                            # past the grace: a bot played for us
        asleep.set()                                           # the lid opens
        pump(app, lambda: isinstance(app.scene, RecapScene))
        assert app.scene.table_scene is table_scene            # at the table, not in a later lobby
        assert any(m.get("bot") and m.get("seat") == me for m in b.recap["moves"])
        click(app, widget(app.scene, value="recap.done").rect.center)
        assert b.recap is None and isinstance(app.scene, TortugaScene)
    finally:
        if app is not None:
            app.close()
        stop()


def test_each_local_player_of_a_pass_and_play_window_gets_their_own_recap(tmp_path):
    from test_client_party import with_a_local_player

    h, address, stop = live(tmp_path / "d", grace=0.1)
    app = None
    try:
        app, t = with_a_local_player(h, address, bots=1)
        ready_and_start(app)
        seats = {x.table.my_seat: x.name for x in app.party.bridges}
        mine, theirs = app.bridge.table.my_seat, next(s for s in seats if s != app.bridge.table.my_seat)
        settings = app.settings
        start = t.state
        app.close()                                            # the window goes: both seats away
        app = None
        until(lambda: t.game.is_over or all(any(s == x for s, _ in t.history[start:]) for x in seats),
              "the stand-ins' moves for both seats", progress=lambda: t.state)
        app = window(address, settings=settings)               # back: both local players' seats
        pump(app, lambda: isinstance(app.scene, RecapScene) and app.party is not None
             and len(app.party.bridges) == 2)
        first = app.scene
        by_bot = app.tr("recap.by_bot", line="")
        for_them = app.tr("recap.by_bot_for", name=seats[theirs], line="")
        assert first.whose is None and any(x.startswith(by_bot) for x, _, _ in first.lines)
        assert any(x.startswith(for_them) for x, _, _ in first.lines)   # the other's bot, not "them"
        click(app, widget(first, value="recap.done").rect.center)
        pump(app, lambda: isinstance(app.scene, RecapScene) and app.scene is not first)
        second = app.scene
        assert second.whose == seats[theirs] and second.bridge.table.my_seat == theirs
        assert any(x.startswith(by_bot) for x, _, _ in second.lines)   # ... their own bot is "for you"
        second.table_scene.bridge.name = LONG
        assert not fits(app)
        click(app, widget(second, value="recap.done").rect.center)
        pump(app, lambda: not isinstance(app.scene, RecapScene))
        assert mine is not None
    finally:
        if app is not None:
            app.close()
        stop()


def test_a_window_back_after_the_start_draws_the_score_story_from_the_hosts_replay(tmp_path):
    from test_client_party import join_table

    from game.scenes.results import ResultsScene

    h, address, stop = live(tmp_path / "d", grace=0.1)
    app = None
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="random"))
        app = window(address, name="Tess", anim_speed=0.0)
        join_table(app, t.id)
        settings = app.settings
        me = app.bridge.table.my_seat
        app.close()                                            # a crash: a bot plays for us ...
        until(lambda: t.game.is_over or sum(s == me for s, _ in t.history) >= 6, "our stand-in's moves",
              progress=lambda: t.state)
        app = window(address, settings=settings)               # ... back for a moment ...
        pump(app, lambda: app.bridge.table.view is not None)
        app.close()                                            # ... and another crash mid-game
        until(lambda: t.game.is_over, "the game's end", progress=lambda: t.state)
        app = window(address, settings=settings)               # back, the game over
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, ResultsScene) or isinstance(app.scene, RecapScene))
        if isinstance(app.scene, RecapScene):
            click(app, widget(app.scene, value="recap.done").rect.center)
        pump(app, lambda: isinstance(app.scene, ResultsScene))
        res = app.scene
        pump(app, lambda: not res.story_asked and res.chart is not None)
        points = res.chart.story.points
        assert points[0][:2] == (0, 0)                           # from the start, turn 0 at state 0
        assert points[-1][2] == list(t.game.scores) and len(points) > 2
        assert b.table.history[0]["state"] > 0                   # the window itself missed the start
    finally:
        if app is not None:
            app.close()
        stop()


# --- point 10: the smaller things -----------------------------------------------------------------
def test_tv_mode_watches_no_private_table():
    from game.net_bridge import OfflineBridge
    from game.replay.tv import TVScene

    app = make_app()
    bridge = OfflineBridge("TV")
    bridge.connected = True
    tv = app.show(TVScene(app, bridge))
    busy = {"id": 1, "game": "tikal", "status": "playing", "state": 90, "private": True, "players": []}
    calm = {"id": 2, "game": "tortuga", "status": "playing", "state": 3, "private": False, "players": []}
    tv.note_tables([busy, calm])
    assert set(tv.playing) == {2} and tv.watching == 2         # never asks to watch the private one
    assert not [m for m in bridge.sent if m["t"] == "spectate" and m["table"] == 1]
    app.close()


def test_tv_mode_on_a_fresh_pc_asks_no_welcome(tmp_path):
    from game.launch import open_window

    settings = Settings.load(tmp_path / "fresh" / "settings.json")
    assert not settings.welcomed
    app = open_window(settings, None, tv=True, discovery=False)
    assert app.scene.name == "browser" and app.scene.tv       # straight to its host, no keyboard asked
    app.close()


def test_the_pass_and_play_name_field_replaces_its_suggestion():
    from game.scenes.ask import AskScene

    app = make_app()
    got = []
    ask = app.show(AskScene(app, "hotseat.add_title", "hotseat.add_note", "hotseat.add", got.append,
                            value="Player 2", placeholder="settings.name_hint"))
    assert ask.field.selected
    app.step(0, events=[pygame.event.Event(pygame.TEXTINPUT, text=t) for t in "Finn"])
    app.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert got == ["Finn"]                                     # not "Player 2Finn"
    again = app.show(AskScene(app, "hotseat.add_title", "hotseat.add_note", "hotseat.add", got.append,
                              value="Player 3"))
    app.step(0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    assert got[-1] == "Player 3" and again is not None      # kept as suggested, if that is what they want
    app.close()


def test_tied_players_share_their_rank_in_every_standings_view():
    from game.net_bridge import OfflineBridge
    from game.replay.tv import TVScene
    from game.scenes.standings import StandingsScene, ranks

    rows = [{"name": "Ana", "played": 2, "wins": 1, "points": 3, "rank": 1},
            {"name": "Ben", "played": 2, "wins": 1, "points": 3, "rank": 1},
            {"name": "Cleo", "played": 2, "wins": 0, "points": 1, "rank": 3}]
    assert ranks(rows) == [1, 1, 3]
    assert ranks([{k: v for k, v in r.items() if k != "rank"} for r in rows]) == [1, 1, 3]   # an older host
    app = make_app()
    bridge = OfflineBridge("Ana")
    bridge.standings = {"t": "standings", "night": {"games": 2}, "overall": rows, "games": {}}
    scene = app.show(StandingsScene(app, bridge))
    app.fitcheck = FitCheck()
    app.draw()
    places = [text for _rect, text, box, _layer in app.fitcheck.texts if box.width == 56]   # the rank column
    assert places == ["1", "1", "3"]
    tv = app.show(TVScene(app, bridge))
    assert tv.standing_ranks() == [1, 1, 3]
    tv.last_game = {"names": ["A", "B", "C"], "scores": [5, 5, 2], "winners": [0, 1]}
    bridge.standings = None
    assert tv.standing_ranks() == [1, 1, 3]
    assert scene is not None
    app.close()


def test_the_quick_games_cards_say_what_their_tables_allow():
    from game.games import CLIENTS

    app = make_app()
    for language in ("en", "ru", "cs", "it"):
        app.set_language(language)
        for client in CLIENTS:          # the quick game's tables allow hints (game/launch.py)
            if client.hints:
                assert app.tr("hint.button") in app.tr(f"quick.about_{client.name}"), (language, client.name)
    app.close()


def test_a_first_start_offers_the_accounts_full_name_cut_between_words():
    from game.settings import system_user_name

    assert system_user_name("Anna Novak", "anovak") == "Anna Novak"
    assert system_user_name("Anna Maria Konstantinopoulou", "ann") == "Anna Maria"   # whole words
    assert system_user_name("", "alexandra.konstantinopoulou") == "Alexandra"
    assert system_user_name("", "anna") == "Anna" and system_user_name("", "") == "Player"
    assert len(system_user_name("", "x" * 40)) == 24


def test_every_host_refusal_shows_in_the_windows_language():
    from assets.i18n import pofile
    from game.app import HOST_NOTICES
    from net.messages import ERROR_CODES

    said_with_rules = {"illegal", "malformed"}        # the table says those with the rule's own text
    assert set(ERROR_CODES) - said_with_rules <= set(HOST_NOTICES)
    for language in ("en", "ru", "cs", "it"):
        ids = {e.msgid for e in pofile(language) if e.msgstr}
        missing = [c for c in HOST_NOTICES if f"net.error_{c}" not in ids]
        assert not missing, (language, missing)
    app = make_app("it")
    note = {"kind": "error", "code": "not_owner", "message": "only the table's owner may do that"}
    app.bridge = None
    assert app.host_notice(note["code"]) == app.tr("net.error_not_owner") != note["message"]
    app.close()


def test_tv_mode_shows_la_tortugas_whole_island():
    from game.tortuga import island
    from game.tortuga.scene import TortugaScene

    assert pygame.Rect(TortugaScene.TV_BOARD).contains(island.SURF)              # its sand and surf, the top too


def test_the_owner_gives_an_away_players_seat_from_the_give_screen():
    from game import screens

    app = make_app("cs")
    names = [LONG] * 7
    give = app.open("give", screens.sample("give", app, names).bridge)
    app.draw()
    buttons = labelled(give)
    target = next(w for w in buttons if isinstance(getattr(w, "value", None), tuple) and w.value[0] == "give")
    click(app, target.rect.center)
    assert give.bridge.sent[-1] == {"t": "give", "seat": target.value[1], "to": target.value[2],
                                    "seq": give.bridge.sent[-1]["seq"]}
    assert app.scene is not give
    app.close()


# --- the standings mark the player's own row, never a name's ------------------------------------
def test_two_windows_called_ana_each_highlight_only_their_own_standings_row(tmp_path):
    """Two people called Ana played tonight: each one's window highlights her own row of the
    standings (the host marks it by her key), not both rows (it compared names)."""
    import asyncio

    from test_client_party import live

    from game.net_bridge import NetBridge
    from game.scenes.browser import BrowserScene
    from game.scenes.standings import PANEL, ROW_H, StandingsScene
    from net.identity import new_key
    from tests.net_helpers import BotClient, live_host, seat_clients

    keys, data_dir = [new_key(), new_key()], tmp_path / "d"

    async def two_games():
        async with live_host(data_dir=data_dir) as host:
            for i, addr in enumerate(("127.0.0.2", "127.0.0.3")):
                _tid, (ana,) = await seat_clients(host, "tortuga", 2, names=["Ana"], bots_in_host=1,
                                                  keys=[keys[i]], local=addr)
                await BotClient(ana, "tortuga", seed=i).play()
    asyncio.run(two_games())
    h, address, stop = live(data_dir)
    apps = []
    try:
        highlighted = []
        for i, addr in enumerate(("127.0.0.2", "127.0.0.3")):
            app = make_app(anim_speed=0.0)
            apps.append(app)
            app.settings.name, app.settings.key = "Ana", keys[i]       # her install, its key
            app.bridge = NetBridge("Ana", discovery=False)
            app.bridge.local = addr                                    # her own machine
            app.show(BrowserScene(app, app.bridge))
            app.scene.connect(address)
            pump(app, lambda app=app: isinstance(app.scene, LobbyScene) and app.bridge.standings is not None)
            app.draw()
            click(app, button(app.scene, "standings.open").rect.center)
            assert isinstance(app.scene, StandingsScene)
            frame = app.draw()
            rows = app.scene.rows()
            assert [r["name"] for r in rows] and sorted(r["name"] for r in rows) == ["Ana", "Ana (2)"]
            lit = [r["name"] for j, r in enumerate(rows)
                   if tuple(frame.get_at((PANEL.right - 20, PANEL.y + 56 + j * (ROW_H + 6) + ROW_H // 2)))[:3]
                   == (62, 80, 134)]
            highlighted.append(lit)
        assert [len(lit) for lit in highlighted] == [1, 1], highlighted
        assert highlighted[0] != highlighted[1]
    finally:
        for a in apps:
            a.close()
        stop()


# --- the results stay whole when the host forgets the finished table -----------------------------
def test_the_results_keep_their_names_when_the_host_forgets_the_finished_table(tmp_path):
    """A finished table goes from the host a while after the game (``over_linger``): whoever
    still looks at the results then gets ``left``. The results kept drawing from the bridge's
    model, which ``left`` made afresh: every name became "#1", "#2" ("Winner: #2"). They keep
    the game that ended; the final board and a rematch still work."""
    from test_client_party import join_table, live, play_tortuga_out

    from game.scenes.results import ResultsScene

    h, address, stop = live(tmp_path / "d", over_linger=0.5)
    app = window(address, name=LONG, anim_speed=0.0)
    try:
        t = on_loop(h, lambda: h.create_table("tortuga", 2, None, bots=1, bot_level="normal"))
        join_table(app, t.id)
        play_tortuga_out(app, seed=3)
        res = app.scene
        assert isinstance(res, ResultsScene)
        b = app.bridge
        pump(app, lambda: t.id not in h.tables and b.table.id is None)   # forgotten: "left"
        app.fitcheck = FitCheck()
        app.draw()
        drawn = [text for _rect, text, _box, _layer in app.fitcheck.texts]
        app.fitcheck = None
        assert app.scene is res and not any(x.startswith("#") for x in drawn), drawn
        bot = app.tr("table.bot_name", number=2, level=app.tr("bot.normal"))
        assert any(LONG in x for x in drawn) and any(bot in x for x in drawn), drawn
        click(app, button(res, "results.board").rect.center)              # the final board still
        assert app.scene.review and app.scene.bridge.table is res.tm
        app.step(1 / 60, events=[])
        app.draw()
        click(app, button(app.scene, "table.back_to_results").rect.center)
        assert app.scene is res
        click(app, button(res, "results.rematch").rect.center)            # a new table like it
        pump(app, lambda: b.lobby is not None and b.lobby["id"] != t.id and b.table.my_seat is not None)
        pump(app, lambda: b.lobby["players"][1].get("kind") == "bot")
    finally:
        app.close()
        stop()


def test_a_first_start_says_where_the_name_came_from_only_when_it_is_the_accounts(tmp_path):
    """The Welcome's note "Taken from this computer's user name" was under a name given with
    ``--name`` too (a guest started by a script, a shortcut): it shows only under the account's."""
    from game.app import App
    from game.scenes.welcome import WelcomeScene

    for given, noted in ((None, True), (LONG, False)):
        settings = Settings.load(tmp_path / f"{noted}" / "settings.json")     # a first start
        if given is not None:
            settings.name = given                                       # run_client.py --name
        app = App(settings)
        for language in ("en", "ru", "cs", "it"):
            app.set_language(language)
            app.show(WelcomeScene(app))
            app.fitcheck = FitCheck()
            app.draw()
            note = app.tr("welcome.name_note")
            drawn = " ".join(text for _rect, text, _box, _layer in app.fitcheck.texts)
            assert (" ".join(note.split()[:2]) in drawn) is noted, (language, given)
            assert not app.fitcheck.problems(), app.fitcheck.problems()
            app.fitcheck = None
        app.close()


def test_a_local_players_recap_names_them_whole_in_every_language():
    """The recap of a pass-and-play window's other player is titled with their name: with a
    24-character name it was cut ("Maximilian Wolkensteiner, mentre er…"); it goes on two lines."""
    from game import screens

    app = make_app()
    for language in ("en", "ru", "cs", "it"):
        app.set_language(language)
        recap = screens.sample("recap", app, names=[LONG] * 4)
        recap.whose = LONG
        app.push(recap)
        app.fitcheck = FitCheck()
        app.draw()
        title = app.tr("recap.title_for", name=LONG)
        lines = [text for _rect, text, _box, _layer in app.fitcheck.texts if text in title]
        assert " ".join(lines).split() == title.split(), (language, lines)     # whole: nothing cut
        assert not app.fitcheck.problems(), (language, app.fitcheck.problems())
        app.fitcheck = None
    app.close()
