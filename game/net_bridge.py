"""The one place of the client that talks to the network: net's client facade (polled each frame,
never blocking) and discovery's browser. It turns host messages into a model the scenes read
(``tables``, ``lobby``, ``table``) and into notifications for them (``{"kind": ...}``).

Notifications (``App.step`` hands each to every scene's ``on_net``), a dict with ``kind``:
- ``welcome`` ``host`` (its name), ``resumed`` (``{table, seat}`` when our token took our seat
  back, else None): connected and greeted (again after a reconnect)
- ``tables`` ``tables`` (the host's table summaries: the lobby's list); ``lobby`` ``table`` (our
  table's summary); ``seated`` ``table``, ``seat``
- ``update`` ``events``, ``full`` (a resync: nothing to animate), ``undone`` (the seat whose move
  the host took back, or None), ``view`` (the host's view after these events: the table lands on
  it), ``state`` (the host's counter); ``bridge.table`` already holds the newest view
- ``error`` ``code``, ``message``, ``reason``, ``rule`` (a refused action: the rule broken; the
  App puts a host's notices in the window's words); ``chat`` ``from``, ``seat``, ``text``, ``n``;
  ``nudged`` ``seat`` (the player nudged: maybe us), ``from``, ``by`` (who nudged)
- ``standings`` (the host's message as it is), ``saved`` (``bridge.saved_games`` holds them), and
  the ``PASSED`` answers (``finished``, ``replay``: the host's message as it is)
- ``left`` ``reason`` (we left the table, were removed, or it is gone); ``link_lost`` ``reason``
  (the client reconnects by itself); ``disconnected`` ``reason`` (it gave up, or we hung up);
  ``discovery_failed`` ``reason`` (no LAN look-up on this machine: typed addresses still work)

The UI holds no rules: it offers ``bridge.table.legal`` and sends the chosen action with
``bridge.act(action)``; the host decides.
"""
from __future__ import annotations

import copy
import time
from typing import TYPE_CHECKING, Any, Callable

from net.messages import Numbering
from net.protocol import DEFAULT_PORT

if TYPE_CHECKING:   # loaded when a window first connects or looks for hosts
    import threading

    from net.client import Client
    from net.discovery import BrowserThread


class TableModel:
    """The table as the host last described it to us. ``bridge``: the bridge it belongs to, whose
    ``tr`` (the window's translation, set by the App) names the bots in the window's language."""

    def __init__(self, bridge=None):
        self.bridge = bridge
        self.id: int | None = None
        self.game: str = ""
        self.seats: int = 0
        self.options: dict = {}
        self.players: list[dict] = []   # per seat: {"name", "colour", "bot", "ready", ...} from the lobby
        self.my_seat: int | None = None  # None: spectating
        self.view: dict | None = None
        self.legal: list[dict] = []
        self.to_act: int | None = None
        self.state: int = 0
        self.over: bool = False
        self.scores: list[int] = []
        self.winners: list[int] = []
        self.phase: str = ""
        self.can_undo: bool = False      # the host allows undoing our last action of this turn
        #: the turn clock of the last update (docs/protocol.md section 14: ``limit``, ``seat``,
        #: ``spent``, ``left`` or ``out``), and when it came (``time.monotonic()``): counted on from there
        self.clock: dict | None = None
        self.clock_at: float = 0.0
        #: every update of this game seen: ``{"state", "scores", "events"}`` (the score story's
        #: input); a full update at state 0 starts it, a join's ``recap`` fills in what came before.
        #: Updates received also keep our ``view`` and ``undone`` (the seat whose action an undo took
        #: back): the player's own views over the game, for a review (Review my game)
        self.history: list[dict] = []

    def name(self, seat: int) -> str:
        p = self.players[seat] if 0 <= seat < len(self.players) else None
        if p and p.get("kind") != "bot" and p.get("name"):
            return p["name"]
        if p and p.get("kind") == "bot":   # the host's "Bot 2 (normal)" is English: named here
            return bot_name(getattr(self.bridge, "tr", None), seat, p.get("level"))
        return f"#{seat + 1}"

    def my_turn(self) -> bool:
        return self.my_seat is not None and self.to_act == self.my_seat and not self.over

    def apply_update(self, msg: dict) -> None:
        self.id = msg.get("table", self.id)
        self.view = msg["view"]
        self.game = self.view.get("game", self.game)
        self.seats = self.view.get("seats", self.seats)
        self.state = msg["state"]
        self.to_act = msg.get("to_act")
        if msg.get("seat") is not None or self.my_seat is None:
            self.my_seat = msg.get("seat")
        self.over = bool(msg.get("over"))
        self.legal = list(msg.get("legal") or [])
        self.scores = list(msg.get("scores") or self.view.get("scores") or self.scores)
        self.winners = list(msg.get("winners") or [])
        self.phase = msg.get("phase") or self.view.get("phase", "")
        self.can_undo = bool(msg.get("can_undo"))
        self.clock = msg["clock"] if isinstance(msg.get("clock"), dict) else None
        self.clock_at = time.monotonic()
        self.remember(msg)

    def thinking(self) -> tuple[int, float, float] | None:
        """(seat, seconds it has been thinking, seconds left) of the player whose turn's clock
        runs, counted on from the host's last update; None without one (no clock, a bot's turn,
        the clock ran out)."""
        c = self.clock
        if not c or c.get("out") or not isinstance(c.get("seat"), int) or self.over:
            return None
        since = time.monotonic() - self.clock_at
        spent = float(c.get("spent") or 0) + since
        return c["seat"], spent, max(0.0, float(c.get("left") or 0) - since)

    def remember(self, msg: dict) -> None:
        """Keep the update in ``history`` (once per state counter)."""
        entry = {"state": self.state, "scores": list(self.scores), "events": list(msg.get("events") or []),
                 "view": msg["view"], "undone": msg.get("undone")}
        if msg.get("full"):
            if self.history and self.history[-1]["state"] <= self.state and self.state > 0:
                self.history = [e for e in self.history if e["state"] < self.state]   # a resync: same game
            else:
                self.history = self._recap(msg)
        elif self.history and self.history[-1]["state"] >= self.state:
            self.history = [e for e in self.history if e["state"] < self.state]
        self.history.append(entry)

    def _recap(self, msg: dict) -> list[dict]:
        """The moves before a join (the full update's ``recap``, docs/protocol.md), from the
        start when it reaches back to it."""
        recap = msg.get("recap") if isinstance(msg.get("recap"), dict) else None
        if not recap:
            return []
        out: list[dict] = []
        if recap.get("from") == 0:
            import engine

            info = engine.GAMES.get(self.game)
            if info is not None:
                out.append({"state": 0, "scores": info.start_scores(self.seats, dict(self.options or {})),
                            "events": []})
        for m in recap.get("moves") or []:
            if isinstance(m, dict) and not m.get("undone") and isinstance(m.get("state"), int):
                out.append({"state": m["state"], "scores": list(m.get("scores") or []),
                            "events": list(m.get("events") or [])})
        return [e for e in out if e["state"] < self.state]


def bot_name(tr, seat: int, level: str | None) -> str:
    """A bot's name in the window's language ("Bot 2 (normal)", "Бот 2 (средний)"); ``tr`` is the
    App's translation (None: English, as the host names it)."""
    if tr is None:
        return f"Bot {seat + 1} ({level})" if level else f"Bot {seat + 1}"
    if level:
        return tr("table.bot_name", number=seat + 1, level=tr(f"bot.{level}"))
    return tr("table.bot_number", number=seat + 1)


#: Host messages handed to the scenes as they are (``{"kind": t, **msg}``): the finished games of
#: tonight, a replay.
PASSED = ("finished", "replay")

#: A message from the host (docs/protocol.md): ``{"t": type, ...}``.
Message = dict[str, Any]


class Bridge:
    """Common part: the model and the host-message handling. Subclasses move the messages."""

    tr = None   # the window's translation function (the App sets it): bots are named with it

    def __init__(self, name: str = "Player"):
        self.name = name
        self.notes: list[dict] = []
        self.tables: list[dict] = []
        self.lobby: dict | None = None
        self.table = TableModel(self)
        self.host_name = ""
        self.host_addresses: list[str] = []   # where other machines reach the host (welcome)
        self.host_share: list[str] = []       # the host's download page (welcome; run_host --share)
        self.host_web: list[str] = []         # the page phones play on (welcome; net/web.py)
        self.address = ""                     # the host's "ip:port" once connecting
        self.token: str | None = None         # our seat's token on that host
        #: called with (address, {"token", "table", "seat"}) when we take a seat and with
        #: (address, None) when it is gone: the window keeps it in its settings
        self.on_seat = None
        self.chat_heard: list[dict] = []      # the last chat notes heard ("n": their number)
        self.player: int | None = None  # our connection id on the host (table owners are these)
        self.games: dict = {}           # welcome's games: {game: {"seats", "options", "defaults",
        #                                 "levels"}}
        self.colours: list[str] = []    # welcome's seat colours, in the host's order
        #: welcome's turn clocks: {"values": [seconds, ...], "default": seconds} (0: none)
        self.clocks: dict = {}
        #: our away seats the host knows by our player key (``tables``' ``mine``): [{"table", "seat"}]
        self.mine: list[dict] = []
        #: the seat we left on purpose in a started game (it stays ours): {"table", "seat", "token"}
        self.kept: dict | None = None
        self.auto_sit: int | None = None       # sit at this table once the tables are listed
        self.auto_code: str | None = None      # ... with this code (a private table's)
        self.code: str | None = None           # the code we last joined a private table with (kept for
        #                                        the players added at this window: game/party.py)
        self.spectate_first = False            # --spectate: watch the first table listed
        self.auto_ready = False                # say ready after an auto_sit
        self.connected = False
        # the party night (issue 18; docs/protocol.md): the night's standings as the host last
        # sent them, the host's unfinished saved games we sat at, what happened while we were away
        self.standings: dict | None = None
        self.saved_games: list[dict] = []
        self.recap: dict | None = None        # an update's "recap", kept until the player dismisses it
        self.saved_tokens: list[str] = []     # the seat tokens we hold on this host (asking for saved games)
        self.operator: str | None = None      # the host's window: its secret (new night), said in the hello
        self.is_operator = False              # ... and the host said it knows us as its window (welcome)
        #: the player key we say in every hello (the App sets the settings' own; a local player of
        #: a pass-and-play window has its own): who we are to the host (docs/protocol.md section 2)
        self.key: str | None = None
        self.hosting = False                  # this window is the host's own (run_host.py): its address shows large
        self.party_host = False               # the host speaks the party messages (its welcome says "party")
        self.again_host = False               # the host offers Play again (its welcome says "again")
        self.sent: list[dict] = []  # every message sent, newest last (the log of what we asked)
        #: numbers what we send (``seq``): an in-process stand-in for a connection numbers it
        #: itself; the real one (NetBridge) with its connection's one counter
        self.numbered: Callable[[dict], dict] = Numbering()

    # --- to the scenes --------------------------------------------------------------------------
    def poll(self) -> list[dict]:
        self._pump()
        out, self.notes = self.notes, []
        return out

    def _pump(self) -> None:
        """Move pending messages in (overridden)."""

    def close(self) -> None:
        """Say bye and stop (overridden)."""

    # --- discovery and connection (overridden by NetBridge) -----------------------------------
    def start_discovery(self) -> None:
        """Start looking for hosts (the browser scene calls it when it is entered)."""

    @property
    def busy_connecting(self) -> bool:
        return False

    def discovered(self) -> list[dict]:
        """Hosts found on the network: ``{"name", "address", "games", "free", "ping"}``."""
        return []

    def refresh_discovery(self) -> None:
        pass

    def connect(self, address: str, name: str, token_for=None) -> None:
        raise OSError("this client has no network")

    def disconnect(self) -> None:
        self.connected = False

    # --- to the host ----------------------------------------------------------------------------
    def send(self, msg: dict) -> dict:
        msg = self.numbered(dict(msg))
        self.sent.append(msg)
        self._send(msg)
        return msg

    def _send(self, msg: dict) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def undo(self) -> dict:
        """Take back our last action of this turn (the host refuses past hidden information)."""
        msg = {"t": "undo", "state": self.table.state}
        if self.table.my_seat is not None:
            msg["seat"] = self.table.my_seat
        return self.send(msg)

    def levels(self, game: str) -> list[str]:
        """The bot levels the host offers for ``game``."""
        return list(self.games.get(game, {}).get("levels") or [])

    def act(self, action: dict) -> dict:
        """Ask the host to play ``action`` (one of ``table.legal``)."""
        msg = {"t": "action", "state": self.table.state, "action": action}
        if self.table.my_seat is not None:
            msg["seat"] = self.table.my_seat
        return self.send(msg)

    # lobby requests (docs/protocol.md)
    def list_tables(self):
        return self.send({"t": "list"})

    def create(self, game: str, seats: int, options: dict, hints: bool | None = None,
               clock: int | None = None):
        """A new table; ``hints``: its players may ask for a hint (the host's default: no);
        ``clock``: its turn clock in seconds, 0 none (the host's default: its welcome's)."""
        msg = {"t": "create", "game": game, "seats": seats, "options": options}
        if hints is not None:
            msg["hints"] = bool(hints)
        if clock is not None:
            msg["clock"] = int(clock)
        return self.send(msg)

    def nudge(self):
        """Remind the player whose turn it is that everyone waits (once a turn)."""
        return self.send({"t": "nudge"})

    def sit(self, table: int, seat: int | None = None, code: str | None = None, token: str | None = None):
        """Sit at ``table`` (a private one asks for its ``code``); with ``token``: our own seat back."""
        m = {"t": "sit", "table": table}
        if seat is not None:
            m["seat"] = seat
        if token:
            m["token"] = token
        if code:
            m["code"] = code
            self.code = code
        return self.send(m)

    def spectate(self, table: int, code: str | None = None):
        m = {"t": "spectate", "table": table}
        if code:
            m["code"] = code
        return self.send(m)

    # the party night (docs/protocol.md): standings, private tables, seats, saved games
    def ask_standings(self):
        """The night's standings (the host then sends them again after every finished game)."""
        return self.send({"t": "standings"})

    def new_night(self):
        """Start a new night's standings (only the host's own window may)."""
        return self.send({"t": "new_night"})

    def set_private(self, on: bool):
        return self.send({"t": "private", "private": bool(on)})

    def remove_seat(self, seat: int):
        """The owner frees a seat of the waiting table (a player or a bot)."""
        return self.send({"t": "remove", "seat": seat})

    def give(self, seat: int, player: int):
        """The owner gives an away player's seat to ``player``, who watches the table."""
        return self.send({"t": "give", "seat": seat, "to": player})

    def fill(self, level: str | None = None):
        """Every empty seat gets a bot (a playing table: every away player's takeover bot)."""
        m = {"t": "fill"}
        if level:
            m["level"] = level
        return self.send(m)

    def ask_saved(self):
        """The host's unfinished saved games we sat at (pushed again when the list changes)."""
        m = {"t": "saved"}
        if self.saved_tokens:
            m["tokens"] = list(self.saved_tokens)
        return self.send(m)

    def continue_saved(self, table: int):
        """Continue a saved game: we take our old seat and own the table."""
        m = {"t": "continue", "id": table}
        if self.saved_tokens:
            m["tokens"] = list(self.saved_tokens)
        return self.send(m)

    def my_seat_at(self, table: int) -> tuple[int, str | None] | None:
        """Our own seat at ``table`` that we may go back to ("Back to my seat"): one we left
        (its token kept), or one the host knows by our key; (seat, token or None) or None."""
        if self.kept and self.kept.get("table") == table:
            return self.kept["seat"], self.kept.get("token")
        for m in self.mine:
            if isinstance(m, dict) and m.get("table") == table and isinstance(m.get("seat"), int):
                return m["seat"], None
        return None

    def back_to_seat(self, table: int):
        """Take our own seat at ``table`` back (by its token if we kept it, else by our key)."""
        mine = self.my_seat_at(table)
        if mine is None:
            return None
        return self.sit(table, seat=mine[0], token=mine[1])

    def dismiss_recap(self) -> None:
        self.recap = None

    def colour(self, colour: str):
        return self.send({"t": "colour", "colour": colour})

    def ready(self, on: bool):
        return self.send({"t": "ready", "ready": on})

    def add_bot(self, seat: int, level: str):
        return self.send({"t": "bot", "seat": seat, "level": level})

    def remove_bot(self, seat: int):
        return self.send({"t": "unbot", "seat": seat})

    def start(self):
        return self.send({"t": "start"})

    def leave(self):
        return self.send({"t": "leave"})

    def play_again(self):
        """At a finished table: into its next game, the same seats and bots (docs/protocol.md 14)."""
        return self.send({"t": "again"})

    def chat(self, text: str):
        return self.send({"t": "chat", "text": text})

    def request_finished(self):
        """Tonight's finished games of the host (answered by ``finished``)."""
        return self.send({"t": "finished"})

    def request_replay(self, game_id: int):
        """The replay of a finished game (answered by ``replay``, or ``error`` ``no_replay``)."""
        return self.send({"t": "replay", "id": int(game_id)})

    def rematch(self, game: str, seats: int, options: dict, bots: list) -> None:
        """A new table like the last one: same game, seats and options, the same bots in their
        seats (``bots``: ``[(seat, level), ...]``)."""
        self.pending_bots = list(bots)
        hints = bool((self.lobby or {}).get("hints"))   # the same hint setting as the last table
        clock = (self.lobby or {}).get("clock")         # ... and the same turn clock
        if self.lobby is not None:      # (the host may have forgotten the finished table already)
            self.leave()
        self.create(game, seats, options, hints=hints,
                    clock=int(clock) if isinstance(clock, (int, float)) else None)

    # --- from the host --------------------------------------------------------------------------
    def handle(self, msg: Message) -> None:
        """One message from the host: update the model, queue a notification. Dispatched by the
        message's type through ``HANDLERS`` (like the host's table, net/handlers.py); a type this
        window does not know is ignored (a newer host may send more)."""
        handler = HANDLERS.get(msg.get("t", ""))
        if handler is not None:
            handler(self, msg)

    def _on_welcome(self, msg: Message) -> None:
        """The host greeted us: its games, colours, addresses (docs/protocol.md)."""
        self.connected = True
        self.host_name = msg.get("host", "")
        self.player = msg.get("player")
        self.games = msg.get("games", {})
        self.colours = list(msg.get("colours") or [])
        self.clocks = msg["clock"] if isinstance(msg.get("clock"), dict) else {}
        self.host_addresses = list(msg.get("addresses") or [])
        self.host_share = list(msg.get("share") or [])
        self.host_web = list(msg.get("web") or [])
        self.is_operator = bool(msg.get("operator"))
        resumed = msg.get("resumed")
        if resumed:   # our token was accepted: we are back in our seat (a full resync follows)
            self.table.id, self.table.my_seat = resumed["table"], resumed["seat"]
            self.auto_sit, self.spectate_first = None, False
        self.notes.append({"kind": "welcome", "host": self.host_name, "resumed": resumed})
        self.party_host = bool(msg.get("party"))
        self.again_host = bool(msg.get("again"))    # Play again at a finished table
        if self.party_host:         # a host that keeps the night's standings and saved games
            self.ask_standings()
            self.ask_saved()

    def _on_tables(self, msg: Message) -> None:
        """The host's tables (outside a table); auto-sit or spectate the first if asked."""
        self.tables = msg["tables"]
        self.mine = [m for m in msg.get("mine") or [] if isinstance(m, dict)]
        if self.kept and not any(t.get("id") == self.kept.get("table") and t.get("status") == "playing"
                                 for t in self.tables):
            self.kept = None        # that game is over or gone: nothing to go back to
        self.notes.append({"kind": "tables", "tables": self.tables})
        if self.lobby is None and self.tables:
            if self.auto_sit is not None:
                table, self.auto_sit = self.auto_sit, None
                self.sit(table, code=self.auto_code)
            elif self.spectate_first:
                self.spectate_first = False
                self.spectate(self.tables[0]["id"])

    def _on_table(self, msg: Message) -> None:
        """Our table's summary."""
        self.lobby = msg["table"]  # the table's summary (docs/protocol.md)
        # the host lists tables only to those outside one: ours shows in our list at once
        self.tables = [x for x in self.tables if x.get("id") != self.lobby.get("id")] + [self.lobby]
        self.tables.sort(key=lambda x: x.get("id", 0))
        tm = self.table
        tm.id = self.lobby.get("id", tm.id)
        tm.game = self.lobby.get("game", tm.game)
        tm.options = self.lobby.get("options", tm.options)
        tm.seats = self.lobby.get("seats", tm.seats)
        tm.players = list(self.lobby.get("players", tm.players))
        self.notes.append({"kind": "lobby", "table": self.lobby})

    def _on_seated(self, msg: Message) -> None:
        """We sit at a table (a rematch's bots back in; ready if asked)."""
        for seat, level in getattr(self, "pending_bots", []):  # a rematch: bots back in
            if seat != msg["seat"]:
                self.add_bot(seat, level)
        self.pending_bots = []
        if self.auto_ready:
            self.auto_ready = False
            self.ready(True)
        self.table.id = msg["table"]
        self.table.my_seat = msg["seat"]
        self.token = msg.get("token")
        self.kept = None
        self._seat_changed({"token": self.token, "table": msg["table"], "seat": msg["seat"]})
        self.notes.append({"kind": "seated", "table": msg["table"], "seat": msg["seat"]})

    def _on_standings(self, msg: Message) -> None:
        """The night's standings."""
        self.standings = msg
        self.notes.append({"kind": "standings", **msg})

    def _on_saved(self, msg: Message) -> None:
        """The host's unfinished saved games we sat at."""
        self.saved_games = [g for g in msg.get("games") or [] if isinstance(g, dict)]
        self.notes.append({"kind": "saved"})

    def _on_update(self, msg: Message) -> None:
        """The table's new state and events."""
        if self.recap is not None and msg.get("table") != self.recap.get("table"):
            self.recap = None             # another game's: never shown at this one
        self.table.apply_update(msg)
        if isinstance(msg.get("recap"), dict) and msg["recap"].get("moves"):
            # we were away: what happened meanwhile (kept until the player dismisses it)
            self.recap = {**msg["recap"], "table": msg.get("table")}
        elif msg.get("full") and not self.table.state:
            self.recap = None             # a new game begins: nothing from before it
        self.notes.append({"kind": "update", "events": list(msg.get("events") or []),
                           "full": bool(msg.get("full")), "undone": msg.get("undone"),
                           "view": self.table.view,    # the host's view after these events (drift check)
                           "state": msg.get("state")})

    def _on_error(self, msg: Message) -> None:
        """A refusal or a notice. A refused seat token in the hello: the seat we came back for
        is gone (its table ended): the client says hello again without it, and we forget it."""
        if msg.get("code") == "bad_token" and msg.get("ref") == "hello":
            self.token = None
            self._seat_changed(None)
            if self.table.id is not None:   # we were at that table: it is not on the host any more
                self.lobby = None
                self.table = TableModel(self)
                self.notes.append({"kind": "error", "code": "table_gone", "message": "the table is gone"})
                self.notes.append({"kind": "left", "reason": "table_gone"})
            return
        self.notes.append({"kind": "error", "code": msg.get("code", ""), "message": msg.get("message", ""),
                           "reason": msg.get("reason"), "rule": msg.get("rule")})

    def _on_chat(self, msg: Message) -> None:
        """A chat line at our table."""
        note = {"kind": "chat", "from": msg.get("from", ""), "seat": msg.get("seat"),
                "text": msg.get("text", ""), "n": self.chat_heard[-1]["n"] + 1 if self.chat_heard else 0}
        self.chat_heard = (self.chat_heard + [note])[-50:]
        self.notes.append(note)

    def _on_nudged(self, msg: Message) -> None:
        """A player nudged the one whose turn it is (maybe us)."""
        self.notes.append({"kind": "nudged", "seat": msg.get("seat"), "from": msg.get("from", ""),
                           "by": msg.get("by")})

    def _on_passed(self, msg: Message) -> None:
        """Answers the scenes asked for (``PASSED``, docs/protocol.md): their message as it is."""
        self.notes.append({**msg, "kind": msg["t"]})

    def _on_left(self, msg: Message) -> None:
        """We left the table (or were removed). A started game we left keeps our seat
        (``kept``): its token is kept for "Back to my seat"."""
        kept = bool(msg.get("kept")) and self.token is not None and self.table.my_seat is not None
        if kept:
            self.kept = {"table": msg.get("table", self.table.id), "seat": self.table.my_seat, "token": self.token}
            self._seat_changed({**self.kept, "kept": True})
        else:
            self._seat_changed(None)
        self.lobby = None
        self.table = TableModel(self)
        self.token = None
        self.recap = None
        self.notes.append({"kind": "left", "reason": msg.get("reason", ""), "kept": kept})

    def _seat_changed(self, entry: dict | None) -> None:
        if self.on_seat is not None and self.address:
            self.on_seat(self.address, entry)



#: The host's messages this window handles: type -> ``handler(bridge, msg)``.
HANDLERS: dict[str, Callable[[Bridge, Message], None]] = {
    "welcome": Bridge._on_welcome,
    "tables": Bridge._on_tables,
    "table": Bridge._on_table,
    "seated": Bridge._on_seated,
    "standings": Bridge._on_standings,
    "saved": Bridge._on_saved,
    "update": Bridge._on_update,
    "error": Bridge._on_error,
    "chat": Bridge._on_chat,
    "nudged": Bridge._on_nudged,
    "left": Bridge._on_left,
    **{t: Bridge._on_passed for t in PASSED},
}

class LocalBridge(Bridge):
    """A table played in-process on an engine game, with the host's message shapes: used for the
    screenshot samples and scene tests (the engine decides, as the host would). ``bots`` maps a
    seat to an engine bot that answers at once."""

    def __init__(self, game, my_seat: int | None = 0, names: list[str] | None = None, bots: dict | None = None,
                 past_events: list | None = None):
        super().__init__(names[my_seat] if names and my_seat is not None else "Player")
        self.game = game
        self.bots = bots or {}
        self.connected = True
        self.table.my_seat = my_seat
        self.table.seats = game.seats
        self.table.players = [{"name": n} for n in (names or [f"#{i + 1}" for i in range(game.seats)])]
        self.state = 0
        self.handle(self._update(list(past_events or []), full=True))

    def _update(self, events: list, full: bool = False) -> dict:
        g, seat = self.game, self.table.my_seat
        return {"t": "update", "table": 1, "state": self.state, "view": copy.deepcopy(g.view(seat)),
                "events": events, "to_act": g.to_act, "seat": seat, "over": g.is_over,
                "legal": g.legal_actions() if (seat is not None and g.to_act == seat) else [],
                "scores": list(g.scores), "winners": list(g.winners), "full": full}

    def _send(self, msg: dict) -> None:
        if msg["t"] != "action":
            return
        from engine import IllegalAction

        try:
            events = self.game.apply(msg["action"])
        except IllegalAction as e:
            self.handle({"t": "error", "code": getattr(e, "code", "illegal"), "message": str(e),
                         "seq": msg["seq"], "reason": e.reason, "rule": e.rule})
            return
        self.state += 1
        self.handle(self._update(events))

    def play_out(self, most: int) -> None:
        """Poll until the game is over (its bots play it on), ``most`` polls at the most."""
        for _ in range(most):
            if self.game.is_over:
                return
            self.poll()

    def _pump(self) -> None:
        g = self.game
        if not g.is_over and g.to_act in self.bots:
            action = self.bots[g.to_act].choose(g.view(g.to_act), g.legal_actions())
            events = g.apply(action)
            self.state += 1
            self.handle(self._update(events))


class OfflineBridge(Bridge):
    """No network: host messages are fed with ``handle``; what the scenes send is only recorded
    in ``sent``. The screenshot samples use it for the browser and the lobby."""

    def __init__(self, name: str = "Player", hosts: list[dict] | None = None):
        super().__init__(name)
        self.hosts = list(hosts or [])

    def discovered(self) -> list[dict]:
        return list(self.hosts)

    def _send(self, msg: dict) -> None:
        pass


def parse_address(address: str, default_port: int | None = None) -> tuple[str, int]:
    """``"ADDR"``, ``"ADDR:PORT"`` or ``"[v6]:PORT"`` → (host, port)."""
    address = address.strip()
    if default_port is None:
        default_port = DEFAULT_PORT
    if address.startswith("["):
        host, _, rest = address[1:].partition("]")
        port = rest.lstrip(":")
    elif address.count(":") == 1:
        host, _, port = address.partition(":")
    else:
        host, port = address, ""
    if not host:
        raise ValueError(f"no address in {address!r}")
    try:
        return host, int(port) if port else default_port
    except ValueError:
        raise ValueError(f"bad port in {address!r}") from None


class NetBridge(Bridge):
    """The real thing: net's client facade (``net.client.Client``, polled each frame) and
    discovery's browser (``net.discovery.BrowserThread``). ``interfaces`` limits zeroconf to those
    addresses (tests: ``["127.0.0.1"]``); None is every interface (real use)."""

    def __init__(self, name: str = "Player", interfaces: list[str] | None = None, discovery: bool = True):
        super().__init__(name)
        self.client: Client | None = None
        self.interfaces = interfaces
        self.discovery = discovery
        self.finder: BrowserThread | None = None
        self._finder_thread: threading.Thread | None = None
        self.local: str | None = None   # connect from this address (tests: another loopback address)

    # discovery ----------------------------------------------------------------------------------
    def start_discovery(self) -> None:
        """Start the browser on a helper thread, so the frame loop never waits for zeroconf."""
        if not self.discovery or self._finder_thread is not None:
            return
        import threading

        def start():
            from net.discovery import BrowserThread

            try:
                self.finder = BrowserThread(interfaces=self.interfaces).start()
            except Exception as e:  # no multicast on this machine: the address field still works
                self.notes.append({"kind": "discovery_failed", "reason": str(e)})

        self._finder_thread = threading.Thread(target=start, name="tikal-discovery", daemon=True)
        self._finder_thread.start()

    @property
    def busy_connecting(self) -> bool:
        return self.client is not None

    def discovered(self) -> list[dict]:
        if self.finder is None:
            return []
        return [{"name": h.name, "address": f"{h.address}:{h.port}", "games": list(h.games),
                 "free": h.free_seats, "ping": h.ping_ms} for h in self.finder.hosts()]

    def refresh_discovery(self) -> None:
        if self.finder is not None:
            self.finder.refresh()

    # connection ---------------------------------------------------------------------------------
    def connect(self, address: str, name: str, token_for=None) -> None:
        """Connect to ``address`` ("ip" or "ip:port"). ``token_for(address) -> token | None``:
        the seat we still hold there (from the settings), said in the hello to take it back."""
        from net.client import Client

        host, port = parse_address(address)
        self.disconnect()
        self.name = name
        self.address = f"{host}:{port}"
        self.token = token_for(self.address) if token_for is not None else None
        client = Client(host, port, name, token=self.token, operator=self.operator, key=self.key,
                        local=self.local).start()
        self.client = client
        self.numbered = client.numbered   # the connection's own counter numbers what we send

    def disconnect(self) -> None:
        client, self.client = self.client, None
        self.connected = False
        if client is not None:
            client.close()

    def _send(self, msg: dict) -> None:
        if self.client is None:
            raise OSError("not connected to a host")
        self.client.send(msg)

    def _pump(self) -> None:
        if self.client is None:
            return
        for msg in self.client.poll():
            if msg.get("t") == "link":
                state = msg.get("state")
                if state == "lost":
                    self.notes.append({"kind": "link_lost", "reason": msg.get("reason", "")})
                elif state == "closed":
                    self.connected = False
                    self.notes.append({"kind": "disconnected", "reason": msg.get("reason", "")})
            else:
                self.handle(msg)

    def close(self) -> None:
        self.disconnect()
        finder, self.finder = self.finder, None
        if finder is not None:
            finder.close()


def make_bridge(name: str, interfaces: list[str] | None = None, discovery: bool = True) -> NetBridge:
    return NetBridge(name, interfaces=interfaces, discovery=discovery)
