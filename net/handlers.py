"""One handler per client message type (its schema: ``CLIENT_SPECS`` in net/messages.py).

A message gets here after its connection's gates (net/session.py: rate, schema, hello) and goes
to ``HANDLERS[msg["t"]](host, conn, msg)``, which returns what the host is to do: a list of
effects (net/effects.py: send now, send after the journal, refuse, close, tell the lobby, wake the
bots, hold or keep a seat, work off the loop), carried out in order by the host's loop. A handler
raises ``TableError`` or ``MessageError`` to refuse (the host answers ``error`` with its code;
nothing changed); anything else it raises is logged and answered ``internal``.

What a handler may use of the host is ``HostServices``: the ``HostView`` of net/effects.py (the
settings, the tables and connections to read, a table made or brought back) and the party night
(net/party.py); mypy holds the handlers to it. It changes the tables (each answers with its
messages) and the connection it serves, nothing else.

Adding a message is one change here (plus its Spec in CLIENT_SPECS and its lines in
docs/protocol.md; a test checks that the two lists match)::

    @handles("standings")
    def standings(host: HostServices, conn: Conn, msg: dict) -> Effects:
        return [Reply(conn, {"t": "standings", ...})]

A lobby message (one that asks a table's seats something: ``sit``, ``ready``, ``bot``...) is the
table's: one more is one line of ``SEATING`` or ``LOBBY`` in net/table.py, and every one of them
goes the one way here, ``lobby_step`` (the table found, asked, what it answers published after its
journal, who came and went into the host's index, the lobby told, the bots woken).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from . import again as play_again
from . import replays
from .churn import ChurnGuard
from .codes import CodeGuard
from .effects import (
    AskHint,
    CancelGrace,
    Close,
    Effects,
    Greeted,
    HostView,
    OffLoop,
    Presence,
    Publish,
    Refuse,
    Reply,
    WakeBots,
    table_changed,
)
from .identity import key_hash
from .links import Conn, Out
from .messages import error
from .party import Party
from .seats import TableError
from .table import LOBBY, SEATING, Table, Who, welcome_message


class HostServices(HostView, Protocol):
    """What a handler may use of the host: its view (net/effects.py), the party night and the
    guard on private tables' codes."""

    @property
    def party(self) -> Party: ...

    @property
    def codes(self) -> CodeGuard: ...

    @property
    def churn(self) -> ChurnGuard: ...


Handler = Callable[[HostServices, Conn, dict], Effects]

#: message type -> its handler
HANDLERS: dict[str, Handler] = {}


def handles(*types: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in types:
            assert t not in HANDLERS, f"two handlers for {t!r}"
            HANDLERS[t] = fn
        return fn
    return register


def who(conn: Conn) -> Who:
    """Who the connection is, as its table needs to know (its hello's name, its key)."""
    assert conn.name is not None    # (the hello gate: no lobby message comes before it)
    return Who(conn.name, conn.key, conn.operator)


def lobby_step(host: HostServices, conn: Conn, msg: dict, table: Table | None = None) -> Effects:
    """Every lobby message goes this one way: find the table (the connection's own, or the one
    it joins), ask it (``Table.ask``), publish what it says, carry who came and went into the
    host's index, tell the lobby and wake the bots."""
    t = msg["t"]
    if table is None:
        table = _join_check(host, conn, msg["table"]) if t in Table.JOINS else host.table_of(conn)
        if t == "sit" and table.status == "lobby" and host.table_at(conn) is None:
            host.churn.check(conn)  # a seat taken at a waiting table changes the lobby's list
    before = Presence.of(table)
    out = _ask(host, conn, msg, table)
    seat = table.seating.seat_of(conn.id)
    # (a seat taken back: its grace ends)
    back: Effects = [CancelGrace(table, seat.index)] if t == "sit" and seat is not None else []
    return back + table_changed(table, out, before)


def _ask(host: HostServices, conn: Conn, msg: dict, table: Table) -> Out:
    """``table`` asked ``msg``; a private table's code guessed wrong is counted (wrong codes are
    limited, per address and per connection, never per table: net/codes.py)."""
    if msg["t"] not in Table.JOINS or table.seating.code is None or msg.get("code") is None:
        return table.ask(conn.id, msg, who(conn))
    host.codes.check(conn.addr, conn.id)
    try:
        return table.ask(conn.id, msg, who(conn))
    except TableError as exc:
        if exc.code == "bad_code":
            host.codes.failed(conn.addr, conn.id, table.id, conn.name)
        raise


handles(*SEATING, *LOBBY)(lobby_step)


def _join_check(host: HostView, conn: Conn, tid: int) -> Table:
    if host.table_at(conn) is not None:
        raise TableError("in_table", "already at a table; leave it first")
    t = host.tables.get(tid)
    if t is None:
        raise TableError("no_table", f"no table {tid}")
    return t


# --- the party night (net/party.py: what is the host's, not one table's) ---------------------------
@handles(*Party.MESSAGES)
def _party(host: HostServices, conn: Conn, msg: dict) -> Effects:
    return host.party.handle(conn, msg)


# --- tonight's finished games and their replays (net/reads.py: cached, read off the loop) -------
@handles("finished")
def _finished(host: HostServices, conn: Conn, msg: dict) -> Effects:
    return [Reply(conn, {"t": "finished", "games": host.party.tonight()})]   # (the index: no read)


@handles("replay")
def _replay(host: HostServices, conn: Conn, msg: dict) -> Effects:
    tid = msg["id"]
    if tid in host.tables and host.tables[tid].status != "over":
        raise TableError("no_replay", f"game {tid} is still being played: only finished games are replayed")
    kept = host.reads.replay(tid)
    if kept is not None:
        return [Reply(conn, {"t": "replay", "id": tid, "replay": kept})]
    data_dir = host.config.data_dir

    def read() -> dict | replays.NoReplay:
        try:
            return replays.for_wire(data_dir, tid)
        except replays.NoReplay as exc:
            return exc

    def answer(rep: dict | replays.NoReplay) -> Effects:
        if isinstance(rep, replays.NoReplay):
            return [Reply(conn, error("no_replay", str(rep), seq=msg.get("seq"), ref="replay"))]
        host.reads.keep_replay(tid, rep)    # a finished game's replay never changes
        return [Reply(conn, {"t": "replay", "id": tid, "replay": rep})]
    return [OffLoop(read, answer, asker=(conn, msg), share=("replay", tid))]


# --- the rest -------------------------------------------------------------------------------------
@handles("hello")
def _hello(host: HostServices, conn: Conn, msg: dict) -> Effects:
    """The hello gate's last part (the version was checked by the session): a seat token takes
    its seat back; a connection let in over the limits (``knocking``) needs one. A token of a
    saved game the host does not play now brings that game back: its journal is read off the
    loop (the connection waits for its welcome meanwhile, and what it sends waits too)."""
    if conn.name is not None:
        raise TableError("already_hello", "hello was already accepted")
    token = msg.get("token")
    table = host.table_of_token(token) if token else None
    if token and table is None:   # a seat of a saved game the host does not play now?
        def back(restored: Table | None) -> Effects:
            if conn.id not in host.conns:      # gone meanwhile (the game is back all the same)
                return []
            try:
                return _greet(host, conn, msg, restored) + [Greeted(conn)]
            except TableError as exc:
                return [Refuse(conn, exc.code, exc.message, msg), Greeted(conn)]
        read = host.party.restore_for_token(conn, token, back)
        if read is not None:
            conn.greeting = True
            return [read]
    return _greet(host, conn, msg, table)


def _greet(host: HostServices, conn: Conn, msg: dict, table: Table | None) -> Effects:
    """The hello's answer, once its token's table (if any) is known."""
    token = msg.get("token")
    if token and table is None:
        raise TableError("bad_token", "unknown seat token")
    if conn.knocking is not None:
        if table is None:
            return [Refuse(conn, "busy", f"{conn.knocking}; only players coming back to their "
                                         "seat get in now", msg), Close(conn, forget=True)]
        conn.knocking = None
    conn.name = msg["name"]
    conn.key = key_hash(msg["key"]) if "key" in msg else None
    held = host.party.hello(conn, msg)     # (the seats kept for the host's window: its name)
    conn.operator = conn.id in host.party.operators
    welcome = _welcome(host, conn)
    if table is None or token is None:
        return [Reply(conn, welcome), host.tables_reply(conn), *held]
    before = Presence.of(table)
    _previous, out = table.rejoin(conn.id, token, msg.get("seen"))
    seat = table.seating.seat_of(conn.id)
    assert seat is not None
    welcome["resumed"] = {"table": table.id, "seat": seat.index}
    note = host.note_of(table)
    if note is not None:   # restored from a damaged save: say so, after the resync
        out = out + [(conn.id, error("damaged_save", note))]
    # (its bots wake: a game brought back by this token may wait for one)
    back: Effects = [CancelGrace(table, seat.index), Reply(conn, welcome)]
    return back + table_changed(table, out, before) + held


def _welcome(host: HostServices, conn: Conn) -> dict:
    """The welcome of a greeted connection, with what this host adds where it applies."""
    welcome = welcome_message(host.config.name, conn.id, host.config.turn_limit)
    welcome["party"] = True   # standings, saved games, private tables (docs/protocol.md 14)
    welcome["again"] = True   # Play again at a finished table (docs/protocol.md 14)
    if conn.operator:
        welcome["operator"] = True   # the host's own window, known by its secret
    for field, urls in (("addresses", host.addresses), ("share", host.share), ("web", host.web)):
        if urls:
            welcome[field] = urls
    return welcome


@handles("list")
def _list(host: HostServices, conn: Conn, msg: dict) -> Effects:
    return [host.tables_reply(conn, msg.get("over", False), msg.get("from", 1))]


@handles("create")
def _create(host: HostServices, conn: Conn, msg: dict) -> Effects:
    if host.table_at(conn) is not None:
        raise TableError("in_table", "already at a table; leave it first")
    host.room_for_a_table(conn)
    host.churn.check(conn)          # what the lobby pays for it (net/churn.py)
    table = host.new_table(msg["game"], msg["seats"], msg.get("options") or {}, owner=conn.id,
                           takeover=msg.get("takeover", True), hints=msg.get("hints", False),
                           made_by=conn.addr, clock=msg.get("clock"))
    return lobby_step(host, conn, {"t": "sit" if msg.get("sit", True) else "spectate"}, table)


@handles("leave")
def _leave(host: HostServices, conn: Conn, msg: dict) -> Effects:
    t = host.table_of(conn)
    before = Presence.of(t)
    seat = t.seating.seat_of(conn.id)
    out = t.leave(conn.id)
    kept: Effects = [CancelGrace(t, seat.index)] if seat is not None else []
    # (a finished table's player who leaves it will not play again: their kept seat opens)
    gone = play_again.release(host, t, [seat.index]) if seat is not None and t.status == "over" else []
    return kept + table_changed(t, out + [(conn.id, host.tables_msg(conn=conn))], before) + gone


@handles("again")
def _again(host: HostServices, conn: Conn, msg: dict) -> Effects:
    """Play again: the finished table's next game, with its seats and bots (net/again.py)."""
    return play_again.again(host, conn, msg)


@handles("action")
def _action(host: HostServices, conn: Conn, msg: dict) -> Effects:
    t = host.table_of(conn)
    out = t.act(conn.id, msg["seq"], msg["state"], msg["action"], msg.get("seat"))
    conn.refund()
    if t.status == "over":
        return table_changed(t, out)
    return [Publish(out, t), WakeBots(t)]


@handles("undo")
def _undo(host: HostServices, conn: Conn, msg: dict) -> Effects:
    t = host.table_of(conn)
    out = t.undo(conn.id, msg["seq"], msg["state"], msg.get("seat"))
    conn.refund()
    return [Publish(out, t)]


@handles("hint")
def _hint(host: HostServices, conn: Conn, msg: dict) -> Effects:
    t = host.table_of(conn)
    seat, view, legal = t.hint_request(conn.id, msg["state"], msg.get("seat"))
    return [AskHint(conn, t, msg, seat, view, legal)]


@handles("chat")
def _chat(host: HostServices, conn: Conn, msg: dict) -> Effects:
    t = host.table_of(conn)
    assert conn.name is not None
    return [Publish(t.chat(conn.id, conn.name, msg["text"]), t)]


@handles("nudge")
def _nudge(host: HostServices, conn: Conn, msg: dict) -> Effects:
    t = host.table_of(conn)
    return [Publish(t.nudge(conn.id), t)]


@handles("hidden")
def _hidden(host: HostServices, conn: Conn, msg: dict) -> Effects:
    """A page hidden at its turn is held as a dropped one is (net/turns.py), shown again it is
    its player's again."""
    t = host.table_of(conn)
    return [Publish(t.hide(conn.id, msg["hidden"]), t), WakeBots(t)]


@handles("ping")
def _ping(host: HostServices, conn: Conn, msg: dict) -> Effects:
    pong: dict = {"t": "pong"}
    if "n" in msg:
        pong["n"] = msg["n"]
    return [Reply(conn, pong)]


@handles("pong")
def _pong(host: HostServices, conn: Conn, msg: dict) -> Effects:
    return []


@handles("bye")
def _bye(host: HostServices, conn: Conn, msg: dict) -> Effects:
    return [Close(conn)]
