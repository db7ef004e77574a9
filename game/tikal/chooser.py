"""A choice among several legal actions of one kind, over the board: which swap (T-A6), which
figure stands guard (T-A8b). Every option the host lists is a button."""
from __future__ import annotations

import pygame

from .. import theme
from ..scenes.common import Part
from ..widgets import Button, blit_text, draw_panel
from . import layout as L
from .words import treasure_name


class Chooser(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.kind: str | None = None        # "exchange" | "guard" while open
        self.options: list[dict] = []

    def open(self, kind: str, options: list[dict]) -> None:
        self.kind, self.options = kind, list(options)
        self.scene.build_controls()

    def close(self) -> None:
        self.kind, self.options = None, []
        self.scene.build_controls()

    def choose(self, action: dict) -> None:
        self.close()
        self.scene.send(action)

    def rect(self) -> pygame.Rect:
        rows = (min(8, len(self.options)) + 1) // 2
        h = 44 + rows * 46 + 52
        r = pygame.Rect(0, 0, 560, h)
        r.midbottom = (L.BOARD_RECT[0] + L.BOARD_RECT[2] // 2, L.BAR.y - 10)
        return r

    def build(self, widgets) -> None:
        if not self.kind:
            return
        rect = self.rect()
        y = rect.y + 44
        for i, a in enumerate(self.options[:8]):
            r = (rect.x + 14 + (i % 2) * ((rect.width - 28) // 2), y + (i // 2) * 46, (rect.width - 36) // 2, 40)
            widgets.add(Button(self.app, r, None, lambda a=a: self.choose(a), key=pygame.K_1 + i,
                               key_name=str(i + 1), text=lambda a=a: self.option_text(a), size=15, style="normal"))
        widgets.add(Button(self.app, (rect.right - 118, rect.bottom - 46, 104, 36), "tikal.cancel",
                           self.close, key=None, size=16, style="danger"))

    def option_text(self, a: dict) -> str:
        if a["type"] == "guard":
            return self.tr("tikal.guard_with_leader" if a["figure"] == "leader" else "tikal.guard_with_worker")
        return self.tr("tikal.exchange_option", give=treasure_name(self.tr, a["give"]),
                       take=treasure_name(self.tr, a["take"]), name=self.scene.table.name(a["with"]))

    def draw(self, surface) -> None:
        if not self.kind:
            return
        rect = self.rect()
        draw_panel(surface, rect, fill=(30, 40, 70), edge=theme.ACCENT)
        title = "tikal.exchange_title" if self.kind == "exchange" else "tikal.guard_title"
        blit_text(surface, self.app, self.tr(title), (rect.x + 16, rect.y + 12), 19, theme.ACCENT, bold=True)
