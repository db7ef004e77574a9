"""The hint on the Tikal table: "What would a strong player do?"

``TikalHint(scene)`` is an add-on of the table scene (``TableScene.addons``): its button (H) runs the
hard bot (``engine.bots``, level "hard") on the player's own view in a worker thread and, once the
plan is ready, shows it on the board without playing it: the tile's spot and rotation, each walk as
an arrow, each action as a marker with its step number, and the steps in words beside the board.
Nothing is sent to the host: the view the client holds has no hidden information (the bot samples
what it cannot see, as it does at the table), so a hint reveals nothing either.

The button is there only when the table allows hints (the table summary's ``hints``, chosen when
the table was created) and we hold a seat. The hint follows the turn: when the player plays the
plan's next step the shown plan moves on; anything else drops it.
"""
from __future__ import annotations

import math

import pygame

from engine.bots.hints import TIKAL_WHY, tikal_plan, tikal_plan_with_reasons, tikal_words

from .. import theme
from ..hint import HintAddon, reason_text
from ..widgets import blit_text, draw_panel, wrap
from . import art
from . import layout as L
from .geometry import hexkey
from .words import treasure_name

#: Over the tile column, right of the turn prompt (never over the prompt, the Menu or the review's Back).
BUTTON_RECT = (L.COLUMN_X + 16, 10, L.COLUMN_W - 32, 40)
PLAN_COLOUR = (120, 230, 255)
WHY_COLOUR = (170, 205, 220)     # a step's reason, under it
WHY_SMALLER = 2                  # points smaller than its step


#: a step's action type -> the host's event that says it was played (the plan follows our steps;
#: the browser's hint reads the same table: tools/web_data.py)
PLAYED_BY = {"place_tile": "tile_placed", "enter": "figure_entered", "transfer": "figure_transferred",
             "move": "figure_moved", "uncover": "level_uncovered", "dig": "treasure_dug",
             "exchange": "exchange", "camp": "camp_built", "guard": "guard_placed"}
#: the strong bot's plan and its costs (``engine.bots.hints``: the host computes the same for a browser)
plan_turn, plan_with_reasons = tikal_plan, tikal_plan_with_reasons
#: reason key -> (catalog key, the number a plural entry is picked by, or None)
WHY = TIKAL_WHY


def why_text(app, reason: dict | None, number: int = 1) -> str:
    """A step's reason in the window's language ("" for none); ``number``: the step's own number
    in the list (a later step the reason names is ``number + ahead``)."""
    return reason_text(app, tikal_words(reason), number)


class TikalHint(HintAddon):
    """The hint button and the plan it shows (an add-on of the Tikal table scene; the button, the
    thread and the answer's arrival: ``game/hint.py``). The review (``review.py``) draws a past
    turn's plans with it: ``colour``, ``title_key``, ``note_key`` and ``fixed_rect`` (where its
    list goes) say how."""

    colour = PLAN_COLOUR
    title_key = "hint.title"
    note_key = "hint.note"
    fixed_rect: pygame.Rect | None = None
    button_rect = BUTTON_RECT

    def __init__(self, scene, app, bridge):
        self.plan: list[tuple[dict, int]] = []  # the steps still to play: (action, AP)
        self.why: list[dict] = []              # the bot's reason for each of those steps
        super().__init__(scene, app, bridge)

    def compute(self, view, legal, seat, seed) -> tuple:
        return plan_with_reasons(view, legal, seat, seed)

    def accept(self, state, plan, why) -> None:
        self.state, self.plan, self.why = state, list(plan), list(why)

    def shown(self) -> bool:
        return bool(self.plan)

    def clear(self) -> None:
        self.plan, self.why, self.state = [], [], None

    def on_net(self, note: dict) -> None:
        """The plan follows our own steps; any other change of the table drops it."""
        if note.get("kind") != "update" or not self.plan:
            return
        t = self.bridge.table
        if t.state == self.state:
            return
        mine = [ev for ev in note.get("events", []) if ev.get("seat") == t.my_seat]
        if self.played(mine, self.plan[0][0]) and t.my_turn() and len(self.plan) > 1:
            self.plan.pop(0)
            if self.why:
                self.why.pop(0)
            self.state = t.state
            return
        self.clear()

    @staticmethod
    def played(events: list[dict], step: dict) -> bool:
        """Whether the host's events are the plan's step being played."""
        kind = PLAYED_BY.get(step["type"])
        for ev in events:
            if ev.get("type") != kind:
                continue
            if "hex" in step and "hex" in ev and hexkey(ev["hex"]) != hexkey(step["hex"]):
                continue
            if step["type"] == "move" and [hexkey(h) for h in ev.get("path", [])] != [hexkey(h) for h in step["path"]]:
                continue
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def draw_answer(self, surface) -> None:
        self.draw_plan(surface)

    def draw_plan(self, surface, taken: list | None = None) -> None:
        """The plan on the board and in words; ``taken``: where another plan's numbers went this
        frame (the review draws two: no number goes on another)."""
        scene, app = self.scene, self.app
        pulse = 0.5 + 0.5 * math.sin(app.time * 4)
        self.badges: list[tuple[float, float]] = taken if taken is not None else []
        surface.set_clip(pygame.Rect(L.BOARD_RECT).inflate(16, 16))   # a zoomed board's plan stays on it
        for i, (step, _) in enumerate(self.plan):
            number = i + 1
            t = step["type"]
            if t == "place_tile":
                h = hexkey(step["hex"])
                drawn = scene.shown.get("drawn")
                if drawn:
                    img = art.tile_card(app, drawn, step["rotation"], scene.board.layout.size).copy()
                    img.set_alpha(int(150 + 60 * pulse))
                    surface.blit(img, img.get_rect(center=scene.board.center(h)))
                scene.board.outline(surface, h, self.colour, 4, 0.98)
                self.badge(surface, scene.board.center(h), number, dy=-0.55)
            elif t == "move":
                pts = [scene.board.center(hexkey(p)) for p in step["path"]]
                self.arrow(surface, pts)
                self.badge(surface, pts[-1], number, dy=0.55)
            elif t == "transfer":
                a, b = scene.board.center(hexkey(step["from"])), scene.board.center(hexkey(step["to"]))
                self.arrow(surface, [a, ((a[0] + b[0]) / 2, min(a[1], b[1]) - 40), b])
                self.badge(surface, b, number, dy=0.55)
            elif "hex" in step:
                c = scene.board.center(hexkey(step["hex"]))
                self.marker(surface, step, c)
                self.badge(surface, c, number, dy=-0.55 if t != "enter" else 0.55)
        surface.set_clip(None)
        self.draw_list(surface)

    def arrow(self, surface, pts) -> None:
        pygame.draw.lines(surface, theme.INK, False, pts, 9)
        pygame.draw.lines(surface, self.colour, False, pts, 5)
        (x0, y0), (x1, y1) = pts[-2], pts[-1]
        a = math.atan2(y1 - y0, x1 - x0)
        tip = (x1 - 10 * math.cos(a), y1 - 10 * math.sin(a))
        head = [tip, (tip[0] - 18 * math.cos(a - 0.5), tip[1] - 18 * math.sin(a - 0.5)),
                (tip[0] - 18 * math.cos(a + 0.5), tip[1] - 18 * math.sin(a + 0.5))]
        pygame.draw.polygon(surface, self.colour, head)
        pygame.draw.polygon(surface, theme.INK, head, 2)

    def marker(self, surface, step, c) -> None:
        """The action's own piece, where it happens."""
        scene = self.scene
        s = scene.board.layout.size
        me = self.bridge.table.my_seat or 0
        colour, shape = scene.colour(me), scene.shape(me)
        x, y = c[0] + s * 0.42, c[1] - s * 0.05
        pygame.draw.circle(surface, theme.INK, (x, y), s * 0.27)
        pygame.draw.circle(surface, (24, 40, 56), (x, y), s * 0.25)
        pygame.draw.circle(surface, self.colour, (x, y), s * 0.25, 3)
        t = step["type"]
        if t == "enter":
            art.draw_figure(surface, (x, y - 2), s * 0.1, colour, shape, leader=step.get("figure") == "leader")
        elif t == "uncover":
            art.draw_level_block(surface, self.app, (x, y), s * 0.34, "+1")
        elif t == "dig":
            art.draw_treasure(surface, (x, y), s * 0.13, None)
        elif t == "camp":
            art.draw_tent(surface, (x, y + 2), s * 0.12, colour, shape)
        elif t == "guard":
            art.draw_guard(surface, (x - 2, y + 2), s * 0.1, colour, shape)

    def badge(self, surface, c, number: int, dy: float = -0.55) -> None:
        x, y = c[0] - self.scene.board.layout.size * 0.42, c[1] + self.scene.board.layout.size * dy
        badges = getattr(self, "badges", [])
        while any(abs(x - bx) < 26 and abs(y - by) < 26 for bx, by in badges):
            x += 27           # two steps on one hex: the later number beside the earlier, never on it
        badges.append((x, y))
        pygame.draw.circle(surface, theme.INK, (x, y + 1), 13)
        pygame.draw.circle(surface, self.colour, (x, y), 12)
        blit_text(surface, self.app, str(number), (x, y), 15, theme.INK, bold=True, anchor="center", layer="board")

    def step_text(self, step: dict, cost: int = 0) -> str:
        """One step of the plan in words, with its cost in AP."""
        tr, trn, scene = self.app.tr, self.app.trn, self.scene
        t = step["type"]
        if t == "place_tile":
            turns = step.get("rotation") or 0   # R turns clockwise, Q back: the fewer presses
            if not turns:
                return tr("hint.step.place")
            return trn("hint.step.place_turned", turns) if turns <= 3 else trn("hint.step.place_turned_back", 6 - turns)
        if t == "enter":
            return tr("hint.step.enter_leader" if step.get("figure") == "leader" else "hint.step.enter_worker")
        if t == "transfer":
            return tr("hint.step.transfer_leader" if step.get("figure") == "leader" else "hint.step.transfer_worker")
        if t == "move":
            key = "hint.step.walk_leader" if step.get("figure") == "leader" else "hint.step.walk_worker"
            return trn(key, len(step["path"]) - 1, cost=cost)
        if t == "exchange":
            return tr("hint.step.exchange", give=treasure_name(scene.tr, step["give"]),
                      take=treasure_name(scene.tr, step["take"]),
                      name=self.bridge.table.name(step["with"]))
        if t == "end_turn":
            return tr("hint.step.end")
        if t == "bid":
            return tr("hint.step.bid", amount=step["amount"])
        if t == "pass":
            return tr("hint.step.pass")
        if t == "choose_tile":
            return tr("hint.step.choose", tile=step["tile"])
        plain = {"uncover": "hint.step.uncover", "dig": "hint.step.dig", "camp": "hint.step.camp",
                 "guard": "hint.step.guard"}.get(t)
        return tr(plain) if plain else t

    def list_lines(self) -> list[tuple[int, str, str]]:
        """The plan's steps in words, numbered, each with the bot's reason for it ("" if none)."""
        lines = []
        for i, (step, cost) in enumerate(self.plan):
            text = self.step_text(step, cost)
            if cost and step["type"] != "move":
                text = self.app.tr("hint.with_cost", step=text, ap=cost)
            lines.append((i + 1, text, why_text(self.app, self.why[i] if i < len(self.why) else None, i + 1)))
        return lines

    def list_rect(self, seats: int | None = None) -> pygame.Rect:
        """Where the steps are listed while the plan shows: over the temple levels and the game
        log (the board, the supply and the buttons stay free to play the plan); a long plan whose
        steps and reasons need more room covers the players' rows too."""
        if self.fixed_rect is not None:
            return self.fixed_rect
        top = L.levels_rect(max(2, seats or self.scene.seats)).y
        rect = pygame.Rect(L.PANEL_X, top, L.PANEL_W, L.log_rect(4).bottom - top)
        if self.list_layout(rect)[1][2]:
            return rect
        return pygame.Rect(L.PANEL_X, L.ROW_Y, L.PANEL_W, L.log_rect(4).bottom - L.ROW_Y)

    def list_layout(self, rect: pygame.Rect):
        """``(note lines, (size, wrapped steps, fits))`` for the list in ``rect``."""
        app = self.app
        note = wrap(app.assets.font(13), app.tr(self.note_key), rect.width - 20)
        height = rect.height - 44 - 16 * len(note)
        return note, fit_steps(app, self.list_lines(), rect.width - 44, height)

    def draw_list(self, surface) -> None:
        """The steps in words over the column (the board keeps its numbers)."""
        app = self.app
        r = self.list_rect()
        draw_panel(surface, r, fill=(20, 40, 56), edge=self.colour)
        title = app.tr(self.title_key)
        size = next((z for z in (17, 16, 15, 14, 13) if app.assets.font(z, True).size(title)[0] <= r.width - 16), 12)
        blit_text(surface, app, title, (r.centerx, r.y + 16), size, self.colour, bold=True, anchor="center",
                  layer="overlay")
        note, (size, wrapped, _) = self.list_layout(r)
        y = r.y + 34
        clip = surface.get_clip()
        surface.set_clip(r.inflate(-4, -4))
        for number, rows, why_rows in wrapped:
            pygame.draw.circle(surface, self.colour, (r.x + 17, y + size // 2 + 1), 10)
            blit_text(surface, app, str(number), (r.x + 17, y + size // 2 + 1), 13, theme.INK, bold=True,
                      anchor="center", layer="overlay")
            for ln in rows:
                blit_text(surface, app, ln, (r.x + 32, y), size, theme.PAPER, layer="overlay")
                y += size + 3
            for ln in why_rows:                 # the reason, smaller, under its step
                blit_text(surface, app, ln, (r.x + 32, y), size - WHY_SMALLER, WHY_COLOUR, layer="overlay")
                y += size - WHY_SMALLER + 2
            y += 4
        surface.set_clip(clip)
        for k, ln in enumerate(note):
            blit_text(surface, app, ln, (r.x + 10, r.bottom - 8 - 16 * (len(note) - k)), 13, theme.MUTED,
                      layer="overlay")
def fit_steps(app, lines, width: int, height: int, sizes=(16, 15, 14, 13, 12)):
    """The biggest font size at which the numbered steps ``(number, text, reason)``, wrapped to
    ``width`` (a reason WHY_SMALLER points smaller, under its step), fit ``height``: ``(size,
    [(number, rows, reason rows)], fits)`` (the smallest size when none fits)."""
    for size in sizes:
        font, small = app.assets.font(size), app.assets.font(size - WHY_SMALLER)
        wrapped = [(n, wrap(font, text, width), wrap(small, why, width) if why else [])
                   for n, text, why in lines]
        total = sum(len(rows) * (size + 3) + len(whys) * (size - WHY_SMALLER + 2) + 4
                    for _, rows, whys in wrapped)
        if total <= height:
            return size, wrapped, True
    return size, wrapped, False
