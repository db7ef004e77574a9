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
from dataclasses import dataclass, field
from pathlib import Path

import engine
from net.journal import REPLAY_FORMAT

#: The replay file versions this client reads.
FORMAT_VERSIONS = (1,)


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
    marks: list = field(default_factory=list)   # scoring kinds that start here ("volcano", "final")


def read_file(path) -> dict:
    """A replay file's dict; ``ReplayError`` for a file that cannot be read or is no replay."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ReplayError("replay.err_unreadable", f"cannot read {path}: {exc}", path=str(path)) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise ReplayError("replay.err_not_replay", f"{path} is not a replay file") from None
    return data


def check(replay) -> None:
    """Refuse what this client cannot replay faithfully, with a reason a player can act on."""
    if not isinstance(replay, dict) or replay.get("format") != REPLAY_FORMAT:
        raise ReplayError("replay.err_not_replay", "not a tikal-lan replay")
    version = replay.get("version", 1)
    if version not in FORMAT_VERSIONS:
        raise ReplayError("replay.err_newer", f"a replay file of format {version}: this version reads "
                          f"{', '.join(map(str, FORMAT_VERSIONS))}", version=str(version))
    game = replay.get("game")
    if game not in engine.GAMES:
        raise ReplayError("replay.err_game", f"a replay of an unknown game {game!r}", game=str(game))
    rules = replay.get("rules", 1)
    versions = engine.GAMES[game].rules_versions
    if rules not in versions:
        raise ReplayError("replay.err_rules", f"a replay of {game} rules version {rules}; this version of the "
                          f"game plays rules {', '.join(map(str, versions))}", rules=str(rules),
                          versions=", ".join(map(str, versions)))
    if not replay.get("over", True):
        raise ReplayError("replay.err_unfinished", "the game of this replay is not finished")


class ReplayBook:
    """Every position of a replay. ``names`` and ``players`` (per seat: ``name``, ``kind``,
    ``level``, ``colour``; what a table summary says of its seats) come from the file.
    ``turn_events``: the event types that end a turn in the book's game (its
    ``GameClient.turn_events``: the table scene's ``TURN_EVENTS``)."""

    def __init__(self, replay: dict, turn_events=frozenset()):
        check(replay)
        self.replay = replay
        self.game_name: str = replay["game"]
        self.seats: int = int(replay["seats"])
        self.options: dict = dict(replay.get("options") or {})
        self.rules: int = replay.get("rules", 1)
        self.turn_events = frozenset(turn_events)
        try:
            g = engine.new_game(self.game_name, seats=self.seats, seed=int(replay["seed"]), options=dict(self.options),
                                rules=self.rules)
        except (KeyError, ValueError, TypeError, engine.ScenarioError) as exc:
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
            except (engine.IllegalAction, KeyError, TypeError) as exc:
                raise ReplayError("replay.err_damaged", f"move {k} is refused by the rules: {exc}",
                                  move=str(k)) from None
            ended = sum(1 for ev in events if ev.get("type") in turn_events)
            turn += ended
            if ended:
                self.boundaries.append(k)
            self.positions.append(self._position(g, events, seat, turn))
        if self.boundaries[-1] != self.last:
            self.boundaries.append(self.last)
        if not any("final" in p.marks for p in self.positions):
            self.positions[-1].marks.append("end")     # a game without a final scoring
        self.players = self._players(replay)
        self._marks: list | None = None

    @staticmethod
    def _position(g, events: list, seat, turn: int) -> Position:
        marks = [ev.get("kind") for ev in events if ev.get("type") == "scoring_started"]
        return Position(view=g.view(None), events=events, seat=seat, to_act=g.to_act, phase=g.phase,
                        over=g.is_over, scores=list(g.scores), winners=list(g.winners), turn=turn, marks=marks)

    def _players(self, replay: dict) -> list[dict]:
        names = list(replay.get("names") or [])
        given = replay.get("players") if isinstance(replay.get("players"), list) else []
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
        """(position, kind) of every scoring (``volcano``, ``final``), or ``end`` for a game that
        has no final scoring (found once)."""
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


def score_story(entries: list[dict], turn_events, seats: int) -> Story:
    """The points of the chart from the updates of a game (``{"state", "scores", "events"}`` per
    update, oldest first): a point at the start (turn 0), one after every turn that ended (turn
    n: the scores of the update that ended the n-th turn), and one at the last update if it
    ended none (the game's end within a turn). A scoring's mark stands at the turn it began in."""
    points: list = []
    marks: list = []
    turn = 0
    for i, e in enumerate(entries):
        events = e.get("events") or []
        scores = list(e.get("scores") or [0] * seats)
        for ev in events:
            if ev.get("type") == "scoring_started":
                marks.append((turn, e["state"], ev.get("kind")))
        ended = sum(1 for ev in events if ev.get("type") in turn_events) if i else 0
        turn += ended
        if i == 0 or ended:
            points.append((turn, e["state"], scores))
        elif i == len(entries) - 1:
            turn += 1
            points.append((turn, e["state"], scores))
    return Story(seats, points, marks)
