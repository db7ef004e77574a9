"""Helpers for the client tests: a headless App, clicks and key presses as real pygame events."""
from __future__ import annotations

import time

import pygame

from game.app import App
from game.settings import Settings


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


def pump(app: App, until, timeout: float = 20.0, dt: float = 1 / 60) -> bool:
    """Run frames (real time passes for the network) until ``until()`` or the timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.step(dt, events=[])
        if until():
            return True
        time.sleep(0.002)
    raise AssertionError("timed out")


def move_mouse(app: App, pos) -> None:
    app.step(0.0, events=[pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
