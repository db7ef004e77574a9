"""The score story: a line chart of every player's score through the game, drawn with pygame in
the game's style (a panel, each seat's line in its colour with its shape at every turn, the
game's scorings as marked columns, each kind in its colour and shape: ``GameClient.scorings``).
The results screens and the replay viewer show it; a click on a point picks that moment
(``pick(pos)`` -> its point).

Its data is a ``book.Story`` (``score_story``: the scores at the end of every turn, taken from
the updates of the game)."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..client import Scoring, Scorings
from ..widgets import blit_text, draw_panel, draw_tooltip, note_solid
from .book import Story


def mark_points(scoring: Scoring, x: int, top: int, half: int = 7, height: int = 11) -> list[tuple[int, int]]:
    """A scoring's mark pointing down at ``x`` from ``top``: a triangle or a diamond (its
    ``shape``), so two kinds differ in shape and not only in colour."""
    if scoring.shape == "triangle":
        return [(x - half, top), (x + half, top), (x, top + height)]
    mid = top + height // 2
    return [(x, top - 1), (x + half - 1, mid), (x, top + height + 1), (x - half + 1, mid)]


class ScoreChart:
    """``story`` the points; ``colour(seat)``, ``shape(seat)``, ``name(seat)`` how seats look;
    ``on_pick(point)`` is called with the clicked ``(turn, state, scores)``; ``current`` (a
    callable giving a turn, or None) draws where a replay stands; ``legend`` puts a column beside
    the plot that names each line (where nothing else on the screen says which line is whose);
    ``scorings`` the game's (how its marks look and are named)."""

    PAD_L, PAD_R, PAD_T, PAD_B = 44, 14, 30, 30
    LEGEND_W = 210

    def __init__(self, app, rect, story: Story, colour, shape, name, on_pick=None, current=None,
                 title_key: str = "chart.title", legend: bool = False, scorings: Scorings = Scorings()):
        self.app = app
        self.scorings = scorings
        self.legend = legend
        self.rect = pygame.Rect(rect)
        self.story = story
        self.colour, self.shape, self.name = colour, shape, name
        self.on_pick = on_pick
        self.current = current
        self.title_key = title_key
        self.hover: tuple | None = None     # the point under the pointer
        self._cache: pygame.Surface | None = None
        self._cache_key: tuple | None = None

    # --- geometry --------------------------------------------------------------------------------
    @property
    def plot(self) -> pygame.Rect:
        r = self.rect
        right = self.PAD_R + (self.LEGEND_W if self.legend else 0)
        return pygame.Rect(r.x + self.PAD_L, r.y + self.PAD_T, r.width - self.PAD_L - right,
                           r.height - self.PAD_T - self.PAD_B)

    def top(self) -> int:
        """The y axis' top: the highest score rounded up to a step of the grid."""
        step = self.grid_step()
        return max(step, math.ceil(self.story.max_score() / step) * step)

    def grid_step(self) -> int:
        m = self.story.max_score()
        for step in (1, 2, 5, 10, 20, 25, 50, 100):
            if m / step <= 6:
                return step
        return 200

    def xy(self, turn: float, score: float) -> tuple[int, int]:
        p = self.plot
        turns = max(1, self.story.turns())
        return (round(p.x + p.width * turn / turns), round(p.bottom - p.height * score / self.top()))

    def point_at(self, pos) -> tuple | None:
        """The point whose column is nearest ``pos`` (within the plot, 14 px at most)."""
        if not self.rect.collidepoint(pos) or not self.story.points:
            return None
        best, dist = None, 15.0
        for pt in self.story.points:
            x, _ = self.xy(pt[0], 0)
            ys = [self.xy(pt[0], s)[1] for s in pt[2]] or [self.plot.bottom]
            d = abs(x - pos[0]) + (0 if min(ys) - 14 <= pos[1] <= max(ys) + 14 else 6)
            if d < dist:
                best, dist = pt, d
        return best

    # --- input ------------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.point_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            pt = self.point_at(event.pos)
            if pt is not None and self.on_pick is not None:
                self.on_pick(pt)
            return True
        return False

    # --- drawing ----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        key = (self.rect.size, id(self.story), len(self.story.points), self.app.catalog.language,
               self.app.settings.shapes, tuple(self.colour(s) for s in range(self.story.seats)))
        if self.app.fitcheck is not None:     # a test looks at where the text goes: on the screen
            self._draw_static(surface, (0, 0))
        else:
            if self._cache is None or self._cache_key != key:
                self._cache = pygame.Surface(self.rect.size, pygame.SRCALPHA)
                self._draw_static(self._cache, self.rect.topleft)
                self._cache_key = key
            surface.blit(self._cache, self.rect.topleft)
        note_solid(self.app, self.plot, "chart")
        if self.current is not None:
            t = self.current()
            if t is not None:
                x, _ = self.xy(t, 0)
                pygame.draw.line(surface, theme.PAPER, (x, self.plot.y - 4), (x, self.plot.bottom), 2)
        if self.hover is not None:
            turn, _, scores = self.hover
            x, y = self.xy(turn, max(scores) if scores else 0)
            pygame.draw.circle(surface, theme.PAPER, (x, y), 9, 2)
            order = sorted(range(len(scores)), key=lambda s: -scores[s])
            text = self.app.tr("chart.turn", n=turn) + " · " + ", ".join(
                f"{self.name(s)} {scores[s]}" for s in order)
            draw_tooltip(surface, self.app, text, (x, y - 12))

    def _draw_static(self, surf, origin) -> None:
        """Everything that stays, drawn on ``surf`` whose (0, 0) is ``origin`` of the screen (a
        cached surface, or the screen itself while a fit check looks)."""
        app, story = self.app, self.story
        ox, oy = origin
        local = self.rect.move(-ox, -oy)
        draw_panel(surf, local, fill=(24, 34, 62), edge=(96, 120, 180), radius=12, shadow=False, alpha=248)
        p = self.plot.move(-ox, -oy)
        blit_text(surf, app, app.tr(self.title_key), (local.x + 12, local.y + 6), 16, theme.ACCENT, bold=True,
                  box=pygame.Rect(local.x + 8, local.y + 2, local.width // 2, 24))
        # the scorings: a band at the turn each began in
        for turn, _, kind in story.marks:
            x = self.xy(turn, 0)[0] - ox
            scoring = self.scorings.of(kind)
            band = pygame.Surface((10, p.height), pygame.SRCALPHA)
            band.fill((*scoring.colour, 60))
            surf.blit(band, (x - 5, p.y))
            pygame.draw.polygon(surf, scoring.colour, mark_points(scoring, x, p.y - 2))
        # the grid and the axes
        step, top = self.grid_step(), self.top()
        for v in range(0, top + 1, step):
            y = self.xy(0, v)[1] - oy
            pygame.draw.line(surf, (52, 66, 104), (p.x, y), (p.right, y), 1)
            blit_text(surf, app, str(v), (p.x - 6, y), 13, theme.MUTED, anchor="midright",
                      box=pygame.Rect(local.x + 2, y - 9, p.x - local.x - 4, 18))
        turns = story.turns()
        tstep = max(1, math.ceil(turns / 10 / 5) * 5) if turns > 10 else 1
        label_w = app.assets.font(12).size(app.tr("chart.turns"))[0] + 24
        for t in range(0, turns + 1, tstep):
            x = self.xy(t, 0)[0] - ox
            pygame.draw.line(surf, (70, 86, 130), (x, p.bottom), (x, p.bottom + 4), 1)
            if x + 16 > p.right - label_w:     # the axis' name stands there
                continue
            blit_text(surf, app, str(t), (x, p.bottom + 6), 12, theme.MUTED, anchor="midtop",
                      box=pygame.Rect(x - 16, p.bottom + 4, 32, 16))
        blit_text(surf, app, app.tr("chart.turns"), (p.right, local.bottom - 3), 12, theme.MUTED,
                  anchor="bottomright", box=pygame.Rect(p.right - 120, p.bottom + 4, 120, local.bottom - p.bottom - 4))
        pygame.draw.line(surf, theme.MUTED, (p.x, p.y), (p.x, p.bottom), 2)
        pygame.draw.line(surf, theme.MUTED, (p.x, p.bottom), (p.right, p.bottom), 2)
        # a line per seat, its shape at every point (every few when they crowd)
        every = max(1, math.ceil(len(story.points) * 14 / max(1, p.width)))
        for seat in range(story.seats):
            pts = [(x - ox, y - oy) for x, y in (self.xy(t, s[seat]) for t, _, s in story.points if seat < len(s))]
            col = self.colour(seat)
            if len(pts) >= 2:
                pygame.draw.lines(surf, theme.shade(col, 0.45), False, [(x + 1, y + 2) for x, y in pts], 4)
                pygame.draw.lines(surf, col, False, pts, 3)
            for i, pt in enumerate(pts):
                if i % every == 0 or i == len(pts) - 1:
                    theme.draw_shape(surf, self.shape(seat), pt, 5, col)
        if self.legend:
            self._draw_names(surf, p, local)
        # the legend: the marks of the scorings, top right
        x = local.right - 12
        for scoring in reversed(self.scorings.kinds):
            if not any(k == scoring.kind for _, _, k in story.marks):
                continue
            r = blit_text(surf, app, app.tr(scoring.label), (x, local.y + 7), 13, theme.MUTED, anchor="topright",
                          box=pygame.Rect(local.centerx, local.y + 2, x - local.centerx, 22))
            pygame.draw.polygon(surf, scoring.colour, mark_points(scoring, r.x - 10, r.y + 3, 6, 10))
            x = r.x - 24

    def _draw_names(self, surf, p, local) -> None:
        """Whose line is whose: each seat's mark and name beside the plot, the highest final score
        first (as the lines end), with that score."""
        app, story = self.app, self.story
        final = story.points[-1][2] if story.points else []
        seats = sorted(range(story.seats), key=lambda s: (-(final[s] if s < len(final) else 0), s))
        x0, right = p.right + 18, local.right - 10
        for k, seat in enumerate(seats):
            y = p.y + 4 + k * 30
            theme.draw_shape(surf, self.shape(seat), (x0 + 8, y + 11), 7, self.colour(seat))
            score = str(final[seat]) if seat < len(final) else ""
            r = blit_text(surf, app, score, (right, y + 11), 15, theme.PAPER, bold=True, anchor="midright",
                          box=pygame.Rect(right - 44, y, 44, 22))
            blit_text(surf, app, self.name(seat), (x0 + 22, y + 11), 15, theme.PAPER, bold=True,
                      anchor="midleft", box=pygame.Rect(x0 + 20, y, r.x - x0 - 26, 22), min_size=11)
