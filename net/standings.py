"""The evening's standings: every finished game of the host's data dir since the night began
(docs/protocol.md, "Standings").

    night = Night.load(data_dir)          # (the file, else a night of every finished game)
    night.reconcile(saves.finished_games(data_dir))   # games the file missed (a crash, a full disk)
    night.add(game)                        # a game just finished (saves.game_record's shape)
    night.save()                           # atomically; OSError (a full disk): the journals keep
                                           # every result, the next reconcile counts it again
    night.message()                        # the ``standings`` message
    night.lines()                          # run_host.py --standings

Placement points: of ``n`` seats, the first gets ``n - 1`` ... the last 0; players tied on a
place share the points of the places they span (two tied first of four: (3 + 2) / 2 = 2.5
each). The engine's winners are first (tied among themselves); the others follow by score,
equal scores tied. Wins: one per game for each winner. Bots count for the places (a human who
beats three bots has 3 points) but are not listed: the standings are people's, by name.

The truth is the journals (each finished game's last record holds its scores and winners,
synced before anyone saw the result); ``standings.json`` is the night's start and a cache of the
games counted, written atomically (a temporary file, synced, renamed). A damaged file is set
aside (``standings.json.damaged``) and the night is counted again from every finished game of the
data dir. No I/O but ``load`` and ``save``.
"""
from __future__ import annotations

import json
import math
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from .journal import _sync_dir, aside_name, open_unblocked, read_at_most
from .names import numbered

FILE = "standings.json"
FORMAT = "tikal-lan-standings"
VERSION = 1
#: A standings file larger than this is not read (a night of a thousand games is ~300 kB).
MAX_BYTES = 16 * 1024 * 1024


def places(scores: list, winners: list) -> list[int]:
    """Each seat's place, 1-based, ties sharing the best place they span: the winners first,
    then the others by score (higher first)."""
    n = len(scores)
    win = set(winners)

    def key(i):
        return (0 if i in win else 1, -scores[i] if i not in win else 0)

    order = sorted(range(n), key=key)
    out = [0] * n
    for pos, i in enumerate(order):
        prev = order[pos - 1] if pos else None
        out[i] = out[prev] if prev is not None and key(prev) == key(i) else pos + 1
    return out


def points(scores: list, winners: list) -> list:
    """Each seat's placement points: n-1 for the first of n ... 0 for the last; tied seats share
    the points of the places they span (an int when whole, else a half: x.5)."""
    n = len(scores)
    pl = places(scores, winners)
    out = []
    for i in range(n):
        span = pl.count(pl[i])
        first = pl[i] - 1                       # 0-based position of the tie's best place
        total = sum(n - 1 - p for p in range(first, first + span))
        out.append(_num(total / span))
    return out


def _num(x: float):
    return int(x) if float(x).is_integer() else round(x, 2)


def rows(games: list[dict], game: str | None = None) -> list[dict]:
    """Per person (humans only): games played, wins, placement points; sorted by points, then
    wins (more first), then name; ``rank`` 1-based, shared by those equal on points and wins.
    A person is their player key (its hash, ``keys``: docs/protocol.md "The player key"), named
    by the last name they played under; a player without a key, by their name. Two people of
    one name are two rows: "Ana", "Ana (2)". ``game``: only that game's results."""
    return [r for _, r in people(games, game)]


def who_is(key: str | None, name: str | None) -> tuple:
    """Who a row of the standings is: a player key's hash, else (a player without one) a name."""
    return ("key", key) if key else ("name", name)


def people(games: list[dict], game: str | None = None) -> list[tuple[tuple, dict]]:
    """``rows``, each with who it is (``who_is``: never sent)."""
    acc: dict[tuple, dict] = {}
    for g in games:
        if game is None or g["game"] == game:
            _tally(acc, g)
    out = sorted(acc.items(), key=lambda wr: (-wr[1]["points"], -wr[1]["wins"], wr[1]["name"]))
    shown: list[str] = []
    for _, r in out:   # two people of one name: told apart as the tables tell them (section 2)
        r["name"] = numbered(r["name"], shown)
        shown.append(r["name"])
    _rank(out)
    return out


def _tally(acc: dict, g: dict) -> None:
    """Count one game for each of its human players (who -> row)."""
    pts = g.get("points") or points(g["scores"], g["winners"])
    keys = g.get("keys") or []
    for i, name in enumerate(g["names"]):
        if g["kinds"][i] != "human":
            continue
        who = who_is(keys[i] if i < len(keys) else None, name)
        r = acc.setdefault(who, {"name": name, "played": 0, "wins": 0, "points": 0})
        r["name"] = name        # the last name they played under
        r["played"] += 1
        r["wins"] += i in g["winners"]
        r["points"] = _num(r["points"] + pts[i])


def _rank(out: list) -> None:
    """Each sorted row's rank: equal points and wins share the rank of the first of them."""
    for i, (_, r) in enumerate(out):
        prev = out[i - 1][1] if i else None
        same = prev is not None and (prev["points"], prev["wins"]) == (r["points"], r["wins"])
        r["rank"] = prev["rank"] if same and prev is not None else i + 1


@dataclass
class Night:
    path: Path | None = None            # None: a host without a data dir keeps it in memory
    started: float = 0.0                # when the night began (seconds since the epoch; 0: ever)
    skip: set = field(default_factory=set)     # games finished before the night began
    games: list = field(default_factory=list)  # the night's games, in the order they ended
    problem: str | None = None          # why the file could not be read or written (said aloud)
    #: the rows as last counted (``message``), with what they were counted from
    _rows: tuple | None = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, data_dir, *, owner: bool = True) -> "Night":
        """The night of ``data_dir``'s standings file: a missing one is a night of every
        finished game; a damaged one is said (``problem``), likewise, and (``owner``: the host
        that holds the data dir) set aside. ``owner`` False: a reader that does not own the
        data dir (--standings, a list of tonight's games) leaves the file as it is."""
        if data_dir is None:
            return cls()
        path = Path(data_dir) / FILE
        try:
            data = _read(path)
        except FileNotFoundError:
            return cls(path)
        except OSError as exc:
            return cls(path, problem=f"cannot read {FILE} ({exc.strerror or exc}): tonight's "
                                     "standings are counted from the finished games")
        try:
            return cls(path, *_parsed(data))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError, OverflowError) as exc:
            kept = _set_aside(path) if owner else "left as it is"
            return cls(path, problem=f"{FILE} was damaged ({exc}; {kept}): tonight's standings "
                                     "are counted again from every finished game of the data "
                                     "dir (--new-night starts afresh)")

    @property
    def counted(self) -> set:
        return {g["id"] for g in self.games}

    def add(self, game: dict) -> bool:
        """Count one finished game (``saves.game_record``'s shape) unless it is counted,
        belongs to an earlier night or had no player (bots only); True if it was added."""
        if game["id"] in self.skip or game["id"] in self.counted or "human" not in game["kinds"]:
            return False
        g = {k: game[k] for k in ("id", "game", "names", "kinds", "scores", "winners")}
        if any(game.get("keys") or []):
            g["keys"] = list(game["keys"])     # who they are: their key's hash, never the key
        g["points"] = points(g["scores"], g["winners"])
        g["places"] = places(g["scores"], g["winners"])
        self.games.append(g)
        return True

    def reconcile(self, finished: list[dict]) -> int:
        """Count the finished games the file does not hold yet (their result was synced, the
        standings file was not: a crash, a full disk); how many were added."""
        return sum(self.add(g) for g in finished)

    def tonight(self, finished: list[dict]) -> list[dict]:
        """Those of ``finished`` (``saves.finished_games``) that belong to this night."""
        return [g for g in finished if g["id"] not in self.skip]

    def new_night(self, finished_ids, now: float | None = None) -> None:
        """A new night: nothing counted; the games already finished stay out of it."""
        self.started = time.time() if now is None else now
        self.skip = set(finished_ids) | self.skip | self.counted
        self.games = []

    def save(self) -> None:
        """Write the file atomically (a temporary file, synced, then renamed over the old one,
        and the directory synced). OSError when the disk refuses: the old file stays whole."""
        if self.path is None:
            return
        body = json.dumps({"format": FORMAT, "version": VERSION, "started": self.started,
                           "skip": sorted(self.skip), "games": self.games},
                          separators=(",", ":")).encode()
        tmp = self.path.with_name(FILE + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0),
                         0o600)
            try:
                view = memoryview(body)
                while view:
                    view = view[os.write(fd, view):]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, self.path)
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        _sync_dir(self.path.parent)

    # --- what is shown --------------------------------------------------------------------------
    def message(self, who: tuple | None = None) -> dict:
        """The ``standings`` message (docs/protocol.md); for ``who`` (``who_is`` of the one who
        asked), their own rows say ``"you": true`` (two people called Ana: each sees their own).
        The rows are counted once per change of the night (asking again costs a copy)."""
        mark = (id(self.games), len(self.games), self.started)
        if self._rows is None or self._rows[0] != mark:
            self._rows = (mark, people(self.games),
                          {name: people(self.games, name) for name in sorted({g["game"] for g in self.games})})
        _, overall, by_game = self._rows

        def table(rs: list[tuple[tuple, dict]]) -> list[dict]:
            return [{**r, "you": True} if who is not None and w == who else r for w, r in rs]
        last = dict(self.games[-1]) if self.games else None
        if last is not None:
            last["table"] = last.pop("id")
            last.pop("keys", None)      # (who they are stays on the host)
        msg = {"t": "standings", "night": {"games": len(self.games)}, "overall": table(overall),
               "games": {name: table(rs) for name, rs in by_game.items()}, "last": last}
        if self.problem:
            msg["problem"] = self.problem
        return msg

    def lines(self) -> list[str]:
        """``run_host.py --standings``: one line per player, overall, then per game."""
        if not self.games:
            return ["no finished game tonight"]
        out = [f"tonight: {len(self.games)} game(s)"]
        for title, rs in [("overall", rows(self.games))] + [
                (name, rows(self.games, name)) for name in sorted({g["game"] for g in self.games})]:
            out.append(f"{printable(title)}:")
            out += [f"  {i:>2}. {printable(r['name']):<32} {r['played']:>3} played {r['wins']:>3} won "
                    f"{r['points']:>6} points" for i, r in enumerate(rs, 1)]
        return out


def _parsed(data: bytes | None) -> tuple:
    """(started, skip, games) of a standings file's bytes (None: no regular file, or too large);
    ValueError and the like for anything else."""
    if data is None:
        raise ValueError(f"not a regular file, or larger than {MAX_BYTES} bytes")
    d = json.loads(data)
    if d.get("format") != FORMAT or type(d.get("version")) is not int:
        raise ValueError("not a standings file")
    if d["version"] > VERSION:
        raise ValueError(f"version {d['version']}, newer than this host's {VERSION}")
    started = d["started"]
    if type(started) not in (int, float) or not math.isfinite(started):
        raise ValueError("its start is not a time")
    return float(started), set(_id(x) for x in d["skip"]), [_checked(_whole(g)) for g in d["games"]]


def _set_aside(path: Path) -> str:
    """Move a damaged file aside (an earlier damaged copy is never overwritten); what became of
    it, to be said."""
    aside = aside_name(path)
    try:
        os.replace(path, aside)
        return f"kept as {aside.name}"
    except OSError:
        return "left as it is"


def _checked(g: dict) -> dict:
    """A game of the file, its fields as they must be (ValueError / KeyError if not)."""
    n = len(g["names"])
    if not (isinstance(g["id"], int) and isinstance(g["game"], str) and _sized(g, n)):
        raise ValueError(f"a game of the file is not whole: {g!r:.80}")
    out = {k: g[k] for k in ("id", "game", "names", "kinds", "scores", "winners")}
    if isinstance(g.get("keys"), list) and len(g["keys"]) == n:
        out["keys"] = [k if isinstance(k, str) else None for k in g["keys"]]
    out["points"] = points(out["scores"], out["winners"])
    out["places"] = places(out["scores"], out["winners"])
    return out


def _sized(g: dict, n: int) -> bool:
    """Kinds and scores one per name, the winners seat numbers."""
    return len(g["kinds"]) == n and len(g["scores"]) == n and all(isinstance(w, int) for w in g["winners"])


def _read(path: Path) -> bytes | None:
    """The file's bytes; None for what is no regular file (a FIFO is opened without waiting for
    a writer, and not read) or is larger than ``MAX_BYTES``. OSError as reading raises it."""
    fd = open_unblocked(path)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            return None
        data = read_at_most(fd, MAX_BYTES)
    finally:
        os.close(fd)
    return data if len(data) <= MAX_BYTES else None


#: Table ids and scores as the wire carries them (msgpack: 64-bit; the protocol: 53 bits).
_INT = 1 << 53


def _id(x) -> int:
    if type(x) is not int or not 0 < x < _INT:
        raise ValueError(f"a table id of the file is not one: {x!r:.40}")
    return x


def _whole(g) -> dict:
    """A game of the file whose every field has the type and size the host writes (the names
    strings, the scores numbers a message can carry...); ValueError if not."""
    if not isinstance(g, dict):
        raise ValueError(f"a game of the file is not one: {g!r:.80}")
    _id(g.get("id"))
    names, kinds, scores, winners = _field_lists(g)
    if not (isinstance(g.get("game"), str) and len(g["game"]) <= 32
            and 0 < len(names) <= 16 and all(map(_name_fits, names)) and all(map(_kind_fits, kinds))
            and all(map(_score_fits, scores)) and _seats_of(winners, len(names))):
        raise ValueError(f"a game of the file is not whole: {g!r:.80}")
    return g


def _field_lists(g: dict) -> tuple[list, list, list, list]:
    """A game's names, kinds, scores and winners, each a list (ValueError if not)."""
    names, kinds, scores, winners = (g.get(k) for k in ("names", "kinds", "scores", "winners"))
    if not (isinstance(names, list) and isinstance(kinds, list) and isinstance(scores, list)
            and isinstance(winners, list)):
        raise ValueError(f"a game of the file is not whole: {g!r:.80}")
    return names, kinds, scores, winners


def _seats_of(winners: list, n: int) -> bool:
    return all(type(w) is int and 0 <= w < n for w in winners)


def _name_fits(n) -> bool:
    return type(n) is str and 0 < len(n) <= 64


def _kind_fits(k) -> bool:
    return type(k) is str and len(k) <= 16


def _score_fits(x) -> bool:
    """A score a message can carry: a finite number under 2**53."""
    return type(x) in (int, float) and math.isfinite(x) and abs(x) < _INT


def printable(text: str) -> str:
    """Text from a file, safe to print on a terminal: controls (ESC...), direction overrides
    (RLO...) and other invisible format characters become "?"."""
    return "".join(c if c.isprintable() or c == " " else "?" for c in str(text))


def tonight_finished(data_dir) -> list[dict]:
    """The finished games of tonight in ``data_dir`` (``saves.finished_games``' shape): the one
    place the lobby's lists of tonight's games take them from."""
    from .saves import finished_games

    return Night.load(data_dir, owner=False).tonight(finished_games(data_dir))
