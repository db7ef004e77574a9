"""One table: the single authority over one game and its lobby. No I/O.

Like boardgame.io's master: every request is checked in one fixed order, and the table answers
with the messages to send, one list of ``(connection id, message)`` per request, each recipient
getting its own view computed at send time. A refused request raises ``TableError`` (a wire error
code, a message, and for illegal actions the engine's reason and rule) and changes nothing.

A table is two parts behind this one door: its seats (net/seats.py: who sits where, spectators,
the owner, a private code; the lobby's changes) and, once started, its game (net/play.py: the
engine's game, the state counter, undo, the recap, the updates, the bots' objects). The table
holds what joins them: its status, the check order, the journal, a journal's replay. Its parts are
read as they are (``table.seating.owner``, ``table.play.turn``); every lobby message comes in by
one way, ``ask(conn, msg, who)``: a change of the seating alone is one line of ``SEATING``, one of
the table's own one line of ``LOBBY``.

The one check order (docs/protocol.md section 6). The connection's gates (frame, schema, hello)
and its seat token (``rejoin``) come first, on the host; then, here:
    the table: the sender is at this table, in the right place (no_table / spectator /
        wrong_seat; a lobby request: not_lobby, then the seat-level checks: not_owner, code,
        seat, colour, level)
    -> the game has started (not_started) -> it is not over (game_over)
    -> the state counter is current (stale) -> the game is not waiting for the disk (disk_full)
    -> the sender is to act (not_your_turn)
    -> the engine accepts it (illegal / malformed)
    -> journal record (the injected sink flushes and fsyncs) -> messages out.

The table does no I/O itself: the journal is an object with ``record(dict)`` passed in by the host
(net/journal.py), tokens come from an injected ``new_token`` (``secrets`` by default), the seed is
passed to ``start``. Clocks (grace periods, pings) live in the host, which calls ``seat_expired``.
"""
from __future__ import annotations

import errno
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import engine
from engine.bots.hints import HINTS, askable

from . import journal as jn
from .messages import CLOCKS, COLOURS, MAX_CLOCK, MessageError, check_options
from .play import Play, Turn
from .protocol import PROTO
from .seats import Seat, Seating, TableError, bot_levels, new_code, new_seed, new_token

if TYPE_CHECKING:
    from engine.bots.base import Bot

    from .again import LobbyKeeper

__all__ = ["Table", "TableError", "Seat", "Turn", "Who", "new_code", "bot_levels",
           "welcome_message", "offered_games", "disk_trouble"]

Out = list  # list[tuple[int, dict]]


def disk_trouble(exc: OSError) -> str:
    """What a refused journal write means for the players."""
    if exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the host's disk is full"
    return f"the host cannot save the game ({exc.strerror or exc})"


def welcome_message(host: str, player: int, turn_limit: float | None = None) -> dict:
    """The welcome a host sends a greeted connection (docs/protocol.md): the games it offers, the
    seat colours, the turn clocks a new table may have with ``turn_limit`` its default
    (``addresses``, ``share``, ``resumed`` are added by the host where they apply)."""
    msg = {"t": "welcome", "proto": PROTO, "host": host, "player": player,
           "games": offered_games(), "colours": list(COLOURS)}
    if turn_limit is not None:
        msg["clock"] = turn_clocks(turn_limit)
    return msg


def turn_clocks(default: float) -> dict:
    """The turn clocks a new table may have, as the welcome offers them: ``values`` (seconds, 0:
    none) and the host's ``default`` (a test's host may have one of a fraction of a second)."""
    d = float(default)
    mine = int(d) if d.is_integer() else d
    return {"values": sorted({*CLOCKS, mine}), "default": mine}


def offered_games() -> dict:
    """What the host's welcome offers of each game (docs/protocol.md): its seat range, the options
    a table may set with their values and defaults, its title and the catalog keys of its options'
    words (all from ``engine.GAMES``), the bot levels, whether the host computes its hint."""
    return {g: {"seats": [info.min_seats, info.max_seats],
                "options": {o.name: list(o.values) for o in info.options},
                "defaults": info.defaults, "levels": bot_levels(g),
                "title": info.title, "labels": info.labels(), "hint": g in HINTS}
            for g, info in engine.GAMES.items()}


@dataclass(frozen=True, slots=True)
class Who:
    """Who sends a lobby message, as the host knows them from their hello: the name, the hash of
    their player key, whether they are the host's own window."""
    name: str = ""
    key: str | None = None
    operator: bool = False


NOBODY = Who()


class Table:
    #: the lobby messages of a connection at no table yet: the one it joins is named in them
    JOINS = frozenset({"sit", "spectate"})

    def __init__(self, tid: int, game: str, seats: int, options: dict | None = None, *,
                 owner: int | None = None, takeover: bool = True, journal=None,
                 new_token=new_token, new_seed=new_seed, hints: bool = False, clock: float = 0.0,
                 now: Callable[[], float] = time.time):
        info = engine.GAMES.get(game)
        if info is None:
            raise TableError("bad_field", f"unknown game {game!r}")
        lo, hi = info.min_seats, info.max_seats
        if not lo <= seats <= hi:
            raise TableError("bad_field", f"{game} is for {lo} to {hi} seats")
        try:
            self.options = check_options(game, dict(options or {}))
        except MessageError as exc:
            raise TableError(exc.code, exc.message) from None
        if not 0 <= clock <= MAX_CLOCK:
            raise TableError("bad_field", f"a turn clock of 0 (none) to {MAX_CLOCK} seconds")
        self.id, self.game_name, self.nseats = tid, game, seats
        #: the turn clock: seconds a player's turn may last before a bot plays it for them (0: none)
        self.clock_limit = float(clock)
        #: the host's clock (seconds since the epoch): when each turn begins, in the journal too
        self.now = now
        self.takeover_allowed = takeover
        self.hints_allowed = bool(hints)        # players may ask for a hint (their window, the host)
        self.journal = journal
        self.new_seed = new_seed
        self.seating = Seating(game, seats, owner=owner, new_token=new_token)
        #: its seats (the seating's own list: who sits where is the seating's)
        self.seats: list[Seat] = self.seating.seats
        self.play: Play | None = None           # the game, once started
        self.paused: str | None = None          # why the game waits for the host (its disk)
        self.damage: tuple[int, str] | None = None  # replay: (first record not replayed, why)
        self.restored = False                   # brought back from the data dir (resume, continue)
        #: Play again (net/again.py): a finished table's next game (its id), the seats in it; a
        #: Play again's last game (its id) and where its lobby is saved until it starts
        self.again: int | None = None
        self.again_in: set[int] = set()
        self.again_of: int | None = None
        self.keeper: LobbyKeeper | None = None
        #: the seats of a started game whose players left it (``leave``, or their grace ran out)
        #: and did not come back: no seat is kept for them in a Play again
        self.gone: set[int] = set()

    # --- what is read of it from outside ----------------------------------------------------------
    @property
    def status(self) -> str:
        """"lobby" | "playing" | "over"."""
        if self.play is None:
            return "lobby"
        return "over" if self.play.over else "playing"

    @property
    def game(self) -> engine.Game | None:
        """The engine's game (None before the start)."""
        return self.play.game if self.play is not None else None

    @property
    def state(self) -> int:
        """The state counter: accepted actions and undos (0 before the start)."""
        return self.play.state if self.play is not None else 0

    @property
    def history(self) -> list:
        """(seat, action) in effect (none before the start)."""
        return self.play.history if self.play is not None else []

    @property
    def _play(self) -> Play:
        """The game, where only a started table gets (a bug otherwise, never a player's error)."""
        assert self.play is not None, "the table has not started"
        return self.play

    def summary(self) -> dict:
        seating = self.seating
        return {"id": self.id, "game": self.game_name, "options": dict(self.options),
                "seats": self.nseats, "status": self.status, "owner": seating.owner,
                "owner_seat": self._owner_seat(),
                "takeover": self.takeover_allowed, "hints": self.hints_allowed, "state": self.state,
                "clock": self.clock_limit,
                "players": [s.public() for s in self.seats],
                "spectators": len(seating.spectators), "paused": self.paused,
                "private": seating.code is not None, **self._again_fields()}

    def _owner_seat(self) -> int | None:
        """The seat the table's owner holds (the first, for a window of several players), or None
        (an owner who sits nowhere, or none)."""
        owner = self.seating.owner
        return next((s.index for s in self.seats if owner is not None and s.conn == owner), None)

    def _again_fields(self) -> dict:
        """Play again in a summary: a finished table's ``again`` (the next game's table and the
        seats of its players who are in), a Play again's ``again_of`` (the last game's table)."""
        out: dict = {}
        if self.again is not None and self.status == "over":
            out["again"] = {"table": self.again, "in": sorted(self.again_in)}
        if self.again_of is not None:
            out["again_of"] = self.again_of
        return out

    def free_seats(self) -> int:
        return self.seating.empty() if self.status == "lobby" else 0

    def name_held(self, name: str) -> Out:
        """The host's window is ``name``: its kept seat says so (everyone at the table told)."""
        return self.lobby_out() if self.seating.name_held(name) else []

    def lobby_out(self) -> Out:
        """Everyone at the table gets its summary; the owner's copy of a private table's holds
        its code too (nobody else ever sees it), and who watches (``watchers``: whom the owner
        may give an away player's seat)."""
        seating = self.seating
        summary = self.summary()
        msg = {"t": "table", "table": summary}
        extra: dict = {}
        if seating.code:
            extra["code"] = seating.code
        if seating.spectators:
            extra["watchers"] = [{"player": c, "name": n} for c, n in seating.spectators.items()]
        mine = {"t": "table", "table": {**summary, **extra}} if extra else msg
        self._keep()
        return [(c, mine if c == seating.owner else msg) for c in seating.members()]

    def _keep(self) -> None:
        """A Play again's lobby is saved as it changes (net/again.py), so that a restart of the
        host between the results and the next start keeps it: best effort (its keeper logs
        what it cannot write), as the records of who is where are."""
        if self.keeper is not None and self.status == "lobby":
            self.keeper.save(self.lobby_record())

    def lobby_record(self) -> dict:
        """A Play again's lobby as its keeper saves it (``from_lobby`` reads it back): the table,
        the last game's, its settings, each seat (its token and its player's key hash too: the
        data dir is the host's alone, as the journals are) and who owns it."""
        return {"k": "again", "v": 1, "table": self.id, "of": self.again_of, "game": self.game_name,
                "seats": self.nseats, "options": dict(self.options), "takeover": self.takeover_allowed,
                "hints": self.hints_allowed, "clock": self.clock_limit, "code": self.seating.code,
                "creator": self.seating.creator_seat,
                "players": [{"kind": s.kind, "name": s.name, "token": s.token, "colour": s.colour,
                             "level": s.level, "kh": s.key, "ready": s.ready} for s in self.seats]}

    @classmethod
    def from_lobby(cls, rec: dict, keeper: LobbyKeeper | None = None) -> "Table":
        """The Play again's lobby ``rec`` (``lobby_record``) after a restart: its players' seats
        kept for them until they come back (their token, or their key from the lobby's list);
        ValueError for a record that holds no lobby."""
        try:
            t = cls(rec["table"], rec["game"], rec["seats"], rec.get("options") or {},
                    takeover=bool(rec.get("takeover", True)), hints=bool(rec.get("hints", False)),
                    clock=float(rec.get("clock") or 0.0))
            for s, p in zip(t.seats, rec["players"], strict=True):
                kind = p["kind"]
                if kind == "bot":
                    s.kind, s.level, s.name, s.ready, s.colour = "bot", p["level"], p["name"], True, p["colour"]
                elif kind == "human":
                    if not isinstance(p.get("token"), str):
                        raise ValueError(f"seat {s.index} has no token")
                    s.kind, s.name, s.token, s.colour = "human", str(p["name"]), p["token"], p.get("colour")
                    s.key, s.ready, s.kept = p.get("kh"), bool(p.get("ready")), True
                elif kind != "empty":
                    raise ValueError(f"seat {s.index} is {kind!r}")
        except (KeyError, TypeError, TableError) as exc:
            raise ValueError(f"not a Play again's lobby ({exc})") from None
        creator = rec.get("creator")
        t.seating.creator, t.seating.creator_seat = None, creator if type(creator) is int else None
        t.seating.code = rec["code"] if isinstance(rec.get("code"), str) else None
        t.again_of = rec["of"] if type(rec.get("of")) is int else None
        t.keeper, t.restored = keeper, True
        return t

    def _updates(self, events: list, **kw) -> Out:
        return self._play.updates(self.id, self.seats, list(self.seating.spectators), events,
                                  clock=self.clock_info(), **kw)

    # --- the lobby --------------------------------------------------------------------------------
    def ask(self, conn: int, msg: dict, who: Who = NOBODY) -> Out:
        """A lobby message of connection ``conn`` (docs/protocol.md section 4: ``sit``,
        ``spectate``, ``colour``, ``ready``, ``bot``, ``unbot``, ``private``, ``fill``,
        ``start``), every one by this one way: a change of the seating alone (``SEATING``) is
        made in the lobby only and told to everyone at the table; the others are the table's
        (``LOBBY``). ``who`` sent it (its name, key, whether it is the host's window)."""
        change = SEATING.get(msg["t"])
        if change is None:
            return LOBBY[msg["t"]](self, conn, msg, who)
        self._require_lobby()
        change(self.seating, conn, msg)
        return self.lobby_out()

    def _require_lobby(self) -> None:
        if self.status != "lobby":
            raise TableError("not_lobby", "the game has started")

    def sit(self, conn: int, name: str, seat: int | None = None, code: str | None = None, *,
            key: str | None = None, token: str | None = None, operator: bool = False) -> Out:
        """Take a seat: one's own again (proved by the seat's ``token`` or its player's ``key``,
        in any state of the table, no code needed: "Back to my seat", a game brought back from
        the data dir), the seat kept for the host's window (``operator``), else a free seat of a
        waiting table. A name never takes a seat."""
        if self.seating.has(conn):
            raise TableError("in_table", "already at this table")
        back = self.seating.mine(seat, key, token)
        if back is not None:
            return self._sit_back(conn, back)
        if self.status != "lobby":
            if seat is not None and 0 <= seat < self.nseats and self.seats[seat].kind == "human":
                raise TableError("bad_seat", f"seat {seat} is {self.seats[seat].name}'s: only "
                                             "they take it back (their key or its token), or the "
                                             "table's owner gives it")
            raise TableError("not_lobby", "the game has started")
        s = self.seating.sit(conn, name, seat, code, key=key, operator=operator)
        return [(conn, {"t": "seated", "table": self.id, "seat": s.index, "token": s.token})] + \
            self.lobby_out()

    def _sit_back(self, conn: int, s: Seat) -> Out:
        """A player sits in their own seat again (proved by its token or their key). They get
        its token (the journal's, so that a later --resume knows it too) and a resync with what
        they missed; an old connection holding it loses it (``left``)."""
        assert s.token is not None
        kept = s.kept and self.status == "lobby"
        _previous, out = self.rejoin(conn, s.token)
        if kept:    # a Play again's seat kept for its player: back in it, they are in (ready)
            s.ready = True
            out = self.lobby_out()
        return [(conn, {"t": "seated", "table": self.id, "seat": s.index, "token": s.token})] + out

    def accept(self, conn: int, seat: int, name: str, key: str | None = None) -> Out:
        """A player of the last game says yes to this Play again (net/again.py): into the seat
        kept for them, else their old seat if it is open, else the first open one (no code: they
        were at the table), ready. ``full`` when every seat is someone else's."""
        self._require_lobby()
        s = self.seats[seat] if 0 <= seat < self.nseats else None
        if s is not None and s.kept and s.conn is None:
            assert s.token is not None
            return self._sit_back(conn, s)
        free = [x for x in self.seats if x.kind == "empty" and not x.reserved]
        if s is None or s not in free:
            s = free[0] if free else None
        if s is None:
            raise TableError("full", "every seat of the next game is taken")
        code, self.seating.code = self.seating.code, None     # (they were at the table: no code)
        try:
            s = self.seating.sit(conn, name, s.index, None, key=key)
        finally:
            self.seating.code = code
        s.ready = True
        return [(conn, {"t": "seated", "table": self.id, "seat": s.index, "token": s.token})] + \
            self.lobby_out()

    def give(self, conn: int, seat: int, to: int, name: str, key: str | None) -> Out:
        """The owner gives an away player's seat to ``to``, a connection watching the table (its
        player lost their key or token: another laptop, a browser cleared). The seat gets a new
        token (the old one dies), ``to``'s key and name, and ``to`` takes it (``seated``, and a
        resync with the recap). Journaled, so a restart keeps it."""
        if self.status == "over":
            raise TableError("game_over", "the game is over")
        s = self.seating.give(conn, seat, to, name, key)
        if self.play is not None:
            self._note({"k": "seat", "seat": seat, "token": s.token, "kh": key, "name": s.name})
        return self._sit_back(to, s)

    def spectate(self, conn: int, name: str, code: str | None = None,
                 seen: int | None = None) -> Out:
        self.seating.watch(conn, name, code)
        out = self.lobby_out()
        if self.play is not None:
            out.append((conn, self.play.resync(self.id, None, seen or 0, self.clock_info())))
        return out

    def remove(self, conn: int, seat: int) -> Out:
        """The owner frees a seat, whoever holds it: a bot, or a player (who is told ``left``;
        their token dies). Not the owner's own seat: they leave instead."""
        self._require_lobby()
        gone = self.seating.remove(conn, seat)
        out: Out = []
        if gone is not None:
            out.append((gone, {"t": "left", "table": self.id, "why": "removed",
                               "reason": "removed by the table's owner"}))
        return out + self.lobby_out()

    def fill(self, conn: int, level: str | None) -> Out:
        """The owner's "fill the empty seats with bots": in the lobby every empty seat gets a
        bot of ``level`` (default: the takeover bot's); in a game, every player who is away gets
        their stand-in bot at once (how a game continued from a save goes on without some)."""
        seating = self.seating
        seating.require_owner(conn)
        level = seating.check_level(level or seating.takeover_level)
        if self.status == "lobby":
            seating.fill_empty(conn, level)
        elif self.status != "playing":
            raise TableError("game_over", "the game is over")
        else:
            seating.fill_away(level)
        return self.lobby_out()

    def start(self, conn: int, seed: int) -> Out:
        self._require_lobby()
        self.seating.ready_to_start(conn)
        self.play = Play(self.game_name, self.nseats, self.options, seed)
        self.play.turn.at = self.now()
        try:
            self._record(self.start_record())
        except Exception:   # not journaled (a full disk: TableError), so not started
            self.play = None
            self.paused = None   # nothing waits: the owner may start again
            raise
        if self.keeper is not None:     # a Play again started: its journal holds it from now on
            self.keeper.drop()
            self.keeper = None
        for s in self.seats:
            s.kept = False
        out = self.lobby_out()
        # the start's events too (La Tortuga has none; Tikal draws its first tile)
        out += self._updates(list(getattr(self.play.game, "start_events", None) or []), full=True)
        return out

    def start_record(self) -> dict:
        g = self._play.game
        return {"k": "start", "v": jn.FORMAT, "rules": g.rules,
                "table": self.id, "game": self.game_name, "seats": self.nseats,
                "seed": self._play.seed, "options": dict(self.options),
                "takeover": self.takeover_allowed, "hints": self.hints_allowed,
                "clock": self.clock_limit, "at": self._play.turn.at,
                "check": jn.state_check(g),
                "players": [{"kind": s.kind, "name": s.name, "token": s.token,
                             "colour": s.colour, "level": s.level, "kh": s.key}
                            for s in self.seats],
                "creator": self.seating.creator_seat, "code": self.seating.code}

    # --- coming and going -------------------------------------------------------------------------
    def leave(self, conn: int) -> Out:
        """The connection leaves the table. A lobby seat is freed; a seat in a started game is
        kept for its token (and played by a bot at once if the table allows it)."""
        out: Out = [(conn, {"t": "left", "table": self.id})]
        if conn in self.seating.spectators:
            del self.seating.spectators[conn]
            return out
        s = self.seating.sender(conn)
        if self.status == "lobby":
            self.seating.free(s.index)
        else:   # the seat stays theirs (their key, its token): they may come back to it
            out = [(conn, {"t": "left", "table": self.id, "kept": True})]
            self._away(s)
            self._take_over(s)
            self.gone.add(s.index)
        self.seating.fix_owner()
        return out + self.lobby_out()

    def disconnect(self, conn: int) -> Out:
        """The connection dropped: its seat is held (the host starts the grace period)."""
        self.seating.spectators.pop(conn, None)
        s = self.seating.seat_of(conn)
        if s is not None:
            self._away(s)
        self.seating.fix_owner()
        return self.lobby_out()

    def _away(self, s: Seat) -> None:
        """``s``'s player went away: since when (in a game under way, the journal says it too:
        the recap of their return starts there, after a restart as well)."""
        s.conn, s.seen, s.hidden = None, self.state, False
        if self.status == "playing":
            self._note({"k": "away", "seat": s.index})

    def _note(self, rec: dict) -> None:
        """Journal a record that changes no game (who is where): best effort, never refused (a
        disk that refuses it refuses the next move, which pauses the game)."""
        if self.journal is not None and self.play is not None:
            try:
                self.journal.record(rec)
            except Exception:
                pass

    def seat_expired(self, seat: int) -> Out:
        """The grace period of an away seat ran out: free it (lobby) or let a bot play it. A seat
        whose page is hidden at its turn is away from now (its connection stays)."""
        s = self.seats[seat]
        if s.kind != "human":
            return []
        if s.conn is not None:
            if not (s.hidden and self.status == "playing" and self._play.game.to_act == seat):
                return []
            s.seen = self.state
            self._note({"k": "away", "seat": s.index})
        if self.status == "lobby":
            self.seating.free(seat)
            self.seating.fix_owner()
            return self.lobby_out()
        if s.conn is None:
            self.gone.add(seat)
        self._take_over(s)
        return self.lobby_out()

    def _take_over(self, s: Seat) -> None:
        """An away player's seat in a game under way: its stand-in bot plays it (if the table
        allows stand-ins)."""
        if self.status == "playing" and self.takeover_allowed and not s.takeover:
            s.takeover = self.seating.takeover_level

    def rejoin(self, conn: int, token: str, seen: int | None = None) -> tuple[int | None, Out]:
        """The connection proves ``token``: it takes the seat back (a previous connection holding
        it loses it) and gets a full resync, with the recap of what happened since it last saw
        the game (``seen``: what the client says, else the state when the seat went away).
        Returns (the previous connection or None, out)."""
        was_away = next((x.conn is None for x in self.seats if x.token == token), False)
        s, previous = self.seating.take_back(conn, token)
        since = seen if seen is not None else s.seen if s.seen is not None else self.state
        s.seen, s.kept = None, False
        self.gone.discard(s.index)
        if was_away and self.status == "playing":
            self._note({"k": "back", "seat": s.index})
        if self.play is not None:
            self.play.bots.pop(s.index, None)
        out: Out = []
        if previous is not None:
            out.append((previous, {"t": "left", "table": self.id, "why": "taken_back",
                                   "reason": "the seat was taken back by another connection"}))
        out += self.lobby_out()
        if self.play is not None:
            out.append((conn, self.play.resync(self.id, s.index, since, self.clock_info())))
        return previous, out

    def chat(self, conn: int, name: str, text: str) -> Out:
        who, seat = self.seating.name_of(conn)
        msg = {"t": "chat", "table": self.id, "from": who, "seat": seat, "text": text}
        return [(c, msg) for c in self.seating.members()]

    # --- play -------------------------------------------------------------------------------------
    def _check_play(self, seat: Seat, state: int) -> Play:
        """The game's part of the one check order: started, not over, the current state, not
        waiting for the disk, the sender's turn."""
        if self.play is None:
            raise TableError("not_started", "the game has not started")
        if self.play.over:
            raise TableError("game_over", "the game is over")
        if state != self.play.state:
            raise TableError("stale", f"state {state} is not the current state {self.play.state}")
        if self.paused:
            raise TableError("disk_full", f"{self.paused}: the game waits")
        if self.play.game.to_act != seat.index:
            raise TableError("not_your_turn", f"seat {self.play.game.to_act} is to act")
        return self.play

    def _sender(self, conn: int, claimed: int | None) -> Seat:
        s = self.seating.sender(conn)
        if claimed is not None and claimed != s.index:
            raise TableError("wrong_seat", f"this connection holds seat {s.index}, not {claimed}")
        return s

    def act(self, conn: int, seq: int, state: int, action: dict, claimed: int | None = None) -> Out:
        s = self._sender(conn, claimed)
        play = self._check_play(s, state)
        s.clocked = None    # (its clock ran out, but here they are again: theirs to play)
        # a player's action as sent: only its fields count (a bot's comes from the legal list)
        return self._act(s, seq, play.canonical(action))

    def bot_act(self, seat: int, state: int, action: dict) -> Out:
        """An action chosen by the bot playing ``seat`` (checked exactly like a player's)."""
        s = self.seats[seat]
        if not s.is_bot_played:
            raise TableError("wrong_seat", f"no bot plays seat {seat}")
        self._check_play(s, state)
        return self._act(s, None, action)

    def _act(self, s: Seat, seq: int | None, action: dict) -> Out:
        play = self._play
        saved, turn = play.save_point(), play.turn
        # the recap says a bot made it (for an away player: their stand-in), and the clock's
        bot, clocked = s.bot_level, s.takeover is None and s.clocked is not None
        events = play.apply(s.index, action, bot, clock=clocked)
        at = self.now()
        rec = {"k": "action", "seat": s.index, "action": action, "at": at}
        if bot is not None:     # (after a restart too, the recap says a bot made it)
            rec["bot"] = bot
        if clocked:
            rec["clock"] = True
        g = play.game
        if play.state % jn.CHECK_EVERY == 0 or g.is_over:
            rec["check"] = jn.state_check(g)
        if g.is_over:
            rec["over"] = {"scores": list(g.scores), "winners": list(g.winners)}
        self._record(rec, saved)
        told = self._turn_passed(turn, at)
        return self._updates(events, seq_for=(s.conn, seq)) + told

    def hint_request(self, conn: int, state: int, claimed: int | None = None) -> tuple[int, dict, list]:
        """What the hint for the sender's seat may read (docs/protocol.md 5, "The hint"): its seat,
        its own view and its legal actions, after the action's check order (no_table, spectator,
        wrong_seat, the table's choice: hints_off, then not_started, game_over, stale, disk_full,
        not_your_turn) and a moment the hint covers (no_hint)."""
        s = self._sender(conn, claimed)
        if not self.hints_allowed:
            raise TableError("hints_off", "this table was made without hints")
        g = self._check_play(s, state).game
        view, legal = g.view(s.index), g.legal_actions()
        if not askable(self.game_name, view, legal):
            raise TableError("no_hint", "nothing for a hint to decide now")
        return s.index, view, legal

    def undo(self, conn: int, seq: int, state: int, claimed: int | None = None) -> Out:
        s = self._sender(conn, claimed)
        play = self._check_play(s, state)
        play.check_undo(s.index)
        self._record({"k": "undo", "seat": s.index})  # before the change: nothing to roll back
        play.undo(s.index)
        return self._updates([], seq_for=(s.conn, seq), undone=s.index)

    # --- the turn clock (net/turns.py winds it; docs/protocol.md, "A turn nobody holds forever") ----
    def _turn_passed(self, turn: Turn, at: float) -> Out:
        """After an action: if it ended ``turn``, the next one begins ``at`` (its clock starts),
        and a player whose turn a bot finished for them (its clock had run out) is told what the
        bot did, as one back from a drop is (a full update with the ``recap``, ``"clock": true``)."""
        play = self._play
        if play.turn is turn:
            return []
        play.turn.at = at
        told: Out = []
        for s in self.seats:
            since, s.clocked, s.clocked_at = s.clocked_at, None, None
            if s.conn is not None and since is not None:
                msg = play.resync(self.id, s.index, since, self.clock_info())
                if "recap" in msg:
                    told.append((s.conn, {**msg, "recap": {**msg["recap"], "clock": True}}))
        return told

    def _clocked_seat(self) -> Seat | None:
        """The seat whose player's clock runs now: a player's turn in a game under way (not
        paused), not played by a bot; None otherwise (or without a clock)."""
        if self.clock_limit <= 0 or self.status != "playing" or self.paused:
            return None
        seat = self._play.game.to_act
        s = self.seats[seat] if seat is not None else None
        return s if s is not None and s.kind == "human" and not s.is_bot_played else None

    def clock_deadline(self) -> float | None:
        """When the turn under way runs out (the host's clock), if a clock runs for it."""
        return self._play.turn.at + self.clock_limit if self._clocked_seat() is not None else None

    def clock_info(self) -> dict | None:
        """What every update says of the turn clock (docs/protocol.md): the table's ``limit``,
        the seat to act and, while its player's clock runs, the seconds ``spent`` and ``left``;
        ``out`` once it ran out and a bot plays the rest of the turn. None without a clock, or
        when no player's turn runs (a bot's, a stand-in's)."""
        if self.clock_limit <= 0 or self.status != "playing":
            return None
        seat = self._play.game.to_act
        s = self.seats[seat] if seat is not None else None
        if s is None or s.kind != "human":
            return None
        info: dict = {"limit": self.clock_limit, "seat": seat}
        if s.takeover is None and s.clocked is not None:
            return {**info, "out": True}
        if s.is_bot_played:
            return None
        spent = max(0.0, self.now() - self._play.turn.at)
        return {**info, "spent": round(spent, 1), "left": round(max(0.0, self.clock_limit - spent), 1)}

    def clock_out(self) -> Out:
        """The host's clock says the turn under way ran out (``clock_deadline`` passed): the
        table's stand-in bot plays the rest of it, from that seat's view; its player keeps the
        seat (and takes the turn back by playing). Nothing if it has not run out."""
        s, deadline, level = self._clocked_seat(), self.clock_deadline(), self.seating.takeover_level
        if s is None or deadline is None or self.now() < deadline or level is None:
            return []
        s.clocked, s.clocked_at = level, self.state
        return self.lobby_out()

    def came_back(self, now: Callable[[], float]) -> None:
        """A game brought back from the data dir is the host's again (``now``: its clock). The
        turn under way goes on from when it began (the journal says: the time the host was down
        counts as spent, as the others waited too), with at least a quarter of the limit left
        from now, so that its player, whose window or page comes back by itself, can still play."""
        self.now = now
        if self.play is not None and self.clock_limit > 0:
            turn = self.play.turn
            turn.at = max(turn.at, now() - 0.75 * self.clock_limit)

    def nudge(self, conn: int) -> Out:
        """A player nudges the one whose turn it is (once a turn each): everyone at the table is
        told (``nudged``), the nudged player's window or phone says so."""
        s = self.seating.sender(conn)
        if self.play is None:
            raise TableError("not_started", "the game has not started")
        if self.play.over:
            raise TableError("game_over", "the game is over")
        seat = self.play.game.to_act
        turn = self.play.turn
        if seat == s.index:
            raise TableError("nudge_refused", "it is your own turn")
        target = self.seats[seat] if seat is not None else None
        if target is None or target.kind != "human" or target.is_bot_played:
            raise TableError("nudge_refused", "a bot plays this turn")
        if s.index in turn.nudged:
            raise TableError("nudge_refused", "you nudged this turn already")
        turn.nudged.add(s.index)
        msg = {"t": "nudged", "table": self.id, "seat": seat, "from": s.name, "by": s.index}
        return [(c, msg) for c in self.seating.members()]

    def hide(self, conn: int, hidden: bool) -> Out:
        """A player's page is hidden (a phone's screen off) or shown again. Hidden at its turn,
        it is away once its grace ends (``seat_expired``: the host holds that grace); shown
        again, a seat a bot played meanwhile is its player's again, with the recap of what the
        bot did. A spectator's page: nothing changes."""
        s = self.seating.seat_of(conn)
        if s is None or s.hidden == hidden:
            return []
        s.hidden = hidden
        out = self.lobby_out()
        if not hidden and s.takeover is not None and s.seen is not None and self.play is not None:
            since, s.seen, s.takeover = s.seen, None, None
            self._note({"k": "back", "seat": s.index})
            self.play.bots.pop(s.index, None)
            out = self.lobby_out() + [(conn, self.play.resync(self.id, s.index, since, self.clock_info()))]
        return out

    def bot_turn(self) -> tuple[int, str, int, dict, list] | None:
        """If a bot is to act: (seat, level, state counter, its view, the legal actions); None
        while the game waits for the host (``paused``)."""
        if self.status != "playing" or self.paused:
            return None
        g = self._play.game
        seat = g.to_act
        if seat is None:
            return None
        s = self.seats[seat]
        level = s.bot_level
        if not s.is_bot_played or level is None:
            return None
        return seat, level, self._play.state, g.view(seat), g.legal_actions()

    def bot(self, seat: int) -> Bot:
        """The bot object playing ``seat`` (made on first use, seeded from the table's seed)."""
        level = self.seats[seat].bot_level
        assert level is not None, f"seat {seat} is played by no bot"
        return self._play.bot(seat, level)

    # --- the journal ------------------------------------------------------------------------------
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
                self._play.roll_back(saved)
            self.paused = disk_trouble(exc)
            raise TableError("disk_full", f"{self.paused}: the game waits") from None
        except Exception as exc:
            if saved is not None:
                self._play.roll_back(saved)
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
        if self.play is not None:
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
                    takeover=start.get("takeover", True), hints=start.get("hints", False),
                    clock=start.get("clock", 0.0))
            for s, p in zip(t.seats, start["players"], strict=True):
                s.kind, s.name, s.token, s.colour, s.level = (p["kind"], p["name"], p["token"],
                                                              p["colour"], p["level"])
                s.key = p.get("kh")
                s.ready = True
            creator = start.get("creator")
            t.seating.creator = None
            t.seating.creator_seat = creator if type(creator) is int else None
            t.seating.code = start["code"] if isinstance(start.get("code"), str) else None
            t.play = Play(t.game_name, t.nseats, t.options, start["seed"],
                          rules=jn.start_rules(start))
            t.play.turn.at = t._at(start)
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
        play = self._play
        if self.status != "playing" or play.game.to_act != rec["seat"]:
            raise ValueError(f"seat {rec['seat']} is not to act")
        if k == "undo":
            play.undo(rec["seat"])
        else:
            self._replay_action(rec)

    def _replay_action(self, rec: dict) -> None:
        """An action record replayed: made as it was (by a bot, the clock's), its turn's end
        where it came."""
        play = self._play
        s, turn = self.seats[rec["seat"]], play.turn
        bot = rec.get("bot") if isinstance(rec.get("bot"), str) else None
        clocked = bool(rec.get("clock")) and bot is not None
        if clocked and s.clocked is None:       # its clock ran out there: a bot played on
            s.clocked, s.clocked_at = bot, self.state
        play.apply(rec["seat"], rec["action"], bot, clock=clocked)
        self._turn_passed(turn, self._at(rec))

    def _at(self, rec: dict) -> float:
        """When a record says it was written (the host's clock); a record of an older host
        says nothing: now."""
        at = rec.get("at")
        return float(at) if isinstance(at, (int, float)) else self.now()

    def _verify(self, rec: dict, i: int):
        """A record's state check against the replayed game (journal.state_check)."""
        g = self._play.game
        over = rec.get("over")
        if ("check" in rec and rec["check"] != jn.state_check(g)) or (
                over is not None and not g.is_over):
            raise jn.JournalError("diverged", f"the replay differs from the game recorded at "
                                              f"state {self.state} (record {i}): another engine "
                                              "or generator wrote it")


#: The lobby's changes that are the seating's alone (net/seats.py), by message type: the table
#: checks that it is in its lobby, the seating checks the rest and changes, everyone at the table
#: is told (``Table.ask``).
SEATING: dict[str, Callable[[Seating, int, dict], None]] = {
    "colour": lambda s, conn, m: s.colour(conn, m["colour"]),
    "ready": lambda s, conn, m: s.ready(conn, m["ready"]),
    "bot": lambda s, conn, m: s.put_bot(conn, m["seat"], m["level"]),
    "unbot": lambda s, conn, m: s.remove_bot(conn, m["seat"]),
    "private": lambda s, conn, m: s.set_private(conn, m["private"], new_code()),
}

#: The other lobby messages, by type: the table's own (``Table.ask``).
LOBBY: dict[str, Callable[[Table, int, dict, Who], Out]] = {
    "sit": lambda t, conn, m, who: t.sit(conn, who.name, m.get("seat"), m.get("code"),
                                         key=who.key, token=m.get("token"), operator=who.operator),
    "spectate": lambda t, conn, m, who: t.spectate(conn, who.name, m.get("code"), m.get("seen")),
    "fill": lambda t, conn, m, who: t.fill(conn, m.get("level")),
    "start": lambda t, conn, m, who: t.start(conn, t.new_seed()),
}
