"""The Tikal board on screen: the explored tiles and everything on them, as two cached layers (the
tiles; then the pieces, rebuilt only when the shown view changes, one small cached sprite per
hex), and the marks drawn over them each frame: what can be done (the hexes a selected figure
reaches, the hexes an action may pick, where the drawn tile fits), the last move, and what a hex
holds in words (its tooltip)."""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import HEXES, ROTATED, SPECS, temple_holders

from .. import theme
from ..scenes.common import Part, background
from ..widgets import note_solid, note_text, outlined_text
from . import art
from . import layout as L
from .geometry import Layout, hexkey
from .viewops import camp_at, figures_at, guard_at, tile_at
from .words import KIND_KEYS

REGION = pygame.Rect(L.BOARD_RECT).inflate(16, 16)
MOVE_FILL = (255, 214, 90)
PICK_FILL = (120, 220, 255)
PLACE_EDGE = (255, 236, 120)


class BoardView(Part):
    def __init__(self, scene):
        super().__init__(scene)
        self.layout = L.BOARD
        self._static = None
        self._static_key: frozenset = frozenset()
        self._board = None
        self._board_ver = -1
        self.ver = 0                       # bumped whenever the shown view changed
        self._fills: dict = {}
        self._sprites: dict = {}
        self.chip_rects: dict = {}         # (hex, seat, figure) -> the figure's rect on screen
        self._holders = (None, {})
        self.last_move: dict | None = None  # {"seat", "hexes", "path"}: the last move, marked until the next

    def touch(self) -> None:
        """The shown view changed: the pieces layer is rebuilt on the next draw."""
        self.ver += 1

    def touch_overlay(self) -> None:
        self._fills.clear()

    def holders(self) -> dict:
        """Who holds each temple of the shown view and everyone's strength there (the engine's
        ``temple_holders``), by hex; worked out again when the view changed."""
        if self._holders[0] != self.ver:
            try:
                found = {tuple(t["hex"]): t for t in temple_holders(self.shown)}
            except (KeyError, IndexError, TypeError, ValueError):  # a view without a board yet
                found = {}
            self._holders = (self.ver, found)
        return self._holders[1]

    def flag(self, h) -> tuple | None:
        """The flag by a temple's plaque: ("holder", seat) or ("tie",), None if nobody is there."""
        t = self.holders().get(tuple(h))
        if t is None:
            return None
        if t["holder"] is not None:
            return ("holder", t["holder"])
        return ("tie",) if t["tied"] else None

    # --- zoom and pan (the wheel when no tile is being placed; a right-button drag) -------------
    ZOOMS = (1.0, 1.5, 2.0)

    @property
    def zoom(self) -> float:
        return round(self.layout.size / L.BOARD.size, 3)

    def zoom_at(self, pos, step: int) -> bool:
        """One zoom level in (``step`` 1) or out (-1), the point under ``pos`` staying put."""
        levels = self.ZOOMS
        now = min(range(len(levels)), key=lambda i: abs(levels[i] - self.zoom))
        new = levels[max(0, min(len(levels) - 1, now + step))]
        if new == levels[now]:
            return False
        size = L.BOARD.size * new
        k = size / self.layout.size
        ox, oy = self.layout.origin
        self.set_view(size, (pos[0] - (pos[0] - ox) * k, pos[1] - (pos[1] - oy) * k))
        return True

    def pan(self, dx: float, dy: float) -> None:
        ox, oy = self.layout.origin
        self.set_view(self.layout.size, (ox + dx, oy + dy))

    def set_view(self, size: float, origin) -> None:
        """The board at ``size`` (hex size), its origin kept so the board still fills its box."""
        base, box = L.BOARD, pygame.Rect(L.BOARD_RECT)
        z = size / base.size
        bx, by, bw, bh = base.bounds()
        left, right = bx - base.origin[0], bx + bw - base.origin[0]
        top, bottom = by - base.origin[1], by + bh - base.origin[1]
        ox = min(box.left - left * z, max(box.right - right * z, origin[0])) if z > 1 else base.origin[0]
        oy = min(box.top - top * z, max(box.bottom - bottom * z, origin[1])) if z > 1 else base.origin[1]
        if (size, (ox, oy)) == (self.layout.size, tuple(self.layout.origin)):
            return
        self.layout = Layout(size, (ox, oy)) if z > 1 else base
        self._static, self._static_key = None, frozenset()   # every layer again, at the new size
        self._sprites.clear()
        self._fills.clear()
        self.touch()
        self.scene.sel.refresh_due = True

    def center(self, h) -> tuple[float, float]:
        return self.layout.center(h)

    def hex_at(self, pos):
        return self.layout.hex_at(pos)

    def hex_rect(self, h, scale: float = 1.0) -> pygame.Rect:
        """The rectangle round a hex (its middle part with ``scale`` < 1)."""
        x, y = self.center(h)
        w, hh = 2 * self.layout.size * scale, math.sqrt(3) * self.layout.size * scale
        return pygame.Rect(round(x - w / 2), round(y - hh / 2), round(w), round(hh))

    def decision_hexes(self) -> set:
        """The hexes the current decision is about (no tooltip may cover them): on our turn the
        ones the board lights (where the drawn tile fits, where the selected figure can go and the
        hex it stands on, the hexes the aimed action may pick); on another player's, where that
        player's figures stand and the hexes of the last move (what we watch), unless that
        decision is a bid or a revealed tile's choice (the auction: not on the board)."""
        sel, view = self.scene.sel, self.shown
        if self.scene.table.my_turn():
            hexes = set(sel.place_hexes()) | set(sel.targets)
            kind = sel.mode or sel.hover_action()
            if kind in ("uncover", "dig", "camp", "guard"):
                hexes |= sel.action_hexes(kind)
            if sel.selected and sel.selected["from"] is not None:
                hexes.add(hexkey(sel.selected["from"]))
            return hexes
        seat = view.get("seat")
        if view.get("phase") in ("bid", "choose"):
            return set()
        hexes = {hexkey(f["hex"]) for f in view.get("figures", []) if f.get("seat") == seat}
        if self.last_move:
            hexes |= {hexkey(h) for h in self.last_move["hexes"]}
        return hexes

    def figure_spot(self, h) -> tuple[float, float]:
        x, y = self.center(h)
        return (x, y + self.layout.size * 0.38)

    # --- the layers ---------------------------------------------------------------------------
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

    def layer(self) -> pygame.Surface:
        """The tiles with everything on them: rebuilt when the shown view changed, from one small
        cached sprite per hex (only the hexes whose pieces changed are drawn again)."""
        static = self.static_layer()
        if self._board_ver != self.ver or self._board is None:
            if self._board is None or self._board.get_size() != static.get_size():
                self._board = pygame.Surface(static.get_size())
            self._board.blit(static, (0, 0))  # (a blit into a kept surface is 4x cheaper than copy())
            self.chip_rects = {}
            self.draw_pieces(self._board, (-REGION.x, -REGION.y))
            self._board_ver = self.ver
        return self._board

    def draw_pieces(self, surf, off) -> None:
        view, scene = self.shown, self.scene
        by_hex: dict = {}
        aloft = list(scene.anim.aloft)      # figures the view has landed that are still in the air
        for f in view.get("figures", []):
            workers, leader, h = f["workers"], bool(f["leader"]), hexkey(f["hex"])
            for key in [k for k in aloft if k[:2] == (f["seat"], h)]:
                aloft.remove(key)
                workers, leader = (workers - 1, leader) if key[2] == "worker" else (workers, False)
            if workers or leader:
                by_hex.setdefault(h, []).append((f["seat"], workers, leader))
        camps = {hexkey(c["hex"]): c["seat"] for c in view.get("camps", [])}
        guards = {hexkey(g["hex"]): g["seat"] for g in view.get("guards", [])}
        style = (self.app.settings.shapes, tuple(scene.colour(i) for i in range(scene.seats)))
        popping = scene.anim.popping
        live = set()
        for t in view.get("tiles", []):
            if t["id"] not in SPECS:
                continue
            h = hexkey(t["hex"])
            n = t.get("treasures") or 0
            key = (t["id"], t.get("level"), n if isinstance(n, int) else len(n), guards.get(h),
                   None if h in popping else camps.get(h), tuple(sorted(by_hex.get(h, ()))), style, self.flag(h))
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
        tid, level, treasures, guard, camp, groups, _, flag = key
        kind = SPECS[tid].kind
        if kind not in ("temple", "treasure") and camp is None and not groups:
            return None, (0, 0), []
        app, s, scene = self.app, self.layout.size, self.scene
        w, h = int(2.6 * s), int(2.3 * s)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        c = (w / 2, h / 2)
        if kind == "temple":
            art.draw_plaque(surf, app, (c[0], c[1] + s * art.PLAQUE_DY), s * art.PLAQUE_R,
                            int(level or SPECS[tid].value), ring=scene.colour(guard) if guard is not None else None)
            if guard is not None:
                art.draw_guard(surf, (c[0] + s * art.GUARD_DX, c[1] + s * art.GUARD_DY), s * 0.15, scene.colour(guard),
                               scene.shape(guard))
            if flag is not None:   # who holds it now: their flag; level strengths: a grey "="
                pole = (c[0] + s * art.FLAG_DX, c[1] + s * art.FLAG_DY)
                if flag[0] == "holder":
                    art.draw_flag(surf, pole, s * 0.3, scene.colour(flag[1]), scene.shape(flag[1]))
                else:
                    art.draw_flag(surf, pole, s * 0.3, (150, 150, 160), None)
        elif kind == "treasure":
            for i in range(treasures):
                art.draw_treasure(surf, (c[0] + (i - (treasures - 1) / 2) * s * 0.22, c[1] - s * 0.30 - (i % 2) * 3),
                                  s * 0.13, None)
        if camp is not None:
            art.draw_tent(surf, (c[0] - s * 0.50, c[1] - s * 0.28), s * 0.17, scene.colour(camp), scene.shape(camp))
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
        scene = self.scene
        for (seat, w, lead), (x, y) in zip(groups, self.group_slots(len(groups), c)):
            count = str(w) if w > 1 else ""
            cw = self.app.assets.text(count, 15, theme.PAPER, True).get_width() if count else 0
            width = (r * 2.6 if lead else 0) + (r * 2.2 + cw if w else 0)
            x0 = x - width / 2
            colour, shape = scene.colour(seat), scene.shape(seat)
            if lead:
                px = x0 + r * 1.25
                art.draw_figure(surf, (px, y), r, colour, shape, leader=True)
                chips.append(((seat, "leader"), pygame.Rect(px - r * 1.4 - c[0], y - r * 2.2 - c[1], r * 2.8, r * 3.6)))
                x0 += r * 2.6
            if w:
                px = x0 + r
                art.draw_figure(surf, (px, y), r, colour, shape)
                chips.append(((seat, "worker"),
                              pygame.Rect(px - r * 1.3 - c[0], y - r * 1.4 - c[1], r * 2.6 + cw, r * 2.8)))
                if count:
                    outlined_text(surf, self.app, count, (px + r + 1, y + 1), 15, anchor="midleft")

    # --- the last move ------------------------------------------------------------------------
    def remember(self, events: list) -> None:
        """Mark the last move among ``events`` (a walk's path, the hex a tile, a figure, a camp
        or a guard went to, a level uncovered or a treasure dug) until the next move."""
        for ev in reversed(events):
            t = ev.get("type")
            if t == "figure_moved":
                self.last_move = {"seat": ev["seat"], "hexes": [hexkey(ev["path"][-1])],
                                  "path": [hexkey(p) for p in ev["path"]]}
            elif t == "figure_transferred":
                self.last_move = {"seat": ev["seat"], "hexes": [hexkey(ev["to"])],
                                  "path": [hexkey(ev["from"]), hexkey(ev["to"])]}
            elif t in ("tile_placed", "figure_entered", "level_uncovered", "treasure_dug", "camp_built",
                       "guard_placed"):
                self.last_move = {"seat": ev.get("seat"), "hexes": [hexkey(ev["hex"])], "path": None}
            else:
                continue
            return

    def draw_last_move(self, surface, shake) -> None:
        m = self.last_move
        if not m or m.get("seat") is None:
            return
        colour = self.scene.colour(m["seat"])
        if m["path"]:
            pts = [(x + shake[0], y + shake[1]) for x, y in (self.center(h) for h in m["path"])]
            pygame.draw.lines(surface, theme.INK, False, pts, 7)
            pygame.draw.lines(surface, colour, False, pts, 3)
            for p in pts[:-1]:
                pygame.draw.circle(surface, theme.INK, p, 5)
                pygame.draw.circle(surface, colour, p, 3)
        for h in m["hexes"]:
            self.outline(surface, h, theme.INK, 5, 0.9, shake)
            self.outline(surface, h, colour, 3, 0.9, shake)

    # --- marks over the board -----------------------------------------------------------------
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
        """What the player can do now: where the drawn tile fits, the hexes an action may pick,
        where the selected figure can go."""
        sel = self.scene.sel
        pulse = 0.5 + 0.5 * math.sin(self.app.time * 5)
        place = sel.place_hexes()
        if place:
            glow = theme.shade(PLACE_EDGE, 0.75 + 0.25 * pulse)
            for h in place:
                self.outline(surface, h, glow, 3, 0.9, shake)
            self.draw_tile_preview(surface, place)
            return
        mode_hexes = sel.action_hexes(sel.mode) if sel.mode else set()
        hover_kind = sel.hover_action()
        if not mode_hexes and hover_kind in ("uncover", "dig", "camp", "guard"):
            mode_hexes = sel.action_hexes(hover_kind)
        if mode_hexes:
            surface.blit(self.fill_layer(mode_hexes, PICK_FILL, 70), (REGION.x + shake[0], REGION.y + shake[1]))
            for h in mode_hexes:
                self.outline(surface, h, theme.shade(PICK_FILL, 0.7 + 0.3 * pulse), 3, 0.92, shake)
        chip = sel.own_chip_at(sel.mouse)   # over one of our figures a click selects it, never walks
        if sel.targets:
            # the hexes it can reach, tinted (nothing on them is hidden); the cost of the hovered one
            surface.blit(self.fill_layer(sel.targets.keys(), MOVE_FILL, 85), (REGION.x + shake[0], REGION.y + shake[1]))
            hover = sel.targets.get(sel.hover) if sel.hover and not chip else None
            if hover and hover.get("path"):
                pts = [self.center(p) for p in hover["path"]]
                pygame.draw.lines(surface, theme.INK, False, pts, 7)
                pygame.draw.lines(surface, MOVE_FILL, False, pts, 3)
            if hover:
                self.draw_cost(surface, sel.mouse, hover)
        chosen = sel.selected
        if chosen and chosen["from"] is not None:
            self.outline(surface, chosen["from"], theme.ACCENT, 4, 0.97, shake)
            rect = self.chip_rects.get((chosen["from"], self.scene.me, chosen["figure"]))
            if rect is not None:
                pygame.draw.ellipse(surface, theme.ACCENT, rect.inflate(8, 4).move(*shake), 3)
        if chip:
            rect = self.chip_rects.get((sel.hover, self.scene.me, chip))
            if rect is not None:
                pygame.draw.ellipse(surface, theme.PAPER, rect.inflate(10, 6).move(*shake), 2)
        elif sel.hover and (sel.targets or mode_hexes) and (sel.hover in sel.targets or sel.hover in mode_hexes):
            self.outline(surface, sel.hover, theme.PAPER, 3, 0.97, shake)

    def draw_cost(self, surface, mouse, target) -> None:
        """The hovered target's cheapest cost, by the mouse pointer: a dark pill with a footprint
        mark (a tent for a jump from camp to camp)."""
        app = self.app
        img = app.assets.text(str(target["cost"]), 20, theme.ACCENT, True)
        rect = pygame.Rect(0, 0, img.get_width() + 30, 26)
        rect.bottomleft = (mouse[0] + 14, mouse[1] - 8)
        rect.clamp_ip(REGION)
        pygame.draw.rect(surface, theme.INK, rect.inflate(4, 4), border_radius=13)
        pygame.draw.rect(surface, (40, 34, 20), rect, border_radius=12)
        pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=12)
        fx = rect.x + 11
        if target.get("jump"):
            pygame.draw.polygon(surface, MOVE_FILL, [(fx - 6, rect.centery + 5), (fx, rect.centery - 6),
                                                     (fx + 6, rect.centery + 5)])
        else:
            pygame.draw.ellipse(surface, MOVE_FILL, (fx - 6, rect.centery - 6, 5, 8))
            pygame.draw.ellipse(surface, MOVE_FILL, (fx + 1, rect.centery - 2, 5, 8))
        surface.blit(img, img.get_rect(midleft=(rect.x + 21, rect.centery)))
        note_solid(app, rect, "cost", layer="overlay")

    def draw_tile_preview(self, surface, place: set) -> None:
        """The drawn tile on the hovered hex, turned as it would be placed."""
        sel = self.scene.sel
        h = sel.hover
        drawn = self.shown.get("drawn")
        if h is None or not drawn or drawn not in SPECS or any(
                hexkey(t["hex"]) == h for t in self.shown.get("tiles", [])):
            return
        img = self.ghost(drawn, sel.rotation)
        x, y = self.center(h)
        surface.blit(img, img.get_rect(center=(x, y)))
        ok = {"type": "place_tile", "hex": list(h), "rotation": sel.rotation} in self.scene.table.legal
        ok = ok or (h in place and not any(ROTATED[drawn][0]))  # a volcano looks the same every way
        colour = theme.GOOD if ok else (theme.ACCENT if h in place else theme.BAD)
        self.outline(surface, h, colour, 4, 0.99)
        if not ok and h in place:
            text = self.tr("tikal.turn_it")
            spot = outlined_text(surface, self.app, text, (x, y + self.layout.size * 0.62), 14, theme.ACCENT)
            note_text(self.app, spot, text, REGION, layer="board")

    def ghost(self, tile_id: str, rotation: int) -> pygame.Surface:
        def make():
            img = art.tile_card(self.app, tile_id, rotation, self.layout.size).copy()
            img.set_alpha(215)
            return img
        return self.app.assets.cached(("tikal-ghost", tile_id, rotation, self.layout.size), make)

    # --- what a hex holds, in words -----------------------------------------------------------
    def hex_tip(self, h) -> str:
        """What is on a hex, in words (the tooltip after a moment of hovering)."""
        view, tr, name = self.shown, self.tr, self.scene.table.name
        tile = tile_at(view, h)
        if tile is None or tile["id"] not in SPECS:
            return tr("tikal.tip_unexplored")
        spec = SPECS[tile["id"]]
        parts = []
        if spec.kind == "temple":
            parts.append(tr("tikal.tip_temple", value=tile.get("level") or spec.value))
            g = guard_at(view, h)
            if g:
                parts.append(tr("tikal.tip_guarded", name=name(g["seat"])))
            parts += self.strength_lines(h)
        elif spec.kind == "treasure":
            n = tile.get("treasures") or 0
            parts.append(self.trn("tikal.tip_treasure", n if isinstance(n, int) else len(n)))
        else:
            parts.append(tr(KIND_KEYS[spec.kind]).capitalize())
        camp = camp_at(view, h)
        if camp:
            parts.append(tr("tikal.tip_camp", name=name(camp["seat"])))
        if spec.kind == "temple" and self.strength_lines(h):
            return "\n".join(parts)     # every player's strength says who stands there (short: 4 players, long names)
        for f in sorted(figures_at(view, h), key=lambda f: f["seat"]):
            key = ("tikal.tip_figures" if not f["leader"] else
                   "tikal.tip_figures_leader" if f["workers"] else "tikal.tip_leader_only")
            if f["workers"]:
                parts.append(self.trn(key, f["workers"], name=name(f["seat"])))
            else:
                parts.append(tr(key, name=name(f["seat"])))
        return "\n".join(parts)

    def strength_lines(self, h) -> list[str]:
        """Who holds a temple and each player's strength there (a worker 1, the leader 3)."""
        t = self.holders().get(tuple(h))
        if t is None:
            return []
        name, tr = self.scene.table.name, self.tr
        lines = []
        if t["guard"] is None:
            lines.append(tr("tikal.tip_held_by", name=name(t["holder"])) if t["holder"] is not None
                         else tr("tikal.tip_tied") if t["tied"] else tr("tikal.tip_nobody"))
        strong = sorted(((v, seat) for seat, v in enumerate(t["strengths"]) if v), key=lambda x: (-x[0], x[1]))
        if strong:
            lines.append(tr("tikal.tip_strengths", list=", ".join(f"{name(seat)} {v}" for v, seat in strong)))
        return lines
