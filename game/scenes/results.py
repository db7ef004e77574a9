"""Results: final scores with each seat's breakdown, the winners, a look at the final board, and
a rematch. A game may add columns (``COLUMNS``): Tikal shows the points of every scoring round."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..app import Scene
from ..tween import Tween
from ..widgets import Button, Tip, blit_text, draw_panel, fit_tagged
from .common import background, heading, seat_colour
from .standings import summary_line

#: game -> fn(app, view, seat) -> list of breakdown strings. The Tikal table registers its own.
BREAKDOWNS: dict = {}
#: game -> fn(app, view) -> [(header, [cell text per seat], [tooltip per seat])]: the columns
#: between the name and the score (Tikal: each scoring round). The Tikal table registers its own.
COLUMNS: dict = {}
#: game -> (label, tooltip, allowed(bridge), open(app, bridge)): one more button under the results
#: (Tikal: "Review my game", game/tikal/review.py).
EXTRA: dict = {}


def tortuga_breakdown(app, view, seat):
    cards = view.get("held", {}).get(str(seat), [])
    parts = [app.tr("results.cards", cards=" + ".join(map(str, cards)) or "—")]
    if view.get("beach") == seat:
        parts.append(app.tr("results.beach"))
    parts.append(app.trn("results.card_count", len(cards) + (1 if view.get("beach") == seat else 0)))
    return parts


BREAKDOWNS["tortuga"] = tortuga_breakdown

PANEL = pygame.Rect(130, 132, 1020, 486)
NAME_X, SCORE_R = 70, 96      # the name starts this far into a row; the score ends this far from its end
COLUMN_W = 92


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
        columns = COLUMNS.get(tm.game)
        self.columns = columns(app, view) if columns and view else []
        self.chart = self.make_chart()
        self.chart_shown = False
        extra = EXTRA.get(tm.game)
        count = 4 + (self.chart is not None) + bool(extra)
        x = (1280 - (200 * count - 10)) // 2       # the row of buttons stays centred
        if self.chart is not None:
            self.widgets.add(Button(app, (x, 634, 190, 56), None, self.toggle_chart, key=pygame.K_c,
                                    text=lambda: self.tr("results.rows" if self.chart_shown else "results.chart"),
                                    tooltip="results.chart_tip"))
            x += 200
        self.widgets.add(Button(app, (x, 634, 190, 56), "results.rematch", self.rematch, key=pygame.K_r,
                                style="primary", tooltip="results.rematch_tip"))
        self.widgets.add(Button(app, (x + 200, 634, 190, 56), "results.board", self.look, key=pygame.K_b,
                                tooltip="results.board_tip", enabled=bool(view)))
        self.widgets.add(Button(app, (x + 400, 634, 190, 56), "results.lobby", self.to_lobby, key=pygame.K_ESCAPE,
                                tooltip="results.lobby_tip"))
        self.widgets.add(Button(app, (x + 600, 634, 190, 56), "standings.open", self.open_standings, key=pygame.K_t,
                                tooltip="standings.open_tip", enabled=lambda: self.bridge.standings is not None))
        if extra:
            label, tip, allowed, action = extra
            self.widgets.add(Button(app, (x + 800, 634, 190, 56), label, lambda: action(app, bridge), key=pygame.K_v,
                                    tooltip=tip, enabled=lambda: allowed(bridge)))
        self.replay_at: int | None = None      # the turn a click on the chart asked the replay for
        for rank, seat in enumerate(self.order()):
            r = self.row_rect(rank)
            for k, (_, _, tips) in enumerate(self.columns):
                x = self.column_x(k)
                self.widgets.add(Tip((x - COLUMN_W + 6, r.y + 4, COLUMN_W - 8, r.height - 8),
                                     lambda tips=tips, seat=seat: tips[seat]))

    # --- the score story ------------------------------------------------------------------------
    def make_chart(self):
        """The chart of the updates this window saw (None before two points)."""
        from ..replay.book import TURN_EVENTS, score_story
        from ..replay.chart import ScoreChart

        tm = self.bridge.table
        story = score_story(tm.history, TURN_EVENTS.get(tm.game, ()), len(self.scores))
        if len(story.points) < 2:
            return None
        shape = (lambda s: theme.player_shape(s)) if self.app.settings.shapes else (lambda s: "circle")
        return ScoreChart(self.app, PANEL.inflate(-24, -24), story, lambda s: seat_colour(tm, s), shape, tm.name,
                          on_pick=self.pick)

    def toggle_chart(self) -> None:
        self.chart_shown = not self.chart_shown
        for w in self.widgets.items:   # the rows' tooltips only over the rows
            if isinstance(w, Tip):
                w.visible = not self.chart_shown

    def pick(self, point) -> None:
        """A click on a point: the game's replay from the end of that turn (asked of the host)."""
        ask = getattr(self.bridge, "request_replay", None)
        if ask is not None and self.bridge.table.id is not None:
            self.replay_at = point[0]
            ask(self.bridge.table.id)

    def on_net(self, note: dict) -> None:
        if note.get("kind") == "replay" and self.replay_at is not None and self.app.scene is self:
            from ..replay.viewer import watch

            turn, self.replay_at = self.replay_at, None
            watch(self.app, note, turn=turn, on_back=lambda: self.app.pop())

    def handle_event(self, event) -> bool:
        if self.chart_shown and self.chart is not None and self.chart.handle_event(event):
            return True
        return super().handle_event(event)

    def order(self) -> list[int]:
        return sorted(range(len(self.scores)), key=lambda s: (s not in self.winners, -self.scores[s]))[:7]

    def row_rect(self, rank: int) -> pygame.Rect:
        h = 56 if len(self.scores) <= 5 else 50
        return pygame.Rect(PANEL.x + 16, PANEL.y + 44 + rank * (h + 8), PANEL.width - 32, h)

    def column_x(self, k: int) -> int:
        """The right edge of column ``k`` (the columns end where the score begins)."""
        right = PANEL.right - 16 - SCORE_R - 12
        return right - (len(self.columns) - 1 - k) * COLUMN_W

    def look(self):
        """The final board, as the table showed it; Back returns here."""
        from . import SCENES, load_all

        load_all()
        table = SCENES.get(self.bridge.table.game)
        if table is not None:
            self.app.push(table[0](self.app, self.bridge, review=True))

    def on_enter(self):
        self.app.play_sound("chime")

    def open_standings(self):
        from .standings import StandingsScene

        self.app.push(StandingsScene(self.app, self.bridge))

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
        # a shared victory reads "Winners: A, B"
        winners = self.trn("results.winners", max(1, len(self.winners)), names=names or "—")
        blit_text(surface, app, winners, (640, 100), 26, theme.PAPER, bold=True, anchor="center", shadow=True,
                  box=pygame.Rect(40, 80, 1200, 44))
        breakdown = BREAKDOWNS.get(tm.game)
        draw_panel(surface, PANEL)
        if self.chart_shown and self.chart is not None:
            self.chart.draw(surface)
            return
        first = self.column_x(0) - COLUMN_W if self.columns else PANEL.right - 16 - SCORE_R - 12
        for k, (header, _, _) in enumerate(self.columns):
            x = self.column_x(k)
            blit_text(surface, app, header, (x - COLUMN_W / 2, PANEL.y + 24), 15, theme.ACCENT, bold=True,
                      anchor="center", box=pygame.Rect(x - COLUMN_W + 4, PANEL.y + 10, COLUMN_W - 8, 28))
        for rank, seat in enumerate(self.order()):
            r = self.row_rect(rank)
            win = seat in self.winners
            pygame.draw.rect(surface, (70, 74, 40) if win else (46, 60, 102), r, border_radius=12)
            if win:
                pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=12)
                bob = 3 * math.sin(app.time * 4 + rank)
                theme.draw_shape(surface, "star", (r.right - 26, r.centery + bob), 14, theme.ACCENT)
            shape = theme.player_shape(seat) if app.settings.shapes else "circle"
            theme.draw_shape(surface, shape, (r.x + 30, r.centery), 15, seat_colour(tm, seat))
            text_box = pygame.Rect(r.x + NAME_X - 10, r.y, first - (r.x + NAME_X - 10) - 8, r.height)
            name, size = fit_tagged(app, tm.name(seat), "", 22, text_box.width, bold=True)
            blit_text(surface, app, name, (r.x + NAME_X, r.y + 5), size, theme.PAPER, bold=True, box=text_box)
            if breakdown and tm.view:
                blit_text(surface, app, " · ".join(breakdown(app, tm.view, seat)), (r.x + NAME_X, r.y + 32), 15,
                          theme.MUTED, box=text_box)
            for k, (_, cells, _) in enumerate(self.columns):
                x = self.column_x(k)
                blit_text(surface, app, cells[seat], (x - COLUMN_W / 2, r.centery), 20, theme.PAPER, bold=True,
                          anchor="center", box=pygame.Rect(x - COLUMN_W + 4, r.y, COLUMN_W - 8, r.height))
            blit_text(surface, app, str(int(round(self.shown_scores["s%d" % seat]))), (r.right - 50, r.centery), 32,
                      theme.ACCENT if win else theme.PAPER, bold=True, anchor="midright",
                      box=pygame.Rect(r.right - SCORE_R - 10, r.y, SCORE_R - 40, r.height))
        line = summary_line(app, self.bridge.standings)
        if line and len(self.order()) <= 6:     # the night so far, under the rows
            box = pygame.Rect(PANEL.x + 20, PANEL.bottom - 44, PANEL.width - 40, 34)
            blit_text(surface, app, line, box.center, 19, theme.ACCENT, bold=True, anchor="center", box=box)
