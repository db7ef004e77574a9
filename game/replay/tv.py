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
  ``standings`` message, else the game's own results) until another table moves. A Play again
  waiting for its players (a listed lobby made from a finished table: ``again_of``) takes the
  standings' place between games: each seat's player in or not yet, and once everyone is, that
  the table's owner starts; when it starts, the TV follows it as any table that moves.
- It survives tables ending and starting, and a host restart (the client reconnects by itself;
  the TV starts looking again from the welcome).

Everything is timed in app time (``app.time``), so tests drive it with frames.
"""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from .. import theme
from ..net_bridge import bot_name
from ..qr import draw_qr
from ..scene import Scene
from ..scenes.common import TableScene, background, seat_colour
from ..scenes.standings import points_text, ranks
from ..widgets import blit_lines, blit_text, draw_panel, fit_lines, note_area, note_solid

POLL = 2.0          # seconds between two looks at the host's tables
MIN_STAY = 10.0     # a table is watched at least this long before another is picked
IDLE = 8.0          # ... and then left for a busier one once it has not moved for this long
CYCLE = 30.0        # with tv_cycle: each table this long
HOLD = 8.0          # a finished game's final board, before the standings
TALLY = 8.0         # a scoring's tally stays this long after its last line
CAPTIONS = 2        # the log lines shown as captions
#: TV mode's own canvas: a layout for 1920x1080 seen from three metres (the window shows it scaled
#: to its size, as every scene); the tables draw at their own size (``type(app).SIZE``) off screen.
TV_SIZE = (1920, 1080)
BOARD = (16, 16, 1304, 936)            # the board, as large as it fits there
CAPTIONS_BAND = (16, 968, 1304, 96)    # the log's last two lines under it
SIDE = (1340, 16, 564, 1048)           # the game, whose turn, the players, the address
NAME, NAME_MIN = 42, 36                # the players' names (px): at least NAME_MIN, on two lines if need be
JOIN_HEIGHT, JOIN_SMALL = 236, 70      # the address box beside the board: with its code, or the address alone


def centred_lines(surface, app, text: str, rect, size: int, colour, bold: bool = False,
                  min_size: int | None = None) -> int:
    """``blit_lines`` centred up and down in ``rect`` (a name on one line or two); the y below it."""
    rect = pygame.Rect(rect)
    lines, _, lh = fit_lines(app, text, rect, size, bold, min_size)
    rect.y += max(0, (rect.height - len(lines) * lh) // 2)
    rect.height = min(rect.height, len(lines) * lh)
    return blit_lines(surface, app, text, rect, size, colour, bold=bold, min_size=min_size)


def board_rect(src) -> pygame.Rect:
    """Where the table's board (its ``TV_BOARD`` on its canvas) goes on the TV: as large as
    ``BOARD`` allows, its shape kept (hexes stay hexes), centred there."""
    src, room = pygame.Rect(src), pygame.Rect(BOARD)
    scale = min(room.width / src.width, room.height / src.height)
    dst = pygame.Rect(0, 0, round(src.width * scale), round(src.height * scale))
    dst.center = room.center
    return dst


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
        self.canvas = pygame.Surface(type(app).SIZE)     # the table's own size, off screen
        self.waiting_host = not getattr(bridge, "connected", False)

    # --- the host -------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.app.set_canvas(TV_SIZE)
        self.look()

    def on_exit(self) -> None:
        self.app.set_canvas(None)

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
        self.tables = tables
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
        """What the screen shows: "waiting" (no host or no table), "table", "tally", "standings",
        "again" (between games: a Play again waits for its players, in the standings' place)."""
        mode = self.shown_mode()
        if mode in ("waiting", "standings") and not self.waiting_host and self.again_table() is not None:
            return "again"
        return mode

    def shown_mode(self) -> str:
        if self.waiting_host or self.child is None:
            return "standings" if self.over_at is not None and self.last_game else "waiting"
        if self.over_at is not None and self.app.time - self.over_at >= HOLD and not self.child.timeline.busy:
            return "standings"
        if self.tally is not None and self.app.time < self.tally["until"]:
            return "tally"
        return "table"

    def again_table(self) -> dict | None:
        """The Play again (docs/protocol.md 14) of the host's last list that waits for its players:
        a lobby made from a finished table, not a private one (TV mode shows none); None."""
        return next((t for t in getattr(self, "tables", []) if isinstance(t, dict) and t.get("status") == "lobby"
                     and isinstance(t.get("again_of"), int) and not t.get("private")), None)

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

    # --- frames: a layout of its own for 1920x1080 seen across a room ------------------------------
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
        elif mode == "again":
            self.draw_again(surface)
        elif mode == "waiting":
            self.draw_waiting(surface)

    def draw_waiting(self, surface) -> None:
        """No table (or no host): what the TV waits for, and the page's address for phones with its
        code, large across the room (or why there is none)."""
        app = self.app
        key = "tv.waiting_host" if self.waiting_host else "tv.waiting_tables"
        blit_text(surface, app, self.tr(key), (960, 90), 64, theme.ACCENT, bold=True, anchor="center",
                  shadow=True, box=pygame.Rect(60, 40, 1800, 100), min_size=36)
        blit_text(surface, app, self.bridge.host_name or "", (960, 170), 40, theme.MUTED,
                  anchor="center", box=pygame.Rect(60, 146, 1800, 50), min_size=28)
        self.draw_join(surface, pygame.Rect(360, 230, 1200, 760), big=True)
        blit_lines(surface, app, self.tr("tv.cycling" if self.cycle else "tv.following"),
                   pygame.Rect(160, 1000, 1600, 64), 28, theme.MUTED, min_size=20, align="center")

    def draw_join(self, surface, rect, big: bool) -> None:
        """The page guests with a phone open (the host's own LAN address, as its lobby shows it):
        its QR code and the address; a host with none says so (never ``localhost``)."""
        app, web = self.app, self.web()
        if not web:
            blit_lines(surface, app, self.tr("tv.no_lan"), rect.inflate(-40, -40) if big else rect, 44 if big else 26,
                       theme.ACCENT, bold=big, min_size=28 if big else 20, align="center" if big else "left")
            return
        if big:
            qr = draw_qr(surface, web, (rect.centerx, rect.y + 300), 600)
            note_solid(app, qr, "qr")
            blit_text(surface, app, self.tr("tv.phones", url=web), (rect.centerx, qr.bottom + 50), 48, theme.PAPER,
                      bold=True, anchor="center", box=pygame.Rect(rect.x, qr.bottom + 20, rect.width, 64), min_size=30)
            return
        side = min(rect.height, 200)
        qr = draw_qr(surface, web, (rect.x + side // 2, rect.centery), side)
        note_solid(app, qr, "qr")
        text = pygame.Rect(qr.right + 20, rect.y, rect.right - qr.right - 20, rect.height)
        y = blit_lines(surface, app, self.tr("tv.join"), pygame.Rect(text.x, text.centery - 70, text.width, 64), 28,
                       theme.MUTED, min_size=22)
        typed = web.removeprefix("http://").rstrip("/")       # as a phone's browser takes it typed
        blit_lines(surface, app, typed, pygame.Rect(text.x, y + 4, text.width, 80), 34, theme.PAPER, bold=True,
                   min_size=24)

    def draw_table(self, surface) -> None:
        """The board, as large as the room left of the players allows, the captions under it, the
        players and whose turn beside it."""
        app, child = self.app, self.child
        assert child is not None
        check, app.fitcheck = app.fitcheck, None    # the table is drawn off screen, at its own size
        try:
            child.draw(self.canvas)
        finally:
            app.fitcheck = check
        surface.blit(background(app, child.BACKGROUND), (0, 0))
        src, dst = pygame.Rect(child.TV_BOARD), board_rect(child.TV_BOARD)
        surface.blit(pygame.transform.smoothscale(self.canvas.subsurface(src), dst.size), dst.topleft)
        note_area(app, dst, "board")
        self.draw_captions(surface, pygame.Rect(CAPTIONS_BAND))
        self.draw_side(surface, pygame.Rect(SIDE))

    def shown(self) -> dict:
        """The view the board shows (it may lag behind the host's last update while it animates)."""
        return self.child.shown if self.child is not None and isinstance(self.child.shown, dict) else {}

    def draw_side(self, surface, rect) -> None:
        """The game, whose turn (large), each player's mark, name and score, the address for phones."""
        app, tm, v = self.app, self.bridge.table, self.shown()
        title = self.tr("tv.table", n=tm.id or 0, game=self.tr(f"game.{tm.game}") if tm.game else "")
        blit_text(surface, app, title, (rect.x, rect.y), 36, theme.MUTED, bold=True,
                  box=pygame.Rect(rect.x, rect.y, rect.width, 48), min_size=26)
        seat = v.get("to_act", tm.to_act)
        over = bool(v.get("over")) or tm.over
        seats = list(range(tm.seats or len(tm.players)))
        many = len(seats) > 4           # the players' rows take the room of what they are doing, and of the code
        banner = pygame.Rect(rect.x, rect.y + 60, rect.width, 150 if many else 196)
        draw_panel(surface, banner, fill=theme.ACCENT if not over else (40, 52, 88), edge=None, radius=18, shadow=False)
        x = banner.x + 24
        if isinstance(seat, int) and not over:
            theme.draw_shape(surface, self.shape(seat), (banner.x + 52, banner.y + 66), 30, seat_colour(tm, seat))
            x = banner.x + 100
            text = self.tr("tv.turn", name=tm.name(seat))
        else:
            text = self.tr("table.game_over") if over else ""
        ink = theme.INK if not over else theme.PAPER
        y = blit_lines(surface, app, text, pygame.Rect(x, banner.y + 14, banner.right - 20 - x, 124), 52, ink,
                       bold=True, min_size=38)
        doing, _ = self.child.prompt_text() if self.child is not None and not many else ("", None)
        if doing and not over:          # ... and what they are doing, in the table's own words
            top = max(y, banner.y + 132)
            blit_lines(surface, app, doing, pygame.Rect(banner.x + 24, top, banner.width - 44, banner.bottom - 8 - top),
                       28, ink, min_size=22)
        gap = 10 if many else 16
        bottom = rect.bottom - (JOIN_SMALL if many else JOIN_HEIGHT) - gap
        self.draw_players(surface, pygame.Rect(rect.x, banner.bottom + gap, rect.width, bottom - banner.bottom - gap),
                          seats, seat if not over else None, v)
        join = pygame.Rect(rect.x, bottom + gap, rect.width, rect.bottom - bottom - gap)
        draw_panel(surface, join, fill=(36, 46, 80), edge=None, radius=16, shadow=False)
        if not many:
            self.draw_join(surface, join.inflate(-24, -20), big=False)
        else:
            self.draw_address(surface, join)

    def draw_address(self, surface, rect) -> None:
        """The address alone (many players took the code's room)."""
        web = self.web()
        blit_text(surface, self.app, self.tr("tv.phones", url=web) if web else self.tr("tv.no_lan"),
                  (rect.x + 20, rect.centery), 30, theme.PAPER, bold=True, anchor="midleft",
                  box=rect.inflate(-30, -8), min_size=20)

    def shape(self, seat: int) -> str:
        return theme.player_shape(seat) if self.app.settings.shapes else "circle"

    def draw_players(self, surface, rect, seats: list[int], acting, v: dict) -> None:
        """A row per seat: its mark, its name (NAME px, on two lines where it needs them), who plays
        for it while its player is away, its score."""
        app, tm = self.app, self.bridge.table
        scores = v.get("scores") if isinstance(v.get("scores"), list) else tm.scores
        gap = 10 if len(seats) <= 4 else 6
        h = min(150, (rect.height - gap * (len(seats) - 1)) // max(1, len(seats)))
        pad = 6 if h >= 100 else 3
        for i, seat in enumerate(seats):
            r = pygame.Rect(rect.x, rect.y + i * (h + gap), rect.width, h)
            on = seat == acting
            draw_panel(surface, r, fill=(51, 64, 106) if on else (36, 46, 80), edge=theme.ACCENT if on else None,
                       radius=16, shadow=False)
            theme.draw_shape(surface, self.shape(seat), (r.x + 36, r.centery), 22, seat_colour(tm, seat))
            score = str(scores[seat]) if isinstance(scores, list) and seat < len(scores) else ""
            blit_text(surface, app, score, (r.right - 20, r.centery), 60, theme.ACCENT, bold=True, anchor="midright",
                      box=pygame.Rect(r.right - 130, r.y, 120, r.height), min_size=40)
            away = self.away_text(seat)
            name = pygame.Rect(r.x + 72, r.y + pad, r.width - 72 - 136, r.height - 2 * pad - (34 if away else 0))
            end = centred_lines(surface, app, tm.name(seat), name, NAME, theme.ACCENT if on else theme.PAPER, bold=True,
                                min_size=NAME_MIN)
            if away:
                blit_text(surface, app, away, (name.x, end), 26, theme.MUTED,
                          box=pygame.Rect(name.x, end - 2, name.width, 34), min_size=20)

    def away_text(self, seat: int) -> str:
        """"a bot plays" / "away" for a player who is not at the table, else ""."""
        players = self.bridge.table.players
        p = players[seat] if 0 <= seat < len(players) and isinstance(players[seat], dict) else {}
        if p.get("kind") != "human" or p.get("connected", True):
            return ""
        return self.tr("tv.bot_plays") if p.get("takeover") else self.tr("tv.away")

    def web(self) -> str | None:
        """The page guests with a phone open (the host's welcome), or None."""
        urls = getattr(self.bridge, "host_web", None)
        return urls[0] if urls else None

    def draw_captions(self, surface, rect) -> None:
        if not self.captions:
            return
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(band, (12, 16, 30, 220), band.get_rect(), border_radius=16)
        surface.blit(band, rect.topleft)
        shown = self.captions[-CAPTIONS:]
        h = rect.height // CAPTIONS
        for i, (line, mark) in enumerate(shown):
            y = rect.y + (CAPTIONS - len(shown) + i) * h
            newest = i == len(shown) - 1
            if mark is not None:
                theme.draw_shape(surface, mark[1], (rect.x + 30, y + h // 2), 15, mark[0])
            blit_text(surface, self.app, line, (rect.x + 58, y + h // 2), 40 if newest else 30,
                      theme.PAPER if newest else theme.MUTED, bold=newest, anchor="midleft", shadow=True,
                      box=pygame.Rect(rect.x + 52, y, rect.width - 64, h), min_size=24)

    def draw_tally(self, surface) -> None:
        """A scoring, full screen: each player's points of this round and new score."""
        app, tm, t = self.app, self.bridge.table, self.tally
        assert t is not None
        shade = pygame.Surface(app.SIZE, pygame.SRCALPHA)
        shade.fill((10, 8, 16, 220))
        surface.blit(shade, (0, 0))
        check = app.fitcheck
        if check is not None:       # the table under the shade is not what the screen shows now
            check.clear()
        scoring = self.scorings.of(t["kind"])
        title = self.tr(scoring.title) if scoring.title else ""
        blit_text(surface, app, title, (960, 120), 96, scoring.colour,
                  bold=True, anchor="center", shadow=True, box=pygame.Rect(60, 50, 1800, 140), min_size=48)
        rows = sorted(t["rows"].values(), key=lambda ev: -int(ev.get("score") or 0))
        for i, ev in enumerate(rows[:7]):
            seat = ev.get("seat")
            r = pygame.Rect(300, 230 + i * 112, 1320, 100)
            draw_panel(surface, r, fill=(40, 52, 88), radius=18, shadow=False)
            theme.draw_shape(surface, self.shape(seat), (r.x + 50, r.centery), 26, seat_colour(tm, seat))
            blit_text(surface, app, tm.name(seat), (r.x + 100, r.centery), 56, theme.PAPER, bold=True, anchor="midleft",
                      box=pygame.Rect(r.x + 92, r.y, 820, r.height), min_size=36)
            blit_text(surface, app, f"+{int(ev.get('total') or 0)}", (r.x + 1080, r.centery), 56, theme.GOOD, bold=True,
                      anchor="midright", box=pygame.Rect(r.x + 920, r.y, 170, r.height))
            blit_text(surface, app, str(int(ev.get("score") or 0)), (r.right - 30, r.centery), 64, theme.ACCENT,
                      bold=True, anchor="midright", box=pygame.Rect(r.right - 210, r.y, 200, r.height))

    def draw_standings(self, surface) -> None:
        """The night's standings (the host's), or the game that just ended; beside them the page's
        address for phones and its code (between games)."""
        app = self.app
        blit_text(surface, app, self.tr("tv.standings"), (700, 90), 80, theme.ACCENT, bold=True, anchor="center",
                  shadow=True, box=pygame.Rect(60, 30, 1280, 120), min_size=40)
        rows = self.standing_rows()
        places = self.standing_ranks()
        for i, (name, detail, points) in enumerate(rows[:8]):
            r = pygame.Rect(60, 180 + i * 110, 1280, 98)
            draw_panel(surface, r, fill=(70, 74, 40) if places[i] == 1 else (40, 52, 88), radius=18, shadow=False)
            blit_text(surface, app, f"{places[i]}.", (r.x + 24, r.centery), 48, theme.ACCENT, bold=True,
                      anchor="midleft", box=pygame.Rect(r.x + 14, r.y, 90, r.height))
            centred_lines(surface, app, name, pygame.Rect(r.x + 110, r.y + 4, 640, r.height - 8), NAME, theme.PAPER,
                          bold=True, min_size=NAME_MIN)
            centred_lines(surface, app, detail, pygame.Rect(r.x + 770, r.y + 8, 320, r.height - 16), 30, theme.MUTED,
                          min_size=22)
            blit_text(surface, app, points, (r.right - 24, r.centery), 56, theme.ACCENT, bold=True, anchor="midright",
                      box=pygame.Rect(r.right - 170, r.y, 160, r.height))
        if not rows:
            blit_text(surface, app, self.tr("tv.waiting_tables"), (700, 500), 44, theme.MUTED, anchor="center",
                      box=pygame.Rect(60, 460, 1280, 80), min_size=28)
        self.draw_phones(surface)

    def draw_again(self, surface) -> None:
        """A Play again waiting for its players, where the standings go: each seat's player and
        whether they are in (said yes, ready; a bot) or not yet (the seat kept for them), an open
        seat (they left); under them what comes next: tap Play again, or, everyone in, the owner
        starts. Beside it the page's address for phones and its code."""
        app, t = self.app, self.again_table()
        assert t is not None
        players = [p for p in t.get("players") or [] if isinstance(p, dict)]
        game = self.app.games.of(str(t.get("game"))) if t.get("game") in self.app.games else None
        title = self.tr("tv.again_title", game=self.tr(game.title_key) if game else str(t.get("game") or ""))
        blit_text(surface, app, title, (700, 90), 72, theme.ACCENT, bold=True, anchor="center",
                  shadow=True, box=pygame.Rect(60, 30, 1280, 120), min_size=40)
        states = [again_state(p) for p in players]
        seated = SimpleNamespace(players=players)       # (its seats' colours, as any table's)
        h = min(106, 760 // max(1, len(players)))
        for i, (p, state) in enumerate(zip(players, states)):
            r = pygame.Rect(60, 170 + i * h, 1280, h - 10)
            draw_panel(surface, r, fill=(40, 52, 88) if state != "waiting" else (34, 40, 64), radius=18, shadow=False)
            seat = int(p.get("seat", i))
            theme.draw_shape(surface, self.shape(seat), (r.x + 44, r.centery), 24, seat_colour(seated, seat))
            if state == "open":
                name, tint = self.tr("tv.again_open"), theme.MUTED
            else:
                name = bot_name(self.tr, seat, p.get("level")) if p.get("kind") == "bot" else str(p.get("name") or "")
                tint = theme.PAPER if state == "in" else theme.MUTED
            centred_lines(surface, app, name, pygame.Rect(r.x + 90, r.y + 4, 860, r.height - 8), NAME, tint,
                          bold=True, min_size=NAME_MIN)
            if state != "open":
                blit_text(surface, app, self.tr(f"tv.again_{state}"), (r.right - 24, r.centery), 44,
                          theme.GOOD if state == "in" else theme.MUTED, bold=True, anchor="midright",
                          box=pygame.Rect(r.right - 300, r.y, 290, r.height), min_size=30)
        every = bool(states) and all(st == "in" for st in states)
        owner = next((p for p in players if p.get("seat") == t.get("owner_seat") and p.get("kind") == "human"), None)
        if not every:
            line = self.tr("tv.again_how")
        elif owner is not None:         # who starts, by name: the room knows whom to ask
            line = self.tr("tv.again_start_named", name=str(owner.get("name") or ""))
        else:
            line = self.tr("tv.again_start")
        blit_lines(surface, app, line,
                   pygame.Rect(60, 170 + len(players) * h + 6, 1280, 1064 - (170 + len(players) * h + 6)), 40,
                   theme.ACCENT if every else theme.PAPER, bold=every, min_size=28, align="center")
        self.draw_phones(surface)

    def draw_phones(self, surface) -> None:
        """Beside the standings (or a Play again): the page's address for phones and its code."""
        app = self.app
        side = pygame.Rect(1400, 180, 480, 860)
        web = self.web()
        if web:
            qr = draw_qr(surface, web, (side.centerx, side.y + 240), 460)
            note_solid(app, qr, "qr")
            blit_lines(surface, app, self.tr("tv.phones", url=web),
                       pygame.Rect(side.x, qr.bottom + 24, side.width, 140), 40, theme.PAPER, bold=True, min_size=28,
                       align="center")
        else:
            blit_lines(surface, app, self.tr("tv.no_lan"), side, 36, theme.ACCENT, min_size=26, align="center")

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


def again_state(p: dict) -> str:
    """Where a Play again's seat stands (a table summary's player): "in" (its player said yes and
    is ready in it; a bot), "waiting" (kept for its player, who has not said yet), "open" (its
    player left: free for anyone)."""
    if p.get("kind") == "empty":
        return "open"
    if p.get("kept"):
        return "waiting"
    return "in" if p.get("kind") == "bot" or p.get("ready") else "waiting"
