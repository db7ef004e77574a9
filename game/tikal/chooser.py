"""A choice among several legal actions of one kind, over the board: which swap (T-A6), which
figure stands guard (T-A8b). Every option the host lists can be clicked: the options are grouped
by the player they involve (their mark and name above them), two to a row, each with its tokens
drawn; a list longer than the panel scrolls (the mouse wheel over it, or its arrow buttons)."""
from __future__ import annotations

import pygame

from .. import theme
from ..scenes.common import Part
from ..widgets import Button, blit_text, draw_panel, same_size
from . import art
from . import layout as L
from .words import treasure_name

ROW_H = 46
VISIBLE = 6          # rows shown at once; more scroll
WIDTH = 620


class Chooser(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.kind: str | None = None        # "exchange" | "guard" while open
        self.options: list[dict] = []
        self.scroll = 0                     # the first row shown

    def open(self, kind: str, options: list[dict]) -> None:
        self.kind, self.options, self.scroll = kind, list(options), 0
        self.scene.build_controls()

    def close(self) -> None:
        self.kind, self.options, self.scroll = None, [], 0
        self.scene.build_controls()

    def choose(self, action: dict) -> None:
        self.close()
        self.scene.send(action)

    # --- the rows: a header per player, then their options two by two ---------------------------
    def rows(self) -> list[tuple]:
        """("header", seat) and ("options", [action, action?]) rows, in the host's order."""
        if self.kind != "exchange":
            return [("options", self.options[i:i + 2]) for i in range(0, len(self.options), 2)]
        out, groups = [], {}
        for a in self.options:
            groups.setdefault(a["with"], []).append(a)
        for seat, acts in groups.items():
            out.append(("header", seat))
            out += [("options", acts[i:i + 2]) for i in range(0, len(acts), 2)]
        return out

    def scrollable(self) -> int:
        """How far the list can scroll (0: it fits)."""
        return max(0, len(self.rows()) - VISIBLE)

    def scroll_by(self, step: int) -> None:
        new = max(0, min(self.scrollable(), self.scroll + step))
        if new != self.scroll:
            self.scroll = new
            self.scene.build_controls()

    def rect(self) -> pygame.Rect:
        rows = min(VISIBLE, len(self.rows()))
        r = pygame.Rect(0, 0, WIDTH, 48 + rows * ROW_H + 56)
        r.midbottom = (L.BOARD_RECT[0] + L.BOARD_RECT[2] // 2, L.BAR.y - 10)
        return r

    def list_rect(self) -> pygame.Rect:
        r = self.rect()
        return pygame.Rect(r.x + 14, r.y + 46, r.width - 28 - (46 if self.scrollable() else 0), VISIBLE * ROW_H)

    def build(self, widgets) -> None:
        if not self.kind:
            return
        rect, lr = self.rect(), self.list_rect()
        half = (lr.width - 8) // 2
        first = len(widgets.items)
        for i, (what, value) in enumerate(self.rows()[self.scroll:self.scroll + VISIBLE]):
            if what != "options":
                continue
            y = lr.y + i * ROW_H
            for k, a in enumerate(value):
                widgets.add(Button(self.app, (lr.x + k * (half + 8), y, half, ROW_H - 6), None,
                                   lambda a=a: self.choose(a), text=lambda a=a: self.option_text(a), size=16, value=a,
                                   art=lambda s, r, a=a: self.draw_icons(s, r, a), art_w=self.icons_width()))
        same_size(widgets.items[first:])     # the options read evenly
        if self.scrollable():
            x = rect.right - 54
            widgets.add(Button(self.app, (x, lr.y, 40, 40), None, lambda: self.scroll_by(-1), text="▲", size=16,
                               tooltip="tikal.scroll_up_tip", enabled=lambda: self.scroll > 0))
            widgets.add(Button(self.app, (x, lr.y + VISIBLE * ROW_H - 46, 40, 40), None, lambda: self.scroll_by(1),
                               text="▼", size=16, tooltip="tikal.scroll_down_tip",
                               enabled=lambda: self.scroll < self.scrollable()))
        widgets.add(Button(self.app, (rect.right - 124, rect.bottom - 48, 110, 38), "tikal.cancel",
                           self.close, size=16, style="danger"))

    def handle_event(self, event) -> bool:
        """The wheel over the list scrolls it; a click beside the panel closes it."""
        if event.type == pygame.MOUSEWHEEL and self.rect().collidepoint(self.scene.sel.mouse):
            self.scroll_by(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            if not self.rect().collidepoint(event.pos):
                self.close()
            return True
        return False

    # --- what an option shows ---------------------------------------------------------------------
    def icons_width(self) -> int:
        return 62 if self.kind == "exchange" else 26

    def draw_icons(self, surface, rect, a: dict) -> None:
        cy = rect.centery
        if a["type"] == "guard":
            scene = self.scene
            art.draw_figure(surface, (rect.x + 12, cy + 2), 8, scene.colour(scene.me), scene.shape(scene.me),
                            leader=a["figure"] == "leader")
            return
        art.draw_treasure(surface, (rect.x + 11, cy), 10, a["give"])
        pygame.draw.line(surface, theme.PAPER, (rect.x + 24, cy), (rect.x + 38, cy), 2)
        pygame.draw.polygon(surface, theme.PAPER, [(rect.x + 38, cy - 4), (rect.x + 42, cy), (rect.x + 38, cy + 4)])
        art.draw_treasure(surface, (rect.x + 53, cy), 10, a["take"])

    def option_text(self, a: dict) -> str:
        if a["type"] == "guard":
            return self.tr("tikal.guard_with_leader" if a["figure"] == "leader" else "tikal.guard_with_worker")
        return self.tr("tikal.swap_option", give=treasure_name(self.tr, a["give"]),
                       take=treasure_name(self.tr, a["take"]))

    def draw(self, surface) -> None:
        if not self.kind:
            return
        rect, lr = self.rect(), self.list_rect()
        draw_panel(surface, rect, fill=(30, 40, 70), edge=theme.ACCENT)
        title = "tikal.exchange_title" if self.kind == "exchange" else "tikal.guard_title"
        blit_text(surface, self.app, self.tr(title), (rect.x + 16, rect.y + 12), 19, theme.ACCENT, bold=True,
                  box=rect.inflate(-28, 0))
        scene = self.scene
        for i, (what, value) in enumerate(self.rows()[self.scroll:self.scroll + VISIBLE]):
            if what != "header":
                continue
            y = lr.y + i * ROW_H + ROW_H // 2 - 3
            theme.draw_shape(surface, scene.shape(value), (lr.x + 12, y), 9, scene.colour(value))
            blit_text(surface, self.app, self.tr("tikal.swap_with", name=scene.table.name(value)), (lr.x + 30, y), 17,
                      theme.PAPER, bold=True, anchor="midleft", box=lr)
        if self.scrollable():
            first, shown = self.scroll + 1, min(len(self.rows()), self.scroll + VISIBLE)
            blit_text(surface, self.app, self.tr("tikal.rows_shown", first=first, last=shown, n=len(self.rows())),
                      (rect.x + 16, rect.bottom - 29), 14, theme.MUTED, anchor="midleft",
                      box=pygame.Rect(rect.x, rect.bottom - 48, rect.width - 140, 40))
