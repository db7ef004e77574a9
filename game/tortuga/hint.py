"""The hint on the La Tortuga table: "What would a strong player do?"

``TortugaHint(scene)`` is an add-on of the table scene (``TableScene.addons``), in the shape of
Tikal's hint: its button (H) runs the hard bot (exact expectimax over the dice) on a copy of our
own view in a worker thread, through ``engine.bots.tortuga_coach.advise``, which also gives the
bot's reason from its own numbers. The answer shows as a ring round the button to press (Roll,
Stop, a card, a turtle: the turtle is ringed on the island too) and a box over the island's middle:
the choice in words and one line of why (its gain over the next best choice, which it names), and a
note that the eggs of that line are the bot's estimate of worth, not eggs promised. Nothing is sent
to the host; the view holds nothing hidden (the deck's order and the removed cards are not in it),
so a hint reveals nothing.

The button is there only when the table allows hints (the table summary's ``hints``) and we hold
a seat; it can be asked when the decision is ours and there is one to make (not the first die,
which is always rolled). Any update of the table drops the shown hint.
"""
from __future__ import annotations

import math

import pygame

from engine.bots.hints import TORTUGA_DECIMALS, TORTUGA_OTHER, TORTUGA_WHY, tortuga_advise, tortuga_words

from .. import theme
from ..hint import HintAddon, reason_text
from ..widgets import Button, blit_text, draw_panel, fit_lines, wrap

#: In the sea's bottom right corner, beside the log (never over a space, the prompt, the Menu, nor
#: in the way of a card flying to a player's row or to the dice tray).
BUTTON_RECT = (808, 660, 136, 40)
#: The answer: over the island's green middle (no space, turtle or card is there).
BOX_RECT = (236, 190, 508, 150)
COLOUR = (120, 230, 255)
WHY_COLOUR = (170, 205, 220)

#: reason key -> (catalog key, plural number or None), the next best choice's, the decimal numbers
WHY, OTHER, DECIMALS = TORTUGA_WHY, TORTUGA_OTHER, TORTUGA_DECIMALS
#: the hard bot's action and its reason (``engine.bots.hints``: the host computes the same for a browser)
advise = tortuga_advise


def why_text(app, reason: dict | None) -> str:
    """The bot's reason in the window's language ("" for none); the next best choice it compares
    with (``other``) in words inside it."""
    return reason_text(app, tortuga_words(reason))


def why_rows(app, reason: dict | None) -> tuple[list[str], int, int]:
    """The reason wrapped into the box: at most two lines, the biggest size that fits (13-16 px)."""
    return fit_lines(app, why_text(app, reason), pygame.Rect(0, 0, BOX_RECT[2] - 24, 2 * 20), 16, False, 13)


class TortugaHint(HintAddon):
    """The hint button and the choice it shows (an add-on of the La Tortuga table scene; the
    button, the thread and the answer's arrival: ``game/hint.py``)."""

    button_rect = BUTTON_RECT
    tooltip = "hint.tortuga.tip"

    def __init__(self, scene, app, bridge):
        self.action: dict | None = None       # the bot's choice shown
        self.reason: dict | None = None
        super().__init__(scene, app, bridge)

    def compute(self, view, legal, seat, seed) -> tuple:
        return advise(view, legal, seat, seed)

    def accept(self, state, action, reason) -> None:
        self.state, self.action, self.reason = state, action, reason

    def shown(self) -> bool:
        return self.action is not None

    def clear(self) -> None:
        self.action, self.reason, self.state = None, None, None

    def on_net(self, note: dict) -> None:
        """Any change of the table is a new decision: the shown choice goes."""
        if note.get("kind") == "update" and self.action and self.bridge.table.state != self.state:
            self.clear()

    # --- what it shows ------------------------------------------------------------------------
    def target(self) -> Button | None:
        """The table's button that plays the bot's choice."""
        a = self.action or {}
        label = f"tortuga.{a.get('type')}"            # Roll and Stop: by their label; a card, a turtle: by value
        for w in self.scene.widgets.items:
            if isinstance(w, Button) and w.visible and (getattr(w, "value", None) == a or w.label == label):
                return w
        return None

    def choice_text(self) -> str:
        a, tr = self.action or {}, self.app.tr
        t = a.get("type")
        if t == "play_card":
            return self.app.trn("hint.tortuga.play", a["eggs"], eggs=a["eggs"])
        if t == "choose_turtle":
            return tr("hint.tortuga.first", turtle=self.scene.turtle_choice(a["turtle"]))
        return tr("hint.tortuga.roll" if t == "roll" else "hint.tortuga.stop")

    def draw_answer(self, surface) -> None:
        app = self.app
        pulse = 0.5 + 0.5 * math.sin(app.time * 5)
        w = self.target()
        if w is not None:                               # the button to press, ringed
            ring = w.rect.inflate(8 + 4 * pulse, 8 + 4 * pulse)
            pygame.draw.rect(surface, theme.INK, ring.inflate(4, 4), 3, border_radius=12)
            pygame.draw.rect(surface, COLOUR, ring, 3, border_radius=12)
        turtle = (self.action or {}).get("turtle")
        sp = self.scene.island.sprites.get(turtle) if turtle is not None else None
        if sp is not None:                              # the turtle to move first, ringed on the island
            ring = pygame.Rect(0, 0, 74 + 8 * pulse, 52 + 6 * pulse)
            ring.center = (sp["x"], sp["y"] + 2)
            pygame.draw.ellipse(surface, theme.INK, ring.inflate(4, 4), 3)
            pygame.draw.ellipse(surface, COLOUR, ring, 4)
        r = pygame.Rect(BOX_RECT)
        draw_panel(surface, r, fill=(20, 40, 56), edge=COLOUR, alpha=235)
        blit_text(surface, app, app.tr("hint.title"), (r.centerx, r.y + 16), 15, COLOUR, bold=True,
                  anchor="center", layer="overlay")
        choice = self.choice_text()
        lines, size, lh = fit_lines(app, choice, pygame.Rect(0, 0, r.width - 24, 30), 22, True, 15)
        blit_text(surface, app, lines[0], (r.centerx, r.y + 42), size, theme.PAPER, bold=True, anchor="center",
                  layer="overlay")
        rows, size, lh = why_rows(app, self.reason)
        for k, ln in enumerate(rows):
            blit_text(surface, app, ln, (r.centerx, r.y + 70 + lh * k), size, WHY_COLOUR, anchor="center",
                      layer="overlay")
        note = wrap(app.assets.font(13), app.tr("hint.tortuga.note"), r.width - 20)
        for k, ln in enumerate(note[:2]):
            blit_text(surface, app, ln, (r.centerx, r.bottom - 12 - 16 * (len(note[:2]) - 1 - k)), 13, theme.MUTED,
                      anchor="center", layer="overlay")
