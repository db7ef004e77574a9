"""The player key (issue 28; docs/protocol.md section 2, "The player key"): its shape, its hash,
and that the host never sends it, on a real loopback host."""
from __future__ import annotations

import asyncio

from net.identity import KEY_MAX, KEY_MIN, key_hash, local_key, new_key, valid_key
from net.messages import CLIENT, MessageError, hello, validate
from net.protocol import decode_body, encode
from tests.net_helpers import connect, live_host, run


def test_a_new_key_is_valid_and_its_hash_is_stable_and_tells_nothing_of_it():
    keys = {new_key() for _ in range(50)}
    assert len(keys) == 50 and all(valid_key(k) and len(k) == 43 for k in keys)
    k = next(iter(keys))
    assert key_hash(k) == key_hash(k) and len(key_hash(k)) == 32
    assert all(c in "0123456789abcdef" for c in key_hash(k))
    assert k not in key_hash(k) and key_hash(k) != key_hash(k[:-1] + ("A" if k[-1] != "A" else "B"))


def test_the_keys_shape_is_checked_in_the_hello():
    good = ["a" * KEY_MIN, "Z9_-" * 16, "x" * KEY_MAX]
    bad = ["a" * (KEY_MIN - 1), "a" * (KEY_MAX + 1), "a" * 30 + "=", "a" * 30 + " ", "é" * 30,
           "a" * 29 + "\n", 12345678901234567890123, None, ["a" * 30]]
    for k in good:
        validate({**hello("Ana"), "key": k}, CLIENT)
    for k in bad:
        try:
            validate({**hello("Ana"), "key": k}, CLIENT)
        except MessageError as exc:
            assert exc.code == "bad_field" and "key" in exc.message
        else:
            raise AssertionError(f"key {k!r} was accepted")


def test_local_players_of_one_install_are_people_of_their_own():
    k = new_key()
    finn, anna = local_key(k, "Finn"), local_key(k, "Anna")
    assert valid_key(finn) and valid_key(anna) and len({k, finn, anna}) == 3
    assert local_key(k, "Finn") == finn == local_key(k, " FINN ")   # the name as people tell them apart
    assert local_key(new_key(), "Finn") != finn                     # another install: another person


@run
async def test_a_bad_key_refuses_the_hello_and_a_good_one_is_never_sent_back(tmp_path):
    frames: list[dict] = []
    async with live_host(data_dir=tmp_path / "d") as host:
        host.frame_tap = lambda cid, frame: frames.append(decode_body(frame[4:]))
        # a raw connection: a hello with a bad key is refused (bad_field), the next one is accepted
        reader, writer = await asyncio.open_connection(*host.address)
        writer.write(encode({**hello("Ana"), "key": "not a key!"}))
        key = new_key()
        writer.write(encode(hello("Ana", key=key)))
        await writer.drain()
        got = []
        buf = b""
        while not any(m.get("t") == "welcome" for m in got):
            buf += await asyncio.wait_for(reader.read(65536), 120)
            while len(buf) >= 4 and len(buf) >= 4 + int.from_bytes(buf[:4], "big"):
                n = int.from_bytes(buf[:4], "big")
                got.append(decode_body(buf[4:4 + n]))
                buf = buf[4 + n:]
        assert got[0]["t"] == "error" and got[0]["code"] == "bad_field" and got[0]["ref"] == "hello"
        conn = next(c for c in host.conns.values() if c.name == "Ana")
        assert conn.key == key_hash(key)
        # the keyed player makes a table and plays with another: nothing they receive holds the key
        a = await connect(host, "Ben", key=(key2 := new_key()))
        a.send({"t": "create", "game": "tortuga", "seats": 2})
        await a.expect("seated")
        writer.write(encode({"t": "sit", "table": 1}))
        await writer.drain()
        await a.expect("table", pred=lambda m: m["table"]["players"][1]["kind"] == "human")
        writer.close()
        blob = repr(frames)
        for k in (key, key2):
            assert k not in blob and key_hash(k) not in blob
