"""The host browser: hosts found on the network appear live (name, games, free seats, ping); a
field to type an address; after a few seconds with nothing found, hints and where the host shows
its address."""
from __future__ import annotations

import pygame

from .. import theme
from ..party import restore_party
from ..scene import Scene
from ..widgets import Button, TextInput, blit_lines, blit_text, draw_panel
from .common import background, heading

HINT_AFTER = 4.0  # seconds without any host before the hints show
#: The list's columns: (left, right) of name, games, free seats, ping.
COLUMNS = ((170, 510), (520, 750), (760, 920), (930, 1118))


class BrowserScene(Scene):
    name = "browser"

    def __init__(self, app, bridge=None, tv: bool = False):
        super().__init__(app)
        self.bridge = bridge if bridge is not None else app.bridge
        self.tv = tv        # the host joined goes on the big screen (TV mode) instead of the lobby
        self.elapsed = 0.0
        self.connecting: str | None = None
        self.address = self.widgets.add(TextInput(app, (160, 612, 520, 52), app.settings.last_host,
                                                  "browser.address_hint", on_submit=self.connect,
                                                  tooltip="browser.address_tip"))
        self.widgets.add(Button(app, (696, 612, 190, 52), "browser.join", lambda: self.connect(self.address.value),
                                key=pygame.K_RETURN, style="primary", tooltip="browser.join_tip"))
        self.widgets.add(Button(app, (1040, 16, 220, 44), "settings.title", self.open_settings, key=pygame.K_F2,
                                tooltip="settings.tip", size=18))
        self.widgets.add(Button(app, (904, 612, 220, 52), "browser.refresh", self.refresh, key=pygame.K_F5,
                                tooltip="browser.refresh_tip"))
        self.widgets.add(Button(app, (1132, 612, 136, 52), "browser.tv", self.watch_tv, key=pygame.K_F9,
                                tooltip="browser.tv_tip", size=18))
        self.widgets.add(Button(app, (20, 16, 220, 44), "howto.open", self.open_howto, key=pygame.K_F1,
                                tooltip="howto.open_tip", size=18))
        self.rows: list[tuple[pygame.Rect, dict]] = []

    def on_enter(self) -> None:
        # Look for hosts only when the player is here to choose one (not while joining a given
        # address, e.g. the embedded quick game).
        if self.bridge is not None and not self.bridge.busy_connecting:
            self.bridge.start_discovery()

    def hosts(self) -> list[dict]:
        return self.bridge.discovered() if self.bridge is not None else []

    def refresh(self) -> None:
        self.elapsed = 0.0
        if self.bridge is not None:
            self.bridge.refresh_discovery()

    def open_howto(self) -> None:
        self.app.open("howto", self.app.games.names[0])

    def open_settings(self) -> None:
        self.app.open("settings")

    def watch_tv(self) -> None:
        """TV mode on the typed address (or the host clicked last)."""
        self.tv = True
        self.connect(self.address.value)

    def connect(self, address: str) -> None:
        address = address.strip()
        if not address:
            self.app.toast(self.tr("browser.no_address"))
            return
        if self.bridge is None:
            self.app.toast(self.tr("net.no_network"))
            return
        self.app.settings.last_host = address
        self.connecting = address
        self.address.value = address
        settings = self.app.settings
        self.bridge.on_seat = settings.remember_seat     # a seat taken is kept for a comeback
        try:
            self.bridge.connect(address, settings.name, token_for=settings.seat_token)
            self.bridge.kept = settings.kept_seat(self.bridge.address)   # a seat we left: ours to go back to
        except (OSError, ValueError) as e:
            self.connecting = None
            self.app.toast(self.tr("browser.cannot_connect", address=address, error=str(e)))

    def on_net(self, note: dict) -> None:
        if self.app.scene is not self:
            return
        if note["kind"] == "welcome":
            if self.tv:
                self.app.goto("tv", self.bridge)
                return
            restore_party(self.app, self.bridge)    # the local players this window had on this host
            self.app.goto("lobby", self.bridge)
        elif note["kind"] == "link_lost" and not self.bridge.connected:
            # never reached the host: stop trying and say so
            self.connecting = None
            self.bridge.disconnect()
            self.app.toast(self.tr("browser.cannot_connect", address=self.address.value,
                                   error=note.get("reason") or "?"))
        elif note["kind"] == "discovery_failed":
            self.app.toast(self.tr("net.discovery_failed", reason=note.get("reason", "")))
        elif note["kind"] in ("error", "disconnected"):
            self.connecting = None
            self.app.toast(note.get("message") or note.get("reason") or self.tr("net.disconnected"))

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, host in self.rows:
                if rect.collidepoint(event.pos):
                    self.connect(host["address"])
                    return True
        return super().handle_event(event)

    def update(self, dt):
        super().update(dt)
        self.elapsed += dt

    def draw_scene(self, surface):
        app = self.app
        surface.blit(background(app), (0, 0))
        heading(surface, app, self.tr("browser.title"))
        blit_text(surface, app, self.tr("browser.subtitle"), (640, 88), 20, theme.MUTED, anchor="center",
                  box=pygame.Rect(40, 74, 1200, 30))
        draw_panel(surface, (140, 116, 1000, 470))
        for (x, right), key in zip(COLUMNS, ("browser.col_name", "browser.col_games", "browser.col_seats",
                                            "browser.col_ping")):
            blit_text(surface, app, self.tr(key), (x, 132), 17, theme.ACCENT, bold=True,
                      box=pygame.Rect(x, 126, right - x, 30))
        hosts = self.hosts()
        self.rows = []
        mouse = pygame.mouse.get_pos()
        for i, h in enumerate(hosts[:7]):
            r = pygame.Rect(156, 164 + i * 58, 968, 50)
            self.rows.append((r, h))
            hover = r.collidepoint(mouse)
            pygame.draw.rect(surface, (62, 80, 134) if hover else (46, 60, 102), r, border_radius=10)
            theme.draw_shape(surface, theme.player_shape(i), (r.x + 22, r.centery), 11, theme.player_colour(i))
            name_box = pygame.Rect(r.x + 40, r.y, COLUMNS[0][1] - r.x - 40, r.height)
            blit_text(surface, app, h.get("name", "?"), (r.x + 44, r.y + 6), 21, theme.PAPER, bold=True, box=name_box)
            blit_text(surface, app, h.get("address", ""), (r.x + 44, r.y + 30), 14, theme.MUTED, box=name_box)
            games = ", ".join(self.tr(f"game.{g}") for g in h.get("games", []))
            cells = (games, str(h.get("free", "?")))
            for (x, right), text in zip(COLUMNS[1:3], cells):
                blit_text(surface, app, text, (x, r.y + 14), 19, theme.PAPER, bold=text == cells[1],
                          box=pygame.Rect(x, r.y, right - x, r.height))
            ping = h.get("ping")
            ping_text = f"{ping:.0f} ms" if isinstance(ping, (int, float)) else "…"
            colour = theme.GOOD if isinstance(ping, (int, float)) and ping < 50 else theme.ACCENT
            x, right = COLUMNS[3]
            blit_text(surface, app, ping_text, (x, r.y + 14), 19, colour, bold=True,
                      box=pygame.Rect(x, r.y, right - x, r.height))
        if not hosts:
            dots = "." * (1 + int(app.time * 2) % 3)
            blit_text(surface, app, self.tr("browser.searching") + dots, (640, 200), 24, theme.PAPER, anchor="center",
                      box=pygame.Rect(160, 180, 960, 40))
            if self.elapsed >= HINT_AFTER:
                self.draw_hints(surface)
        blit_text(surface, app, self.tr("browser.address"), (160, 588), 17, theme.PAPER, bold=True,
                  box=pygame.Rect(160, 582, 200, 26))
        if self.connecting:
            blit_text(surface, app, self.tr("browser.connecting", address=self.connecting), (700, 596), 17,
                      theme.ACCENT, anchor="center", box=pygame.Rect(370, 582, 660, 28))

    def draw_hints(self, surface):
        app = self.app
        blit_text(surface, app, self.tr("browser.none_found"), (190, 250), 22, theme.ACCENT, bold=True,
                  box=pygame.Rect(180, 240, 920, 40))
        for i, key in enumerate(["browser.hint_network", "browser.hint_firewall", "browser.hint_guest",
                                 "browser.hint_address"]):
            theme.draw_shape(surface, "diamond", (200, 304 + i * 52), 7, theme.ACCENT)
            blit_lines(surface, app, self.tr(key), pygame.Rect(222, 290 + i * 52, 890, 48), 19, theme.PAPER,
                       min_size=14)
