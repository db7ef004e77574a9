"""Pass-and-play's pass screen: the turn went to another player at this window. The board (with
the last player's private things: their cards) is covered until the next player clicks; bots
and remote players play on meanwhile (game/party.py)."""
from __future__ import annotations

from typing import Callable

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, blit_lines, blit_text, draw_panel
from .common import background, heading, seat_colour
from .samples import use


class HotseatPassScene(Scene):
    name = "hotseat_pass"

    def __init__(self, app, table, seat: int, on_go: Callable[[], None]):
        super().__init__(app)
        self.table, self.seat, self.on_go = table, seat, on_go
        self.widgets.add(Button(app, (340, 470, 600, 84), None, self.go, key=pygame.K_SPACE, style="primary",
                                size=26, text=lambda: self.tr("hotseat.go", name=self.who()), value="hotseat.go",
                                tooltip="hotseat.go_tip"))

    def who(self) -> str:
        return self.table.name(self.seat)

    def go(self) -> None:
        self.on_go()

    def draw_scene(self, surface) -> None:
        app = self.app
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("hotseat.title"))
        panel = pygame.Rect(240, 140, 800, 300)
        draw_panel(surface, panel)
        shape = theme.player_shape(self.seat) if app.settings.shapes else "circle"
        theme.draw_shape(surface, shape, (640, 210), 36, seat_colour(self.table, self.seat))
        blit_text(surface, app, self.tr("hotseat.pass_to", name=self.who()), (640, 292), 40, theme.ACCENT, bold=True,
                  anchor="center", box=pygame.Rect(panel.x + 20, 262, panel.width - 40, 60), min_size=22)
        blit_lines(surface, app, self.tr("hotseat.hidden", name=self.who()), pygame.Rect(panel.x + 40, 338,
                                                                                        panel.width - 80, 84),
                   19, theme.MUTED, align="center")


def pass_sample(game_bridge):
    """A sample of the pass screen over a game's position (``game_bridge(names=) -> bridge``): the
    laptop goes to seat 1."""
    def make(app, names):
        b = use(app, game_bridge(names=names))
        return HotseatPassScene(app, b.table, 1, lambda: None)
    return make

