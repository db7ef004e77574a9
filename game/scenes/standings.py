"""The night's standings ("Tonight"): per player, the games played, the wins and the
placement points (n−1 for the first of n … 0 for the last; ties share), overall and per game, as
the host keeps them across every finished game of its data dir (docs/protocol.md, ``standings``).
Opened from the lobby and the results; the host's own window may start a new night."""
from __future__ import annotations

import pygame

from .. import theme
from ..scene import Scene
from ..widgets import Button, blit_text, draw_panel, fit
from .common import background, heading

PANEL = pygame.Rect(140, 150, 1000, 460)
ROW_H = 40
MAX_ROWS = 9
#: the columns right of the name: (key, right edge)
COLUMNS = (("standings.played", 820), ("standings.wins", 950), ("standings.points", 1110))


def points_text(points, app=None) -> str:
    """2 → "2", 2.5 → "2.5" (tied players share the points of the places they span); with ``app``,
    the decimal separator of its language ("2,5" in Czech, Italian, Russian)."""
    try:
        text = f"{float(points):g}"
    except (TypeError, ValueError):
        return "?"
    return text.replace(".", app.tr("hint.decimal_point")) if app is not None else text


def points_count(points) -> int:
    """The count a plural entry's form is picked by: the whole points, and 2 ("pts", not "pt") for a
    half point, which reads as a plural ("1.5 pts", "2,5 очка")."""
    try:
        value = float(points)
    except (TypeError, ValueError):
        return 2
    return int(value) if value.is_integer() else 2


def ranks(rows: list[dict]) -> list[int]:
    """Each row's place, 1-based: the host's ``rank`` (those equal on points and wins share it);
    from an older host without it, counted here the same way."""
    out: list[int] = []
    for i, r in enumerate(rows):
        if isinstance(r.get("rank"), int):
            out.append(r["rank"])
            continue
        prev = rows[i - 1] if i else None
        same = prev is not None and (prev.get("points"), prev.get("wins")) == (r.get("points"), r.get("wins"))
        out.append(out[-1] if same else i + 1)
    return out


def summary_line(app, standings: dict | None, limit: int = 4) -> str:
    """One line of the overall standings for the results: "Tonight: Anna 5 · Boris 3 · …"."""
    rows = (standings or {}).get("overall") or []
    if not rows:
        return ""
    parts = [app.trn("standings.entry", points_count(r.get("points")), name=r.get("name", "?"),
                     points=points_text(r.get("points"), app)) for r in rows[:limit]]
    return app.tr("standings.summary", entries=" · ".join(parts) + (" · …" if len(rows) > limit else ""))


class StandingsScene(Scene):
    name = "standings"

    def __init__(self, app, bridge):
        super().__init__(app)
        self.bridge = bridge
        self.view = "overall"       # or a game's name
        self.confirm = False        # "New night" asks once more before it clears the standings
        self.rebuild()

    def data(self) -> dict:
        return self.bridge.standings or {}

    def views(self) -> list[str]:
        games = [g for g, rows in (self.data().get("games") or {}).items() if rows]
        return ["overall"] + sorted(games)

    def rows(self) -> list[dict]:
        d = self.data()
        rows = d.get("overall") if self.view == "overall" else (d.get("games") or {}).get(self.view)
        return [r for r in rows or [] if isinstance(r, dict)]

    def rebuild(self) -> None:
        w, app = self.widgets, self.app
        w.clear()
        w.add(Button(app, (20, 16, 160, 44), "common.back", self.app.pop, key=pygame.K_ESCAPE, size=18))
        for i, v in enumerate(self.views()):
            label = "standings.overall" if v == "overall" else f"game.{v}"
            w.add(Button(app, (PANEL.x + i * 230, 100, 220, 42), label, lambda v=v: self.show(v), size=18, value=v,
                         style="primary" if v == self.view else "normal"))
        if self.bridge.is_operator:    # the host's own window (its welcome said so): a new night
            w.add(Button(app, (1000, 640, 260, 56), "standings.sure" if self.confirm else "standings.new_night",
                         self.new_night, style="danger", size=18, tooltip="standings.new_night_tip",
                         value="new_night"))

    def show(self, view: str) -> None:
        self.view = view
        self.rebuild()

    def new_night(self) -> None:
        if not self.confirm:
            self.confirm = True
        else:
            self.confirm = False
            self.bridge.new_night()
        self.rebuild()

    def on_net(self, note: dict) -> None:
        if note.get("kind") == "error" and self.app.scene is self:   # a refused new night: said, never silent
            self.app.toast(note.get("message") or note.get("code"))
        if note.get("kind") == "standings":
            if self.view not in self.views():
                self.view = "overall"
            self.rebuild()

    def draw_scene(self, surface) -> None:
        app, d = self.app, self.data()
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("standings.title"))
        games = int((d.get("night") or {}).get("games") or 0)
        blit_text(surface, app, self.trn("standings.games", games), (PANEL.right, 121), 18, theme.MUTED,
                  anchor="midright", box=pygame.Rect(PANEL.x + 700, 100, 300, 42))
        draw_panel(surface, PANEL)
        y0 = PANEL.y + 16
        name_box = pygame.Rect(PANEL.x + 80, y0, COLUMNS[0][1] - 110 - (PANEL.x + 80), 30)
        blit_text(surface, app, self.tr("standings.player"), (name_box.x, y0 + 15), 16, theme.ACCENT, bold=True,
                  anchor="midleft", box=name_box)
        for key, right in COLUMNS:
            blit_text(surface, app, self.tr(key), (right, y0 + 15), 16, theme.ACCENT, bold=True, anchor="midright",
                      box=pygame.Rect(right - 120, y0, 120, 30))
        rows = self.rows()
        if not rows:
            blit_text(surface, app, self.tr("standings.none"), (PANEL.centerx, PANEL.centery), 22, theme.MUTED,
                      anchor="center", box=PANEL.inflate(-40, -200))
        places = ranks(rows)
        for i, r in enumerate(rows[:MAX_ROWS]):
            rr = pygame.Rect(PANEL.x + 16, y0 + 40 + i * (ROW_H + 6), PANEL.width - 32, ROW_H)
            mine = r.get("you") is True     # the host marks the asker's own row (its key), never a name
            pygame.draw.rect(surface, (62, 80, 134) if mine else (46, 60, 102), rr, border_radius=10)
            first = places[i] == 1      # tied players share their place (issue 28 point 10)
            blit_text(surface, app, str(places[i]), (rr.x + 36, rr.centery), 20, theme.ACCENT if first else theme.PAPER,
                      bold=True, anchor="center", box=pygame.Rect(rr.x + 8, rr.y, 56, rr.height))
            text, size = fit(app, str(r.get("name", "?")), 20, name_box.width, True)
            blit_text(surface, app, text, (name_box.x, rr.centery), size, theme.PAPER, bold=True, anchor="midleft",
                      box=pygame.Rect(name_box.x - 4, rr.y, name_box.width + 8, rr.height))
            cells = (str(r.get("played", 0)), str(r.get("wins", 0)), points_text(r.get("points", 0), app))
            for (key, right), cell in zip(COLUMNS, cells):
                blit_text(surface, app, cell, (right, rr.centery), 20, theme.PAPER, bold=key == "standings.points",
                          anchor="midright", box=pygame.Rect(right - 120, rr.y, 120, rr.height))
        blit_text(surface, app, self.tr("standings.rule"), (PANEL.x + 20, PANEL.bottom + 16), 15, theme.MUTED,
                  anchor="topleft", box=pygame.Rect(PANEL.x + 10, PANEL.bottom + 8, 840, 30))
        if d.get("problem"):
            blit_text(surface, app, self.tr("standings.problem", problem=str(d["problem"])),
                      (PANEL.x + 20, PANEL.bottom + 44), 15, theme.BAD, anchor="topleft",
                      box=pygame.Rect(PANEL.x + 10, PANEL.bottom + 38, 840, 30))
