"""A replay file (the format ``run_host.py --export`` writes, docs/protocol.md section 13) as a
book of positions: position ``k`` is the game after its first ``k`` actions, as a spectator saw it
then (``view(None)``: never hidden information), with the events of the action that led there
(position 0: the start's own events, as the host sends them in a game's first update).

Every position's public view is kept once the book is built (one pass of the engine over the
actions: ~40 ms for a 240-move game of the biggest board), so any step — forward, back, a jump anywhere — is
a lookup, never a replay from the start.

The score story (``score_story``): the scores after each turn, from a list of *entries* (one per
update: ``{"state", "scores", "events"}``), the same whether they come from a book or from the
updates a live table received.
"""
from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass, field
from typing import TypeGuard

import engine
from net.journal import REPLAY_FORMAT, open_unblocked, read_at_most
from net.messages import COLOURS, INT_MAX, INT_MIN, NAME_MAX, Text

from ..client import END, Scorings

#: The replay file versions this client reads.
FORMAT_VERSIONS = (1,)
#: A replay file larger than this is refused unread: the longest games' files are well under
#: 100 kB (the longest game of four seen: 381 moves, 58 kB), so this leaves room and never fills the memory.
MAX_BYTES = 4 * 1024 * 1024
#: More moves than any game has (the longest seen: ~400).
MAX_ACTIONS = 20_000
_NAME = Text(1, NAME_MAX)
_DEPTH = 6                              # how deep an action or the options nest (the wire allows 4)
_KINDS = ("human", "bot", "empty")


class ReplayError(ValueError):
    """A file or message that cannot be shown: ``key`` is the catalog entry that says why (with
    ``fmt`` for its placeholders), ``str()`` the same in English for logs."""

    def __init__(self, key: str, message: str, **fmt):
        super().__init__(message)
        self.key, self.fmt = key, fmt


@dataclass
class Position:
    view: dict                      # the public view (shared, read-only: the scenes copy it)
    events: list                    # the events of the action that led here
    seat: int | None                # who acted (None: the start)
    to_act: int | None
    phase: str
    over: bool
    scores: list
    winners: list
    turn: int = 0                   # turns ended up to this position
    marks: list = field(default_factory=list)   # scoring kinds that start here (or END's: the game's end)


def read_file(path) -> dict:
    """A replay file's dict; ``ReplayError`` for a file that cannot be read or is no replay: not a
    regular file (a FIFO is never waited on: it is opened without blocking and refused), larger
    than ``MAX_BYTES``, not UTF-8 JSON, nested too deep for the reader."""
    try:
        fd = open_unblocked(path)
    except (OSError, ValueError) as exc:
        raise ReplayError("replay.err_unreadable", f"cannot read {path}: {exc}", path=str(path)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ReplayError("replay.err_not_replay", f"{path} is not a file")
        if st.st_size > MAX_BYTES:
            raise ReplayError("replay.err_too_big", f"{path}: {st.st_size} bytes, more than a replay's "
                              f"{MAX_BYTES}", size=f"{st.st_size / 1e6:.1f}", max=f"{MAX_BYTES / 1e6:.0f}")
        data = read_at_most(fd, MAX_BYTES)
    except OSError as exc:
        raise ReplayError("replay.err_unreadable", f"cannot read {path}: {exc}", path=str(path)) from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:               # it grew since: the cap holds whatever the size said
        raise ReplayError("replay.err_too_big", f"{path}: more than {MAX_BYTES} bytes",
                          size=f"{len(data) / 1e6:.1f}", max=f"{MAX_BYTES / 1e6:.0f}")
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise ReplayError("replay.err_damaged_file", f"{path}: nested too deep") from None
    except ValueError:                      # not UTF-8, not JSON
        raise ReplayError("replay.err_not_replay", f"{path} is not a replay file") from None


def shown(value, limit: int = 40) -> str:
    """A value of a file as a message may show it: printable characters only, cut short."""
    text = value if isinstance(value, str) else repr(value)
    text = "".join(c if c.isprintable() else "?" for c in text[:limit])
    return text + ("…" if len(str(value)) > limit else "")


def _int(v) -> TypeGuard[int]:
    return type(v) is int


def _plain(v, depth: int = _DEPTH) -> bool:
    """Plain data, as the wire's (net/messages.py): str-keyed maps, lists, bounded ints, strs,
    floats, bools, None, nested at most ``depth`` levels (the engine's read-only lists and maps of
    a book made in this process count as lists and maps)."""
    if v is None or type(v) in (bool, str, float) or type(v) is int and INT_MIN <= v <= INT_MAX:
        return True
    if depth <= 0:
        return False
    if isinstance(v, list):
        return all(_plain(x, depth - 1) for x in v)
    if isinstance(v, dict):
        return all(type(k) is str and _plain(x, depth - 1) for k, x in v.items())
    return False


def _damaged(why: str):
    return ReplayError("replay.err_damaged_file", f"the replay file is damaged: {why}")


def check(replay) -> None:
    """Refuse what this client cannot replay faithfully, with a reason a player can act on; and a
    file whose fields are not what ``run_host.py --export`` writes (each one's type, its size, how
    deep it nests) as damaged (``replay.err_damaged_file``): nothing of it reaches the engine or
    the window unchecked."""
    if not isinstance(replay, dict) or replay.get("format") != REPLAY_FORMAT:
        raise ReplayError("replay.err_not_replay", "not a tikal-lan replay")
    version = replay.get("version", 1)
    if not _int(version):
        raise _damaged(f"version {shown(version)}")
    if version not in FORMAT_VERSIONS:
        raise ReplayError("replay.err_newer", f"a replay file of format {version}: this version reads "
                          f"{', '.join(map(str, FORMAT_VERSIONS))}", version=shown(version))
    game = replay.get("game")
    if not isinstance(game, str):
        raise _damaged(f"game {shown(game)}")
    if game not in engine.GAMES:
        raise ReplayError("replay.err_game", f"a replay of an unknown game {shown(game)}", game=shown(game))
    rules = replay.get("rules", 1)
    if not _int(rules):
        raise _damaged(f"rules {shown(rules)}")
    versions = engine.GAMES[game].rules_versions
    if rules not in versions:
        raise ReplayError("replay.err_rules", f"a replay of {game} rules version {rules}; this version of the "
                          f"game plays rules {', '.join(map(str, versions))}", rules=shown(rules),
                          versions=", ".join(map(str, versions)))
    over = replay.get("over", True)
    if type(over) is not bool:
        raise _damaged(f"over {shown(over)}")
    if not over:
        raise ReplayError("replay.err_unfinished", "the game of this replay is not finished")
    _check_fields(replay, engine.GAMES[game])


def _check_fields(replay: dict, spec) -> None:
    seats = replay.get("seats")
    if not _int(seats) or not spec.min_seats <= seats <= spec.max_seats:
        raise _damaged(f"seats {shown(seats)}")
    seed = replay.get("seed")
    if not (_int(seed) and abs(seed) < 1 << 128) and not (
            isinstance(seed, str) and 0 < len(seed) <= 40 and seed.isascii() and seed.isdigit()):
        raise _damaged(f"seed {shown(seed)}")
    options = replay.get("options")
    if options is not None and not (isinstance(options, dict) and _plain(options)):
        raise _damaged(f"options {shown(options)}")
    for key in ("names", "players", "scores", "winners"):
        value = replay.get(key)
        if value is not None and (not isinstance(value, list) or len(value) != seats and key != "winners"
                                  or len(value) > seats):
            raise _damaged(f"{key} {shown(value)}")
    if any(_NAME.check(n) for n in replay.get("names") or []):
        raise _damaged("a name")
    for p in replay.get("players") or []:
        if not (isinstance(p, dict) and (p.get("name") in (None, "") or _NAME.check(p["name"]) is None)
                and p.get("kind", "human") in _KINDS and (p.get("colour") is None or p["colour"] in COLOURS)
                and (p.get("level") is None or type(p["level"]) is str and 0 < len(p["level"]) <= 24)):
            raise _damaged(f"a player {shown(p)}")
    if not all(_int(x) and abs(x) < 1 << 31 for key in ("scores", "winners") for x in replay.get(key) or []):
        raise _damaged("scores or winners")
    actions = replay.get("actions")
    if actions is None:
        return
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise _damaged(f"actions {shown(actions)}")
    for k, step in enumerate(actions, 1):
        if not (isinstance(step, dict) and _int(step.get("seat")) and 0 <= step["seat"] < seats
                and isinstance(step.get("action"), dict) and _plain(step["action"])):
            raise ReplayError("replay.err_damaged", f"move {k}: {shown(step)}", move=str(k))


class ReplayBook:
    """Every position of a replay. ``names`` and ``players`` (per seat: ``name``, ``kind``,
    ``level``, ``colour``; what a table summary says of its seats) come from the file.
    ``turn_events``: the event types that end a turn in the book's game (its
    ``GameClient.turn_events``: the table scene's ``TURN_EVENTS``); ``scorings`` its scoring
    rounds (``GameClient.scorings``)."""

    def __init__(self, replay: dict, turn_events=frozenset(), scorings: Scorings = Scorings()):
        check(replay)
        self.replay = replay
        self.game_name: str = replay["game"]
        self.seats: int = int(replay["seats"])
        self.options: dict = dict(replay.get("options") or {})
        self.rules: int = replay.get("rules", 1)
        self.turn_events = frozenset(turn_events)
        self.scorings = scorings
        try:
            g = engine.new_game(self.game_name, seats=self.seats, seed=int(replay["seed"]), options=dict(self.options),
                                rules=self.rules)
        except (KeyError, ValueError, TypeError, IndexError, OverflowError, engine.ScenarioError) as exc:
            raise ReplayError("replay.err_damaged", f"the replay cannot start: {exc}", move="0") from None
        self.positions: list[Position] = [self._position(g, list(g.start_events), None, 0)]
        turn = 0
        self.boundaries = [0]       # the positions where a turn ended (and the start)
        for k, step in enumerate(replay.get("actions") or [], 1):
            seat = step.get("seat") if isinstance(step, dict) else None
            if g.is_over or seat != g.to_act:
                raise ReplayError("replay.err_damaged", f"move {k}: seat {seat} acts out of turn", move=str(k))
            try:
                events = g.apply(step["action"])
            except (engine.IllegalAction, KeyError, TypeError, ValueError, IndexError) as exc:
                raise ReplayError("replay.err_damaged", f"move {k} is refused by the rules: {exc}",
                                  move=str(k)) from None
            ended = sum(1 for ev in events if ev.get("type") in turn_events)
            turn += ended
            if ended:
                self.boundaries.append(k)
            self.positions.append(self._position(g, events, seat, turn))
        if self.boundaries[-1] != self.last:
            self.boundaries.append(self.last)
        if not any(scorings.is_final(kind) for p in self.positions for kind in p.marks):
            self.positions[-1].marks.append(END.kind)     # a game without a final scoring
        self.players = self._players(replay)
        self._marks: list | None = None

    def _position(self, g, events: list, seat, turn: int) -> Position:
        marks = self.scorings.started_in(events)
        return Position(view=g.view(None), events=events, seat=seat, to_act=g.to_act, phase=g.phase,
                        over=g.is_over, scores=list(g.scores), winners=list(g.winners), turn=turn, marks=marks)

    def _players(self, replay: dict) -> list[dict]:
        names = list(replay.get("names") or [])
        given = replay.get("players")
        if not isinstance(given, list):
            given = []
        out = []
        for seat in range(self.seats):
            p = dict(given[seat]) if seat < len(given) and isinstance(given[seat], dict) else {}
            p.setdefault("name", names[seat] if seat < len(names) else f"#{seat + 1}")
            p.setdefault("kind", "human")
            out.append({"seat": seat, "kind": p["kind"], "name": p["name"], "colour": p.get("colour"),
                        "level": p.get("level"), "ready": True, "connected": True, "takeover": None})
        return out

    # --- reading ---------------------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def __len__(self) -> int:
        return len(self.positions)

    def next_turn(self, k: int) -> int:
        """The position where the turn shown at ``k`` ends (the next turn shows from there)."""
        return next((b for b in self.boundaries if b > k), self.last)

    def prev_turn(self, k: int) -> int:
        """The position where the turn before ended (where the turn shown at ``k`` began), or
        the one before that when ``k`` already is one."""
        return next((b for b in reversed(self.boundaries) if b < k), 0)

    def position_of_turn(self, turn: int) -> int:
        """The first position after ``turn`` turns ended (where a chart point of that turn is)."""
        return next((k for k, p in enumerate(self.positions) if p.turn >= turn), self.last)

    def marks(self) -> list[tuple[int, str]]:
        """(position, kind) of every scoring (its ``Scoring.kind``), and ``END``'s at the end of a
        game that has no final scoring (found once)."""
        if self._marks is None:
            self._marks = [(k, kind) for k, p in enumerate(self.positions) for kind in p.marks]
        return self._marks

    def entries(self) -> list[dict]:
        """The updates a spectator received: one per position (the input of ``score_story``)."""
        return [{"state": k, "scores": p.scores, "events": p.events} for k, p in enumerate(self.positions)]


@dataclass
class Story:
    """The score story of a game: ``points`` are (turn, state, scores) — the scores at the end of
    each turn, the start's at turn 0 —, ``marks`` (turn, state, kind) the scorings."""
    seats: int
    points: list
    marks: list

    def max_score(self) -> int:
        return max([1] + [max(s) for _, _, s in self.points if s])

    def turns(self) -> int:
        return max([1] + [t for t, _, _ in self.points])


def score_story(entries: list[dict], turn_events, seats: int, scorings: Scorings = Scorings()) -> Story:
    """The points of the chart from the updates of a game (``{"state", "scores", "events"}`` per
    update, oldest first): a point at the start (turn 0), one after every turn that ended (turn
    n: the scores of the update that ended the n-th turn), and one at the last update if it
    ended none (the game's end within a turn). A scoring's mark (``scorings``: the game's) stands
    at the turn it began in."""
    points: list = []
    marks: list = []
    turn = 0
    for i, e in enumerate(entries):
        events = e.get("events") or []
        scores = list(e.get("scores") or [0] * seats)
        for kind in scorings.started_in(events):
            marks.append((turn, e["state"], kind))
        ended = sum(1 for ev in events if ev.get("type") in turn_events) if i else 0
        turn += ended
        if i == 0 or ended:
            points.append((turn, e["state"], scores))
        elif i == len(entries) - 1:
            turn += 1
            points.append((turn, e["state"], scores))
    return Story(seats, points, marks)
