"""A how-to picture declared as data, so that both clients draw the same one: the window with its
pygame art (``game/howto/pictures.py`` ``paint``, each game's own items in ``game/<game>/howto.py``)
and the browser with its SVG art (``assets/web/app/howto.js`` and each game's
``assets/web/games/<game>/howto.js``, from ``howto_pages.js``, written by ``tools/web_data.py``).

A picture is a tuple of items, plain dicts drawn in order, in the units of its box (a page's
picture: ``PICTURE_W`` × ``PICTURE_H``; a row's icon: ``ICON_W`` × ``ICON_H``), (0, 0) its top left.
Each item's ``k`` names its kind: the shared ones here (arrows, labelled pills, words, lines,
circles, boxes, ellipses, arcs), the others a game's own (its tiles, figures, dice, cards...).
Colours are ``"#rrggbb"``; a seat's figures take the seat (its colour and, with the colour-blind
shapes, its shape). A text is a string as it is, a catalog key ``{"key", "n"?,
"args"?}`` (``n``: a plural entry's number), or a list of those, joined.
"""
from __future__ import annotations

from .. import theme

#: The box of a page's picture, and of a row's icon (the window's pages draw them that size).
PICTURE_W, PICTURE_H = 540, 480
ICON_W, ICON_H = 76, 112


def colour(rgb) -> str:
    """An RGB tuple (or a colour already written) as ``"#rrggbb"``."""
    if isinstance(rgb, str):
        return rgb
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in rgb[:3])


def num(v):
    """A number of an item, to a hundredth (an int stays one)."""
    return v if isinstance(v, int) else round(float(v), 2)


def xy(p) -> list:
    return [num(p[0]), num(p[1])]


def key(k: str, plural: int | None = None, **args) -> dict:
    """A catalog key as a picture's text, ``args`` its placeholders (``plural``: a plural entry's number)."""
    out: dict = {"key": k}
    if plural is not None:
        out["n"] = plural
    if args:
        out["args"] = args
    return out


def arrow(a, b, col=theme.ACCENT, width: int = 5) -> dict:
    return {"k": "arrow", "from": xy(a), "to": xy(b), "colour": colour(col), "width": width}


def pill(text, at, col=theme.ACCENT, size: int = 20, ink=None) -> dict:
    """A label on a dark pill edged in ``col``; its text in ``ink`` (default ``col``)."""
    return {"k": "pill", "text": text, "at": xy(at), "colour": colour(col), "size": size, "ink": colour(ink or col)}


def text(words, at, size: int, col=theme.PAPER, bold: bool = False, anchor: str = "topleft",
         shadow: bool = False) -> dict:
    """Words at ``at`` (``anchor``: which point of them, as pygame names a rect's points)."""
    return {"k": "text", "text": words, "at": xy(at), "size": size, "colour": colour(col), "bold": bold,
            "anchor": anchor, "shadow": shadow}


def line(a, b, col, width: int = 2) -> dict:
    return {"k": "line", "from": xy(a), "to": xy(b), "colour": colour(col), "width": width}


def circle(at, r: float, fill=None, stroke=None, width: int = 0) -> dict:
    """A disc (``fill``), or a ring (``stroke`` of ``width``)."""
    out: dict = {"k": "circle", "at": xy(at), "r": round(float(r), 2)}
    if fill is not None:
        out["fill"] = colour(fill)
    if stroke is not None:
        out["stroke"], out["width"] = colour(stroke), width
    return out


def box(rect, fill=None, stroke=None, width: int = 0, radius: int = 0) -> dict:
    """A rectangle ``(x, y, w, h)``, filled or outlined, its corners rounded by ``radius``."""
    out: dict = {"k": "rect", "box": [round(float(v), 2) for v in rect], "radius": radius}
    if fill is not None:
        out["fill"] = colour(fill)
    if stroke is not None:
        out["stroke"], out["width"] = colour(stroke), width
    return out


def ellipse(rect, fill) -> dict:
    return {"k": "ellipse", "box": [round(float(v), 2) for v in rect], "fill": colour(fill)}


def arc(rect, start: float, stop: float, col, width: int) -> dict:
    """Part of the ellipse in ``rect`` from angle ``start`` to ``stop`` (radians, counter-clockwise
    from the right as the screen shows it: pygame's ``draw.arc``)."""
    return {"k": "arc", "box": [round(float(v), 2) for v in rect], "start": round(start, 4), "stop": round(stop, 4),
            "colour": colour(col), "width": width}


def texts_of(item: dict) -> list:
    """The catalog keys an item prints (the catalogs' check: every one in every language)."""
    t = item.get("text")
    parts = t if isinstance(t, list) else [t]
    return [p["key"] for p in parts if isinstance(p, dict)]
