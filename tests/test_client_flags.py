"""The holder's flag on a temple reads at a glance, and not by colour alone: seen as a deuteranope
sees it (simulated with Machado, Oliveira & Fernandes 2009, full severity, in linear RGB), every two
seats' flags have different outlines over a good part of their area, and the holder's mark is big
enough to read (it was a ~3 px shape inside a pennant of the same outline for every seat)."""
import itertools

import pygame

from game import theme
from game.tikal import art

#: Machado et al. (2009) deuteranopia, severity 1.0 (linear RGB).
DEUTAN = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
BOARD = (58, 112, 70)       # a jungle tile's green under the flag
H = 17                      # the flag's height on a table of the default size (0.3 hex sizes)


def linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    return round(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


def deutan(rgb) -> tuple:
    lin = [linear(v) for v in rgb[:3]]
    return tuple(srgb(sum(m * v for m, v in zip(row, lin))) for row in DEUTAN)


def flag_pixels(seat: int) -> dict:
    """The flag of ``seat`` (default colour and shape) as a deuteranope sees it: {(x, y): rgb}."""
    surf = pygame.Surface((60, 60))
    surf.fill(BOARD)
    art.draw_flag(surf, (40, 50), H, theme.player_colour(seat), theme.player_shape(seat))
    seen = {}
    cache = {}
    for y in range(60):
        for x in range(60):
            c = tuple(surf.get_at((x, y)))[:3]
            if c not in cache:
                cache[c] = deutan(c)
            seen[(x, y)] = cache[c]
    return seen


def differ(a, b) -> bool:
    return max(abs(p - q) for p, q in zip(a, b)) > 40


def silhouette(seen: dict) -> set:
    """The pixels where the flag stands out from the board, to that eye."""
    background = deutan(BOARD)
    return {p for p, c in seen.items() if differ(c, background)}


def test_every_two_holders_flags_differ_in_outline_to_a_deuteranope():
    shapes = {seat: silhouette(flag_pixels(seat)) for seat in range(len(theme.SHAPES))}
    for s, t in itertools.combinations(shapes, 2):
        a, b = shapes[s], shapes[t]
        assert len(a ^ b) >= 0.12 * len(a | b), (s, t, len(a ^ b), len(a | b))


def test_the_holders_mark_is_big_enough_to_read():
    for seat in range(len(theme.SHAPES)):
        seen = flag_pixels(seat)
        mark = {p for p in silhouette(seen) if p[0] < 38}       # left of the pole: the mark
        xs, ys = [x for x, _ in mark], [y for _, y in mark]
        assert max(xs) - min(xs) >= 16 and max(ys) - min(ys) >= 14, (seat, theme.SHAPES[seat])


def test_every_seats_mark_stands_out_on_the_dark_panels():
    """The black seat's mark (dark grey with a dark outline) all but vanished on the players' rows,
    the lobby and the results: each mark, drawn on the panels' colour, differs from it by its fill
    or by its outline, measured on the drawn pixels."""
    bg = theme.PANEL
    for seat, colour in enumerate(theme.PLAYER_COLOURS):
        surf = pygame.Surface((40, 40))
        surf.fill(bg)
        theme.draw_shape(surf, theme.player_shape(seat), (20, 20), 12, colour)
        drawn = {tuple(surf.get_at((x, y)))[:3] for x in range(40) for y in range(40)} - {tuple(bg)}
        best = max(abs(theme.luminance(c) - theme.luminance(bg)) for c in drawn)
        assert best >= 35, (seat, colour, best)
