"""The lobby: the host's tables (join, watch, create) and, once at a table, its seats (name,
colour and shape, ready marks, bots with their level), the game, variant and options, and start.
Everything is asked of the host; the lobby shows what it answers."""
from __future__ import annotations

from typing import cast

import pygame

from .. import theme
from ..net_bridge import bot_name
from ..party import party_of, restore_party
from ..scene import Scene
from ..widgets import Button, ScrollLog, TextInput, blit_lines, blit_text, draw_panel, fit_tagged, note_solid
from .common import ChatFeed, TableScene, background, clock_words, heading, seat_colour


def free_seats(summary: dict) -> int:
    if summary.get("status", "lobby") != "lobby":
        return 0
    players = summary.get("players")
    if isinstance(players, list):
        return sum(1 for p in players if isinstance(p, dict) and p.get("kind") == "empty")
    return int(summary.get("free", 0))


def player_names(summary: dict, tr) -> str:
    """A table's players in a line; a bot by its seat's number, as the table names it ("Bot 2
    (normal)"), so three bots are three names."""
    out = []
    for seat, p in enumerate(summary.get("players") or []):
        if isinstance(p, dict) and p.get("kind") == "human":
            out.append(p.get("name") or "?")
        elif isinstance(p, dict) and p.get("kind") == "bot":
            out.append(bot_name(tr, seat, p.get("level")))
    return ", ".join(out)


class LobbyScene(Scene):
    name = "lobby"

    def __init__(self, app, bridge):
        super().__init__(app)
        self.bridge = bridge
        # the table to create: the options' defaults as the host's welcome offers them
        self.new_game = {"game": app.games.default.name, "seats": 4, "hints": True,
                         "clock": bridge.clocks.get("default"),     # the host's (None: it says none)
                         **{k: v for g in bridge.games.values() for k, v in g["defaults"].items()}}
        self.bot_level = "normal"
        self.level_picked = False   # until the player picks one, the level of the table's bots
        # at a table: its chat under the tables list (click the line to type, Enter sends)
        self.chat_log = ScrollLog(app, (34, 372, 572, 196), size=15)
        self.chat_feed = ChatFeed(bridge, self.chat_log)
        self.chat_input = TextInput(app, (34, 578, 572, 48), "", "lobby.chat_hint", on_submit=self.send_chat,
                                    max_len=200, tooltip="lobby.chat_tip")
        self.rebuild()

    # --- state from the host ------------------------------------------------------------------
    @property
    def lobby(self) -> dict | None:
        return self.bridge.lobby

    def seats(self) -> list[dict]:
        """The table's seats as the host describes them: ``{"seat", "kind": "empty"|"human"|"bot",
        "name", "colour", "ready", "level", "connected", "takeover"}``."""
        return list((self.lobby or {}).get("players") or [])

    def my_seat(self):
        return self.bridge.table.my_seat

    def is_owner(self) -> bool:
        """We own the table (a table without an owner: whoever sits first, unless its first seat
        is kept for the host's own window)."""
        lob = self.lobby or {}
        owner = lob.get("owner")
        if owner is None:
            return not any(isinstance(p, dict) and p.get("reserved") for p in lob.get("players") or [])
        return owner == self.bridge.player

    def levels(self) -> list[str]:
        game = (self.lobby or {}).get("game") or self.new_game["game"]
        return self.bridge.levels(game)

    def seat_range(self, game: str) -> tuple[int, int]:
        """How many seats a table of ``game`` may have, as the host's welcome offers it."""
        lo, hi = self.bridge.games[game]["seats"]
        return lo, hi

    def local_seats(self) -> tuple:
        """The seats of the players at this window (pass-and-play), as the lobby last drew them."""
        party = self.app.party
        return tuple(b.table.my_seat for b in party.bridges) if party is not None else ()

    def update(self, dt):
        super().update(dt)
        if self.local_seats() != self.drawn_local:   # a local player sat down or went
            self.rebuild()

    def on_resume(self):
        self.rebuild()

    def on_enter(self):
        if self.bridge.connected:
            self.bridge.list_tables()

    def on_net(self, note: dict) -> None:
        if self.app.scene is not self:
            return
        kind = note["kind"]
        self.follow_party(kind, note)
        if kind in ("tables", "lobby", "seated", "left", "saved"):
            self.rebuild()
        elif kind == "update":
            self.to_the_game()
        elif kind == "error":
            self.app.toast(str(note.get("message") or note.get("code")))
        elif kind == "chat":
            self.chat_feed.take(note)
        elif kind == "disconnected":
            self.app.toast(self.tr("net.disconnected"))
            self.app.goto("browser", self.bridge)

    def follow_party(self, kind: str, note: dict) -> None:
        """The window's players leave the table with it, and come back with it."""
        if kind == "left" and self.app.party is not None:
            self.app.party.dismiss(keep=bool(note.get("kept")))
        if kind == "seated" and self.bridge.table.id is not None:
            restore_party(self.app, self.bridge, kept=True)

    def to_the_game(self) -> None:
        """The game's first update: to the table, saying where a game met mid-way stands, and
        what happened while we were away."""
        table = cast(TableScene, self.app.goto("table", self.bridge))
        tm = self.bridge.table
        if tm.state and not tm.over and tm.to_act is not None:
            table.log.add(self.trn("recap.resumed", tm.state, name=table.short_name(tm.to_act)))
        if (self.bridge.recap or {}).get("moves"):
            self.app.open("recap", table, self.bridge)

    # --- widgets ------------------------------------------------------------------------------
    def table_bot_level(self) -> str | None:
        """The level the table's bots really play at (the first bot's), if it has bots."""
        return next((s.get("level") for s in self.seats() if s.get("kind") == "bot" and s.get("level")), None)

    def settle_bot_level(self) -> None:
        """The level selector: the level the table's bots play at (until one is picked), one the
        host offers."""
        if not self.level_picked:
            self.bot_level = self.table_bot_level() or self.bot_level
        levels = self.levels()
        if levels and self.bot_level not in levels:     # a game whose host offers other levels
            self.bot_level = "normal" if "normal" in levels else levels[0]

    def rebuild(self) -> None:
        w, app, b = self.widgets, self.app, self.bridge
        self.drawn_local = self.local_seats()
        self.settle_bot_level()
        w.clear()
        w.add(Button(app, (1040, 16, 220, 44), "settings.title", self.open_settings, key=pygame.K_F2, size=18))
        if b.hosting and getattr(b, "host_web", None):   # the host's own window: the page for phones, its QR
            w.add(Button(app, (20, 16, 160, 44), "phones.open", lambda: self.app.open("phones", b.host_web),
                         key=pygame.K_p, size=18, tooltip="phones.tip"))
        if not b.hosting:   # the host's own window never drops its seat or its host by Esc (Leave is there)
            w.add(Button(app, (20, 16, 160, 44), "common.back", self.back, key=pygame.K_ESCAPE, size=18))
        w.add(Button(app, (1040, 660, 220, 44), "howto.open", self.open_howto, key=pygame.K_F1, size=18,
                     tooltip="howto.open_tip"))
        w.add(Button(app, (636, 660, 210, 44), "lobby.games", self.open_games, key=pygame.K_F6, size=17,
                     tooltip="lobby.games_tip"))
        w.add(Button(app, (858, 660, 170, 44), "standings.open", self.open_standings, key=pygame.K_t, size=18,
                     tooltip="standings.open_tip", enabled=lambda: self.bridge.standings is not None))
        # the tables list (left), shorter at a table: its chat below
        for i, t in enumerate(b.tables[:self.rows()]):
            self.build_table_row(t, 150 + i * 70)
        if self.lobby is None:
            self.build_create()
            self.build_saved()
        else:
            self.build_table()
            w.add(self.chat_input)

    def build_table_row(self, t: dict, y: int) -> None:
        """A listed table's buttons: join or watch it, or back to our seat at it."""
        w, app, b = self.widgets, self.app, self.bridge
        if self.lobby is None and t.get("status") == "playing" and b.my_seat_at(t.get("id")) is not None:
            # a game whose seat is ours (we left it, or the host knows it by our key): back to it
            w.add(Button(app, (410, y + 8, 186, 40), "lobby.back_to_seat", lambda t=t: self.back_to_seat(t),
                         style="good", tooltip="lobby.back_to_seat_tip", size=16, value=("back", t.get("id"))))
            return
        w.add(Button(app, (410, y + 8, 90, 40), "lobby.join", lambda t=t: self.join(t),
                     enabled=bool(free_seats(t)) and self.lobby is None, tooltip="lobby.join_tip", size=17))
        w.add(Button(app, (506, y + 8, 90, 40), "lobby.watch", lambda t=t: self.join(t, watch=True),
                     enabled=self.lobby is None, tooltip="lobby.watch_tip", size=17))

    def build_create(self) -> None:
        w, app, ng = self.widgets, self.app, self.new_game
        x = 690
        w.add(Button(app, (x, 170, 260, 48), None, self.cycle_game, key=pygame.K_g,
                     text=lambda: self.tr(self.client(ng["game"]).title_key), tooltip="lobby.game_tip"))
        w.add(Button(app, (x + 270, 170, 56, 48), None, lambda: self.seat_count(-1), text="−", key=pygame.K_MINUS,
                     key_name="-"))
        w.add(Button(app, (x + 400, 170, 56, 48), None, lambda: self.seat_count(1), text="+", key=pygame.K_EQUALS,
                     key_name="+"))
        w.add(Button(app, (x, 250, 526, 48), None, self.cycle_option, key=pygame.K_o, text=self.option_label,
                     tooltip="lobby.option_tip"))
        hints = w.add(Button(app, (x, 316, 526, 48), None, self.toggle_hints, key=pygame.K_h, tooltip="lobby.hints_tip",
                             text=lambda: self.tr("lobby.hints",
                                                  on=self.tr("common.on" if ng["hints"] else "common.off"))))
        hints.visible = self.client(ng["game"]).hints   # only a table with the hint allows it
        if self.bridge.clocks.get("values"):           # a host that keeps turn clocks
            w.add(Button(app, (x, 376, 526, 48), None, self.cycle_clock, key=pygame.K_k, tooltip="lobby.clock_tip",
                         text=lambda: self.tr("lobby.clock", value=clock_words(self.app, ng["clock"]))))
        w.add(Button(app, (x, 560, 526, 60), "lobby.create", self.create, key=pygame.K_RETURN,
                     style="primary", tooltip="lobby.create_tip"))

    def build_table(self) -> None:
        w, app, b = self.widgets, self.app, self.bridge
        seats = self.seats()
        owner = self.is_owner()
        for i, s in enumerate(seats):
            self.build_seat_buttons(i, s, 170 + i * 54, owner)
        if owner:       # only the owner adds bots (+Bot, Fill): a guest has no use for their level
            w.add(Button(app, (690, 570, 170, 56), None, self.cycle_level, key=pygame.K_l,
                         text=lambda: self.tr("lobby.bot_level", level=self.tr(f"bot.{self.bot_level}")), size=17,
                         tooltip="lobby.bot_level_tip"))
        self.build_ready(seats)
        w.add(Button(app, (1050, 570, 180, 56), "lobby.start", b.start, key=pygame.K_RETURN,
                     enabled=owner, style="primary", tooltip="lobby.start_tip"))
        w.add(Button(app, (20, 660, 160, 44), "lobby.leave", b.leave, style="danger", size=18))
        free = any(s.get("kind") == "empty" for s in seats)
        w.add(Button(app, (192, 660, 210, 44), "hotseat.add_here", self.add_local, size=17,
                     enabled=free and (self.lobby or {}).get("status", "lobby") == "lobby",
                     tooltip="hotseat.add_here_tip"))
        if owner and b.party_host:
            self.build_host_buttons(seats, free)

    def build_ready(self, seats: list) -> None:
        """Ready (green only to say "ready"), or not ready once we are."""
        mine = self.my_seat()
        ready = bool(mine is not None and mine < len(seats) and seats[mine].get("ready"))
        self.widgets.add(Button(self.app, (870, 570, 170, 56), "lobby.unready" if ready else "lobby.ready",
                                lambda: self.bridge.ready(not ready), key=pygame.K_SPACE,
                                enabled=mine is not None, style="normal" if ready else "good",
                                tooltip="lobby.ready_tip"))

    def build_seat_buttons(self, i: int, s: dict, y: int, owner: bool) -> None:
        """A seat's buttons: our colour; a player at this window: their colour, or they go; the
        owner's."""
        w, app, party = self.widgets, self.app, self.app.party
        here = party.bridge_at(i) if party is not None else None
        if i == self.my_seat():
            w.add(Button(app, (1120, y, 110, 42), "lobby.colour", self.next_colour, key=pygame.K_c,
                         size=16, tooltip="lobby.colour_tip"))
        elif here is not None:
            w.add(Button(app, (1120, y, 52, 42), None, lambda here=here: self.next_colour(here), text="◐",
                         size=16, tooltip="lobby.colour_tip"))
            w.add(Button(app, (1178, y, 52, 42), None, lambda here=here: party.remove(here), text="×",
                         size=18, tooltip="hotseat.remove_tip", value=("unlocal", i)))
        elif owner:
            self.build_owner_seat_button(i, s, y)

    def build_owner_seat_button(self, i: int, s: dict, y: int) -> None:
        """The owner's button at a seat: remove a player (the host's window, before the game),
        remove a bot, add one."""
        w, app, b = self.widgets, self.app, self.bridge
        if b.party_host and s.get("kind") == "human" and self.waiting():
            w.add(Button(app, (1120, y, 110, 42), "lobby.remove", lambda i=i: b.remove_seat(i), size=16,
                         style="danger", tooltip="lobby.remove_tip", value=("remove", i)))
        elif s.get("kind") == "bot":
            w.add(Button(app, (1120, y, 110, 42), "lobby.remove_bot", lambda i=i: b.remove_bot(i), size=16,
                         tooltip="lobby.remove_bot_tip"))
        elif s.get("kind") == "empty":
            w.add(Button(app, (1120, y, 110, 42), "lobby.add_bot", lambda i=i: b.add_bot(i, self.bot_level),
                         size=16, tooltip="lobby.add_bot_tip"))

    def build_host_buttons(self, seats: list, free: bool) -> None:
        """The owner's at the host's own window: fill the free (or the away) seats with bots, make
        the table private."""
        w, app, b = self.widgets, self.app, self.bridge
        away = any(s.get("kind") == "human" and not s.get("connected", True) for s in seats)
        w.add(Button(app, (414, 660, 210, 44), "lobby.fill", lambda: b.fill(self.bot_level), size=17,
                     enabled=(free and self.waiting()) or (away and not self.waiting()), tooltip="lobby.fill_tip"))
        w.add(Button(app, self.PRIVATE_RECT, None, lambda: b.set_private(not (self.lobby or {}).get("private")),
                     size=16, text=self.private_label, enabled=self.waiting(), tooltip="lobby.private_tip",
                     value="private"))

    PRIVATE_RECT = pygame.Rect(1046, 104, 200, 30)     # in the table's title line (the owner's), above its options

    def title_width(self) -> int:
        """The table's title line, clear of the owner's Private button."""
        shown = self.is_owner() and self.bridge.party_host
        return (self.PRIVATE_RECT.x - 8 - 674) if shown else 572

    def waiting(self) -> bool:
        """Our table has not started yet."""
        return (self.lobby or {}).get("status", "lobby") == "lobby"

    def private_label(self) -> str:
        """"Private: off", or the code the others type to join: "Private · K7M3P"."""
        lob = self.lobby or {}
        if lob.get("private"):
            return self.tr("lobby.private_code", code=lob.get("code") or "?")
        return self.tr("lobby.private_off")

    # --- choices ------------------------------------------------------------------------------
    def client(self, game: str | None):
        """What this window knows of ``game`` (``app.games``)."""
        return self.app.games.of(game)

    def option_label(self) -> str:
        ng = self.new_game
        return self.client(ng["game"]).option_line(self.tr, ng)

    def cycle_game(self):
        ng = self.new_game
        games = list(self.bridge.games)                 # as the host's welcome offers them
        ng["game"] = games[(games.index(ng["game"]) + 1) % len(games)] if ng["game"] in games else games[0]
        lo, hi = self.seat_range(ng["game"])
        ng["seats"] = min(hi, max(lo, ng["seats"]))
        self.rebuild()

    def toggle_hints(self):
        self.new_game["hints"] = not self.new_game["hints"]

    def cycle_clock(self):
        """The next turn clock the host's welcome offers (seconds; 0: none)."""
        values = list(self.bridge.clocks.get("values") or [])
        ng = self.new_game
        i = values.index(ng["clock"]) if ng["clock"] in values else -1
        ng["clock"] = values[(i + 1) % len(values)] if values else None

    def seat_count(self, d):
        lo, hi = self.seat_range(self.new_game["game"])
        self.new_game["seats"] = min(hi, max(lo, self.new_game["seats"] + d))

    def cycle_option(self):
        """The next value of each of the game's options, in the order the host's welcome lists
        them."""
        ng = self.new_game
        for name, values in self.bridge.games[ng["game"]]["options"].items():
            i = values.index(ng[name]) if ng[name] in values else -1
            ng[name] = values[(i + 1) % len(values)]

    def cycle_level(self):
        self.level_picked = True
        levels = self.levels()
        i = levels.index(self.bot_level) if self.bot_level in levels else -1
        self.bot_level = levels[(i + 1) % len(levels)]

    def add_local(self):
        """"+ a player here": a name, then that player's own seat at this table (pass-and-play)."""
        party = party_of(self.app, self.bridge)
        suggested = self.tr("hotseat.default_name", n=len(party.bridges) + 1)
        self.app.open("ask", "hotseat.add_title", "hotseat.add_note", "hotseat.add",
                      lambda name: party.add(name[:24]), value=suggested, placeholder="settings.name_hint")

    def back_to_seat(self, t: dict) -> None:
        """"Back to my seat": our own seat of a game under way (we left it, or the host knows it
        by our player key), with the recap of what we missed; our window's other players too."""
        self.bridge.back_to_seat(t["id"])

    def join(self, t: dict, watch: bool = False) -> None:
        """Join (or watch) a listed table: a private one asks for its code."""
        b = self.bridge
        if t.get("private"):
            go = b.spectate if watch else b.sit
            self.app.open("ask", "lobby.code_title", "lobby.code_note", "lobby.watch" if watch else "lobby.join",
                          lambda code: go(t["id"], code=code.upper()), placeholder="lobby.code_hint", max_len=12)
        elif watch:
            b.spectate(t["id"])
        else:
            b.sit(t["id"])

    def next_colour(self, bridge=None):
        """The next colour nobody has, for our seat (or for a local player's: ``bridge``)."""
        bridge = bridge or self.bridge
        seats, mine = self.seats(), bridge.table.my_seat
        taken = {s.get("colour") for s in seats if s.get("seat") != mine}
        current = seats[mine].get("colour") if mine is not None and mine < len(seats) else None
        order = self.bridge.colours                     # the host's, from its welcome
        start = order.index(current) + 1 if current in order else 0
        for k in range(len(order)):
            c = order[(start + k) % len(order)]
            if c not in taken:
                bridge.colour(c)
                return

    def create(self):
        ng = self.new_game
        opts = {name: ng[name] for name in self.bridge.games[ng["game"]]["options"]}
        self.bridge.create(ng["game"], ng["seats"], opts,
                           hints=ng["hints"] if self.client(ng["game"]).hints else None,
                           clock=ng["clock"] if isinstance(ng["clock"], int) else None)

    def back(self):
        if self.lobby is not None:
            self.bridge.leave()
            return
        if self.app.party is not None:
            self.app.party.dismiss()
        self.bridge.disconnect()
        if self.app.home is not None:       # the quick game: back to its picker
            self.app.home()
            return
        self.app.goto("browser", self.bridge)

    def open_howto(self):
        self.app.open("howto", (self.lobby or {}).get("game") or self.new_game["game"])

    def open_games(self):
        """Tonight's finished games: watch one again, or save its replay file."""
        self.app.open("games_tonight", self.bridge)

    def open_standings(self):
        self.app.open("standings", self.bridge)

    def open_settings(self):
        self.app.open("settings")

    def rows(self) -> int:
        return 6 if self.lobby is None and not self.saved() else 3

    # --- the host's unfinished saved games we sat at (below the tables, outside a table) -------
    SAVED_Y = 372

    def saved(self) -> list[dict]:
        return list(self.bridge.saved_games[:3]) if self.lobby is None else []

    def build_saved(self) -> None:
        for i, g in enumerate(self.saved()):
            y = self.SAVED_Y + 40 + i * 70
            self.widgets.add(Button(self.app, (466, y + 8, 130, 44), "lobby.continue",
                                    lambda g=g: self.bridge.continue_saved(g["id"]), size=17, style="good",
                                    tooltip="lobby.continue_tip", value=("continue", g.get("id"))))

    def draw_saved(self, surface) -> None:
        app = self.app
        saved = self.saved()
        if not saved:
            return
        blit_text(surface, app, self.tr("lobby.saved"), (40, self.SAVED_Y + 4), 22, theme.ACCENT, bold=True,
                  box=pygame.Rect(34, self.SAVED_Y, 572, 34))
        for i, g in enumerate(saved):
            r = pygame.Rect(34, self.SAVED_Y + 40 + i * 70, 572, 60)
            pygame.draw.rect(surface, (46, 60, 102), r, border_radius=10)
            box = pygame.Rect(r.x + 10, r.y, 466 - 8 - (r.x + 10), r.height)
            title = (f"#{g.get('id', '?')}  {self.tr(self.client(g.get('game')).title_key)} · "
                     + self.trn("lobby.saved_moves", int(g.get("state") or 0)))
            blit_text(surface, app, title, (r.x + 14, r.y + 6), 19, theme.PAPER, bold=True, box=box)
            blit_text(surface, app, self.saved_players(g), (r.x + 14, r.y + 34), 15, theme.MUTED, box=box)

    def saved_players(self, g: dict) -> str:
        """A saved game's players and their scores ("Ann 12, Bot 2 7")."""
        names, kinds, scores = g.get("names") or [], g.get("kinds") or [], g.get("scores") or []
        who = []
        for k, name in enumerate(names):
            if k < len(kinds) and kinds[k] == "bot":
                name = self.tr("table.bot_short", n=k + 1)
            who.append(f"{name} {scores[k]}" if k < len(scores) else str(name))
        return ", ".join(who)

    def send_chat(self, text: str) -> None:
        if text.strip():
            self.bridge.chat(text.strip())
        self.chat_input.value = ""

    # --- drawing ------------------------------------------------------------------------------
    JOIN_WIDTH = 840    # between the Back and Settings buttons

    def join_line(self, addresses: list, share: list | None) -> str:
        """Where others join and, with the host's download page (``run_host.py --share``), where
        they get the game: as many addresses as fit (the page's first URL is on the first one)."""
        for n in (3, 2, 1):
            joined = ", ".join(addresses[:n])
            web = getattr(self.bridge, "host_web", None)
            text = (self.tr("lobby.join_share", addresses=joined, url=share[0]) if share
                    else self.tr("lobby.join_web", addresses=joined, url=web[0]) if web
                    else self.tr("lobby.join_at", addresses=joined))
            if self.app.assets.font(17).size(text)[0] <= self.JOIN_WIDTH:
                break
        return text

    def draw_heading(self, surface, addresses) -> None:
        """The heading (the host's own window: where the others join, large), and below it what
        others type to join (the host's LAN addresses, from its welcome)."""
        app = self.app
        if addresses and self.bridge.hosting:
            blit_text(surface, app, self.tr("lobby.join_big", address=addresses[0]), (640, 42), 46, theme.ACCENT,
                      bold=True, anchor="center", shadow=True, box=pygame.Rect(250, 10, 780, 62), min_size=24)
        else:
            heading(surface, app, self.tr("lobby.title", host=self.bridge.host_name or "?"), right=1030)   # Settings
        if not addresses:
            return
        share = getattr(self.bridge, "host_share", None)
        line = self.join_line(addresses, share)
        if self.bridge.hosting and not share and not getattr(self.bridge, "host_web", None):
            # the address is the heading: here, the host's name
            line = self.tr("lobby.title", host=self.bridge.host_name or "?")
        blit_text(surface, app, line, (surface.get_width() // 2, 82), 17, theme.MUTED,
                  anchor="center", box=pygame.Rect(640 - self.JOIN_WIDTH // 2, 70, self.JOIN_WIDTH, 26))

    def draw_scene(self, surface):
        app = self.app
        surface.blit(background(app), (0, 0))
        addresses = getattr(self.bridge, "host_addresses", None)
        self.draw_heading(surface, addresses)
        draw_panel(surface, (20, 100, 600, 540))
        blit_text(surface, app, self.tr("lobby.tables"), (40, 112), 22, theme.ACCENT, bold=True,
                  box=pygame.Rect(34, 104, 572, 34))
        if not self.bridge.tables:
            blit_lines(surface, app, self.tr("lobby.no_tables"), pygame.Rect(40, 156, 560, 60), 19, theme.MUTED)
        if self.lobby is not None:
            self.chat_log.draw(surface)
        self.draw_saved(surface)
        for i, t in enumerate(self.bridge.tables[:self.rows()]):
            self.draw_table_row(surface, t, pygame.Rect(34, 150 + i * 70, 572, 60))
        draw_panel(surface, (660, 100, 600, 540))
        if self.lobby is None:
            self.draw_create(surface)
        else:
            self.draw_table(surface)

    def draw_table_row(self, surface, t: dict, r) -> None:
        """A listed table: its number, game, hints and privacy; its status and players."""
        app = self.app
        pygame.draw.rect(surface, (46, 60, 102), r, border_radius=10)
        text_box = pygame.Rect(r.x + 10, r.y, 410 - 8 - (r.x + 10), r.height)   # left of Join and Watch
        title = f"#{t.get('id', '?')}  {self.tr(self.client(t.get('game')).title_key)}"
        if t.get("hints"):
            title += " · " + self.tr("lobby.hints_allowed")
        if t.get("private"):
            title += " · " + self.tr("lobby.private")
        blit_text(surface, app, title, (r.x + 14, r.y + 6), 20, theme.PAPER, bold=True, box=text_box)
        names = player_names(t, self.tr) or self.tr("lobby.empty")
        status = self.tr(f"lobby.status_{t.get('status', 'lobby')}")
        blit_text(surface, app, f"{status} · {names}", (r.x + 14, r.y + 34), 15, theme.MUTED, box=text_box)

    def draw_create(self, surface):
        app, ng = self.app, self.new_game
        blit_text(surface, app, self.tr("lobby.new_table"), (680, 112), 22, theme.ACCENT, bold=True,
                  box=pygame.Rect(674, 104, 572, 34))
        blit_text(surface, app, str(ng["seats"]), (1078, 194), 28, theme.PAPER, bold=True, anchor="center",
                  box=pygame.Rect(1026, 172, 64, 40))
        blit_text(surface, app, self.trn("lobby.seats", ng["seats"]), (1078, 226), 14, theme.MUTED, anchor="center",
                  box=pygame.Rect(1020, 216, 116, 22))
        blit_lines(surface, app, self.tr(self.client(ng["game"]).about_key), pygame.Rect(690, 436, 540, 114), 17,
                   theme.MUTED)

    def table_words(self, lob: dict) -> str:
        """What the table allows beside its game's options: " · hints · 3 min a turn"."""
        words = [self.tr("lobby.hints_allowed")] if lob.get("hints") else []
        if lob.get("clock"):
            words.append(self.tr("lobby.clock_a_turn", value=clock_words(self.app, lob["clock"])))
        return "".join(f" · {w}" for w in words)

    def draw_table(self, surface):
        app, lob = self.app, self.lobby
        client = self.client(lob.get("game"))
        offered = self.bridge.games.get(client.name) or {}
        opt = client.option_brief(self.tr, {**(offered.get("defaults") or {}), **(lob.get("options") or {})})
        hints = self.table_words(lob)
        # the game on the title line, its options on their own line below (one line cut their value)
        blit_text(surface, app, f"#{lob.get('id', '?')}  {self.tr(client.title_key)}", (680, 108), 22,
                  theme.ACCENT, bold=True, box=pygame.Rect(674, 102, self.title_width(), 32))
        blit_text(surface, app, f"{opt}{hints}", (680, 138), 16, theme.PAPER, box=pygame.Rect(674, 134, 572, 26))
        for i, s in enumerate(self.seats()):
            self.draw_seat(surface, i, s, pygame.Rect(680, 166 + i * 54, 430, 48))

    def draw_seat(self, surface, i: int, s: dict, r) -> None:
        """A seat of our table: its colour and shape, the player's name with what they are (away,
        you, at this window), the ready mark."""
        app = self.app
        mine = i == self.my_seat()
        pygame.draw.rect(surface, (62, 80, 134) if mine else (46, 60, 102), r, border_radius=10)
        empty = s.get("kind") == "empty"
        colour = seat_colour(self.bridge.table, i) if not empty else (90, 96, 120)
        shape = theme.player_shape(i) if app.settings.shapes else "circle"
        theme.draw_shape(surface, shape, (r.x + 24, r.centery), 13, colour)
        name_box = pygame.Rect(r.x + 44, r.y, r.width - 44 - 52, r.height)   # clear of the ready mark
        if empty:
            blit_text(surface, app, self.tr("lobby.free_seat"), (r.x + 48, r.y + 13), 19, theme.MUTED, box=name_box)
            return
        name = s.get("name") or "?"
        if s.get("kind") == "bot":
            name = bot_name(self.tr, i, s.get("level"))       # numbered, as the table names it
        name, size = fit_tagged(app, name, self.seat_tag(i, s, mine), 19, name_box.width - 4, bold=True)
        blit_text(surface, app, name, (r.x + 48, r.y + 12), size, theme.PAPER, bold=True, box=name_box)
        ok = s.get("ready") or s.get("kind") == "bot"
        mark = pygame.Rect(r.right - 44, r.y + 9, 30, 30)
        note_solid(app, mark, "ready mark")
        pygame.draw.rect(surface, theme.GOOD if ok else (70, 78, 100), mark, border_radius=8)
        if ok:
            pygame.draw.lines(surface, theme.PAPER, False, [(mark.x + 7, mark.centery),
                                                            (mark.x + 13, mark.bottom - 8),
                                                             (mark.right - 6, mark.y + 7)], 4)

    def seat_tag(self, i: int, s: dict, mine: bool) -> str:
        """What follows a seated player's name: " · away", " (you)", " (here)"."""
        tag = (" · " + self.tr("lobby.away") if s.get("kind") != "bot" and not s.get("connected", True) else "")
        tag += f" ({self.tr('table.you')})" if mine else ""
        if not mine and self.app.party is not None and self.app.party.is_local(i):
            tag += f" ({self.tr('hotseat.here')})"
        return tag
