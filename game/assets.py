"""A cached loader for fonts, sounds and images, one per App (no global singletons), with clear
errors (like pgzero's ``loaders.py``)."""
from __future__ import annotations

import importlib.resources
import unicodedata
from pathlib import Path

import pygame


def assets_dir() -> Path:
    """The ``assets`` package's folder wherever it is installed: the checkout (editable install),
    site-packages (a wheel) or the built app's bundle."""
    try:
        return Path(str(importlib.resources.files("assets")))
    except ModuleNotFoundError:  # an editable install made before assets/ was a package
        return Path(__file__).resolve().parents[1] / "assets"


ASSETS_DIR = assets_dir()

FONT_REGULAR = "DejaVuSans.ttf"   # covers Latin and Cyrillic; licence in assets/fonts/
FONT_BOLD = "DejaVuSans-Bold.ttf"


def printable(text: str) -> str:
    """``text`` as one line a font can draw: tabs and line breaks as spaces; controls, format
    characters (zero-width, bidi overrides, BOM), separators and lone surrogates left out."""
    out = []
    for c in str(text):
        cat = unicodedata.category(c)
        if c in "\t\n\r" or cat in ("Zl", "Zp"):
            out.append(" ")
        elif cat not in ("Cc", "Cf", "Cs"):
            out.append(c)
    return "".join(out)


class AssetError(Exception):
    """An asset is missing or unreadable; the message names the file and where it was looked for."""


class SilentSound:
    """What ``sound()`` returns when the machine has no audio device: plays nothing."""

    def play(self, *a, **k):
        return None

    def set_volume(self, v):
        return None


def _read(what: str, load, path: Path):
    """``load(path)`` (pygame's reader of a sound or an image); an unreadable file an AssetError."""
    try:
        return load(str(path))
    except pygame.error as e:
        raise AssetError(f"cannot read {what} {path}: {e}") from e


class Assets:
    def __init__(self, root: Path | str = ASSETS_DIR):
        self.root = Path(root)
        self._fonts: dict = {}
        self._sounds: dict = {}
        self._images: dict = {}
        self._text: dict = {}
        self._made: dict = {}
        self.fits: dict = {}      # widgets.fit's answers, by (text, size, width, bold, min)

    def path(self, *parts: str) -> Path:
        p = self.root.joinpath(*parts)
        if not p.exists():
            raise AssetError(f"asset not found: {p} (looked in {self.root}; is the assets/ folder installed?)")
        return p

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (int(size), bold)
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            p = self.path("fonts", FONT_BOLD if bold else FONT_REGULAR)
            try:
                f = pygame.font.Font(str(p), key[0])
            except (OSError, pygame.error) as e:
                raise AssetError(f"cannot read font {p}: {e}") from e
            self._fonts[key] = f
        return f

    def text(self, string: str, size: int, colour, bold: bool = False) -> pygame.Surface:
        """A rendered line of text, cached (the same labels are drawn every frame). Never fails
        on what a host or a player sent: what cannot be shown is left out (``printable``), and a
        line with nothing to show is an empty, transparent surface of the line's height."""
        key = (string, int(size), tuple(colour), bold)
        s = self._text.get(key)
        if s is None:
            if len(self._text) > 4000:
                self._text.clear()
            font = self.font(size, bold)
            shown = printable(string)
            try:
                s = font.render(shown, True, colour) if shown else None
            except (pygame.error, ValueError):   # "Text has zero width", and the like
                s = None
            if s is None:
                s = pygame.Surface((1, font.get_linesize()), pygame.SRCALPHA)
            self._text[key] = s
        return s

    def cached(self, key, make):
        """A surface (or anything) the app builds once and reuses: ``make()`` runs on first use."""
        if key not in self._made:
            self._made[key] = make()
        return self._made[key]

    def sound(self, name: str):
        s = self._sounds.get(name)
        if s is None:
            p = self.path("sounds", f"{name}.wav")
            s = _read("sound", pygame.mixer.Sound, p) if pygame.mixer.get_init() else SilentSound()
            self._sounds[name] = s
        return s

    def image(self, name: str) -> pygame.Surface:
        s = self._images.get(name)
        if s is None:
            p = self.path("images", name)
            s = _read("image", pygame.image.load, p)
            self._images[name] = s
        return s
