"""The page's home-screen icons are the game's own (tools/web_icons.py draws them from game/icon.py's
icon; the PNGs are committed, the page having no build step): each file is what the tool draws,
pixel for pixel, and the check finds one that is not. The manifest names them, and the web port
serves them with their types (the manifest's and the icons' in a real browser:
tests/test_web_phone.py)."""
from __future__ import annotations

import importlib.util
import json
import shutil

from node_helpers import ROOT

_spec = importlib.util.spec_from_file_location("web_icons", ROOT / "tools" / "web_icons.py")
web_icons = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(web_icons)


def test_the_icons_are_the_games_icon_as_the_tool_draws_it():
    assert web_icons.stale() == [], "stale: run tools/web_icons.py"


def test_the_check_finds_an_icon_that_is_not_the_games(tmp_path):
    import pygame

    for name in web_icons.icons():
        shutil.copy2(web_icons.ICONS / name, tmp_path / name)
    assert web_icons.stale(tmp_path) == []
    other = pygame.image.load(str(tmp_path / "icon-192.png"))
    other.set_at((96, 96), (255, 0, 255, 255))
    pygame.image.save(other, str(tmp_path / "icon-192.png"))
    (tmp_path / "apple-touch-icon.png").unlink()
    assert web_icons.stale(tmp_path) == ["icon-192.png", "apple-touch-icon.png"]


def test_the_manifest_names_the_icons_the_web_port_serves():
    from net.web import load_assets

    assets = load_assets()
    manifest = assets["/manifest.webmanifest"]
    assert manifest.ctype == "application/manifest+json"
    icons = json.loads(manifest.body)["icons"]
    for icon in icons:
        assert assets[icon["src"]].ctype == "image/png"
        w, h = icon["sizes"].split("x")
        assert (int(w), int(h)) == web_icons.icons()[icon["src"].rsplit("/", 1)[1]].get_size()
    page = assets["/"].body.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="/app/icons/apple-touch-icon.png">' in page
    assert "/app/icons/apple-touch-icon.png" in assets
