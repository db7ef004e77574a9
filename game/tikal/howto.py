"""The Tikal pages' pictures, declared as data (``game/howto/items.py``: both clients draw them) and
drawn in the window with the table's own art (``game.tikal.art``): tiles at their rotations with
their stones, figures, camps, guards, temple plaques and levels, treasure tokens, tile backs."""
from __future__ import annotations

import math

import pygame

from engine.tikal.analysis import ROTATED

from .. import theme
from ..howto import items as I
from ..howto.pages import Page
from ..howto.pictures import at, rgb
from . import art
from .geometry import SQRT3

#: The items of the actions page, in the order of the rulebook's reference card.
ACTIONS = ("enter", "transfer", "walk", "uncover", "dig", "exchange", "camp", "guard")
#: Keys the pictures print (the catalog test checks them).
KEYS = ("howto.ap", "howto.strength", "tikal.tally", "tikal.banner_final", "game.tikal")
ME, YOU = 0, 4   # the seats whose colours the pictures use (orange; blue)
#: A page's picture box, and a row's icon (game/howto/items.py)
R = pygame.Rect(0, 0, I.PICTURE_W, I.PICTURE_H)
ICON = pygame.Rect(0, 0, I.ICON_W, I.ICON_H)


def colour(seat: int):
    return theme.player_colour(seat)


def shape(app, seat: int) -> str:
    return theme.player_shape(seat) if app.settings.shapes else "circle"


def hex_center(c, size, q: int, r: int):
    """The pixel centre of axial hex (q, r) around ``c`` (flat-topped, as on the board)."""
    return (c[0] + 1.5 * size * q, c[1] + SQRT3 * size * (r + q / 2))


# --- Tikal's own items (the browser's: assets/web/games/tikal/howto.js) ----------------------------
def tile(tile_id: str, rotation: int, center, size: float, card: bool = True, alpha: int | None = None) -> dict:
    """A tile at its rotation, its hex ``size`` (centre to corner); ``card``: with what it brings
    printed on it (a temple's value, a treasure hex's tokens); ``alpha``: seen through."""
    out = {"k": "tile", "id": tile_id, "rot": rotation, "at": I.xy(center), "size": I.num(size), "card": card}
    if alpha is not None:
        out["alpha"] = alpha
    return out


def hexline(center, size: float, scale: float, col, width: int) -> dict:
    return {"k": "hexline", "at": I.xy(center), "size": I.num(size), "scale": I.num(scale), "colour": I.colour(col),
            "width": width}


def back(letter: str, center, size: float) -> dict:
    return {"k": "back", "letter": letter, "at": I.xy(center), "size": I.num(size)}


def figures(seat: int, center, workers: int, leader: bool = False, r: float = 9) -> dict:
    """A seat's figures side by side: its leader (crowned) first, then ``workers``."""
    return {"k": "figures", "seat": seat, "at": I.xy(center), "workers": workers, "leader": leader, "r": I.num(r)}


def figure(seat: int, center, r: float, leader: bool = False) -> dict:
    """One figure, the leader crowned."""
    return {"k": "figure", "seat": seat, "at": I.xy(center), "r": I.num(r), "leader": leader}


def tent(seat: int, center, size: float) -> dict:
    return {"k": "tent", "seat": seat, "at": I.xy(center), "size": I.num(size)}


def treasure(kind: int | None, center, r: float) -> dict:
    """A treasure token, face up (``kind`` 0-7) or face down (None)."""
    return {"k": "treasure", "kind": kind, "at": I.xy(center), "r": I.num(r)}


def plaque(value: int, center, r: float, ring: int | None = None) -> dict:
    return {"k": "plaque", "value": value, "at": I.xy(center), "r": I.num(r), "ring": ring}


def guard(seat: int, center, r: float) -> dict:
    return {"k": "guard", "seat": seat, "at": I.xy(center), "r": I.num(r)}


def level(value, center, w: float) -> dict:
    return {"k": "level", "value": value, "at": I.xy(center), "w": I.num(w)}


def stone(center) -> list:
    """A stone on a border (two circles: its shadow, the stone)."""
    x, y = center
    return [I.circle((x + 1, y + 1), 5, fill=art.STONE_DARK), I.circle((x, y), 5, fill=art.STONE)]


def _tile(app, surface, rect, it) -> None:
    img = (art.tile_card if it["card"] else art.tile_surface)(app, it["id"], it["rot"], it["size"])
    if "alpha" in it:
        img = img.copy()
        img.set_alpha(it["alpha"])
    surface.blit(img, img.get_rect(center=at(rect, it["at"])))


def _figures(app, surface, rect, it) -> None:
    seat, workers, r = it["seat"], it["workers"], it["r"]
    cx, cy = at(rect, it["at"])
    x = cx - (workers - 1) * r * 1.2 - (r * 1.6 if it["leader"] else 0)
    if it["leader"]:
        art.draw_figure(surface, (x, cy), r, colour(seat), shape(app, seat), leader=True)
        x += r * 3.0
    for i in range(workers):
        art.draw_figure(surface, (x + i * r * 2.4, cy), r, colour(seat), shape(app, seat))


def _back(app, surface, rect, it) -> None:
    img = art.back_surface(app, it["letter"], it["size"])
    surface.blit(img, img.get_rect(center=at(rect, it["at"])))


#: How the window draws each of Tikal's items.
PAINTERS = {
    "tile": _tile,
    "hexline": lambda app, surface, rect, it: pygame.draw.polygon(
        surface, rgb(it["colour"]), art.hex_points(at(rect, it["at"]), it["size"], it["scale"]), it["width"]),
    "back": _back,
    "figures": _figures,
    "figure": lambda app, surface, rect, it: art.draw_figure(surface, at(rect, it["at"]), it["r"], colour(it["seat"]),
                                                             shape(app, it["seat"]), leader=it["leader"]),
    "tent": lambda app, surface, rect, it: art.draw_tent(surface, at(rect, it["at"]), it["size"], colour(it["seat"]),
                                                         shape(app, it["seat"])),
    "treasure": lambda app, surface, rect, it: art.draw_treasure(surface, at(rect, it["at"]), it["r"], it["kind"]),
    "plaque": lambda app, surface, rect, it: art.draw_plaque(
        surface, app, at(rect, it["at"]), it["r"], it["value"],
        ring=None if it["ring"] is None else colour(it["ring"])),
    "guard": lambda app, surface, rect, it: art.draw_guard(surface, at(rect, it["at"]), it["r"], colour(it["seat"]),
                                                           shape(app, it["seat"])),
    "level": lambda app, surface, rect, it: art.draw_level_block(surface, app, at(rect, it["at"]), it["w"],
                                                                 it["value"]),
}


# --- the pages -----------------------------------------------------------------------------------
def goal(rect=R) -> list:
    """A corner of the jungle: the base camp, a temple with figures, a treasure hex, a camp."""
    s = 78
    c = (rect.centerx - 70, rect.centery + 10)
    out = [tile("P-base", 0, hex_center(c, s, 0, 1), s), tile("C1", 2, hex_center(c, s, 0, 0), s),
           tile("A2", 0, hex_center(c, s, 1, -1), s), tile("D4", 1, hex_center(c, s, 1, 0), s),
           tile("B6", 0, hex_center(c, s, 2, -1), s)]
    x, y = hex_center(c, s, 0, 0)
    out.append(figures(ME, (x, y + s * 0.42), 2, leader=True, r=10))
    x, y = hex_center(c, s, 1, 0)
    out += [tent(YOU, (x - s * 0.3, y - s * 0.2), s * 0.17), figures(YOU, (x + s * 0.2, y + s * 0.4), 1, r=10)]
    x, y = hex_center(c, s, 1, -1)
    out.append(treasure(3, (x + s * 0.55, y + s * 0.35), 13))
    return out


def turn(rect=R) -> list:
    """The drawn tile goes next to explored land, stones leading onto it; then 10 AP."""
    s = 70
    c = (rect.x + 150, rect.y + 210)
    spot = hex_center(c, s, 1, -1)
    bx, by = rect.right - 90, rect.y + 90
    out = [tile("P-jungle", 0, c, s), hexline(spot, s, 0.96, (255, 236, 120), 4), tile("E3", 1, spot, s, alpha=215),
           back("E", (bx, by), 52), I.arrow((bx - 50, by + 20), (spot[0] + s * 0.8, spot[1] - s * 0.1))]
    y0 = rect.bottom - 100      # 10 action points
    for i in range(10):
        x, y = rect.x + 70 + (i % 5) * 44, y0 + (i // 5) * 40
        out += [I.circle((x, y + 1), 17, fill=theme.INK), I.circle((x, y), 16, fill=theme.ACCENT),
                I.circle((x - 5, y - 5), 5, fill=theme.shade(theme.ACCENT, 1.4))]
    out.append(I.text(I.key("howto.ap", n=10), (rect.x + 320, y0 + 20), 34, theme.ACCENT, bold=True, anchor="midleft",
                      shadow=True))
    return out


def action_icon(item: str, rect=ICON) -> list:
    """One action's little picture (the actions page's rows)."""
    cx, cy = rect.center
    if item == "enter":
        return [tile("P-base", 0, (cx, cy), 30, card=False), figure(ME, (cx, cy + 4), 8)]
    if item == "transfer":
        return [tent(ME, (cx - 18, cy + 6), 9), tent(ME, (cx + 18, cy + 6), 9),
                I.arc((cx - 20, cy - 16, 40, 26), 0.3, math.pi - 0.3, theme.ACCENT, 3)]
    if item == "walk":
        out = [p for i in range(3) for p in stone((cx - 18 + i * 10, cy + 11))]
        return out + [figure(ME, (cx + 16, cy - 6), 8)]
    if item == "uncover":
        return [level(5, (cx, cy + 8), 34), level(6, (cx, cy - 10), 34)]
    if item == "dig":
        return [treasure(None, (cx - 10, cy + 6), 11), treasure(2, (cx + 12, cy - 4), 11)]
    if item == "exchange":
        return [treasure(0, (cx - 16, cy), 11), treasure(5, (cx + 16, cy), 11),
                I.line((cx - 4, cy - 8), (cx + 4, cy - 8), theme.ACCENT, 3),
                I.line((cx - 4, cy + 8), (cx + 4, cy + 8), theme.ACCENT, 3)]
    if item == "camp":
        return [tent(ME, (cx, cy + 4), 13)]
    if item == "guard":
        return [plaque(7, (cx - 12, cy), 14, ring=ME), guard(ME, (cx + 14, cy + 6), 8)]
    raise ValueError(f"no picture for the action {item!r}")


def moving(rect=R) -> list:
    """A border with 1 + 2 stones costs 3 AP; camps are shortcuts."""
    s = 80
    a = (rect.x + 150, rect.y + 130)
    b = hex_center(a, s, 1, 0)           # the south-east neighbour
    assert ROTATED["D4"][1][2] == 1 and ROTATED["C1"][2][5] == 2
    border = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    label = (border[0] + 60, rect.y + 26)
    out = [tile("D4", 1, a, s, card=False),      # 1 stone on its south-east edge
           tile("C1", 2, b, s, card=False),      # 2 stones on its north-west edge
           I.circle(border, 26, stroke=theme.ACCENT, width=3),
           # the label's line first, from under the pill to the border (the pill drawn over it)
           I.line((label[0], label[1] + 16), (border[0] + 8, border[1] - 26), theme.ACCENT, 3),
           I.pill(["1 + 2 = ", I.key("howto.ap", n=3)], label, size=22),
           figures(ME, (a[0] - s * 0.3, a[1] + s * 0.25), 1, r=11),
           I.arrow((a[0] - s * 0.12, a[1] + s * 0.2), (b[0] - s * 0.1, b[1] + s * 0.25))]
    # a camp: straight in from the supply, or camp to camp, for 1 AP
    base = (rect.x + 110, rect.bottom - 62)
    camp = (rect.right - 110, rect.bottom - 62)
    out += [tile("P-base", 0, base, 56, card=False), tile("E3", 0, camp, 56, card=False),
            tent(ME, (camp[0], camp[1] - 4), 13)]
    pts = [(base[0] + 40 + (camp[0] - base[0] - 80) * t / 20,
            base[1] - 30 - 50 * math.sin(math.pi * t / 20)) for t in range(21)]
    out += [I.line(pts[i], pts[i + 1], theme.ACCENT, 4) for i in range(0, 20, 2)]
    out.append(I.pill(I.key("howto.ap", n=1), ((base[0] + camp[0]) / 2, base[1] - 80), size=20))
    return out


def majority(rect=R) -> list:
    """Strength on a temple: a worker 1, the leader 3; the majority may place a guard."""
    s = 120
    c = (rect.x + 200, rect.centery - 20)
    gx, gy = rect.right - 110, rect.y + 130
    return [tile("D5", 0, c, s),
            figures(ME, (c[0] - s * 0.38, c[1] + s * 0.42), 0, leader=True, r=13),
            figures(YOU, (c[0] + s * 0.30, c[1] + s * 0.42), 2, r=13),
            I.pill(I.key("howto.strength", n=3), (c[0] - s * 0.62, c[1] + s * 1.05), colour(ME), 18, theme.PAPER),
            I.pill(I.key("howto.strength", n=2), (c[0] + s * 0.62, c[1] + s * 1.05), colour(YOU), 18, theme.PAPER),
            plaque(5, (gx, gy), 34, ring=ME), guard(ME, (gx + 38, gy + 30), 16),
            I.arrow((c[0] + s * 0.9, c[1] - s * 0.5), (gx - 50, gy + 10)),
            I.pill(I.key("howto.ap", n=5), (gx, gy + 96), size=20)]


def volcano(rect=R) -> list:
    """The rulebook's scoring: temples 3 + 5 + 5 + 8 = 21, treasures 3 + 3 + 1 + 1 = 8: 29."""
    out = [tile("B1", 0, (rect.x + 86, rect.y + 86), 62)]
    x0, y = rect.x + 190, rect.y + 70
    out += [plaque(v, (x0 + i * 66, y), 26, ring=ME) for i, v in enumerate((3, 5, 5, 8))]
    out.append(I.text("= 21", (x0 + 4 * 66 - 20, y), 30, theme.PAPER, bold=True, anchor="midleft"))
    y = rect.y + 190
    x = rect.x + 40
    for kind, n, points in ((0, 2, 3), (3, 2, 3), (5, 1, 1), (6, 1, 1)):
        out += [treasure(kind, (x + 16 + k * 30, y), 15) for k in range(n)]
        w = 32 + (n - 1) * 30
        if n > 1:
            out.append(I.box((x - 2, y - 22, w + 4, 44), stroke=theme.PAPER, width=2, radius=18))
        out.append(I.text(str(points), (x + w / 2, y + 40), 22, theme.ACCENT, bold=True, anchor="center"))
        x += w + 24
    out += [I.text("= 8", (x, y), 30, theme.PAPER, bold=True, anchor="midleft"),
            I.line((rect.x + 40, rect.y + 290), (rect.right - 40, rect.y + 290), theme.MUTED, 2),
            I.text("21 + 8 = 29", (rect.centerx, rect.y + 340), 40, theme.PAPER, bold=True, anchor="center",
                   shadow=True),
            I.pill(I.key("tikal.tally", plural=29), (rect.centerx, rect.y + 410), theme.ACCENT, 26)]
    return out


def end(rect=R) -> list:
    """The stack runs out (A…G, the volcanoes in B, D, F); the final scoring; the winner."""
    x0, y = rect.x + 50, rect.y + 80
    out = []
    for i, letter in enumerate("ABCDEFG"):
        cx = x0 + i * 72
        out.append(back(letter, (cx, y), 30))
        if letter in "BDF":
            out.append(tile("B1", 0, (cx, y + 70), 26, card=False))
    out.append(I.text(I.key("tikal.banner_final"), (rect.centerx, rect.y + 210), 30, theme.ACCENT, bold=True,
                      anchor="center", shadow=True))
    base = rect.bottom - 60             # a podium: three players, the winner on top
    for seat, height, x in ((YOU, 70, rect.centerx - 120), (ME, 120, rect.centerx), (2, 45, rect.centerx + 120)):
        r = pygame.Rect(0, 0, 100, height)
        r.midbottom = (x, base)
        out += [I.box(r, fill=(70, 86, 130), radius=6), I.box(r, stroke=theme.INK, width=2, radius=6),
                figure(seat, (x, r.y - 22), 14, leader=seat == ME)]
    return out


#: The game's how-to pages, in order (its ``GameClient.howto``); the turn page's words for a finger
#: (``body_touch``: the browser on a touch screen) say how a finger turns the tile.
PAGES = (
        Page("tikal", "goal", goal(), painters=PAINTERS),
        Page("tikal", "turn", turn(), painters=PAINTERS, touch=True),
        Page("tikal", "act", rows=ACTIONS, row_pictures={a: action_icon(a) for a in ACTIONS}, painters=PAINTERS),
        Page("tikal", "moving", moving(), painters=PAINTERS),
        Page("tikal", "majority", majority(), painters=PAINTERS),
        Page("tikal", "volcano", volcano(), painters=PAINTERS),
        Page("tikal", "end", end(), painters=PAINTERS),
)
