"""Give a seat (issue 28; docs/protocol.md, ``give``): the owner of a table hands the seat of a
player who is away to someone watching the table: that player on another laptop (their key
lost), or a friend who takes over. The seat's old token dies; the one who watches sits there."""
from __future__ import annotations

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, blit_lines, blit_text, draw_panel

PANEL = pygame.Rect(290, 110, 700, 500)
ROWS, WATCHERS = 4, 3


def givable(lobby: dict | None) -> tuple[list[dict], list[dict]]:
    """The away players' seats of a table and who watches it (the owner's ``table`` message
    lists them: ``watchers``)."""
    lob = lobby or {}
    away = [p for p in lob.get("players") or []
            if isinstance(p, dict) and p.get("kind") == "human" and not p.get("connected", True)]
    watchers = [w for w in lob.get("watchers") or [] if isinstance(w, dict) and isinstance(w.get("player"), int)]
    return away, watchers


class GiveScene(Scene):
    name = "give"
    opaque = False

    def __init__(self, app, bridge):
        super().__init__(app)
        self.bridge = bridge
        self.rebuild()

    def rebuild(self) -> None:
        w, app = self.widgets, self.app
        w.clear()
        away, watchers = givable(self.bridge.lobby)
        for i, seat in enumerate(away[:ROWS]):
            y = PANEL.y + 150 + i * 70
            for k, who in enumerate(watchers[:WATCHERS]):
                w.add(Button(app, (PANEL.x + 300 + k * 126, y, 118, 48), None,
                             lambda s=seat["seat"], p=who["player"]: self.give(s, p), text=str(who.get("name") or "?"),
                             size=16, tooltip="give.to_tip", value=("give", seat["seat"], who["player"])))
        w.add(Button(app, (PANEL.centerx - 130, PANEL.bottom - 74, 260, 56), "common.back", app.pop,
                     key=pygame.K_ESCAPE, size=20))

    def give(self, seat: int, player: int) -> None:
        self.bridge.give(seat, player)
        self.app.pop()

    def on_net(self, note: dict) -> None:
        if note.get("kind") == "lobby" and self.app.scene is self:
            self.rebuild()

    def draw_scene(self, surface) -> None:
        app = self.app
        check = app.fitcheck
        if check is not None:       # the screen beneath is dimmed under the panel: not read now
            check.texts[:] = [t for t in check.texts if not PANEL.colliderect(t[0])]
            check.solids[:] = [m for m in check.solids if not PANEL.colliderect(m[0])]
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, PANEL)
        blit_text(surface, app, self.tr("give.title"), (PANEL.centerx, PANEL.y + 34), 26, theme.ACCENT, bold=True,
                  anchor="center", box=pygame.Rect(PANEL.x + 20, PANEL.y + 12, PANEL.width - 40, 44))
        blit_lines(surface, app, self.tr("give.note"), pygame.Rect(PANEL.x + 30, PANEL.y + 62, PANEL.width - 60, 76),
                   16, theme.MUTED)
        away, watchers = givable(self.bridge.lobby)
        if not away or not watchers:
            blit_lines(surface, app, self.tr("give.nobody"), pygame.Rect(PANEL.x + 30, PANEL.y + 160,
                                                                       PANEL.width - 60, 120), 19, theme.PAPER)
            return
        for i, seat in enumerate(away[:ROWS]):
            r = pygame.Rect(PANEL.x + 24, PANEL.y + 146 + i * 70, PANEL.width - 48, 56)
            pygame.draw.rect(surface, (46, 60, 102), r, border_radius=10)
            blit_text(surface, app, self.tr("give.seat", name=seat.get("name") or "?"), (r.x + 12, r.centery), 18,
                      theme.PAPER, bold=True, anchor="midleft", box=pygame.Rect(r.x + 6, r.y, 268, r.height))
