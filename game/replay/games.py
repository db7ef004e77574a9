"""Games tonight: the host's finished games of the night (the lobby's button; docs/protocol.md
section 15), each with Watch (its replay in the viewer) and Save replay… (its replay file, to a
path the player may change)."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pygame

from net.replays import file_name

from .. import theme
from ..scene import Scene
from ..scenes.common import background, heading
from ..widgets import Button, TextInput, blit_text, draw_panel
from .viewer import watch

PANEL = pygame.Rect(100, 110, 1080, 520)
ROW_H, ROWS = 62, 7


def default_folder() -> Path:
    """Where a replay is saved unless the player types another path: the Downloads folder."""
    try:
        from platformdirs import user_downloads_dir

        return Path(user_downloads_dir())
    except Exception:      # no such folder on this system: the home folder
        return Path.home()


def shown_path(path: Path) -> str:
    """A path as a toast shows it: the home folder as ``~`` (the file's name, at the end, is what
    got cut off when a long home folder filled the toast's two lines)."""
    try:
        return str(Path("~") / path.relative_to(Path.home()))
    except ValueError:
        return str(path)


class GamesScene(Scene):
    """``bridge``: the host's (it asks ``finished`` on entering, ``replay`` for Watch and Save)."""

    name = "games_tonight"

    def __init__(self, app, bridge):
        super().__init__(app)
        self.bridge = bridge
        self.games: list[dict] | None = None     # None: asked, not answered yet
        self.first = 0                           # the first row shown (scrolling)
        self.wanted: tuple[str, int] | None = None   # ("watch" | "save", game id) awaiting its replay
        self.save_box: TextInput | None = None
        self.saving: dict | None = None          # the game whose file is being named
        self.rebuild()

    def on_enter(self) -> None:
        self.bridge.request_finished()

    def on_resume(self) -> None:
        self.rebuild()

    # --- the host -------------------------------------------------------------------------------
    def on_net(self, note: dict) -> None:
        kind = note.get("kind")
        if kind == "finished":
            self.games = [g for g in note.get("games") or [] if isinstance(g, dict) and "id" in g]
            self.rebuild()
        elif kind == "replay" and self.wanted is not None and note.get("id") == self.wanted[1]:
            what, self.wanted = self.wanted[0], None
            if what == "watch":
                watch(self.app, note, on_back=self.app.pop)
            else:
                self.write(note.get("replay"))
        elif kind == "error" and self.wanted is not None:
            self.wanted = None
            # no_replay's message is the host's English ("game 5 is still being played: …")
            said = None if note.get("code") == "no_replay" else note.get("message")
            self.app.toast(said or self.tr("games.no_replay"))

    def watch(self, game: dict) -> None:
        self.wanted = ("watch", game["id"])
        self.bridge.request_replay(game["id"])

    def ask_path(self, game: dict) -> None:
        """Save replay…: a line with the file's path (the Downloads folder), Enter saves."""
        self.saving = game
        path = default_folder() / file_name(game)
        self.save_box = TextInput(self.app, (PANEL.x + 20, PANEL.bottom + 14, 760, 48), str(path), "games.save_hint",
                                  on_submit=self.save, max_len=400, tooltip="games.save_tip")
        self.rebuild()
        self.save_box.focus()

    def save(self, path: str) -> None:
        if self.saving is None or not path.strip():
            return
        self.save_path = Path(path.strip()).expanduser()
        self.wanted = ("save", self.saving["id"])
        self.bridge.request_replay(self.saving["id"])

    def write(self, replay) -> None:
        path = getattr(self, "save_path", None)
        if path is None or not isinstance(replay, dict):
            return
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(replay, indent=1), encoding="utf-8")
        except OSError as e:
            self.app.toast(self.tr("games.save_failed", path=shown_path(path), error=e.strerror or str(e)))
            return
        self.app.toast(self.tr("games.saved", path=shown_path(path)), kind="info")
        self.close_box()

    def close_box(self) -> None:
        if self.save_box is not None:
            self.save_box.focus(False)
        self.save_box, self.saving = None, None
        self.rebuild()

    # --- widgets --------------------------------------------------------------------------------
    def rebuild(self) -> None:
        w, app = self.widgets, self.app
        w.clear()
        w.add(Button(app, (20, 16, 160, 44), "common.back", self.back, key=pygame.K_ESCAPE, size=18))
        for i, g in enumerate((self.games or [])[self.first:self.first + ROWS]):
            r = self.row_rect(i)
            w.add(Button(app, (r.right - 330, r.y + 9, 130, 44), "games.watch", partial(self.watch, g), size=17,
                         style="primary", tooltip="games.watch_tip"))
            w.add(Button(app, (r.right - 192, r.y + 9, 180, 44), "games.save", partial(self.ask_path, g), size=17,
                         tooltip="games.save_tip"))
        box = self.save_box
        if box is not None:
            w.add(box)
            w.add(Button(app, (PANEL.x + 790, PANEL.bottom + 14, 140, 48), "games.save_now",
                         lambda: self.save(box.value), style="primary", size=17))
            w.add(Button(app, (PANEL.x + 940, PANEL.bottom + 14, 140, 48), "games.cancel", self.close_box, size=17))

    def back(self) -> None:
        if self.save_box is not None:
            self.close_box()
        else:
            self.app.pop()

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(PANEL.x + 14, PANEL.y + 48 + i * (ROW_H + 6), PANEL.width - 28, ROW_H)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEWHEEL and PANEL.collidepoint(pygame.mouse.get_pos()):
            most = max(0, len(self.games or []) - ROWS)
            self.first = max(0, min(most, self.first - event.y))
            self.rebuild()
            return True
        return super().handle_event(event)

    # --- drawing --------------------------------------------------------------------------------
    def draw_scene(self, surface) -> None:
        app = self.app
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("games.title"))
        draw_panel(surface, PANEL)
        blit_text(surface, app, self.tr("games.subtitle"), (PANEL.x + 20, PANEL.y + 12), 17, theme.MUTED,
                  box=pygame.Rect(PANEL.x + 14, PANEL.y + 6, PANEL.width - 28, 30))
        if self.games is None or not self.games:
            key = "games.asking" if self.games is None else "games.none"
            blit_text(surface, app, self.tr(key), (PANEL.centerx, PANEL.centery), 24, theme.PAPER, anchor="center",
                      box=PANEL.inflate(-40, -40))
            return
        for i, g in enumerate(self.games[self.first:self.first + ROWS]):
            r = self.row_rect(i)
            pygame.draw.rect(surface, (46, 60, 102), r, border_radius=10)
            text_w = r.width - 350
            title = self.tr("games.row", id=g["id"], game=self.tr(self.app.games.of(g.get("game")).title_key))
            blit_text(surface, app, title, (r.x + 14, r.y + 6), 20, theme.PAPER, bold=True,
                      box=pygame.Rect(r.x + 8, r.y, text_w, 32))
            blit_text(surface, app, players_line(app, g), (r.x + 14, r.y + 34), 15, theme.MUTED,
                      box=pygame.Rect(r.x + 8, r.y + 30, text_w, 30))


def players_line(app, g: dict) -> str:
    """"Anna 57 ★ · Boris 53 · …": the players with their scores, the winners starred; a bot by
    its seat in the player's language ("Бот 3"), not by the host's English name for it."""
    names, scores, winners = g.get("names") or [], g.get("scores") or [], set(g.get("winners") or [])
    kinds = g.get("kinds") or []
    names = [app.tr("table.bot_short", n=s + 1) if s < len(kinds) and kinds[s] == "bot" else name
             for s, name in enumerate(names)]
    order = sorted(range(len(names)), key=lambda s: (s not in winners, -(scores[s] if s < len(scores) else 0)))
    parts = []
    for s in order:
        score = scores[s] if s < len(scores) else "?"
        parts.append(f"{names[s]} {score}" + (" ★" if s in winners else ""))
    return " · ".join(parts)
