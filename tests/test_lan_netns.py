"""A LAN party in network namespaces: the host (run_host.py) on one machine, two players on two
others, joined through a switch; zeroconf multicast only between them (tests/netns.py).

The players find the host by zeroconf alone (no address is given to them), join two seats of the
table the host opened (bots hold the other two) and play the whole game through the client
library (net/client.py). This file is also the players' program:
``python tests/test_lan_netns.py player --iface ADDR --name NAME --seed N``.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
for p in (str(ROOT), str(TESTS)):
    if p not in sys.path:
        sys.path.insert(0, p)

import pytest  # noqa: E402

from waiting import HANG  # noqa: E402

HOST_NAME = "LAN party host"
GAME, SEATS, BOTS = "tikal", 4, 2   # base Tikal: two players, two bots of the host
PORT = 47474

pytestmark = [pytest.mark.netns, pytest.mark.slow]


# --- the players' program (runs inside a namespace) ---------------------------------------------

async def player(iface: str, name: str, seed: int) -> dict:
    from net.discovery import Browser

    from net_helpers import BotClient, PatientClient
    from waiting import HANG

    t0 = time.perf_counter()
    async with Browser(interfaces=[iface], player_name=name) as browser:
        [found] = await browser.wait_until(
            lambda hs: [h for h in hs if h.name == HOST_NAME], timeout=HANG)
    found_ms = (time.perf_counter() - t0) * 1000

    client = PatientClient(found.address, found.port, name, validate_incoming=True)
    await client.start()
    try:
        welcome = await client.expect("welcome")
        client.send({"t": "list"})
        tables = await client.expect("tables")
        [tid] = [t["id"] for t in tables["tables"] if t["game"] == GAME and t["status"] == "lobby"]
        client.send({"t": "sit", "table": tid})
        seated = await client.expect("seated")
        client.send({"t": "ready", "ready": True})
        lobby = await client.expect("table", pred=lambda m: all(
            p["kind"] != "empty" and p["ready"] for p in m["table"]["players"]))
        if lobby["table"]["owner"] == welcome["player"]:
            client.send({"t": "start"})
        seat_player = BotClient(client, GAME, "random", seed)
        final = await seat_player.play()
    finally:
        await client.close()
    return {"name": name, "addresses": welcome.get("addresses"), "found": found.as_dict(),
            "found_ms": round(found_ms, 1),
            "seat": seated["seat"], "acted": seat_player.acted, "over": final["over"],
            "scores": final["scores"], "winners": final["winners"],
            "errors": [e["code"] for e in seat_player.errors]}


def _main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("role", choices=["player"])
    p.add_argument("--iface", required=True)
    p.add_argument("--name", required=True)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args(argv)
    print(json.dumps(asyncio.run(player(args.iface, args.name, args.seed))), flush=True)
    return 0


# --- the tests ------------------------------------------------------------------------------------

def test_harness_makes_linked_namespaces_and_removes_them(netns_lan):
    lan = netns_lan(2)
    a, b = lan.nodes
    assert len(lan.exists()) == 3                       # the switch and two machines
    out = a.run(["ip", "-4", "-o", "addr", "show", "dev", "eth0"], capture_output=True, text=True)
    assert f"{a.address}/24" in out.stdout
    # b reaches a over the switch: a TCP listener in a answers a connect from b.
    code = ("import socket,sys; s=socket.create_connection((sys.argv[1], int(sys.argv[2])), 5);"
            "print(s.recv(2).decode())")
    srv = a.popen([sys.executable, "-c",
                   "import socket,sys; l=socket.create_server((sys.argv[1], 0)); "
                   "print(l.getsockname()[1], flush=True); c,_=l.accept(); c.sendall(b'ok')",
                   a.address], stdout=subprocess.PIPE, text=True)
    port = int(srv.stdout.readline())
    res = b.run([sys.executable, "-c", code, a.address, str(port)], capture_output=True, text=True)
    assert res.stdout.strip() == "ok"
    # ... and nothing of the LAN is reachable from the machine itself.
    root = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    assert a.address not in root
    lan.destroy()
    assert lan.exists() == []


def test_two_players_find_the_host_by_zeroconf_and_play_a_whole_game(netns_lan, tmp_path):
    lan = netns_lan(3)
    host_node, *player_nodes = lan.nodes
    host = host_node.popen(
        [sys.executable, str(ROOT / "run_host.py"), "--headless", "--bind", host_node.address,
         "--port", str(PORT), "--name", HOST_NAME, "--game", GAME, "--seats", str(SEATS),
         "--bots", str(BOTS), "--bot-delay", "0", "--data-dir", str(tmp_path),
         "--exit-when-over",
         "--log-level", "WARNING"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    ready = host.stdout.readline()
    assert "listening on" in ready, (ready, host.stderr.read() if host.poll() is not None else "")
    assert host.stdout.readline().startswith(f"web page on {host_node.address}:{PORT + 1}")
    assert host.stdout.readline().strip() == (f"players join at {host_node.address}:{PORT}; phones and "
                                              f"browsers open http://{host_node.address}:{PORT + 1}/")

    players = [node.popen([sys.executable, __file__, "player", "--iface", node.address,
                           "--name", f"Player {i + 1}", "--seed", str(i + 1)],
                          cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for i, node in enumerate(player_nodes)]
    results = []
    for proc in players:
        out, err = proc.communicate(timeout=HANG)
        assert proc.returncode == 0, err[-3000:]
        results.append(json.loads(out.strip().splitlines()[-1]))
    host_out, host_err = host.communicate(timeout=HANG)
    assert host.returncode == 0, host_err[-3000:]

    for r in results:
        # Found by zeroconf at the host machine's address, after a real hello (ping measured).
        assert r["found"]["address"] == host_node.address and r["found"]["port"] == PORT
        assert r["found"]["name"] == HOST_NAME and GAME in r["found"]["games"]
        assert r["found"]["ping_ms"] > 0
        # The welcome tells them where others can type to join: the address it serves on.
        assert r["addresses"] == [f"{host_node.address}:{PORT}"]
        assert r["over"] and r["acted"] > 0 and r["errors"] == []
    assert sorted(r["seat"] for r in results) == [0, 1]
    assert results[0]["scores"] == results[1]["scores"]
    assert results[0]["winners"] == results[1]["winners"]
    assert f"scores {results[0]['scores']}" in host_out


if __name__ == "__main__":
    sys.exit(_main())
