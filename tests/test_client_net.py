"""The client against a real host on 127.0.0.1: discovery lists it (zeroconf bound to 127.0.0.1),
the lobby seats us with bots, and a whole La Tortuga game played by clicking the table's buttons
ends with the scene showing exactly the host's view."""
import os
import time

import pygame
import pytest

from game.net_bridge import NetBridge
from game.scenes.browser import BrowserScene
from game.scenes.lobby import LobbyScene
from game.scenes.recap import RecapScene
from game.scenes.results import ResultsScene
from game.tortuga.scene import TortugaScene

from client_helpers import bot_table, button, click, join_and_start, make_app, pump, window
from oracle import disagreements
from waiting import Stall


@pytest.mark.parametrize("host", [{"announce": True}], indirect=True)   # on loopback only
def test_discovery_lists_the_host_and_a_click_joins_it(host):
    h, address = host
    app = make_app()
    bridge = NetBridge("Tess", interfaces=["127.0.0.1"])
    app.bridge = bridge
    scene = app.show(BrowserScene(app, bridge))
    try:
        pump(app, lambda: any(x["address"] == address for x in scene.hosts()))
        app.draw()
        row = next(r for r, x in scene.rows if x["address"] == address)
        found = next(x for x in scene.hosts() if x["address"] == address)
        assert found["name"] == "Test host" and "tortuga" in found["games"]
        click(app, row.center)
        pump(app, lambda: isinstance(app.scene, LobbyScene))
        assert bridge.host_name == "Test host"
    finally:
        app.close()


@pytest.mark.slow
def test_whole_tortuga_game_through_the_host_ends_in_the_hosts_view(host):
    h, address = host
    made = {"t": bot_table(h, options={"cards_as_dice": True})}
    app = window(address, anim_speed=8.0)
    bridge = app.bridge
    try:
        scene = join_and_start(app, made["t"].id, TortugaScene)
        me = bridge.table.my_seat
        clicks = 0
        stall = Stall(lambda: bridge.table.state)
        while not isinstance(app.scene, ResultsScene):
            stall.check("the end of the game")
            app.step(1 / 30, events=[])
            if app.scene is scene and not scene.timeline.busy and bridge.table.my_turn():
                legal = bridge.table.legal
                if {"type": "stop"} in legal and sum(bridge.table.view["rolled"]) >= 5:
                    click(app, button(scene, "tortuga.stop").rect.center)
                elif {"type": "roll"} in legal:
                    click(app, button(scene, "tortuga.roll").rect.center)
                clicks += 1
                # the scene waits for the host's answer: no second action for the same state
                assert not scene.legal("roll") and not scene.legal("stop")
            if clicks % 10 == 0:
                app.draw()
            time.sleep(0.001)
        host_view = made["t"].game.view(me)
        assert scene.shown == bridge.table.view == host_view
        assert made["t"].game.is_over and clicks > 0
        app.draw()
        # Play again (docs/protocol.md 14): one click, the next game's lobby with the same game,
        # options and bots in their seats, ours kept and ready; we own it, Start starts it
        first = made["t"]
        assert button(app.scene, "results.again").enabled
        click(app, button(app.scene, "results.again").rect.center)
        pump(app, lambda: isinstance(app.scene, LobbyScene) and bridge.lobby
             and bridge.lobby["id"] != first.id and bridge.lobby.get("again_of") == first.id
             and bridge.table.my_seat == me and bridge.lobby["players"][me].get("ready"))
        assert bridge.lobby["game"] == "tortuga" and bridge.lobby["options"] == {"cards_as_dice": True}
        assert [p["level"] for p in bridge.lobby["players"] if p["kind"] == "bot"] == ["random"] * 3
        assert bridge.lobby["owner"] == bridge.player
        app.draw()
        click(app, button(app.scene, "lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene) and bridge.table.id == bridge.lobby["id"])
        again = h.tables[bridge.table.id]
        assert again.status == "playing" and again.play.seed != first.play.seed
        assert [s.name for s in again.seats] == [s.name for s in first.seats]
    finally:
        app.close()


def test_an_address_with_no_host_gives_a_clear_toast_and_stops_trying():
    app = window("127.0.0.1:1")  # nothing listens on port 1
    scene, bridge = app.scene, app.bridge
    try:
        pump(app, lambda: app.toasts.items)
        assert "127.0.0.1:1" in app.toasts.items[-1]["msg"]
        assert bridge.client is None and scene.connecting is None
    finally:
        app.close()


def test_the_lobby_shows_where_others_join_from_the_hosts_welcome(host):
    h, address = host
    h.addresses = ["10.9.8.7:47474"]  # safe: only shown, never dialled (as a LAN host would say)
    app = window(address)
    bridge = app.bridge
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene))
        assert bridge.host_addresses == ["10.9.8.7:47474"]  # safe: no traffic
        band = (240, 70, 800, 26)       # the line under the title
        shown = app.draw().subsurface(band).copy()
        bridge.host_addresses = []
        bare = app.draw().subsurface(band).copy()
        assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(bare, "RGB")
    finally:
        app.close()


def test_lobby_create_add_bots_ready_start_opens_the_table(host):
    h, address = host
    app = window(address)
    bridge = app.bridge
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene))
        lobby = app.scene
        click(app, button(lobby, "lobby.create").rect.center)
        pump(app, lambda: bridge.lobby and bridge.table.my_seat == 0)
        assert bridge.lobby["game"] == "tortuga" and bridge.lobby["seats"] == 4
        for seat in (1, 2, 3):
            pump(app, lambda: any(getattr(w, "label", None) == "lobby.add_bot" for w in lobby.widgets.items))
            click(app, button(lobby, "lobby.add_bot").rect.center)
            pump(app, lambda: sum(p["kind"] == "bot" for p in bridge.lobby["players"]) == seat)
        app.draw()
        click(app, button(lobby, "lobby.ready").rect.center)
        pump(app, lambda: bridge.lobby["players"][0]["ready"])
        click(app, button(lobby, "lobby.start").rect.center)
        pump(app, lambda: isinstance(app.scene, TortugaScene))
        app.draw()
        assert bridge.table.game == "tortuga" and bridge.table.view["seats"] == 4
    finally:
        app.close()


def test_chat_at_the_table_typed_in_the_window_reaches_everyone_and_keys_do_not_act(host):
    h, address = host
    table = bot_table(h)
    app = window(address)
    bridge = app.bridge
    try:
        scene = join_and_start(app, table.id, TortugaScene)
        pump(app, lambda: bridge.table.my_turn() and not scene.timeline.busy
             and {"type": "roll"} in bridge.table.legal)
        state, actions = bridge.table.state, sum(m["t"] == "action" for m in bridge.sent)
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
        app.step(0.0, events=[enter])
        assert scene.chat_box is not None and scene.chat_box.focused
        # "r" is the roll shortcut: while the line is open it is a letter, not a roll
        keys = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"),
                pygame.event.Event(pygame.TEXTINPUT, text="ready? go!")]
        app.step(0.0, events=keys)
        app.draw()
        assert scene.chat_box.value == "ready? go!"
        app.step(0.0, events=[enter])
        assert scene.chat_box is None
        said = f"{app.settings.name}: ready? go!"      # the host names the sender; every seat sees it
        pump(app, lambda: any(said in text for text in scene.log.texts()))
        assert bridge.table.state == state and scene.pending is None   # nothing was played
        assert sum(m["t"] == "action" for m in bridge.sent) == actions
        assert [m["text"] for m in bridge.sent if m["t"] == "chat"] == ["ready? go!"]
        # Esc closes an open line without sending; the next Esc opens the menu as before
        app.step(0.0, events=[enter])
        app.step(0.0, events=[pygame.event.Event(pygame.TEXTINPUT, text="never mind")])
        app.step(0.0, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
        assert scene.chat_box is None and app.scene is scene
        assert [m["text"] for m in bridge.sent if m["t"] == "chat"] == ["ready? go!"]
    finally:
        app.close()


@pytest.mark.slow
def test_a_dropped_link_mid_game_reconnects_by_itself_and_the_window_plays_on(host):
    # a laptop that lost the network: the client reconnects with its seat token, the host resyncs
    # the seat (a full update), and the window carries on to the end in the host's view
    h, address = host
    made = {"t": bot_table(h, seats=3)}
    app = window(address, anim_speed=0.0)
    bridge = app.bridge
    try:
        scene = join_and_start(app, made["t"].id, TortugaScene)
        me = bridge.table.my_seat
        dropped, resumed = False, None
        client = bridge.client
        notes, poll = [], bridge.poll
        bridge.poll = lambda: [notes.append(n) or n for n in poll()]
        stall = Stall(lambda: bridge.table.state)
        while not isinstance(app.scene, ResultsScene):
            stall.check("the end of the game")
            app.step(1 / 30, events=[])
            if not dropped and bridge.table.state >= 6:
                client._loop.call_soon_threadsafe(client._ac.drop_connection)
                dropped = True
                # the window hears the link go (on a busy machine it may be back within one frame:
                # its note says it was lost), then it is back
                pump(app, lambda: any(n["kind"] == "link_lost" for n in notes))
                pump(app, lambda: bridge.connected)
                resumed = client.seat
            if app.scene.name == "recap":       # a round went by meanwhile: what happened (issue 28)
                click(app, button(app.scene, "recap.done").rect.center)
            if app.scene is scene and not scene.timeline.busy and bridge.table.my_turn():
                legal = bridge.table.legal
                for a in ({"type": "stop"}, {"type": "roll"}):
                    if a in legal:
                        click(app, button(scene, f"tortuga.{a['type']}").rect.center)
                        break
                else:
                    scene.send(legal[0])     # the first turtle to move
            time.sleep(0.001)
        assert dropped and resumed == me, "the seat was not taken back"
        kinds = [n["kind"] for n in notes]
        lost = kinds.index("link_lost")
        assert "welcome" in kinds[lost:]                               # a new hello ...
        assert any(n["kind"] == "update" and n["full"] for n in notes[lost:])   # ... a full resync
        assert scene.shown == bridge.table.view == made["t"].game.view(me)
        assert made["t"].seats[me].kind == "human"   # never handed to a bot
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.parametrize("host", [{"bot_delay": 0.005}], indirect=True)
def test_a_spectator_window_watches_a_bot_game_to_the_end_in_the_public_view(host):
    # run_client.py --spectate: the window watches the host's first table; it is offered nothing
    h, address = host
    made = {}
    h.loop.call_soon_threadsafe(lambda: made.setdefault("t", h.create_table(
        "tortuga", 4, None, bots=4, bot_level="random")))
    app = window(address, "Viewer", anim_speed=8.0)
    bridge = app.bridge
    bridge.spectate_first = True     # set before the first poll: the host's tables come then
    notes, poll = [], bridge.poll
    bridge.poll = lambda: [notes.append(n) or n for n in poll()]
    try:
        pump(app, lambda: any(isinstance(s, TortugaScene) for s in app.scenes))
        if isinstance(app.scene, RecapScene):   # arriving mid-game: what happened so far, then the game
            app.draw()
            done = next(w for w in app.scene.widgets.items if getattr(w, "value", None) == "recap.done")
            click(app, done.rect.center)
        scene = app.scene
        assert isinstance(scene, TortugaScene) and bridge.table.my_seat is None
        stall = Stall(lambda: bridge.table.state)
        while not isinstance(app.scene, ResultsScene):
            stall.check("the end of the game")
            app.step(1 / 30, events=[])
            assert not scene.legal("roll") and not scene.legal("stop")
            time.sleep(0.002)
        assert scene.shown == bridge.table.view == made["t"].game.view(None)
        assert not scene.drifts, scene.drifts   # each update's animations landed on the host's view
        assert not disagreements(notes, None)   # ... and the engine reaches each of them by its events
        assert not [m for m in bridge.sent if m["t"] == "action"]
    finally:
        app.close()


def test_lobby_chat_reaches_the_other_player_at_the_table_and_enter_does_not_start(host):
    h, address = host
    apps = []
    try:
        for name in ("Anna", "Boris"):
            app = window(address, name)
            pump(app, lambda: isinstance(app.scene, LobbyScene))
            apps.append(app)
        anna, boris = apps
        click(anna, button(anna.scene, "lobby.create").rect.center)
        pump(anna, lambda: anna.bridge.lobby and anna.bridge.table.my_seat == 0)
        tid = anna.bridge.lobby["id"]
        pump(boris, lambda: any(t["id"] == tid for t in boris.bridge.tables))
        boris.bridge.sit(tid)
        pump(boris, lambda: boris.bridge.lobby and boris.bridge.table.my_seat == 1)
        lobby = anna.scene
        click(anna, lobby.chat_input.rect.center)          # focus the line
        anna.step(0.0, events=[pygame.event.Event(pygame.TEXTINPUT, text="ready when you are"),
                               pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
        assert lobby.chat_input.value == ""
        pump(boris, lambda: any("Anna: ready when you are" in t for t in boris.scene.chat_log.texts()))
        pump(anna, lambda: any("Anna: ready when you are" in t for t in lobby.chat_log.texts()))
        assert not [m for m in anna.bridge.sent if m["t"] == "start"]   # Enter went to the line
        assert anna.bridge.lobby["status"] == "lobby"
        # what was said in the lobby is still in the log at the table, once
        anna.bridge.add_bot(2, "random")              # the owner fills the table
        anna.bridge.add_bot(3, "random")
        for app in apps:
            app.bridge.ready(True)
        pump(anna, lambda: all(p["ready"] for p in anna.bridge.lobby["players"]))
        click(anna, button(anna.scene, "lobby.start").rect.center)
        for app in apps:
            pump(app, lambda: isinstance(app.scene, TortugaScene))
            app.step(0.0, events=[])
            lines = [t for t in app.scene.log.texts() if "ready when you are" in t]
            assert lines == ["Anna: ready when you are"]
    finally:
        for app in apps:
            app.close()


def test_a_window_closed_mid_game_and_opened_again_takes_its_seat_back(host, tmp_path):
    # the seat's token is kept in the player's settings file: a new window (a new process, a
    # crashed one) that opens the same host says hello with it and is back at the table
    from game.settings import Settings

    h, address = host
    made = {"t": bot_table(h)}

    def reopen():
        return window(address, settings=Settings.load(tmp_path / "settings.json"), anim_speed=0.0)

    app = reopen()
    try:
        b = app.bridge
        join_and_start(app, made["t"].id, TortugaScene)
        me = b.table.my_seat
        pump(app, lambda: b.table.my_turn())
        saved = Settings.load(tmp_path / "settings.json").seats
        assert saved == {address: {"token": b.token, "table": made["t"].id, "seat": me, "pid": os.getpid()}}
    finally:
        app.close()                                  # the window is gone; the seat is held
    state = made["t"].state
    app = reopen()
    try:
        b = app.bridge
        pump(app, lambda: isinstance(app.scene, TortugaScene) and b.table.view)
        assert b.table.my_seat == me and b.table.id == made["t"].id
        assert made["t"].seats[me].kind == "human" and made["t"].state == state   # waited for us
        pump(app, lambda: not app.scene.timeline.busy)
        assert b.table.my_turn() and app.scene.legal("roll")                     # and plays on
        click(app, button(app.scene, "tortuga.roll").rect.center)
        pump(app, lambda: made["t"].state > state)
    finally:
        app.close()


def test_a_kept_seat_whose_table_is_gone_is_forgotten_quietly(host, tmp_path):
    from game.settings import Settings

    h, address = host
    settings = Settings.load(tmp_path / "settings.json")
    settings.remember_seat(address, {"token": "f" * 32, "table": 99, "seat": 0})
    assert Settings.load(tmp_path / "settings.json").seat_token(address) == "f" * 32
    app = window(address, settings=Settings.load(tmp_path / "settings.json"))
    try:
        pump(app, lambda: isinstance(app.scene, LobbyScene))      # welcomed without the seat
        assert app.bridge.table.my_seat is None and not app.toasts.items
        assert Settings.load(tmp_path / "settings.json").seats == {}
    finally:
        app.close()
