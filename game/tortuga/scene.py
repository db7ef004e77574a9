"""The La Tortuga table: a ``TableScene`` made of parts with one job each.

- ``island`` (``island.py``): the track, the raft, the beach and its cards, the turtles;
- ``panel`` (``panel.py``): a row per seat and the dice tray;
- ``anim`` (``animations.py``): the host's events as animations, and the cards in flight;
- ``fx`` (``game/effects.py``, shared with Tikal): sparks, floating text;
- the log lines come from ``log_lines.py`` (data);
- add-on (``TableScene.addons``): the hint (``hint.py``).

The scene wires them, builds the decider's buttons from the host's legal list and writes the
prompt. Everything moves because of the host's events and every sequence ends in exactly the
host's view (``TableScene.sync``).
"""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..effects import Effects
from ..scenes.common import TableScene
from ..widgets import Button, draw_panel, fit_lines, note_target, note_text
from .animations import TortugaAnimator
from .hint import TortugaHint
from .island import Island
from .log_lines import LOG_LINES
from .panel import PlayersPanel

#: Buttons that breathe while the decision is ours.
PULSING = ("tortuga.roll", "tortuga.stop")   # and the choices of turtle (their value is the action)


class TortugaScene(TableScene):
    game = "tortuga"
    name = "tortuga"
    LOG_LINES = LOG_LINES
    TURN_EVENTS = frozenset({"turn"})
    REPLAY_BAR = (962, 418, 306, 96)     # over the dice tray's corner
    REPLAY_CHART = (60, 90, 840, 420)
    TV_BOARD = (12, 28, 920, 692)   # TV mode: the whole island, its sand and foam ring too
    BACKGROUND = "sea"
    CHIP_RECT = (260, 10, 460, 46)   # in the prompt's place (it says whose turn it is): over no space

    def __init__(self, app, bridge, review: bool = False):
        self.app = app
        self.island = Island(self)
        self.panel = PlayersPanel(self)
        self.anim = TortugaAnimator(self)
        self.fx = Effects(self)
        self.addons = (TortugaHint(self, app, bridge),)
        super().__init__(app, bridge, review)
        self.on_synced()

    @property
    def seats(self) -> int:
        return int(self.shown.get("seats") or self.table.seats or 1)

    def owner(self, turtle: int) -> int:
        return turtle % self.seats

    def on_synced(self) -> None:
        self.island.reset()
        self.panel.reset()
        self.anim.reset()

    def on_events(self, events: list) -> None:
        """The spaces where this update's movements ended stay ringed until the next movement (a
        recap's events: every movement since the player left)."""
        ends = {ev["to"] for ev in events if ev.get("type") == "turtles_moved" and isinstance(ev.get("to"), int)}
        if ends:
            self.island.marks = ends

    def carry_marks(self, old) -> None:
        self.island.marks = set(old.island.marks)

    def animate_event(self, ev: dict):
        return self.anim.animate(ev)

    # --- controls (what the host's legal list allows) ---------------------------------------------
    def make_controls(self) -> None:
        self.widgets.add(self.menu_button())
        y = 458
        self.widgets.add(Button(self.app, (968, y, 138, 46), "tortuga.roll", lambda: self.send({"type": "roll"}),
                                key=pygame.K_r, tooltip="tortuga.roll_tip", style="primary",
                                enabled=lambda: bool(self.legal("roll"))))
        self.widgets.add(Button(self.app, (1116, y, 138, 46), "tortuga.stop", lambda: self.send({"type": "stop"}),
                                key=pygame.K_s, tooltip="tortuga.stop_tip", style="good",
                                enabled=lambda: bool(self.legal("stop"))))
        plays = [a for a in self.table.legal if a.get("type") == "play_card"] if self.table.my_turn() else []
        for i, a in enumerate(plays[:6]):
            card = self.widgets.add(Button(self.app, (968 + i * 48, 414, 42, 38), None, lambda a=a: self.send(a),
                                           key=pygame.K_1 + a["eggs"] - 1, key_name="", tooltip="tortuga.card_tip",
                                           text=f"{a['eggs']}", enabled=lambda: bool(self.legal("play_card")),
                                           size=20, value=a))
            card.tip_further = (self.above_the_tray,)   # beside it: the sum, Roll and Stop, the moving turtles
        self.panel.build_tips(self.widgets)
        chooses = [a for a in self.table.legal if a.get("type") == "choose_turtle"] if self.table.my_turn() else []
        for i, a in enumerate(chooses):
            first = a["turtle"] < self.seats
            self.widgets.add(Button(self.app, (968 + i * 148, 410, 138, 44), None,
                                    lambda a=a: self.send(a), key=pygame.K_a if first else pygame.K_b,
                                    text=lambda t=a["turtle"]: self.turtle_choice(t),
                                    tooltip="tortuga.choose_tip", style="primary",
                                    enabled=lambda: bool(self.legal("choose_turtle")), size=17, value=a))

    @staticmethod
    def above_the_tray(size) -> tuple[int, int]:
        """A card's tooltip where nothing beside the card is free: over the bottom of the players'
        panel, just above the dice tray (the sum, the dice and the buttons stay in sight)."""
        return (1270 - size[0], 306 - size[1])

    def turtle_choice(self, turtle: int) -> str:
        """A choice of turtle in words, named by its look (the second one's shell is striped:
        ``island.turtle_surface``) and where it stands."""
        striped = turtle >= self.seats
        space = self.island.space_of(turtle)
        if not space:
            return self.tr("tortuga.choose_b_raft" if striped else "tortuga.choose_a_raft")
        return self.tr("tortuga.choose_b_at" if striped else "tortuga.choose_a_at", space=space)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chooses = {a["turtle"]: a for a in self.legal("choose_turtle")}
            t = self.island.turtle_at(event.pos, chooses)  # click a turtle to choose it
            if t is not None:
                self.send(chooses[t])
                return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.fx.update(dt)
        self.island.update(dt)
        hovered = self.widgets.hovered          # a hovered choice of turtle rings that turtle on the island
        value = getattr(hovered, "value", None) if hovered is not None and hovered.visible else None
        self.island.highlight = {value["turtle"]} if isinstance(value, dict) and "turtle" in value else set()
        pulse = 0.5 + 0.5 * math.sin(self.app.time * 6)  # our decision: the buttons breathe
        for w in self.widgets.items:
            if not isinstance(w, Button):
                continue
            choice = isinstance(w.value, dict) and w.value.get("type") == "choose_turtle"
            if w.label in PULSING or choice:
                w.pulse = pulse if w.enabled else 0.0

    # --- drawing ------------------------------------------------------------------------------------
    def draw_table(self, surface) -> None:
        self.island.draw(surface)
        self.fx.draw_particles(surface)
        if self.shows_prompt:
            self.draw_prompt(surface)
        self.panel.draw(surface)
        self.anim.draw_top(surface)
        self.fx.draw_floaters(surface)
        self.note_targets()

    def note_targets(self) -> None:
        """What the current decision is about (``note_target``: no tooltip covers it): the
        turtles to choose from; the moving group on the island and, while rolling, the dice's
        sum; on our decision, our row (the cards we may play)."""
        if self.timeline.busy or self.shown.get("over"):
            return
        phase = self.shown.get("phase")
        if phase == "choose_turtle":
            turtles = [a["turtle"] for a in self.legal("choose_turtle")]
        else:
            turtles = list(self.shown.get("group") or [])
            mover = self.shown.get("turtle")
            if mover is not None and mover not in turtles:
                turtles.append(mover)
        for t in turtles:
            r = self.island.turtle_rect(t)
            if r is not None:
                note_target(self.app, r, f"turtle {t}")
        if phase in ("roll", "decide"):
            note_target(self.app, self.panel.SUM_LINE, "the dice's sum")
        decider = self.shown.get("decider")
        if self.table.my_turn() and self.me is not None and (decider is None or decider == self.me):
            note_target(self.app, self.panel.row_rect(self.me), "your row")

    def prompt_text(self) -> tuple[str, tuple]:
        """Whose decision it is, in words. It says "you" only while the host says we are the
        one to act (while other moves still animate, the prompt speaks of us by name)."""
        s = self.shown
        if s.get("over") or self.table.over:
            return self.tr("table.game_over"), theme.ACCENT
        active = s.get("seat", 0)
        decider = s.get("decider")
        me = self.me if self.table.my_turn() else None
        phase = s.get("phase")
        an = self.short_name(active)
        dn = self.short_name(decider if decider is not None else active)
        if phase == "choose_turtle":
            if me == active:
                return self.tr("tortuga.prompt_choose_you"), theme.ACCENT
            return self.tr("tortuga.prompt_choose", name=an), theme.PAPER
        if phase == "roll":
            if me == active:
                return self.tr("tortuga.prompt_roll_you"), theme.ACCENT
            return self.tr("tortuga.prompt_roll", name=an), theme.PAPER
        if phase == "decide":
            if decider is not None and decider != active:
                if me == decider:
                    return self.tr("tortuga.prompt_decide_for", name=an), theme.ACCENT
                if self.me == active:
                    return self.tr("tortuga.prompt_other_decides_yours", name=dn), theme.PAPER
                return self.tr("tortuga.prompt_decides_for", name=dn, active=an), theme.PAPER
            if me is not None and me == decider:
                return self.tr("tortuga.prompt_decide_you"), theme.ACCENT
            return self.tr("tortuga.prompt_decide", name=dn), theme.PAPER
        return self.tr("tortuga.prompt_turn", name=an), theme.PAPER

    def draw_prompt(self, surface) -> None:
        """Whose decision it is, on a plate at the top of the island (two lines at most)."""
        shown = self.prompt_to_draw()
        if shown is None:
            return
        text, colour = shown
        lines, size, lh = fit_lines(self.app, text, pygame.Rect(0, 0, 640, 2 * 26), 20, True, 15)
        font = self.app.assets.font(size, True)
        w = max(font.size(ln)[0] for ln in lines) + 40
        r = pygame.Rect(0, 0, w, 14 + lh * len(lines))
        r.midtop = (490, 6)
        draw_panel(surface, r, fill=(20, 30, 60), edge=colour, radius=16, alpha=230)
        self.prompt_drawn(r)
        for i, ln in enumerate(lines):
            img = self.app.assets.text(ln, size, colour, True)
            spot = surface.blit(img, img.get_rect(midtop=(r.centerx, r.y + 7 + lh * i)))
            note_text(self.app, spot, ln, r)

