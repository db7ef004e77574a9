"""The side panel of the Tikal table: one row per seat and the temple levels still in the supply.

A row: the seat's mark and name (fitted before the score), the score (top right), the figures in
supply, the camps and guards left, the treasures held grouped in sets (a pair framed, a triple in
gold), and under the score a status slot: what a scoring would give the seat now (from the
engine's own scoring), or in an auction the seat's bid / pass, or for a moment what just happened
to the seat ("+12", "bids 5", "free"). Hovering any of them explains it (``Tip`` widgets).

The rows are drawn into the table's cached frame; the score, the status slot, the active seat's
glow and the flashes of a tally are drawn live on top."""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import scoring_now

from .. import theme
from ..scenes.common import Part, player_badge
from ..tween import Call, Sequence, Tween, Wait
from ..widgets import Tip, blit_text, fit, note_solid, note_text
from . import art
from . import layout as L
from .viewops import treasure_groups

SCORE_W = 72          # the right column of a row: the score, and the status slot under it
MARKER_W = 30         # the auction's turn marker, left of that column


class SidePanel(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.score_fx: dict = {}       # seat -> the score shown while a tally ticks up
        self.flash_rows: set = set()   # rows lit in their seat's colour
        self.flash_sets: set = set()   # rows whose treasure sets are being counted
        self.floats: dict = {}         # seat -> {"text", "colour", "a"}: what just happened to it
        self._now = (None, [])

    def reset(self) -> None:
        self.score_fx, self.flash_rows, self.flash_sets = {}, set(), set()

    # --- where things are -------------------------------------------------------------------
    def column_x(self, seat: int) -> int:
        return L.row_rect(seat).right - SCORE_W

    def score_pos(self, seat: int) -> tuple[float, float]:
        r = L.row_rect(seat)
        return (r.right - SCORE_W / 2, r.y + 22)

    def slot_rect(self, seat: int) -> pygame.Rect:
        r = L.row_rect(seat)
        return pygame.Rect(r.right - SCORE_W, r.y + 46, SCORE_W - 8, 30)

    def name_right(self, seat: int) -> int:
        return self.column_x(seat) - 6 - (MARKER_W if self.scene.auction() else 0)

    def treasure_layout(self, seat: int) -> tuple[list, float, float]:
        """The treasure groups of a seat and the token step and group gap that fit the row."""
        held = list((self.shown.get("held") or {}).get(str(seat), []))
        anim = getattr(self.scene, "anim", None)
        for s, kind in (anim.arriving if anim is not None else ()):   # a token on its way here shows when it lands
            if s == seat and kind in held:
                held.remove(kind)
        groups = treasure_groups(held)
        room = self.column_x(seat) - 8 - (L.row_rect(seat).x + 44)
        step, gap = 9.0, 12.0
        for step, gap in ((9.0, 12.0), (9.0, 6.0), (6.0, 4.0), (4.0, 3.0)):
            if sum(14 + (n - 1) * step for _, n in groups) + gap * max(0, len(groups) - 1) <= room:
                break
        return groups, step, gap

    def treasure_pos(self, seat: int) -> tuple[float, float]:
        r = L.row_rect(seat)
        groups, step, gap = self.treasure_layout(seat)
        return (r.x + 52 + sum(14 + (n - 1) * step + gap for _, n in groups), r.y + 66)

    def supply_pos(self, seat: int) -> tuple[float, float]:
        if seat == self.scene.me:
            box = L.lower_box(self.scene.auction())
            return (box.x + 36, box.y + 62)
        r = L.row_rect(seat)
        return (r.x + 56, r.y + 44)

    # --- what happened to a seat ------------------------------------------------------------
    def pulse_row(self, seat: int) -> None:
        self.flash_rows.add(seat)
        self.scene.timeline.play(Sequence(Wait(0.6), Call(lambda: self.flash_rows.discard(seat))), parallel=True)

    def row_float(self, seat: int, text: str, colour=theme.ACCENT, life: float = 1.3) -> None:
        """``text`` in the seat's status slot for a moment (it fades)."""
        f = {"text": text, "colour": colour, "a": 1.0}
        self.floats[seat] = f

        def gone():
            if self.floats.get(seat) is f:
                del self.floats[seat]
        self.scene.timeline.play(Sequence(Wait(life), Tween(f, 0.35, "linear", a=0.0), Call(gone)), parallel=True)

    def now(self) -> list[dict]:
        """What a scoring would give each seat now (the engine's breakdown of the shown view)."""
        ver = self.scene.board.ver
        if self._now[0] != ver:
            try:
                self._now = (ver, scoring_now(self.shown))
            except (KeyError, IndexError, TypeError, ValueError):  # a view without a board yet
                self._now = (ver, [])
        return self._now[1]

    # --- tooltips -----------------------------------------------------------------------------
    def build_tips(self, widgets) -> None:
        for seat in range(self.scene.seats):
            r = L.row_rect(seat)
            slot = self.slot_rect(seat)
            widgets.add(Tip((r.x + 8, r.y + 4, self.name_right(seat) - r.x - 8, 30), lambda s=seat: self.tip_name(s)))
            widgets.add(Tip((r.x + 40, r.y + 34, 64, 20), "tikal.tip_row_supply"))
            widgets.add(Tip((r.x + 124, r.y + 34, 60, 20), "tikal.tip_row_camps"))
            widgets.add(Tip((r.x + 184, r.y + 34, 56, 20), "tikal.tip_row_guards"))
            widgets.add(Tip((r.x + 40, r.y + 56, self.column_x(seat) - r.x - 44, 22), "tikal.tip_row_treasures"))
            widgets.add(Tip((self.column_x(seat), r.y + 4, SCORE_W - 8, 38), "tikal.tip_row_score"))
            widgets.add(Tip(slot, lambda s=seat: self.tip_now(s)))
            if self.scene.auction():
                widgets.add(Tip((self.column_x(seat) - MARKER_W - 4, r.y + 6, MARKER_W, 28), "tikal.tip_row_marker"))

    def tip_name(self, seat: int) -> str:
        p = self.scene.table.players[seat] if seat < len(self.scene.table.players) else {}
        if isinstance(p, dict) and p.get("kind") == "bot":
            return self.tr("tikal.tip_row_bot", name=self.scene.table.name(seat),
                           level=self.tr(f"bot.{p.get('level')}"))
        return self.scene.table.name(seat)

    def tip_now(self, seat: int) -> str:
        now = self.now()
        if seat >= len(now):
            return self.tr("tikal.tip_row_now_none")
        b = now[seat]
        return self.trn("tikal.tip_row_now", b["total"], temples=b["temple_points"], treasures=b["treasure_points"])

    # --- drawing ----------------------------------------------------------------------------
    def draw_static(self, surface) -> None:
        """The rows and the level supply as they stand in the shown view (into the base frame)."""
        for seat in range(self.scene.seats):
            self.draw_row(surface, seat)
        self.draw_levels(surface, L.levels_rect(self.scene.seats))

    def draw_live(self, surface) -> None:
        """What changes from frame to frame: the active seat's glow, flashes, the scores (they
        tick up during a tally), the status slots, the treasure sets being counted."""
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
            blit_text(surface, app, str(int(round(score))), (r.right - 10, r.y + 4), 30, theme.ACCENT, bold=True,
                      anchor="topright", shadow=True, box=pygame.Rect(self.column_x(seat), r.y, SCORE_W, 42))
            self.draw_slot(surface, seat)
            if seat in self.flash_sets:  # the treasure sets are being counted
                glow = 0.5 + 0.5 * math.sin(app.time * 14)
                box = pygame.Rect(r.x + 40, r.y + 55, self.column_x(seat) - r.x - 42, 24)
                pygame.draw.rect(surface, theme.shade(art.GOLD, 0.7 + 0.5 * glow), box, 3, border_radius=10)

    def draw_slot(self, surface, seat: int) -> None:
        """Under the score: what just happened to the seat, else its bid or pass in an auction,
        else what a scoring would give it now."""
        app, view = self.app, self.shown
        slot = self.slot_rect(seat)
        f = self.floats.get(seat)
        if f is not None:
            text, size = fit(app, f["text"], 20, slot.width - 4, True, 11)
            img = app.assets.text(text, size, f["colour"], True)
            if f["a"] < 1:
                img = img.copy()
                img.set_alpha(int(255 * f["a"]))
            r = surface.blit(img, img.get_rect(center=slot.center))
            note_text(app, r, text, slot)
            return
        auction = view.get("auction") if view.get("phase") == "bid" else None
        if auction and seat in (auction.get("passed") or []):
            self.chip(surface, slot, self.tr("tikal.row_passed"), (70, 78, 100), theme.PAPER)
            return
        if auction and auction.get("high") == seat:
            self.chip(surface, slot, self.tr("tikal.row_bid", n=auction.get("bid", 0)), theme.ACCENT, theme.INK)
            return
        now = self.now()
        if seat < len(now) and not view.get("over"):   # a little volcano: what one would give now
            self.chip(surface, slot, f"+{now[seat]['total']}", (30, 40, 66), theme.PAPER, volcano=True)

    def chip(self, surface, slot, text: str, fill, ink, volcano: bool = False) -> None:
        pygame.draw.rect(surface, fill, slot, border_radius=9)
        pygame.draw.rect(surface, theme.shade(fill, 0.6), slot, 1, border_radius=9)
        area = slot.inflate(-6, 0)
        if volcano:
            x, y = slot.x + 15, slot.centery + 5
            cone = [(x - 9, y), (x - 3, y - 11), (x + 3, y - 11), (x + 9, y)]
            pygame.draw.polygon(surface, (150, 110, 82), cone)
            pygame.draw.polygon(surface, theme.INK, cone, 1)
            pygame.draw.ellipse(surface, (255, 120, 40), (x - 4, y - 13, 8, 4))
            note_solid(self.app, pygame.Rect(x - 10, y - 14, 20, 15), "volcano icon")
            area = pygame.Rect(slot.x + 26, slot.y, slot.width - 30, slot.height)
        blit_text(surface, self.app, text, area.center, 15, ink, bold=True, anchor="center", box=area)

    def draw_row(self, surface, seat: int) -> None:
        """A seat: mark and name, the figures in supply (the leader crowned), the camps and
        guards left, and the treasures held grouped in sets; the score and the status slot are
        drawn live on top."""
        app, view, scene = self.app, self.shown, self.scene
        r = L.row_rect(seat)
        player_badge(surface, app, scene.table, seat, r, active=seat == view.get("seat") and not view.get("over"),
                     you=seat == scene.me, right=self.name_right(seat))
        col, shp = scene.colour(seat), scene.shape(seat)
        if scene.auction():  # the turn marker: turned over once the seat has moved this round
            mx, my = self.column_x(seat) - MARKER_W // 2 - 4, r.y + 19
            if seat in set(view.get("moved") or []):
                pygame.draw.circle(surface, (90, 96, 120), (mx, my), 10)
                pygame.draw.circle(surface, theme.INK, (mx, my), 10, 1)
                pygame.draw.lines(surface, theme.PAPER, False, [(mx - 5, my), (mx - 1, my + 4), (mx + 5, my - 4)], 3)
            else:
                pygame.draw.circle(surface, theme.PAPER, (mx, my), 11)
                theme.draw_shape(surface, shp, (mx, my), 7, col, width=1)
            note_solid(app, pygame.Rect(mx - 11, my - 11, 22, 22), "marker")
        supply = view.get("supply") or []
        sup = supply[seat] if seat < len(supply) else {}
        y = r.y + 44
        x = r.x + 50
        art.draw_figure(surface, (x, y + 1), 7, col, shp)
        blit_text(surface, app, str(sup.get("workers", 0)), (x + 11, y + 1), 16, theme.PAPER, bold=True,
                  anchor="midleft")
        if sup.get("leader"):
            art.draw_figure(surface, (x + 52, y + 2), 7, col, shp, leader=True)
        camps_left, guards_left = view.get("camps_left") or [], view.get("guards_left") or []
        camps = camps_left[seat] if seat < len(camps_left) else 0
        guards = guards_left[seat] if seat < len(guards_left) else 0
        for i in range(camps):
            art.draw_tent(surface, (x + 84 + i * 22, y + 2), 7, col, shp)
        for i in range(guards):
            art.draw_guard(surface, (x + 148 + i * 24, y + 3), 6, col, shp)
        groups, step, gap = self.treasure_layout(seat)
        x, y = r.x + 46, r.y + 66
        for kind, n in groups:
            w = 14 + (n - 1) * step
            if n > 1:
                frame = pygame.Rect(x - 4, y - 10, w + 8, 20)
                pygame.draw.rect(surface, art.GOLD if n == 3 else theme.PAPER, frame, 2, border_radius=9)
            for i in range(n):
                art.draw_treasure(surface, (x + 7 + i * step, y), 7, kind)
            x += w + gap

    def draw_levels(self, surface, lr) -> None:
        app, view = self.app, self.shown
        blit_text(surface, app, self.tr("tikal.levels_left"), (lr.x + 10, lr.y + 5), 14, theme.ACCENT, bold=True,
                  box=lr)
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
            blit_text(surface, app, self.trn("tikal.treasures_left", ts), (lr.x + 30, lr.bottom - 12), 13, theme.MUTED,
                      anchor="midleft", box=lr)
