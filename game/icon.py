"""The window's icon (``game/games.py``'s ``ICON``, drawn from a game's own art): the window sets it
at start on every system, and tools/build_app.py writes it as the files each system's app needs
(``icon_files``: a PNG, a Windows ``.ico``, a macOS ``.icns``,
each holding PNG images)."""
from __future__ import annotations

import io
import struct
from pathlib import Path

import pygame

from .games import ICON as draw_icon

#: The sizes written into the .ico (Windows picks one per view) and the .icns (type per size).
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512,
              b"ic10": 1024}


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(sizes=ICO_SIZES) -> bytes:
    """A Windows icon file: one PNG image per size (Windows Vista and later read PNG entries)."""
    images = [png_bytes(draw_icon(s)) for s in sizes]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for s, data in zip(sizes, images):
        dim = 0 if s >= 256 else s                               # 0 means 256
        out += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return out + b"".join(images)


def icns_bytes(types=ICNS_TYPES) -> bytes:
    """A macOS icon file: one PNG image per size, each under its type code."""
    body = b"".join(code + struct.pack(">I", 8 + len(data)) + data
                    for code, data in ((c, png_bytes(draw_icon(s))) for c, s in types.items()))
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def icon_files(folder: Path) -> dict[str, Path]:
    """Writes ``icon.png`` (256 px), ``icon.ico`` and ``icon.icns`` into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    out = {"png": folder / "icon.png", "ico": folder / "icon.ico", "icns": folder / "icon.icns"}
    out["png"].write_bytes(png_bytes(draw_icon(256)))
    out["ico"].write_bytes(ico_bytes())
    out["icns"].write_bytes(icns_bytes())
    return out
