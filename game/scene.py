"""The base of every screen (like Arcade's ``View``): its timeline, its widgets, and the hooks the
App calls. A scene reaches other screens by name through its App (``app.goto("lobby", bridge)``,
``app.open("rules", game)``), never by importing them: the App (``game/app.py``) sits above every
screen and knows them all (``game/screens.py``)."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import tween
from .widgets import Widgets

if TYPE_CHECKING:   # the App is above the scenes: only its type is needed here
    from .app import App


class Scene:
    """A screen. Override what you need; ``self.timeline`` holds the scene's tweens (its speed
    follows the settings) and ``self.widgets`` its buttons and fields: the base class routes
    events to them, updates them and draws them (with the hovered one's tooltip) between
    ``draw_scene`` (what lies under them) and ``draw_over`` (what lies over them). ``opaque =
    False`` lets the scene below show through (overlays such as the in-game menu)."""

    opaque = True
    name = "scene"
    is_table = False    # a game's table (``TableScene``): the party covers it between local players

    def __init__(self, app: "App"):
        self.app = app
        self.timeline = tween.Timeline(speed=app.settings.anim_speed)
        self.widgets = Widgets(app)

    def tr(self, key: str, **fmt) -> str:
        return self.app.tr(key, **fmt)

    def trn(self, key: str, n: int, **fmt) -> str:
        return self.app.trn(key, n, **fmt)

    # lifecycle
    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_resume(self) -> None:
        """Called when an overlay above this scene was popped."""

    # per frame
    def take_event(self, event) -> bool:
        """The App's way in for an event (a watched table gives its watcher the event first)."""
        return self.handle_event(event)

    def handle_event(self, event) -> bool:
        return self.widgets.handle_event(event)

    def on_net(self, note: dict) -> None:
        """A notification from the network bridge (``{"kind": ..., ...}``, see net_bridge)."""

    def update(self, dt: float) -> None:
        self.timeline.update(dt)
        self.widgets.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_scene(surface)
        self.widgets.draw(surface)
        self.draw_over(surface)

    def draw_scene(self, surface: pygame.Surface) -> None:
        """What lies under the widgets."""
        surface.fill((0, 0, 0))

    def draw_over(self, surface: pygame.Surface) -> None:
        """What lies over the widgets (a chat line, a popup's contents)."""
