"""One counter numbers what a connection asks (issue 29, point 6: there were three, the window's
bridge, the thread facade and its AsyncClient each numbering on its own, so two messages could go
out with one ``seq`` and a refusal named the wrong one): whichever way a message leaves the window
(the bridge, the facade it holds, a message numbered first and handed on later), over a real
loopback host, each ``seq`` is given once, in order, and the host's refusals name the message
they refuse."""
from __future__ import annotations

import threading

from game.net_bridge import NetBridge
from net.config import HostConfig
from net.host import start_in_thread
from net.messages import Numbering

from waiting import HANG, until


def test_numbering_gives_each_message_the_next_seq_unless_it_has_one():
    n = Numbering()
    assert [n({"t": "ping"})["seq"] for _ in range(3)] == [1, 2, 3]
    assert n({"t": "ping", "seq": 40}) == {"t": "ping", "seq": 40}
    assert n({"t": "ping"})["seq"] == 4
    # from several threads at once: still each number once
    got: list[int] = []
    lock = threading.Lock()

    def take():
        for _ in range(500):
            s = n({"t": "ping"})["seq"]
            with lock:
                got.append(s)
    threads = [threading.Thread(target=take) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(HANG)
    assert sorted(got) == list(range(5, 5 + 2000))


def test_the_bridge_and_its_connection_number_with_one_counter():
    addr, port, stop = start_in_thread(HostConfig(bind="127.0.0.1", port=0, announce=False), timeout=HANG)
    bridge = NetBridge("Ana", discovery=False)
    try:
        bridge.connect(f"{addr}:{port}", "Ana")
        refused: list[dict] = []
        bridge.client._ac.frame_tap = lambda m: refused.append(m) if m.get("t") == "error" else None
        until(lambda: (bridge.poll(), bridge.connected)[1], "the welcome")
        # nothing of these is allowed before joining a table: each is refused, naming its seq
        asks = [{"t": "start"}, {"t": "ready", "ready": True}, {"t": "leave"}, {"t": "start"}]
        sent = [bridge.send(asks[0]),                                  # the bridge
                bridge.client.send(asks[1]),                           # the facade it holds
                bridge.client.numbered(asks[2]),                       # numbered now, sent later...
                bridge.send(asks[3])]
        bridge.client.send(sent[2])                                    # ... keeping its number
        seqs = [m["seq"] for m in sent]
        assert seqs == sorted(set(seqs)), seqs                         # once each, in order
        until(lambda: (bridge.poll(), {m.get("seq") for m in refused} >= set(seqs))[1], "the host's refusals")
        assert [m["code"] for m in refused if m.get("seq") in seqs] == ["no_table"] * len(asks), refused
        # what the bridge asked by itself (the standings, on the welcome) is on the same counter
        everything = bridge.sent + [sent[1], sent[2]]
        assert bridge.sent[0]["seq"] == 1 and len({m["seq"] for m in everything}) == len(everything), everything
    finally:
        bridge.disconnect()
        stop()
