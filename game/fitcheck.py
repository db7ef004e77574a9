"""The fit check: where a frame drew its text, and what went wrong with it.

Drawing code tells the App's check (``app.fitcheck``, None unless a test turns it on) about every
line of text it puts on screen (``widgets.note_text``: its rectangle, the box it must stay in and
its layer) and about the marks no text may run into (``widgets.note_solid``: key badges, cards,
icons). ``App.draw`` clears the check at the start of each frame; ``problems()`` then lists

- an **overflow**: a line outside its box (by more than a pixel);
- an **overlap**: two lines of the same layer that cover each other, a floating text ("float")
  over a line of the interface ("base"), or a line that runs into a mark of its layer (a line
  drawn wholly on a mark, such as a card's number, is its label, not an overlap);
- a **cover**: two controls (buttons, the guide's bubble: ``COVERING``) on top of each other, or
  a button over a playing area (``area``: a board, a track's spaces), where it would
  hide what happens there;
- a **hidden** control or target: a tooltip over an enabled control other than its own (``control``,
  noted by every button), over a target of the current decision (``target``: the turtles to
  choose from, the hexes a walk may end on, the dice's sum) or over its own control; and a tooltip
  on a disabled control that does not say why it is disabled. A tooltip belongs beside its
  control, never over the next one.

Layers: "base" (the interface: panels, buttons, names, scores), "board" (labels on the playing
area, which floating texts may cross), "float" (rising numbers and words), "overlay" (tooltips,
toasts, banners, menus: they cover the rest by design; only their overflow is checked).
"""
from __future__ import annotations

import pygame

#: Rects shrink by this much before overlaps are looked for: a font's line box has some air above
#: and below the letters, and neighbouring lines may touch.
AIR_X, AIR_Y = 1, 3
#: A layer's lines are checked against these layers' lines.
CHECKED_AGAINST = {"base": {"base"}, "board": {"board"}, "float": {"base"}, "overlay": set()}
#: Marks that take clicks or hide what is under them: none may lie on another.
COVERING = ("button", "guide bubble")
#: Marks whose text is on another layer: a line of the interface wholly under one is hidden, not a label.
#: The plates at the top of a table (the prompt, the catch-up chip) are such marks of the "float"
#: layer: a floating number that rises into one is hidden under it.
UNLABELLED = ("guide bubble", "plate")


class FitCheck:
    def __init__(self, screen=(0, 0, 1280, 720)):
        self.screen = pygame.Rect(screen)
        self.texts: list[tuple] = []
        self.solids: list[tuple] = []
        self.areas: list[tuple] = []
        self.controls: list[tuple] = []     # (rect, enabled)
        self.targets: list[tuple] = []      # (rect, what)
        self.tooltips: list[tuple] = []     # (rect, owner rect, why)

    def clear(self) -> None:
        self.texts.clear()
        self.solids.clear()
        self.areas.clear()
        self.controls.clear()
        self.targets.clear()
        self.tooltips.clear()

    def control(self, rect, enabled: bool) -> None:
        """A control (a button) drawn this frame, enabled or not."""
        self.controls.append((pygame.Rect(rect), bool(enabled)))

    def target(self, rect, what: str) -> None:
        """A target of the current decision (what no tooltip may cover)."""
        self.targets.append((pygame.Rect(rect), what))

    def tooltip(self, rect, owner, why: bool = False) -> None:
        """A tooltip drawn at ``rect`` for the control or spot ``owner``; ``why``: it says why its
        control is disabled."""
        self.tooltips.append((pygame.Rect(rect), pygame.Rect(owner), bool(why)))

    def hidden(self) -> list[str]:
        """What the frame's tooltips cover that must stay visible (see the module's doc)."""
        out = []
        for tip, owner, why in self.tooltips:
            inner = tip.inflate(-4, -4)       # touching is not covering
            if inner.colliderect(owner) and tip != owner:
                out.append(f"hidden: a tooltip at {tuple(tip)} covers its own control at {tuple(owner)}")
            for rect, enabled in self.controls:
                if rect == owner:
                    if not enabled and not why:
                        out.append(f"hidden: a tooltip at {tuple(tip)} on a disabled control at {tuple(rect)} "
                                   "does not say why it is disabled")
                elif enabled and inner.colliderect(rect):
                    out.append(f"hidden: a tooltip at {tuple(tip)} covers an enabled control at {tuple(rect)}")
            for rect, what in self.targets:
                if inner.colliderect(rect) and not rect.collidepoint(owner.center):   # (not one it explains)
                    out.append(f"hidden: a tooltip at {tuple(tip)} covers {what} at {tuple(rect)}")
        return list(dict.fromkeys(out))

    def text(self, rect, text: str, box=None, layer: str = "base") -> None:
        rect = pygame.Rect(rect)
        if rect.width and rect.height and text.strip():
            item = (rect, text, pygame.Rect(box) if box is not None else self.screen, layer)
            if item not in self.texts:
                self.texts.append(item)

    def solid(self, rect, what: str, layer: str = "base") -> None:
        self.solids.append((pygame.Rect(rect), what, layer))

    def area(self, rect, what: str) -> None:
        """A part of the playing area that no button may cover (a board, a space)."""
        self.areas.append((pygame.Rect(rect), what))

    def problems(self) -> list[str]:
        out = []
        for rect, text, box, layer in self.texts:
            if not box.inflate(2, 2).contains(rect):
                out.append(f"overflow: {text!r} at {tuple(rect)} leaves its box {tuple(box)} ({layer})")
        for i, (a, ta, _, la) in enumerate(self.texts):
            ia = a.inflate(-2 * AIR_X, -2 * AIR_Y)
            for b, tb, _, lb in self.texts[i + 1:]:
                if lb in CHECKED_AGAINST[la] or la in CHECKED_AGAINST[lb]:
                    if ia.colliderect(b.inflate(-2 * AIR_X, -2 * AIR_Y)):
                        out.append(f"overlap: {ta!r} at {tuple(a)} ({la}) and {tb!r} at {tuple(b)} ({lb})")
            for s, what, ls in self.solids:
                label = s.inflate(2, 2).contains(a) and not any(u in what for u in UNLABELLED)
                if ls == la and ia.colliderect(s) and not label:
                    out.append(f"overlap: {ta!r} at {tuple(a)} runs into {what} at {tuple(s)} ({la})")
        covering = []
        for s, what, _ in self.solids:
            if what in COVERING and (s, what) not in covering:
                covering.append((s, what))
        for i, (a, wa) in enumerate(covering):
            for b, wb in covering[i + 1:]:
                if a.colliderect(b):
                    out.append(f"cover: {wa} at {tuple(a)} and {wb} at {tuple(b)}")
            if wa == "button":
                for b, wb in self.areas:
                    if a.colliderect(b):
                        out.append(f"cover: {wa} at {tuple(a)} over {wb} at {tuple(b)}")
        return out + self.hidden()
