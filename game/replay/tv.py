"""TV mode (``run_client.py --tv --host ADDR``, or the host browser's TV button): a window for a
projector that watches the host's running tables without any input.

- It follows the table with the most recent move (a table that starts while it watches gets its
  turn at once), or, with the setting ``tv_cycle``, goes round the running tables every 30 s. It
  learns of moves by asking the host for its tables every 2 s (each summary's ``state`` counts
  the table's changes) and watches one table at a time as a spectator (``spectate``/``leave``).
- The table is the game's own table scene (watched by ``TVWatch``: no controls, no input), drawn off
  screen and composed bigger: the board scaled up, the players' rows beside it, the log as big
  captions under the board; a scoring (``scored`` events) fills the screen with its tally.
- When the followed game ends: its final board a while, then the night's standings (the host's
  ``standings`` message, else the game's own results) until another table moves.
- It survives tables ending and starting, and a host restart (the client reconnects by itself;
  the TV starts looking again from the welcome).

Everything is timed in app time (``app.time``), so tests drive it with frames.
"""
from __future__ import annotations

import pygame

from .. import theme
from ..qr import draw_qr
from ..scene import Scene
from ..scenes.common import TableScene, background, seat_colour
from ..scenes.standings import points_text, ranks
from ..widgets import blit_lines, blit_text, draw_panel

POLL = 2.0          # seconds between two looks at the host's tables
MIN_STAY = 10.0     # a table is watched at least this long before another is picked
IDLE = 8.0          # ... and then left for a busier one once it has not moved for this long
CYCLE = 30.0        # with tv_cycle: each table this long
HOLD = 8.0          # a finished game's final board, before the standings
TALLY = 6.0         # a scoring's tally stays this long after its last line
CAPTIONS = 2        # the log lines shown as captions


class TVWatch:
    """The add-on that makes a table scene watch for the TV (``TableScene.watch``): no controls, no
    input, no results screen, no prompt (the TV's header says whose turn it is: the table's own
    plate, two lines tall, reached into the board's crop and showed there cut in half); its log
    lines (in the order the animations tell them) go to the TV's captions, its scorings to the
    TV's tally."""

    name = "tv_table"
    replaying = False
    shows_prompt = False
    speed = 1

    def __init__(self, scene, tv):
        self.scene, self.tv = scene, tv

    def make_controls(self) -> None:
        """Nothing to click on a TV."""

    def handle_event(self, event) -> bool:
        return True

    def logged(self, ev: dict, line, mark) -> None:
        if line:
            self.tv.caption(line, mark)
        scorings = self.tv.scorings
        if scorings.started and ev.get("type") == scorings.started:
            self.tv.tally_start(ev.get("kind"))
        elif scorings.scored and ev.get("type") == scorings.scored:
            self.tv.tally_add(ev)

    def on_net(self, note: dict) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw_under(self, surface) -> None: ...
    def draw(self, surface) -> None: ...


class TVScene(Scene):
    """``bridge``: a bridge connected (or connecting) to the host; ``cycle``: go round the tables
    (default: the setting ``tv_cycle``)."""

    name = "tv"

    def __init__(self, app, bridge, cycle: bool | None = None):
        super().__init__(app)
        self.bridge = bridge
        self.cycle = app.settings.tv_cycle if cycle is None else bool(cycle)
        self.child: TableScene | None = None    # the table scene of the table watched
        self.watching: int | None = None    # the table id asked for (spectate sent)
        self.seen: dict[int, tuple[int, float]] = {}   # table id -> (state, app time it last changed)
        self.first_look = True
        self.since_switch = 0.0         # app time of the last switch
        self.poll_at = 0.0
        self.over_at: float | None = None   # app time the watched game ended
        self.last_game: dict | None = None  # the ended game (its names and scores), for the standings
        self.captions: list[tuple[str, tuple | None]] = []
        self.tally: dict | None = None  # {"kind", "rows": {seat: scored event}, "until"}
        self.canvas = pygame.Surface(app.SIZE)
        self.waiting_host = not getattr(bridge, "connected", False)

    # --- the host -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.look()

    def look(self) -> None:
        """Ask the host for its tables (and once for the standings)."""
        self.poll_at = self.app.time + POLL
        if getattr(self.bridge, "connected", False):
            self.bridge.list_tables()
            if self.bridge.standings is None and not getattr(self, "asked_standings", False):
                self.asked_standings = True
                self.bridge.ask_standings()

    def on_net(self, note: dict) -> None:
        kind = note["kind"]
        if kind == "welcome":           # (again: after a host restart) start looking afresh
            self.waiting_host = False
            self.child, self.watching, self.seen, self.first_look = None, None, {}, True
            self.asked_standings = False
            self.look()
        elif kind in ("link_lost", "disconnected"):
            self.waiting_host = True
            self.child, self.watching = None, None
        elif kind == "tables":
            self.note_tables(note["tables"])
        elif kind == "update":
            tm = self.bridge.table
            if tm.id != self.watching:
                return
            if self.child is None or note.get("full"):
                child = self.app.games.of(tm.game).table(self.app, self.bridge)
                assert isinstance(child, TableScene)
                child.watch(TVWatch(child, self))
                self.child = child
                self.captions.clear()
                for ev in note["events"]:
                    child.log_event(ev)
            else:
                self.child.on_net(note)
            if tm.over and self.over_at is None:
                self.over_at = self.app.time
                self.last_game = {"game": tm.game, "names": [tm.name(s) for s in range(tm.seats)],
                                  "scores": list(tm.scores), "winners": list(tm.winners), "table": tm}
        elif kind == "left":
            if self.child is not None and self.bridge.table.id != self.watching:
                self.child = None

    def note_tables(self, tables: list[dict]) -> None:
        """What moved since the last look."""
        now = self.app.time
        # a private table asks for its code (``code_needed``): TV mode watches the open ones
        playing = {t["id"]: t for t in tables
                   if t.get("status") == "playing" and not t.get("paused") and not t.get("private")}
        for tid, t in playing.items():
            state = int(t.get("state") or 0)
            old = self.seen.get(tid)
            if old is None:
                self.seen[tid] = (state, -1.0 if self.first_look else now)
            elif old[0] != state:
                self.seen[tid] = (state, now)
        for tid in list(self.seen):
            if tid not in playing and tid != self.watching:
                del self.seen[tid]
        self.playing = playing
        self.first_look = False
        self.choose()

    def choose(self) -> None:
        """Pick the table to watch (see the module's docstring) and go there."""
        now = self.app.time
        playing = getattr(self, "playing", {})
        current = self.watching
        if self.over_at is not None:     # a finished game: its board, then the standings ...
            moved = [tid for tid, (_, t) in self.seen.items() if t > self.over_at and tid != current]
            if now - self.over_at < HOLD or not moved:
                return
            return self.switch(max(moved, key=lambda tid: (self.seen[tid][1], tid)))   # ... until a table moves
        if current not in playing and current is not None and self.child is not None \
                and self.bridge.table.id == current:
            # it left the list as it ended: its last update (sent after the host's journal) is coming, or
            # has come with this look and its note is next: the TV stays to show the end
            return
        if not playing:
            return
        if current not in playing:
            return self.switch(max(playing, key=lambda tid: (self.seen[tid][1], self.seen[tid][0], tid)))
        stayed = now - self.since_switch
        if self.cycle:
            if stayed >= CYCLE and len(playing) > 1:
                ids = sorted(playing)
                self.switch(next((i for i in ids if i > current), ids[0]))
            return
        if stayed < MIN_STAY:
            return
        best = max(playing, key=lambda tid: (self.seen[tid][1], tid))
        mine = self.seen[current][1] if current in self.seen else -1.0
        # (a table first seen in the very frame of the last switch is fresh too: the host's own list
        # after a welcome and the one asked for can come in the same frame, the second one new)
        fresh = self.seen[best][1] >= self.since_switch and best not in getattr(self, "visited", set())
        if best != current and (fresh or self.seen[best][1] > mine + IDLE):
            self.switch(best)

    def switch(self, tid: int) -> None:
        if getattr(self.bridge, "lobby", None) is not None or self.watching is not None:
            self.bridge.leave()
        self.bridge.spectate(tid)
        self.visited = getattr(self, "visited", set()) | {tid}
        self.watching, self.child = tid, None
        self.since_switch = self.app.time
        self.over_at, self.tally = None, None
        self.captions.clear()

    # --- captions and the tally ------------------------------------------------------------------
    def caption(self, line: str, mark) -> None:
        self.captions = (self.captions + [(line, mark)])[-CAPTIONS:]

    @property
    def scorings(self):
        """The scoring rounds of the game watched (``GameClient.scorings``)."""
        return self.app.games.of(self.bridge.table.game).scorings

    def tally_start(self, kind) -> None:
        self.tally = {"kind": kind, "rows": {}, "until": -1.0}

    def tally_add(self, ev: dict) -> None:
        if self.tally is None:
            self.tally = {"kind": self.scorings.default, "rows": {}, "until": -1.0}   # came in mid-round
        self.tally["rows"][ev.get("seat")] = ev
        self.tally["until"] = self.app.time + TALLY

    # --- frames ----------------------------------------------------------------------------------
    def mode(self) -> str:
        """What the screen shows: "waiting" (no host or no table), "table", "tally", "standings"."""
        if self.waiting_host or self.child is None:
            return "standings" if self.over_at is not None and self.last_game else "waiting"
        if self.over_at is not None and self.app.time - self.over_at >= HOLD and not self.child.timeline.busy:
            return "standings"
        if self.tally is not None and self.app.time < self.tally["until"]:
            return "tally"
        return "table"

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.child is not None:
            self.child.update(dt)
        if self.app.time >= self.poll_at:
            self.look()
        if self.over_at is not None:
            self.choose()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.running = False     # the only key: leave TV mode (close the window)
            return True
        return True

    def draw_scene(self, surface) -> None:
        mode = self.mode()
        if self.child is not None and mode in ("table", "tally"):
            self.draw_table(surface)
        else:
            surface.blit(background(self.app), (0, 0))
        if mode == "tally":
            self.draw_tally(surface)
        elif mode == "standings":
            self.draw_standings(surface)
        elif mode == "waiting":
            key = "tv.waiting_host" if self.waiting_host else "tv.waiting_tables"
            web = self.web()
            y = 80 if web else 340
            blit_text(surface, self.app, self.tr(key), (640, y), 40, theme.ACCENT, bold=True, anchor="center",
                      shadow=True, box=pygame.Rect(40, y - 40, 1200, 80), min_size=22)
            blit_text(surface, self.app, self.bridge.host_name or "", (640, y + 60), 24, theme.MUTED,
                      anchor="center", box=pygame.Rect(40, y + 44, 1200, 36))
            if web:      # guests with a phone: the page's address, its code large across the room
                draw_qr(surface, web, (640, 400), 440)
                blit_text(surface, self.app, self.tr("tv.phones", url=web), (640, 660), 30, theme.PAPER,
                          bold=True, anchor="center", box=pygame.Rect(40, 636, 1200, 50), min_size=16)

    def draw_table(self, surface) -> None:
        app, child = self.app, self.child
        assert child is not None
        check, app.fitcheck = app.fitcheck, None    # the table is drawn off screen, at its own size
        try:
            child.draw(self.canvas)
        finally:
            app.fitcheck = check
        surface.blit(background(app, child.BACKGROUND), (0, 0))
        (src, dst), (side_src, side_at) = child.TV_BOARD, child.TV_SIDE
        board = self.canvas.subsurface(pygame.Rect(src))
        surface.blit(pygame.transform.smoothscale(board, pygame.Rect(dst).size), pygame.Rect(dst).topleft)
        surface.blit(self.canvas.subsurface(pygame.Rect(side_src)), side_at)
        header = pygame.Rect(side_at[0], side_src[3] + 8, app.SIZE[0] - side_at[0] - 8, app.SIZE[1] - side_src[3] - 16)
        self.draw_header(surface, header)
        self.draw_captions(surface, pygame.Rect(child.TV_CAPTIONS))

    def draw_header(self, surface, rect) -> None:
        """Which table this is, and how the TV picks."""
        app, tm = self.app, self.bridge.table
        draw_panel(surface, rect, fill=(24, 32, 58), radius=12, shadow=False)
        title = self.tr("tv.table", n=tm.id or 0, game=self.tr(f"game.{tm.game}") if tm.game else "")
        blit_text(surface, app, title, (rect.x + 14, rect.y + 10), 24, theme.ACCENT, bold=True,
                  box=pygame.Rect(rect.x + 8, rect.y + 4, rect.width - 16, 36))
        y = rect.y + 48
        if self.child is not None:       # whose turn, in the table's own words
            text, colour = self.child.prompt_text()
            y = blit_lines(surface, app, text, pygame.Rect(rect.x + 14, y, rect.width - 28, 84), 24, colour,
                           bold=True, min_size=16) + 10
        web = self.web()
        bottom, qr = rect.bottom - 8, 0
        if web:       # the page for phones: its address on the last line, its code above it
            blit_text(surface, app, self.tr("tv.phones", url=web), (rect.x + 14, bottom - 24), 18, theme.PAPER,
                      bold=True, box=pygame.Rect(rect.x + 8, bottom - 28, rect.width - 16, 28), min_size=11)
            bottom -= 32
            if bottom - y >= 90:
                qr = min(bottom - y, 170)
                draw_qr(surface, web, (rect.right - 8 - qr // 2, bottom - qr // 2), qr)
                qr += 10
        how = self.tr("tv.cycling" if self.cycle else "tv.following")
        blit_lines(surface, app, how, pygame.Rect(rect.x + 14, y, rect.width - 28 - qr, bottom - y), 16,
                   theme.MUTED, min_size=12)

    def web(self) -> str | None:
        """The page guests with a phone open (the host's welcome), or None."""
        urls = getattr(self.bridge, "host_web", None)
        return urls[0] if urls else None

    def draw_captions(self, surface, rect) -> None:
        if not self.captions:
            return
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(band, (12, 16, 30, 200), band.get_rect(), border_radius=14)
        surface.blit(band, rect.topleft)
        h = rect.height // CAPTIONS
        for i, (line, mark) in enumerate(self.captions[-CAPTIONS:]):
            y = rect.y + i * h
            newest = i == len(self.captions[-CAPTIONS:]) - 1
            if mark is not None:
                theme.draw_shape(surface, mark[1], (rect.x + 26, y + h // 2), 13, mark[0])
            blit_text(surface, self.app, line, (rect.x + 50, y + h // 2), 30 if newest else 24,
                      theme.PAPER if newest else theme.MUTED, bold=newest, anchor="midleft", shadow=True,
                      box=pygame.Rect(rect.x + 44, y, rect.width - 54, h), min_size=16)

    def draw_tally(self, surface) -> None:
        """A scoring, full screen: each player's points of this round and new score."""
        app, tm, t = self.app, self.bridge.table, self.tally
        assert t is not None
        shade = pygame.Surface(app.SIZE, pygame.SRCALPHA)
        shade.fill((10, 8, 16, 215))
        surface.blit(shade, (0, 0))
        scoring = self.scorings.of(t["kind"])
        title = self.tr(scoring.title) if scoring.title else ""
        blit_text(surface, app, title, (640, 90), 64, scoring.colour,
                  bold=True, anchor="center", shadow=True, box=pygame.Rect(40, 40, 1200, 100), min_size=30)
        rows = sorted(t["rows"].values(), key=lambda ev: -int(ev.get("score") or 0))
        for i, ev in enumerate(rows[:7]):
            seat = ev.get("seat")
            r = pygame.Rect(200, 170 + i * 74, 880, 64)
            draw_panel(surface, r, fill=(40, 52, 88), radius=14, shadow=False)
            theme.draw_shape(surface, theme.player_shape(seat) if app.settings.shapes else "circle",
                             (r.x + 36, r.centery), 18, seat_colour(tm, seat))
            blit_text(surface, app, tm.name(seat), (r.x + 70, r.centery), 32, theme.PAPER, bold=True, anchor="midleft",
                      box=pygame.Rect(r.x + 64, r.y, 520, r.height), min_size=18)
            blit_text(surface, app, f"+{int(ev.get('total') or 0)}", (r.x + 700, r.centery), 36, theme.GOOD, bold=True,
                      anchor="midright", box=pygame.Rect(r.x + 590, r.y, 120, r.height))
            blit_text(surface, app, str(int(ev.get("score") or 0)), (r.right - 24, r.centery), 40, theme.ACCENT,
                      bold=True, anchor="midright", box=pygame.Rect(r.right - 150, r.y, 140, r.height))

    def draw_standings(self, surface) -> None:
        """The night's standings (the host's), or the game that just ended."""
        app = self.app
        blit_text(surface, app, self.tr("tv.standings"), (640, 70), 56, theme.ACCENT, bold=True, anchor="center",
                  shadow=True, box=pygame.Rect(40, 30, 1200, 84), min_size=28)
        rows = self.standing_rows()
        places = self.standing_ranks()
        for i, (name, detail, points) in enumerate(rows[:8]):
            r = pygame.Rect(180, 140 + i * 66, 920, 58)
            draw_panel(surface, r, fill=(70, 74, 40) if places[i] == 1 else (40, 52, 88), radius=14, shadow=False)
            blit_text(surface, app, f"{places[i]}.", (r.x + 20, r.centery), 30, theme.ACCENT, bold=True,
                      anchor="midleft",
                      box=pygame.Rect(r.x + 10, r.y, 60, r.height))
            blit_text(surface, app, name, (r.x + 80, r.centery), 30, theme.PAPER, bold=True, anchor="midleft",
                      box=pygame.Rect(r.x + 74, r.y, 440, r.height), min_size=18)
            blit_text(surface, app, detail, (r.x + 530, r.centery), 20, theme.MUTED, anchor="midleft",
                      box=pygame.Rect(r.x + 524, r.y, 250, r.height), min_size=14)
            blit_text(surface, app, points, (r.right - 20, r.centery), 34, theme.ACCENT, bold=True, anchor="midright",
                      box=pygame.Rect(r.right - 130, r.y, 120, r.height))
        if not rows:
            blit_text(surface, app, self.tr("tv.waiting_tables"), (640, 360), 30, theme.MUTED, anchor="center",
                      box=pygame.Rect(40, 330, 1200, 60))

    def standing_ranks(self) -> list[int]:
        """Each row's place in ``standing_rows``: tied players share it (the host's ``rank``; the
        last game's: its winners first, then equal scores together)."""
        st = self.bridge.standings or {}
        overall = st.get("overall") if isinstance(st, dict) else None
        if overall:
            return ranks([r for r in overall if isinstance(r, dict)])
        game = self.last_game
        if not game:
            return []
        order = sorted(range(len(game["scores"])), key=lambda s: (s not in game["winners"], -game["scores"][s]))
        out: list[int] = []
        for i, s in enumerate(order):
            p = order[i - 1] if i else None
            won = game["winners"]
            same = p is not None and (p in won, game["scores"][p]) == (s in won, game["scores"][s])
            out.append(out[-1] if same else i + 1)
        return out

    def standing_rows(self) -> list[tuple[str, str, str]]:
        """(name, detail, points) per row: the night's overall standings, else the last game."""
        st = self.bridge.standings or {}
        overall = st.get("overall") if isinstance(st, dict) else None
        if overall:
            return [(str(r.get("name", "?")),
                     self.trn("tv.played_won", int(r.get("played") or 0), wins=int(r.get("wins") or 0)),
                     points_text(r.get("points"), self.app)) for r in overall if isinstance(r, dict)]
        game = self.last_game
        if not game:
            return []
        order = sorted(range(len(game["scores"])), key=lambda s: (s not in game["winners"], -game["scores"][s]))
        return [(game["names"][s], self.tr("tv.winner") if s in game["winners"] else "", str(game["scores"][s]))
                for s in order]

