"""The window's icon drawn from Tikal's art: a temple tile with a player's figure, crowned as a
leader (``game/games.py`` makes it the window's ``ICON``; ``game/icon.py`` writes its files)."""
from __future__ import annotations

import pygame

from .. import theme
from . import art


def draw_icon(size: int = 256) -> pygame.Surface:
    """The icon at ``size`` × ``size`` pixels (transparent around the tile)."""
    big = 512                                                    # drawn large, then scaled:
    surf = pygame.Surface((big, big), pygame.SRCALPHA)           # the same look at every size
    tile = art._make_tile("A1", 0, big * 0.5)
    tile = pygame.transform.smoothscale(tile, (big, round(tile.get_height() * big / tile.get_width())))
    surf.blit(tile, (0, (big - tile.get_height()) // 2))
    art.draw_figure(surf, (big * 0.72, big * 0.68), big * 0.085, theme.PLAYER_COLOURS[0],
                    theme.player_shape(0), leader=True)
    return surf if size == big else pygame.transform.smoothscale(surf, (size, size))
