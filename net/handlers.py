"""One handler per client message type (its schema: ``CLIENT_SPECS`` in net/messages.py).

A message gets here after its connection's gates (net/session.py: rate, schema, hello) and goes
to ``HANDLERS[msg["t"]](host, conn, msg)``. A handler raises ``TableError`` or ``MessageError``
to refuse (the host answers ``error`` with its code; nothing changed); anything else it raises
is logged and answered ``internal``.

Adding a message is one change here (plus its Spec in CLIENT_SPECS and its lines in
docs/protocol.md; a test checks that the two lists match):

- a lobby message that asks the connection's table (or one it joins) something::

      @lobby_op("kick")                          # joins=True: the connection is at no table yet
      def kick(t: Table, c: Conn, m: dict) -> Out:
          return t.remove_seat(c.id, m["seat"])

  the host finds the table, sends what the table returns (after its journal), then tells the
  lobby and wakes the bots (``Host.lobby_op``);

- any other message::

      @handles("standings")
      def standings(host: Host, conn: Conn, msg: dict) -> None:
          host.send(conn, {"t": "standings", ...})

What a handler may use of the host: ``send(conn, msg)``, ``send_out(out, table)`` (a table's
messages, after its journal), ``table_of(conn)`` (its table, else ``no_table``), ``tables``
(id -> Table), ``lifecycle`` (net/lifecycle.py), ``lobby_changed(table)``, ``kick_bots(table)``,
``tables_msg()``, ``config``.
"""
from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import TYPE_CHECKING

from .links import Conn, Out
from .messages import error
from .table import Table, TableError, new_code, welcome_message

if TYPE_CHECKING:
    from .host import Host

Handler = Callable[["Host", Conn, dict], None]
TableOp = Callable[[Table, Conn, dict], Out]

#: message type -> its handler
HANDLERS: dict[str, Handler] = {}
#: the lobby messages and how each asks its table (the host's one lobby path: Host.lobby_op)
LOBBY_OPS: dict[str, TableOp] = {}
#: the lobby messages of a connection at no table yet
JOINS: set[str] = set()


def handles(*types: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for t in types:
            assert t not in HANDLERS, f"two handlers for {t!r}"
            HANDLERS[t] = fn
        return fn
    return register


def lobby_op(t: str, joins: bool = False) -> Callable[[TableOp], TableOp]:
    def register(fn: TableOp) -> TableOp:
        LOBBY_OPS[t] = fn
        if joins:
            JOINS.add(t)
        handles(t)(lambda host, conn, msg: host.lobby_op(conn, msg))
        return fn
    return register


# --- lobby messages: one table each -------------------------------------------------------------
@lobby_op("sit", joins=True)
def _sit(t: Table, c: Conn, m: dict) -> Out:
    assert c.name is not None
    return t.sit(c.id, c.name, m.get("seat"), m.get("code"))


@lobby_op("spectate", joins=True)
def _spectate(t: Table, c: Conn, m: dict) -> Out:
    assert c.name is not None
    return t.spectate(c.id, c.name, m.get("code"), m.get("seen"))


@lobby_op("colour")
def _colour(t: Table, c: Conn, m: dict) -> Out:
    return t.colour(c.id, m["colour"])


@lobby_op("ready")
def _ready(t: Table, c: Conn, m: dict) -> Out:
    return t.ready(c.id, m["ready"])


@lobby_op("bot")
def _bot(t: Table, c: Conn, m: dict) -> Out:
    return t.put_bot(c.id, m["seat"], m["level"])


@lobby_op("unbot")
def _unbot(t: Table, c: Conn, m: dict) -> Out:
    return t.remove_bot(c.id, m["seat"])


@lobby_op("start")
def _start(t: Table, c: Conn, m: dict) -> Out:
    return t.start(c.id, secrets.randbits(62))


@lobby_op("private")
def _private(t: Table, c: Conn, m: dict) -> Out:
    return t.set_private(c.id, m["private"], new_code())


@lobby_op("fill")
def _fill(t: Table, c: Conn, m: dict) -> Out:
    return t.fill(c.id, m.get("level"))


# --- the party night (net/party.py: what is the host's, not one table's) ---------------------------
@handles("remove", "standings", "new_night", "saved", "continue")
def _party(host: Host, conn: Conn, msg: dict) -> None:
    host.party.handle(conn, msg)


# --- tonight's finished games and their replays (net/replays.py: files, read off the loop) ------
@handles("finished")
def _finished(host: Host, conn: Conn, msg: dict) -> None:
    from . import replays

    async def answer() -> None:
        games = await asyncio.get_running_loop().run_in_executor(None, replays.tonight, host.config.data_dir)
        host.send(conn, {"t": "finished", "games": games})
    host._spawn(answer())


@handles("replay")
def _replay(host: Host, conn: Conn, msg: dict) -> None:
    from . import replays

    tid = msg["id"]
    if tid in host.tables and host.tables[tid].status != "over":
        raise TableError("no_replay", f"game {tid} is still being played: only finished games are replayed")

    async def answer() -> None:
        try:
            rep = await asyncio.get_running_loop().run_in_executor(None, replays.replay, host.config.data_dir, tid)
        except replays.NoReplay as exc:
            host.send(conn, error("no_replay", str(exc), seq=msg.get("seq"), ref="replay"))
            return
        rep["seed"] = str(rep["seed"])      # 62 bits: beyond the wire's plain ints (±2^53)
        host.send(conn, {"t": "replay", "id": tid, "replay": rep})
    host._spawn(answer())


# --- the rest -------------------------------------------------------------------------------------
@handles("hello")
def _hello(host: Host, conn: Conn, msg: dict) -> None:
    """The hello gate's last part (the version was checked by the session): a seat token takes
    its seat back; a connection let in over the limits (``knocking``) needs one."""
    if conn.name is not None:
        raise TableError("already_hello", "hello was already accepted")
    token = msg.get("token")
    table = host.table_of_token(token) if token else None
    if token and table is None:   # a seat of a saved game the host does not play now?
        table = host.party.restore_for_token(conn, token)
    if token and table is None:
        raise TableError("bad_token", "unknown seat token")
    if conn.knocking is not None:
        if table is None:
            host.links.refuse(conn, "busy", f"{conn.knocking}; only players coming back to "
                                            "their seat get in now", msg)
            host.links.close(conn)
            host.links.drop(conn)
            return
        conn.knocking = None
    conn.name = msg["name"]
    host.party.hello(conn, msg)
    welcome = welcome_message(host.config.name, conn.id)
    welcome["party"] = True   # standings, saved games, private tables (docs/protocol.md 14)
    if host.addresses:
        welcome["addresses"] = host.addresses
    if host.share:
        welcome["share"] = host.share
    if host.web:
        welcome["web"] = host.web
    if table is None or token is None:
        host.send(conn, welcome)
        host.send(conn, host.tables_msg())
        return
    previous, out = table.rejoin(conn.id, token, msg.get("seen"))
    seat = table.seat_of(conn.id)
    assert seat is not None
    host.grace.cancel(table, seat.index)
    conn.table = table
    if previous is not None and previous in host.links.conns:
        host.links.conns[previous].table = None
    welcome["resumed"] = {"table": table.id, "seat": seat.index}
    host.send(conn, welcome)
    note = host.lifecycle.notes.get(table.id)
    if note is not None:   # restored from a damaged save: say so, after the resync
        out = out + [(conn.id, error("damaged_save", note))]
    host.send_out(out, table)
    host.lobby_changed(table)
    host.kick_bots(table)   # a game brought back by this token may wait for a bot


@handles("list")
def _list(host: Host, conn: Conn, msg: dict) -> None:
    host.send(conn, host.tables_msg(msg.get("over", False), msg.get("from", 1)))


@handles("create")
def _create(host: Host, conn: Conn, msg: dict) -> None:
    if conn.table is not None and conn.table.id in host.tables:
        raise TableError("in_table", "already at a table; leave it first")
    life = host.lifecycle
    life.room_for_a_table(conn)
    table = life.new_table(msg["game"], msg["seats"], msg.get("options") or {}, owner=conn.id,
                           takeover=msg.get("takeover", True), hints=msg.get("hints", False))
    life.made_by[table.id] = conn.addr
    host.lobby_op(conn, {"t": "sit" if msg.get("sit", True) else "spectate"}, table)


@handles("leave")
def _leave(host: Host, conn: Conn, msg: dict) -> None:
    t = host.table_of(conn)
    seat = t.seat_of(conn.id)
    out = t.leave(conn.id)
    conn.table = None
    if seat is not None:
        host.grace.cancel(t, seat.index)
    host.send_out(out + [(conn.id, host.tables_msg())], t)
    host.lobby_changed(t)
    host.kick_bots(t)


@handles("action")
def _action(host: Host, conn: Conn, msg: dict) -> None:
    t = host.table_of(conn)
    host.send_out(t.act(conn.id, msg["seq"], msg["state"], msg["action"], msg.get("seat")), t)
    conn.refund()
    host.after_play(t)


@handles("undo")
def _undo(host: Host, conn: Conn, msg: dict) -> None:
    t = host.table_of(conn)
    host.send_out(t.undo(conn.id, msg["seq"], msg["state"], msg.get("seat")), t)
    conn.refund()


@handles("chat")
def _chat(host: Host, conn: Conn, msg: dict) -> None:
    t = host.table_of(conn)
    assert conn.name is not None
    host.send_out(t.chat(conn.id, conn.name, msg["text"]), t)


@handles("ping")
def _ping(host: Host, conn: Conn, msg: dict) -> None:
    pong: dict = {"t": "pong"}
    if "n" in msg:
        pong["n"] = msg["n"]
    host.send(conn, pong)


@handles("pong")
def _pong(host: Host, conn: Conn, msg: dict) -> None:
    pass


@handles("bye")
def _bye(host: Host, conn: Conn, msg: dict) -> None:
    host.links.close(conn)
