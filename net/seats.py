"""A table's seats and who else is there: the lobby's side of a table (net/table.py composes it
with the game's side, net/play.py). No game, no I/O.

``Seating`` holds the seats (empty, a player's, a bot's), the spectators, the table's owner and
a private table's code, and answers who is here (``seat_of``, ``members``, ``tokens``). Its
changes check what is theirs to check (the owner, the code, the seat, the colour) and raise
``TableError``; whether the table is in its lobby at all is the table's check, made before
(docs/protocol.md section 6: frame -> hello/seat token -> table -> ...). It says what changed;
the table says it to the players.
"""
from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from .messages import COLOURS
from .names import numbered

#: The letters of a private table's code: no 0/O, 1/I/L, 2/Z, 5/S, 8/B to mix up when said aloud.
CODE_LETTERS = "ACDEFHJKMNPRTUVWXY34679"
CODE_LENGTH = 5


def new_code() -> str:
    """A private table's code: 5 letters of CODE_LETTERS (23^5: 6.4 million)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_seed() -> int:
    """A new game's seed (62 random bits: the journal and the replay files hold it)."""
    return secrets.randbits(62)


def new_token() -> str:
    """A seat token: the secret that proves a seat (128 random bits)."""
    return secrets.token_hex(16)


class TableError(Exception):
    """A request a table refuses: a wire error ``code``, a ``message``, and for an illegal action
    the engine's ``reason`` and ``rule``. Nothing changed."""

    def __init__(self, code: str, message: str, reason: str | None = None,
                 rule: str | None = None):
        super().__init__(message)
        self.code, self.message, self.reason, self.rule = code, message, reason, rule


def bot_levels(game: str) -> list[str]:
    """The bot levels registered for ``game``, weakest first (engine.bots.LEVELS order)."""
    from engine.bots import LEVELS
    from engine.bots.registry import FACTORIES

    known = {lvl for g, lvl in FACTORIES if g == game}
    return [lvl for lvl in LEVELS if lvl in known] + sorted(known - set(LEVELS))


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
                                 # (its ``name``: the window's player, once it said hello)
    clocked: str | None = None   # its turn's clock ran out: the level of the bot playing that turn
    clocked_at: int | None = None  # ... since this state (the recap its player is told)
    hidden: bool = False         # its player's page is hidden (a phone's screen off: ``hidden``)
    kept: bool = False           # a Play again's seat kept for the last game's player (net/again.py)

    def public(self) -> dict:
        out = {"seat": self.index, "kind": self.kind, "name": self.name, "colour": self.colour,
               "ready": self.ready, "level": self.level,
               "connected": self.kind == "bot" or self.conn is not None,
               "takeover": self.takeover}
        if self.reserved:
            out["reserved"] = True
        if self.clocked:
            out["clocked"] = self.clocked
        if self.hidden:
            out["hidden"] = True
        if self.kept:
            out["kept"] = True
        return out

    @property
    def is_bot_played(self) -> bool:
        return self.bot_level is not None

    @property
    def bot_level(self) -> str | None:
        """The level of the bot that plays this seat now: a bot's own; a player's stand-in while
        they are away, or for the rest of a turn whose clock ran out; None: its player plays."""
        if self.kind == "bot":
            return self.level
        return (self.takeover or self.clocked) if self.kind == "human" else None


class Seating:
    def __init__(self, game: str, nseats: int, *, owner: int | None = None,
                 new_token: Callable[[], str] = new_token):
        self.game_name = game
        self.seats = [Seat(i) for i in range(nseats)]
        self.spectators: dict[int, str] = {}    # conn -> name
        self.owner = owner
        self.code: str | None = None            # a private table's code (shown to its owner)
        self.new_token = new_token
        self.levels = bot_levels(game)
        #: the connection that made the table, and the seat it sat in: whoever holds that seat
        #: again (its token, its player's key) owns the table again (docs/protocol.md section 3)
        self.creator = owner
        self.creator_seat: int | None = None

    # --- who is here ------------------------------------------------------------------------------
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

    def empty(self) -> int:
        return sum(s.kind == "empty" and not s.reserved for s in self.seats)

    def hold_for_host(self, seat: int = 0, name: str = "") -> None:
        """Keep ``seat`` (empty) for the host's own window: nobody else sits there or owns the
        table until the window sits (``sit`` with ``operator``), whatever screen it shows.
        ``name``: its player's (the window's hello), shown on the seat; "" while unknown."""
        self.seats[seat].reserved = True
        self.seats[seat].name = name
        self.owner = self.creator = None
        self.creator_seat = seat

    def name_held(self, name: str) -> bool:
        """The host's window said hello as ``name``: the seat kept for it shows that name. True
        when that changed a seat."""
        changed = False
        for s in self.seats:
            if s.reserved and s.kind == "empty" and s.name != name:
                s.name, changed = name, True
        return changed

    @property
    def held_for_host(self) -> bool:
        return any(s.reserved for s in self.seats)

    def seat(self, seat: int) -> Seat:
        if not 0 <= seat < len(self.seats):
            raise TableError("bad_seat", f"no seat {seat} at this table (seats 0 to "
                                         f"{len(self.seats) - 1})")
        return self.seats[seat]

    def sender(self, conn: int) -> Seat:
        """The seat of the connection that asks (else ``spectator`` or ``no_table``)."""
        s = self.seat_of(conn)
        if s is None:
            if conn in self.spectators:
                raise TableError("spectator", "spectators cannot do that")
            raise TableError("no_table", "not at this table")
        return s

    def name_of(self, conn: int) -> tuple[str, int | None]:
        """(name, seat) of a member: a seated player's, or a spectator's (seat None)."""
        s = self.seat_of(conn)
        if s is not None:
            return s.name, s.index
        if conn in self.spectators:
            return self.spectators[conn], None
        raise TableError("no_table", "not at this table")

    # --- checks -----------------------------------------------------------------------------------
    def require_owner(self, conn: int) -> None:
        if conn != self.owner:
            raise TableError("not_owner", "only the table's owner may do that")

    def check_code(self, code: str | None) -> None:
        """A private table asks whoever joins (sits or watches) for its code."""
        if self.code is None:
            return
        if code is None:
            raise TableError("code_needed", "this table is private: ask its owner for the code")
        if code.strip().upper() != self.code:
            raise TableError("bad_code", "that is not this table's code")

    def check_level(self, level: str | None) -> str:
        if level not in self.levels:
            raise TableError("no_level", f"no {level!r} bot for {self.game_name}; "
                                         f"levels: {', '.join(self.levels)}")
        return level

    def fix_owner(self) -> None:
        """Who owns the table now: the creator's seat's player while they hold it (back with its
        token or their key); else the owner while still here; else the first connected player;
        else nobody (and nobody at all while the table waits for the host's window)."""
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

    def unique(self, name: str) -> str:
        """``name``, or ``name (2)``, ``name (3)``... if someone at the table (a seat or a
        spectator) has that name already (``names.numbered``: as ``names.fold`` compares names;
        a second "Zed (2)" is "Zed (3)")."""
        return numbered(name, [x.name for x in self.seats if x.kind != "empty"]
                        + list(self.spectators.values()))

    # --- the lobby's changes ----------------------------------------------------------------------
    def sit(self, conn: int, name: str, seat: int | None, code: str | None, *,
            key: str | None = None, operator: bool = False) -> Seat:
        """The connection takes ``seat`` (or the first free one): a new token, a free colour,
        its player's ``key``; the first to sit owns a table without an owner. The host's own
        window (``operator``) takes the seat kept for it (and the table); nobody else does."""
        if self.has(conn):
            raise TableError("in_table", "already at this table")
        held = next((s for s in self.seats if s.reserved), None)
        if operator and held is not None:
            s = held
        else:
            self.check_code(code)
            if seat is None:
                free = [s for s in self.seats if s.kind == "empty" and not s.reserved]
                if not free:
                    raise TableError("full", "no free seat at this table")
                s = free[0]
            else:
                s = self.seat(seat)
                if s.kind != "empty":
                    raise TableError("bad_seat", f"seat {seat} is taken")
                if s.reserved:
                    raise TableError("bad_seat", f"seat {seat} is kept for the host's own window")
        used = {x.colour for x in self.seats}
        s.kind, s.name, s.conn, s.ready = "human", self.unique(name), conn, False
        s.token, s.key, s.reserved = self.new_token(), key, False
        s.colour = next(c for c in COLOURS if c not in used)
        if conn == self.creator and self.creator_seat is None:
            self.creator_seat = s.index
        if self.owner is None and not self.held_for_host:
            self.owner = conn
        self.fix_owner()
        return s

    def mine(self, seat: int | None, key: str | None, token: str | None) -> Seat | None:
        """The seat a connection proves its own: by its ``token`` (``bad_token`` if it is no
        seat's here), else one whose player's key is ``key`` and that nobody holds (the
        ``seat`` asked for if given, else the first); None if neither proves one. A name never
        does."""
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

    def give(self, conn: int, seat: int, to: int, name: str, key: str | None) -> Seat:
        """The owner gives an away player's seat to ``to``, who watches the table: a new token
        (the old one dies), ``to``'s key and name. ``to`` still watches: the table seats it."""
        self.require_owner(conn)
        s = self.seat(seat)
        if s.kind != "human" or s.conn is not None:
            raise TableError("bad_seat", f"seat {seat} is no player's seat that is away")
        if to not in self.spectators:
            raise TableError("no_table", f"player {to} is not watching this table: they watch "
                                         "it first, then the seat is given to them")
        del self.spectators[to]
        s.name = ""     # (not a name taken by itself)
        s.token, s.key, s.name = self.new_token(), key, self.unique(name)
        return s

    def _forget_creator_seat(self, seat: int) -> None:
        if self.creator_seat == seat:
            self.creator_seat = None

    def watch(self, conn: int, name: str, code: str | None) -> None:
        if self.has(conn):
            raise TableError("in_table", "already at this table")
        self.check_code(code)
        self.spectators[conn] = self.unique(name)

    def set_private(self, conn: int, private: bool, code: str) -> None:
        self.require_owner(conn)
        self.code = code.upper() if private else None

    def remove(self, conn: int, seat: int) -> int | None:
        """The owner frees a seat, whoever holds it (not their own). Returns the connection of
        the player removed (None: a bot, or a player away)."""
        self.require_owner(conn)
        s = self.seat(seat)
        if s.kind == "empty":
            raise TableError("bad_seat", f"seat {seat} is empty")
        if s.kind == "human" and s.conn == conn:
            raise TableError("bad_seat", "that is your own seat: leave the table instead")
        gone = s.conn if s.kind == "human" else None
        self.free(seat)
        return gone

    def colour(self, conn: int, colour: str) -> None:
        s = self.sender(conn)
        if colour not in COLOURS:
            raise TableError("bad_field", f"unknown colour {colour!r}")
        if any(x.colour == colour and x is not s for x in self.seats):
            raise TableError("colour_taken", f"{colour} is taken")
        s.colour = colour

    def ready(self, conn: int, ready: bool) -> None:
        self.sender(conn).ready = bool(ready)

    def put_bot(self, conn: int, seat: int, level: str) -> None:
        self.require_owner(conn)
        self.check_level(level)
        s = self.seat(seat)
        if s.kind == "human":
            raise TableError("bad_seat", f"seat {seat} is taken by a player")
        used = {x.colour for x in self.seats if x is not s}
        s.kind, s.level, s.name, s.ready = "bot", level, f"Bot {seat + 1} ({level})", True
        s.colour = s.colour if s.colour and s.colour not in used else next(
            c for c in COLOURS if c not in used)

    def remove_bot(self, conn: int, seat: int) -> None:
        self.require_owner(conn)
        if self.seat(seat).kind != "bot":
            raise TableError("bad_seat", f"seat {seat} holds no bot")
        self.seats[seat] = Seat(seat)

    def fill_empty(self, conn: int, level: str) -> None:
        """The owner's "fill the empty seats with bots" in the lobby."""
        empty = [s.index for s in self.seats if s.kind == "empty"]
        if not empty:
            raise TableError("full", "no empty seat to fill")
        for i in empty:
            self.put_bot(conn, i, level)

    def fill_away(self, level: str) -> None:
        """... in a game: every player who is away gets their stand-in bot at once."""
        away = [s for s in self.seats if s.kind == "human" and s.conn is None and not s.takeover]
        if not away:
            raise TableError("full", "no empty or away seat to fill")
        for s in away:
            s.takeover = level

    def ready_to_start(self, conn: int) -> None:
        """The owner starts: ready themself; every seat filled and ready, else ``not_ready``."""
        self.require_owner(conn)
        owner_seat = self.seat_of(conn)
        if owner_seat is not None:
            owner_seat.ready = True
        missing = [s.index for s in self.seats if s.kind == "empty" or not s.ready]
        if missing:
            raise TableError("not_ready", f"seats not filled or not ready: {missing}")

    def free(self, seat: int) -> None:
        self.seats[seat] = Seat(seat)
        self._forget_creator_seat(seat)

    def keep_for_again(self, last: Seating, gone: set[int]) -> None:
        """A Play again's seats (net/again.py), from the last game's (``last``): each bot in its
        seat again (ready), each player's seat kept for them (their name, key and colour, a new
        token; empty until they say yes), a seat whose player left it (``gone``) open; the seat
        of the last game's owner makes the owner (``creator_seat``)."""
        for old, s in zip(last.seats, self.seats, strict=True):
            if old.kind == "bot":
                s.kind, s.level, s.name, s.ready, s.colour = "bot", old.level, old.name, True, old.colour
            elif old.kind == "human" and old.index not in gone:
                s.kind, s.name, s.key, s.colour, s.kept = "human", old.name, old.key, old.colour, True
                s.token = self.new_token()
        owner = last.seat_of(last.owner) if last.owner is not None else None
        self.creator_seat = owner.index if owner is not None else last.creator_seat
        self.creator = None
        self.code = last.code

    def release(self, seat: int) -> bool:
        """A seat kept for a player who will not play again (they left the last game's table, or
        the time to answer ran out) is open again. True when it was kept."""
        s = self.seats[seat]
        if not (s.kept and s.conn is None):
            return False
        self.free(seat)
        self.fix_owner()
        return True

    def take_back(self, conn: int, token: str) -> tuple[Seat, int | None]:
        """The connection proves ``token``: it holds that seat again (no longer played by a bot;
        no longer a spectator). Returns (the seat, the connection that held it before or None)."""
        s = next((x for x in self.seats if x.kind == "human" and x.token == token), None)
        if s is None:
            raise TableError("bad_token", "unknown seat token")
        previous = s.conn if s.conn != conn else None
        s.conn, s.takeover, s.hidden = conn, None, False    # (a new connection's page is shown)
        self.spectators.pop(conn, None)
        self.fix_owner()
        return s, previous
