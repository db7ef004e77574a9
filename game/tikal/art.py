"""Tikal art, drawn with pygame primitives and cached per app (``app.assets.cached``): tiles at
each rotation (ground by kind, jungle paths and the stones on every edge), tile backs, treasure
tokens, figures (the leader crowned), camps, guards, temple plaques and level blocks."""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import ROTATED, SPECS

from .. import theme
from .geometry import SQRT3, edge_point

GROUND = {
    "jungle": (52, 128, 64), "temple": (92, 138, 84), "treasure": (176, 146, 84),
    "volcano": (64, 54, 52), "base": (158, 118, 74),
}
EDGE = {
    "jungle": (24, 70, 34), "temple": (44, 80, 44), "treasure": (104, 80, 38),
    "volcano": (30, 24, 24), "base": (92, 64, 36),
}
STONE = (168, 166, 156)
STONE_DARK = (70, 68, 64)
PATH = (210, 188, 134)
TEMPLE_STONE = (204, 192, 156)
TEMPLE_SHADE = (150, 138, 104)
PLAQUE = (246, 236, 206)
GOLD = (236, 188, 52)
SLOT = (26, 70, 46)
#: Where a temple's value plaque and its guard sit, in hex sizes from the hex's centre.
PLAQUE_DY, PLAQUE_R = -0.36, 0.29
GUARD_DX, GUARD_DY = 0.55, -0.40
#: Where the flag of a temple's holder stands (its pole's foot), in hex sizes from the hex's centre.
FLAG_DX, FLAG_DY = -0.42, -0.08
#: The holder's mark on the flag: its radius in flag heights (a readable shape, not a speck).
FLAG_MARK_R = 0.62
SLOT_EDGE = (54, 104, 70)

#: Treasure kinds 0-7: a colour and a glyph each (never told apart by colour alone).
TREASURE_COLOURS = [(214, 62, 62), (58, 118, 222), (54, 170, 88), (236, 196, 48),
                    (164, 92, 206), (238, 134, 36), (58, 196, 200), (196, 196, 204)]
TREASURE_GLYPHS = ["circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring"]


def _rng(seed: str):
    """A tiny deterministic generator for decorations (the same tile always looks the same)."""
    x = sum((i + 1) * ord(c) for i, c in enumerate(seed)) * 2654435761 % 2**32

    def nxt() -> float:
        nonlocal x
        x = (1103515245 * x + 12345) % 2**31
        return x / 2**31
    return nxt


def hex_points(center, size: float, scale: float = 1.0):
    cx, cy = center
    s = size * scale
    return [(cx + s * math.cos(math.radians(60 * i)), cy + s * math.sin(math.radians(60 * i))) for i in range(6)]


def surface_for(size: float) -> tuple[pygame.Surface, tuple[float, float]]:
    w, h = int(2 * size) + 6, int(SQRT3 * size) + 6
    return pygame.Surface((w, h), pygame.SRCALPHA), (w / 2, h / 2)


# --- tiles ---------------------------------------------------------------------------------------
def tile_surface(app, tile_id: str, rotation: int, size: float) -> pygame.Surface:
    key = ("tikal-tile", tile_id, rotation % 6, round(size, 2))
    return app.assets.cached(key, lambda: _make_tile(tile_id, rotation % 6, size))


def _make_tile(tile_id: str, rotation: int, size: float) -> pygame.Surface:
    spec = SPECS[tile_id]
    kind = spec.kind
    surf, c = surface_for(size)
    pygame.draw.polygon(surf, GROUND[kind], hex_points(c, size, 0.985))
    # a soft inner light (bevel) and the edge
    light = theme.shade(GROUND[kind], 1.12)
    pygame.draw.polygon(surf, light, hex_points((c[0], c[1] - size * 0.05), size, 0.80))
    pygame.draw.polygon(surf, GROUND[kind], hex_points((c[0], c[1] + size * 0.02), size, 0.78))
    rnd = _rng(tile_id)
    stones = ROTATED[tile_id][rotation]
    _paths(surf, c, size, stones, kind)
    deco = {"jungle": _jungle, "temple": _temple, "treasure": _treasure, "volcano": _volcano,
            "base": _base}[kind]
    deco(surf, c, size, rnd, stones)
    _stones(surf, c, size, stones)
    pygame.draw.polygon(surf, EDGE[kind], hex_points(c, size, 0.985), max(2, int(size * 0.05)))
    return surf


def _paths(surf, c, size, stones, kind) -> None:
    if kind == "volcano":
        return
    w = max(5, int(size * 0.20))
    hub = (c[0], c[1] + size * 0.06)
    for d, n in enumerate(stones):
        if n:
            p = edge_point(c, size, d, inset=size * 0.04)
            pygame.draw.line(surf, theme.shade(PATH, 0.8), p, hub, w + 4)
    for d, n in enumerate(stones):
        if n:
            p = edge_point(c, size, d, inset=size * 0.04)
            pygame.draw.line(surf, PATH, p, hub, w)
    if any(stones):
        pygame.draw.circle(surf, theme.shade(PATH, 0.8), hub, w * 0.5 + 3)
        pygame.draw.circle(surf, PATH, hub, w * 0.5 + 1)


def _stones(surf, c, size, stones) -> None:
    """T-M1: the stones on each edge, as grey dots lined up along that edge."""
    r = max(3.0, size * 0.085)
    gap = r * 2.3
    for d, n in enumerate(stones):
        for i in range(n):
            along = (i - (n - 1) / 2) * gap
            x, y = edge_point(c, size, d, inset=r + size * 0.05, along=along)
            pygame.draw.circle(surf, STONE_DARK, (x + 1, y + 1.5), r + 1)
            pygame.draw.circle(surf, STONE, (x, y), r)
            pygame.draw.circle(surf, theme.shade(STONE, 1.5), (x - r * 0.3, y - r * 0.35), max(1, r * 0.35))
            pygame.draw.circle(surf, STONE_DARK, (x, y), r, 1)


def _tree(surf, x, y, r, rnd) -> None:
    pygame.draw.circle(surf, (22, 70, 34), (x + r * 0.2, y + r * 0.3), r)
    pygame.draw.circle(surf, (40, 118, 52), (x, y), r)
    pygame.draw.circle(surf, (74, 160, 74), (x - r * 0.3, y - r * 0.3), r * 0.55)


def _ring_spots(c, size, rnd, n, rad=(0.55, 0.72)):
    out = []
    for i in range(n):
        a = 2 * math.pi * (i + rnd() * 0.6) / n
        d = size * (rad[0] + (rad[1] - rad[0]) * rnd())
        out.append((c[0] + d * math.cos(a), c[1] + d * math.sin(a) * 0.86))
    return out


def _jungle(surf, c, size, rnd, stones) -> None:
    for x, y in _ring_spots(c, size, rnd, 9):
        _tree(surf, x, y, size * (0.11 + 0.05 * rnd()), rnd)


def _temple(surf, c, size, rnd, stones) -> None:
    for x, y in _ring_spots(c, size, rnd, 6, (0.62, 0.72)):
        _tree(surf, x, y, size * 0.09, rnd)
    cx, top = c[0], c[1] - size * 0.70
    steps = 4
    base_w, top_w = size * 1.12, size * 0.42
    h = size * 0.17
    for i in range(steps):
        w = base_w - (base_w - top_w) * i / (steps - 1)
        y = c[1] + size * 0.04 - (i + 1) * h
        rect = pygame.Rect(0, 0, w, h + 1)
        rect.midtop = (cx, y)
        pygame.draw.rect(surf, TEMPLE_SHADE, rect.move(0, 2))
        pygame.draw.rect(surf, TEMPLE_STONE, rect)
        pygame.draw.line(surf, theme.shade(TEMPLE_STONE, 1.3), rect.topleft, rect.topright, 2)
        pygame.draw.rect(surf, (110, 100, 74), rect, 1)
    # the stair up the front
    stair = pygame.Rect(0, 0, size * 0.2, h * steps)
    stair.midbottom = (cx, c[1] + size * 0.04 + 1)
    pygame.draw.rect(surf, TEMPLE_SHADE, stair)
    for k in range(1, steps * 2):
        y = stair.y + k * stair.height / (steps * 2)
        pygame.draw.line(surf, (120, 108, 80), (stair.x, y), (stair.right - 1, y), 1)
    del top


def _treasure(surf, c, size, rnd, stones) -> None:
    for x, y in _ring_spots(c, size, rnd, 5, (0.6, 0.72)):
        _tree(surf, x, y, size * 0.09, rnd)
    for i in range(14):  # sand specks and a few gold glints
        a, d = rnd() * 2 * math.pi, size * 0.55 * rnd()
        x, y = c[0] + d * math.cos(a), c[1] + d * math.sin(a)
        col = GOLD if i % 4 == 0 else (150, 122, 66)
        pygame.draw.circle(surf, col, (x, y), 1.5 if i % 4 else 2)
    pit = pygame.Rect(0, 0, size * 0.9, size * 0.42)
    pit.center = (c[0], c[1] - size * 0.28)
    pygame.draw.ellipse(surf, (120, 92, 48), pit)
    pygame.draw.ellipse(surf, (92, 68, 34), pit, 2)


def _volcano(surf, c, size, rnd, stones) -> None:
    for i in range(10):  # ash and cooled lava on the ground
        a, d = rnd() * 2 * math.pi, size * (0.45 + 0.35 * rnd())
        pygame.draw.circle(surf, (48, 40, 40), (c[0] + d * math.cos(a), c[1] + d * math.sin(a) * 0.8),
                           size * (0.05 + 0.05 * rnd()))
    cone = [(c[0] - size * 0.62, c[1] + size * 0.42), (c[0] - size * 0.16, c[1] - size * 0.38),
            (c[0] + size * 0.16, c[1] - size * 0.38), (c[0] + size * 0.62, c[1] + size * 0.42)]
    pygame.draw.polygon(surf, (112, 84, 66), cone)
    pygame.draw.polygon(surf, (140, 106, 82), [cone[0], cone[1], (c[0] - size * 0.02, c[1] - size * 0.38),
                                               (c[0] - size * 0.12, c[1] + size * 0.42)])
    pygame.draw.polygon(surf, (40, 28, 24), cone, 2)
    crater = pygame.Rect(0, 0, size * 0.36, size * 0.12)
    crater.center = (c[0], c[1] - size * 0.38)
    pygame.draw.ellipse(surf, (250, 120, 30), crater)
    pygame.draw.ellipse(surf, (255, 220, 90), crater.inflate(-size * 0.14, -size * 0.05))
    for dx, length in ((-0.08, 0.35), (0.06, 0.5), (0.13, 0.22)):  # lava streams
        x0 = c[0] + size * dx
        pygame.draw.line(surf, (236, 96, 24), (x0, c[1] - size * 0.36),
                         (x0 + size * dx * 1.6, c[1] - size * (0.36 - length)), max(2, int(size * 0.06)))


def _base(surf, c, size, rnd, stones) -> None:
    for x, y in _ring_spots(c, size, rnd, 6, (0.62, 0.72)):
        _tree(surf, x, y, size * 0.08, rnd)
    # a palisade ring and a flag: the expedition's base camp
    ring = pygame.Rect(0, 0, size * 0.98, size * 0.62)
    ring.center = (c[0], c[1] - size * 0.02)
    pygame.draw.ellipse(surf, (186, 146, 96), ring)
    pygame.draw.ellipse(surf, (112, 76, 40), ring, max(2, int(size * 0.06)))
    px, py = c[0] + size * 0.30, c[1] - size * 0.22
    pygame.draw.line(surf, (70, 46, 26), (px, py + size * 0.2), (px, py - size * 0.42), 3)
    pygame.draw.polygon(surf, (220, 60, 50), [(px, py - size * 0.42), (px + size * 0.3, py - size * 0.32),
                                              (px, py - size * 0.22)])
    pygame.draw.polygon(surf, theme.INK, [(px, py - size * 0.42), (px + size * 0.3, py - size * 0.32),
                                          (px, py - size * 0.22)], 1)


def slot_surface(app, size: float) -> pygame.Surface:
    """An unexplored board space."""
    def make():
        surf, c = surface_for(size)
        pygame.draw.polygon(surf, (*SLOT, 200), hex_points(c, size, 0.94))
        pygame.draw.polygon(surf, (*SLOT_EDGE, 255), hex_points(c, size, 0.94), 2)
        for i in range(6):  # a few ferns so an empty space still reads as jungle floor
            a = math.radians(60 * i + 30)
            x, y = c[0] + size * 0.45 * math.cos(a), c[1] + size * 0.45 * math.sin(a)
            pygame.draw.circle(surf, (34, 84, 54, 255), (x, y), size * 0.08)
        return surf
    return app.assets.cached(("tikal-slot", round(size, 2)), make)


def back_surface(app, letter: str | None, size: float) -> pygame.Surface:
    """The back of a tile with its letter (the stack, the drawn tile before it flips)."""
    def make():
        surf, c = surface_for(size)
        pygame.draw.polygon(surf, (104, 74, 42), hex_points(c, size, 0.985))
        pygame.draw.polygon(surf, (132, 96, 56), hex_points(c, size, 0.8))
        pygame.draw.polygon(surf, (70, 48, 26), hex_points(c, size, 0.8), 2)
        pygame.draw.polygon(surf, (56, 38, 20), hex_points(c, size, 0.985), max(2, int(size * 0.05)))
        if letter:
            font = app.assets.font(int(size * 0.9), True)
            img = font.render(letter, True, (240, 214, 150))
            sh = font.render(letter, True, (56, 38, 20))
            surf.blit(sh, sh.get_rect(center=(c[0] + 2, c[1] + 3)))
            surf.blit(img, img.get_rect(center=c))
        return surf
    return app.assets.cached(("tikal-back", letter, round(size, 2)), make)


# --- pieces --------------------------------------------------------------------------------------
def draw_treasure(surface, center, r: float, kind: int | None, outline=theme.INK) -> None:
    """A treasure token: face up (its colour and glyph) or face down (kind None: gold with a
    question mark)."""
    x, y = center
    if kind is None:
        pygame.draw.circle(surface, (120, 84, 24), (x + 1, y + 2), r)
        pygame.draw.circle(surface, GOLD, (x, y), r)
        pygame.draw.circle(surface, (255, 230, 140), (x, y), r * 0.62, max(1, int(r * 0.18)))
        pygame.draw.circle(surface, outline, (x, y), r, max(1, int(r * 0.14)))
        return
    col = TREASURE_COLOURS[kind % 8]
    pygame.draw.circle(surface, theme.shade(col, 0.5), (x + 1, y + 2), r)
    pygame.draw.circle(surface, col, (x, y), r)
    glyph = TREASURE_GLYPHS[kind % 8]
    ink = theme.text_on(col)
    if glyph == "ring":
        pygame.draw.circle(surface, ink, (x, y), r * 0.5, max(2, int(r * 0.2)))
    else:
        theme.draw_shape(surface, glyph, (x, y), r * 0.52, ink, outline=ink, width=0)
    pygame.draw.circle(surface, outline, (x, y), r, max(1, int(r * 0.14)))


def draw_crown(surface, cx, bottom, w) -> None:
    h = w * 0.6
    pts = [(cx - w / 2, bottom), (cx - w / 2, bottom - h * 0.6), (cx - w / 4, bottom - h * 0.25),
           (cx, bottom - h), (cx + w / 4, bottom - h * 0.25), (cx + w / 2, bottom - h * 0.6), (cx + w / 2, bottom)]
    pygame.draw.polygon(surface, HALO_COLOUR, pts, 5)   # the halo, as around the figure
    pygame.draw.polygon(surface, GOLD, pts)
    pygame.draw.polygon(surface, theme.INK, pts, 1)


#: The pale rim around every figure (so green and blue figures stand out on jungle tiles).
HALO, HALO_COLOUR = 2.5, (250, 246, 232)


def draw_figure(surface, center, r: float, colour, shape: str, leader: bool = False) -> None:
    """One figure: the owner's shape in the owner's colour; the leader bigger and crowned."""
    x, y = center
    if leader:
        r *= 1.3
    base = pygame.Rect(0, 0, r * 2.3, r * 0.95)
    base.center = (x, y + r * 0.75)
    # a pale halo under the ink outlines: every colour reads on the green jungle and the sand
    pygame.draw.ellipse(surface, HALO_COLOUR, base.inflate(2 + 2 * HALO, 2 + 2 * HALO))
    theme.draw_shape(surface, shape, (x, y), r + HALO, HALO_COLOUR, outline=HALO_COLOUR, width=0)
    pygame.draw.ellipse(surface, theme.INK, base.inflate(2, 2))
    pygame.draw.ellipse(surface, (236, 228, 200), base)
    theme.draw_shape(surface, shape, (x, y), r, colour, outline=theme.INK, width=2)
    if leader:
        draw_crown(surface, x, y - r * 0.8, r * 1.5)


def draw_tent(surface, center, size: float, colour, shape: str) -> None:
    """A camp: a tent in the owner's colour with the owner's mark."""
    x, y = center
    w, h = size * 2.2, size * 1.7
    pts = [(x - w / 2, y + h / 2), (x, y - h / 2), (x + w / 2, y + h / 2)]
    pygame.draw.polygon(surface, theme.shade(colour, 0.55), [(p[0] + 2, p[1] + 2) for p in pts])
    pygame.draw.polygon(surface, colour, pts)
    door = [(x - w * 0.14, y + h / 2), (x, y + h * 0.05), (x + w * 0.14, y + h / 2)]
    pygame.draw.polygon(surface, theme.shade(colour, 0.5), door)
    pygame.draw.polygon(surface, theme.INK, pts, 2)
    pygame.draw.line(surface, theme.INK, (x, y - h / 2), (x, y - h / 2 - size * 0.45), 2)
    theme.draw_shape(surface, shape, (x, y - h / 2 - size * 0.45), size * 0.32, colour, width=1)


def draw_flag(surface, foot, h: float, colour, shape: str | None) -> None:
    """The holder's flag on a pole: the holder's own mark (its shape, in its colour, as big as the
    pennant was), so the holder reads at a glance by shape as well as by colour (two colours
    alike to a colour-blind eye still differ in outline). ``shape`` None is the grey pennant of a
    tie (an "=" on it)."""
    x, y = foot
    top = y - h * 1.6
    pygame.draw.line(surface, theme.INK, (x + 1, y), (x + 1, top), 3)
    pygame.draw.line(surface, (236, 228, 200), (x, y), (x, top), 2)
    if shape is None:
        pts = [(x, top), (x - h * 1.15, top + h * 0.45), (x, top + h * 0.9)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, theme.INK, pts, 2)
        cx, cy = x - h * 0.4, top + h * 0.45
        for dy in (-2, 2):
            pygame.draw.line(surface, theme.INK, (cx - h * 0.25, cy + dy), (cx + h * 0.25, cy + dy), 2)
        return
    r = h * FLAG_MARK_R
    theme.draw_shape(surface, shape, (x - r - 1, top + r), r, colour, outline=theme.INK, width=2)


def draw_guard(surface, center, r: float, colour, shape: str) -> None:
    """A guard: the owner's figure with a spear and a shield ring."""
    x, y = center
    pygame.draw.line(surface, (90, 62, 30), (x + r * 1.0, y + r * 1.0), (x + r * 1.0, y - r * 1.9), 3)
    pygame.draw.polygon(surface, (200, 200, 210), [(x + r * 0.75, y - r * 1.7), (x + r * 1.0, y - r * 2.3),
                                                    (x + r * 1.25, y - r * 1.7)])
    pygame.draw.circle(surface, theme.INK, (x, y), r + 3)
    pygame.draw.circle(surface, (210, 210, 220), (x, y), r + 2)
    theme.draw_shape(surface, shape, (x, y), r, colour, outline=theme.INK, width=2)


def draw_plaque(surface, app, center, r: float, value: int, ring=None) -> None:
    """A temple's current value, large: the first thing the eye finds on a temple."""
    x, y = center
    pygame.draw.circle(surface, (60, 50, 30), (x + 1, y + 3), r)
    pygame.draw.circle(surface, PLAQUE, (x, y), r)
    if ring is not None:
        pygame.draw.circle(surface, ring, (x, y), r, max(3, int(r * 0.22)))
        pygame.draw.circle(surface, theme.INK, (x, y), r + 1, 1)
    else:
        pygame.draw.circle(surface, (96, 84, 56), (x, y), r, 2)
    img = app.assets.text(str(value), int(r * 1.45), theme.INK, True)
    surface.blit(img, img.get_rect(center=(x, y + 1)))


def draw_level_block(surface, app, center, w: float, value: int | str, alpha: int = 255) -> None:
    """A temple level token (the block that rises when a level is uncovered)."""
    rect = pygame.Rect(0, 0, w, w * 0.62)
    rect.center = center
    block = pygame.Surface(rect.size, pygame.SRCALPHA)
    r = block.get_rect()
    pygame.draw.rect(block, (*TEMPLE_SHADE, alpha), r, border_radius=4)
    pygame.draw.rect(block, (*TEMPLE_STONE, alpha), r.inflate(-4, -6).move(0, -2), border_radius=3)
    pygame.draw.rect(block, (70, 60, 40, alpha), r, 2, border_radius=4)
    img = app.assets.text(str(value), int(w * 0.42), theme.INK, True)
    block.blit(img, img.get_rect(center=r.center))
    surface.blit(block, rect)


def tile_card(app, tile_id: str, rotation: int, size: float) -> pygame.Surface:
    """A tile off the board (drawn, revealed, in flight, the hover preview): the tile with what
    it brings printed on it, the temple's value or the treasure hex's tokens."""
    def make():
        surf = tile_surface(app, tile_id, rotation, size).copy()
        c = (surf.get_width() / 2, surf.get_height() / 2)
        spec = SPECS[tile_id]
        if spec.kind == "temple":
            draw_plaque(surf, app, (c[0], c[1] + size * PLAQUE_DY), size * PLAQUE_R, spec.value)
        elif spec.kind == "treasure":
            n = spec.masks
            for i in range(n):
                draw_treasure(surf, (c[0] + (i - (n - 1) / 2) * size * 0.22, c[1] - size * 0.30 - (i % 2) * 3),
                              size * 0.13, None)
        return surf
    return app.assets.cached(("tikal-card", tile_id, rotation % 6, round(size, 2)), make)
