"""Where everything sits on the 1280×720 canvas of the Tikal table."""
from __future__ import annotations

import pygame

from .geometry import Layout

BOARD_RECT = (10, 58, 736, 560)
BOARD = Layout.fit(BOARD_RECT)
COLUMN_X, COLUMN_W = 754, 192
TILE_BOX = pygame.Rect(COLUMN_X, 58, COLUMN_W, 222)
TILE_CENTER = (TILE_BOX.centerx, TILE_BOX.y + 84)
TILE_SIZE = 48
#: The middle box (what to do now; the auction's revealed tiles) and the lower box (our supply;
#: the auction's bidding, which needs more room) of the base game and of the auction.
BOXES = {False: (pygame.Rect(COLUMN_X, 288, COLUMN_W, 204), pygame.Rect(COLUMN_X, 500, COLUMN_W, 118)),
         True: (pygame.Rect(COLUMN_X, 288, COLUMN_W, 176), pygame.Rect(COLUMN_X, 472, COLUMN_W, 146))}


def middle_box(auction: bool) -> pygame.Rect:
    return BOXES[bool(auction)][0]


def lower_box(auction: bool) -> pygame.Rect:
    return BOXES[bool(auction)][1]
BAR = pygame.Rect(10, 626, 936, 88)
#: The board's zoom buttons (⊖ and ⊕): in the top line, between the prompt and the tile column.
ZOOM_OUT, ZOOM_IN = (678, 10, 32, 38), (714, 10, 32, 38)
PANEL_X, PANEL_W = 954, 318
ROW_H, ROW_GAP, ROW_Y = 84, 5, 8
LEVELS_BOX_H = 78
LOG_PAD = 6


def row_rect(seat: int) -> pygame.Rect:
    return pygame.Rect(PANEL_X, ROW_Y + seat * (ROW_H + ROW_GAP), PANEL_W, ROW_H)


def levels_rect(seats: int) -> pygame.Rect:
    return pygame.Rect(PANEL_X, ROW_Y + seats * (ROW_H + ROW_GAP) + 2, PANEL_W, LEVELS_BOX_H)


def log_rect(seats: int) -> pygame.Rect:
    top = levels_rect(seats).bottom + LOG_PAD
    return pygame.Rect(PANEL_X, top, PANEL_W, 712 - top)


REVEALED_SIZE = 38


def revealed_slot(i: int) -> tuple[float, float]:
    """Centre of the i-th revealed tile (auction) in the middle box: two rows of two."""
    box = middle_box(True)
    return (box.x + 50 + 92 * (i % 2), box.y + 67 + 68 * (i // 2))
