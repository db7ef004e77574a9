"""Results: final scores with each seat's breakdown, the winners, and a rematch."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..app import Scene
from ..tween import Tween
from ..widgets import Button, blit_text, draw_panel
from .common import background, heading, seat_colour

#: game -> fn(app, view, seat) -> list of breakdown strings. The Tikal table registers its own.
BREAKDOWNS: dict = {}


def tortuga_breakdown(app, view, seat):
    cards = view.get("held", {}).get(str(seat), [])
    parts = [app.tr("results.cards", cards=" + ".join(map(str, cards)) or "—")]
    if view.get("beach") == seat:
        parts.append(app.tr("results.beach"))
    parts.append(app.trn("results.card_count", len(cards) + (1 if view.get("beach") == seat else 0)))
    return parts


BREAKDOWNS["tortuga"] = tortuga_breakdown


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, bridge):
        super().__init__(app)
        self.bridge = bridge
        tm = bridge.table
        view = tm.view or {}
        self.scores = list(tm.scores or view.get("scores") or [0] * tm.seats)
        self.winners = list(tm.winners or view.get("winners") or [])
        self.shown_scores = {"s%d" % i: 0.0 for i in range(len(self.scores))}
        for i, s in enumerate(self.scores):  # the scores count up
            self.timeline.play(Tween(self.shown_scores, 0.9, "out_cubic", **{"s%d" % i: float(s)}), parallel=True)
        self.widgets.add(Button(app, (440, 630, 190, 56), "results.rematch", self.rematch, key=pygame.K_r,
                                style="primary", tooltip="results.rematch_tip"))
        self.widgets.add(Button(app, (650, 630, 190, 56), "results.lobby", self.to_lobby, key=pygame.K_ESCAPE,
                                tooltip="results.lobby_tip"))

    def on_enter(self):
        self.app.play_sound("chime")

    def rematch(self):
        tm = self.bridge.table
        opts = dict(tm.options or {})
        if not opts and tm.view:
            opts = ({"variant": tm.view.get("variant", "base")} if tm.game == "tikal"
                    else {"cards_as_dice": bool(tm.view.get("cards_as_dice"))})
        bots = [(i, p.get("level")) for i, p in enumerate(tm.players)
                if isinstance(p, dict) and p.get("kind") == "bot" and p.get("level")]
        self.bridge.rematch(tm.game, tm.seats, opts, bots)
        self.to_lobby()

    def to_lobby(self):
        from .lobby import LobbyScene

        self.app.show(LobbyScene(self.app, self.bridge))

    def draw_scene(self, surface):
        app, tm = self.app, self.bridge.table
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("results.title"))
        names = ", ".join(tm.name(s) for s in self.winners)
        blit_text(surface, app, self.tr("results.winners", names=names or "—"), (640, 100), 26, theme.PAPER,
                  bold=True, anchor="center", shadow=True)
        order = sorted(range(len(self.scores)), key=lambda s: (s not in self.winners, -self.scores[s]))
        breakdown = BREAKDOWNS.get(tm.game)
        draw_panel(surface, (170, 140, 940, 470))
        for rank, seat in enumerate(order[:7]):
            r = pygame.Rect(190, 156 + rank * 64, 900, 56)
            win = seat in self.winners
            pygame.draw.rect(surface, (70, 74, 40) if win else (46, 60, 102), r, border_radius=12)
            if win:
                pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=12)
                bob = 3 * math.sin(app.time * 4 + rank)
                theme.draw_shape(surface, "star", (r.right - 34, r.centery + bob), 16, theme.ACCENT)
            shape = theme.player_shape(seat) if app.settings.shapes else "circle"
            theme.draw_shape(surface, shape, (r.x + 30, r.centery), 15, seat_colour(tm, seat))
            blit_text(surface, app, tm.name(seat), (r.x + 60, r.y + 6), 22, theme.PAPER, bold=True)
            if breakdown and tm.view:
                blit_text(surface, app, " · ".join(breakdown(app, tm.view, seat)), (r.x + 60, r.y + 33), 15, theme.MUTED)
            blit_text(surface, app, str(int(round(self.shown_scores["s%d" % seat]))), (r.right - 90, r.centery), 32,
                      theme.ACCENT if win else theme.PAPER, bold=True, anchor="midright")
