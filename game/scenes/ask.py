"""A line asked over the current scene: a title, a note, a field, OK and Back (the name of a
player at this window, a private table's code)."""
from __future__ import annotations

from typing import Callable

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, TextInput, blit_lines, blit_text, draw_panel


class AskScene(Scene):
    name = "ask"
    opaque = False
    BOX = pygame.Rect(340, 200, 600, 300)

    def __init__(self, app, title: str, note: str, ok: str, on_ok: Callable[[str], None], value: str = "",
                 placeholder: str | None = None, max_len: int = 24):
        super().__init__(app)
        self.title, self.note, self.on_ok = title, note, on_ok
        b = self.BOX
        self.field = self.widgets.add(TextInput(app, (b.x + 40, b.y + 110, b.width - 80, 52), value, placeholder,
                                                on_submit=self.submit, max_len=max_len))
        self.field.focus()
        self.field.selected = bool(value)     # a suggested value: typing replaces it
        self.widgets.add(Button(app, (b.x + 40, b.bottom - 90, 250, 60), ok, lambda: self.submit(self.field.value),
                                style="primary", size=22))
        self.widgets.add(Button(app, (b.right - 290, b.bottom - 90, 250, 60), "common.back", self.app.pop,
                                key=pygame.K_ESCAPE, size=22))

    def submit(self, value: str) -> None:
        value = value.strip()
        if value:
            self.app.pop()
            self.on_ok(value)

    def draw_scene(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        b = self.BOX
        draw_panel(surface, b)
        blit_text(surface, self.app, self.tr(self.title), (b.centerx, b.y + 34), 26, theme.ACCENT, bold=True,
                  anchor="center", box=pygame.Rect(b.x + 20, b.y + 12, b.width - 40, 44))
        blit_lines(surface, self.app, self.tr(self.note), pygame.Rect(b.x + 40, b.y + 58, b.width - 80, 48),
                   16, theme.MUTED)
