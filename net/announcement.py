"""The host's zeroconf announcement and its TXT record (net/discovery.py does the zeroconf).

The TXT says how many seats are free and how many tables there are; ``update`` keeps it equal to
the host's (a no-op when they have not changed). Each change also gets a new ``rev``: a TXT that
comes back within a second (3 free seats, then 2, then 3 again) would be taken by the browsers'
zeroconf caches for the record they still hold, and they would go on showing 2.
"""
from __future__ import annotations

import logging
from typing import Any

from .discovery import announce_host

log = logging.getLogger("tikal.host")


class Announcement:
    def __init__(self) -> None:
        self.announcer: Any = None     # net.discovery.Announcer while announced
        self.announced: tuple[int, int] | None = None   # (free seats, tables) in its TXT
        self.rev = 0

    async def start(self, host: Any) -> None:
        """Announce ``host`` (a running net.host.Host) on the LAN; when that fails (no multicast
        on this machine) the host still works by address."""
        try:
            self.announcer = await announce_host(host)
        except Exception:
            log.exception("announcement failed: the host is reachable by address only")
            self.announcer = None
            return
        self.announced = (host.free_seats(), len(host.tables))

    def update(self, free_seats: int, tables: int) -> None:
        if self.announcer is None:
            return
        now = (free_seats, tables)
        if now != self.announced:
            self.announced = now
            self.rev += 1
            try:
                self.announcer.update_soon(free_seats=free_seats, tables=tables, rev=self.rev)
            except Exception:  # the announcement is a convenience; the host goes on without it
                log.exception("announcement update failed")

    async def stop(self) -> None:
        if self.announcer is not None:
            try:
                await self.announcer.stop()
            except Exception:  # pragma: no cover - best effort at shutdown
                log.exception("announcer close failed")
            self.announcer = None
