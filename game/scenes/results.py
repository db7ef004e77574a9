"""Results: final scores with each seat's breakdown, the winners, a look at the final board, and
a rematch. Each game's ``GameClient`` gives its seats' breakdown and the columns it adds (the
points of every scoring round, say)."""
from __future__ import annotations

import math

import pygame

import engine

from .. import theme
from ..replay.book import ReplayBook, ReplayError, score_story
from ..replay.chart import ScoreChart
from ..replay.viewer import watch
from ..scene import Scene
from ..tween import Tween
from ..widgets import Button, Tip, blit_text, draw_panel, fit_tagged
from .common import background, heading, seat_colour
from .standings import summary_line

PANEL = pygame.Rect(130, 132, 1020, 486)
NAME_X, SCORE_R = 70, 96      # the name starts this far into a row; the score ends this far from its end
COLUMN_W = 92


class ResultsScene(Scene):
    name = "results"

    def __init__(self, app, bridge):
        super().__init__(app)
        self.bridge = bridge
        #: the finished game, as it ended: the host forgets a finished table a while after (its
        #: players get ``left`` and the bridge a fresh model) while people still look at this
        self.tm = tm = bridge.table
        view = tm.view or {}
        self.scores = list(tm.scores or view.get("scores") or [0] * tm.seats)
        self.winners = list(tm.winners or view.get("winners") or [])
        self.shown_scores = {"s%d" % i: 0.0 for i in range(len(self.scores))}
        for i, s in enumerate(self.scores):  # the scores count up
            self.timeline.play(Tween(self.shown_scores, 0.9, "out_cubic", **{"s%d" % i: float(s)}), parallel=True)
        self.client = app.games.of(tm.game)
        self.columns = self.client.columns(app, view) if view else []
        self.chart = self.make_chart()
        self.story_asked = False        # the window missed the game's start: the host's replay tells it
        ask = getattr(bridge, "request_replay", None)
        if (tm.over and tm.id is not None and ask is not None and getattr(bridge, "connected", False)
                and not self.whole_story(tm.history)):
            self.story_asked = True
            ask(tm.id)
        charted = self.chart is not None or self.story_asked
        self.chart_shown = False
        extra = self.client.results_button
        count = 4 + charted + bool(extra)
        x = (1280 - (200 * count - 10)) // 2       # the row of buttons stays centred
        if charted:
            self.widgets.add(Button(app, (x, 634, 190, 56), None, self.toggle_chart, key=pygame.K_c,
                                    text=lambda: self.tr("results.rows" if self.chart_shown else "results.chart"),
                                    tooltip="results.chart_tip", enabled=lambda: self.chart is not None))
            x += 200
        self.again_sent = False         # Play again asked of the host: its answer takes us to the lobby
        self.again_button: Button | None = None
        if getattr(bridge, "again_host", False) and tm.my_seat is not None:
            # the host keeps the group together (docs/protocol.md 14, "Play again"); once it has
            # let the finished table go, Rematch in its place (a new table like it)
            self.again_button = Button(app, (x, 634, 190, 56), "results.again", self.play_again, key=pygame.K_r,
                                       style="primary", tooltip="results.again_tip",
                                       enabled=lambda: not self.again_sent)
            self.widgets.add(self.again_button)
        self.rematch_button = Button(app, (x, 634, 190, 56), "results.rematch", self.rematch, key=pygame.K_r,
                                     style="primary", tooltip="results.rematch_tip")
        self.widgets.add(self.rematch_button)
        self.show_again()
        self.widgets.add(Button(app, (x + 200, 634, 190, 56), "results.board", self.look, key=pygame.K_b,
                                tooltip="results.board_tip", enabled=bool(view)))
        self.widgets.add(Button(app, (x + 400, 634, 190, 56), "results.lobby", self.to_lobby, key=pygame.K_ESCAPE,
                                tooltip="results.lobby_tip"))
        self.widgets.add(Button(app, (x + 600, 634, 190, 56), "standings.open", self.open_standings, key=pygame.K_t,
                                tooltip="standings.open_tip", enabled=lambda: self.bridge.standings is not None))
        if extra:
            self.widgets.add(Button(app, (x + 800, 634, 190, 56), extra.label, lambda: extra.open(app, self.ended()),
                                    key=pygame.K_v, tooltip=extra.tooltip,
                                    enabled=lambda: extra.allowed(self.ended())))
        self.replay_at: int | None = None      # the turn a click on the chart asked the replay for
        for rank, seat in enumerate(self.order()):
            r = self.row_rect(rank)
            for k, (_, _, tips) in enumerate(self.columns):
                x = self.column_x(k)
                self.widgets.add(Tip((x - COLUMN_W + 6, r.y + 4, COLUMN_W - 8, r.height - 8),
                                     lambda tips=tips, seat=seat: tips[seat]))

    # --- the score story ------------------------------------------------------------------------
    @staticmethod
    def whole_story(history: list) -> bool:
        """The window saw the game from its start (its first update, or a recap reaching back)."""
        return bool(history) and history[0].get("state") == 0

    def make_chart(self, history: list | None = None):
        """The chart of the updates this window saw, or of ``history`` (the host's replay, for a
        window that missed part of the game); None before two points."""
        tm = self.tm
        story = score_story(tm.history if history is None else history, self.client.turn_events,
                            len(self.scores), self.client.scorings)
        if len(story.points) < 2:
            return None
        shape = (lambda s: theme.player_shape(s)) if self.app.settings.shapes else (lambda s: "circle")
        return ScoreChart(self.app, PANEL.inflate(-24, -24), story, lambda s: seat_colour(tm, s), shape, tm.name,
                          on_pick=self.pick, legend=True, scorings=self.client.scorings)

    def toggle_chart(self) -> None:
        self.chart_shown = not self.chart_shown
        for w in self.widgets.items:   # the rows' tooltips only over the rows
            if isinstance(w, Tip):
                w.visible = not self.chart_shown

    def pick(self, point) -> None:
        """A click on a point: the game's replay from the end of that turn (asked of the host)."""
        ask = getattr(self.bridge, "request_replay", None)
        if ask is not None and self.tm.id is not None:
            self.replay_at = point[0]
            ask(self.tm.id)

    def on_net(self, note: dict) -> None:
        kind = note.get("kind")
        if self.again_sent and kind in ("seated", "error"):
            self.again_sent = False
            if kind == "seated":            # in the next game's lobby, ready: it shows there
                self.app.goto("lobby", self.bridge)
            else:
                self.app.toast(self.app.host_notice(note.get("code") or "") or str(note.get("message")))
            return
        if kind != "replay":
            return
        if self.story_asked and note.get("id") == self.tm.id:
            self.story_asked = False
            self.story_from(note.get("replay"))
            return
        if self.replay_at is not None and self.app.scene is self:
            turn, self.replay_at = self.replay_at, None
            watch(self.app, note, turn=turn, on_back=self.app.pop)

    def story_from(self, replay) -> None:
        """The score story from the game's replay (every move from the start), for a window that
        missed the start of the game (it was closed, or crashed, and came back)."""
        try:
            book = ReplayBook(replay, self.client.turn_events, self.client.scorings)
        except (ReplayError, TypeError, ValueError):
            return                          # the story of what this window saw stays
        history = [{"state": i, "scores": list(p.scores), "events": list(p.events)}
                   for i, p in enumerate(book.positions)]
        chart = self.make_chart(history)
        if chart is not None:
            self.chart = chart

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
        self.app.open("table", self.ended(), review=True)

    def ended(self):
        """The bridge with the finished game (a stand-in for it once the host forgot the table)."""
        return self.bridge if self.bridge.table is self.tm else Finished(self.bridge, self.tm)

    def on_enter(self):
        self.app.play_sound("chime")

    def open_standings(self):
        self.app.open("standings", self.bridge)

    def rematch(self):
        tm = self.tm
        opts = dict(tm.options or {})
        if not opts and tm.view:      # the view carries each option (contract section 3)
            info = engine.GAMES.get(tm.game)
            opts = {k: tm.view.get(k, d) for k, d in (info.defaults if info else {}).items()}
        bots = [(i, p.get("level")) for i, p in enumerate(tm.players)
                if isinstance(p, dict) and p.get("kind") == "bot" and p.get("level")]
        self.bridge.rematch(tm.game, tm.seats, opts, bots)     # (it leaves the finished table)
        self.app.goto("lobby", self.bridge)

    def update(self, dt: float) -> None:
        self.show_again()
        super().update(dt)

    def show_again(self) -> None:
        """Play again while the host still has the finished table, else Rematch, in one place."""
        again = self.again_button is not None and (self.again_sent or self.can_again())
        if self.again_button is not None:
            self.again_button.visible = again
        self.rematch_button.visible = not again

    def can_again(self) -> bool:
        """Play again is open: we are still at the finished table (the host has not let it go)."""
        lob = self.bridge.lobby or {}
        return (not self.again_sent and bool(self.bridge.connected) and lob.get("id") == self.tm.id
                and (lob.get("status") == "over" or bool(self.tm.over)))

    def play_again(self):
        """Into the finished table's next game (the host makes it with the first of us): the same
        game, options, seats and bots, a new seed; our seat, ready, and each of the window's other
        players' (pass-and-play) theirs. The owner starts it."""
        if self.can_again():
            self.again_sent = True
            self.bridge.play_again()
            for b in self.local_players():      # the others at this window come along, each their seat
                b.play_again()

    def local_players(self) -> list:
        """The window's other players (pass-and-play: game/party.py) still at this finished table."""
        party = self.app.party
        if party is None or self.bridge is not party.primary:
            return []
        return [b for b in party.local() if b.connected and b.table.id == self.tm.id
                and b.table.my_seat is not None and (b.lobby or {}).get("id") == self.tm.id]

    def again_line(self) -> str:
        """Who is in the next game already (the finished table's summary), its bots too; "" before
        anyone is."""
        lob = self.bridge.lobby or {}
        again = lob.get("again") if lob.get("id") == self.tm.id else None
        if not isinstance(again, dict):
            return ""
        seats = [p.get("seat") for p in lob.get("players") or [] if isinstance(p, dict)
                 and (p.get("seat") in (again.get("in") or []) or p.get("kind") == "bot")]
        return self.tr("results.again_in", names=", ".join(self.tm.name(s) for s in seats if isinstance(s, int)))

    def to_lobby(self):
        """The host's tables: we leave the finished table (a rematch has already left it)."""
        lob = self.bridge.lobby or {}
        if self.bridge.connected and lob and (lob.get("status") == "over" or self.tm.over):
            self.bridge.leave()
        self.app.goto("lobby", self.bridge)

    def draw_scene(self, surface):
        app, tm = self.app, self.tm
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("results.title"))
        names = ", ".join(tm.name(s) for s in self.winners)
        # a shared victory reads "Winners: A, B"
        winners = self.trn("results.winners", max(1, len(self.winners)), names=names or "—")
        blit_text(surface, app, winners, (640, 100), 26, theme.PAPER, bold=True, anchor="center", shadow=True,
                  box=pygame.Rect(40, 80, 1200, 44))
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
            parts = self.client.breakdown(app, tm.view, seat) if tm.view else []
            if parts:
                blit_text(surface, app, " · ".join(parts), (r.x + NAME_X, r.y + 32), 15,
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
        again = self.again_line()
        if again and len(self.order()) <= 6:    # who plays again, above the night's line
            box = pygame.Rect(PANEL.x + 20, PANEL.bottom - 80, PANEL.width - 40, 34)
            blit_text(surface, app, again, box.center, 19, theme.PAPER, bold=True, anchor="center", box=box)


class Finished:
    """The bridge with the finished game's model (``table``) the results keep, for the final
    board once the host forgot that table (the bridge's own model is then a fresh one)."""

    def __init__(self, bridge, table):
        self._bridge = bridge
        self.table = table

    def __getattr__(self, name: str):
        return getattr(self._bridge, name)
