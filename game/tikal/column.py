"""The column beside the board: the tile box (the stack, the drawn tile, the volcano set aside),
the middle box (what to do now and what the marks mean; in the auction, the revealed tiles) and
the lower box (our supply of figures; in the auction, the bidding)."""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import SPECS, stack_outlook

from .. import theme
from ..scenes.common import Part
from ..widgets import Tip, blit_lines, blit_text, note_text, outlined_text
from . import art
from . import layout as L


class TileColumn(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.click_zones: dict = {}    # ("supply", figure) | ("revealed", tile id) -> rect, as last drawn
        self._outlook = (None, None)

    def build_tips(self, widgets) -> None:
        box = L.TILE_BOX
        outlook = "tikal.tip_outlook_auction" if self.scene.auction() else "tikal.tip_outlook"   # T-X7: chosen
        widgets.add(Tip((box.x + 4, box.y + 138, box.width - 8, 80), outlook))

    def draw(self, surface) -> None:
        self.click_zones = {}
        self.draw_tile_box(surface)
        self.draw_middle(surface)
        self.draw_lower(surface)

    # --- the tile box -------------------------------------------------------------------------
    def draw_tile_box(self, surface) -> None:
        app, view, scene = self.app, self.shown, self.scene
        box = L.TILE_BOX
        drawn, volcano = view.get("drawn"), (view.get("volcano") or {}).get("tile")
        title = ("tikal.volcano_title" if volcano else "tikal.tile_to_place" if drawn else "tikal.tile_stack")
        blit_text(surface, app, self.tr(title), (box.centerx, box.y + 16), 17, theme.ACCENT, bold=True, anchor="center",
                  box=box.inflate(-12, 0))
        cx, cy = L.TILE_CENTER
        empty = False     # "No tiles left" stands in the middle: the lines under it would say it again
        if not scene.anim.tile_fx_draws_column():
            if drawn and drawn in SPECS:
                rot = scene.sel.rotation if view.get("seat") == scene.me else 0
                img = art.tile_card(app, drawn, rot, L.TILE_SIZE)
                surface.blit(img, img.get_rect(center=(cx, cy)))
            elif volcano and volcano in SPECS:
                img = art.tile_surface(app, volcano, 0, L.TILE_SIZE)
                sx, sy = scene.fx.shake_offset()
                surface.blit(img, img.get_rect(center=(cx + sx, cy + sy)))
            elif view.get("next_letter"):
                for k in range(min(3, int(view.get("stack_left") or 0)), 0, -1):
                    img = art.back_surface(app, view.get("next_letter") if k == 1 else None, L.TILE_SIZE)
                    surface.blit(img, img.get_rect(center=(cx - (k - 1) * 4, cy - (k - 1) * 5)))
            elif not any(w.visible for w in scene.controls.rotate_buttons):   # (not while the last one comes)
                empty = True
                blit_text(surface, app, self.tr("tikal.stack_empty"), (cx, cy), 16, theme.MUTED, anchor="center",
                          box=box.inflate(-12, 0))
        self.draw_outlook(surface, box, empty)

    def draw_outlook(self, surface, box, empty: bool = False) -> None:
        """The stack as everyone can work it out: tiles left under each letter A–G (the top
        letter lit) and the volcanoes still in it (B, D and F hold one each)."""
        app, view = self.app, self.shown
        left = int(view.get("stack_left") or 0)
        top = view.get("next_letter")  # lit in the strip and printed on the back of the top tile
        if not empty:
            blit_text(surface, app, self.trn("tikal.next_tiles", left), (box.centerx, box.y + 148), 14,
                      theme.PAPER, bold=True, anchor="center", box=box.inflate(-10, 0))
        ver = self.scene.board.ver
        if self._outlook[0] != ver:     # worked out again only when the shown view changed
            try:
                self._outlook = (ver, stack_outlook(view))
            except (KeyError, TypeError):
                self._outlook = (ver, None)
        outlook = self._outlook[1]
        if outlook is None:
            return
        volcanoes = set(outlook["volcanoes"])
        w = (box.width - 12) // 7
        x0 = box.x + (box.width - 7 * w) // 2
        for i, (letter, n) in enumerate(outlook["letters"]):
            cell = pygame.Rect(x0 + i * w + 1, box.y + 160, w - 2, 34)
            fill = (96, 74, 44) if n else (46, 58, 52)
            pygame.draw.rect(surface, fill, cell, border_radius=5)
            pygame.draw.rect(surface, theme.ACCENT if letter == top else theme.shade(fill, 0.6), cell,
                             2 if letter == top else 1, border_radius=5)
            ink = (240, 214, 150) if n else theme.MUTED
            blit_text(surface, app, letter, (cell.centerx, cell.y + 9), 13, ink, bold=True, anchor="center")
            blit_text(surface, app, str(n), (cell.centerx, cell.y + 25), 12, theme.PAPER if n else theme.MUTED,
                      anchor="center")
            if letter in volcanoes:   # a volcano still waits under this letter
                pts = [(cell.right - 9, cell.y + 9), (cell.right - 5, cell.y + 2), (cell.right - 1, cell.y + 9)]
                pygame.draw.polygon(surface, (255, 110, 40), pts)
                pygame.draw.polygon(surface, theme.INK, pts, 1)
        n = len(outlook["volcanoes"])
        if empty and not n:
            return
        text = (self.trn("tikal.volcanoes_left", n, letters=", ".join(outlook["volcanoes"])) if n
                else self.tr("tikal.no_volcano_left"))
        blit_text(surface, app, text, (box.centerx, box.y + 207), 13, (255, 160, 90) if n else theme.MUTED, bold=True,
                  anchor="center", box=box.inflate(-8, 0))

    # --- the middle box -----------------------------------------------------------------------
    def draw_middle(self, surface) -> None:
        app, view, scene = self.app, self.shown, self.scene
        box = L.middle_box(scene.auction())
        inner = box.inflate(-12, 0)
        if scene.auction():
            blit_text(surface, app, self.tr("tikal.revealed"), (box.centerx, box.y + 16), 17, theme.ACCENT, bold=True,
                      anchor="center", box=inner)
            revealed = list(view.get("revealed") or [])
            choose = {a["tile"] for a in scene.legal("choose_tile")}
            pulse = 0.5 + 0.5 * math.sin(app.time * 5)
            for i, tid in enumerate(revealed[:4]):
                if tid in scene.anim.flying_tiles:
                    continue
                x, y = L.revealed_slot(i)
                img = self.revealed_img(tid)
                rect = img.get_rect(center=(x, y))
                surface.blit(img, rect)
                if tid in choose:
                    pygame.draw.polygon(surface, theme.shade(theme.ACCENT, 0.7 + 0.3 * pulse),
                                        art.hex_points((x, y), L.REVEALED_SIZE, 1.02), 3)
                    self.click_zones[("revealed", tid)] = rect
                spot = outlined_text(surface, app, tid, (x + L.REVEALED_SIZE * 0.62, y + L.REVEALED_SIZE * 0.62), 13)
                note_text(app, spot, tid, box, layer="board")
            if not revealed:
                blit_text(surface, app, self.tr("tikal.none_revealed"), box.center, 15, theme.MUTED, anchor="center",
                          box=inner)
            return
        blit_text(surface, app, self.tr("tikal.help_title"), (box.centerx, box.y + 16), 17, theme.ACCENT, bold=True,
                  anchor="center", box=inner)
        legend_y = box.bottom - 68
        blit_lines(surface, app, self.help_text(),
                   pygame.Rect(box.x + 10, box.y + 32, box.width - 20, legend_y - box.y - 36),
                   14, theme.PAPER, min_size=12)
        self.draw_legend(surface, box.x + 10, legend_y, box)

    def help_text(self) -> str:
        scene, sel = self.scene, self.scene.sel
        if scene.review:      # the final board after the game, or a past turn of the game's review
            over = self.shown.get("over") or scene.table.over
            return self.tr("tikal.help_final" if over else "tikal.help_review_turn")
        if scene.replaying:
            return self.tr("tikal.help_replay")
        if not scene.table.my_turn():
            return self.tr("tikal.help_wait")
        if sel.placing():
            return self.tr("tikal.help_place")
        if sel.mode:
            return self.tr("tikal.help_pick")
        if sel.selected:
            return self.tr("tikal.help_selected")
        if scene.legal("end_turn"):
            return self.tr("tikal.help_actions")
        return self.tr("tikal.help_wait")

    def draw_legend(self, surface, x, y, box) -> None:
        """What the marks on the board mean, in the player's colour and shape."""
        app, scene = self.app, self.scene
        seat = scene.me if scene.me is not None else 0
        col, shp = scene.colour(seat), scene.shape(seat)
        art.draw_figure(surface, (x + 10, y + 9), 6, col, shp, leader=True)
        art.draw_tent(surface, (x + 10, y + 25), 6, col, shp)
        art.draw_guard(surface, (x + 10, y + 41), 5, col, shp)
        for i in range(3):
            pygame.draw.circle(surface, art.STONE_DARK, (x + 3 + i * 7, y + 57), 3)
            pygame.draw.circle(surface, art.STONE, (x + 3 + i * 7, y + 56), 3)
        for i, key in enumerate(("tikal.legend_leader", "tikal.legend_camp", "tikal.legend_guard",
                                 "tikal.legend_stones")):
            blit_text(surface, app, self.tr(key), (x + 26, y + 2 + i * 16), 13, theme.MUTED,
                      box=pygame.Rect(x + 24, y + i * 16, box.right - x - 30, 17), min_size=11)

    def revealed_img(self, tid: str) -> pygame.Surface:
        """A revealed tile; it flips face up when the round reveals it."""
        img = art.tile_card(self.app, tid, 0, L.REVEALED_SIZE)
        p = self.scene.anim.reveal_flip.get(tid)
        if p is None:
            return img
        if p < 0.5:
            img = art.back_surface(self.app, tid[0], L.REVEALED_SIZE)
        sx = max(0.02, abs(math.cos(math.pi * p)))
        return pygame.transform.scale(img, (max(1, int(img.get_width() * sx)), img.get_height()))

    # --- the lower box ------------------------------------------------------------------------
    def draw_lower(self, surface) -> None:
        app, view, scene, sel = self.app, self.shown, self.scene, self.scene.sel
        box = L.lower_box(scene.auction())
        inner = box.inflate(-12, 0)
        bidding = view.get("phase") == "bid" and view.get("auction")
        ours = bool(scene.legal("bid") or scene.legal("pass"))
        for i, w in enumerate(scene.controls.bid_buttons):   # −/+ only for our own bid: else the line is there
            w.visible = bool(bidding) and (ours or i >= 2)
        if bidding:
            a = view["auction"]
            blit_text(surface, app, self.tr("tikal.auction"), (box.centerx, box.y + 14), 17, theme.ACCENT, bold=True,
                      anchor="center", box=inner)
            high = a.get("high")
            line = (self.tr("tikal.high_bid", amount=a.get("bid", 0), name=scene.short_name(high)) if high is not None
                    else self.tr("tikal.no_bid"))
            blit_text(surface, app, line, (box.centerx, box.y + 36), 14, theme.PAPER, anchor="center", box=inner)
            if ours:
                amount = sel.bid_amount if scene.legal("bid") else "—"
                blit_text(surface, app, str(amount), (box.centerx, box.y + 77), 30, theme.ACCENT, bold=True,
                          anchor="center", shadow=True, box=pygame.Rect(box.x + 54, box.y + 56, box.width - 108, 42))
            else:
                blit_lines(surface, app, self.tr("tikal.bidding", name=scene.short_name(view.get("seat", 0))),
                           pygame.Rect(box.x + 10, box.y + 56, box.width - 20, 40), 15, theme.MUTED, align="center",
                           min_size=12)
            return
        me = scene.me if scene.me is not None else view.get("seat")   # no seat (a replay): whose turn it is
        title = (self.tr("tikal.supply") if me is None else self.tr("tikal.your_supply") if me == scene.me
                 else self.tr("tikal.supply_of", name=scene.short_name(me)))
        blit_text(surface, app, title, (box.centerx, box.y + 14), 17, theme.ACCENT, bold=True, anchor="center",
                  box=inner)
        if me is None:
            return
        supply = (view.get("supply") or [{}] * scene.seats)[me]
        colour, shape = scene.colour(me), scene.shape(me)
        enter = {a["figure"] for a in scene.legal("enter")}
        chosen = sel.selected if sel.selected and sel.selected["from"] is None else None
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        zones = [("worker", pygame.Rect(box.x + 10, box.y + 30, 104, 58)),
                 ("leader", pygame.Rect(box.x + 122, box.y + 30, 60, 58))]
        for fig, rect in zones:
            have = supply.get("workers", 0) if fig == "worker" else (1 if supply.get("leader") else 0)
            fill = (52, 84, 70) if fig in enter else (40, 60, 52)
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            edge = theme.ACCENT if chosen and chosen["figure"] == fig else (
                theme.shade(theme.ACCENT, 0.6 + 0.3 * pulse) if fig in enter else (80, 110, 96))
            pygame.draw.rect(surface, edge, rect, 3 if fig in enter or chosen else 1, border_radius=10)
            if have:
                art.draw_figure(surface, (rect.x + 26, rect.centery + 4), 11, colour, shape, leader=fig == "leader")
            if fig == "worker":
                blit_text(surface, app, f"× {have}", (rect.x + 46, rect.centery + 4), 20, theme.PAPER, bold=True,
                          anchor="midleft", box=rect)
            elif not have:
                blit_text(surface, app, "—", rect.center, 20, theme.MUTED, anchor="center", box=rect)
            if fig in enter:
                self.click_zones[("supply", fig)] = rect
        if me == scene.me and not scene.review:   # its keys, where they work
            blit_text(surface, app, self.tr("tikal.supply_keys"), (box.centerx, box.bottom - 15), 13, theme.MUTED,
                      anchor="center", box=inner)
