"""Pictures of the Tikal pages, drawn with the table's own art (``game.tikal.art``): tiles at their
rotations with their stones, figures, camps, guards, temple plaques and levels, treasure tokens."""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import ROTATED

from .. import theme
from ..howto.pages import Page
from ..howto.pictures import arrow, pill
from ..widgets import blit_text
from . import art
from .geometry import SQRT3

#: The items of the actions page, in the order of the rulebook's reference card.
ACTIONS = ("enter", "transfer", "walk", "uncover", "dig", "exchange", "camp", "guard")
#: Keys the pictures print (the catalog test checks them).
KEYS = ("howto.ap", "howto.strength", "tikal.tally", "tikal.banner_final", "game.tikal")
ME, YOU = 0, 4   # the seats whose colours the pictures use (orange; blue)


def colour(seat: int):
    return theme.player_colour(seat)


def shape(app, seat: int) -> str:
    return theme.player_shape(seat) if app.settings.shapes else "circle"


def hex_center(c, size, q: int, r: int):
    """The pixel centre of axial hex (q, r) around ``c`` (flat-topped, as on the board)."""
    return (c[0] + 1.5 * size * q, c[1] + SQRT3 * size * (r + q / 2))


def tile(app, surface, tile_id: str, rotation: int, center, size: float, card: bool = True) -> None:
    img = (art.tile_card if card else art.tile_surface)(app, tile_id, rotation, size)
    surface.blit(img, img.get_rect(center=center))


def figures(app, surface, center, seat: int, workers: int, leader: bool = False, r: float = 9) -> None:
    x = center[0] - (workers - 1) * r * 1.2 - (r * 1.6 if leader else 0)
    if leader:
        art.draw_figure(surface, (x, center[1]), r, colour(seat), shape(app, seat), leader=True)
        x += r * 3.0
    for i in range(workers):
        art.draw_figure(surface, (x + i * r * 2.4, center[1]), r, colour(seat), shape(app, seat))


# --- the pages -----------------------------------------------------------------------------------
def goal(app, surface, rect) -> None:
    """A corner of the jungle: the base camp, a temple with figures, a treasure hex, a camp."""
    s = 78
    c = (rect.centerx - 70, rect.centery + 10)
    tile(app, surface, "P-base", 0, hex_center(c, s, 0, 1), s)
    tile(app, surface, "C1", 2, hex_center(c, s, 0, 0), s)
    tile(app, surface, "A2", 0, hex_center(c, s, 1, -1), s)
    tile(app, surface, "D4", 1, hex_center(c, s, 1, 0), s)
    tile(app, surface, "B6", 0, hex_center(c, s, 2, -1), s)
    x, y = hex_center(c, s, 0, 0)
    figures(app, surface, (x, y + s * 0.42), ME, 2, leader=True, r=10)
    x, y = hex_center(c, s, 1, 0)
    art.draw_tent(surface, (x - s * 0.3, y - s * 0.2), s * 0.17, colour(YOU), shape(app, YOU))
    figures(app, surface, (x + s * 0.2, y + s * 0.4), YOU, 1, r=10)
    x, y = hex_center(c, s, 1, -1)
    art.draw_treasure(surface, (x + s * 0.55, y + s * 0.35), 13, 3)


def turn(app, surface, rect) -> None:
    """The drawn tile goes next to explored land, stones leading onto it; then 10 AP."""
    s = 70
    c = (rect.x + 150, rect.y + 210)
    tile(app, surface, "P-jungle", 0, c, s)
    spot = hex_center(c, s, 1, -1)
    pts = art.hex_points(spot, s, 0.96)
    pygame.draw.polygon(surface, (255, 236, 120), pts, 4)
    ghost = art.tile_card(app, "E3", 1, s).copy()
    ghost.set_alpha(215)
    surface.blit(ghost, ghost.get_rect(center=spot))
    back = art.back_surface(app, "E", 52)
    bx, by = rect.right - 90, rect.y + 90
    surface.blit(back, back.get_rect(center=(bx, by)))
    arrow(surface, (bx - 50, by + 20), (spot[0] + s * 0.8, spot[1] - s * 0.1))
    # 10 action points
    y0 = rect.bottom - 100
    for i in range(10):
        x, y = rect.x + 70 + (i % 5) * 44, y0 + (i // 5) * 40
        pygame.draw.circle(surface, theme.INK, (x, y + 1), 17)
        pygame.draw.circle(surface, theme.ACCENT, (x, y), 16)
        pygame.draw.circle(surface, theme.shade(theme.ACCENT, 1.4), (x - 5, y - 5), 5)
    blit_text(surface, app, app.tr("howto.ap", n=10), (rect.x + 320, y0 + 20), 34, theme.ACCENT, bold=True,
              anchor="midleft", shadow=True)


def action_icon(app, surface, rect, item: str) -> None:
    """One action's little picture (the actions page's rows)."""
    cx, cy = rect.center
    col, shp = colour(ME), shape(app, ME)
    if item == "enter":
        tile(app, surface, "P-base", 0, (cx, cy), 30, card=False)
        art.draw_figure(surface, (cx, cy + 4), 8, col, shp)
    elif item == "transfer":
        art.draw_tent(surface, (cx - 18, cy + 6), 9, col, shp)
        art.draw_tent(surface, (cx + 18, cy + 6), 9, col, shp)
        pygame.draw.arc(surface, theme.ACCENT, (cx - 20, cy - 16, 40, 26), 0.3, math.pi - 0.3, 3)
    elif item == "walk":
        for i in range(3):
            x = cx - 18 + i * 10
            pygame.draw.circle(surface, art.STONE_DARK, (x + 1, cy + 12), 5)
            pygame.draw.circle(surface, art.STONE, (x, cy + 11), 5)
        art.draw_figure(surface, (cx + 16, cy - 6), 8, col, shp)
    elif item == "uncover":
        art.draw_level_block(surface, app, (cx, cy + 8), 34, 5)
        art.draw_level_block(surface, app, (cx, cy - 10), 34, 6)
    elif item == "dig":
        art.draw_treasure(surface, (cx - 10, cy + 6), 11, None)
        art.draw_treasure(surface, (cx + 12, cy - 4), 11, 2)
    elif item == "exchange":
        art.draw_treasure(surface, (cx - 16, cy), 11, 0)
        art.draw_treasure(surface, (cx + 16, cy), 11, 5)
        pygame.draw.line(surface, theme.ACCENT, (cx - 4, cy - 8), (cx + 4, cy - 8), 3)
        pygame.draw.line(surface, theme.ACCENT, (cx - 4, cy + 8), (cx + 4, cy + 8), 3)
    elif item == "camp":
        art.draw_tent(surface, (cx, cy + 4), 13, col, shp)
    elif item == "guard":
        art.draw_plaque(surface, app, (cx - 12, cy), 14, 7, ring=col)
        art.draw_guard(surface, (cx + 14, cy + 6), 8, col, shp)


def moving(app, surface, rect) -> None:
    """A border with 1 + 2 stones costs 3 AP; camps are shortcuts."""
    s = 80
    a = (rect.x + 150, rect.y + 130)
    b = hex_center(a, s, 1, 0)           # the south-east neighbour
    tile(app, surface, "D4", 1, a, s, card=False)      # 1 stone on its south-east edge
    tile(app, surface, "C1", 2, b, s, card=False)      # 2 stones on its north-west edge
    assert ROTATED["D4"][1][2] == 1 and ROTATED["C1"][2][5] == 2
    border = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    pygame.draw.circle(surface, theme.ACCENT, border, 26, 3)
    label = pill(app, surface, "1 + 2 = " + app.tr("howto.ap", n=3), (border[0] + 60, rect.y + 26), size=22)
    pygame.draw.line(surface, theme.ACCENT, label.midbottom, (border[0] + 8, border[1] - 26), 3)
    figures(app, surface, (a[0] - s * 0.3, a[1] + s * 0.25), ME, 1, r=11)
    arrow(surface, (a[0] - s * 0.12, a[1] + s * 0.2), (b[0] - s * 0.1, b[1] + s * 0.25))
    # a camp: straight in from the supply, or camp to camp, for 1 AP
    base = (rect.x + 110, rect.bottom - 62)
    camp = (rect.right - 110, rect.bottom - 62)
    tile(app, surface, "P-base", 0, base, 56, card=False)
    tile(app, surface, "E3", 0, camp, 56, card=False)
    art.draw_tent(surface, (camp[0], camp[1] - 4), 13, colour(ME), shape(app, ME))
    pts = [(base[0] + 40 + (camp[0] - base[0] - 80) * t / 20,
            base[1] - 30 - 50 * math.sin(math.pi * t / 20)) for t in range(21)]
    for i in range(0, 20, 2):
        pygame.draw.line(surface, theme.ACCENT, pts[i], pts[i + 1], 4)
    pill(app, surface, app.tr("howto.ap", n=1), ((base[0] + camp[0]) / 2, base[1] - 80), size=20)


def majority(app, surface, rect) -> None:
    """Strength on a temple: a worker 1, the leader 3; the majority may place a guard."""
    s = 120
    c = (rect.x + 200, rect.centery - 20)
    tile(app, surface, "D5", 0, c, s)
    figures(app, surface, (c[0] - s * 0.38, c[1] + s * 0.42), ME, 0, leader=True, r=13)
    figures(app, surface, (c[0] + s * 0.30, c[1] + s * 0.42), YOU, 2, r=13)
    pill(app, surface, app.tr("howto.strength", n=3), (c[0] - s * 0.62, c[1] + s * 1.05), colour(ME), 18, theme.PAPER)
    pill(app, surface, app.tr("howto.strength", n=2), (c[0] + s * 0.62, c[1] + s * 1.05), colour(YOU), 18, theme.PAPER)
    gx, gy = rect.right - 110, rect.y + 130
    art.draw_plaque(surface, app, (gx, gy), 34, 5, ring=colour(ME))
    art.draw_guard(surface, (gx + 38, gy + 30), 16, colour(ME), shape(app, ME))
    arrow(surface, (c[0] + s * 0.9, c[1] - s * 0.5), (gx - 50, gy + 10))
    pill(app, surface, app.tr("howto.ap", n=5), (gx, gy + 96), size=20)


def volcano(app, surface, rect) -> None:
    """The rulebook's scoring: temples 3 + 5 + 5 + 8 = 21, treasures 3 + 3 + 1 + 1 = 8: 29."""
    tile(app, surface, "B1", 0, (rect.x + 86, rect.y + 86), 62)
    x0, y = rect.x + 190, rect.y + 70
    for i, v in enumerate((3, 5, 5, 8)):
        art.draw_plaque(surface, app, (x0 + i * 66, y), 26, v, ring=colour(ME))
    blit_text(surface, app, "= 21", (x0 + 4 * 66 - 20, y), 30, theme.PAPER, bold=True, anchor="midleft")
    y = rect.y + 190
    groups = ((0, 2, 3), (3, 2, 3), (5, 1, 1), (6, 1, 1))
    x = rect.x + 40
    for kind, n, points in groups:
        for k in range(n):
            art.draw_treasure(surface, (x + 16 + k * 30, y), 15, kind)
        w = 32 + (n - 1) * 30
        if n > 1:
            pygame.draw.rect(surface, theme.PAPER, (x - 2, y - 22, w + 4, 44), 2, border_radius=18)
        blit_text(surface, app, str(points), (x + w / 2, y + 40), 22, theme.ACCENT, bold=True, anchor="center")
        x += w + 24
    blit_text(surface, app, "= 8", (x, y), 30, theme.PAPER, bold=True, anchor="midleft")
    pygame.draw.line(surface, theme.MUTED, (rect.x + 40, rect.y + 290), (rect.right - 40, rect.y + 290), 2)
    blit_text(surface, app, "21 + 8 = 29", (rect.centerx, rect.y + 340), 40, theme.PAPER, bold=True,
              anchor="center", shadow=True)
    pill(app, surface, app.trn("tikal.tally", 29), (rect.centerx, rect.y + 410), theme.ACCENT, 26)


def end(app, surface, rect) -> None:
    """The stack runs out (A…G, the volcanoes in B, D, F); the final scoring; the winner."""
    x0, y = rect.x + 50, rect.y + 80
    for i, letter in enumerate("ABCDEFG"):
        img = art.back_surface(app, letter, 30)
        cx = x0 + i * 72
        surface.blit(img, img.get_rect(center=(cx, y)))
        if letter in "BDF":
            tile(app, surface, "B1", 0, (cx, y + 70), 26, card=False)
    blit_text(surface, app, app.tr("tikal.banner_final"), (rect.centerx, rect.y + 210), 30, theme.ACCENT,
              bold=True, anchor="center", shadow=True)
    # a podium: three players, the winner on top
    base = rect.bottom - 60
    for seat, height, x in ((YOU, 70, rect.centerx - 120), (ME, 120, rect.centerx), (2, 45, rect.centerx + 120)):
        r = pygame.Rect(0, 0, 100, height)
        r.midbottom = (x, base)
        pygame.draw.rect(surface, (70, 86, 130), r, border_radius=6)
        pygame.draw.rect(surface, theme.INK, r, 2, border_radius=6)
        art.draw_figure(surface, (x, r.y - 22), 14, colour(seat), shape(app, seat), leader=seat == ME)


#: The game's how-to pages, in order (its ``GameClient.howto``).
PAGES = (
        Page("tikal", "goal", goal),
        Page("tikal", "turn", turn),
        Page("tikal", "act", rows=ACTIONS, row_picture=action_icon),
        Page("tikal", "moving", moving),
        Page("tikal", "majority", majority),
        Page("tikal", "volcano", volcano),
        Page("tikal", "end", end),
)
