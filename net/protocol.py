"""The wire framing without I/O (contract section 4; docs/protocol.md).

Like h11: bytes go in, messages come out, and back. Every frame is a 4-byte unsigned big-endian
length followed by that many bytes holding exactly one msgpack map with a string field ``"t"``.

    dec = FrameDecoder()
    dec.feed(data)                 # whatever the socket gave us, split anywhere
    for msg in dec:                # complete messages, in order; raises FrameError on a bad frame
        ...
    sock.send(encode({"t": "ping", "n": 1}))

After a ``FrameError`` the decoder is dead (every later call raises the same error): as the
msgpack documentation advises, a connection whose bytes could not be decoded for any reason other
than "not enough data yet" is dropped, because we can no longer know where the next frame starts
(or whether the peer is one we want to talk to).
"""
from __future__ import annotations

import struct
from typing import NoReturn

import msgpack

#: Protocol version spoken by this host and client (``hello.proto``).
PROTO = 1
#: Default TCP port of a host (``run_host.py --port``).
DEFAULT_PORT = 47474
#: Largest frame body accepted or sent, in bytes.
MAX_FRAME = 1 << 20
_HEADER = struct.Struct(">I")
HEADER_SIZE = _HEADER.size

# Strict unpacking: no ext types (the timestamp ext included), string keys only, small limits.
# A frame is at most 1 MiB, so no container can be longer than that anyway; these bound the work
# one frame can cause well below it.
_UNPACK_OPTS = dict(
    raw=False,
    strict_map_key=True,
    use_list=True,
    max_ext_len=0,
    max_bin_len=64 * 1024,
    max_str_len=MAX_FRAME,
    max_array_len=20_000,
    max_map_len=20_000,
)


class FrameError(Exception):
    """A frame that cannot be accepted. ``code`` is the wire error code (always ``"frame"``);
    the connection that sent it is answered with an ``error`` and closed."""

    code = "frame"

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def encode(msg: dict) -> bytes:
    """One frame holding ``msg`` (a dict with a string ``"t"``). Raises FrameError if the body
    would exceed MAX_FRAME (a host never sends such a frame: it would be refused)."""
    if not isinstance(msg, dict) or not isinstance(msg.get("t"), str):
        raise FrameError("a message is a dict with a string 't'")
    try:
        body = msgpack.packb(msg, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as exc:
        raise FrameError(f"not encodable as msgpack: {exc}") from None
    if len(body) > MAX_FRAME:
        raise FrameError(f"frame of {len(body)} bytes exceeds the {MAX_FRAME}-byte limit")
    return _HEADER.pack(len(body)) + body


def decode_body(body: bytes) -> dict:
    """The message in one frame body; FrameError if it is not one msgpack map with a string 't'."""
    try:
        msg = msgpack.unpackb(body, **_UNPACK_OPTS)
    except Exception as exc:  # msgpack raises ValueError, FormatError, StackError, ExtraData…
        raise FrameError(f"undecodable frame body ({type(exc).__name__})") from None
    if not isinstance(msg, dict):
        raise FrameError(f"frame body is a {type(msg).__name__}, not a map")
    if not isinstance(msg.get("t"), str):
        raise FrameError("message has no string field 't'")
    return msg


class FrameDecoder:
    """Incremental decoder: ``feed`` bytes, iterate complete messages."""

    def __init__(self, max_frame: int = MAX_FRAME):
        self.max_frame = max_frame
        self._buf = bytearray()
        self._error: FrameError | None = None

    @property
    def buffered(self) -> int:
        """Bytes received and not yet part of a complete message."""
        return len(self._buf)

    def feed(self, data: bytes) -> None:
        if self._error is None:
            self._buf += data

    def next_message(self) -> dict | None:
        """The next complete message, or None if more bytes are needed."""
        if self._error is not None:
            raise self._error
        if len(self._buf) < HEADER_SIZE:
            return None
        (size,) = _HEADER.unpack_from(self._buf)
        if size > self.max_frame:
            self._fail(FrameError(f"frame of {size} bytes exceeds the {self.max_frame}-byte limit"))
        if len(self._buf) < HEADER_SIZE + size:
            return None
        body = bytes(self._buf[HEADER_SIZE:HEADER_SIZE + size])
        del self._buf[:HEADER_SIZE + size]
        try:
            return decode_body(body)
        except FrameError as exc:
            self._fail(exc)

    def _fail(self, exc: FrameError) -> NoReturn:
        self._error = exc
        self._buf.clear()
        raise exc

    def __iter__(self):
        while True:
            msg = self.next_message()
            if msg is None:
                return
            yield msg
