"""One table: the single authority over one game and its lobby. No I/O.

Like boardgame.io's master: every request is checked in one fixed order, and the table answers
with the messages to send, one list of ``(connection id, message)`` per request, each recipient
getting its own view computed at send time. A refused request raises ``TableError`` (a wire error
code, a message, and for illegal actions the engine's reason and rule) and changes nothing.

Order of the checks for a game action (docs/protocol.md, section 6):
    the sender holds a seat here (else no_table / spectator / wrong_seat)
    -> the game has started (not_started) -> it is not over (game_over)
    -> the state counter is current (stale) -> the sender is to act (not_your_turn)
    -> the engine accepts it (illegal / malformed)
    -> journal record (the injected sink flushes and fsyncs) -> messages out.

The table does no I/O itself: the journal is an object with ``record(dict)`` passed in by the host
(net/journal.py), tokens come from an injected ``new_token`` (``secrets`` by default), the seed is
passed to ``start``. Clocks (grace periods, pings) live in the host, which calls ``seat_expired``.
"""
from __future__ import annotations

import errno
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import msgpack

import engine

from . import journal as jn
from .messages import COLOURS, GAME_INFO, NAME_MAX, MessageError, check_options, fold
from .protocol import PROTO

if TYPE_CHECKING:
    from engine.bots.base import Bot

Out = list  # list[tuple[int, dict]]

#: A recap ("while you were away") holds at most this many bytes of the newest changes.
RECAP_BYTES = 256 << 10
#: The letters of a private table's code: no 0/O, 1/I/L, 2/Z, 5/S, 8/B to mix up when said aloud.
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY34679"
CODE_LENGTH = 5


def new_code() -> str:
    """A private table's code: 5 letters of CODE_LETTERS (23^5: 6.4 million)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class TableError(Exception):
    def __init__(self, code: str, message: str, reason: str | None = None,
                 rule: str | None = None):
        super().__init__(message)
        self.code, self.message, self.reason, self.rule = code, message, reason, rule


@dataclass
class Seat:
    index: int
    kind: str = "empty"          # "empty" | "human" | "bot"
    name: str = ""
    token: str | None = None     # humans only: the secret that proves the seat
    colour: str | None = None
    ready: bool = False
    level: str | None = None     # a bot seat's level
    conn: int | None = None      # the connection holding a human seat; None while away
    takeover: str | None = None  # while away: the level of the bot playing for the human
    seen: int | None = None      # while away: the state counter when the player went away
    key: str | None = None       # the hash of its player's key (net/identity.py); never sent
    reserved: bool = False       # an empty seat kept for the host's own window until it sits

    def public(self) -> dict:
        out = {"seat": self.index, "kind": self.kind, "name": self.name, "colour": self.colour,
               "ready": self.ready, "level": self.level,
               "connected": self.kind == "bot" or self.conn is not None,
               "takeover": self.takeover}
        if self.reserved:
            out["reserved"] = True
        return out

    @property
    def is_bot_played(self) -> bool:
        return self.kind == "bot" or (self.kind == "human" and self.takeover is not None)

    @property
    def bot_level(self) -> str | None:
        return self.level if self.kind == "bot" else self.takeover


def disk_trouble(exc: OSError) -> str:
    """What a refused journal write means for the players."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the host's disk is full"
    return f"the host cannot save the game ({exc.strerror or exc})"


def _new_token() -> str:
    return secrets.token_hex(16)  # 128 random bits


def bot_levels(game: str) -> list[str]:
    """The bot levels registered for ``game``, weakest first (engine.bots.LEVELS order)."""
    from engine.bots import LEVELS
    from engine.bots.registry import FACTORIES

    known = {lvl for g, lvl in FACTORIES if g == game}
    return [lvl for lvl in LEVELS if lvl in known] + sorted(known - set(LEVELS))


def welcome_message(host: str, player: int) -> dict:
    """The welcome a host sends a greeted connection (docs/protocol.md): the games it offers, the
    seat colours (``addresses``, ``share``, ``resumed`` are added by the host where they apply)."""
    return {"t": "welcome", "proto": PROTO, "host": host, "player": player,
            "games": offered_games(), "colours": list(COLOURS)}


def offered_games() -> dict:
    """What the host's welcome offers of each game (docs/protocol.md): its seat range, the options
    a table may set with their values and defaults (both from ``engine.GAMES``), the bot levels."""
    return {g: {"seats": list(info["seats"]),
                "options": {k: list(v) for k, v in info["options"].items()},
                "defaults": dict(info["defaults"]), "levels": bot_levels(g)}
            for g, info in GAME_INFO.items()}


@dataclass
class Turn:
    """What undo needs: the snapshot at the start of the current seat's turn and what it did."""
    seat: int | None
    start: dict
    actions: list = field(default_factory=list)
    revealed: bool = False


class Table:
    def __init__(self, tid: int, game: str, seats: int, options: dict | None = None, *,
                 owner: int | None = None, takeover: bool = True, journal=None,
                 new_token=_new_token, hints: bool = False):
        if game not in GAME_INFO:
            raise TableError("bad_field", f"unknown game {game!r}")
        lo, hi = GAME_INFO[game]["seats"]
        if not lo <= seats <= hi:
            raise TableError("bad_field", f"{game} is for {lo} to {hi} seats")
        try:
            self.options = check_options(game, dict(options or {}))
        except MessageError as exc:
            raise TableError(exc.code, exc.message) from None
        self.id, self.game_name, self.nseats = tid, game, seats
        self.owner = owner
        self.takeover_allowed = takeover
        self.hints_allowed = bool(hints)        # players may ask their client for a hint
        self.journal = journal
        self.new_token = new_token
        self.seats = [Seat(i) for i in range(seats)]
        self.spectators: dict[int, str] = {}    # conn -> name
        self.status = "lobby"                   # "lobby" | "playing" | "over"
        self.game: engine.Game | None = None
        self.seed: int | None = None
        self.state = 0                          # the state counter: accepted actions and undos
        self.history: list = []                 # (seat, action) in effect (undone ones removed)
        self.turn: Turn | None = None
        self.bots: dict[int, Bot] = {}          # seat -> its bot
        self.levels = bot_levels(game)
        self.paused: str | None = None          # why the game waits for the host (its disk)
        self.damage: tuple[int, str] | None = None  # replay: (first record not replayed, why)
        self.code: str | None = None            # a private table's code (shown to its owner)
        self.restored = False                   # brought back from the data dir (resume, continue)
        self.moves: list[dict] = []             # every change's public events (the recap)
        #: the connection that made the table, and the seat it sat in: whoever holds that seat
        #: again (its key, its token) owns the table again (docs/protocol.md section 3)
        self.creator = owner
        self.creator_seat: int | None = None

    # --- who is here ------------------------------------------------------------------------------
    @property
    def _game(self) -> engine.Game:
        """The game, where only a started table gets (a bug otherwise, never a player's error)."""
        assert self.game is not None, "the table has not started"
        return self.game

    @property
    def _turn(self) -> Turn:
        """The turn under way, where only a started table gets."""
        assert self.turn is not None, "the table has not started"
        return self.turn

    def seat_of(self, conn: int) -> Seat | None:
        for s in self.seats:
            if s.kind == "human" and s.conn == conn:
                return s
        return None

    def has(self, conn: int) -> bool:
        return conn in self.spectators or self.seat_of(conn) is not None

    def members(self) -> list[int]:
        return [s.conn for s in self.seats if s.kind == "human" and s.conn is not None] + list(
            self.spectators)

    def tokens(self) -> dict[str, int]:
        return {s.token: s.index for s in self.seats if s.kind == "human" and s.token}

    @property
    def has_people(self) -> bool:
        """A human holds a seat (even while away): bots wait a little so people can follow."""
        return any(s.kind == "human" for s in self.seats)

    @property
    def takeover_level(self) -> str | None:
        """The bot that stands in for a player who dropped: a fair stand-in (the greedy
        ``normal`` bot), neither throwing their game away nor playing it better than them."""
        for lvl in ("normal", "easy", "random"):
            if lvl in self.levels:
                return lvl
        return self.levels[0] if self.levels else None

    def summary(self) -> dict:
        return {"id": self.id, "game": self.game_name, "options": dict(self.options),
                "seats": self.nseats, "status": self.status, "owner": self.owner,
                "takeover": self.takeover_allowed, "hints": self.hints_allowed, "state": self.state,
                "players": [s.public() for s in self.seats],
                "spectators": len(self.spectators), "paused": self.paused,
                "private": self.code is not None}

    def free_seats(self) -> int:
        return sum(s.kind == "empty" and not s.reserved for s in self.seats) \
            if self.status == "lobby" else 0

    def hold_for_host(self, seat: int = 0) -> None:
        """Keep ``seat`` (empty) for the host's own window: nobody else sits there or owns the
        table until the window sits (``sit`` with ``operator``), whatever screen it shows."""
        self.seats[seat].reserved = True
        self.owner = self.creator = None
        self.creator_seat = seat

    @property
    def held_for_host(self) -> bool:
        return any(s.reserved for s in self.seats)

    def lobby_out(self) -> Out:
        """Everyone at the table gets its summary; the owner's copy of a private table's holds
        its code too (nobody else ever sees it), and who watches (``watchers``: whom the owner
        may give an away player's seat)."""
        summary = self.summary()
        msg = {"t": "table", "table": summary}
        extra: dict = {}
        if self.code:
            extra["code"] = self.code
        if self.spectators:
            extra["watchers"] = [{"player": c, "name": n} for c, n in self.spectators.items()]
        mine = {"t": "table", "table": {**summary, **extra}} if extra else msg
        return [(c, mine if c == self.owner else msg) for c in self.members()]

    # --- lobby ------------------------------------------------------------------------------------
    def _require_lobby(self):
        if self.status != "lobby":
            raise TableError("not_lobby", "the game has started")

    def _require_owner(self, conn: int):
        if conn != self.owner:
            raise TableError("not_owner", "only the table's owner may do that")

    def _fix_owner(self):
        """The creator's seat, held by someone (its player back), owns the table; else the
        owner stays while at the table; else the first seated player connected; else nobody
        (nobody at all while the table waits for the host's window)."""
        if self.creator_seat is not None:
            c = self.seats[self.creator_seat]
            if c.kind == "human" and c.conn is not None:
                self.owner = c.conn
                return
            if c.reserved:
                self.owner = None
                return
        if self.owner is not None and self.has(self.owner):
            return
        humans = [s.conn for s in self.seats if s.kind == "human" and s.conn is not None]
        self.owner = humans[0] if humans else None

    def _forget_creator_seat(self, seat: int) -> None:
        if self.creator_seat == seat:
            self.creator_seat = None

    def _check_code(self, code: str | None):
        """A private table asks whoever joins (sits or watches) for its code."""
        if self.code is None:
            return
        if code is None:
            raise TableError("code_needed", "this table is private: ask its owner for the code")
        if code.strip().upper() != self.code:
            raise TableError("bad_code", "that is not this table's code")

    def sit(self, conn: int, name: str, seat: int | None = None, code: str | None = None, *,
            key: str | None = None, token: str | None = None, operator: bool = False) -> Out:
        """Take a seat: one's own again (away, or held by an old connection: proved by the
        seat's ``token`` or its player's ``key``, in any state of the table, with no code), the
        seat kept for the host's window (``operator``), else a free seat of a waiting table."""
        if self.has(conn):
            raise TableError("in_table", "already at this table")
        back = self._mine(seat, key, token)
        if back is not None:
            return self._sit_back(conn, back)
        if self.status != "lobby":
            if seat is not None and 0 <= seat < self.nseats and self.seats[seat].kind == "human":
                raise TableError("bad_seat", f"seat {seat} is {self.seats[seat].name}'s: only "
                                             "they take it back (their key or its token), or the "
                                             "table's owner gives it")
            raise TableError("not_lobby", "the game has started")
        held = next((s for s in self.seats if s.reserved), None)
        if operator and held is not None:     # the host's window: the seat kept for it
            s = held
        else:
            self._check_code(code)
            if seat is None:
                free = [s for s in self.seats if s.kind == "empty" and not s.reserved]
                if not free:
                    raise TableError("full", "no free seat at this table")
                s = free[0]
            else:
                s = self._seat(seat)
                if s.kind != "empty":
                    raise TableError("bad_seat", f"seat {seat} is taken")
                if s.reserved:
                    raise TableError("bad_seat", f"seat {seat} is kept for the host's own window")
        used = {x.colour for x in self.seats}
        s.kind, s.name, s.conn, s.ready = "human", self._unique(name), conn, False
        s.token, s.key, s.reserved = self.new_token(), key, False
        s.colour = next(c for c in COLOURS if c not in used)
        if conn == self.creator and self.creator_seat is None:
            self.creator_seat = s.index
        if self.owner is None and not self.held_for_host:
            self.owner = conn
        self._fix_owner()
        return [(conn, {"t": "seated", "table": self.id, "seat": s.index, "token": s.token})] + \
            self.lobby_out()

    def _mine(self, seat: int | None, key: str | None, token: str | None) -> Seat | None:
        """The seat a connection proves its own: by its ``token``, else one whose player's key
        is ``key`` and that is away (the ``seat`` asked for if given, else the first); None if
        neither proves one. A name never does."""
        if token is not None:
            s = next((x for x in self.seats if x.kind == "human" and x.token == token), None)
            if s is None:
                raise TableError("bad_token", "unknown seat token")
            if seat is not None and seat != s.index:
                raise TableError("bad_seat", f"that token is seat {s.index}'s, not seat {seat}'s")
            return s
        if key is None:
            return None
        mine = [x for x in self.seats if x.kind == "human" and x.key == key and x.token
                and x.conn is None]      # (a key takes back an away seat; a live one: its token)
        if seat is not None:
            mine = [x for x in mine if x.index == seat]
        return mine[0] if mine else None

    def _unique(self, name: str) -> str:
        """``name``, or ``name (2)``, ``name (3)``... if someone at the table (a seat or a
        spectator) has that name already (as ``messages.fold`` compares names)."""
        taken = {fold(x.name) for x in self.seats if x.kind != "empty"} | \
            {fold(n) for n in self.spectators.values()}
        n, unique = 2, name
        while fold(unique) in taken:
            unique = f"{name[:NAME_MAX - 5]} ({n})"
            n += 1
        return unique

    def _sit_back(self, conn: int, s: Seat) -> Out:
        """A player sits in their own seat again (proved by its key or its token): "Back to my
        seat" after leaving a game, a game brought back from the data dir. They get its token
        (the journal's, so that a later --resume knows it too) and a resync with what they
        missed; an old connection holding it loses it (``left``)."""
        assert s.token is not None
        _previous, out = self.rejoin(conn, s.token)
        return [(conn, {"t": "seated", "table": self.id, "seat": s.index, "token": s.token})] + out

    def give(self, conn: int, seat: int, to: int, name: str, key: str | None) -> Out:
        """The owner gives an away player's seat to ``to``, a connection watching the table (its
        player lost their key or their token: another laptop, a browser cleared). The seat gets
        a new token (the old one dies), ``to``'s key and name, and ``to`` takes it (``seated``
        and a resync with the recap). Journaled, so a restart keeps it."""
        self._require_owner(conn)
        s = self._seat(seat)
        if s.kind != "human" or s.conn is not None:
            raise TableError("bad_seat", f"seat {seat} is no player's seat that is away")
        if to not in self.spectators:
            raise TableError("no_table", f"player {to} is not watching this table: they watch "
                                         "it first, then the seat is given to them")
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        token = self.new_token()
        del self.spectators[to]
        new_name = self._unique(name)
        if self.game is not None:
            self._record({"k": "seat", "seat": seat, "token": token, "kh": key, "name": new_name})
        s.token, s.key, s.name = token, key, new_name
        return self._sit_back(to, s)

    def spectate(self, conn: int, name: str, code: str | None = None,
                 seen: int | None = None) -> Out:
        if self.has(conn):
            raise TableError("in_table", "already at this table")
        self._check_code(code)
        self.spectators[conn] = self._unique(name)
        out = self.lobby_out()
        if self.game is not None:
            out.append((conn, self._with_recap(self._update(None, [], full=True), seen or 0)))
        return out

    # --- the owner's powers over a waiting table --------------------------------------------------
    def set_private(self, conn: int, private: bool, code: str) -> Out:
        """Private (with the ``code`` the host drew) or open again."""
        self._require_lobby()
        self._require_owner(conn)
        self.code = code.upper() if private else None
        return self.lobby_out()

    def remove(self, conn: int, seat: int) -> Out:
        """The owner frees a seat, whoever holds it: a bot, or a player (who is told ``left``;
        their token dies). Not the owner's own seat: they leave instead."""
        self._require_lobby()
        self._require_owner(conn)
        s = self._seat(seat)
        if s.kind == "empty":
            raise TableError("bad_seat", f"seat {seat} is empty")
        if s.kind == "human" and s.conn == conn:
            raise TableError("bad_seat", "that is your own seat: leave the table instead")
        out: Out = []
        if s.kind == "human" and s.conn is not None:
            out.append((s.conn, {"t": "left", "table": self.id,
                                 "reason": "removed by the table's owner"}))
        self.seats[seat] = Seat(seat)
        self._forget_creator_seat(seat)
        return out + self.lobby_out()

    def fill(self, conn: int, level: str | None) -> Out:
        """The owner's "fill the empty seats with bots": in the lobby every empty seat gets a
        bot of ``level`` (default: the takeover bot's); in a game, every player who is away gets
        their stand-in bot at once (how a game continued from a save goes on without some)."""
        self._require_owner(conn)
        level = level or self.takeover_level
        if level not in self.levels:
            raise TableError("no_level", f"no {level!r} bot for {self.game_name}; "
                                         f"levels: {', '.join(self.levels)}")
        if self.status == "lobby":
            empty = [s.index for s in self.seats if s.kind == "empty"]
            if not empty:
                raise TableError("full", "no empty seat to fill")
            for i in empty:
                self.put_bot(conn, i, level)
            return self.lobby_out()
        if self.status != "playing":
            raise TableError("game_over", "the game is over")
        away = [s for s in self.seats if s.kind == "human" and s.conn is None and not s.takeover]
        if not away:
            raise TableError("full", "no empty or away seat to fill")
        for s in away:
            s.takeover = level
        return self.lobby_out()

    def _seat_of_sender(self, conn: int) -> Seat:
        s = self.seat_of(conn)
        if s is None:
            if conn in self.spectators:
                raise TableError("spectator", "spectators cannot do that")
            raise TableError("no_table", "not at this table")
        return s

    def colour(self, conn: int, colour: str) -> Out:
        self._require_lobby()
        s = self._seat_of_sender(conn)
        if colour not in COLOURS:
            raise TableError("bad_field", f"unknown colour {colour!r}")
        if any(x.colour == colour and x is not s for x in self.seats):
            raise TableError("colour_taken", f"{colour} is taken")
        s.colour = colour
        return self.lobby_out()

    def ready(self, conn: int, ready: bool) -> Out:
        self._require_lobby()
        self._seat_of_sender(conn).ready = bool(ready)
        return self.lobby_out()

    def put_bot(self, conn: int, seat: int, level: str) -> Out:
        self._require_lobby()
        self._require_owner(conn)
        if level not in self.levels:
            raise TableError("no_level", f"no {level!r} bot for {self.game_name}; "
                                         f"levels: {', '.join(self.levels)}")
        s = self._seat(seat)
        if s.kind == "human":
            raise TableError("bad_seat", f"seat {seat} is taken by a player")
        used = {x.colour for x in self.seats if x is not s}
        s.kind, s.level, s.name, s.ready = "bot", level, f"Bot {seat + 1} ({level})", True
        s.colour = s.colour if s.colour and s.colour not in used else next(
            c for c in COLOURS if c not in used)
        return self.lobby_out()

    def _seat(self, seat: int) -> Seat:
        if not 0 <= seat < self.nseats:
            raise TableError("bad_seat", f"no seat {seat} at this table (seats 0 to "
                                         f"{self.nseats - 1})")
        return self.seats[seat]

    def remove_bot(self, conn: int, seat: int) -> Out:
        self._require_lobby()
        self._require_owner(conn)
        if self._seat(seat).kind != "bot":
            raise TableError("bad_seat", f"seat {seat} holds no bot")
        self.seats[seat] = Seat(seat)
        return self.lobby_out()

    def start(self, conn: int, seed: int) -> Out:
        self._require_lobby()
        self._require_owner(conn)
        owner_seat = self.seat_of(conn)
        if owner_seat is not None:
            owner_seat.ready = True
        missing = [s.index for s in self.seats if s.kind == "empty" or not s.ready]
        if missing:
            raise TableError("not_ready", f"seats not filled or not ready: {missing}")
        self._begin(seed)
        try:
            self._record(self.start_record())
        except TableError:
            self.game, self.seed, self.status, self.turn = None, None, "lobby", None
            self.paused = None   # nothing waits: the owner may start again
            raise
        out = self.lobby_out()
        # the start's events too (La Tortuga has none; Tikal draws its first tile)
        out += self._updates(list(getattr(self.game, "start_events", None) or []), full=True)
        return out

    def _begin(self, seed: int, rules: int | None = None):
        """The game starts: under the current rules, or (a journal's replay) the ones its start
        record names."""
        self.seed = seed
        self.game = engine.new_game(self.game_name, seats=self.nseats, seed=seed,
                                    options=dict(self.options), rules=rules)
        self.status = "over" if self._game.is_over else "playing"
        self.state = 0
        self._new_turn()

    def start_record(self) -> dict:
        return {"k": "start", "v": jn.FORMAT, "rules": self._game.rules,
                "table": self.id, "game": self.game_name, "seats": self.nseats,
                "seed": self.seed, "options": dict(self.options),
                "takeover": self.takeover_allowed, "hints": self.hints_allowed,
                "check": jn.state_check(self._game),
                "players": [{"kind": s.kind, "name": s.name, "token": s.token,
                             "colour": s.colour, "level": s.level, "kh": s.key}
                            for s in self.seats],
                "creator": self.creator_seat, "code": self.code}

    def leave(self, conn: int) -> Out:
        """The connection leaves the table. A lobby seat is freed; a seat in a started game is
        kept for its token (and played by a bot at once if the table allows it)."""
        out: Out = [(conn, {"t": "left", "table": self.id})]
        if conn in self.spectators:
            del self.spectators[conn]
            return out
        s = self._seat_of_sender(conn)
        if self.status == "lobby":
            self.seats[s.index] = Seat(s.index)
            self._forget_creator_seat(s.index)
        else:   # the seat stays theirs (their key, its token): they may come back to it
            out = [(conn, {"t": "left", "table": self.id, "kept": True})]
            self._away(s)
            out += self._take_over(s)
        self._fix_owner()
        return out + self.lobby_out()

    def _away(self, s: Seat) -> None:
        """``s``'s player went away from a started game: when, in the journal too (the recap of
        their return starts there, after a restart as well)."""
        s.conn, s.seen = None, self.state
        if self.status == "playing":
            self._note({"k": "away", "seat": s.index})

    def _note(self, rec: dict) -> None:
        """Journal a record that changes no game (who is away): best effort, never refused (a
        disk that refuses it refuses the next move, which pauses the game)."""
        if self.journal is not None and self.game is not None:
            try:
                self.journal.record(rec)
            except Exception:
                pass

    def disconnect(self, conn: int) -> Out:
        """The connection dropped: its seat is held (the host starts the grace period)."""
        self.spectators.pop(conn, None)
        s = self.seat_of(conn)
        if s is not None:
            if self.status == "lobby":
                s.conn, s.seen = None, self.state
            else:
                self._away(s)
        self._fix_owner()
        return self.lobby_out()

    def seat_expired(self, seat: int) -> Out:
        """The grace period of an away seat ran out: free it (lobby) or let a bot play it."""
        s = self.seats[seat]
        if s.kind != "human" or s.conn is not None:
            return []
        if self.status == "lobby":
            self.seats[seat] = Seat(seat)
            self._forget_creator_seat(seat)
            self._fix_owner()
            return self.lobby_out()
        return self._take_over(s) + self.lobby_out()

    def _take_over(self, s: Seat) -> Out:
        if self.status != "playing" or not self.takeover_allowed or s.takeover:
            return []
        s.takeover = self.takeover_level
        return []

    def rejoin(self, conn: int, token: str, seen: int | None = None) -> tuple[int | None, Out]:
        """The connection proves ``token``: it takes the seat back (a previous connection holding
        it loses it) and gets a full resync, with the recap of what happened since it last saw
        the game (``seen``: what the client says, else the state when the seat went away).
        Returns (the previous connection or None, out)."""
        s = next((x for x in self.seats if x.kind == "human" and x.token == token), None)
        if s is None:
            raise TableError("bad_token", "unknown seat token")
        previous = s.conn if s.conn != conn else None
        since = seen if seen is not None else s.seen if s.seen is not None else self.state
        if s.conn is None and self.status == "playing":
            self._note({"k": "back", "seat": s.index})
        s.conn, s.takeover, s.seen = conn, None, None
        self.bots.pop(s.index, None)
        self.spectators.pop(conn, None)
        self._fix_owner()
        out = []
        if previous is not None:
            out.append((previous, {"t": "left", "table": self.id,
                                   "reason": "the seat was taken back by another connection"}))
        out += self.lobby_out()
        if self.game is not None:
            out.append((conn, self._with_recap(self._update(s.index, [], full=True), since)))
        return previous, out

    def chat(self, conn: int, name: str, text: str) -> Out:
        s = self.seat_of(conn)
        if s is None and conn not in self.spectators:
            raise TableError("no_table", "not at this table")
        msg = {"t": "chat", "table": self.id, "from": s.name if s else self.spectators[conn],
               "seat": s.index if s else None, "text": text}
        return [(c, msg) for c in self.members()]

    # --- play -------------------------------------------------------------------------------------
    def _check_play(self, seat: Seat, state: int) -> int:
        if self.status == "lobby":
            raise TableError("not_started", "the game has not started")
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        if state != self.state:
            raise TableError("stale", f"state {state} is not the current state {self.state}")
        if self.paused:
            raise TableError("disk_full", f"{self.paused}: the game waits")
        if self._game.to_act != seat.index:
            raise TableError("not_your_turn", f"seat {self._game.to_act} is to act")
        return seat.index

    def _sender(self, conn: int, claimed: int | None) -> Seat:
        s = self._seat_of_sender(conn)
        if claimed is not None and claimed != s.index:
            raise TableError("wrong_seat", f"this connection holds seat {s.index}, not {claimed}")
        return s

    def act(self, conn: int, seq: int, state: int, action: dict, claimed: int | None = None) -> Out:
        return self._act(self._sender(conn, claimed), seq, state, action, canonical=True)

    def _canonical(self, action: dict) -> dict:
        """The action as the rules read it: only the fields its type has (its legal actions
        show them all). What a sender adds beyond them is ignored, and never journaled."""
        t = action.get("type")
        keys = {k for a in self._game.legal_actions() if a.get("type") == t for k in a}
        return {k: v for k, v in action.items() if k in keys} if keys else action

    def bot_act(self, seat: int, state: int, action: dict) -> Out:
        """An action chosen by the bot playing ``seat`` (checked exactly like a player's)."""
        s = self.seats[seat]
        if not s.is_bot_played:
            raise TableError("wrong_seat", f"no bot plays seat {seat}")
        return self._act(s, None, state, action)

    def _act(self, s: Seat, seq: int | None, state: int, action: dict,
             canonical: bool = False) -> Out:
        self._check_play(s, state)
        if canonical:   # a player's action as sent; a bot's comes from the legal list
            action = self._canonical(action)
        saved = self._save_point()
        events = self._apply(s.index, action)
        rec = {"k": "action", "seat": s.index, "action": action}
        if s.is_bot_played:   # the recap says a bot made it (for an away player: their stand-in)
            self.moves[-1]["bot"] = rec["bot"] = s.bot_level
        g = self._game
        if self.state % jn.CHECK_EVERY == 0 or g.is_over:
            rec["check"] = jn.state_check(g)
        if g.is_over:
            rec["over"] = {"scores": list(g.scores), "winners": list(g.winners)}
        self._record(rec, saved)
        return self._updates(events, seq_for=(s.conn, seq))

    def _save_point(self) -> tuple:
        t = self._turn
        return (t, len(t.actions), t.revealed, self.state, self.status, len(self.history),
                len(self.moves))

    def _roll_back(self, saved: tuple):
        """Back to ``saved`` (from _save_point) after a change the journal could not keep."""
        t, n, revealed, state, status, hist, moves = saved
        del t.actions[n:]
        del self.moves[moves:]
        t.revealed = revealed
        self.turn, self.state, self.status = t, state, status
        del self.history[hist:]
        self.game = self._rebuild(t.actions)

    def _apply(self, seat: int, action: dict) -> list:
        try:
            events = self._game.apply(action)
        except engine.IllegalAction as exc:
            code = exc.code if exc.code in ("illegal", "malformed") else "illegal"
            raise TableError(code, f"refused: {exc.reason}", exc.reason, exc.rule) from None
        except Exception as exc:
            # An engine that chokes on a shape it did not expect: still a refusal. Rebuild the
            # game from the turn's start in case it was half-changed before it failed.
            self.game = self._rebuild(self._turn.actions)
            raise TableError("malformed", f"not an action of this game ({type(exc).__name__})",
                             str(exc)[:200], "") from None
        self.state += 1
        self.history.append((seat, action))
        self.moves.append({"state": self.state, "seat": seat, "events": events,
                           "scores": list(self._game.scores)})
        t = self._turn
        t.actions.append(action)
        t.revealed = t.revealed or any(isinstance(e, dict) and e.get("reveal") for e in events)
        if self._game.to_act != t.seat or self._game.is_over:
            self._new_turn()
        if self._game.is_over:
            self.status = "over"
        return events

    def _new_turn(self):
        self.turn = Turn(self._game.to_act, self._game.snapshot())

    def undo(self, conn: int, seq: int, state: int, claimed: int | None = None) -> Out:
        s = self._sender(conn, claimed)
        self._check_play(s, state)
        self._check_undo(s.index)
        self._record({"k": "undo", "seat": s.index})  # before the change: nothing to roll back
        self._undo(s.index)
        return self._updates([], seq_for=(s.conn, seq), undone=s.index)

    def _check_undo(self, seat: int):
        t = self._turn
        if t.seat != seat or not t.actions:
            raise TableError("undo_refused", "nothing of yours to undo this turn")
        if t.revealed:
            raise TableError("undo_refused",
                             "hidden information was revealed this turn: no undo past it")

    def _undo(self, seat: int):
        self._check_undo(seat)
        t = self._turn
        self.game = self._rebuild(t.actions[:-1])
        t.actions.pop()
        self.history.pop()
        self.state += 1
        self.moves.append({"state": self.state, "seat": seat, "undone": True})

    def _rebuild(self, actions: list):
        game = engine.restore(self._turn.start)
        for a in actions:
            game.apply(a)
        return game

    # --- what goes out ----------------------------------------------------------------------------
    def _update(self, seat: int | None, events: list, *, full=False, seq=None,
                undone=None) -> dict:
        """One recipient's update (a resync, a spectator who comes in)."""
        return self._update_for(self._shared_update(events, full, undone), seat, seq)

    def _shared_update(self, events: list, full: bool, undone: int | None) -> dict:
        """The part of an update that is the same for every recipient."""
        g = self._game
        msg = {"t": "update", "table": self.id, "state": self.state, "events": events,
               "to_act": g.to_act, "over": g.is_over, "phase": g.phase,
               "scores": list(g.scores), "winners": list(g.winners)}
        if full:
            msg["full"] = True
        if undone is not None:
            msg["undone"] = undone
        return msg

    def _update_for(self, shared: dict, seat: int | None, seq: int | None = None) -> dict:
        """``shared`` completed for ``seat`` (None: a spectator): that seat's own view, and the
        legal actions only for the seat to act."""
        g = self._game
        msg = {**shared, "view": g.view(seat), "seat": seat}
        if seat is not None and g.to_act == seat and not g.is_over:
            msg["legal"] = g.legal_actions()
            if self.turn and self.turn.seat == seat:
                msg["can_undo"] = bool(self.turn.actions) and not self.turn.revealed
        if seq is not None:
            msg["seq"] = seq
        return msg

    def recap(self, since: int) -> dict | None:
        """What happened after state ``since`` (docs/protocol.md, "While you were away"): every
        change's public events, the seat that made it and the scores after it; an undo as
        ``undone``. The newest RECAP_BYTES of it; None when nothing happened since."""
        i = len(self.moves)
        while i and self.moves[i - 1]["state"] > since:
            i -= 1
        size, keep = 0, len(self.moves)
        while keep > i:
            size += len(msgpack.packb(self.moves[keep - 1], use_bin_type=True))
            if size > RECAP_BYTES:
                break
            keep -= 1
        if keep == len(self.moves):
            return None
        return {"from": self.moves[keep]["state"] - 1, "moves": self.moves[keep:]}

    def _with_recap(self, update: dict, since: int) -> dict:
        rc = self.recap(since)
        return {**update, "recap": rc} if rc else update

    def _updates(self, events: list, *, full=False, seq_for=(None, None), undone=None) -> Out:
        shared = self._shared_update(events, full, undone)
        out: Out = []
        for s in self.seats:
            if s.kind == "human" and s.conn is not None:
                seq = seq_for[1] if s.conn == seq_for[0] else None
                out.append((s.conn, self._update_for(shared, s.index, seq)))
        if self.spectators:
            pub = self._update_for(shared, None)
            out += [(c, pub) for c in self.spectators]
        return out

    def bot_turn(self) -> tuple[int, str, int, dict, list] | None:
        """If a bot is to act: (seat, level, state counter, its view, the legal actions); None
        while the game waits for the host (``paused``)."""
        if self.status != "playing" or self.paused:
            return None
        seat = self._game.to_act
        if seat is None:
            return None
        s = self.seats[seat]
        level = s.bot_level
        if not s.is_bot_played or level is None:
            return None
        return seat, level, self.state, self._game.view(seat), self._game.legal_actions()

    def bot(self, seat: int) -> Bot:
        """The bot object playing ``seat`` (made on first use, seeded from the table's seed)."""
        s = self.seats[seat]
        level = s.bot_level
        assert level is not None, f"seat {seat} is played by no bot"
        b = self.bots.get(seat)
        if b is None or b.level != level:
            from engine.bots import make_bot
            b = make_bot(self.game_name, level, seat, seed=(self.seed or 0) * 8 + seat + 1)
            self.bots[seat] = b
        return b

    def _record(self, rec: dict, saved: tuple | None = None):
        """Journal ``rec`` (the sink writes it and syncs). If it cannot, undo the change and
        refuse: a change the journal does not hold must never be shown to anyone. A disk that
        refuses the write (full, or failing) pauses the game (``paused``) until the host finds
        that it can write again and calls ``unpause``."""
        if self.journal is None:
            return
        try:
            self.journal.record(rec)
        except OSError as exc:
            if saved is not None:
                self._roll_back(saved)
            self.paused = disk_trouble(exc)
            raise TableError("disk_full", f"{self.paused}: the game waits") from None
        except Exception as exc:
            if saved is not None:
                self._roll_back(saved)
            raise TableError("internal", f"the host could not save this change ({exc}); "
                                         "nothing changed") from None

    def close_record(self, why: str) -> None:
        """Mark the journal of a game put away unfinished (it is then listed, not resumed)."""
        if self.journal is not None:
            try:
                self.journal.record({"k": "closed", "why": why})
            except Exception:   # best effort: without the mark, --resume brings it back
                pass

    def unpause(self) -> Out:
        """The host can write again: the game goes on (everyone gets the table and a resync)."""
        self.paused = None
        out = self.lobby_out()
        if self.game is not None:
            out += self._updates([], full=True)
        return out

    # --- replay -----------------------------------------------------------------------------------
    @classmethod
    def replay(cls, records: list[dict], journal=None) -> "Table":
        """The table a journal describes: its start record, then every action and undo, applied
        through the same code as live play. Humans are away until they rejoin with their token.

        Raises ``journal.JournalError`` for a journal this host cannot replay faithfully (a
        newer format, another rules version, a failed state check). A record the rules refuse,
        or of a kind this host does not know, ends the replay there: ``damage`` is then
        ``(index of that record, why)`` and the table is the records before it."""
        start = jn.check_start(records)
        try:
            t = cls(start["table"], start["game"], start["seats"], start["options"],
                    takeover=start.get("takeover", True), hints=start.get("hints", False))
            for s, p in zip(t.seats, start["players"], strict=True):
                s.kind, s.name, s.token, s.colour, s.level = (p["kind"], p["name"], p["token"],
                                                              p["colour"], p["level"])
                s.key = p.get("kh")
                s.ready = True
            creator = start.get("creator")
            t.creator, t.creator_seat = None, creator if type(creator) is int else None
            t.code = start.get("code") if isinstance(start.get("code"), str) else None
            t._begin(start["seed"], rules=jn.start_rules(start))
        except (KeyError, TypeError, ValueError, TableError) as exc:
            raise jn.JournalError("damaged", f"the start record does not hold a game ({exc})") \
                from None
        t._verify(start, 0)
        for i, rec in enumerate(records[1:], 1):
            if rec.get("k") == "closed":   # put away unfinished; what follows: it was continued
                continue
            try:
                t._replay_one(rec)
            except (TableError, KeyError, IndexError, TypeError, ValueError) as exc:
                why = exc.message if isinstance(exc, TableError) else str(exc)
                t.damage = (i, f"record {i} ({rec.get('k')!r}) cannot be replayed: {why}")
                break
            t._verify(rec, i)
        t.journal = journal
        t.restored = True
        for s in t.seats:   # every player is away now: since they went, or since the host stopped
            if s.kind == "human" and s.seen is None:
                s.seen = t.state
        return t

    def _replay_one(self, rec: dict):
        k = rec.get("k")
        if k in ("away", "back", "seat"):   # who is where: no change of the game
            s = self.seats[rec["seat"]]
            if k == "away":
                s.seen = self.state
            elif k == "back":
                s.seen = None
            else:
                s.token, s.key, s.name = rec["token"], rec.get("kh"), rec.get("name", s.name)
            return
        if k not in ("action", "undo"):
            raise ValueError(f"unknown record kind {k!r}")
        if self.status != "playing" or self._game.to_act != rec["seat"]:
            raise ValueError(f"seat {rec['seat']} is not to act")
        if k == "action":
            self._apply(rec["seat"], rec["action"])
            if rec.get("bot"):
                self.moves[-1]["bot"] = rec["bot"]
        else:
            self._undo(rec["seat"])

    def _verify(self, rec: dict, i: int):
        """A record's state check against the replayed game (journal.state_check)."""
        over = rec.get("over")
        if ("check" in rec and rec["check"] != jn.state_check(self._game)) or (
                over is not None and not self._game.is_over):
            raise jn.JournalError("diverged", f"the replay differs from the game recorded at "
                                              f"state {self.state} (record {i}): another engine "
                                              "or generator wrote it")
