"""Widgets drawn on the logical canvas: buttons (tooltips, keyboard shortcuts), a text input,
toasts (refused actions with the rule's text), panels and a scrolling log.

Labels are catalog keys translated at draw time (``label="lobby.start"``), or raw text with
``text=...`` (names, numbers). A ``Widgets`` group routes events to its members and draws the
tooltip of the hovered one last.
"""
from __future__ import annotations

from typing import Callable, TypeVar

import pygame

from . import theme
from .assets import printable

Label = str | Callable[..., str]


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels (words kept whole where possible; a
    word wider than the line is cut with an ellipsis)."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if font.size(printable(trial))[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return [ellipsize(font, ln, width) for ln in lines]


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut to fit ``width`` pixels, ending with "…" when cut."""
    text = printable(text)
    if font.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid].rstrip() + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


def fit(app, text: str, size: int, width: float, bold: bool = False, min_size: int | None = None) -> tuple[str, int]:
    """The text and font size that fit ``width`` pixels: the font shrinks down to ``min_size``
    (default three quarters of ``size``, at least 11), then the end is cut with an ellipsis."""
    width = int(width)
    text = printable(text)
    key = (text, size, width, bold, min_size)
    hit = app.assets.fits.get(key)
    if hit is not None:
        return hit
    lo = min(size, min_size or max(11, int(size * 0.75)))
    out = None
    for s in range(size, lo - 1, -1):
        if app.assets.font(s, bold).size(text)[0] <= width:
            out = (text, s)
            break
    if out is None:
        out = (ellipsize(app.assets.font(lo, bold), text, width), lo)
    if len(app.assets.fits) > 4000:
        app.assets.fits.clear()
    app.assets.fits[key] = out
    return out


def fit_tagged(app, text: str, tag: str, size: int, width: float, bold: bool = False,
               min_size: int | None = None) -> tuple[str, int]:
    """Like ``fit`` for ``text + tag`` where the tag must stay whole (a name and " (you)"): when
    even the smallest font is too wide, the text is cut, not the tag."""
    text, tag = printable(text), printable(tag)
    out, s = fit(app, text + tag, size, width, bold, min_size)
    if out == text + tag or not tag:
        return out, s
    font = app.assets.font(s, bold)
    return ellipsize(font, text, max(0, int(width) - font.size(tag)[0])) + tag, s


def note_text(app, rect, text: str = "", box=None, layer: str = "base") -> None:
    """Tell the frame's fit check (tests: ``app.fitcheck``) that ``text`` was drawn at ``rect``
    and must stay inside ``box`` (default the screen) without covering what its layer holds."""
    check = getattr(app, "fitcheck", None)
    if check is not None:
        check.text(rect, text, box, layer)


def note_area(app, rect, what: str) -> None:
    """A part of the playing area no button may cover (see ``game/fitcheck.py``)."""
    check = getattr(app, "fitcheck", None)
    if check is not None:
        check.area(rect, what)


def note_solid(app, rect, what: str, layer: str = "base") -> None:
    """A mark no text may run into (a key badge, a card, an icon)."""
    check = getattr(app, "fitcheck", None)
    if check is not None:
        check.solid(rect, what, layer)


def note_control(app, rect, enabled: bool) -> None:
    """A control drawn this frame (a button): a tooltip is placed clear of every enabled one
    but its own (``place_tooltip``), and the fit check counts one that covers it."""
    rect = pygame.Rect(rect)
    frame = getattr(app, "frame", None)
    if frame is not None:
        frame.controls.append((rect, bool(enabled)))
    check = getattr(app, "fitcheck", None)
    if check is not None:
        check.control(rect, enabled)


def note_target(app, rect, what: str) -> None:
    """What the current decision is about, on the table (a turtle to choose, the hexes a walk may
    end on, the dice's sum): no tooltip may cover it (see ``note_control``)."""
    rect = pygame.Rect(rect)
    frame = getattr(app, "frame", None)
    if frame is not None:
        frame.targets.append((rect, what))
    check = getattr(app, "fitcheck", None)
    if check is not None:
        check.target(rect, what)


class FrameMarks:
    """What the frame being drawn holds that a tooltip must leave visible (the enabled controls,
    the targets of the current decision) and the tooltip asked for: ``App.draw`` clears it, the
    scenes' drawing fills it, and the tooltip is placed and drawn last, once everything it must
    not cover is known (``draw_requested_tooltip``)."""

    def __init__(self):
        self.controls: list[tuple[pygame.Rect, bool]] = []
        self.targets: list[tuple[pygame.Rect, str]] = []
        self.tooltip: tuple | None = None     # (text, owner rect, why, soft) of the hovered thing
        self.active = False                   # inside App.draw: tooltips wait for the end of the frame

    def clear(self) -> None:
        self.controls.clear()
        self.targets.clear()
        self.tooltip = None


def _room(pos, anchor: str, box) -> float:
    """How wide a line anchored at ``pos`` may be inside ``box``."""
    box = pygame.Rect(box)
    x = pos[0]
    if anchor.endswith("left") or anchor == "left":
        return box.right - x
    if anchor.endswith("right") or anchor == "right":
        return x - box.left
    return 2 * min(x - box.left, box.right - x)


def draw_panel(surface, rect, fill=theme.PANEL, edge=theme.PANEL_EDGE, radius: int = 14,
               shadow: bool = True, alpha: int = 255) -> None:
    rect = pygame.Rect(rect)
    if shadow:
        sh = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(sh, (0, 0, 0, 90), sh.get_rect(), border_radius=radius)
        surface.blit(sh, rect.move(4, 6))
    if alpha < 255:
        s = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(s, (*fill[:3], alpha), s.get_rect(), border_radius=radius)
        surface.blit(s, rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge:
        pygame.draw.rect(surface, edge, rect, 2, border_radius=radius)


def blit_text(surface, app, text: str, pos, size: int = 20, colour=theme.PAPER, bold=False,
              anchor: str = "topleft", shadow: bool = False, width: float | None = None, box=None,
              min_size: int | None = None, layer: str = "base") -> pygame.Rect:
    """One line of text. With ``width`` (or a ``box`` it must stay in) the line fits: its font
    shrinks, then its end is cut with an ellipsis (``fit``)."""
    if width is None and box is not None:
        width = _room(pos, anchor, box)
    if width is not None:
        text, size = fit(app, text, size, width, bold, min_size)
    img = app.assets.text(text, size, colour, bold)
    r = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(app.assets.text(text, size, (0, 0, 0), bold), r.move(2, 2))
    surface.blit(img, r)
    note_text(app, r, text, box, layer)
    return r


def fit_lines(app, text: str, rect, size: int, bold: bool = False,
              min_size: int | None = None) -> tuple[list[str], int, int]:
    """``text`` wrapped into ``rect``: the font shrinks until the lines fit its height (down to
    ``min_size``); what still does not fit is cut, the last line ending with "…". Returns the
    lines, the font size and the line height."""
    rect = pygame.Rect(rect)
    lo = min(size, min_size or max(11, int(size * 0.75)))
    words = text.split()
    for s in range(size, lo - 1, -1):
        font = app.assets.font(s, bold)
        lines, lh = wrap(font, text, rect.width), font.get_linesize()
        whole = all(font.size(w)[0] <= rect.width for w in words)   # no word had to be cut
        if len(lines) * lh <= rect.height and whole:
            return lines, s, lh
    keep = max(1, rect.height // lh)
    if len(lines) > keep:
        lines = lines[:keep]
        lines[-1] = ellipsize(font, lines[-1] + "…", rect.width)
    return lines, lo, lh


def blit_lines(surface, app, text: str, rect, size: int = 16, colour=theme.PAPER, bold: bool = False,
               min_size: int | None = None, align: str = "left", layer: str = "base") -> int:
    """Wrapped text inside ``rect`` (see ``fit_lines``); returns the y below the last line."""
    rect = pygame.Rect(rect)
    lines, s, lh = fit_lines(app, text, rect, size, bold, min_size)
    y = rect.y
    for ln in lines:
        img = app.assets.text(ln, s, colour, bold)
        r = img.get_rect(top=y, **({"left": rect.x} if align == "left" else {"centerx": rect.centerx}))
        surface.blit(img, r)
        note_text(app, r, ln, rect, layer)
        y += lh
    return y


def outlined_text(surface, app, text: str, pos, size: int, colour=theme.PAPER, anchor="center") -> pygame.Rect:
    """Light text with a dark rim: readable on any ground (tiles, the sea)."""
    dark = app.assets.text(text, size, theme.INK, True)
    img = app.assets.text(text, size, colour, True)
    r = img.get_rect(**{anchor: pos})
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (1, 1)):
        surface.blit(dark, r.move(dx, dy))
    surface.blit(img, r)
    return r


class Widget:
    rect: pygame.Rect
    visible = True
    tooltip: Label | None = None
    #: The tooltip of a disabled control: it says why it is disabled (a disabled control shows no
    #: other tooltip: its own would explain a move the player cannot make, over the next one).
    disabled_tip: Label | None = None
    #: Spots a little further away for its tooltip, where none beside it is free (``place_tooltip``).
    tip_further: tuple = ()

    def handle_event(self, event) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass


#: The catalog keys of the key names shown on badges (in the player's language: "Пробел", "Spazio").
KEY_NAMES = {pygame.K_ESCAPE: "keyname.esc", pygame.K_RETURN: "keyname.enter", pygame.K_SPACE: "keyname.space",
             pygame.K_TAB: "keyname.tab"}


class Button(Widget):
    STYLES = {
        "primary": (theme.ACCENT, theme.INK),
        "normal": ((84, 112, 176), theme.PAPER),
        "good": (theme.GOOD, theme.PAPER),
        "danger": (theme.BAD, theme.PAPER),
    }

    def __init__(self, app, rect, label: str | None = None, on_click: Callable[..., object] | None = None,
                 key: int | None = None, tooltip: Label | None = None, text: Label | None = None,
                 enabled: bool | Callable[..., bool] = True, style: str = "normal", size: int = 22,
                 key_name: str | None = None, art: Callable | None = None, art_w: int = 0, value=None,
                 disabled_tip: Label | None = None):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.label, self.text, self.on_click = label, text, on_click
        self.key, self.key_name = key, key_name
        self.tooltip = tooltip
        self.disabled_tip = disabled_tip    # shown instead while disabled: why it is (else no tooltip)
        self._enabled = enabled
        self.style, self.size = style, size
        self.art, self.art_w = art, art_w   # art(surface, rect): icons drawn left of the caption
        self.value = value                  # what the button stands for (an action it sends), for readers
        self.hover = self.pressed = False
        self.pulse = 0.0  # 0..1, set by scenes to draw attention (e.g. "your turn")

    @property
    def enabled(self) -> bool:
        return self._enabled() if callable(self._enabled) else bool(self._enabled)

    @enabled.setter
    def enabled(self, v) -> None:
        self._enabled = v

    def caption(self) -> str:
        if self.text is not None:
            return self.text() if callable(self.text) else self.text
        return self.app.tr(self.label) if self.label else ""

    def click(self) -> bool:
        if self.visible and self.enabled and self.on_click:
            self.app.play_sound("click")
            self.on_click()
            return True
        return False

    def handle_event(self, event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.pressed = self.pressed, False
            if was and self.rect.collidepoint(event.pos):
                return self.click()
        elif event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            if not getattr(self.app, "text_focus", None):
                return self.click()
        return False

    def draw(self, surface) -> None:
        if not self.visible:
            return
        fill, ink = self.STYLES.get(self.style, self.STYLES["normal"])
        if not self.enabled:
            fill, ink = (70, 78, 100), (140, 146, 166)
        elif self.hover:
            fill = theme.shade(fill, 1.18)
        r = self.rect.move(0, 3 if self.pressed else 0)
        note_solid(self.app, self.rect, "button")
        note_control(self.app, self.rect, self.enabled)
        if self.enabled and not self.pressed:
            pygame.draw.rect(surface, theme.shade(fill, 0.55), r.move(0, 4), border_radius=12)
        pygame.draw.rect(surface, fill, r, border_radius=12)
        if self.pulse > 0 and self.enabled:
            glow = r.inflate(int(10 * self.pulse), int(10 * self.pulse))
            pygame.draw.rect(surface, theme.ACCENT, glow, 3, border_radius=14)
        pygame.draw.rect(surface, theme.shade(fill, 0.6), r, 2, border_radius=12)
        app = self.app
        badge = self.badge(r)
        if badge is not None:
            name, br = badge
            img = app.assets.text(name, 13, theme.INK, True)
            pygame.draw.rect(surface, theme.PAPER, br, border_radius=5)
            surface.blit(img, img.get_rect(center=br.center))
            note_solid(app, br, f"key {name}")
        area = self.caption_area(r)
        if self.art is not None:
            icons = pygame.Rect(area.x - self.art_w - 4, area.y, self.art_w, area.height)
            self.art(surface, icons)
            note_solid(app, icons, "icons")
        self.draw_caption(surface, self.caption(), area, ink)

    def badge(self, r=None) -> tuple | None:
        """The shortcut's badge in the top right corner (its name and rect), while enabled."""
        if self.key is None or not self.enabled or self.key_name == "":
            return None
        r = r or self.rect
        name = self.key_name or (self.app.tr(KEY_NAMES[self.key]) if self.key in KEY_NAMES
                                 else pygame.key.name(self.key).upper())
        w, h = self.app.assets.font(13, True).size(name)
        return name, pygame.Rect(r.right - 5 - w - 8, r.top + 2, w + 8, h + 2)

    def caption_area(self, r=None) -> pygame.Rect:
        """Where the caption goes: inside the button, clear of the badge and of the icons."""
        r = r or self.rect
        area = r.inflate(-12, -6)
        badge = self.badge(r)
        if badge is not None:
            area.width = badge[1].left - 2 - area.x        # the caption never runs under the badge
        if self.art is not None:
            area.x += self.art_w + 4
            area.width -= self.art_w + 4
        return area

    def draw_caption(self, surface, cap: str, area: pygame.Rect, ink) -> None:
        """The caption centred in ``area``: it shrinks to fit, wraps onto two lines if that is
        not enough, and is cut with an ellipsis as the last resort."""
        app = self.app
        text, size = fit(app, cap, self.size, area.width, True, max(12, int(self.size * 0.8)))
        if text != cap and " " in cap and area.height >= 2 * 14:
            lines, s, lh = fit_lines(app, cap, area, max(11, self.size - 2), True, 11)
            y = area.centery - lh * len(lines) / 2
            for ln in lines:
                img = app.assets.text(ln, s, ink, True)
                rr = surface.blit(img, img.get_rect(midtop=(area.centerx, y)))
                note_text(app, rr, ln, self.rect)
                y += lh
            return
        img = app.assets.text(text, size, ink, True)
        rr = surface.blit(img, img.get_rect(center=area.center))
        note_text(app, rr, text, self.rect)


class Tip(Widget):
    """A spot that explains itself: nothing of its own is drawn; hovered, it shows its tooltip
    (a catalog key, or a function returning the text) like a button does."""

    def __init__(self, rect, tooltip: Label):
        self.rect = pygame.Rect(rect)
        self.tooltip = tooltip


def same_size(buttons) -> None:
    """One font size for a row of buttons: the largest at which every caption fits its button
    (a row reads evenly in every language; a caption that fits at no size wraps, as alone)."""
    sizes = []
    for b in buttons:
        floor = max(12, int(b.size * 0.8))
        sizes.append(fit(b.app, b.caption(), b.size, b.caption_area().width, True, floor)[1])
    if sizes:
        for b in buttons:
            b.size = min(sizes)


class TextInput(Widget):
    def __init__(self, app, rect, value: str = "", placeholder: str | None = None,
                 on_submit: Callable[[str], None] | None = None, max_len: int = 40,
                 tooltip: Label | None = None):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.value, self.placeholder, self.on_submit = value, placeholder, on_submit
        self.max_len = max_len
        self.tooltip = tooltip
        self.focused = False
        self.blink = 0.0
        #: the value is a suggestion, shown selected: the first key typed replaces it (a name typed
        #: in the pass-and-play field read "Player 2Finn"), Backspace clears it, a click keeps it
        self.selected = False

    def focus(self, on: bool = True) -> None:
        self.focused = on
        if on:
            self.app.text_focus = self
        elif getattr(self.app, "text_focus", None) is self:
            self.app.text_focus = None

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus(self.rect.collidepoint(event.pos))
            self.selected = False
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            if self.selected:
                self.value, self.selected = "", False
            self.value = (self.value + event.text)[: self.max_len]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = "" if self.selected else self.value[:-1]
                self.selected = False
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit:
                    self.on_submit(self.value)
            elif event.key == pygame.K_ESCAPE:
                self.focus(False)
            return True
        return False

    def update(self, dt: float) -> None:
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface) -> None:
        note_solid(self.app, self.rect, "text field")
        pygame.draw.rect(surface, (250, 248, 240), self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else theme.PANEL_EDGE, self.rect, 3, border_radius=8)
        font_size = int(self.rect.height * 0.5)
        if self.value:
            img = self.app.assets.text(self.value, font_size, theme.INK)
        else:
            img = self.app.assets.text(self.app.tr(self.placeholder) if self.placeholder else "", font_size,
                                       (150, 150, 160))
        r = img.get_rect(midleft=(self.rect.x + 12, self.rect.centery))
        if self.selected and self.value:    # a suggestion, marked as selected text is
            pygame.draw.rect(surface, theme.shade(theme.ACCENT, 1.25), r.inflate(6, 4).clip(self.rect.inflate(-6, -6)),
                             border_radius=4)
        shown = surface.blit(img, r, area=pygame.Rect(max(0, img.get_width() - self.rect.width + 30), 0,
                                                      self.rect.width - 24, img.get_height()))
        note_text(self.app, shown, self.value, self.rect)
        if self.focused and self.blink < 0.5:
            x = min(self.rect.right - 14, r.x + (img.get_width() if self.value else 0) + 2)
            pygame.draw.line(surface, theme.INK, (x, self.rect.y + 8), (x, self.rect.bottom - 8), 2)


class Toasts:
    """Short messages at the top of the screen. A refused action shows its reason and the rule's
    text (``show(reason, rule_text=..., rule=id)``); a click on it opens that rule in the rules
    reference (``rule_at(pos)``: the rule of the toast under the mouse)."""

    LIFE = 5.0

    def __init__(self, app):
        self.app = app
        self.items: list[dict] = []
        self.rects: list[tuple[pygame.Rect, str | None]] = []   # where each toast was drawn

    def rule_at(self, pos) -> str | None:
        return next((rule for rect, rule in self.rects if rule and rect.collidepoint(pos)), None)

    def show(self, message: str, rule: str | None = None, rule_text: str | None = None, kind: str = "bad") -> None:
        same = [it for it in self.items if it["msg"] == message and it["rule"] == rule]
        self.items = [it for it in self.items if it not in same]     # said again: once, afresh
        self.items.append({"msg": message, "rule": rule, "rule_text": rule_text, "kind": kind, "t": self.LIFE})
        self.items = self.items[-4:]
        if kind == "bad":
            self.app.play_sound("refuse")

    def update(self, dt: float) -> None:
        for it in self.items:
            it["t"] -= dt
        self.items = [it for it in self.items if it["t"] > 0]

    def draw(self, surface) -> None:
        w = surface.get_width()
        y = 16
        font = self.app.assets.font(16)
        self.rects = []
        for it in self.items:
            width = 620
            lines = wrap(self.app.assets.font(20, True), it["msg"], width - 40)
            sub = []
            if it["rule_text"] or it["rule"]:
                sub = wrap(font, f"{it['rule'] or ''} {it['rule_text'] or ''}".strip(), width - 40)
            if it["rule"]:
                sub += wrap(font, "→ " + self.app.tr("toast.rule_link"), width - 40)
            h = 20 + 26 * len(lines) + 20 * len(sub)
            rect = pygame.Rect(0, 0, width, h)
            rect.midtop = (w // 2, y)
            alpha = int(255 * min(1.0, it["t"] / 0.4))
            s = pygame.Surface(rect.size, pygame.SRCALPHA)
            colour = {"bad": theme.BAD, "good": theme.GOOD}.get(it["kind"], theme.PANEL)
            pygame.draw.rect(s, (*colour, 235), s.get_rect(), border_radius=12)
            pygame.draw.rect(s, (*theme.PAPER, 255), s.get_rect(), 2, border_radius=12)
            ty = 10
            for ln in lines:
                s.blit(self.app.assets.text(ln, 20, theme.PAPER, True), (20, ty))
                ty += 26
            for ln in sub:
                s.blit(self.app.assets.text(ln, 16, theme.PAPER), (20, ty))
                ty += 20
            s.set_alpha(alpha)
            surface.blit(s, rect)
            self.rects.append((rect, it["rule"]))
            note_text(self.app, rect.inflate(-20, -10), it["msg"], rect, layer="overlay")
            y += h + 8


class ScrollLog(Widget):
    """The game log: newest at the bottom; the mouse wheel scrolls back. A line may carry a
    player's mark (``mark=(colour, shape)``), drawn before it; every line is indented alike."""

    MARK_W = 18

    def __init__(self, app, rect, size: int = 16, max_lines: int = 300, marks: bool = False, top: int = 0):
        self.app = app
        self.rect = pygame.Rect(rect)
        self.top = top                  # room kept free at the top (for a hint drawn there)
        self.size = size
        self.lines: list[tuple] = []    # (text, colour, mark or None), one per wrapped line
        self.entries: list[str] = []    # what was added, whole
        self.max_lines = max_lines
        self.marks = marks              # lines leave room for a mark
        self.scroll = 0

    def add(self, text: str, colour=theme.PAPER, mark: tuple | None = None) -> None:
        indent = self.MARK_W if self.marks else 0
        for i, ln in enumerate(wrap(self.app.assets.font(self.size), text, self.rect.width - 16 - indent)):
            self.lines.append((ln, colour, mark if i == 0 else None))
        del self.lines[: -self.max_lines]
        self.entries = (self.entries + [text])[-self.max_lines:]
        self.scroll = 0

    def texts(self) -> list[str]:
        """The entries, whole (not wrapped), oldest first."""
        return list(self.entries)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self.lines) - 1, self.scroll + event.y))
            return True
        return False

    def draw(self, surface) -> None:
        draw_panel(surface, self.rect, fill=(24, 32, 58), shadow=False, radius=10)
        line_h = self.size + 5
        n = max(1, (self.rect.height - 12 - self.top) // line_h)
        end = len(self.lines) - self.scroll
        shown = self.lines[max(0, end - n): end]
        y = self.rect.bottom - 8 - line_h * len(shown)
        x = self.rect.x + 8 + (self.MARK_W if self.marks else 0)
        for text, colour, mark in shown:
            if mark is not None:
                theme.draw_shape(surface, mark[1], (self.rect.x + 15, y + line_h // 2 - 1), 6, mark[0], width=1)
            r = surface.blit(self.app.assets.text(text, self.size, colour), (x, y))
            note_text(self.app, r, text, self.rect)
            y += line_h


#: a widget of any kind (``Widgets.add`` gives back what it was given)
W = TypeVar("W", bound="Widget")


class Widgets:
    """A scene's widgets: events go to them in order (first taker wins); the hovered widget's
    tooltip is drawn last, after 0.5 s of hovering."""

    def __init__(self, app):
        self.app = app
        self.items: list[Widget] = []
        self.hover_time = 0.0
        self.hovered: Widget | None = None
        self.mouse: tuple | None = None     # where the mouse last moved to

    def add(self, w: W) -> W:
        self.items.append(w)
        return w

    def clear(self) -> None:
        self.items.clear()       # the hovered one is found again among the new ones (``rehover``)

    def rehover(self) -> None:
        """After the widgets were rebuilt, the one under the mouse is the hovered one (its
        tooltip stays where the mouse stays); a hovered widget that is gone takes its tooltip."""
        if self.hovered is not None and self.hovered in self.items:
            return
        self.hovered = next((w for w in self.items if w.visible and self.mouse is not None
                             and w.rect.collidepoint(self.mouse)), None)
        if self.hovered is None:
            self.hover_time = 0.0

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            hit = next((w for w in self.items if w.visible and w.rect.collidepoint(event.pos)), None)
            if hit is not self.hovered:
                self.hovered, self.hover_time = hit, 0.0
        taken = False
        for w in list(self.items):
            if w.handle_event(event) and event.type not in (pygame.MOUSEMOTION,):
                taken = True
                break
        return taken

    def update(self, dt: float) -> None:
        self.rehover()
        self.hover_time += dt
        for w in self.items:
            w.update(dt)

    def draw(self, surface) -> None:
        for w in self.items:
            w.draw(surface)
        self.rehover()
        h = self.hovered
        if h is not None and h.visible and self.hover_time > 0.5:
            enabled = getattr(h, "enabled", True)
            tip = h.tooltip if enabled else h.disabled_tip
            if tip:
                text = tip() if callable(tip) else self.app.tr(tip)
                request_tooltip(surface, self.app, text, h.rect, why=not enabled, further=h.tip_further)


#: Room between a tooltip and what it explains.
TIP_GAP = 8
#: The widths a tooltip's lines wrap to, in order: the first that finds a free spot (narrower ones fit
#: between neighbours; the last, one long line, slips between a bar of buttons and what is above it).
TIP_WIDTHS = (340, 260, 200, 920, 1240)


def tooltip_size(app, text: str, width: int = TIP_WIDTHS[0]) -> tuple[int, int]:
    font = app.assets.font(16)
    lines = wrap(font, text, width)
    return max(font.size(ln)[0] for ln in lines) + 20, len(lines) * 20 + 12


def tooltip_spots(size, owner, bounds) -> list[pygame.Rect]:
    """Where a tooltip of ``size`` may go beside ``owner``, in order of preference: above it
    (centred, then running right or left from its edge), below it, on its right, on its left;
    each kept on the screen."""
    w, h = size
    owner, bounds = pygame.Rect(owner), pygame.Rect(bounds)
    spots = []
    for y in (owner.top - TIP_GAP - h, owner.bottom + TIP_GAP):
        for x in (owner.centerx - w // 2, owner.left, owner.right - w):
            spots.append(pygame.Rect(x, y, w, h))
    for x in (owner.right + TIP_GAP, owner.left - TIP_GAP - w):
        for y in (owner.centery - h // 2, owner.top, owner.bottom - h):
            spots.append(pygame.Rect(x, y, w, h))
    return [r.clamp(bounds) for r in spots]


def _covered(r: pygame.Rect, rects) -> int:
    inner = r.inflate(-4, -4)
    return sum(inner.clip(x).width * inner.clip(x).height for x in rects)


def place_tooltip(app, text: str, owner, soft=(), further=()) -> tuple[pygame.Rect, int]:
    """Where the tooltip ``text`` goes beside ``owner`` and the width its lines wrap to: a spot
    that covers neither an enabled control (but its own) nor a target of the current decision
    (``note_control``, ``note_target``), nor its owner; the widest such (``TIP_WIDTHS``), and of
    those the one covering least of ``soft`` (things better left visible: a board's pieces).
    ``further``: the top-left corners of spots a little further away (or functions of the
    tooltip's size giving them), tried after those beside it (beside the board, at a hex's
    height). Where every spot covers something, the one covering least."""
    owner = pygame.Rect(owner)
    frame = getattr(app, "frame", None)
    hard = [owner]
    if frame is not None:
        hard += [r for r, on in frame.controls if on and r != owner]
        hard += [r for r, _ in frame.targets if not r.collidepoint(owner.center)]   # (a tip inside one explains it)
    screen = pygame.Rect(0, 0, *app.SIZE)
    best: tuple | None = None
    for k, width in enumerate(TIP_WIDTHS):
        size = tooltip_size(app, text, width)
        near = tooltip_spots(size, owner, screen)
        spots = near + [pygame.Rect(xy(size) if callable(xy) else xy, size).clamp(screen) for xy in further]
        for i, spot in enumerate(spots):
            cost = (_covered(spot, hard), i >= len(near), k, _covered(spot, soft), i)
            if best is None or cost < best[0]:
                best = (cost, spot, width)
        if best is not None and best[0][0] == 0:
            break
    assert best is not None             # a tooltip always has the spots beside its owner
    return best[1], best[2]


def request_tooltip(surface, app, text: str, owner, why: bool = False, soft=(), further=()) -> None:
    """Show ``text`` beside ``owner`` (a control's or a spot's rect) this frame. While the App
    draws a frame, it waits until the frame is drawn (``FrameMarks``): it is placed knowing every
    control and target it must leave visible. ``why``: the tooltip of a disabled control, saying
    why it is disabled."""
    frame = getattr(app, "frame", None)
    if frame is not None and frame.active:
        frame.tooltip = (text, pygame.Rect(owner), why, list(soft), list(further))
        return
    spot, width = place_tooltip(app, text, owner, soft, further)
    draw_tooltip(surface, app, text, spot, owner, why, width)


def draw_requested_tooltip(surface, app) -> None:
    """The frame's tooltip (``request_tooltip``), drawn over everything else but the toasts."""
    frame = getattr(app, "frame", None)
    if frame is None or frame.tooltip is None:
        return
    text, owner, why, soft, further = frame.tooltip
    frame.tooltip = None
    spot, width = place_tooltip(app, text, owner, soft, further)
    draw_tooltip(surface, app, text, spot, owner, why, width)


def draw_tooltip(surface, app, text: str, at, owner=None, why: bool = False,
                 width: int = TIP_WIDTHS[0]) -> pygame.Rect:
    """A tooltip: its box at ``at`` (a rect from ``place_tooltip``, or the point its box's middle
    bottom goes to, kept on the screen), its lines wrapped to ``width``. ``owner``: what it
    explains (the fit check counts a tooltip over anything else that must stay visible:
    ``FitCheck.tooltip``)."""
    font = app.assets.font(16)
    lines = wrap(font, text, width)
    w = max(font.size(ln)[0] for ln in lines) + 20
    h = len(lines) * 20 + 12
    r = pygame.Rect(0, 0, w, h)
    if isinstance(at, pygame.Rect):
        r.topleft = at.topleft
    else:
        r.midbottom = (int(at[0]), int(at[1]))
    r.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (250, 246, 220), r, border_radius=8)
    pygame.draw.rect(surface, theme.INK, r, 2, border_radius=8)
    for i, ln in enumerate(lines):
        rr = surface.blit(app.assets.text(ln, 16, theme.INK), (r.x + 10, r.y + 6 + 20 * i))
        note_text(app, rr, ln, r, layer="overlay")
    check = getattr(app, "fitcheck", None)
    if check is not None:
        check.tooltip(r, owner if owner is not None else r, why)
    return r
