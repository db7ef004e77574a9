"""Helpers for the client tests: a headless App, clicks and key presses as real pygame events, a
window on a host, the window programs run in a process of their own."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame

from game.app import App
from game.net_bridge import NetBridge
from game.scenes.browser import BrowserScene
from game.settings import Settings

from waiting import HANG, Stall

ROOT = Path(__file__).resolve().parents[1]


def make_app(language: str = "en", anim_speed: float = 1.0, guide: bool = False) -> App:
    """A headless App; ``guide``: a player who never played Tikal here (the first-game guide
    shows; by default the tests play as someone who has)."""
    return App(Settings(language=language, anim_speed=anim_speed, guide_done=not guide))


def click(app: App, pos) -> None:
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def press(app: App, key: int) -> None:
    app.step(0.0, events=[pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def run_frames(app: App, n: int, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.step(dt, events=[])


def settle(app: App, limit: float = 120.0, dt: float = 1 / 30, draw_every: int = 0) -> None:
    """Step until the top scene's queued animations are done (bounded); with ``draw_every`` n,
    draw every n-th frame too (so drawing mid-animation is exercised)."""
    t, n = 0.0, 0
    app.step(dt, events=[])
    while app.scene is not None and app.scene.timeline.busy and t < limit:
        app.step(dt, events=[])
        t += dt
        n += 1
        if draw_every and n % draw_every == 0:
            app.draw()


def colourful(surface: pygame.Surface, minimum: int = 40) -> bool:
    """True if the frame is not blank: many distinct colours on a coarse grid."""
    w, h = surface.get_size()
    seen = {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 16) for y in range(0, h, 16)}
    return len(seen) >= minimum


def button(scene, label: str):
    return next(w for w in scene.widgets.items if getattr(w, "label", None) == label)


def pump(app: App, until, dt: float = 1 / 60, progress=lambda: None, what: str = "it") -> bool:
    """Run frames (real time passes for the network) until ``until()``; only a hang fails: no
    change of ``progress()`` (e.g. the table's state) for ``waiting.HANG`` seconds."""
    stall = Stall(progress)
    while True:
        app.step(dt, events=[])
        if until():
            return True
        stall.check(what)
        time.sleep(0.002)



def widget(scene, label=None, value=None):
    """The visible widget of ``scene`` with that label (a catalog key) or value."""
    for w in scene.widgets.items:
        if w.visible and ((label is not None and getattr(w, "label", None) == label)
                          or (value is not None and getattr(w, "value", None) == value)):
            return w
    raise AssertionError(f"no widget {label or value!r} on {type(scene).__name__}")


def on_loop(h, fn):
    """``fn()`` run on a live host's loop (the host is not thread-safe), from a test's thread: its value."""
    out, done = {}, threading.Event()

    def call():
        try:
            out["v"] = fn()
        finally:
            done.set()
    h.loop.call_soon_threadsafe(call)
    assert done.wait(HANG), "the host's loop never ran the call"
    return out.get("v")

def move_mouse(app: App, pos) -> None:
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])


def window(address: str, name: str = "Tess", settings=None, **app_kw):
    """A window (headless App) on the host browser, connecting to ``address`` without zeroconf;
    ``settings`` (a Settings, e.g. loaded from a file) instead of the test defaults, with
    ``language`` / ``anim_speed`` from ``app_kw`` set on it; the player's name is the settings'."""
    if settings is None:
        app = make_app(**app_kw)
        app.settings.name = name
    else:
        for field in ("language", "anim_speed"):
            if field in app_kw:
                setattr(settings, field, app_kw.pop(field))
        assert not app_kw, app_kw
        app = App(settings)
    app.bridge = NetBridge(app.settings.name, discovery=False)
    app.show(BrowserScene(app, app.bridge))
    app.scene.connect(address)
    return app


def bot_table(h, game="tortuga", seats=4, options=None, level="random", hints=False):
    """A table on the live host ``h`` (made on its loop) with bots in every seat but one."""
    made, done = {}, threading.Event()

    def make():
        made["t"] = h.create_table(game, seats, options, bots=seats - 1, bot_level=level, hints=hints)
        done.set()
    h.loop.call_soon_threadsafe(make)
    assert done.wait(HANG)
    return made["t"]


def join_and_start(app: App, table_id: int, scene_cls):
    """From the host browser (connecting): into the lobby, sit at the table, say ready, click
    Start; returns the table scene (an instance of ``scene_cls``) once it shows."""
    from game.scenes.lobby import LobbyScene

    b = app.bridge
    b.auto_sit, b.auto_ready = None, True
    pump(app, lambda: isinstance(app.scene, LobbyScene) and b.tables)
    b.sit(table_id)
    pump(app, lambda: b.lobby and b.table.my_seat is not None
         and b.lobby["players"][b.table.my_seat].get("ready"))
    app.draw()
    click(app, button(app.scene, "lobby.start").rect.center)
    pump(app, lambda: isinstance(app.scene, scene_cls))
    return app.scene


def launch(tmp_path, script: str, *args: str) -> subprocess.Popen:
    """``script`` with ``args`` in a process of its own, on SDL's dummy display, its settings in
    ``tmp_path``."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1", XDG_CONFIG_HOME=str(tmp_path))
    return subprocess.Popen([sys.executable, str(ROOT / script), *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def stays_up(p: subprocess.Popen, seconds: float = 2.0) -> None:
    """The window program runs until its window is closed: it must still run after a while."""
    time.sleep(seconds)
    assert p.poll() is None, p.communicate()[1][-3000:]


def stop_cleanly(p: subprocess.Popen) -> None:
    p.terminate()
    _, err = p.communicate(timeout=HANG)
    assert "Traceback" not in err, err[-3000:]


def read_line(p, timeout: float) -> str:
    """The next line of ``p``'s stdout, or "" if none comes within ``timeout`` seconds."""
    import selectors

    with selectors.DefaultSelector() as sel:
        sel.register(p.stdout, selectors.EVENT_READ)
        return p.stdout.readline() if sel.select(timeout) else ""
