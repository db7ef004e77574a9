"""Every message of the protocol: its fields, their types, who may send it (docs/protocol.md).

``validate(msg, sender)`` checks one decoded message (a dict with a string ``"t"``) against its
schema and raises ``MessageError(code, message)`` with a wire error code when it does not fit.
Fields not in a schema are ignored (a newer peer may send more), so the protocol can grow
without breaking older peers.

Type checks are strict: an int is an ``int`` and never a ``bool``; a string is a ``str`` (never
msgpack bin); a list is a list.
"""
from __future__ import annotations

import itertools
import unicodedata
from dataclasses import dataclass

import engine

from .identity import KEY_MAX, KEY_MIN, valid_key
from .names import NAME_MAX, passes_for_a_bot
from .protocol import PROTO

CLIENT, HOST = "client", "host"

#: The seat counts a ``create`` may ask for, over every game of the engine (each game's own range
#: is checked by the table: ``engine.GAMES``). The games themselves are read from ``engine.GAMES``
#: when a message is checked, so a game registered later is offered and accepted too.
MIN_SEATS = min(info.min_seats for info in engine.GAMES.values())
MAX_SEATS = max(info.max_seats for info in engine.GAMES.values())

#: Seat colours a player may pick (``colour``), unique within a table, in the order seats get
#: them by default; the welcome sends them, and the client draws each in its tone (game/theme.py).
COLOURS = ["orange", "blue", "green", "yellow", "purple", "red", "black", "white"]

#: The longest turn clock a table may have, in seconds (a ``create``'s ``clock``; 0: none).
MAX_CLOCK = 3600
#: The turn clocks a client offers (seconds; 0: none): the host's welcome says them, with its
#: default (docs/protocol.md, "A turn nobody holds forever").
CLOCKS = (0, 60, 120, 180, 300, 600)
CHAT_MAX = 500
TOKEN_MIN, TOKEN_MAX = 32, 64  # hex digits: 128 to 256 bits
INT_MIN, INT_MAX = -(1 << 53), 1 << 53

#: Every error code: (meaning, the connection is closed after it).
ERROR_CODES: dict[str, tuple[str, bool]] = {
    "frame": ("frame over 1 MiB, undecodable body, body not a map, or no string 't'", True),
    "proto": ("the hello's protocol version is not spoken by this host", True),
    "unknown_type": ("no such message type, or not one this side may send", False),
    "bad_field": ("a field is missing or has the wrong type or value", False),
    "hello_first": ("the first message must be hello", False),
    "already_hello": ("hello was already accepted on this connection", False),
    "bad_token": ("the seat token is unknown", False),
    "rate": ("too many messages: this one was dropped (rate limit)", False),
    "no_table": ("no such table, or the connection is not at a table", False),
    "in_table": ("the connection is already seated at or watching a table; leave first", False),
    "full": ("no free seat at that table", False),
    "bad_seat": ("no such seat, or the seat is not free / not a bot's", False),
    "colour_taken": ("another seat has that colour", False),
    "not_owner": ("only the table's owner may do that", False),
    "not_lobby": ("the table has started: lobby messages no longer apply", False),
    "not_ready": ("the table cannot start: empty seats or players not ready", False),
    "no_level": ("no bot of that level for that game", False),
    "not_started": ("the game has not started yet", False),
    "game_over": ("the game is over", False),
    "spectator": ("spectators cannot act", False),
    "wrong_seat": ("the message names a seat this connection does not hold", False),
    "stale": ("the state counter is not the table's current one", False),
    "not_your_turn": ("another seat is to act", False),
    "illegal": ("the rules refuse the action (reason, rule)", False),
    "malformed": ("the action is not an action of this game (reason, rule)", False),
    "undo_refused": ("nothing to undo this turn, or hidden information was revealed since", False),
    "internal": ("the host failed; nothing changed", False),
    "disk_full": ("the host cannot save the game (its disk is full or failing): the game waits",
                  False),
    "damaged_save": ("this table was restored from a damaged save: what came after the damage "
                     "was lost", False),
    "limit": ("too many tables (on the host, or opened from this address)", False),
    "code_needed": ("the table is private: joining it needs its code", False),
    "bad_code": ("that is not the private table's code", False),
    "code_wait": ("too many wrong codes (from this address, or this connection): wait a little",
                  False),
    "not_operator": ("only the host's own window may do that", False),
    "nudge_refused": ("no nudge now: your own turn, a bot's, or you nudged this turn already", False),
    "not_over": ("the game is not over yet: Play again comes with its results", False),
    "no_save": ("no such unfinished saved game (or it is being played now)", False),
    "no_replay": ("no finished game of that id on this host: only finished games are replayed", False),
    "not_yours": ("you held no seat in that saved game", False),
    "hints_off": ("this table was made without hints", False),
    "no_hint": ("nothing for a hint to decide now (not a decision the hint covers)", False),
    "hint_busy": ("the host computes as many hints as it can now: ask again in a moment", False),
    "hint_cancelled": ("a newer hint request of this connection took this one's place", False),
    "busy": ("too many connections (to the host, or from this address)", True),
    "slow": ("this connection did not read what the host sent", True),
    "shutdown": ("the host is stopping", True),
}


class MessageError(Exception):
    """A message that does not fit its schema; ``code`` is an ERROR_CODES key."""

    def __init__(self, code: str, message: str):
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message


# --- field types --------------------------------------------------------------------------------
def _is_int(v) -> bool:
    return type(v) is int and INT_MIN <= v <= INT_MAX


class Field:
    """A field type: ``check(value)`` returns an error text or None; ``doc`` names it."""

    doc = "any"

    def check(self, v) -> str | None:
        return None


class Int(Field):
    def __init__(self, lo: int = INT_MIN, hi: int = INT_MAX):
        self.lo, self.hi = lo, hi
        self.doc = "int" if (lo, hi) == (INT_MIN, INT_MAX) else f"int {lo}..{hi}"

    def check(self, v):
        if not _is_int(v):
            return "must be an int"
        if not self.lo <= v <= self.hi:
            return f"must be in {self.lo}..{self.hi}"
        return None


class Str(Field):
    def __init__(self, lo: int = 0, hi: int = 1000, choices=None):
        self.lo, self.hi, self.choices = lo, hi, choices
        self.doc = f"str ({lo}..{hi} chars)" if choices is None else " | ".join(
            f'"{c}"' for c in choices)

    def check(self, v):
        if type(v) is not str:
            return "must be a string"
        if self.choices is not None:
            return None if v in self.choices else f"must be one of {list(self.choices)}"
        if not self.lo <= len(v) <= self.hi:
            return f"must have {self.lo}..{self.hi} characters"
        if any(ord(c) < 32 and c not in "\n\t" for c in v):
            return "must not hold control characters"
        return None


def _forbidden(c: str, multiline: bool) -> bool:
    """Never in a name or a chat line: C0 controls (a chat line keeps newline and tab), DEL and
    the C1 controls, the line and paragraph separators, the bidirectional embeddings, overrides
    and isolates (they reorder how the rest of a line is shown), and lone surrogates."""
    o = ord(c)
    if o < 32:
        return not (multiline and c in "\n\t")
    return (0x7F <= o <= 0x9F or o in (0x2028, 0x2029) or 0x202A <= o <= 0x202E
            or 0x2066 <= o <= 0x2069 or 0xD800 <= o <= 0xDFFF)


#: Letters that show nothing (Hangul fillers, the braille blank, the Mongolian separator...).
_BLANK = set("\u115f\u1160\u3164\uffa0\u2800\u180e\u034f")


def visible(text: str) -> bool:
    """True if ``text`` shows something: a character that is not a space, a format character
    (zero-width spaces and joiners, direction marks, BOM, soft hyphen, tags), a control, an
    unassigned or private code point, a combining mark on its own, or a blank letter."""
    for c in text:
        cat = unicodedata.category(c)
        if cat[0] in "ZC" or cat in ("Mn", "Me") or c in _BLANK:
            continue
        return True
    return False


class Text(Str):
    """What people read: a name, a chat line. A string of ``lo..hi`` characters with no
    forbidden character (``_forbidden``) and at least one visible one (``visible``)."""

    def __init__(self, lo: int, hi: int, multiline: bool = False):
        super().__init__(lo, hi)
        self.multiline = multiline
        self.doc = f"text ({lo}..{hi} chars, something visible)"

    def check(self, v):
        if type(v) is not str:
            return "must be a string"
        if not self.lo <= len(v) <= self.hi:
            return f"must have {self.lo}..{self.hi} characters"
        if any(_forbidden(c, self.multiline) for c in v):
            return ("must not hold control characters, line separators or bidirectional "
                    "overrides")
        if not visible(v):
            return "must hold something visible"
        return None


class PlayerName(Text):
    """A player's name (hello): text that does not pass for a bot's name, which the host gives
    as "Bot <seat> (<level>)" (a person called "Bot 2 (hard)" would pass for that bot)."""

    def check(self, v):
        err = super().check(v)
        if err is None and passes_for_a_bot(v):
            return "must not look like a bot's name (\"Bot 2 (hard)\"): bots are named so"
        return err


class Bool(Field):
    doc = "bool"

    def check(self, v):
        return None if type(v) is bool else "must be a bool"


class Token(Field):
    doc = f"str ({TOKEN_MIN}..{TOKEN_MAX} lowercase hex digits)"

    def check(self, v):
        if type(v) is not str or not TOKEN_MIN <= len(v) <= TOKEN_MAX:
            return "must be a seat token"
        if any(c not in "0123456789abcdef" for c in v):
            return "must be a seat token"
        return None


class Key(Field):
    """A player key (net/identity.py): 22..64 characters of ``A-Z a-z 0-9 _ -``."""
    doc = f"str ({KEY_MIN}..{KEY_MAX} chars of A-Z a-z 0-9 _ -)"

    def check(self, v):
        return None if valid_key(v) else f"must be a player key ({KEY_MIN}..{KEY_MAX} characters of A-Z a-z 0-9 _ -)"


class Tokens(Field):
    """A list of at most ``hi`` seat tokens (the ones a client keeps for this host)."""

    def __init__(self, hi: int = 64):
        self.hi = hi
        self.doc = f"list of at most {hi} seat tokens"

    def check(self, v):
        if type(v) is not list or len(v) > self.hi:
            return f"must be a list of at most {self.hi} seat tokens"
        return next((err for err in map(Token().check, v) if err), None)


class Data(Field):
    """Plain data (what actions, options, views are made of): str-keyed maps, lists, ints, strs,
    bools, None, floats; nested at most ``depth`` levels."""

    def __init__(self, kind=dict, depth: int = 6):
        self.kind, self.depth = kind, depth
        self.doc = "map" if kind is dict else "list"

    def check(self, v):
        if type(v) is not self.kind:
            return f"must be a {self.doc}"
        return None if _plain(v, self.depth) else f"must be plain data nested at most {self.depth} deep"


def _plain(v, depth: int) -> bool:
    if v is None or type(v) in (bool, str, float) or _is_int(v):
        return True
    if depth <= 0:
        return False
    if type(v) is list:
        return all(_plain(x, depth - 1) for x in v)
    if type(v) is dict:
        return all(type(k) is str and _plain(x, depth - 1) for k, x in v.items())
    return False


class Nullable(Field):
    def __init__(self, inner: Field):
        self.inner = inner
        self.doc = f"{inner.doc} | nil"

    def check(self, v):
        return None if v is None else self.inner.check(v)


@dataclass(frozen=True)
class Spec:
    required: dict              # field -> Field
    optional: dict              # field -> Field
    doc: str = ""


SEQ = Int(0, INT_MAX)
TABLE_ID = Int(1, INT_MAX)
SEAT = Int(0, MAX_SEATS - 1)   # what the host sends
ANY_SEAT = Int(0, INT_MAX)     # what a client names: a seat the table lacks is bad_seat / wrong_seat
NAME = PlayerName(1, NAME_MAX)
CODE = Str(1, 16)               # a private table's code, as typed

_ALL_SEQ = {"seq": SEQ}  # every client message may carry a seq, echoed in an error about it

#: What a client may send, by type.
CLIENT_SPECS: dict[str, Spec] = {
    "hello": Spec({"proto": Int(), "name": NAME},
                  {"token": Token(), "client": Str(0, 64), "operator": Token(),
                   "seen": Int(0, INT_MAX), "key": Key(), **_ALL_SEQ},
                  "first message; with a token: rejoin that seat"),
    "list": Spec({}, {"over": Bool(), "from": TABLE_ID, **_ALL_SEQ},
                 "ask for the tables (with over: the finished ones too; from: a table id on)"),
    "create": Spec({"game": Str(choices=engine.GAMES), "seats": Int(MIN_SEATS, MAX_SEATS)},
                   {"options": Data(dict, 2), "sit": Bool(), "takeover": Bool(),
                    "hints": Bool(), "clock": Int(0, MAX_CLOCK), **_ALL_SEQ},   # hints: the client may show a hint
                   "create a table (the creator owns it and sits in seat 0 unless sit is false)"),
    "sit": Spec({"table": TABLE_ID}, {"seat": ANY_SEAT, "code": CODE, "token": Token(), **_ALL_SEQ},
                "take a free seat (a private table's with its code), or one's own back (key, token)"),
    "colour": Spec({"colour": Str(choices=COLOURS)}, dict(_ALL_SEQ), "pick a colour"),
    "ready": Spec({"ready": Bool()}, dict(_ALL_SEQ), "say ready / not ready"),
    "bot": Spec({"seat": ANY_SEAT, "level": Str(1, 16)}, dict(_ALL_SEQ),
                "owner: put a bot of that level in a free or bot seat"),
    "unbot": Spec({"seat": ANY_SEAT}, dict(_ALL_SEQ), "owner: remove the bot of a seat"),
    "start": Spec({}, dict(_ALL_SEQ), "owner: start the game"),
    "leave": Spec({}, dict(_ALL_SEQ), "leave the table (seat or spectating)"),
    "spectate": Spec({"table": TABLE_ID}, {"code": CODE, "seen": Int(0, INT_MAX), **_ALL_SEQ},
                     "watch a table (a private table's with its code)"),
    "private": Spec({"private": Bool()}, dict(_ALL_SEQ),
                    "owner, lobby: make the table private (a code) or open again"),
    "remove": Spec({"seat": ANY_SEAT}, dict(_ALL_SEQ), "owner, lobby: free a seat (bot or player)"),
    "give": Spec({"seat": ANY_SEAT, "to": Int(0, INT_MAX)}, dict(_ALL_SEQ),
                 "owner: give an away player's seat to a connection watching the table"),
    "fill": Spec({}, {"level": Str(1, 16), **_ALL_SEQ},
                 "owner: bots in every empty seat (lobby) / for every away player (game)"),
    "standings": Spec({}, dict(_ALL_SEQ), "ask for tonight's standings (then pushed)"),
    "finished": Spec({}, dict(_ALL_SEQ), "ask for tonight's finished games (answered by finished)"),
    "replay": Spec({"id": TABLE_ID}, dict(_ALL_SEQ), "ask for the replay of a finished game"),
    "new_night": Spec({}, dict(_ALL_SEQ), "the host's window: start a new night"),
    "saved": Spec({}, {"tokens": Tokens(), **_ALL_SEQ},
                  "ask for the unfinished saved games one sat at (then pushed)"),
    "continue": Spec({"id": TABLE_ID}, {"tokens": Tokens(), **_ALL_SEQ},
                     "bring an unfinished saved game back and take one's seat in it"),
    "action": Spec({"seq": SEQ, "state": Int(0, INT_MAX), "action": Data(dict, 4)},
                   {"seat": ANY_SEAT}, "play one action (contract section 2)"),
    "undo": Spec({"seq": SEQ, "state": Int(0, INT_MAX)}, {"seat": ANY_SEAT},
                 "take back the last own action of this turn"),
    "hint": Spec({"state": Int(0, INT_MAX)}, {"seat": ANY_SEAT, **_ALL_SEQ},
                 "ask the host for the strong bot's plan for one's own seat (answered by hint)"),
    "chat": Spec({"text": Text(1, CHAT_MAX, multiline=True)}, dict(_ALL_SEQ),
                 "say something at the table"),
    "nudge": Spec({}, dict(_ALL_SEQ), "nudge the player whose turn it is (once a turn)"),
    "hidden": Spec({"hidden": Bool()}, dict(_ALL_SEQ),
                   "the page is hidden (a phone's screen off) or shown again"),
    "again": Spec({}, dict(_ALL_SEQ), "at a finished table: play again (the same game, seats and bots)"),
    "bye": Spec({}, dict(_ALL_SEQ), "closing the connection on purpose"),
    "ping": Spec({}, {"n": Int(), **_ALL_SEQ}, "are you there? answer pong with the same n"),
    "pong": Spec({}, {"n": Int(), **_ALL_SEQ}, "answer to ping"),
}

#: What a host may send, by type.
HOST_SPECS: dict[str, Spec] = {
    "ping": CLIENT_SPECS["ping"],
    "pong": CLIENT_SPECS["pong"],
    "bye": Spec({}, {"reason": Str(0, 200)}, "the host closes this connection"),
    "welcome": Spec({"proto": Int(), "host": Str(0, 64), "player": Int(),
                           "games": Data(dict, 4)},
                    {"resumed": Data(dict, 2), "addresses": Data(list, 1), "share": Data(list, 1),
                     "web": Data(list, 1), "clock": Data(dict, 2),
                     "colours": Data(list, 1), "party": Bool(), "operator": Bool()},
                    "hello accepted"),
    "tables": Spec({"tables": Data(list, 6)}, {"more": Bool(), "mine": Data(list, 2)},
                   "the tables of this host"),
    "table": Spec({"table": Data(dict, 5)}, {}, "the lobby state of your table"),
    "seated": Spec({"table": TABLE_ID, "seat": SEAT, "token": Token()}, {},
                   "you hold this seat; keep the token to rejoin"),
    "left": Spec({"table": TABLE_ID}, {"reason": Str(0, 200), "why": Str(0, 32), "kept": Bool()},
                 "you are no longer at the table"),
    "update": Spec({"table": TABLE_ID, "state": Int(0, INT_MAX), "view": Data(dict, 12),
                          "events": Data(list, 12), "to_act": Nullable(SEAT),
                          "seat": Nullable(SEAT), "over": Bool()},
                   {"legal": Data(list, 8), "seq": SEQ, "scores": Data(list, 1),
                    "winners": Data(list, 1), "full": Bool(), "undone": Int(0, INT_MAX),
                    "phase": Str(0, 64), "recap": Data(dict, 16), "can_undo": Bool(),
                    "clock": Data(dict, 1)},
                   "the game changed (or a full resync)"),
    "error": Spec({"code": Str(1, 32), "message": Str(0, 1000)},
                  {"seq": SEQ, "reason": Str(0, 1000), "rule": Str(0, 32), "ref": Str(0, 32)},
                  "something was refused"),
    "chat": Spec({"table": TABLE_ID, "from": Str(0, NAME_MAX), "seat": Nullable(SEAT),
                            "text": Str(1, CHAT_MAX)}, {}, "someone said something"),
    "nudged": Spec({"table": TABLE_ID, "seat": SEAT, "from": Str(0, NAME_MAX), "by": SEAT}, {},
                   "a player nudged the one whose turn it is"),
    "standings": Spec({"night": Data(dict, 1), "overall": Data(list, 2), "games": Data(dict, 3)},
                      {"last": Nullable(Data(dict, 2)), "problem": Str(0, 1000)},
                      "tonight's standings"),
    "saved": Spec({"games": Data(list, 3)}, {}, "the unfinished saved games one sat at"),
    "finished": Spec({"games": Data(list, 3)}, {}, "tonight's finished games, newest first"),
    "replay": Spec({"id": TABLE_ID, "replay": Data(dict, 8)}, {}, "the replay of a finished game (--export format)"),
    "hint": Spec({"table": TABLE_ID, "state": Int(0, INT_MAX), "seat": SEAT, "steps": Data(list, 8)},
                 {"seq": SEQ}, "the strong bot's plan for your seat (engine.bots.hints)"),
}


def validate(msg: dict, sender: str) -> dict:
    """``msg`` if it is a valid message that ``sender`` (CLIENT or HOST) may send; else raise
    MessageError("unknown_type" | "bad_field", ...)."""
    t = msg.get("t")
    spec = (CLIENT_SPECS if sender == CLIENT else HOST_SPECS).get(t) if isinstance(t, str) else None
    if spec is None:
        raise MessageError("unknown_type", f"unknown message type {t!r} from the {sender}")
    for name, ftype in spec.required.items():
        if name not in msg:
            raise MessageError("bad_field", f"{t}: missing field {name!r}")
        err = ftype.check(msg[name])
        if err:
            raise MessageError("bad_field", f"{t}: field {name!r} {err}")
    for name, ftype in spec.optional.items():
        if name in msg:
            err = ftype.check(msg[name])
            if err:
                raise MessageError("bad_field", f"{t}: field {name!r} {err}")
    return msg


def check_options(game: str, options: dict) -> dict:
    """The table options with defaults filled in (``engine.GAMES``); MessageError("bad_field") on
    an unknown key or value."""
    try:
        return engine.GAMES[game].check_options(options)
    except engine.ScenarioError as exc:
        raise MessageError("bad_field", f"create: {exc}") from None


def error(code: str, message: str | None = None, **extra) -> dict:
    """An ``error`` message (``seq``, ``reason``, ``rule`` among ``extra`` where they apply)."""
    msg = {"t": "error", "code": code, "message": message or ERROR_CODES[code][0]}
    msg.update({k: v for k, v in extra.items() if v is not None})
    return msg


class Numbering:
    """A connection's one counter of what it asks: every message given a ``seq`` (1, 2, ...) unless
    it has one, so that the host's answer (an ``error``, the sender's ``update``) names it. One per
    connection (net/client.py ``AsyncClient``; a window's in-process stand-ins for a connection,
    game/net_bridge.py); safe to call from any thread."""

    def __init__(self) -> None:
        self._next = itertools.count(1)

    def __call__(self, msg: dict) -> dict:
        return msg if "seq" in msg else {**msg, "seq": next(self._next)}


def hello(name: str, token: str | None = None, client: str = "tikal-lan", *,
          operator: str | None = None, seen: int | None = None, key: str | None = None) -> dict:
    """The first message of a client (discovery's browser sends it too, then ``bye``); the
    optional fields only when given (docs/protocol.md section 2; ``key``: the player key)."""
    msg = {"t": "hello", "proto": PROTO, "name": name, "client": client}
    extra = {"token": token, "operator": operator, "seen": seen, "key": key}
    msg.update({k: v for k, v in extra.items() if v is not None})
    return msg


def is_welcome(msg: dict) -> bool:
    """True if ``msg`` is a host's valid answer to ``hello`` for this protocol version."""
    try:
        validate(msg, HOST)
    except MessageError:
        return False
    return msg["t"] == "welcome" and msg["proto"] == PROTO
