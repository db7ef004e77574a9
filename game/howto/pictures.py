"""How the window draws a how-to picture declared as data (``game/howto/items.py``): ``paint`` draws
each item in order, the shared kinds here (a labelled pill, an arrow, words, lines, circles, boxes,
ellipses, arcs), a game's own kinds by its painters (``game/<game>/howto.py`` ``PAINTERS``)."""
from __future__ import annotations

import math

import pygame

from .. import theme
from ..widgets import blit_text


def rgb(c) -> tuple:
    """A colour of an item (``"#rrggbb"``) as pygame takes it."""
    if isinstance(c, str):
        return tuple(int(c[i:i + 2], 16) for i in (1, 3, 5))
    return tuple(c)


def at(rect, p) -> tuple[float, float]:
    """A point of an item (its box's units) on the surface."""
    return (rect.x + p[0], rect.y + p[1])


def words(app, spec) -> str:
    """An item's text in the window's language (items.py: a string, a key, a list of them)."""
    if isinstance(spec, list):
        return "".join(words(app, p) for p in spec)
    if isinstance(spec, dict):
        args = spec.get("args", {})
        if "n" in spec:
            return app.trn(spec["key"], spec["n"], **args)
        return app.tr(spec["key"], **args)
    return str(spec)


def pill(app, surface, text: str, center, colour_=theme.ACCENT, size: int = 20, ink=None) -> pygame.Rect:
    img = app.assets.text(text, size, ink or colour_, True)
    r = img.get_rect(center=center).inflate(22, 10)
    pygame.draw.rect(surface, theme.INK, r.inflate(4, 4), border_radius=14)
    pygame.draw.rect(surface, (40, 34, 20), r, border_radius=12)
    pygame.draw.rect(surface, colour_, r, 2, border_radius=12)
    surface.blit(img, img.get_rect(center=r.center))
    return r


def arrow(surface, a, b, colour_=theme.ACCENT, width: int = 5) -> None:
    pygame.draw.line(surface, theme.INK, a, b, width + 4)
    pygame.draw.line(surface, colour_, a, b, width)
    ang = math.atan2(b[1] - a[1], b[0] - a[0])
    head = [b, (b[0] - 18 * math.cos(ang - 0.5), b[1] - 18 * math.sin(ang - 0.5)),
            (b[0] - 18 * math.cos(ang + 0.5), b[1] - 18 * math.sin(ang + 0.5))]
    pygame.draw.polygon(surface, colour_, head)
    pygame.draw.polygon(surface, theme.INK, head, 2)


def _box(rect, item) -> pygame.Rect:
    x, y, w, h = item["box"]
    return pygame.Rect(round(rect.x + x), round(rect.y + y), round(w), round(h))


def _circle(app, surface, rect, item) -> None:
    c = at(rect, item["at"])
    if "fill" in item:
        pygame.draw.circle(surface, rgb(item["fill"]), c, item["r"])
    if "stroke" in item:
        pygame.draw.circle(surface, rgb(item["stroke"]), c, item["r"], item["width"])


def _rect(app, surface, rect, item) -> None:
    r = _box(rect, item)
    if "fill" in item:
        pygame.draw.rect(surface, rgb(item["fill"]), r, border_radius=item["radius"])
    if "stroke" in item:
        pygame.draw.rect(surface, rgb(item["stroke"]), r, item["width"], border_radius=item["radius"])


SHARED = {
    "arrow": lambda app, surface, rect, it: arrow(surface, at(rect, it["from"]), at(rect, it["to"]), rgb(it["colour"]),
                                                  it["width"]),
    "pill": lambda app, surface, rect, it: pill(app, surface, words(app, it["text"]), at(rect, it["at"]),
                                                rgb(it["colour"]), it["size"], rgb(it["ink"])),
    "text": lambda app, surface, rect, it: blit_text(surface, app, words(app, it["text"]), at(rect, it["at"]),
                                                     it["size"], rgb(it["colour"]), bold=it["bold"],
                                                     anchor=it["anchor"], shadow=it["shadow"]),
    "line": lambda app, surface, rect, it: pygame.draw.line(surface, rgb(it["colour"]), at(rect, it["from"]),
                                                            at(rect, it["to"]), it["width"]),
    "circle": _circle,
    "rect": _rect,
    "ellipse": lambda app, surface, rect, it: pygame.draw.ellipse(surface, rgb(it["fill"]), _box(rect, it)),
    "arc": lambda app, surface, rect, it: pygame.draw.arc(surface, rgb(it["colour"]), _box(rect, it), it["start"],
                                                          it["stop"], it["width"]),
}


def paint(app, surface, rect, items, painters) -> None:
    """Draw the picture ``items`` in ``rect`` (its box's units from ``rect``'s top left): the shared
    kinds and ``painters``' (the game's: ``{kind: fn(app, surface, rect, item)}``)."""
    for item in items:
        fn = painters.get(item["k"]) or SHARED[item["k"]]
        fn(app, surface, rect, item)
