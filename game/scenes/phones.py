"""Guests with a phone (issue 27): the web page's address and its QR code, large, over the host's
lobby ("Phones", P): a guest scans it with the phone's camera (or types the address) and plays in
the browser."""
from __future__ import annotations

import pygame

from .. import theme
from ..qr import draw_qr
from ..scene import Scene
from ..widgets import Button, blit_lines, blit_text, draw_panel


class PhonesScene(Scene):
    name = "phones"
    opaque = False
    BOX = pygame.Rect(40, 30, 1200, 660)
    QR = 600

    def __init__(self, app, urls: list[str]):
        super().__init__(app)
        self.urls = list(urls)
        b = self.BOX
        self.widgets.add(Button(app, (b.right - 300, b.bottom - 90, 260, 60), "common.back", self.app.pop,
                                key=pygame.K_ESCAPE, size=22))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_p:
            self.app.pop()
            return True
        return super().handle_event(event)

    def draw_scene(self, surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, (0, 0))
        b, app = self.BOX, self.app
        check = app.fitcheck
        if check is not None:       # what the opaque panel covers of the lobby is not on screen
            check.texts[:] = [t for t in check.texts if not b.colliderect(t[0])]
            check.solids[:] = [m for m in check.solids if not b.colliderect(m[0])]
        draw_panel(surface, b)
        if not self.urls:
            blit_lines(surface, app, self.tr("phones.none"), pygame.Rect(b.x + 40, b.y + 40, b.width - 80, 200), 24,
                       theme.PAPER)
            return
        url = self.urls[0]
        draw_qr(surface, url, (b.x + 20 + self.QR // 2, b.centery), self.QR)
        text = pygame.Rect(b.x + self.QR + 60, b.y + 40, b.right - (b.x + self.QR + 60) - 30, 520)
        blit_text(surface, app, self.tr("phones.title"), text.topleft, 34, theme.ACCENT, bold=True,
                  box=pygame.Rect(text.x, text.y, text.width, 48), min_size=20)
        y = blit_lines(surface, app, self.tr("phones.how"), pygame.Rect(text.x, text.y + 64, text.width, 150), 20,
                       theme.PAPER, min_size=14) + 16
        for other in self.urls:
            blit_text(surface, app, other, (text.x, y), 26, theme.ACCENT, bold=True,
                      box=pygame.Rect(text.x, y, text.width, 38), min_size=14)
            y += 42
