"""Pebbles to the window, declared once like ``game/<game>/client.py``."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.client import GameClient, rule_book
from game.howto import Page
from game.net_bridge import LocalBridge
from game.scenes.common import TableScene, background
from game.scenes.samples import use
from game.tween import Call
from game.widgets import Button, blit_text

from .engine_game import Pebbles

PICTURES: list = []     # the how-to pictures drawn (the test reads it)


class PebblesScene(TableScene):
    game = "pebbles"

    def make_controls(self) -> None:
        self.widgets.add(self.menu_button())
        for i, n in enumerate((1, 2)):
            action = {"type": "take", "n": n}
            self.widgets.add(Button(self.app, (400 + i * 200, 600, 180, 56), None,
                                    lambda a=action: self.send(a), text=f"take {n}", value=action,
                                    enabled=lambda t="take", a=action: a in self.legal(t)))

    def animate_event(self, ev):
        """No animation: each event lands the update's view (the host's) at once."""
        return Call(lambda: self.land(*(set(self.landing) | set(self.shown))))

    def describe(self, ev):
        return f"{self.short_name(ev['seat'])} took {ev['n']}" if ev.get("type") == "took" else None

    def draw_table(self, surface) -> None:
        surface.blit(background(self.app), (0, 0))
        blit_text(surface, self.app, f"pile: {self.shown.get('pile', '?')}", (640, 300), 40, (255, 255, 255),
                  anchor="center", box=pygame.Rect(400, 260, 480, 80))


def option_line(tr, options: dict) -> str:
    return f"Pebbles in the pile: {options.get('pile')}"


def option_brief(tr, options: dict) -> str:
    return f"pile {options.get('pile')}"


def breakdown(app, view, seat) -> list[str]:
    return [f"took {view['taken'][seat]} pebbles"]


def columns(app, view) -> list:
    seats = view["seats"]
    return [("Last", ["yes" if s in view["winners"] else "no" for s in range(seats)], ["who took the last"] * seats)]


def picture(app, surface, rect) -> None:
    PICTURES.append(rect)
    pygame.draw.circle(surface, (200, 200, 180), rect.center, 40)


def bridge(names, pile: int = 7, played: bool = False) -> LocalBridge:
    g = Pebbles(2, pile)
    b = LocalBridge(g, my_seat=0, names=names[:2])
    while played and not g.is_over:
        b.act(g.legal_actions()[-1])
    return b


def table_sample(app, names):
    return PebblesScene(app, use(app, bridge(names)))


CLIENT = GameClient(
    name="pebbles",
    table=PebblesScene,
    option_line=option_line,
    option_brief=option_brief,
    rules=rule_book("P-", "pebbles.md", root=Path(__file__).parent / "rules"),
    howto=(Page("pebbles", "goal", picture), Page("pebbles", "take", picture)),
    breakdown=breakdown,
    columns=columns,
    quick_seats=2,
    samples={"pebbles": table_sample},
)
