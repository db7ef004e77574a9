"""Review my game: after a Tikal game the strong bot looks at each of the player's turns.

From the results a player asks for a review (``review_allowed``: a table that forbids hints allows
it only once the game is over). ``ReviewJob`` runs in a worker thread, never on the frame loop:
it takes the player's turns from the updates the client received (``TableModel.history``, through
``engine.bots.tikal_bots.coach.turns_of``: their own view when each turn began, what they played)
and sets the hard bot's plan for that view against each (``coach.review_turn``: both valued by the
bot in estimated points; on the last turns a clearly better estimate is played on first and its
points are what the playouts measured, ``coach.LATE_TILES``). ``ReviewScene`` lists the turns
where the bot's plan was clearly better (``coach.CLEARLY`` points or more), the three biggest
marked as key moments, while the job fills the list in; a row shows that turn's board
(``show_turn``): the bot's plan drawn on it beside what was played, each in words (the hint's
drawing, ``hint.TikalHint``). When the replay viewer is open on this game its timeline gets the
key moments (``marks``).
"""
from __future__ import annotations

import copy
import threading

import pygame

import engine
from engine.bots import make_bot
from engine.bots.hints import with_costs

from .. import theme
from ..hint import hints_allowed
from ..net_bridge import LocalBridge, OfflineBridge
from ..replay.viewer import watch
from ..scene import Scene
from ..scenes.common import background, heading
from ..scenes.samples import use
from ..widgets import Button, blit_text, draw_panel, wrap
from . import layout as L
from .hint import TikalHint
from .samples import hinted
from .scene import TikalScene

PLAYED_COLOUR = (255, 180, 90)
PANEL = pygame.Rect(130, 150, 1020, 470)
ROW_H = 44
ROWS = 8


def review_allowed(bridge) -> bool:
    """A Tikal seat may ask for a review once its game is over, or at once where hints are allowed."""
    t = bridge.table
    return t.game == "tikal" and t.my_seat is not None and (t.over or hints_allowed(bridge))


def effective(history: list) -> list:
    """The updates in effect: an undo (``undone``: the seat) takes out the update of that seat's
    last action (only the last action of one's own turn can be undone)."""
    out: list = []
    for e in history:
        seat = e.get("undone")
        if seat is None:
            out.append(e)
            continue
        for i in range(len(out) - 1, -1, -1):
            if any(ev.get("seat") == seat for ev in out[i]["events"]):
                del out[i]
                break
    return out


class ReviewJob:
    """The review of ``seat``'s turns in ``history`` (the updates as received), in a thread.
    ``reviews[i]`` is turn i's review once done (None before); ``bot_kw`` go to the hard bot
    (the screenshot sample gives it a small budget)."""

    def __init__(self, history: list, seat: int, seed: int = 1, **bot_kw):
        from engine.bots.tikal_bots import coach  # the bot's code loads when a review starts

        self.coach = coach
        self.seat, self.seed, self.bot_kw = seat, seed, bot_kw
        self.turns = self.coach.turns_of(effective(history), seat)   # (views are never changed once received)
        self.reviews: list = [None] * len(self.turns)
        self.done = 0
        self.error: str | None = None
        self.stop = False
        self.thread: threading.Thread | None = None

    def start(self) -> ReviewJob:
        self.thread = threading.Thread(target=self.work, name="tikal-review", daemon=True)
        self.thread.start()
        return self

    def work(self) -> None:
        try:
            for i, turn in enumerate(self.turns):
                if self.stop:
                    return
                self.reviews[i] = self.coach.review_turn(turn, self.seat, self.seed + i, **self.bot_kw)
                self.done = i + 1
        except Exception as e:   # a view the bot cannot read: say so, never crash the window
            self.error = str(e) or type(e).__name__

    def run(self) -> ReviewJob:
        """The whole review at once, in this thread (samples)."""
        self.work()
        return self

    @property
    def finished(self) -> bool:
        return self.done == len(self.turns) or self.error is not None

    def better(self) -> list[int]:
        """Indices of the turns reviewed so far where the bot's plan was clearly better."""
        return [i for i, r in enumerate(self.reviews) if r is not None and r["gain"] >= self.coach.CLEARLY]

    def key_moments(self) -> list[int]:
        """Turn indices of the biggest gains (once the whole game is reviewed)."""
        if not self.finished:
            return []
        done = [(i, r) for i, r in enumerate(self.reviews) if r is not None]
        marks = self.coach.key_moments([r for _, r in done])
        return [done[k][0] for k in marks]

    def marks(self, tr) -> list[dict]:
        """The key moments for the replay viewer's timeline: ``{"move", "text"}`` (``move``: how
        many actions of the game came before the turn)."""
        out = []
        for i in self.key_moments():
            r = self.reviews[i]
            out.append({"move": self.turns[i].get("move", r.get("state") or 0),
                        "text": tr("review.mark", turn=i + 1, points=round(r["gain"]))})
        return out


class ReviewScene(Scene):
    """The review's list (see the module's docstring)."""

    name = "tikal_game_review"

    def __init__(self, app, bridge, job: ReviewJob | None = None):
        super().__init__(app)
        self.bridge = bridge
        t = bridge.table
        self.job = job or ReviewJob(t.history, t.my_seat or 0).start()
        self.first = 0
        self.rows: list[Button] = []
        self.marked: set = set()
        self.widgets.add(Button(app, (430, 640, 200, 52), "review.back", self.back, key=pygame.K_ESCAPE,
                                tooltip="review.back_tip"))
        self.replay = self.widgets.add(Button(app, (650, 640, 200, 52), "review.replay", self.ask_replay,
                                              key=pygame.K_r, tooltip="review.replay_tip",
                                              enabled=lambda: self.job.finished and bool(self.job.key_moments())))
        self.replay.visible = getattr(bridge, "request_replay", None) is not None
        self.asked = False                  # the replay was asked of the host
        self.up = self.widgets.add(Button(app, (PANEL.right - 60, PANEL.y + 8, 44, 36), None,
                                          lambda: self.scroll(-1), text="▲", tooltip="review.up_tip"))
        self.down = self.widgets.add(Button(app, (PANEL.right - 60, PANEL.bottom - 44, 44, 36), None,
                                            lambda: self.scroll(1), text="▼", tooltip="review.down_tip"))
        for k in range(ROWS):
            self.rows.append(self.widgets.add(Button(
                app, (PANEL.x + 16, PANEL.y + 52 + k * (ROW_H + 6), PANEL.width - 96, ROW_H), None,
                lambda k=k: self.open_row(k), text=lambda k=k: self.row_text(k), tooltip="review.row_tip",
                size=18)))

    # --- what the list shows ----------------------------------------------------------------------
    def shown(self) -> list[int]:
        return self.job.better()

    def row_turn(self, k: int) -> int | None:
        rows = self.shown()
        i = self.first + k
        return rows[i] if i < len(rows) else None

    def row_text(self, k: int) -> str:
        i = self.row_turn(k)
        if i is None:
            return ""
        r = self.job.reviews[i]
        text = self.trn("review.row", max(1, round(r["gain"])), turn=i + 1)
        if i in self.job.key_moments():
            text = "★ " + text + " · " + self.tr("review.key")
        return text

    def scroll(self, d: int) -> None:
        self.first = max(0, min(self.first + d, max(0, len(self.shown()) - ROWS)))

    def open_row(self, k: int) -> None:
        i = self.row_turn(k)
        if i is not None:
            show_turn(self.app, self.bridge, self.job, i)

    def back(self) -> None:
        self.job.stop = True
        self.app.pop()

    def ask_replay(self) -> None:
        """The game's replay (asked of the host), its timeline marked with the key moments."""
        if self.bridge.table.id is not None:
            self.asked = True
            self.bridge.request_replay(self.bridge.table.id)

    def on_net(self, note: dict) -> None:
        if note.get("kind") == "replay" and self.asked and self.app.scene is self:
            self.asked = False
            viewer = watch(self.app, note, on_back=lambda: self.app.pop())
            if viewer is not None:
                viewer.watcher.add_marks(self.job.marks(self.tr))

    def update(self, dt: float) -> None:
        super().update(dt)
        for k, b in enumerate(self.rows):
            b.visible = self.row_turn(k) is not None
        self.up.visible = self.down.visible = len(self.shown()) > ROWS
        if self.job.finished and not self.marked:
            self.marked = set(self.job.key_moments()) or {-1}
            for scene in self.app.scenes:       # a replay viewer open on this game: its timeline
                watcher = getattr(scene, "watcher", None)
                if watcher is not None and watcher.replaying:
                    watcher.add_marks(self.job.marks(self.tr))

    def status(self) -> str:
        job = self.job
        if job.error is not None:
            return self.tr("review.failed", error=job.error)
        if not job.turns:
            return self.tr("review.no_turns")
        if not job.finished:
            return self.trn("review.progress", len(job.turns), done=job.done)
        if not job.better():
            return self.tr("review.none")
        return self.trn("review.summary", len(job.turns), count=len(job.better()))

    def draw_scene(self, surface) -> None:
        app = self.app
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("review.title"))
        blit_text(surface, app, self.status(), (640, 112), 20, theme.PAPER, anchor="center",
                  box=pygame.Rect(60, 94, 1160, 40))
        draw_panel(surface, PANEL)
        for k, line in enumerate(wrap(app.assets.font(15), self.tr("review.explain"), PANEL.width - 110)[:2]):
            blit_text(surface, app, line, (PANEL.x + 20, PANEL.y + 8 + 18 * k), 15, theme.MUTED,
                      box=pygame.Rect(PANEL.x + 10, PANEL.y + 4, PANEL.width - 100, 44))


# --- one turn on the board ----------------------------------------------------------------------------
class TurnOverlay:
    """An add-on of a Tikal table scene showing a past turn: the bot's plan and what was played,
    each drawn on the board and listed in words (two ``TikalHint`` drawers)."""

    def __init__(self, scene, app, bridge, review: dict, why: list):
        seat = bridge.table.my_seat or 0
        view = bridge.table.view
        self.scene = scene
        top = L.ROW_Y
        half = (L.log_rect(4).bottom - top) // 2
        self.bot = TikalHint(scene, app, bridge)
        self.bot.title_key, self.bot.note_key = "review.bot_plan", "review.bot_note"
        self.bot.fixed_rect = pygame.Rect(L.PANEL_X, top, L.PANEL_W, half - 4)
        self.bot.plan, self.bot.why = with_costs(view, review["plan"], seat, 1), list(why)
        self.played = TikalHint(scene, app, bridge)
        self.played.colour = PLAYED_COLOUR
        self.played.title_key, self.played.note_key = "review.played", "review.played_note"
        self.played.fixed_rect = pygame.Rect(L.PANEL_X, top + half + 4, L.PANEL_W, half - 4)
        self.played.plan = with_costs(view, review["played"], seat, 1)
        state = bridge.table.state
        self.bot.state = self.played.state = state

    def update(self, dt: float) -> None: ...
    def on_net(self, note: dict) -> None: ...
    def handle_event(self, event) -> bool: return False

    def draw(self, surface) -> None:
        self.played.draw_plan(surface)
        self.bot.draw_plan(surface, taken=self.played.badges)


def snapshot_bridge(bridge, view: dict, state: int | None) -> OfflineBridge:
    """A bridge that holds one past view of ours (nothing is sent from it)."""
    b = OfflineBridge(bridge.table.name(bridge.table.my_seat or 0))
    t = b.table
    t.players = copy.deepcopy(bridge.table.players)
    t.apply_update({"t": "update", "table": bridge.table.id, "state": state or 0, "view": copy.deepcopy(view),
                    "seat": bridge.table.my_seat, "to_act": view.get("to_act"), "over": False, "legal": [],
                    "scores": list(view.get("scores") or [])})
    b.tr = bridge.tr
    return b


def show_turn(app, bridge, job: ReviewJob, i: int):
    """The board as turn ``i`` began, with the bot's plan beside what was played (Back returns)."""
    turn, review = job.turns[i], job.reviews[i]
    coach = job.coach
    b = snapshot_bridge(bridge, turn["view"], turn.get("state"))
    scene = TikalScene(app, b, review=True)
    scene.addons = scene.addons + (TurnOverlay(scene, app, b, review, coach.why(turn["view"], review["plan"], job.seat,
                                                                           seed=1)),)
    scene.widgets.clear()
    scene.widgets.add(Button(app, (12, 12, 130, 40), "review.back", app.pop, key=pygame.K_ESCAPE, key_name="",
                             tooltip="review.board_back_tip", size=18))
    return app.push(scene)


# --- screenshot samples ---------------------------------------------------------------------------------
_SAMPLE: dict = {}


def _sample_game(app, names):
    """A three-player game played out by greedy bots (our seat too) through a local bridge, as the
    client would have received it, and its review (computed once per process)."""
    b = hinted(LocalBridgeFor(engine.new_game("tikal", 3, 11, {"variant": "base"}), names))
    b.bots = {s: make_bot("tikal", "normal", s, 5 + s) for s in range(3)}
    b.play_out(5000)
    b.bots = {}
    b.poll()
    if "job" not in _SAMPLE:
        _SAMPLE["job"] = ReviewJob(b.table.history, 0, budget=800).run()
    return use(app, b), _SAMPLE["job"]


def LocalBridgeFor(game, names):
    return LocalBridge(game, my_seat=0, names=names[:game.seats])


def review_list_sample(app, names):
    b, job = _sample_game(app, names)
    app.goto("results", b)
    return app.push(ReviewScene(app, b, job))


def review_turn_sample(app, names):
    scene = review_list_sample(app, names)
    return show_turn(app, scene.bridge, scene.job, (scene.job.key_moments() or scene.job.better() or [0])[0])



def open_review(app, bridge) -> None:
    """The results' Review my game (V)."""
    app.push(ReviewScene(app, bridge))


def review_after_game(bridge) -> bool:
    """The results' button is enabled: a review is allowed and the window saw the game's moves."""
    return review_allowed(bridge) and bool(bridge.table.history)
