"""Fuzz a live host (hypothesis): random frames and random messages over real sockets. After each
one the game's state is unchanged, every answer is a coded error (or a pong/chat), and the host
still answers."""
import asyncio
import socket
import struct

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from net import messages as m
from net.config import HostConfig
from net.host import Host, start_in_thread
from net.protocol import FrameDecoder, FrameError, encode

from waiting import HANG

FIELDS = sorted({f for spec in m.CLIENT_SPECS.values() for f in (*spec.required, *spec.optional)}
                | {"x", "type"})
# "leave" and "bye" would legitimately change who sits where; everything else must change nothing
TYPES = sorted(set(m.CLIENT_SPECS) - {"leave", "bye"}) + ["nope", "welcome", "update", ""]


class SyncConn:
    def __init__(self, addr, hello: str | None = "fuzz"):
        self.s = socket.create_connection(addr, timeout=HANG)
        self.dec = FrameDecoder()
        self.n = 0
        if hello:
            self.send({"t": "hello", "proto": 1, "name": hello})
            self.until(lambda x: x["t"] == "welcome")

    def send(self, msg):
        self.s.sendall(encode(msg))

    def send_raw(self, data):
        self.s.sendall(data)

    def recv(self):
        while True:
            msg = self.dec.next_message()
            if msg is not None:
                return msg
            data = self.s.recv(65536)
            if not data:
                raise ConnectionError("closed")
            self.dec.feed(data)

    def until(self, pred):
        seen = []
        while True:
            msg = self.recv()
            if pred(msg):
                return msg, seen
            seen.append(msg)

    def roundtrip(self):
        """Ping and wait for the pong; the messages received before it."""
        self.n += 1
        self.send({"t": "ping", "n": self.n})
        return self.until(lambda x: x["t"] == "pong" and x.get("n") == self.n)[1]

    def close(self):
        self.s.close()


@pytest.fixture(scope="module")
def live():
    # no keep-alive pings nor silence cuts while the module runs (however long a busy machine takes):
    # the fuzzing counts what the host sends and keeps, and A and B stay connected without answering
    host = Host(HostConfig(bind="127.0.0.1", port=0, announce=False, rate=1e6, burst=1e6,
                           ping_interval=3600.0, ping_timeout=7200.0))
    addr, port, stop = start_in_thread(host=host, timeout=HANG)
    a, b = SyncConn((addr, port), "A"), SyncConn((addr, port), "B")
    a.send({"t": "create", "game": "tortuga", "seats": 2})
    tid = a.until(lambda x: x["t"] == "seated")[0]["table"]
    b.send({"t": "sit", "table": tid})
    b.until(lambda x: x["t"] == "seated")
    b.send({"t": "ready", "ready": True})
    a.until(lambda x: x["t"] == "table" and x["table"]["players"][1]["ready"])
    a.send({"t": "start"})
    up = a.until(lambda x: x["t"] == "update")[0]
    assert up["to_act"] == 0  # b (seat 1) is never to act during the fuzzing
    b.roundtrip()
    table = host.tables[tid]

    def state():
        async def snap():
            return table.state, table.game.snapshot(), len(host.conns)
        return asyncio.run_coroutine_threadsafe(snap(), host.loop).result(HANG)

    yield {"addr": (addr, port), "b": b, "state": state, "host": host, "up": up}
    a.close()
    b.close()
    stop()


plain = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats(allow_nan=False)
    | st.text(max_size=20) | st.binary(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids,
                                                               max_size=4),
    max_leaves=12)


@st.composite
def messages(draw):
    msg = {"t": draw(st.sampled_from(TYPES))}
    for f in draw(st.lists(st.sampled_from(FIELDS), max_size=5, unique=True)):
        msg[f] = draw(plain | st.integers(0, 10))
    return msg


@st.composite
def envelopes(draw):
    """Well-formed envelopes with random contents: they get past the schema to the table."""
    t = draw(st.sampled_from(["action", "undo", "colour", "ready", "bot", "unbot", "start",
                              "sit", "spectate", "create", "chat"]))
    msg = {"t": t, "seq": draw(st.integers(0, 99)), "state": draw(st.integers(0, 3))}
    if t == "action":
        msg["action"] = draw(st.dictionaries(st.sampled_from(["type", "turtle", "eggs", "hex"]),
                                             plain, max_size=3)
                             | st.sampled_from([{"type": "roll"}, {"type": "stop"},
                                                {"type": "choose_turtle", "turtle": 1}]))
    extra = {"colour": {"colour": draw(st.sampled_from(m.COLOURS))},
             "ready": {"ready": draw(st.booleans())},
             "bot": {"seat": draw(st.integers(0, 6)), "level": "random"},
             "unbot": {"seat": draw(st.integers(0, 6))},
             "sit": {"table": draw(st.integers(1, 3))},
             "spectate": {"table": draw(st.integers(1, 3))},
             "create": {"game": "tikal", "seats": 2},
             "chat": {"text": draw(st.text(min_size=1, max_size=20).filter(str.isprintable))}}
    msg.update(extra.get(t, {}))
    if draw(st.booleans()):
        msg["seat"] = draw(st.integers(0, 1))
    return msg


FUZZ = settings(max_examples=120, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@pytest.mark.slow
@FUZZ
@given(msg=messages() | envelopes())
def test_random_messages_from_a_seated_player_change_nothing(live, msg):
    before = live["state"]()
    b = live["b"]
    b.send(msg)
    answers = b.roundtrip()
    for ans in answers:
        # (standings, saved, finished and replay answer a question: they change nothing; a nudge is
        # told, a hidden page's seat says so in the table's summary: the game is the same)
        told = ("error", "chat", "pong", "tables", "standings", "saved", "finished", "replay", "nudged")
        assert ans["t"] in told or (ans["t"] == "table" and msg.get("t") == "hidden"), ans
        if ans["t"] == "error":
            assert ans["code"] in m.ERROR_CODES and not m.ERROR_CODES[ans["code"]][1], ans
    assert live["state"]()[:2] == before[:2]


@pytest.mark.slow
@FUZZ
@given(msg=messages())
def test_random_messages_before_hello_change_nothing(live, msg):
    if msg["t"] == "hello":
        msg["proto"] = 1
    before = live["state"]()
    c = SyncConn(live["addr"], hello=None)
    try:
        c.send(msg)
        try:
            answers = c.roundtrip()
        except ConnectionError:
            answers = None  # closed: only allowed for a wrong protocol version
            assert msg["t"] == "hello"
        for ans in answers or []:
            assert ans["t"] in ("error", "welcome", "tables", "pong"), ans
            if msg["t"] not in ("hello", "ping"):
                assert ans["t"] == "error" and ans["code"] in (
                    "hello_first", "unknown_type", "bad_field"), ans
    finally:
        c.close()
    assert live["state"]()[:2] == before[:2]
    assert live["b"].roundtrip() is not None


@pytest.mark.slow
@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=st.binary(max_size=64) | plain.map(lambda v: msgpack.packb(v, use_bin_type=True)),
       split=st.integers(1, 8))
def test_random_frames_are_refused_and_the_host_carries_on(live, body, split):
    before = live["state"]()
    c = SyncConn(live["addr"], hello="raw")
    try:
        data = struct.pack(">I", len(body)) + body
        step = max(1, len(data) // split)
        for i in range(0, len(data), step):
            c.send_raw(data[i:i + step])
        try:
            decoded = FrameDecoder()
            decoded.feed(data)
            valid = decoded.next_message()
        except FrameError:
            valid = None
        if valid is None:
            err = c.until(lambda x: x["t"] == "error")[0]
            assert err["code"] == "frame"
            with pytest.raises(ConnectionError):
                while True:
                    c.recv()
        else:
            c.roundtrip()  # a well-formed map: answered (or ignored), the connection lives
    finally:
        c.close()
    assert live["state"]()[:2] == before[:2]
    live["b"].roundtrip()
