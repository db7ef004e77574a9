"""The side panel of the Tikal table: one row per seat (mark and name, figures in supply, camps and
guards left, treasures held grouped in sets, the score, the auction's marker and bids) and the
temple levels still in the supply. The rows are drawn into the table's cached frame; the score,
the active seat's glow and the flashes of a tally are drawn live on top."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..scenes.common import Part, player_badge
from ..tween import Call, Sequence, Wait
from ..widgets import blit_text
from . import art
from . import layout as L
from .viewops import treasure_groups


class SidePanel(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.score_fx: dict = {}       # seat -> the score shown while a tally ticks up
        self.flash_rows: set = set()   # rows lit in their seat's colour
        self.flash_sets: set = set()   # rows whose treasure sets are being counted

    def reset(self) -> None:
        self.score_fx, self.flash_rows, self.flash_sets = {}, set(), set()

    # --- where things are -------------------------------------------------------------------
    def score_pos(self, seat: int) -> tuple[float, float]:
        r = L.row_rect(seat)
        return (r.right - 34, r.y + 22)

    def treasure_pos(self, seat: int) -> tuple[float, float]:
        r = L.row_rect(seat)
        groups = treasure_groups((self.shown.get("held") or {}).get(str(seat), []))
        return (r.x + 58 + sum(14 + (n - 1) * 9 + 12 for _, n in groups), r.y + 66)

    def supply_pos(self, seat: int) -> tuple[float, float]:
        if seat == self.scene.me:
            return (L.LOWER_BOX.x + 36, L.LOWER_BOX.y + 70)
        r = L.row_rect(seat)
        return (r.x + 56, r.y + 44)

    def pulse_row(self, seat: int) -> None:
        self.flash_rows.add(seat)
        self.scene.timeline.play(Sequence(Wait(0.6), Call(lambda: self.flash_rows.discard(seat))), parallel=True)

    # --- drawing ----------------------------------------------------------------------------
    def draw_static(self, surface) -> None:
        """The rows and the level supply as they stand in the shown view (into the base frame)."""
        for seat in range(self.scene.seats):
            self.draw_row(surface, seat)
        self.draw_levels(surface, L.levels_rect(self.scene.seats))

    def draw_live(self, surface) -> None:
        """What changes from frame to frame: the active seat's glow, flashes, the scores (they
        tick up during a tally), the treasure sets being counted."""
        app, view, scene = self.app, self.shown, self.scene
        scores = view.get("scores") or []
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        for seat in range(scene.seats):
            r = L.row_rect(seat)
            if seat == view.get("seat") and not view.get("over"):  # as player_badge draws it
                pygame.draw.rect(surface, theme.shade(theme.ACCENT, 0.8 + 0.2 * pulse), r, 3, border_radius=10)
            if seat in self.flash_rows:
                pygame.draw.rect(surface, scene.colour(seat), r, 4, border_radius=10)
            score = self.score_fx.get(seat, scores[seat] if seat < len(scores) else 0)
            blit_text(surface, app, str(int(round(score))), (r.right - 12, r.y + 6), 30, theme.ACCENT, bold=True,
                      anchor="topright", shadow=True)
            if seat in self.flash_sets:  # the treasure sets are being counted
                glow = 0.5 + 0.5 * math.sin(app.time * 14)
                pygame.draw.rect(surface, theme.shade(art.GOLD, 0.7 + 0.5 * glow), (r.x + 42, r.y + 53, r.width - 88, 26), 3,
                                 border_radius=10)

    def draw_row(self, surface, seat: int) -> None:
        """A seat: mark and name, the figures in supply (the leader crowned), the camps and
        guards left, and the treasures held grouped in sets (a pair framed, a triple in gold);
        the score is drawn live on top."""
        app, view, scene = self.app, self.shown, self.scene
        r = L.row_rect(seat)
        player_badge(surface, app, scene.table, seat, r, active=seat == view.get("seat") and not view.get("over"),
                     you=seat == scene.me)
        col, shp = scene.colour(seat), scene.shape(seat)
        if scene.auction():  # the turn marker: turned over once the seat has moved this round
            mx, my = r.right - 84, r.y + 24
            if seat in set(view.get("moved") or []):
                pygame.draw.circle(surface, (90, 96, 120), (mx, my), 10)
                pygame.draw.circle(surface, theme.INK, (mx, my), 10, 1)
                pygame.draw.lines(surface, theme.PAPER, False, [(mx - 5, my), (mx - 1, my + 4), (mx + 5, my - 4)], 3)
            else:
                pygame.draw.circle(surface, theme.PAPER, (mx, my), 11)
                theme.draw_shape(surface, shp, (mx, my), 7, col, width=1)
            auction = view.get("auction") if view.get("phase") == "bid" else None
            if auction:  # where the auction stands: the high bid, who passed
                if seat in (auction.get("passed") or []):
                    blit_text(surface, app, self.tr("tikal.row_passed"), (mx - 16, my), 14, theme.MUTED, bold=True,
                              anchor="midright")
                elif auction.get("high") == seat:
                    tag = blit_text(surface, app, self.tr("tikal.row_bid", n=auction.get("bid", 0)), (mx - 18, my), 14,
                                    theme.INK, bold=True, anchor="midright")
                    pygame.draw.rect(surface, theme.ACCENT, tag.inflate(10, 4), border_radius=8)
                    blit_text(surface, app, self.tr("tikal.row_bid", n=auction.get("bid", 0)), (mx - 18, my), 14,
                              theme.INK, bold=True, anchor="midright")
        supply = view.get("supply") or []
        sup = supply[seat] if seat < len(supply) else {}
        y = r.y + 44
        x = r.x + 50
        art.draw_figure(surface, (x, y + 1), 7, col, shp)
        blit_text(surface, app, str(sup.get("workers", 0)), (x + 11, y + 1), 16, theme.PAPER, bold=True, anchor="midleft")
        if sup.get("leader"):
            art.draw_figure(surface, (x + 52, y + 2), 7, col, shp, leader=True)
        camps_left, guards_left = view.get("camps_left") or [], view.get("guards_left") or []
        camps = camps_left[seat] if seat < len(camps_left) else 0
        guards = guards_left[seat] if seat < len(guards_left) else 0
        for i in range(camps):
            art.draw_tent(surface, (x + 84 + i * 22, y + 2), 7, col, shp)
        for i in range(guards):
            art.draw_guard(surface, (x + 140 + i * 24, y + 3), 6, col, shp)
        x, y = r.x + 50, r.y + 66
        for kind, n in treasure_groups((view.get("held") or {}).get(str(seat), [])):
            w = 14 + (n - 1) * 9
            if n > 1:
                frame = pygame.Rect(x - 4, y - 10, w + 8, 20)
                pygame.draw.rect(surface, art.GOLD if n == 3 else theme.PAPER, frame, 2, border_radius=9)
            for i in range(n):
                art.draw_treasure(surface, (x + 7 + i * 9, y), 7, kind)
            x += w + 12

    def draw_levels(self, surface, lr) -> None:
        app, view = self.app, self.shown
        blit_text(surface, app, self.tr("tikal.levels_left"), (lr.x + 10, lr.y + 5), 14, theme.ACCENT, bold=True)
        levels = view.get("levels_left") or {}
        for i, v in enumerate(range(2, 11)):
            n = int(levels.get(str(v), 0))
            x, y = lr.x + 24 + i * 34, lr.y + 33
            rect = pygame.Rect(0, 0, 28, 22)
            rect.center = (x, y)
            pygame.draw.rect(surface, art.TEMPLE_STONE if n else (70, 74, 90), rect, border_radius=4)
            pygame.draw.rect(surface, theme.INK, rect, 1, border_radius=4)
            blit_text(surface, app, str(v), rect.center, 14, theme.INK, bold=True, anchor="center")
            blit_text(surface, app, f"×{n}", (x, y + 17), 12, theme.PAPER if n else theme.MUTED, anchor="center")
        ts = view.get("treasure_supply")
        if isinstance(ts, int):
            art.draw_treasure(surface, (lr.x + 18, lr.bottom - 12), 6, None)
            blit_text(surface, app, self.app.trn("tikal.treasures_left", ts), (lr.x + 30, lr.bottom - 12), 13, theme.MUTED,
                      anchor="midleft")
