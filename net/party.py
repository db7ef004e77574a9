"""The party night on the host (docs/protocol.md, "The party night"): the evening's standings,
the lobby's saved games and their continuation, the owner's powers over a table (private,
remove, fill), the host's own window (the operator).

``Party(host)`` holds what is the host's and not one table's: the night (net/standings.py), who
asked for the standings and the saved games (they get them again when they change), the
operator's secret. It sees the host through a ``HostView`` (net/effects.py) and, like the
handlers, returns what the host is to do as effects. The host's handlers (net/handlers.py) call
``handle`` for its messages (``MESSAGES``); the host calls ``finished(table)`` once a game ends,
``push_saved()`` when a game becomes a saved one again and ``opened(finished games)`` once its
data dir is read.
"""
from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import journal as jn
from . import saves
from .effects import CancelGrace, Effects, HostView, OffLoop, Presence, Publish, Refuse, Reply, table_changed
from .messages import error
from .seats import TableError
from .standings import Night, who_is
from .table import Table

if TYPE_CHECKING:
    from .links import Conn

log = logging.getLogger("tikal.host")


def game_of(table: Table) -> dict:
    """A finished live table in the shape of ``saves.game_record`` (what its journal says)."""
    g = table.game
    assert g is not None
    return {"id": table.id, "game": table.game_name, "names": [s.name for s in table.seats],
            "kinds": [s.kind for s in table.seats], "keys": [s.key for s in table.seats],
            "scores": list(g.scores), "winners": list(g.winners)}


class Party:
    #: the messages it answers (net/handlers.py hands them to ``handle``)
    MESSAGES = ("remove", "give", "standings", "new_night", "saved", "continue")

    def __init__(self, host: HostView):
        self.host = host
        #: the host's own window proves itself with this in its hello (``operator``)
        self.operator = secrets.token_hex(16)
        self.operators: set[int] = set()            # connection ids of the host's window
        self.window_name = ""                       # the name the host's window said hello as
        self.night = Night()
        self.standings_to: set[int] = set()         # connections that asked for the standings
        self.saved_to: dict[int, list] = {}         # ... for the saved games (their tokens)

    def handle(self, conn: Conn, msg: dict) -> Effects:
        """One of the party night's messages (net/handlers.py sends them here)."""
        return {"remove": self.remove, "give": self.give, "standings": self.standings,
                "new_night": self.new_night, "saved": self.saved,
                "continue": self.resume}[msg["t"]](conn, msg)

    # --- the night ------------------------------------------------------------------------------
    def opened(self, finished: list[dict]) -> list[str]:
        """The data dir was read: load the night, count what its file missed; the lines to say."""
        data_dir = self.host.config.data_dir
        self.night = Night.load(data_dir)
        lines = [self.night.problem] if self.night.problem else []
        if self.night.reconcile(finished) or self.night.problem:
            self._save()
        return lines

    def new_night_now(self) -> None:
        """``run_host.py --new-night`` and the window's button: nothing counted from now on but
        what ends after it."""
        data_dir = self.host.config.data_dir
        # finished: those of the data dir, and every journal of its archive (an unfinished one
        # there is never continued), read by name only
        done = set(self.host.index.finished) | set(
            jn.journal_files(Path(data_dir) / saves.ARCHIVE)) if data_dir is not None else set()
        done |= {t.id for t in self.host.tables.values() if t.status == "over"}
        self.night.new_night(done)
        self.night.problem = None
        self._save()
        log.info("a new night begins: the standings start afresh")

    def _save(self) -> None:
        try:
            self.night.save()
        except OSError as exc:
            self.night.problem = (f"the host cannot save tonight's standings ({exc.strerror or exc});"
                                  " no result is lost: they are counted again from the saved games"
                                  " when the host starts")
            log.warning("%s", self.night.problem)
        else:
            if self.night.problem and self.night.problem.startswith("the host cannot save"):
                self.night.problem = None

    def finished(self, table: Table) -> Effects:
        """``table``'s game has just ended: count it and tell whoever follows the standings (after
        the table's last update: through its outbox)."""
        if table.game is None or not self.night.add(game_of(table)):
            return []
        self._save()
        return self._push_standings(table)

    def _push_standings(self, table: Table | None = None) -> Effects:
        conns = self.host.conns
        out = [(cid, self._standings_for(conns[cid])) for cid in sorted(self.standings_to) if cid in conns]
        self.standings_to &= set(conns)
        return [Publish(out, table)]

    def _standings_for(self, conn: Conn) -> dict:
        """The standings as ``conn`` sees them: its own rows marked (``you``), by its player key
        (without one, its name: as the rows count a player without a key)."""
        return self.night.message(who_is(conn.key, conn.name))

    def standings(self, conn: Conn, msg: dict) -> Effects:
        self.standings_to.add(conn.id)
        return [Reply(conn, self._standings_for(conn))]

    def new_night(self, conn: Conn, msg: dict) -> Effects:
        if conn.id not in self.operators:
            raise TableError("not_operator", "only the host's own window may start a new night")
        self.new_night_now()
        self.standings_to.add(conn.id)
        return self._push_standings()

    def hello(self, conn: Conn, msg: dict) -> Effects:
        """A hello: the host's window proves itself with the operator secret; the seats kept for
        it show its player's name (not an empty seat)."""
        if not (msg.get("operator") and secrets.compare_digest(msg["operator"], self.operator)):
            return []
        self.operators.add(conn.id)
        self.window_name = msg["name"]
        out: Effects = []
        for t in self.host.tables.values():
            changed = t.name_held(self.window_name)
            if changed:
                out += table_changed(t, changed)
        return out

    def gone(self, conn: Conn) -> None:
        self.operators.discard(conn.id)
        self.standings_to.discard(conn.id)
        self.saved_to.pop(conn.id, None)

    # --- the owner's powers -----------------------------------------------------------------------
    def remove(self, conn: Conn, msg: dict) -> Effects:
        """The owner frees a seat; a player removed is no longer at the table (``left``, then
        the list of tables like anyone outside one)."""
        t = self.host.table_of(conn)
        seat = msg["seat"]
        human = 0 <= seat < t.nseats and t.seats[seat].kind == "human"
        before = Presence.of(t)
        out = t.remove(conn.id, seat)
        # (an away player's seat was held for them: no longer)
        held: Effects = [CancelGrace(t, seat)] if human else []
        return held + table_changed(t, out, before)

    def give(self, conn: Conn, msg: dict) -> Effects:
        """The owner gives an away player's seat to a connection watching the table (its player
        lost their key: another laptop): the seat's old token dies, the new one is theirs."""
        host = self.host
        t = host.table_of(conn)
        to = host.conns.get(msg["to"])
        if to is None or host.table_at(to) is not t:
            raise TableError("no_table", f"player {msg['to']} is not watching this table")
        assert to.name is not None
        before = Presence.of(t)
        out = t.give(conn.id, msg["seat"], to.id, to.name, to.key)
        log.info("table %s: its owner gave seat %s to %s (a new token; the old one is dead)",
                 t.id, msg["seat"], to.name)
        return [CancelGrace(t, msg["seat"])] + table_changed(t, out, before)

    # --- saved games --------------------------------------------------------------------------------
    def _mine(self, game: dict, conn: Conn, tokens: list) -> list[int]:
        """The seats of a saved game that are the connection's: by a token it holds, else by its
        player key (humans' seats only). Never by a name: anyone may type a name."""
        human = [i for i, k in enumerate(game["kinds"]) if k == "human"]
        by_token = [i for i in human if game["tokens"][i] and game["tokens"][i] in tokens]
        if by_token or conn.key is None:
            return by_token
        keys = game.get("keys") or []
        return [i for i in human if i < len(keys) and keys[i] == conn.key]

    def saved(self, conn: Conn, msg: dict) -> Effects:
        self.saved_to[conn.id] = list(msg.get("tokens") or [])
        return self._answer_saved([conn.id], asker=(conn, msg))

    def push_saved(self) -> Effects:
        """The saved games changed (one was continued, or a game went away unfinished): those
        who asked get their list again."""
        return self._answer_saved(list(self.saved_to))

    def _answer_saved(self, cids: list[int], asker: tuple[Conn, dict] | None = None) -> Effects:
        """Send each of ``cids`` its own list (``mine``; never a token or a key) of the
        unfinished games the host does not play now, from the data dir's index (net/saves.py:
        kept as games are saved, never a scan); the scores of a game not known yet are read
        once, off the loop (net/reads.py), and kept in its entry."""
        host = self.host
        data_dir = host.config.data_dir
        games = [g for tid, g in sorted(host.index.unfinished.items()) if tid not in host.tables]
        missing = [g for g in games if "scores" not in g] if data_dir is not None else []

        def answer(scores: dict[int, list | None]) -> Effects:
            for g in missing:
                g["scores"] = scores.get(g["id"])
            effects: Effects = []
            for cid in cids:
                c, tokens = host.conns.get(cid), self.saved_to.get(cid)
                if c is None or tokens is None:
                    self.saved_to.pop(cid, None)
                    continue
                effects.append(Reply(c, self._listing(c, [g for g in games if g["id"] not in host.tables],
                                                      tokens)))
            return effects
        if not missing:
            return answer({})
        ids = [g["id"] for g in missing]
        return [OffLoop(lambda: {tid: saves.scores_of(data_dir, tid) for tid in ids}, answer,
                        asker=asker, share=("scores", tuple(ids), host.index.version))]

    def _listing(self, conn: Conn, games: list[dict], tokens: list) -> dict:
        """The ``saved`` message for ``conn``: its games (``mine``), never a token or a key."""
        listed = []
        for g in games:
            mine = self._mine(g, conn, tokens)
            if mine:
                out = {k: v for k, v in g.items() if k not in ("tokens", "keys", "scores")}
                if g.get("scores") is not None:
                    out["scores"] = g["scores"]
                listed.append({**out, "mine": mine})
        return {"t": "saved", "games": listed}

    def tonight(self) -> list[dict]:
        """Tonight's finished games, newest first (docs/protocol.md section 15): the data dir's
        index, as the standings count them; nothing is read."""
        from .replays import MAX_LISTED

        games = self.night.tonight(list(self.host.index.finished.values()))
        games = sorted(games, key=lambda g: (g.get("ended") or 0, g["id"]), reverse=True)[:MAX_LISTED]
        return [{k: v for k, v in g.items() if k != "keys"} for g in games]   # never a key's hash

    def resume(self, conn: Conn, msg: dict) -> Effects:
        """``continue``: bring an unfinished saved game back (status "playing", its players
        away, the game waiting) and seat the sender in its own seat, as the table's owner. Its
        journal is read off the loop; the answer follows."""
        host = self.host
        if host.table_at(conn) is not None:
            raise TableError("in_table", "already at a table; leave it first")
        tid = msg["id"]
        data_dir = host.config.data_dir
        if tid in host.tables:
            raise TableError("no_save", f"game {tid} is being played now: join it from the list")
        game = host.index.unfinished.get(tid) if data_dir is not None else None
        if game is None:
            raise TableError("no_save", f"no unfinished saved game {tid}")
        tokens = list(msg.get("tokens") or [])
        mine = self._mine(game, conn, tokens)
        if not mine:
            raise TableError("not_yours", f"you held no seat in game {tid}")
        host.room_for_a_table(conn)
        seat = mine[0]
        token = game["tokens"][seat]

        def landed(back: Back) -> Effects:
            table, effects = back.table, back.effects
            if table is None:
                assert back.problem is not None
                return effects + [Refuse(conn, back.problem.code, back.problem.message, msg)]
            if conn.id not in host.conns:
                return effects
            before = Presence.of(table)
            try:
                if host.table_at(conn) is not None:
                    raise TableError("in_table", "already at a table; leave it first")
                if back.fresh:
                    table.seating.owner = conn.id
                out = table.sit(conn.id, conn.name or "", seat, key=conn.key,
                                token=token if token in tokens else None)
            except TableError as exc:
                return effects + [Refuse(conn, exc.code, exc.message, msg)]
            if back.fresh and back.note:
                out.append((conn.id, error("damaged_save", back.note)))
            log.info("table %s continued from its save by %s", tid, conn.name)
            return effects + table_changed(table, out, before)
        return [self._bring_back(tid, conn, landed, asker=(conn, msg))]

    def _bring_back(self, tid: int, conn: Conn, then: Callable[[Back], Effects],
                    asker: tuple[Conn, dict] | None = None) -> OffLoop:
        """Saved game ``tid`` read and restored off the loop (``saves.restore_one``: its journal
        replayed), then, on the loop, one of the host's tables again, unless it came back
        meanwhile (the same game asked for by two at once is read once); ``then`` gets it."""
        data_dir = self.host.config.data_dir

        def work() -> tuple[Table, str | None] | saves.SaveError:
            try:
                return saves.restore_one(data_dir, tid)
            except saves.SaveError as exc:
                return exc

        def landed(got: tuple[Table, str | None] | saves.SaveError) -> Effects:
            if isinstance(got, saves.SaveError):
                here = self.host.tables.get(tid)
                return then(Back(here, [], got) if here is None else Back(here, []))
            table, note = got
            here = self.host.tables.get(tid)
            if here is None:
                return then(Back(table, self._install(table, note, conn), fresh=True, note=note))
            if here is not table and table.journal is not None:
                table.journal.close()       # (back by another way meanwhile: that one plays)
            return then(Back(here, []))
        return OffLoop(work, landed, asker=asker, share=("restore", tid))

    def _install(self, table: Table, note: str | None, conn: Conn) -> Effects:
        """A game brought back from the data dir is one of the host's tables again (its
        players who come back later are told of a damaged save too); those who follow the saved
        games get their lists again."""
        self.host.add_table(table, made_by=conn.addr, note=note)
        return self.push_saved()

    def restore_for_token(self, conn: Conn, token: str,
                          then: Callable[[Table | None], Effects]) -> OffLoop | None:
        """A hello with a seat token of an unfinished saved game the host does not play now
        (it was restarted without --resume, or the game was put away): the game comes back as
        ``continue`` brings it, read off the loop, and ``then(table)`` seats the player (the
        first back owns the table). None if the token is of no saved game (an index, never a
        scan of the journals); ``then(None)`` if that game cannot be restored (or the host has
        no room for it): the token is then unknown, as before."""
        data_dir = self.host.config.data_dir
        tid = self.host.index.of_token(token)
        if data_dir is None or tid is None or tid in self.host.tables:
            return None
        try:
            self.host.room_for_a_table(conn)
        except TableError as exc:
            log.warning("a player came back to saved game %s, which the host has no room for: %s",
                        tid, exc.message)
            return None

        def landed(back: Back) -> Effects:
            if back.table is None:
                log.warning("a player came back to saved game %s, which cannot be restored: %s",
                            tid, back.problem)
            elif back.fresh:
                log.info("table %s restored from its save: a player came back with their token", tid)
            return back.effects + then(back.table)
        return self._bring_back(tid, conn, landed)


@dataclass
class Back:
    """A saved game read off the loop, back on it: the table (None: it could not be restored,
    ``problem`` says why), the effects of its coming back, whether this read brought it back
    (``fresh``; else it was back already) and what its players are told (a damaged save)."""
    table: Table | None
    effects: Effects
    problem: saves.SaveError | None = None
    fresh: bool = False
    note: str | None = None
