"""The La Tortuga pages' pictures, declared as data (``game/howto/items.py``: both clients draw them)
and drawn in the window like the table draws them (its turtles, dice and egg cards, the sandy
spaces, the raft and the beach)."""
from __future__ import annotations

import math

import pygame

from engine.tortuga.analysis import BEACH_EGGS, MAX_SUM

from .. import theme
from ..howto import items as I
from ..howto.pages import Page
from ..howto.pictures import at, rgb
from .island import draw_card, turtle_surface
from .panel import draw_die

#: Keys the pictures print (the catalog test checks them).
KEYS = ("tortuga.beach", "tortuga.raft", "tortuga.over_seven", "tortuga.bust_big", "howto.decides")
SPACE = (190, 170, 130)
BEACH = (255, 236, 170)
#: A page's picture box (game/howto/items.py)
R = pygame.Rect(0, 0, I.PICTURE_W, I.PICTURE_H)


# --- La Tortuga's own items (the browser's: assets/web/games/tortuga/howto.js) ----------------------
def turtle(seat: int, center, second: bool = False, scale: float = 1.35, alpha: int | None = None) -> dict:
    """A seat's turtle (its second one striped), ``scale`` times the table's; ``alpha``: seen through."""
    out = {"k": "turtle", "seat": seat, "at": I.xy(center), "second": second, "scale": I.num(scale)}
    if alpha is not None:
        out["alpha"] = alpha
    return out


def die(rect, value: int, fill=theme.PAPER) -> dict:
    return {"k": "die", "box": [round(float(v), 2) for v in rect], "value": value, "fill": I.colour(fill)}


def card(rect, eggs: int | None, face_up: bool = True) -> dict:
    return {"k": "card", "box": [round(float(v), 2) for v in rect], "eggs": eggs, "face_up": face_up}


def space(center, number: int | None = None, beach: bool = False) -> list:
    """A sandy space of the track (the beach bigger), its number at its foot."""
    rad = 40 if beach else 28
    x, y = center
    out = [I.circle((x + 2, y + 4), rad, fill=(120, 100, 70)), I.circle((x, y), rad, fill=BEACH if beach else SPACE),
           I.circle((x, y), rad, stroke=(110, 90, 60), width=3)]
    if number is not None:
        out.append(I.text(str(number), (x, y + rad * 0.45), 15, (90, 70, 40), bold=True, anchor="center"))
    return out


def sea(rect) -> list:
    out = [I.box(rect, fill=theme.SEA, radius=12)]
    for i in range(18):
        x, y = rect.x + (i * 137) % rect.width, rect.y + (i * 71) % rect.height
        out.append(I.arc((x, y, 34, 12), 0.3, 2.8, (255, 255, 255), 2))
    return out


def _turtle(app, surface, rect, it) -> None:
    seat, second, scale = it["seat"], it["second"], it["scale"]
    shape = theme.player_shape(seat) if app.settings.shapes else "circle"

    def make():
        img = turtle_surface(theme.player_colour(seat), shape, second)
        return pygame.transform.smoothscale(img, (int(img.get_width() * scale), int(img.get_height() * scale)))
    img = app.assets.cached(("howto-turtle", seat, shape, second, scale), make)
    if "alpha" in it:
        img = img.copy()
        img.set_alpha(it["alpha"])
    surface.blit(img, img.get_rect(center=at(rect, it["at"])))


def _box(rect, it) -> pygame.Rect:
    x, y, w, h = it["box"]
    return pygame.Rect(round(rect.x + x), round(rect.y + y), round(w), round(h))


#: How the window draws each of La Tortuga's items.
PAINTERS = {
    "turtle": _turtle,
    "die": lambda app, surface, rect, it: draw_die(surface, _box(rect, it), it["value"], colour=rgb(it["fill"])),
    "card": lambda app, surface, rect, it: draw_card(surface, app, _box(rect, it), it["eggs"], face_up=it["face_up"]),
}


# --- the pages -----------------------------------------------------------------------------------
def goal(rect=R) -> list:
    """The island as the table shows it, smaller: 21 spaces counter-clockwise from the raft to the
    beach; a stack about to reach the beach and take the face-up card."""
    out = sea(rect)
    c = (rect.centerx, rect.centery + 10)
    rx, ry = 222, 168

    def pos(sp):
        a = math.radians(-65 + (sp - 1) * 15.5)
        return (c[0] + rx * math.cos(a), c[1] - ry * math.sin(a))
    out += [I.ellipse((c[0] - rx - 34, c[1] - ry - 34, 2 * rx + 68, 2 * ry + 68), theme.SAND),
            I.ellipse((c[0] - rx + 60, c[1] - ry + 50, 2 * rx - 120, 2 * ry - 100), theme.JUNGLE)]
    for sp in range(1, 22):
        x, y = pos(sp)
        beach = sp == 21
        rad = 24 if beach else 15
        out += [I.circle((x, y), rad, fill=BEACH if beach else SPACE),
                I.circle((x, y), rad, stroke=(110, 90, 60), width=2),
                I.text(str(sp), (x, y), 12 if not beach else 15, (90, 70, 40), bold=True, anchor="center")]
    raft = pygame.Rect(0, 0, 110, 26)
    raft.center = (c[0], c[1] + ry + 40)
    out += [I.box(raft, fill=(150, 104, 56), radius=8), I.box(raft, stroke=(90, 60, 30), width=2, radius=8),
            turtle(3, (raft.centerx - 20, raft.centery - 8), scale=0.9)]
    x, y = pos(18)
    out += [turtle(0, (x, y - 4), scale=0.9), turtle(4, (x, y - 20), scale=0.9)]
    bx, by = pos(21)
    out.append(I.arrow((x - 10, y + 26), (bx + 16, by + 22)))
    x, y = pos(9)
    out += [turtle(2, (x, y - 4), scale=0.9), card((bx - 20, by - 124, 50, 70), 5),
            I.text(I.key("tortuga.beach"), (bx + 40, by - 30), 18, theme.PAPER, bold=True, anchor="midleft",
                   shadow=True)]
    return out


def roll(rect=R) -> list:
    """1 die ×1, 2 dice ×2 the sum, 3 dice ×3 the sum; over 7: splash."""
    out = []
    y = rect.y + 40
    for dice, mult, steps in (([4], "×1", "4"), ([2, 3], "×2", "10"), ([1, 2, 3], "×3", "18")):
        out += [die((rect.x + 30 + i * 70, y, 60, 60), v) for i, v in enumerate(dice)]
        out += [I.text(mult, (rect.x + 262, y + 30), 30, theme.ACCENT, bold=True, anchor="midleft"),
                I.text("→ " + steps, (rect.x + 340, y + 30), 30, theme.PAPER, bold=True, anchor="midleft")]
        y += 96
    out += [die((rect.x + 30 + i * 70, y, 60, 60), v, fill=(255, 214, 190)) for i, v in enumerate((5, 4))]
    out.append(I.text(f"5 + 4 = 9 > {MAX_SUM}", (rect.x + 180, y + 30), 26, theme.BAD, bold=True, anchor="midleft"))
    y += 74
    return out + [I.pill(I.key("tortuga.bust_big"), (rect.x + 130, y + 40), theme.BAD, 26),
                  I.pill(I.key("tortuga.raft"), (rect.x + 350, y + 40), theme.PAPER, 22),
                  I.arrow((rect.x + 210, y + 40), (rect.x + 290, y + 40), theme.BAD)]


def ride(rect=R) -> list:
    """A stack: the middle turtle moves and carries the one on top (the top one's owner decides);
    the one below stays; they land on top of the turtle already on space 13."""
    out = sea(rect)
    a = (rect.x + 140, rect.y + 380)
    b = (rect.right - 130, rect.y + 300)
    dy = 30
    out += space(a, 7) + space(b, 13)
    out += [turtle(1, (a[0], a[1] - 4)),                 # stays below
            turtle(0, (a[0], a[1] - 4 - dy)),            # moves ...
            turtle(4, (a[0], a[1] - 4 - 2 * dy)),        # ... and carries the rider
            turtle(2, (b[0], b[1] - 4))]                 # already there
    # where the group lands, seen through
    out += [turtle(seat, (b[0], b[1] - 4 - (k + 1) * dy), alpha=140) for k, seat in enumerate((0, 4))]
    return out + [I.circle((a[0], a[1] - 4 - 2 * dy), 30, stroke=theme.ACCENT, width=3),
                  I.pill(I.key("howto.decides"), (a[0], a[1] - 2 * dy - 62), theme.ACCENT, 18, theme.PAPER),
                  I.arrow((a[0] + 40, a[1] - 40), (b[0] - 44, b[1] - 50)),
                  die((rect.x + 40, rect.y + 40, 56, 56), 1), die((rect.x + 106, rect.y + 40, 56, 56), 2),
                  I.text("×2 → 6", (rect.x + 180, rect.y + 68), 28, theme.PAPER, bold=True, anchor="midleft",
                         shadow=True)]


def beach(rect=R) -> list:
    """The face-up card goes to the top turtle's owner; after the last card the beach: 7 eggs."""
    out = sea(rect)
    b = (rect.x + 170, rect.y + 170)
    out += space(b, 21, beach=True)
    out += [turtle(3, (b[0], b[1] - 4)), turtle(0, (b[0], b[1] - 18))]
    out += [card((rect.right - 230 - k * 4, rect.y + 40 - k * 4, 70, 96), None, face_up=False) for k in range(3)]
    y = rect.bottom - 130
    return out + [card((rect.right - 140, rect.y + 36, 74, 104), 4),
                  I.arrow((rect.right - 150, rect.y + 120), (b[0] + 50, b[1] - 30)),
                  I.circle((rect.centerx, y), 58, fill=theme.ACCENT),
                  I.circle((rect.centerx, y), 58, stroke=theme.INK, width=4),
                  I.text(str(BEACH_EGGS), (rect.centerx, y - 4), 64, theme.INK, bold=True, anchor="center"),
                  I.text(I.key("tortuga.beach"), (rect.centerx, y + 78), 20, theme.PAPER, bold=True, anchor="center",
                         shadow=True)]


def options(rect=R) -> list:
    """Two turtles per player at 2–3 players (the second one striped); a card played as a die."""
    out = sea(rect)
    out += space((rect.x + 120, rect.y + 110), 4) + space((rect.x + 260, rect.y + 150), 9)
    y = rect.bottom - 170
    return out + [turtle(0, (rect.x + 120, rect.y + 106)), turtle(0, (rect.x + 260, rect.y + 146), second=True),
                  die((rect.x + 40, y, 66, 66), 3), card((rect.x + 122, y - 8, 58, 82), 2),
                  I.text("3 + 2 = 5", (rect.x + 200, y + 33), 28, theme.PAPER, bold=True, anchor="midleft",
                         shadow=True),
                  I.text("×2 → 10", (rect.x + 200, y + 90), 28, theme.ACCENT, bold=True, anchor="midleft",
                         shadow=True)]


#: The game's how-to pages, in order (its ``GameClient.howto``).
PAGES = (
        Page("tortuga", "goal", goal(), painters=PAINTERS),
        Page("tortuga", "roll", roll(), painters=PAINTERS),
        Page("tortuga", "ride", ride(), painters=PAINTERS),
        Page("tortuga", "beach", beach(), painters=PAINTERS),
        Page("tortuga", "options", options(), painters=PAINTERS),
)
