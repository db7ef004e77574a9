"""Framing and message validation without I/O (net/protocol.py, net/messages.py)."""
import struct
from pathlib import Path

import msgpack
import pytest

from net import messages as m
from net.protocol import MAX_FRAME, FrameDecoder, FrameError, decode_body, encode

MSGS = [
    m.hello("Ana"),
    {"t": "action", "seq": 7, "state": 3, "action": {"type": "move", "figure": "worker",
                                                      "path": [[0, 1], [1, 1]]}},
    {"t": "chat", "text": "привет 👋"},
]


def test_frames_split_at_every_byte_boundary():
    stream = b"".join(encode(x) for x in MSGS)
    for cut in range(len(stream) + 1):
        dec = FrameDecoder()
        dec.feed(stream[:cut])
        got = list(dec)
        dec.feed(stream[cut:])
        got += list(dec)
        assert got == MSGS, cut
        assert dec.buffered == 0


def test_byte_by_byte_and_several_frames_in_one_read():
    stream = b"".join(encode(x) for x in MSGS)
    dec = FrameDecoder()
    got = []
    for b in stream:
        dec.feed(bytes([b]))
        got += list(dec)
    assert got == MSGS
    dec.feed(stream * 3)
    assert list(dec) == MSGS * 3


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


@pytest.mark.parametrize("body, why", [
    (msgpack.packb([1, 2]), "not a map"),
    (msgpack.packb({"x": 1}), "no t"),
    (msgpack.packb({"t": 5}), "t not a string"),
    (b"\xc1", "garbage byte"),
    (b"\x81\xa1t", "truncated map"),
    (msgpack.packb({"t": "a"}) + b"\x00", "two objects in one frame"),
    (msgpack.packb({1: 2, "t": "x"}), "int key"),
    (msgpack.packb({"t": "x", "e": msgpack.ExtType(3, b"zz")}), "ext type"),
    (msgpack.packb({"t": "x", "ts": msgpack.Timestamp(1, 0)}), "timestamp ext"),
    (b"\x91" * 3000 + b"\x80", "nested too deep"),
    (b"\x81\xa1t\xa2\xff\xfe", "invalid utf-8"),
])
def test_bad_bodies_kill_the_decoder(body, why):
    dec = FrameDecoder()
    dec.feed(encode({"t": "ping"}) + frame(body) + encode({"t": "pong"}))
    assert next(iter(dec)) == {"t": "ping"}
    with pytest.raises(FrameError) as e:
        list(dec)
    assert e.value.code == "frame"
    # dead for good: what follows a bad frame is not trusted
    dec.feed(encode({"t": "ping"}))
    with pytest.raises(FrameError):
        dec.next_message()


def test_oversize_frame_refused_from_its_header():
    dec = FrameDecoder()
    dec.feed(struct.pack(">I", MAX_FRAME + 1))  # no body needed to refuse it
    with pytest.raises(FrameError, match="exceeds"):
        dec.next_message()
    ok = FrameDecoder()
    body = msgpack.packb({"t": "chat", "text": "x" * (MAX_FRAME - 20)})
    assert len(body) <= MAX_FRAME
    ok.feed(frame(body))
    assert ok.next_message()["t"] == "chat"


def test_encode_refuses_what_a_peer_would_refuse():
    with pytest.raises(FrameError):
        encode({"t": "chat", "text": "x" * MAX_FRAME})
    with pytest.raises(FrameError):
        encode({"no": "type"})
    assert decode_body(encode({"t": "bye"})[4:]) == {"t": "bye"}


# --- messages --------------------------------------------------------------------------------------
@pytest.mark.parametrize("msg, code", [
    ({"t": "nope"}, "unknown_type"),
    ({"t": "welcome", "proto": 1, "host": "h", "player": 1, "games": {}}, "unknown_type"),
    ({"t": "hello", "name": "A"}, "bad_field"),
    ({"t": "hello", "proto": "1", "name": "A"}, "bad_field"),
    ({"t": "hello", "proto": 1, "name": ""}, "bad_field"),
    ({"t": "hello", "proto": 1, "name": "x" * 33}, "bad_field"),
    ({"t": "hello", "proto": 1, "name": "A", "token": "XYZ"}, "bad_field"),
    ({"t": "hello", "proto": 1, "name": b"A"}, "bad_field"),
    ({"t": "action", "seq": 1, "state": True, "action": {}}, "bad_field"),
    ({"t": "action", "seq": 1, "state": 1.0, "action": {}}, "bad_field"),
    ({"t": "action", "seq": 1, "state": 1, "action": []}, "bad_field"),
    ({"t": "action", "seq": -1, "state": 1, "action": {}}, "bad_field"),
    ({"t": "action", "seq": 1, "state": 1, "action": {"a": [[[[[[1]]]]]]}}, "bad_field"),
    ({"t": "action", "seq": 1, "state": 1, "action": {"a": 1 << 60}}, "bad_field"),
    ({"t": "create", "game": "chess", "seats": 2}, "bad_field"),
    ({"t": "create", "game": "tikal", "seats": 9}, "bad_field"),
    ({"t": "colour", "colour": "pink"}, "bad_field"),
    ({"t": "chat", "text": ""}, "bad_field"),
    ({"t": "chat", "text": "a\x00b"}, "bad_field"),
    ({"t": "sit", "table": 0}, "bad_field"),
])
def test_invalid_messages_have_codes(msg, code):
    with pytest.raises(m.MessageError) as e:
        m.validate(msg, m.CLIENT)
    assert e.value.code == code


def test_valid_messages_pass_and_unknown_fields_are_ignored():
    for msg in [m.hello("Ana", "ab" * 16), {"t": "list"},
                {"t": "create", "game": "tikal", "seats": 4, "options": {"variant": "auction"}},
                {"t": "undo", "seq": 2, "state": 9}, {"t": "ping", "n": 3, "future": [1]},
                {"t": "action", "seq": 1, "state": 0, "action": {"type": "roll"}, "seat": 3}]:
        assert m.validate(msg, m.CLIENT) is msg
    assert m.is_welcome({"t": "welcome", "proto": 1, "host": "h", "player": 1, "games": {}})
    assert not m.is_welcome({"t": "welcome", "proto": 2, "host": "h", "player": 1, "games": {}})
    assert not m.is_welcome({"t": "error", "code": "proto", "message": "x"})


def test_options_checked_per_game():
    assert m.check_options("tikal", {}) == {"variant": "base"}
    assert m.check_options("tortuga", {"cards_as_dice": True}) == {"cards_as_dice": True}
    for game, opts in [("tikal", {"variant": "x"}), ("tikal", {"cards_as_dice": True}),
                       ("tortuga", {"cards_as_dice": 1})]:
        with pytest.raises(m.MessageError):
            m.check_options(game, opts)


def test_every_error_code_documented():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "protocol.md").read_text("utf-8")
    missing = [c for c in m.ERROR_CODES if f"`{c}`" not in doc]
    assert not missing, f"error codes not in docs/protocol.md: {missing}"
    missing = [t for t in {**m.CLIENT_SPECS, **m.HOST_SPECS} if f'`{t}`' not in doc]
    assert not missing, f"message types not in docs/protocol.md: {missing}"
