"""Drawing of the Tikal table (a mixin of ``TikalScene``): the board as two cached layers (the
explored tiles; then the pieces on them, rebuilt only when the shown view changes), the overlays
of what can be done, the tile column, the bottom bar with the AP meter, and the side panel."""
from __future__ import annotations

import math

import pygame

from engine.tikal.board import HEXES
from engine.tikal.tiles import ROTATED, SPECS

from .. import theme
from ..tikal import art
from ..tikal import layout as L
from ..tikal.geometry import hexkey
from ..tikal.viewops import camp_at, figures_at, guard_at, tile_at, treasure_groups
from ..widgets import blit_text, draw_panel, draw_tooltip, wrap
from .common import background, player_badge, seat_colour

REGION = pygame.Rect(L.BOARD_RECT).inflate(16, 16)
TREASURE_KEYS = ("tikal.treasure.mask", "tikal.treasure.jaguar", "tikal.treasure.jade", "tikal.treasure.sun",
                 "tikal.treasure.vase", "tikal.treasure.idol", "tikal.treasure.necklace", "tikal.treasure.calendar")
KIND_KEYS = {"temple": "tikal.kind.temple", "jungle": "tikal.kind.jungle", "treasure": "tikal.kind.treasure",
             "volcano": "tikal.kind.volcano", "base": "tikal.kind.base"}
MOVE_FILL = (255, 214, 90)
PICK_FILL = (120, 220, 255)
PLACE_EDGE = (255, 236, 120)


def outlined_text(surface, app, text: str, pos, size: int, colour=theme.PAPER, anchor="center") -> pygame.Rect:
    """Light text with a dark rim: readable on any tile."""
    dark = app.assets.text(text, size, theme.INK, True)
    img = app.assets.text(text, size, colour, True)
    r = img.get_rect(**{anchor: pos})
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
        surface.blit(dark, r.move(dx, dy))
    surface.blit(img, r)
    return r


class TikalDrawing:
    # --- caches -------------------------------------------------------------------------------
    def init_drawing(self) -> None:
        self._static = None
        self._static_key: frozenset = frozenset()
        self._board = None
        self._board_ver = -1
        self._ver = 0
        self._fills: dict = {}
        self._sprites: dict = {}
        self._prompt = None
        self._base = None
        self._base_key = None
        self.chip_rects: dict = {}
        self.click_zones: dict = {}

    def touch(self) -> None:
        """The shown view changed: the pieces layer is rebuilt on the next draw."""
        self._ver += 1

    def touch_overlay(self) -> None:
        self._fills.clear()

    def treasure_name(self, kind: int) -> str:
        return self.tr(TREASURE_KEYS[kind % len(TREASURE_KEYS)])

    def kind_name(self, tile_id: str) -> str:
        return self.tr(KIND_KEYS[SPECS[tile_id].kind])

    def colour(self, seat: int):
        return seat_colour(self.table, seat)

    def shape(self, seat: int) -> str:
        return theme.player_shape(seat) if self.app.settings.shapes else "circle"

    def center(self, h) -> tuple[float, float]:
        return self.layout.center(h)

    # --- the board layers ---------------------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        size = self.layout.size
        tiles = [t for t in self.shown.get("tiles", []) if t["id"] in SPECS]
        key = frozenset((t["id"], tuple(t["hex"]), t.get("rotation", 0)) for t in tiles)
        if self._static is None or not key >= self._static_key:
            surf = pygame.Surface(REGION.size)
            surf.blit(background(self.app, "jungle"), (-REGION.x, -REGION.y))
            slot = art.slot_surface(self.app, size)
            for h in HEXES:
                cx, cy = self.center(h)
                surf.blit(slot, slot.get_rect(center=(cx - REGION.x, cy - REGION.y)))
            new = key
            self._static = surf
        else:
            new = key - self._static_key
        for tid, h, rot in sorted(new, key=lambda x: (x[1][0], x[1][1])):
            img = art.tile_surface(self.app, tid, rot, size)
            cx, cy = self.center(h)
            self._static.blit(img, img.get_rect(center=(cx - REGION.x, cy - REGION.y)))
        if key != self._static_key:
            self._static_key = key
            self._board_ver = -1
        return self._static

    def board_layer(self) -> pygame.Surface:
        """The tiles with everything on them: rebuilt when the shown view changed, from one small
        cached sprite per hex (only the hexes whose pieces changed are drawn again)."""
        static = self.static_layer()
        if self._board_ver != self._ver or self._board is None:
            if self._board is None or self._board.get_size() != static.get_size():
                self._board = pygame.Surface(static.get_size())
            self._board.blit(static, (0, 0))  # (a blit into a kept surface is 4x cheaper than copy())
            self.chip_rects = {}
            self.draw_pieces(self._board, (-REGION.x, -REGION.y))
            self._board_ver = self._ver
        return self._board

    def draw_pieces(self, surf, off) -> None:
        view = self.shown
        by_hex: dict = {}
        for f in view.get("figures", []):
            if f["workers"] or f["leader"]:
                by_hex.setdefault(hexkey(f["hex"]), []).append((f["seat"], f["workers"], bool(f["leader"])))
        camps = {hexkey(c["hex"]): c["seat"] for c in view.get("camps", [])}
        guards = {hexkey(g["hex"]): g["seat"] for g in view.get("guards", [])}
        style = (self.app.settings.shapes, tuple(self.colour(i) for i in range(self.seats)))
        live = set()
        for t in view.get("tiles", []):
            if t["id"] not in SPECS:
                continue
            h = hexkey(t["hex"])
            if h in self.hidden_hexes:
                continue
            n = t.get("treasures") or 0
            key = (t["id"], t.get("level"), n if isinstance(n, int) else len(n), guards.get(h),
                   None if h in self.popping else camps.get(h), tuple(sorted(by_hex.get(h, ()))), style)
            live.add(h)
            cached = self._sprites.get(h)
            if cached is None or cached[0] != key:
                cached = self._sprites[h] = (key, *self.hex_sprite(key))
            _, sprite, at, chips = cached
            if sprite is None:
                continue
            cx, cy = self.center(h)
            surf.blit(sprite, (cx + off[0] + at[0], cy + off[1] + at[1]))
            for k, r in chips:
                self.chip_rects[(h, *k)] = r.move(cx, cy)
        for h in set(self._sprites) - live:
            del self._sprites[h]

    def hex_sprite(self, key) -> tuple:
        """Everything on one explored hex: the temple's value (ringed in its guard's colour) and
        the guard, treasures left, a camp, and the figures of each player (the leader crowned).
        Returns the sprite cropped to what it shows, its top-left relative to the hex's centre, and
        the figure chips' rects relative to the hex's centre."""
        tid, level, treasures, guard, camp, groups, _ = key
        kind = SPECS[tid].kind
        if kind not in ("temple", "treasure") and camp is None and not groups:
            return None, (0, 0), []
        app, s = self.app, self.layout.size
        w, h = int(2.6 * s), int(2.3 * s)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        c = (w / 2, h / 2)
        if kind == "temple":
            art.draw_plaque(surf, app, (c[0], c[1] + s * art.PLAQUE_DY), s * art.PLAQUE_R,
                            int(level or SPECS[tid].value), ring=self.colour(guard) if guard is not None else None)
            if guard is not None:
                art.draw_guard(surf, (c[0] + s * art.GUARD_DX, c[1] + s * art.GUARD_DY), s * 0.15, self.colour(guard),
                               self.shape(guard))
        elif kind == "treasure":
            for i in range(treasures):
                art.draw_treasure(surf, (c[0] + (i - (treasures - 1) / 2) * s * 0.22, c[1] - s * 0.30 - (i % 2) * 3),
                                  s * 0.13, None)
        if camp is not None:
            art.draw_tent(surf, (c[0] - s * 0.50, c[1] - s * 0.28), s * 0.17, self.colour(camp), self.shape(camp))
        chips: list = []
        self.draw_groups(surf, groups, c, chips)
        box = surf.get_bounding_rect()
        if not box.width:
            return None, (0, 0), []
        return surf.subsurface(box).copy(), (box.x - c[0], box.y - c[1]), chips

    def group_slots(self, n: int, c) -> list[tuple[float, float]]:
        s = self.layout.size
        if n <= 1:
            return [(c[0], c[1] + s * 0.40)]
        if n == 2:
            return [(c[0] - s * 0.30, c[1] + s * 0.40), (c[0] + s * 0.30, c[1] + s * 0.40)]
        return [(c[0] - s * 0.32, c[1] + s * 0.20), (c[0] + s * 0.32, c[1] + s * 0.20),
                (c[0] - s * 0.26, c[1] + s * 0.58), (c[0] + s * 0.26, c[1] + s * 0.58)]

    def draw_groups(self, surf, groups, c, chips: list) -> None:
        """Figures per player: (seat, workers, leader) groups; chips get ((seat, figure), rect)
        with rects relative to ``c``."""
        r = self.layout.size * 0.13
        for (seat, w, lead), (x, y) in zip(groups, self.group_slots(len(groups), c)):
            count = str(w) if w > 1 else ""
            cw = self.app.assets.text(count, 15, theme.PAPER, True).get_width() if count else 0
            width = (r * 2.6 if lead else 0) + (r * 2.2 + cw if w else 0)
            x0 = x - width / 2
            colour, shape = self.colour(seat), self.shape(seat)
            if lead:
                px = x0 + r * 1.25
                art.draw_figure(surf, (px, y), r, colour, shape, leader=True)
                chips.append(((seat, "leader"), pygame.Rect(px - r * 1.4 - c[0], y - r * 2.2 - c[1], r * 2.8, r * 3.6)))
                x0 += r * 2.6
            if w:
                px = x0 + r
                art.draw_figure(surf, (px, y), r, colour, shape)
                chips.append(((seat, "worker"), pygame.Rect(px - r * 1.3 - c[0], y - r * 1.4 - c[1], r * 2.6 + cw, r * 2.8)))
                if count:
                    outlined_text(surf, self.app, count, (px + r + 1, y + 1), 15, anchor="midleft")

    # --- overlays: what can be done -----------------------------------------------------------
    def fill_layer(self, hexes, colour, alpha: int) -> pygame.Surface:
        key = (frozenset(hexes), colour, alpha)
        layer = self._fills.get(key)
        if layer is None:
            layer = pygame.Surface(REGION.size, pygame.SRCALPHA)
            for h in hexes:
                pts = [(x - REGION.x, y - REGION.y) for x, y in self.layout.corners(h, 0.93)]
                pygame.draw.polygon(layer, (*colour, alpha), pts)
            if len(self._fills) > 8:
                self._fills.clear()
            self._fills[key] = layer
        return layer

    def outline(self, surface, h, colour, width: int = 3, scale: float = 0.95, shake=(0, 0)) -> None:
        pts = [(x + shake[0], y + shake[1]) for x, y in self.layout.corners(h, scale)]
        pygame.draw.polygon(surface, colour, pts, width)

    def draw_overlays(self, surface, shake) -> None:
        app = self.app
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        place = self.place_hexes()
        if place:
            glow = theme.shade(PLACE_EDGE, 0.75 + 0.25 * pulse)
            for h in place:
                self.outline(surface, h, glow, 3, 0.9, shake)
            self.draw_tile_preview(surface, place)
            return
        mode_hexes = self.action_hexes(self.mode) if self.mode else set()
        hover_kind = self.hover_button.split(".")[1] if self.hover_button and self.hover_button.startswith("tikal.") else None
        if not mode_hexes and hover_kind in ("uncover", "dig", "camp", "guard"):
            mode_hexes = self.action_hexes(hover_kind)
        if mode_hexes:
            surface.blit(self.fill_layer(mode_hexes, PICK_FILL, 70), (REGION.x + shake[0], REGION.y + shake[1]))
            for h in mode_hexes:
                self.outline(surface, h, theme.shade(PICK_FILL, 0.7 + 0.3 * pulse), 3, 0.92, shake)
        if self.targets:
            surface.blit(self.fill_layer(self.targets.keys(), MOVE_FILL, 85), (REGION.x + shake[0], REGION.y + shake[1]))
            hover = self.targets.get(self.hover) if self.hover else None
            if hover and hover.get("path"):
                pts = [self.center(p) for p in hover["path"]]
                pygame.draw.lines(surface, theme.INK, False, pts, 7)
                pygame.draw.lines(surface, MOVE_FILL, False, pts, 3)
            for h, t in self.targets.items():
                self.draw_cost(surface, h, t, h == self.hover, shake)
        sel = self.selected
        if sel and sel["from"] is not None:
            self.outline(surface, sel["from"], theme.ACCENT, 4, 0.97, shake)
            rect = self.chip_rects.get((sel["from"], self.me, sel["figure"]))
            if rect is not None:
                pygame.draw.ellipse(surface, theme.ACCENT, rect.inflate(8, 4).move(*shake), 3)
        if self.hover and (self.targets or mode_hexes) and (self.hover in self.targets or self.hover in mode_hexes):
            self.outline(surface, self.hover, theme.PAPER, 3, 0.97, shake)

    def draw_cost(self, surface, h, target, big: bool, shake) -> None:
        """A target's cheapest cost: a dark pill with a footprint mark, unlike a temple's plaque."""
        app = self.app
        x, y = self.center(h)
        x, y = x + shake[0], y + shake[1] + self.layout.size * 0.12
        img = app.assets.text(str(target["cost"]), 20 if big else 17, theme.ACCENT if big else MOVE_FILL, True)
        w = img.get_width() + 30
        rect = pygame.Rect(0, 0, w, 26 if big else 23)
        rect.center = (x, y)
        pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), border_radius=13)
        pygame.draw.rect(surface, (40, 34, 20), rect, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT if big else MOVE_FILL, rect, 2, border_radius=12)
        fx = rect.x + 11
        if target.get("jump"):  # camp to camp: a small tent instead of footprints
            pygame.draw.polygon(surface, MOVE_FILL, [(fx - 6, rect.centery + 5), (fx, rect.centery - 6), (fx + 6, rect.centery + 5)])
        else:
            pygame.draw.ellipse(surface, MOVE_FILL, (fx - 6, rect.centery - 6, 5, 8))
            pygame.draw.ellipse(surface, MOVE_FILL, (fx + 1, rect.centery - 2, 5, 8))
        surface.blit(img, img.get_rect(midleft=(rect.x + 21, rect.centery)))

    def draw_tile_preview(self, surface, place: set) -> None:
        """The drawn tile on the hovered hex, turned as it would be placed."""
        h = self.hover
        drawn = self.shown.get("drawn")
        if h is None or not drawn or drawn not in SPECS or any(hexkey(t["hex"]) == h for t in self.shown.get("tiles", [])):
            return
        img = self.ghost(drawn, self.rotation)
        x, y = self.center(h)
        surface.blit(img, img.get_rect(center=(x, y)))
        ok = {"type": "place_tile", "hex": list(h), "rotation": self.rotation} in self.table.legal
        ok = ok or (h in place and not any(ROTATED[drawn][0]))  # a volcano looks the same every way
        colour = theme.GOOD if ok else (theme.ACCENT if h in place else theme.BAD)
        self.outline(surface, h, colour, 4, 0.99)
        if not ok and h in place:
            outlined_text(surface, self.app, self.tr("tikal.turn_it"), (x, y + self.layout.size * 0.62), 14, theme.ACCENT)

    def ghost(self, tile_id: str, rotation: int) -> pygame.Surface:
        def make():
            img = art.tile_card(self.app, tile_id, rotation, self.layout.size).copy()
            img.set_alpha(215)
            return img
        return self.app.assets.cached(("tikal-ghost", tile_id, rotation, self.layout.size), make)

    # --- the whole table ----------------------------------------------------------------------
    def chrome(self) -> pygame.Surface:
        """The background and every panel's frame, built once per app and seat count."""
        def make():
            surf = background(self.app, "jungle").copy()
            for box in (L.TILE_BOX, L.MIDDLE_BOX, L.LOWER_BOX):
                draw_panel(surf, box, fill=(30, 52, 44), edge=(90, 140, 110))
            draw_panel(surf, L.BAR, fill=(28, 40, 64))
            draw_panel(surf, L.levels_rect(self.seats), fill=(34, 44, 72), shadow=False, radius=10)
            return surf
        return self.app.assets.cached(("tikal-chrome", self.seats), make)

    def base_frame(self) -> pygame.Surface:
        """Chrome, board and the side panel's rows as one opaque frame, rebuilt only when the
        shown view changed: most frames are one blit of it plus what moves."""
        board = self.board_layer()
        key = (self._ver, self.app.catalog.language, self.app.settings.shapes, self.me)
        if self._base is None or self._base_key != key:
            chrome = self.chrome()
            if self._base is None:
                self._base = chrome.copy()
            self._base.blit(board, REGION.topleft)
            panel = pygame.Rect(L.PANEL_X - 8, 0, self.app.SIZE[0] - L.PANEL_X + 8, L.levels_rect(self.seats).bottom + 4)
            self._base.blit(chrome, panel, panel)
            self.draw_panel(self._base)
            self._base_key = key
        return self._base

    def draw_table(self, surface) -> None:
        shake = self.shake_offset()
        surface.blit(self.base_frame(), (0, 0))
        if shake != (0, 0):
            surface.blit(self.board_layer(), (REGION.x + shake[0], REGION.y + shake[1]))
        self.draw_board_effects(surface, shake)
        if not self.timeline.busy:
            self.draw_overlays(surface, shake)
        self.click_zones = {}
        self.draw_column(surface)
        self.draw_bar(surface)
        self.draw_panel_live(surface)
        self.draw_top_effects(surface)
        self.draw_prompt(surface)
        self.draw_banner(surface)
        if self.popup:
            self.draw_popup(surface)
        elif self.hover is not None and self.hover_time > 0.6 and not self.placing():
            x, y = self.center(self.hover)
            draw_tooltip(surface, self.app, self.hex_tip(self.hover), (x, y - self.layout.size * 0.9))

    def hex_tip(self, h) -> str:
        """What is on a hex, in words (the tooltip after a moment of hovering)."""
        view, tr = self.shown, self.tr
        tile = tile_at(view, h)
        if tile is None or tile["id"] not in SPECS:
            return tr("tikal.tip_unexplored")
        spec = SPECS[tile["id"]]
        parts = []
        if spec.kind == "temple":
            parts.append(tr("tikal.tip_temple", value=tile.get("level") or spec.value))
            g = guard_at(view, h)
            if g:
                parts.append(tr("tikal.tip_guarded", name=self.table.name(g["seat"])))
        elif spec.kind == "treasure":
            n = tile.get("treasures") or 0
            parts.append(self.trn("tikal.tip_treasure", n if isinstance(n, int) else len(n)))
        else:
            parts.append(tr(KIND_KEYS[spec.kind]).capitalize())
        camp = camp_at(view, h)
        if camp:
            parts.append(tr("tikal.tip_camp", name=self.table.name(camp["seat"])))
        for f in sorted(figures_at(view, h), key=lambda f: f["seat"]):
            key = ("tikal.tip_figures" if not f["leader"] else
                   "tikal.tip_figures_leader" if f["workers"] else "tikal.tip_leader_only")
            parts.append(tr(key, name=self.table.name(f["seat"]), n=f["workers"]))
        return "\n".join(parts)

    # --- the tile column ----------------------------------------------------------------------
    def draw_column(self, surface) -> None:
        app, view = self.app, self.shown
        box = L.TILE_BOX
        drawn, volcano = view.get("drawn"), (view.get("volcano") or {}).get("tile")
        title = ("tikal.volcano_title" if volcano else "tikal.tile_to_place" if drawn else "tikal.tile_stack")
        blit_text(surface, app, self.tr(title), (box.centerx, box.y + 16), 17, theme.ACCENT, bold=True, anchor="center")
        cx, cy = L.TILE_CENTER
        if not self.tile_fx_draws_column():
            if drawn and drawn in SPECS:
                rot = self.rotation if view.get("seat") == self.me else 0
                img = art.tile_card(app, drawn, rot, L.TILE_SIZE)
                surface.blit(img, img.get_rect(center=(cx, cy)))
            elif volcano and volcano in SPECS:
                img = art.tile_surface(app, volcano, 0, L.TILE_SIZE)
                sx, sy = self.shake_offset()
                surface.blit(img, img.get_rect(center=(cx + sx, cy + sy)))
            elif view.get("next_letter"):
                for k in range(min(3, int(view.get("stack_left") or 0)), 0, -1):
                    img = art.back_surface(app, view.get("next_letter") if k == 1 else None, L.TILE_SIZE)
                    surface.blit(img, img.get_rect(center=(cx - (k - 1) * 4, cy - (k - 1) * 5)))
            else:
                blit_text(surface, app, self.tr("tikal.stack_empty"), (cx, cy), 16, theme.MUTED, anchor="center")
        left = int(view.get("stack_left") or 0)
        line = self.trn("tikal.next_tiles", left, letter=view.get("next_letter") or "—")
        blit_text(surface, app, line, (box.centerx, cy + L.TILE_SIZE * 0.87 + 14), 15, theme.PAPER, bold=True, anchor="center")
        self.draw_middle(surface)
        self.draw_lower(surface)

    def draw_middle(self, surface) -> None:
        app, view = self.app, self.shown
        box = L.MIDDLE_BOX
        if self.auction():
            blit_text(surface, app, self.tr("tikal.revealed"), (box.centerx, box.y + 16), 17, theme.ACCENT, bold=True,
                      anchor="center")
            revealed = list(view.get("revealed") or [])
            choose = {a["tile"] for a in self.legal("choose_tile")}
            pulse = 0.5 + 0.5 * math.sin(app.time * 5)
            for i, tid in enumerate(revealed[:4]):
                if tid in self.flying_tiles:
                    continue
                x, y = L.revealed_slot(i)
                img = self.revealed_img(tid)
                rect = img.get_rect(center=(x, y))
                surface.blit(img, rect)
                if tid in choose:
                    pygame.draw.polygon(surface, theme.shade(theme.ACCENT, 0.7 + 0.3 * pulse),
                                        art.hex_points((x, y), L.REVEALED_SIZE, 1.02), 3)
                    self.click_zones[("revealed", tid)] = rect
                outlined_text(surface, app, tid, (x + L.REVEALED_SIZE * 0.62, y + L.REVEALED_SIZE * 0.62), 13)
            if not revealed:
                blit_text(surface, app, self.tr("tikal.none_revealed"), box.center, 15, theme.MUTED, anchor="center")
            return
        blit_text(surface, app, self.tr("tikal.help_title"), (box.centerx, box.y + 16), 17, theme.ACCENT, bold=True,
                  anchor="center")
        font = app.assets.font(14)
        y = box.y + 34
        for ln in wrap(font, self.help_text(), box.width - 20)[:5]:
            surface.blit(app.assets.text(ln, 14, theme.PAPER), (box.x + 10, y))
            y += 17
        self.draw_legend(surface, box.x + 10, box.bottom - 78)

    def draw_legend(self, surface, x, y) -> None:
        """What the marks on the board mean, in the player's colour and shape."""
        app = self.app
        seat = self.me if self.me is not None else 0
        col, shp = self.colour(seat), self.shape(seat)
        art.draw_figure(surface, (x + 10, y + 10), 6, col, shp, leader=True)
        art.draw_tent(surface, (x + 10, y + 28), 6, col, shp)
        art.draw_guard(surface, (x + 10, y + 46), 5, col, shp)
        for i in range(3):
            pygame.draw.circle(surface, art.STONE_DARK, (x + 3 + i * 7, y + 64), 3)
            pygame.draw.circle(surface, art.STONE, (x + 3 + i * 7, y + 63), 3)
        for i, key in enumerate(("tikal.legend_leader", "tikal.legend_camp", "tikal.legend_guard", "tikal.legend_stones")):
            blit_text(surface, app, self.tr(key), (x + 26, y + 4 + i * 18), 13, theme.MUTED)

    def revealed_img(self, tid: str) -> pygame.Surface:
        """A revealed tile; it flips face up when the round reveals it."""
        img = art.tile_card(self.app, tid, 0, L.REVEALED_SIZE)
        p = self.reveal_flip.get(tid)
        if p is None:
            return img
        if p < 0.5:
            img = art.back_surface(self.app, tid[0], L.REVEALED_SIZE)
        sx = max(0.02, abs(math.cos(math.pi * p)))
        return pygame.transform.scale(img, (max(1, int(img.get_width() * sx)), img.get_height()))

    def help_text(self) -> str:
        if not self.table.my_turn():
            return self.tr("tikal.help_wait")
        if self.placing():
            return self.tr("tikal.help_place")
        if self.mode:
            return self.tr("tikal.help_pick")
        if self.selected:
            return self.tr("tikal.help_selected")
        if self.legal("end_turn"):
            return self.tr("tikal.help_actions")
        return self.tr("tikal.help_wait")

    def draw_lower(self, surface) -> None:
        app, view = self.app, self.shown
        box = L.LOWER_BOX
        bidding = view.get("phase") == "bid" and view.get("auction")
        for w in self.bid_buttons:
            w.visible = bool(bidding)
        if bidding:
            a = view["auction"]
            blit_text(surface, app, self.tr("tikal.auction"), (box.centerx, box.y + 14), 17, theme.ACCENT, bold=True,
                      anchor="center")
            high = a.get("high")
            line = (self.tr("tikal.high_bid", amount=a.get("bid", 0), name=self.table.name(high)) if high is not None
                    else self.tr("tikal.no_bid"))
            blit_text(surface, app, line, (box.centerx, box.y + 36), 14, theme.PAPER, anchor="center")
            if self.legal("bid") or self.legal("pass"):
                amount = self.bid_amount if self.legal("bid") else "—"
                blit_text(surface, app, str(amount), (box.centerx, box.y + 77), 30, theme.ACCENT, bold=True, anchor="center",
                          shadow=True)
            else:
                name = self.table.name(view.get("seat", 0))
                blit_text(surface, app, self.tr("tikal.bidding", name=name), (box.centerx, box.y + 77), 15, theme.MUTED,
                          anchor="center")
            return
        blit_text(surface, app, self.tr("tikal.your_supply") if self.me is not None else self.tr("tikal.supply"),
                  (box.centerx, box.y + 14), 17, theme.ACCENT, bold=True, anchor="center")
        if self.me is None:
            return
        supply = (view.get("supply") or [{}] * self.seats)[self.me]
        colour, shape = self.colour(self.me), self.shape(self.me)
        enter = {a["figure"] for a in self.legal("enter")}
        sel = self.selected if self.selected and self.selected["from"] is None else None
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        zones = [("worker", pygame.Rect(box.x + 10, box.y + 34, 104, 66)),
                 ("leader", pygame.Rect(box.x + 122, box.y + 34, 60, 66))]
        for fig, rect in zones:
            have = supply.get("workers", 0) if fig == "worker" else (1 if supply.get("leader") else 0)
            fill = (52, 84, 70) if fig in enter else (40, 60, 52)
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            edge = theme.ACCENT if sel and sel["figure"] == fig else (
                theme.shade(theme.ACCENT, 0.6 + 0.3 * pulse) if fig in enter else (80, 110, 96))
            pygame.draw.rect(surface, edge, rect, 3 if fig in enter or sel else 1, border_radius=10)
            if have:
                art.draw_figure(surface, (rect.x + 26, rect.centery + 4), 11, colour, shape, leader=fig == "leader")
            if fig == "worker":
                blit_text(surface, app, f"× {have}", (rect.x + 46, rect.centery + 4), 20, theme.PAPER, bold=True,
                          anchor="midleft")
            elif not have:
                blit_text(surface, app, "—", rect.center, 20, theme.MUTED, anchor="center")
            if fig in enter:
                self.click_zones[("supply", fig)] = rect
        keys = self.tr("tikal.supply_keys")
        blit_text(surface, app, keys, (box.centerx, box.bottom - 22), 13, theme.MUTED, anchor="center")

    # --- the bottom bar -----------------------------------------------------------------------
    def draw_bar(self, surface) -> None:
        app, view = self.app, self.shown
        ap = int(view.get("ap") or 0) if view.get("phase") == "actions" else 0
        blit_text(surface, app, self.tr("tikal.ap"), (22, 633), 14, theme.ACCENT, bold=True)
        blit_text(surface, app, str(ap), (186, 676), 34, theme.ACCENT if ap else theme.MUTED, bold=True, anchor="midright",
                  shadow=True)
        cost = 0
        if self.hover is not None and self.hover in self.targets and not self.timeline.busy:
            cost = self.targets[self.hover]["cost"]
        blink = (math.sin(app.time * 10) > 0)
        for i in range(10):
            x = 30 + (i % 5) * 25
            y = 664 + (i // 5) * 24
            on = i < ap
            spend = on and i >= ap - cost and cost
            colour = (theme.BAD if blink else theme.ACCENT) if spend else (theme.ACCENT if on else (58, 66, 92))
            pygame.draw.circle(surface, theme.INK, (x, y + 1), 11)
            pygame.draw.circle(surface, colour, (x, y), 10)
            if on:
                pygame.draw.circle(surface, theme.shade(colour, 1.4), (x - 3, y - 3), 3)

    # --- the side panel -----------------------------------------------------------------------
    def score_pos(self, seat: int) -> tuple[float, float]:
        r = L.row_rect(seat)
        return (r.right - 34, r.y + 22)

    def treasure_pos(self, seat: int) -> tuple[float, float]:
        r = L.row_rect(seat)
        groups = treasure_groups((self.shown.get("held") or {}).get(str(seat), []))
        return (r.x + 58 + sum(14 + (n - 1) * 9 + 12 for _, n in groups), r.y + 66)

    def supply_pos(self, seat: int) -> tuple[float, float]:
        if seat == self.me:
            return (L.LOWER_BOX.x + 36, L.LOWER_BOX.y + 70)
        r = L.row_rect(seat)
        return (r.x + 56, r.y + 44)

    def draw_panel(self, surface) -> None:
        """The rows and the level supply as they stand in the shown view (into the base frame)."""
        for seat in range(self.seats):
            self.draw_row(surface, seat)
        self.draw_levels(surface, L.levels_rect(self.seats))

    def draw_panel_live(self, surface) -> None:
        """What changes from frame to frame: the active seat's glow, flashes, the scores (they
        tick up during a tally), the treasure sets being counted."""
        app, view = self.app, self.shown
        scores = view.get("scores") or []
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        for seat in range(self.seats):
            r = L.row_rect(seat)
            if seat == view.get("seat") and not view.get("over"):  # as player_badge draws it
                pygame.draw.rect(surface, theme.shade(theme.ACCENT, 0.8 + 0.2 * pulse), r, 3, border_radius=10)
            if seat in self.flash_rows:
                pygame.draw.rect(surface, self.colour(seat), r, 4, border_radius=10)
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
        app, view = self.app, self.shown
        r = L.row_rect(seat)
        player_badge(surface, app, self.table, seat, r, active=seat == view.get("seat") and not view.get("over"),
                     you=seat == self.me)
        col, shp = self.colour(seat), self.shape(seat)
        if self.auction():  # the turn marker: turned over once the seat has moved this round
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
        sup = (view.get("supply") or [{}] * self.seats)[seat] if seat < len(view.get("supply") or []) else {}
        y = r.y + 44
        x = r.x + 50
        art.draw_figure(surface, (x, y + 1), 7, col, shp)
        blit_text(surface, app, str(sup.get("workers", 0)), (x + 11, y + 1), 16, theme.PAPER, bold=True, anchor="midleft")
        if sup.get("leader"):
            art.draw_figure(surface, (x + 52, y + 2), 7, col, shp, leader=True)
        camps = (view.get("camps_left") or [0] * self.seats)[seat] if seat < len(view.get("camps_left") or []) else 0
        guards = (view.get("guards_left") or [0] * self.seats)[seat] if seat < len(view.get("guards_left") or []) else 0
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
            blit_text(surface, app, self.trn("tikal.treasures_left", ts), (lr.x + 30, lr.bottom - 12), 13, theme.MUTED,
                      anchor="midleft")

    # --- the prompt, banners, popups ----------------------------------------------------------
    def prompt_text(self) -> tuple[str, tuple]:
        v = self.shown
        if v.get("over") or self.table.over:
            return self.tr("table.game_over"), theme.ACCENT
        seat, phase = v.get("seat", 0), v.get("phase")
        mine = seat == self.me and self.table.to_act == self.me
        name = self.table.name(seat)
        scoring = v.get("scoring")
        if phase == "place":
            return (self.tr("tikal.prompt_place_you") if mine else self.tr("tikal.prompt_place", name=name)), theme.ACCENT
        if phase == "bid":
            return (self.tr("tikal.prompt_bid_you") if mine else self.tr("tikal.prompt_bid", name=name)), theme.ACCENT
        if phase == "choose":
            return (self.tr("tikal.prompt_choose_you") if mine else self.tr("tikal.prompt_choose", name=name)), theme.ACCENT
        ap = int(v.get("ap") or 0)
        if scoring and not ap:
            return self.tr("tikal.prompt_scoring_round"), theme.ACCENT
        if scoring:
            return (self.tr("tikal.prompt_scoring_you", ap=ap) if mine
                    else self.tr("tikal.prompt_scoring", name=name, ap=ap)), theme.ACCENT
        return (self.tr("tikal.prompt_actions_you", ap=ap) if mine
                else self.tr("tikal.prompt_actions", name=name, ap=ap)), theme.ACCENT if mine else theme.PAPER

    def draw_prompt(self, surface) -> None:
        text, colour = self.prompt_text()
        if not text:
            return
        def make():
            img = self.app.assets.text(text, 19, colour, True)
            r = img.get_rect().inflate(36, 14)
            r.topleft = (0, 0)
            plate = pygame.Surface((r.width + 6, r.height + 8), pygame.SRCALPHA)
            draw_panel(plate, r, fill=(20, 30, 60), edge=colour, radius=16, alpha=225)
            plate.blit(img, img.get_rect(center=r.center))
            return plate
        key = (text, colour)
        if self._prompt is None or self._prompt[0] != key:
            self._prompt = (key, make())
        plate = self._prompt[1]
        surface.blit(plate, plate.get_rect(midtop=(L.BOARD_RECT[0] + L.BOARD_RECT[2] // 2 + 63, 8)))

    def draw_popup(self, surface) -> None:
        rect = self.popup_rect()
        draw_panel(surface, rect, fill=(30, 40, 70), edge=theme.ACCENT)
        title = "tikal.exchange_title" if self.popup == "exchange" else "tikal.guard_title"
        blit_text(surface, self.app, self.tr(title), (rect.x + 16, rect.y + 12), 19, theme.ACCENT, bold=True)
