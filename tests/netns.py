"""Throw-away LANs made of network namespaces, for tests that need real multicast between
machines (root and iproute2 needed; tests skip with the reason where they are missing).

    def test_x(netns_lan):                  # the fixture: import it into the test module
        lan = netns_lan(3)                  # three machines on one switch
        host = lan.nodes[0]                 # host.ns, host.address == "10.213.0.1"
        proc = host.popen([sys.executable, "run_host.py", "--bind", host.address, ...])
        ...                                 # everything is removed after the test, even on failure

Topology: one namespace holds a bridge (the switch); every node namespace is linked to it by a
veth pair (``eth0`` in the node, ``pN`` on the bridge), has ``lo`` up, an address in
10.213.0.0/24 and a multicast route on ``eth0``. Nothing is connected to the machine's own
network: multicast (zeroconf) stays between the nodes.

Names are ``tkl-<pid>-<4 hex>-sw`` / ``-nN``, unique per run; a LAN left behind by a process that
died without cleaning up is removed the next time one is made.
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
from dataclasses import dataclass, field

import pytest

from waiting import HANG

SUBNET = "10.213.0"
_NAME = re.compile(r"^tkl-(\d+)-[0-9a-f]{4}-(sw|n\d+)$")


class NetnsError(RuntimeError):
    pass


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    res = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=HANG)
    if check and res.returncode != 0:
        raise NetnsError(f"ip {' '.join(args)}: {res.stderr.strip() or res.returncode}")
    return res


def unavailable() -> str | None:
    """Why test namespaces cannot be made here, or None if they can."""
    if shutil.which("ip") is None:
        return "iproute2's `ip` command is not installed"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return "`ip netns` needs root"
    probe = f"tkl-{os.getpid()}-{secrets.token_hex(2)}-n99"
    res = _ip("netns", "add", probe, check=False)
    if res.returncode != 0:
        return f"`ip netns add` fails here: {res.stderr.strip()}"
    try:
        res = _ip("-n", probe, "link", "add", "va", "type", "veth", "peer", "name", "vb",
                  check=False)
        if res.returncode != 0:
            return f"veth links cannot be made here: {res.stderr.strip()}"
    finally:
        _ip("netns", "del", probe, check=False)
    return None


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale() -> list[str]:
    """Delete test namespaces whose creating process is gone. Returns their names."""
    res = _ip("netns", "list", check=False)
    gone = []
    for line in res.stdout.splitlines():
        name = line.split()[0] if line.split() else ""
        m = _NAME.match(name)
        if m and int(m.group(1)) != os.getpid() and not _pid_alive(int(m.group(1))):
            _ip("netns", "del", name, check=False)
            gone.append(name)
    return gone


@dataclass
class Node:
    ns: str
    address: str
    lan: "Lan"

    def cmd(self, argv: list[str]) -> list[str]:
        return ["ip", "netns", "exec", self.ns, *argv]

    def popen(self, argv: list[str], **kw) -> subprocess.Popen:
        """Start ``argv`` inside this node; it is killed when the LAN is destroyed."""
        proc = subprocess.Popen(self.cmd(argv), **kw)
        self.lan.procs.append(proc)
        return proc

    def run(self, argv: list[str], **kw) -> subprocess.CompletedProcess:
        kw.setdefault("timeout", 30)
        return subprocess.run(self.cmd(argv), **kw)


@dataclass
class Lan:
    prefix: str
    nodes: list[Node] = field(default_factory=list)
    namespaces: list[str] = field(default_factory=list)
    procs: list[subprocess.Popen] = field(default_factory=list)

    @classmethod
    def create(cls, n: int) -> "Lan":
        if not 1 <= n <= 200:
            raise ValueError("1..200 nodes")
        remove_stale()
        lan = cls(prefix=f"tkl-{os.getpid()}-{secrets.token_hex(2)}")
        try:
            lan._build(n)
        except BaseException:
            lan.destroy()
            raise
        return lan

    def _add_ns(self, name: str) -> str:
        _ip("netns", "add", name)
        self.namespaces.append(name)
        _ip("-n", name, "link", "set", "lo", "up")
        return name

    def _build(self, n: int) -> None:
        sw = self._add_ns(f"{self.prefix}-sw")
        _ip("-n", sw, "link", "add", "br0", "type", "bridge", "stp_state", "0",
            "mcast_snooping", "0")
        _ip("-n", sw, "link", "set", "br0", "up")
        for i in range(n):
            ns = self._add_ns(f"{self.prefix}-n{i}")
            address = f"{SUBNET}.{i + 1}"
            _ip("-n", sw, "link", "add", f"p{i}", "type", "veth", "peer", "name", "eth0",
                "netns", ns)
            _ip("-n", sw, "link", "set", f"p{i}", "master", "br0", "up")
            _ip("-n", ns, "addr", "add", f"{address}/24", "dev", "eth0")
            _ip("-n", ns, "link", "set", "eth0", "up")
            _ip("-n", ns, "route", "add", "224.0.0.0/4", "dev", "eth0")
            self.nodes.append(Node(ns, address, self))

    def destroy(self) -> None:
        """Kill every process started in the LAN, then delete its namespaces. Idempotent."""
        for proc in self.procs:
            if proc.poll() is None:
                proc.kill()
        for proc in self.procs:
            try:
                proc.wait(timeout=HANG)
            except subprocess.TimeoutExpired:  # pragma: no cover - a process stuck in the kernel
                pass
            for stream in (proc.stdout, proc.stderr, proc.stdin):
                if stream is not None:
                    stream.close()
        self.procs.clear()
        for ns in reversed(self.namespaces):
            _ip("netns", "del", ns, check=False)
        self.namespaces.clear()

    def exists(self) -> list[str]:
        """The LAN's namespaces that still exist (for the harness's own test)."""
        listed = {line.split()[0] for line in _ip("netns", "list").stdout.splitlines() if line}
        return sorted(ns for ns in listed if ns.startswith(self.prefix))


@pytest.fixture
def netns_lan(request):
    """A factory: ``netns_lan(n)`` makes a LAN of n nodes, destroyed after the test (also when
    it fails). Skips the test with the reason where namespaces are unavailable."""
    reason = unavailable()
    if reason:
        pytest.skip(f"network namespaces unavailable: {reason}")
    lans: list[Lan] = []

    def make(n: int) -> Lan:
        lan = Lan.create(n)
        lans.append(lan)
        return lan

    def cleanup():
        for lan in lans:
            lan.destroy()
    request.addfinalizer(cleanup)
    return make
