"""Whole games played with the mouse alone, as a newcomer plays them: a real window (SDL's dummy
driver) opened on a real host on 127.0.0.1 (as ``run_client.py --host`` does), bots in the other
seats. From the lobby on, the player only moves the mouse and clicks (and turns the wheel): Join,
I'm ready, Start, then every decision of a Tikal base game, a Tikal auction game and a La Tortuga
game. No key is pressed and no method of a scene is called: the player reads the screen (the
host's model the scene shows, where its buttons and pieces are drawn) and points at things.

Each click that means an action writes down the action it means (a figure then a hex: walk it
there by the cheapest path; a tile over a lit hex: place it, turned as shown; a swap in the
chooser: that swap ...); at the end, the actions the host received from our seat are exactly
those. Animations are off (speed 0) and the bots do not wait, so a game takes a few seconds."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from engine.tikal import reachable
from engine.tikal.actions import COST
from game.launch import open_window
from game.scenes.lobby import LobbyScene
from game.scenes.results import ResultsScene
from game.settings import Settings
from game.tikal import layout as TL
from game.tikal.geometry import hexkey

from client_helpers import click, move_mouse
from waiting import Stall

pytestmark = pytest.mark.slow         # the host: tests/conftest.py (bots play at once)


def frames(app, n=1):
    for _ in range(n):          # not a deadline: n frames, each with a breath for the host's thread
        app.step(1 / 60, events=[])
        time.sleep(0.001)


def wait(app, until, what="it"):
    """Frames until ``until()``: only a hang fails (waiting.HANG seconds without the host's state
    moving on)."""
    stall = Stall(lambda: app.bridge.table.state)
    while not until():
        frames(app)
        stall.check(what)


def widget(scene, label=None, value=None, text=None, last=False):
    """A visible widget found as a player finds a button: by what it says or stands for (the
    last one so marked with ``last``: the newest table's Join)."""
    for w in (reversed(scene.widgets.items) if last else scene.widgets.items):
        if not w.visible:
            continue
        if label is not None and getattr(w, "label", None) == label:
            return w
        if value is not None and getattr(w, "value", None) == value:
            return w
        if text is not None and getattr(w, "text", None) == text:
            return w
    return None


def click_button(app, w):
    assert w is not None and w.enabled, "the button to click is not there"
    click(app, w.rect.center)


def sit_and_start(h, address, game, seats, options):
    """The window opens on the host; the lobby lists the table: Join, I'm ready, Start."""
    made = {}
    h.loop.call_soon_threadsafe(lambda: made.setdefault(
        "t", h.create_table(game, seats, options, bots=seats - 1, bot_level="easy" if game == "tikal" else "normal")))
    app = open_window(Settings(name="Tess", anim_speed=0.0), address, discovery=False)
    bridge = app.bridge
    wait(app, lambda: isinstance(app.scene, LobbyScene) and "t" in made and bridge.tables
         and widget(app.scene, label="lobby.join", last=True), what="the lobby")
    click_button(app, widget(app.scene, label="lobby.join", last=True))
    wait(app, lambda: bridge.lobby is not None and widget(app.scene, label="lobby.ready"), what="a seat")
    click_button(app, widget(app.scene, label="lobby.ready"))
    wait(app, lambda: widget(app.scene, label="lobby.unready"), what="ready")
    click_button(app, widget(app.scene, label="lobby.start"))
    wait(app, lambda: getattr(app.scene, "game", "") == game, what="the table")
    return app, bridge, app.scene, made["t"]


def my_decision(app, scene, bridge) -> bool:
    """What the screen says: our turn, nothing moving, no answer awaited."""
    return (app.scene is scene and bridge.table.my_turn() and not scene.timeline.busy
            and scene.pending != bridge.table.state)


def play(app, bridge, scene, decide):
    """Frames until the results show; each of our decisions is clicked by ``decide``, which
    returns the actions its clicks meant. However slow the machine, the game goes on to its end;
    only a hang (no move for waiting.HANG seconds) fails."""
    meant, refusals = [], []
    stall = Stall(lambda: bridge.table.state)
    while not isinstance(app.scene, ResultsScene):
        stall.check("the end of the game")
        frames(app)
        if app.toasts.items and app.toasts.items[-1]["kind"] == "bad":
            refusals.append(app.toasts.items[-1]["msg"])
            app.toasts.items.clear()
        if my_decision(app, scene, bridge):
            state = bridge.table.state
            meant += decide()
            # the host answers before the next decision is looked at
            wait(app, lambda: bridge.table.state != state or scene.pending is None, "the host's answer")
    assert not refusals, refusals
    return meant


# --- Tikal ---------------------------------------------------------------------------------------

def hex_point(h, high=True):
    """Where to click a hex: above the figures standing there (a click on one of our figures
    would select it), or its centre."""
    x, y = TL.BOARD.center(h)
    return (int(x), int(y - TL.BOARD.size * 0.55)) if high else (int(x), int(y))


class TikalPlayer:
    def __init__(self, app, bridge, scene, rng):
        self.app, self.bridge, self.scene, self.rng = app, bridge, scene, rng
        self.undone = False
        self.meant: list = []
        self.kinds: set = set()

    @property
    def me(self):
        return self.bridge.table.my_seat

    def decide(self) -> list:
        legal = self.bridge.table.legal
        types = {a["type"] for a in legal}
        for kind in ("place_tile", "choose_tile"):
            if kind in types:
                return getattr(self, kind)([a for a in legal if a["type"] == kind])
        if types & {"bid", "pass"}:
            return self.auction(legal)
        return self.actions(legal, types)

    def place_tile(self, places):
        a = self.rng.choice(places)
        turn = widget(self.scene, value=("rotate", 1))
        for _ in range(6):                      # the turn button, until the tile shows that way
            if self.scene.sel.rotation == a["rotation"]:
                break
            click_button(self.app, turn)
        move_mouse(self.app, hex_point(a["hex"], high=False))
        click(self.app, hex_point(a["hex"], high=False))
        self.kinds.add("place_tile")
        return [a]

    def choose_tile(self, chooses):
        a = self.rng.choice(chooses)
        self.app.draw()
        zone = self.scene.column.click_zones[("revealed", a["tile"])]
        click(self.app, zone.center)
        self.kinds.add("choose_tile")
        return [a]

    def auction(self, legal):
        bids = sorted(a["amount"] for a in legal if a["type"] == "bid")
        if bids and self.rng.random() < 0.5:
            want = bids[min(len(bids) - 1, self.rng.randrange(3))]
            for _ in range(30):                          # − and + until the amount shown is the one meant
                shown = self.scene.sel.bid_amount
                if shown == want:
                    break
                click_button(self.app, widget(self.scene, text="+" if shown < want else "−"))
            click_button(self.app, widget(self.scene, label="tikal.bid"))
            self.kinds.add("bid")
            return [{"type": "bid", "amount": want}]
        click_button(self.app, widget(self.scene, label="tikal.pass"))
        self.kinds.add("pass")
        return [{"type": "pass"}]

    def actions(self, legal, types):
        view = self.bridge.table.view
        ap = int(view.get("ap") or 0)
        plans = []
        if "enter" in types and ap >= 6:
            plans += ["enter"] * 3
        if "move" in types and ap >= 2:
            plans += ["move"] * 4
        plans += [k for k in ("uncover", "dig", "camp", "guard", "exchange") if k in types]
        if "end_turn" in types and (ap <= 2 or not plans or self.rng.random() < 0.12):
            click_button(self.app, widget(self.scene, label="tikal.end_turn"))
            self.kinds.add("end_turn")
            return [{"type": "end_turn"}]
        kind = self.rng.choice(plans)
        return getattr(self, "do_" + kind)([a for a in legal if a["type"] == kind])

    def do_enter(self, enters):
        a = self.rng.choice(enters)
        self.app.draw()
        click(self.app, self.scene.column.click_zones[("supply", a["figure"])].center)
        click(self.app, hex_point(a["hex"]))
        self.kinds.add("enter")
        return [a]

    def do_move(self, moves):
        view, me = self.bridge.table.view, self.me
        step = self.rng.choice(moves)
        start, fig = hexkey(step["path"][0]), step["figure"]
        self.app.draw()
        if self.scene.sel.selected != {"from": start, "figure": fig}:   # not ringed yet: click it
            click(self.app, self.scene.board.chip_rects[(start, me, fig)].center)
        ways = reachable(view, me, list(start))
        jumps = {hexkey(a["to"]): a for a in self.bridge.table.legal
                 if a["type"] == "transfer" and a["figure"] == fig and hexkey(a["from"]) == start}
        dest = self.rng.choice(sorted(set(ways) | set(jumps)))
        if dest in jumps and (dest not in ways or ways[dest]["cost"] > COST["transfer"]):
            meant = jumps[dest]                          # the cheapest way there: from camp to camp
        else:
            meant = {"type": "move", "figure": fig, "path": ways[dest]["path"]}
        state = self.bridge.table.state       # (the host may answer within the click's own frame)
        click(self.app, hex_point(dest))
        self.kinds.add(meant["type"])
        if not self.undone and meant["type"] == "move":
            return self.undo_it(meant, state)
        return [meant]

    def undo_it(self, meant, state):
        """Once a game: the walk is taken back with the Undo button (the host then has none)."""
        wait(self.app, lambda: self.bridge.table.state != state and not self.scene.timeline.busy, "the walk")
        undo = widget(self.scene, label="tikal.undo")
        if undo is None or not undo.enabled:
            return [meant]                               # that walk ended the turn: nothing to undo
        click_button(self.app, undo)
        self.undone = True
        self.kinds.add("undo")
        return []

    def pick_hex(self, kind, acts):
        a = self.rng.choice(acts)
        click_button(self.app, widget(self.scene, label=f"tikal.{kind}"))
        if self.scene.sel.mode == kind:                  # several hexes lit: click the one meant
            click(self.app, hex_point(a["hex"]))
        return a

    def do_uncover(self, acts):
        self.kinds.add("uncover")
        return [self.pick_hex("uncover", acts)]

    def do_dig(self, acts):
        self.kinds.add("dig")
        return [self.pick_hex("dig", acts)]

    def do_camp(self, acts):
        self.kinds.add("camp")
        return [self.pick_hex("camp", acts)]

    def do_guard(self, acts):
        a = self.pick_hex("guard", acts)
        if self.scene.chooser.kind == "guard":           # the worker or the leader stands guard
            click_button(self.app, widget(self.scene, value=a))
        self.kinds.add("guard")
        return [a]

    def do_exchange(self, acts):
        a = self.rng.choice(acts)
        click_button(self.app, widget(self.scene, label="tikal.exchange"))
        if self.scene.chooser.kind == "exchange":
            for _ in range(20):                          # scroll the list (wheel or arrow) to it
                if widget(self.scene, value=a):
                    break
                down = widget(self.scene, text="▼")
                if self.rng.random() < 0.5:                  # the wheel over the list
                    move_mouse(self.app, (down.rect.x - 60, down.rect.centery))
                    self.app.step(0.0, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False,
                                                                  precise_x=0.0, precise_y=-1.0)])
                else:
                    click_button(self.app, down)
            click_button(self.app, widget(self.scene, value=a))
        self.kinds.add("exchange")
        return [a]


@pytest.mark.parametrize("variant, seed", [("base", 3), ("auction", 5)])
def test_a_whole_tikal_game_with_the_mouse_alone(host, variant, seed):
    h, address = host
    app, bridge, scene, table = sit_and_start(h, address, "tikal", 3, {"variant": variant})
    try:
        me = bridge.table.my_seat
        player = TikalPlayer(app, bridge, scene, random.Random(seed))
        meant = play(app, bridge, scene, player.decide)
        received = [a for seat, a in table.history if seat == me]
        assert table.game.is_over and received == meant
        expected = {"place_tile", "move", "enter", "end_turn"} | ({"choose_tile"} if variant == "auction" else {"undo"})
        assert expected <= player.kinds, player.kinds
    finally:
        app.close()


# --- La Tortuga ----------------------------------------------------------------------------------

def tortuga_decide(app, bridge, scene, rng, kinds):
    def decide():
        legal = bridge.table.legal
        view = bridge.table.view
        chooses = [a for a in legal if a["type"] == "choose_turtle"]
        if chooses:
            a = rng.choice(chooses)
            if rng.random() < 0.5:                      # click the turtle itself ...
                sp = scene.island.sprites[a["turtle"]]
                click(app, (int(sp["x"]), int(sp["y"])))
            else:                                       # ... or its button
                click_button(app, widget(scene, value=a))
            kinds.add("choose_turtle")
            return [a]
        cards = [a for a in legal if a["type"] == "play_card"]
        if cards and rng.random() < 0.3:
            a = rng.choice(cards)
            click_button(app, widget(scene, value=a))
            kinds.add("play_card")
            return [a]
        if {"type": "stop"} in legal and (sum(view.get("rolled") or []) >= 5 or rng.random() < 0.25):
            click_button(app, widget(scene, label="tortuga.stop"))
            kinds.add("stop")
            return [{"type": "stop"}]
        click_button(app, widget(scene, label="tortuga.roll"))
        kinds.add("roll")
        return [{"type": "roll"}]
    return decide


def test_a_whole_la_tortuga_game_with_the_mouse_alone(host):
    h, address = host
    app, bridge, scene, table = sit_and_start(h, address, "tortuga", 3, {"cards_as_dice": True})
    try:
        me = bridge.table.my_seat
        kinds: set = set()
        meant = play(app, bridge, scene, tortuga_decide(app, bridge, scene, random.Random(2), kinds))
        received = [a for seat, a in table.history if seat == me]
        assert table.game.is_over and received == meant
        assert {"choose_turtle", "roll", "stop"} <= kinds, kinds
    finally:
        app.close()
