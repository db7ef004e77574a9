"""The replay viewer: the game's own table scene (its animations, its log, its panels) watching a
``ReplayBridge`` as a spectator, with a replay bar instead of the action buttons.

- the bar (``ReplayBar``): one move back / forward, one turn back / forward, play / pause, the
  speed (×1, ×2, ×4), the score story, and a timeline to click or drag with the game's scorings
  marked on it (``GameClient.scorings``; and any marks given: ``add_marks``);
- keys: Space play/pause, ← → a move, PgUp PgDn (or Shift+← →) a turn, Home End, S the speed,
  C the score story, Esc back;
- a move forward is the host's update of that move (animated, logged as live); a move back or a
  jump is a resync at once (every position's public view is in the book), with the log rebuilt
  from the moves before it.

``replay_scene(app, book, on_back)`` builds the viewer for the book's game: the game's own table
scene watched by a ``ReplayViewer`` (an add-on of the table, ``TableScene.watch``: it gets the
events before the table, so its keys come before the table's own).
"""
from __future__ import annotations

import pygame

from .. import theme
from ..scenes.common import TableScene
from ..widgets import Button, Tip, Widget, blit_text, draw_panel, note_solid
from .book import ReplayBook, ReplayError, score_story
from .bridge import ReplayBridge
from .chart import ScoreChart, mark_points

SPEEDS = (1, 2, 4)
#: How long a move stays before the next plays (seconds at ×1): bots at a table wait about as long.
PAUSE = 0.45
#: The moves whose log lines are written again after a jump back (the log's last screens).
LOG_MOVES = 24


class IconButton(Button):
    """A button showing a drawn icon (``icon(surface, rect, ink)``) instead of a caption."""

    def __init__(self, app, rect, icon, on_click, **kw):
        super().__init__(app, rect, None, on_click, text="", **kw)
        self.icon = icon

    def draw_caption(self, surface, cap: str, area: pygame.Rect, ink) -> None:
        self.icon(surface, area, ink)


def _tri(surface, ink, cx, cy, w, h, left: bool) -> None:
    if left:
        pts = [(cx + w / 2, cy - h / 2), (cx + w / 2, cy + h / 2), (cx - w / 2, cy)]
    else:
        pts = [(cx - w / 2, cy - h / 2), (cx - w / 2, cy + h / 2), (cx + w / 2, cy)]
    pygame.draw.polygon(surface, ink, pts)


def icon_step(left: bool, double: bool):
    def draw(surface, r, ink):
        cx, cy = r.center
        if double:
            _tri(surface, ink, cx - 5, cy, 10, 14, left)
            _tri(surface, ink, cx + 5, cy, 10, 14, left)
            bar_x = cx - 11 if left else cx + 10
            pygame.draw.rect(surface, ink, (bar_x, cy - 7, 2, 14))
        else:
            _tri(surface, ink, cx, cy, 11, 14, left)
    return draw


def icon_play(viewer):
    def draw(surface, r, ink):
        cx, cy = r.center
        if viewer.playing:
            pygame.draw.rect(surface, ink, (cx - 7, cy - 8, 5, 16))
            pygame.draw.rect(surface, ink, (cx + 2, cy - 8, 5, 16))
        else:
            _tri(surface, ink, cx + 1, cy, 14, 17, False)
    return draw


def icon_chart(surface, r, ink) -> None:
    cx, cy = r.center
    pygame.draw.lines(surface, ink, False, [(cx - 9, cy + 6), (cx - 3, cy - 1), (cx + 2, cy + 3), (cx + 9, cy - 7)], 3)
    pygame.draw.line(surface, ink, (cx - 10, cy + 8), (cx + 10, cy + 8), 2)


class ReplayBar:
    """The timeline and its buttons. The timeline maps a position to x; marks stand over it."""

    def __init__(self, viewer, rect):
        self.viewer = viewer
        self.app = viewer.app
        self.rect = pygame.Rect(rect)
        self.dragging = False
        self.extra_marks: list[tuple[int, str]] = []    # (position, text) from add_marks

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + 14, r.y + 14, r.width - 28, 10)

    def x_of(self, k: int) -> int:
        t = self.track
        return round(t.x + t.width * k / max(1, self.viewer.book.last))

    def k_of(self, x: float) -> int:
        t = self.track
        return round(max(0.0, min(1.0, (x - t.x) / max(1, t.width))) * self.viewer.book.last)

    def buttons(self) -> list[Widget]:
        v, app, r = self.viewer, self.app, self.rect
        specs = [(icon_step(True, True), v.turn_back, pygame.K_PAGEUP, "replay.turn_back_tip"),
                 (icon_step(True, False), v.step_back, pygame.K_LEFT, "replay.step_back_tip"),
                 (icon_play(v), v.toggle_play, pygame.K_SPACE, "replay.play_tip"),
                 (icon_step(False, False), v.step_forward, pygame.K_RIGHT, "replay.step_forward_tip"),
                 (icon_step(False, True), v.turn_forward, pygame.K_PAGEDOWN, "replay.turn_forward_tip")]
        n = len(specs) + 2
        gap = 6
        w = min(62, (r.width - 16 - gap * (n - 1)) // n)
        y, h = r.y + 36, r.height - 44
        self.where_row = None
        if w < 50:       # a narrow bar (a side column): "Move N of M · turn T" gets a line over the buttons
            self.where_row = pygame.Rect(r.x + 8, r.y + 28, r.width - 16, 20)
            y, h = r.y + 52, r.height - 58
        out: list[Widget] = []
        x = r.x + 8
        for icon, fn, key, tip in specs:
            out.append(IconButton(app, (x, y, w, h), icon, fn, key=key, key_name="", tooltip=tip,
                                  style="primary" if fn == v.toggle_play else "normal"))
            x += w + gap
        out.append(Button(app, (x, y, w, h), None, v.cycle_speed, key=pygame.K_s, key_name="",
                          text=lambda: f"×{v.speed}", tooltip="replay.speed_tip", size=18))
        x += w + gap
        out.append(IconButton(app, (x, y, w, h), icon_chart, v.toggle_chart, key=pygame.K_c, key_name="",
                              tooltip="replay.chart_tip"))
        self.right_of_buttons = x + w + gap
        out.append(Tip(self.track.inflate(8, 12), "replay.timeline_tip"))
        return out

    def handle_event(self, event) -> bool:
        grab = self.track.inflate(0, 18)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and grab.collidepoint(event.pos):
            self.dragging = True
            self.viewer.seek(self.k_of(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.viewer.seek(self.k_of(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            return True
        return False

    def draw(self, surface) -> None:
        app, v = self.app, self.viewer
        draw_panel(surface, self.rect, fill=(28, 40, 64), radius=12, shadow=False)
        t = self.track
        pygame.draw.rect(surface, (16, 22, 40), t, border_radius=5)
        done = pygame.Rect(t.x, t.y, self.x_of(v.bridge.at) - t.x, t.height)
        pygame.draw.rect(surface, theme.shade(theme.ACCENT, 0.75), done, border_radius=5)
        for k, kind in v.book.marks():
            scoring = v.book.scorings.of(kind)
            pygame.draw.polygon(surface, scoring.colour, mark_points(scoring, self.x_of(k), t.y - 9, 6, 10))
        for k, _ in self.extra_marks:
            x = self.x_of(k)
            pygame.draw.circle(surface, theme.GOOD, (x, t.bottom + 3), 4)
        knob = (self.x_of(v.bridge.at), t.centery)
        pygame.draw.circle(surface, theme.INK, knob, 10)
        pygame.draw.circle(surface, theme.PAPER, knob, 8)
        note_solid(app, t.inflate(12, 10), "timeline")
        right = getattr(self, "right_of_buttons", self.rect.right)
        pos = v.book.positions[v.bridge.at]
        text = app.tr("replay.where", move=v.bridge.at, moves=v.book.last, turn=pos.turn + 1)
        row = getattr(self, "where_row", None)
        if row is not None:
            blit_text(surface, app, text, row.center, 14, theme.PAPER, anchor="center", box=row, min_size=11)
        elif self.rect.right - right >= 60:
            box = pygame.Rect(right, self.rect.y + 30, self.rect.right - right - 6, self.rect.height - 34)
            blit_text(surface, app, text, (right + 4, box.centery), 15, theme.PAPER, anchor="midleft", box=box)


class ReplayViewer:
    """The add-on that makes a table scene the viewer (see the module's docstring): the table
    watches a ``ReplayBridge`` (``TableScene.watch``), this takes its controls, its keys first and
    its end. ``scene`` the game's table; ``on_back()`` leaves (None: close the window)."""

    name = "replay"
    replaying = True
    shows_prompt = True

    def __init__(self, scene, on_back=None):
        self.scene, self.app, self.bridge = scene, scene.app, scene.bridge
        self.book: ReplayBook = scene.bridge.book
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        self.on_back = on_back
        self.before = None              # the bridge the app had before this replay (restored on Back)
        self.log_cache: dict = {}       # (position, language, shapes) -> its log lines and entries
        self.chart: ScoreChart | None = None
        self.bar = ReplayBar(self, scene.REPLAY_BAR)     # where the table has room for it

    # --- moving ---------------------------------------------------------------------------------
    def deliver(self) -> None:
        """Hand the bridge's notes to the table at once (a step shows in the same frame)."""
        for note in self.bridge.poll():
            self.scene.on_net(note)

    def step_forward(self) -> None:
        if self.bridge.forward():
            self.deliver()
        else:
            self.playing = False

    def step_back(self) -> None:
        self.seek(self.bridge.at - 1)

    def turn_forward(self) -> None:
        self.seek(self.book.next_turn(self.bridge.at))

    def turn_back(self) -> None:
        self.seek(self.book.prev_turn(self.bridge.at))

    def seek(self, k: int) -> None:
        """Position ``k`` at once: no animation; the log as it read then (its last moves)."""
        scene = self.scene
        k = max(0, min(self.book.last, int(k)))
        scene.timeline.skip()
        scene.backlog.clear()
        lines, entries = [], []
        for j in range(max(0, k - LOG_MOVES), k + 1):
            got = self.log_of(j)
            lines += got[0]
            entries += got[1]
        log = scene.log
        log.lines[:] = lines[-log.max_lines:]
        log.entries[:] = entries[-log.max_lines:]
        log.scroll = 0
        self.bridge.jump(k)
        self.deliver()
        scene.on_events(self.book.positions[k].events)     # the last move's marks
        self.wait = PAUSE

    def log_of(self, j: int) -> tuple[list, list]:
        """The log's lines (wrapped, with their marks) and entries of position ``j``'s events,
        written once per position and language (wrapping them is what takes the time)."""
        key = (j, self.app.catalog.language, self.app.settings.shapes)
        hit = self.log_cache.get(key)
        if hit is None:
            log = self.scene.log
            kept = (log.lines, log.entries)
            log.lines, log.entries = [], []
            try:
                for ev in self.book.positions[j].events:
                    self.scene.log_event(ev)
                hit = self.log_cache[key] = (log.lines, log.entries)
            finally:
                log.lines, log.entries = kept
        return hit

    def toggle_play(self) -> None:
        if not self.playing and self.bridge.at >= self.book.last:
            self.seek(0)
        self.playing = not self.playing
        self.wait = 0.0
        if self.playing:
            self.chart = None

    def cycle_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    # --- the score story ----------------------------------------------------------------------------
    def toggle_chart(self) -> None:
        self.chart = None if self.chart is not None else self.make_chart()

    def make_chart(self) -> ScoreChart:
        scene = self.scene
        story = score_story(self.book.entries(), self.book.turn_events, self.book.seats, self.book.scorings)
        return ScoreChart(self.app, scene.REPLAY_CHART, story, scene.colour, scene.shape, scene.short_name,
                          on_pick=self.pick, current=lambda: self.book.positions[self.bridge.at].turn,
                          scorings=self.book.scorings)

    def pick(self, point) -> None:
        """A click on the chart: the position of that point (the end of its turn)."""
        self.seek(point[1])

    def add_marks(self, marks) -> None:
        """Key moments on the timeline: ``[{"move": k, "text": str}]`` (``move``: a position)."""
        self.bar.extra_marks = [(int(m["move"]), str(m.get("text", ""))) for m in marks
                                if 0 <= int(m.get("move", -1)) <= self.book.last]

    def back(self) -> None:
        self.playing = False
        if self.before is not None:     # the window's own bridge (the host's) again
            self.app.bridge = self.before
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.running = False

    # --- the add-on: what the watched table hands it ---------------------------------------------
    def make_controls(self) -> None:
        """Back, the panels' tooltips as at the table, the bar's buttons (no action buttons)."""
        scene, widgets = self.scene, self.scene.widgets
        widgets.add(Button(self.app, (12, 12, 110, 40), "replay.back", self.back, key=None,
                           tooltip="replay.back_tip", size=18))
        for part in ("panel", "column"):
            tips = getattr(getattr(scene, part, None), "build_tips", None)
            if tips is not None:
                tips(widgets)
        for b in self.bar.buttons():
            widgets.add(b)

    def on_net(self, note: dict) -> None:
        """The bridge's notes are the replay's own moves: the table plays them."""

    def logged(self, ev: dict, line, mark) -> None:
        """Each log line stays in the table's log (the viewer caches them per position)."""

    def handle_event(self, event) -> bool:
        """Before the table: the chart, the bar and the replay's keys; the table's own shortcuts
        never act in a replay (Tab still skips its animations; the mouse still hovers)."""
        scene = self.scene
        if self.chart is not None and self.chart.handle_event(event):
            return True
        if self.bar.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.chart is not None:
                self.chart = None
                return True
            shift = event.mod & pygame.KMOD_SHIFT
            keys = {pygame.K_ESCAPE: self.back, pygame.K_HOME: lambda: self.seek(0),
                    pygame.K_END: lambda: self.seek(self.book.last)}
            if shift:
                keys.update({pygame.K_LEFT: self.turn_back, pygame.K_RIGHT: self.turn_forward})
            if event.key in keys:
                keys[event.key]()
                return True
            if scene.widgets.handle_event(event):     # the bar's keys before the table's
                return True
            return event.key != pygame.K_TAB          # Tab: the table skips its animations
        return False

    def update(self, dt: float) -> None:
        if self.playing and not self.scene.timeline.busy:
            self.wait -= dt * self.speed
            if self.wait <= 0:
                self.wait = PAUSE
                if self.bridge.at >= self.book.last:
                    self.playing = False
                    self.chart = self.make_chart()
                else:
                    self.step_forward()

    def draw_under(self, surface) -> None:
        self.bar.draw(surface)

    def draw(self, surface) -> None:
        if self.chart is not None:
            self.chart.draw(surface)


def load_book(app, replay) -> ReplayBook:
    """The book of a replay dict for ``app``'s game of it (its turn events). Raises
    ``ReplayError``."""
    return book_of(replay, app.games)


def book_of(replay, games) -> ReplayBook:
    """The book of a replay dict, the turn events from ``games`` (the window's registry of game
    clients): every field checked first (``book.check``), so a hostile file is a ``ReplayError``
    with a reason, never an exception elsewhere. Needs no window."""
    game = replay.get("game") if isinstance(replay, dict) else None
    client = games.get(game) if isinstance(game, str) else None
    return ReplayBook(replay, client.turn_events, client.scorings) if client else ReplayBook(replay)


def replay_scene(app, book: ReplayBook, on_back=None, at: int = 0):
    """A viewer of ``book`` on ``app`` (its bridge becomes the replay's), at position ``at``: the
    game's own table, watched by a ``ReplayViewer`` (``scene.watcher``)."""
    bridge = ReplayBridge(book)
    before, app.bridge = app.bridge, bridge
    scene = app.games.of(book.game_name).table(app, bridge)
    assert isinstance(scene, TableScene)
    viewer = ReplayViewer(scene, on_back=on_back)
    viewer.before = before
    scene.watch(viewer)
    if at:
        viewer.seek(at)
    return scene


def watch(app, note: dict, turn: int | None = None, on_back=None):
    """Open the viewer (by name: ``app.open("replay", ...)``) on a replay the host sent (a
    ``replay`` note), at the end of ``turn`` (or the start); a replay that cannot be shown is a
    toast saying why (None)."""
    try:
        book = load_book(app, note.get("replay"))
    except ReplayError as e:
        app.toast(app.tr(e.key, **e.fmt))
        return None
    at = book.position_of_turn(turn) if turn is not None else 0
    return app.open("replay", book, on_back=on_back, at=at)


def open_book(app, book: ReplayBook, at: int | str = 0, on_back=None):
    """The viewer of ``book`` on ``app`` at move ``at`` (an int, past the end: the end; or "end")."""
    k = book.last if at == "end" else min(int(at), book.last)
    return replay_scene(app, book, on_back=on_back, at=k)
