"""The host hands the game out (``run_host.py --share DIR``): a small read-only web server on a
second port of the host's address. Its page says how to join (the host's address and port) and
lists the files of DIR (the wheel, the sdist, the built apps) for download, so a guest with no
Python types the address shown in the lobby into a browser and gets the client.

Safe by construction: only the regular files directly in DIR whose names the listing shows can be
fetched (a request names one of them or is refused: no ``..``, no absolute or encoded path, no
subfolder, no dotfile, no symlink leading out of DIR); GET and HEAD only.

Slow clients cannot starve the others (a slowloris sends its request head a byte at a time, or
reads a download a byte at a time, on as many connections as it may open): a request head of at
most 8 KiB within 5 s; at most 8 connections from one address and 64 in all, and when all 64 are
taken a newcomer takes the place of the oldest connection that has not yet sent its request (a
guest's browser sends its head at once, so it is never the one waiting); a download must keep to
a modest pace (32 KiB/s on average after the first minute) or is dropped. The folder is listed and
the files are read in worker threads, never on the host's event loop, so a slow disk holds up only
the download that waits for it.
"""
from __future__ import annotations

import asyncio
import html
import logging
import mimetypes
import os
import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from email.utils import formatdate
from pathlib import Path
from typing import Literal
from urllib.parse import quote, unquote

from assets.i18n import REFERENCE, locale_language, translations

from .links import LINGER, cut, limit_repeated_lines

log = logging.getLogger("tikal.share")

MAX_HEAD = 8192          # bytes of request line + headers
HEAD_TIMEOUT = 5.0       # seconds to send them
WRITE_TIMEOUT = 30.0     # seconds a reader may leave a chunk unread ...
MIN_RATE = 32 * 1024     # ... and bytes per second a download must average ...
RATE_GRACE = 60.0        # ... after this many seconds
MAX_CONNECTIONS = 64     # in all ...
MAX_PER_ADDRESS = 8      # ... and from one address (a browser opens up to 6)
#: Seconds a connection beyond those shares waits for a place before it is told "busy": a page
#: closed or reloaded while it loads leaves its requests here for a moment after the browser
#: dropped them, and the next page's must not be refused for them (as many may wait per address).
QUEUE_WAIT = 5.0
#: Seconds a browser told "busy" waits before it asks again by itself (the page: Refresh).
BUSY_RETRY = 2
CHUNK = 64 * 1024
DISK_THREADS = 4         # threads that list the folder and read the files
#: The download page's policy: no script at all, its own inline style only.
PAGE_CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'none'")
REASONS = {200: "OK", 206: "Partial Content", 304: "Not Modified", 400: "Bad Request",
           403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 408: "Request Timeout",
           416: "Range Not Satisfiable", 421: "Misdirected Request",
           431: "Request Header Fields Too Large", 503: "Service Unavailable"}


def close_soon(transport: asyncio.BaseTransport) -> None:
    """Close ``transport`` after what is written to it, or cut it (a reset) LINGER seconds from
    now if its peer has not taken that much by then: asyncio's close waits for unsent bytes
    forever, and a peer that never reads would keep the socket, the bytes and (for a WebSocket)
    its reading task for good, while no limit counts it any more."""
    transport.close()
    if isinstance(transport, asyncio.WriteTransport) and transport.get_write_buffer_size():
        asyncio.get_running_loop().call_later(LINGER, cut, transport)


def page_language(accept_language: str | None) -> str:
    """The catalog language a browser asks for: the ``Accept-Language`` entries by their weight
    (``q``, 1 when absent; ties in the order given), the first one the game has a catalog for;
    English when none has (or the header is missing or malformed)."""
    ranked = []
    for i, part in enumerate((accept_language or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if q > 0 and tag.strip() not in ("", "*"):
            ranked.append((-q, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        lang = locale_language(tag)
        if lang:
            return lang
    return REFERENCE


def header(head: bytes, name: str) -> str | None:
    """The value of the first header ``name`` (lower case) of a request head, or None."""
    for line in head.split(b"\r\n")[1:]:
        key, sep, value = line.partition(b":")
        if sep and key.strip().lower() == name.encode("ascii"):
            return value.strip().decode("latin-1")
    return None


def visitor_system(user_agent: str | None) -> str:
    """The visitor's system from its ``User-Agent``: ``windows``, ``macos``, ``linux`` (the systems
    an app is built for), ``android``, ``ios``, ``chromeos`` (a phone, a tablet, a Chromebook: no
    app, they play in the browser), or ``""`` when it does not say."""
    ua = user_agent or ""
    if "iPhone" in ua or "iPad" in ua or "iPod" in ua:
        return "ios"
    if "Android" in ua:
        return "android"
    if "CrOS" in ua:
        return "chromeos"
    if "Windows" in ua:
        return "windows"
    if "Macintosh" in ua or "Mac OS X" in ua:
        return "macos"          # (an iPad that asks for the desktop site says Macintosh too)
    if "Linux" in ua or "X11" in ua:
        return "linux"
    return ""


#: The systems by their own (brand) names, as the page says "for your Windows".
SYSTEM_NAMES = {"windows": "Windows", "macos": "macOS", "linux": "Linux"}
#: How to get pipx, per system (commands: not translated): the visitor's own system's ways, or
#: all of them when its system is unknown; then how pipx puts its commands on the PATH
#: (``ENSUREPATH``). ``pip install --user`` leaves no ``pipx`` on the PATH, so on Windows it runs
#: as ``py -m pipx``; Debian 12+, Ubuntu 23.04+ and Homebrew's Python refuse ``pip install --user``
#: outside a venv (PEP 668): their own pipx package instead, whose ``pipx`` is on the PATH.
PIPX = {"windows": [("", "py -m pip install --user pipx")],
        "macos": [("", "brew install pipx")],
        "linux": [("Debian, Ubuntu", "sudo apt install pipx"), ("Fedora", "sudo dnf install pipx")],
        "": [("Windows", "py -m pip install --user pipx"), ("macOS", "brew install pipx"),
             ("Debian, Ubuntu", "sudo apt install pipx"), ("Fedora", "sudo dnf install pipx")]}
ENSUREPATH = {"windows": [("", "py -m pipx ensurepath")], "macos": [("", "pipx ensurepath")],
              "linux": [("", "pipx ensurepath")],
              "": [("Windows", "py -m pipx ensurepath"), ("macOS, Linux", "pipx ensurepath")]}


def byte_range(value: str | None, size: int) -> tuple[int, int] | None | Literal[False]:
    """The one byte range (first, last) of a ``Range: bytes=...`` header for a file of ``size``
    bytes; None without one (or one we do not serve: several ranges, another unit: the whole file
    is sent, as HTTP allows); False when it cannot be satisfied (416)."""
    if not value:
        return None
    unit, _, spec = value.strip().partition("=")
    if unit.strip().lower() != "bytes" or "," in spec:
        return None
    first, dash, last = spec.strip().partition("-")
    if not dash:
        return None
    try:
        if first.strip() == "":                   # the last N bytes
            n = int(last)
            if n <= 0:
                return False
            return max(0, size - n), size - 1
        a = int(first)
        b = int(last) if last.strip() else size - 1
    except ValueError:
        return None
    if a >= size:
        return False
    if a < 0 or b < a:
        return None
    return a, min(b, size - 1)


def share_port(host_port: int) -> int:
    """The page's default port: the one after the host's (any free one when the host's is)."""
    return host_port + 1 if host_port else 0


#: What a file of the folder is, from the names tools/build_app.py gives them:
#: ``tikal-lan-<version>-<os>-<cpu>.zip|.tar.gz`` (an app; a Linux one ends ``-glibc2.N``: the oldest
#: glibc it runs on), ``*.whl`` (the wheel), ``tikal_lan-<version>.tar.gz`` (the sdist: for
#: packagers, not offered to guests, as it reads as a second archive).
_APP = re.compile(r"^tikal-lan-[^-]+-(windows|macos|linux)-([A-Za-z0-9_]+)(?:-glibc(\d+)\.(\d+))?\.(zip|tar\.gz)$")
#: Linux systems by the glibc of each release (brand names: not translated), oldest first: a page
#: names the first release of each that an archive runs on, never one whose glibc is older.
LINUX_SYSTEMS = {
    "Ubuntu": [("20.04", (2, 31)), ("22.04", (2, 35)), ("24.04", (2, 39))],
    "Linux Mint": [("20", (2, 31)), ("21", (2, 35)), ("22", (2, 39))],
    "Debian": [("11", (2, 31)), ("12", (2, 36)), ("13", (2, 41))],
    "Fedora": [("34", (2, 33)), ("35", (2, 34)), ("36", (2, 35)), ("37", (2, 36)), ("38", (2, 37)),
               ("39", (2, 38)), ("40", (2, 39)), ("41", (2, 40)), ("42", (2, 41))],
}
_SDIST = re.compile(r"^tikal_lan-[^-]+\.tar\.gz$")
#: The platforms in the page's order, with the catalog keys of their heading and how-to.
PLATFORMS = {"windows": ("share.windows_app", "share.windows_how", "tikal-lan.exe"),
             "macos": ("share.macos_app", "share.macos_how", "tikal-lan"),
             "linux": ("share.linux_app", "share.linux_how", "./tikal-lan")}
#: The processor, where it tells a guest which archive is theirs (brand names: not translated).
CPUS = {("macos", "arm64"): "Apple silicon", ("macos", "x86_64"): "Intel",
        ("windows", "arm64"): "ARM", ("linux", "aarch64"): "ARM", ("linux", "arm64"): "ARM"}


def glibc_of(name: str) -> tuple[int, int] | None:
    """The oldest glibc a Linux app archive runs on, from its name (None: it does not say)."""
    m = _APP.match(name)
    return (int(m.group(3)), int(m.group(4))) if m and m.group(3) else None


def linux_systems(glibc: tuple[int, int]) -> list[str]:
    """The first release of each Linux system whose glibc is ``glibc`` or newer."""
    out = []
    for system, releases in LINUX_SYSTEMS.items():
        first = next((release for release, has in releases if has >= glibc), None)
        if first is not None:
            out.append(f"{system} {first}")
    return out


def kind_of(name: str) -> tuple[str, str]:
    """(``windows``/``macos``/``linux``, cpu) for an app archive, (``wheel``, ""), (``sdist``, "")
    or (``other``, "")."""
    m = _APP.match(name)
    if m:
        return m.group(1), m.group(2).lower()
    if name.endswith(".whl"):
        return "wheel", ""
    if _SDIST.match(name):
        return "sdist", ""
    return "other", ""


class ShareServer:
    """Serves ``directory`` read-only. ``join`` lists where players join (``"ip:port"``);
    ``game_port`` is the host's port, shown with the address a browser reached this page on.

    ``sections``: more parts of the page, after the downloads, each a function
    ``(tr, esc) -> html`` (``tr`` the page language's gettext, ``esc`` html.escape) called from a
    worker thread; e.g. a list of the host's finished games as replay files."""

    #: where the download page is (a subclass serving another page at ``/`` moves it)
    page_path = "/"

    def __init__(self, directory: Path | str | None, *, game_port: int,
                 join: list[str] | None = None, host_name: str = "", lan: Sequence[str] | None = None):
        self.directory = Path(directory).resolve() if directory is not None else None
        if self.directory is not None and not self.directory.is_dir():
            raise NotADirectoryError(f"--share: {directory} is not a folder")
        self.game_port = int(game_port)
        self.join = list(join or [])
        self.host_name = host_name
        self.lan = None if lan is None else list(lan)   # the host's addresses as it says them (HostConfig.lan)
        self.sections: list = []
        #: more files than the folder's, made on request: functions ``(name) -> bytes | None``
        #: called from a worker thread for a name the folder does not hold (the finished games'
        #: replay files, net/replays.py)
        self.generated: list = []
        self.address: tuple[str, int] | None = None
        self.urls: list[str] = []       # where other machines open the page (LAN addresses)
        self._server: asyncio.AbstractServer | None = None
        # every open connection: its task -> [peer address, True once its request head is in]
        self._conns: dict[asyncio.Task, list] = {}
        # the connections waiting for a place (their task -> peer address), and the event set
        # (then replaced) each time a place is freed
        self._queued: dict[asyncio.Task, str] = {}
        self._room = asyncio.Event()
        limit_repeated_lines("tikal.share")       # a flood of refusals: a few lines (--no-web too)
        # the disk work (listing the folder, reading files) in threads of its own: many downloads
        # never crowd the host's default executor (saved games, replays)
        self._pool = ThreadPoolExecutor(DISK_THREADS, thread_name_prefix="share")

    def _off_loop(self, fn, *args):
        return asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    # --- life cycle -------------------------------------------------------------------------------
    async def start(self, bind: str = "", port: int = 0) -> tuple[str, int]:
        from net.discovery import reach_addresses

        self._server = await asyncio.start_server(self._serve, host=bind or None, port=port,
                                                  limit=MAX_HEAD, reuse_address=True)
        sock = self._server.sockets[0].getsockname()
        self.address = (sock[0], sock[1])
        self.urls = [f"http://{a}/" for a in reach_addresses(bind, sock[1], self.lan)]
        log.info("download page on %s:%s serving %s", *self.address, self.directory)
        return self.address

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            tasks = [*self._conns, *self._queued]
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await self._server.wait_closed()
            self._server = None
        self._pool.shutdown(wait=False, cancel_futures=True)

    # --- what is offered --------------------------------------------------------------------------
    def files(self) -> dict[str, Path]:
        """The downloadable files by name: regular files directly in the folder (symlinks only if
        they stay inside it), no dotfiles, no sdist. Reads the disk: call it off the event loop."""
        out: dict[str, Path] = {}
        if self.directory is None:
            return out
        try:
            entries = sorted(os.scandir(self.directory), key=lambda e: e.name.lower())
        except OSError:
            return {}
        for e in entries:
            if e.name.startswith(".") or kind_of(e.name)[0] == "sdist":
                continue
            try:
                real = Path(e.path).resolve(strict=True)
            except OSError:
                continue
            if real.is_relative_to(self.directory) and real.is_file():
                out[e.name] = real
        return out

    #: the page that plays in the browser is served beside this one (net/web.py)
    plays_here = False

    def page(self, local_ip: str | None, accept_language: str | None = None,
             user_agent: str | None = None) -> bytes:
        """The page, in the first language of the browser's ``Accept-Language`` that the game has
        a catalog for (the game's own translations, ``assets/i18n``), else English: where to join,
        what is for the visitor's own system (its ``User-Agent``: "for your Windows: ...", or no
        app for a phone: play in the browser), then per system what to download and how to start
        it, in a guest's words, and how to get pipx. Reads the disk: call it off the event loop."""
        lang = page_language(accept_language)
        tr = translations(lang).gettext

        def text(key: str, **markup) -> str:      # the translation escaped, then the markup put in
            return html.escape(tr(key), quote=False).format(**markup)

        esc = html.escape
        if local_ip and local_ip.startswith("::ffff:"):      # IPv4 reached on a dual-stack socket
            local_ip = local_ip[len("::ffff:"):]
        here = f"{local_ip}:{self.game_port}" if local_ip and ":" not in local_ip else None
        join = ([here] if here else []) + [a for a in self.join if a != here]

        groups: dict[str, list[str]] = {}
        yours: list[str] = []
        system = visitor_system(user_agent)
        for name, path in self.files().items():
            try:
                size = path.stat().st_size
            except OSError:
                continue
            kind, cpu = kind_of(name)
            shown = f"{size / 1e6:.1f} MB" if size >= 100_000 else f"{max(1, round(size / 1e3))} kB"
            label = f" ({CPUS[kind, cpu]})" if (kind, cpu) in CPUS else ""
            link = f'<a href="/{quote(name)}" download>{esc(name)}</a>{label} <small>{shown}</small>'
            glibc = glibc_of(name) if kind == "linux" else None
            if glibc is not None:
                systems = linux_systems(glibc)
                link += "<br><small>" + text("share.linux_needs", glibc=f"{glibc[0]}.{glibc[1]}",
                                             systems=esc(", ".join(systems) or "?")) + "</small>"
            if kind == system:
                yours.append(link)
            if kind == "wheel":
                link += "<br>" + text("share.python_how",
                                      pipx=f"<code>pipx install {esc(name)}</code>",
                                      command="<code>tikal-lan</code>")
                pipx, ensure = (", ".join(f"<code>{esc(cmd)}</code>" + (f" ({esc(where)})" if where else "")
                                        for where, cmd in ways.get(system, ways[""])) for ways in (PIPX, ENSUREPATH))
                link += "<br><small>" + text("share.get_pipx", commands=pipx, ensurepath=ensure) + "</small>"
            groups.setdefault(kind, []).append(link)
        parts = []
        for kind, (heading, how, command) in PLATFORMS.items():
            if kind in groups:
                parts.append(f'<h3 id="{kind}">{text(heading)}</h3>\n<ul>'
                             + "".join(f"<li>{link}</li>" for link in groups[kind])
                             + f"</ul>\n<p>{text(how, command=f'<code>{command}</code>')}</p>")
        for kind, heading in (("wheel", "share.python"), ("other", "share.other")):
            if kind in groups:
                parts.append(f'<h3 id="{kind}">{text(heading)}</h3>\n<ul>'
                             + "".join(f"<li>{link}</li>" for link in groups[kind]) + "</ul>")
        downloads = "\n".join(parts) or f"<p>{text('share.no_files')}</p>"
        browser = f' <a href="/">{text("share.play_here")}</a>' if self.plays_here else ""
        if yours:
            mine = (f'<p id="yours"><strong>{text("share.for_your", system=SYSTEM_NAMES[system])}'
                    f'</strong> ' + ", ".join(yours) + "</p>")
        elif system:
            mine = (f'<p id="yours"><strong>{text("share.no_app")}</strong>'
                    + (browser or (" " + text("share.no_app_computer"))) + "</p>")
        else:
            mine = f'<p id="yours">{browser}</p>' if browser else ""
        more = "\n".join(section(tr, esc) for section in self.sections)
        title = text("share.title_at", host=esc(self.host_name)) if self.host_name else \
            "Tikal &amp; La Tortuga"
        addrs = ", ".join(f"<code>{esc(a)}</code>" for a in join) or text("share.ask_host")
        page = f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:sans-serif;max-width:44em;margin:2em auto;padding:0 1em;line-height:1.5}}
code{{background:#eee;padding:0 .3em;white-space:nowrap;display:inline-block;max-width:100%;overflow-x:auto;
vertical-align:bottom}} li{{margin:.3em 0}} h3{{margin-bottom:0}} ul{{margin:.3em 0}}</style>
</head>
<body><h1>{title}</h1>
<p>{text("share.join", addresses=addrs)}</p>
{mine}
<h2>{text("share.get")}</h2>
{downloads}
{more}
<p>{text("share.window", command="<code>tikal-lan --host ADDRESS:PORT</code>")}</p>
</body></html>
"""
        return page.encode("utf-8")

    # --- one connection ---------------------------------------------------------------------------
    def _admit(self, task: asyncio.Task, peer: str) -> bool:
        """Room for a new connection from ``peer``: within its address's share, and within the
        total once the oldest connection still without a request head (if any) made way."""
        if sum(1 for a, _ in self._conns.values() if a == peer) >= MAX_PER_ADDRESS:
            return False
        if len(self._conns) >= MAX_CONNECTIONS:
            waiting = [t for t, (_, got_head) in self._conns.items() if not got_head]
            if not waiting:
                return False
            waiting[0].cancel()                          # dicts keep order: the oldest
            del self._conns[waiting[0]]
        self._conns[task] = [peer, False]
        return True

    async def _queue(self, task: asyncio.Task, peer: str) -> bool:
        """Wait up to QUEUE_WAIT for a place for ``peer``'s connection; False at once when as many
        of its connections wait already (or as many as all places), or when none came in time."""
        if (sum(1 for a in self._queued.values() if a == peer) >= MAX_PER_ADDRESS
                or len(self._queued) >= MAX_CONNECTIONS):
            return False
        self._queued[task] = peer
        try:
            async with asyncio.timeout(QUEUE_WAIT):
                while not self._admit(task, peer):
                    await self._room.wait()
            return True
        except TimeoutError:
            return False
        finally:
            self._queued.pop(task, None)

    def _release(self, task: asyncio.Task) -> None:
        """``task``'s place is free: the connections waiting for one try again (in their order)."""
        if self._conns.pop(task, None) is not None:
            self._room.set()
            self._room = asyncio.Event()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        task = asyncio.current_task()
        assert task is not None   # (a connection's handler runs as a task)
        peer = (writer.get_extra_info("peername") or ("?",))[0]
        try:
            if not self._admit(task, peer) and not await self._queue(task, peer):
                log.info("share: busy, refused a connection from %s", peer)
                await self._send(writer, 503, b"busy, try again\n", head_only=False,
                                 extra={"Retry-After": str(BUSY_RETRY), "Refresh": str(BUSY_RETRY)})
            else:
                await self._answer(reader, writer, self._conns[task])
        except (TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            pass
        except asyncio.CancelledError:
            pass
        except Exception:  # pragma: no cover - never take the host down for a web request
            log.exception("share: request failed")
        finally:
            self._release(task)
            close_soon(writer.transport)

    async def _answer(self, reader, writer, state: list):
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_TIMEOUT)
        except asyncio.LimitOverrunError:
            return await self._send(writer, 431, b"request too large\n")
        except TimeoutError:
            return await self._send(writer, 408, b"too slow\n")
        except asyncio.IncompleteReadError:
            return
        state[1] = True                                  # a request: never evicted from here on
        line = head.split(b"\r\n", 1)[0].decode("latin-1")
        parts = line.split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            return await self._send(writer, 400, b"bad request\n")
        await self.route(reader, writer, head, parts[0], parts[1])

    async def route(self, reader, writer, head: bytes, method: str, target: str):
        """Answer one request (its head read): the download page at ``/``, the folder's files."""
        if method not in ("GET", "HEAD"):
            return await self._send(writer, 405, b"read-only: GET and HEAD only\n",
                                    extra={"Allow": "GET, HEAD"})
        head_only = method == "HEAD"
        name = self.resolve(target)
        if name is None:
            log.info("share: refused %r from %s", target[:200], writer.get_extra_info("peername"))
            return await self._send(writer, 403, b"refused\n", head_only=head_only)
        if name == "":
            local = writer.get_extra_info("sockname")
            wanted = header(head, "accept-language")
            body = await self._off_loop(self.page, local[0] if local else None, wanted,
                                        header(head, "user-agent"))
            return await self._send(writer, 200, body, head_only=head_only,
                                    ctype="text/html; charset=utf-8",
                                    extra={"Content-Language": page_language(wanted),
                                           "Vary": "Accept-Language, User-Agent",
                                           "Content-Security-Policy": PAGE_CSP})
        path = (await self._off_loop(self.files)).get(name)
        if path is None:
            made = await self._off_loop(self.generate, name)
            if made is None:
                return await self._send(writer, 404, b"no such file\n", head_only=head_only)
            return await self._send(writer, 200, made, head_only=head_only,
                                    ctype=mimetypes.guess_type(name)[0] or "application/octet-stream",
                                    extra={"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}"})
        await self._send_file(writer, name, path, head_only, header(head, "range"))

    def generate(self, name: str) -> bytes | None:
        """A file the folder does not hold, made by one of ``generated`` (None: no such file)."""
        for make in self.generated:
            body = make(name)
            if body is not None:
                return body
        return None

    @staticmethod
    def resolve(target: str) -> str | None:
        """The file name a request target asks for ("" for the page), or None when it is refused:
        anything but ``/`` or ``/<one name>`` once decoded (no ``..``, slashes, backslashes, NUL,
        absolute URLs, dotfiles)."""
        if not target.startswith("/"):
            return None                                  # absolute-form, "*", relative
        path = target.split("?", 1)[0].split("#", 1)[0]   # origin-form: no urlsplit ("//x" is a host)
        try:
            name = unquote(path[1:], errors="strict")
        except UnicodeDecodeError:
            return None
        if name == "":
            return ""
        if ("/" in name or "\\" in name or "\x00" in name or name.startswith(".")
                or "%" in name and unquote(name) != name):   # decoded twice: a disguised path
            return None
        return name

    async def _send_file(self, writer, name: str, path: Path, head_only: bool,
                         ranged: str | None = None):
        """The file, whole (200) or the one byte range asked for (206: a download that was cut
        goes on where it stopped); a range past its end is 416."""
        try:
            f = await self._off_loop(open, path, "rb")
        except OSError:
            return await self._send(writer, 404, b"no such file\n", head_only=head_only)
        try:
            full = os.fstat(f.fileno()).st_size
            ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            fields = {"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}",
                      "Accept-Ranges": "bytes"}
            part = byte_range(ranged, full)
            if part is False:   # (typed: a range, None, or False)
                return await self._send(writer, 416, b"range not satisfiable\n", head_only=head_only,
                                        extra={"Content-Range": f"bytes */{full}"})
            status, first, size = 200, 0, full
            if part:
                status, first, size = 206, part[0], part[1] - part[0] + 1
                fields["Content-Range"] = f"bytes {part[0]}-{part[1]}/{full}"
                await self._off_loop(f.seek, first)
            self._head(writer, status, size, ctype, fields)
            if head_only:
                return await asyncio.wait_for(writer.drain(), WRITE_TIMEOUT)
            loop = asyncio.get_running_loop()
            start, sent = loop.time(), 0
            while sent < size:
                chunk = await self._off_loop(f.read, min(CHUNK, size - sent))   # a slow disk
                if not chunk:                                                      # waits alone
                    break
                writer.write(chunk)
                sent += len(chunk)
                await asyncio.wait_for(writer.drain(), WRITE_TIMEOUT)
                took = loop.time() - start
                if took > RATE_GRACE and sent < MIN_RATE * took:
                    log.info("share: %s to %s too slow (%d bytes in %.0f s): dropped", name,
                             writer.get_extra_info("peername"), sent, took)
                    return
        finally:
            f.close()
        log.info("share: sent %s to %s", name, writer.get_extra_info("peername"))

    def _head(self, writer, status: int, length: int, ctype: str, extra: dict | None = None):
        fields = {"Date": formatdate(usegmt=True), "Server": "tikal-lan", "Content-Type": ctype,
                  "Content-Length": str(length), "Connection": "close",
                  "X-Content-Type-Options": "nosniff", "Cache-Control": "no-store", **(extra or {})}
        lines = [f"HTTP/1.1 {status} {REASONS[status]}"] + [f"{k}: {v}" for k, v in fields.items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))

    async def _send(self, writer, status: int, body: bytes, *, head_only: bool = False,
                    ctype: str = "text/plain; charset=utf-8", extra: dict | None = None):
        self._head(writer, status, len(body), ctype, extra)
        if not head_only:
            writer.write(body)
        await asyncio.wait_for(writer.drain(), WRITE_TIMEOUT)
