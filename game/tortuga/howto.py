"""Pictures of the La Tortuga pages, drawn like the table draws them (its turtles, dice and egg
cards, the sandy spaces, the raft and the beach)."""
from __future__ import annotations

import math

import pygame

from engine.tortuga.analysis import BEACH_EGGS, MAX_SUM

from .. import theme
from ..howto.pages import Page
from ..howto.pictures import arrow, pill
from ..widgets import blit_text
from .island import draw_card, turtle_surface
from .panel import draw_die

#: Keys the pictures print (the catalog test checks them).
KEYS = ("tortuga.beach", "tortuga.raft", "tortuga.over_seven", "tortuga.bust_big", "howto.decides")
SPACE = (190, 170, 130)
BEACH = (255, 236, 170)


def turtle(app, surface, seat: int, center, second: bool = False, scale: float = 1.35) -> None:
    shape = theme.player_shape(seat) if app.settings.shapes else "circle"

    def make():
        img = turtle_surface(theme.player_colour(seat), shape, second)
        return pygame.transform.smoothscale(img, (int(img.get_width() * scale), int(img.get_height() * scale)))
    img = app.assets.cached(("howto-turtle", seat, shape, second, scale), make)
    surface.blit(img, img.get_rect(center=center))


def space(app, surface, center, number: int | None = None, beach: bool = False) -> None:
    rad = 40 if beach else 28
    x, y = center
    pygame.draw.circle(surface, (120, 100, 70), (x + 2, y + 4), rad)
    pygame.draw.circle(surface, BEACH if beach else SPACE, (x, y), rad)
    pygame.draw.circle(surface, (110, 90, 60), (x, y), rad, 3)
    if number is not None:
        blit_text(surface, app, str(number), (x, y + rad * 0.45), 15, (90, 70, 40), bold=True, anchor="center")


def sea(surface, rect) -> None:
    pygame.draw.rect(surface, theme.SEA, rect, border_radius=12)
    for i in range(18):
        x, y = rect.x + (i * 137) % rect.width, rect.y + (i * 71) % rect.height
        pygame.draw.arc(surface, (255, 255, 255), (x, y, 34, 12), 0.3, 2.8, 2)


# --- the pages -----------------------------------------------------------------------------------
def goal(app, surface, rect) -> None:
    """The island as the table shows it, smaller: 21 spaces counter-clockwise from the raft to the
    beach; a stack about to reach the beach and take the face-up card."""
    sea(surface, rect)
    c = (rect.centerx, rect.centery + 10)
    rx, ry = 222, 168

    def pos(sp):
        a = math.radians(-65 + (sp - 1) * 15.5)
        return (c[0] + rx * math.cos(a), c[1] - ry * math.sin(a))
    pygame.draw.ellipse(surface, theme.SAND, (c[0] - rx - 34, c[1] - ry - 34, 2 * rx + 68, 2 * ry + 68))
    pygame.draw.ellipse(surface, theme.JUNGLE, (c[0] - rx + 60, c[1] - ry + 50, 2 * rx - 120, 2 * ry - 100))
    for sp in range(1, 22):
        x, y = pos(sp)
        beach = sp == 21
        rad = 24 if beach else 15
        pygame.draw.circle(surface, BEACH if beach else SPACE, (x, y), rad)
        pygame.draw.circle(surface, (110, 90, 60), (x, y), rad, 2)
        blit_text(surface, app, str(sp), (x, y), 12 if not beach else 15, (90, 70, 40), bold=True, anchor="center")
    raft = pygame.Rect(0, 0, 110, 26)
    raft.center = (c[0], c[1] + ry + 40)
    pygame.draw.rect(surface, (150, 104, 56), raft, border_radius=8)
    pygame.draw.rect(surface, (90, 60, 30), raft, 2, border_radius=8)
    turtle(app, surface, 3, (raft.centerx - 20, raft.centery - 8), scale=0.9)
    x, y = pos(18)
    turtle(app, surface, 0, (x, y - 4), scale=0.9)
    turtle(app, surface, 4, (x, y - 20), scale=0.9)
    bx, by = pos(21)
    arrow(surface, (x - 10, y + 26), (bx + 16, by + 22))
    x, y = pos(9)
    turtle(app, surface, 2, (x, y - 4), scale=0.9)
    draw_card(surface, app, (bx - 20, by - 124, 50, 70), 5)
    blit_text(surface, app, app.tr("tortuga.beach"), (bx + 40, by - 30), 18, theme.PAPER, bold=True,
              anchor="midleft", shadow=True)


def roll(app, surface, rect) -> None:
    """1 die ×1, 2 dice ×2 the sum, 3 dice ×3 the sum; over 7: splash."""
    rows = (([4], "×1", "4"), ([2, 3], "×2", "10"), ([1, 2, 3], "×3", "18"))
    y = rect.y + 40
    for dice, mult, steps in rows:
        for i, v in enumerate(dice):
            draw_die(surface, (rect.x + 30 + i * 70, y, 60, 60), v)
        blit_text(surface, app, mult, (rect.x + 262, y + 30), 30, theme.ACCENT, bold=True, anchor="midleft")
        blit_text(surface, app, "→ " + steps, (rect.x + 340, y + 30), 30, theme.PAPER, bold=True, anchor="midleft")
        y += 96
    for i, v in enumerate((5, 4)):
        draw_die(surface, (rect.x + 30 + i * 70, y, 60, 60), v, colour=(255, 214, 190))
    blit_text(surface, app, f"5 + 4 = 9 > {MAX_SUM}", (rect.x + 180, y + 30), 26, theme.BAD, bold=True,
              anchor="midleft")
    y += 74
    pill(app, surface, app.tr("tortuga.bust_big"), (rect.x + 130, y + 40), theme.BAD, 26)
    pill(app, surface, app.tr("tortuga.raft"), (rect.x + 350, y + 40), theme.PAPER, 22)
    arrow(surface, (rect.x + 210, y + 40), (rect.x + 290, y + 40), theme.BAD)


def ride(app, surface, rect) -> None:
    """A stack: the middle turtle moves and carries the one on top (the top one's owner decides);
    the one below stays; they land on top of the turtle already on space 13."""
    sea(surface, rect)
    a = (rect.x + 140, rect.y + 380)
    b = (rect.right - 130, rect.y + 300)
    space(app, surface, a, 7)
    space(app, surface, b, 13)
    dy = 30
    turtle(app, surface, 1, (a[0], a[1] - 4))                # stays below
    turtle(app, surface, 0, (a[0], a[1] - 4 - dy))           # moves ...
    turtle(app, surface, 4, (a[0], a[1] - 4 - 2 * dy))      # ... and carries the rider
    turtle(app, surface, 2, (b[0], b[1] - 4))                # already there
    for k, seat in enumerate((0, 4)):                        # where the group lands: on top of it
        ghost = pygame.Surface(rect.size, pygame.SRCALPHA)
        turtle(app, ghost, seat, (b[0] - rect.x, b[1] - 4 - (k + 1) * dy - rect.y))
        ghost.set_alpha(140)
        surface.blit(ghost, rect.topleft)
    pygame.draw.circle(surface, theme.ACCENT, (a[0], a[1] - 4 - 2 * dy), 30, 3)
    pill(app, surface, app.tr("howto.decides"), (a[0], a[1] - 2 * dy - 62), theme.ACCENT, 18, theme.PAPER)
    arrow(surface, (a[0] + 40, a[1] - 40), (b[0] - 44, b[1] - 50))
    draw_die(surface, (rect.x + 40, rect.y + 40, 56, 56), 1)
    draw_die(surface, (rect.x + 106, rect.y + 40, 56, 56), 2)
    blit_text(surface, app, "×2 → 6", (rect.x + 180, rect.y + 68), 28, theme.PAPER, bold=True, anchor="midleft",
              shadow=True)


def beach(app, surface, rect) -> None:
    """The face-up card goes to the top turtle's owner; after the last card the beach: 7 eggs."""
    sea(surface, rect)
    b = (rect.x + 170, rect.y + 170)
    space(app, surface, b, 21, beach=True)
    turtle(app, surface, 3, (b[0], b[1] - 4))
    turtle(app, surface, 0, (b[0], b[1] - 18))
    for k in range(3):
        draw_card(surface, app, (rect.right - 230 - k * 4, rect.y + 40 - k * 4, 70, 96), None, face_up=False)
    draw_card(surface, app, (rect.right - 140, rect.y + 36, 74, 104), 4)
    arrow(surface, (rect.right - 150, rect.y + 120), (b[0] + 50, b[1] - 30))
    y = rect.bottom - 130
    pygame.draw.circle(surface, theme.ACCENT, (rect.centerx, y), 58)
    pygame.draw.circle(surface, theme.INK, (rect.centerx, y), 58, 4)
    blit_text(surface, app, str(BEACH_EGGS), (rect.centerx, y - 4), 64, theme.INK, bold=True, anchor="center")
    blit_text(surface, app, app.tr("tortuga.beach"), (rect.centerx, y + 78), 20, theme.PAPER, bold=True,
              anchor="center", shadow=True)


def options(app, surface, rect) -> None:
    """Two turtles per player at 2–3 players (the second one striped); a card played as a die."""
    sea(surface, rect)
    space(app, surface, (rect.x + 120, rect.y + 110), 4)
    space(app, surface, (rect.x + 260, rect.y + 150), 9)
    turtle(app, surface, 0, (rect.x + 120, rect.y + 106))
    turtle(app, surface, 0, (rect.x + 260, rect.y + 146), second=True)
    y = rect.bottom - 170
    draw_die(surface, (rect.x + 40, y, 66, 66), 3)
    draw_card(surface, app, (rect.x + 122, y - 8, 58, 82), 2)
    blit_text(surface, app, "3 + 2 = 5", (rect.x + 200, y + 33), 28, theme.PAPER, bold=True, anchor="midleft",
              shadow=True)
    blit_text(surface, app, "×2 → 10", (rect.x + 200, y + 90), 28, theme.ACCENT, bold=True, anchor="midleft",
              shadow=True)


#: The game's how-to pages, in order (its ``GameClient.howto``).
PAGES = (
        Page("tortuga", "goal", goal),
        Page("tortuga", "roll", roll),
        Page("tortuga", "ride", ride),
        Page("tortuga", "beach", beach),
        Page("tortuga", "options", options),
)
