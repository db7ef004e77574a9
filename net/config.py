"""The host's configuration: one dataclass, the one source of its defaults.

``HostConfig()`` is a host for programs and tests (bots play at once, nothing waits for people);
``COMMAND`` is what the host command (``tikal-host``, tikal_lan/host.py) starts from: the same
defaults but where people sit at its tables. The command's options take their defaults from
``COMMAND``, so a default is written once, here.

A leaf module: the host's parts (net/links.py, net/lifecycle.py, net/bots.py, net/host.py) read
their settings from it without importing the host.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from .protocol import DEFAULT_PORT

#: Finished games kept in the data dir; older ones move to its archive (net/saves.py).
KEEP_FINISHED = 200
#: Journals not written for this many days move to the archive.
KEEP_DAYS = 30.0


@dataclass
class HostConfig:
    name: str = "Tikal LAN host"
    bind: str = ""                 # "" = every interface
    port: int = DEFAULT_PORT       # 0 = any free port
    data_dir: str | Path | None = None   # journals; None = no journal (nothing survives a crash)
    resume: bool = False           # restore the unfinished tables of data_dir at start
    new_night: bool = False        # tonight's standings begin afresh at start (net/party.py)
    grace: float = 60.0            # seconds a dropped player's seat is held before a bot plays it
    ping_interval: float = 5.0
    ping_timeout: float = 15.0     # a connection silent this long is closed
    rate: float = 100.0            # messages per second per connection (token bucket) ...
    burst: float = 200.0           # ... with this bucket size
    bot_delay: float = 0.0         # seconds a bot waits before it plays where people sit
    bots_alone_delay: float = 0.0  # ... and at a table of bots only (0: full speed)
    announce: bool = True          # zeroconf announcement (net/discovery.py)
    #: the IPv4 addresses other machines reach this host at, as the host says them (the welcome's
    #: ``addresses`` and ``web``, the TV's QR code); None: this machine's own, read from its
    #: interfaces (net/discovery.py ``reach_addresses``). Tests give a list: the host's address
    #: list faked without touching the machine's interfaces (nothing is sent to it).
    lan: tuple[str, ...] | None = None
    bot_threads: int = 2
    hint_workers: int = 2          # processes computing hints for browsers (net/hints.py) ...
    hint_queue: int = 16           # ... and the requests that may wait for one, host-wide
    hint_burst: int = 6            # hints a connection may ask at once ...
    hint_every: float = 2.0        # ... then one every this many seconds (0: no limit)
    inline_sync_below: float = 1e-3  # journal syncs faster than this run in the loop (SyncTimer)
    disk_retry: float = 2.0        # a table paused by a full disk checks it this often
    keep_finished: int = KEEP_FINISHED  # finished games kept in data_dir (net/saves.py)
    keep_days: float = KEEP_DAYS        # journals not written for longer are archived
    max_conns: int = 256           # connections in all ...
    max_conns_per_addr: int = 16   # ... and from one address
    max_unsent: int = 512 << 10    # bytes a connection may leave unread before it is closed
    max_held: int = 32 << 20       # bytes of unfinished frames, all connections together
    max_tables: int = 64           # tables in all (a finished one makes room) ...
    max_tables_per_addr: int = 6   # ... and made by connections from one address
    over_linger: float = 300.0     # a finished table stays this long (results, rejoin)
    #: a new table's turn clock, unless its ``create`` chooses (seconds a turn may last before a
    #: bot plays it for its player; 0: no clock): a relaxed party clock (net/turns.py)
    turn_limit: float = 180.0
    abandoned_after: float = 1800.0  # a game nobody is at and no bot plays is put away


#: The host command's defaults: people sit at its tables, so a bot waits a moment before it plays
#: there (a table of bots only still plays at full speed).
COMMAND = replace(HostConfig(), bot_delay=0.6)
