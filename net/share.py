"""The host hands the game out (``run_host.py --share DIR``): a small read-only web server on a
second port of the host's address. Its page says how to join (the host's address and port) and
lists the files of DIR (the wheel, the sdist, the built apps) for download, so a guest with no
Python types the address shown in the lobby into a browser and gets the client.

Safe by construction: only the regular files directly in DIR whose names the listing shows can be
fetched (a request names one of them or is refused: no ``..``, no absolute or encoded path, no
subfolder, no dotfile, no symlink leading out of DIR); GET and HEAD only.

The server is net/httpd.py's (h11, persistent connections, a table of routes; its limits: a
request head of at most 8 KiB within 5 s, 8 connections from one address and 64 in all, where a
newcomer takes the place of the one idle longest). A download leaves the page's places for the
downloads' own (32, 4 per address) and shares their bandwidth, and must keep to a modest pace
(32 KiB/s on average after the first minute, the time it waited for the downloads' bandwidth not
counted) or is dropped. A file is served with a strong ``ETag`` and ``Last-Modified`` (a browser
resumes a cut download only with one), ``Range`` (one range: ``206``), ``If-Range`` (a file
changed since: the whole of it, ``200``), ``If-None-Match`` and ``If-Modified-Since`` (``304``).
The page shows each file's SHA-256, computed once per size and modification time. The folder is
listed, the files are read and hashed in worker threads, never on the host's event loop, so a
slow disk holds up only the download that waits for it.
"""
from __future__ import annotations

import asyncio
import hashlib
import html
import logging
import mimetypes
import os
import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from email.utils import formatdate, parsedate_to_datetime
from pathlib import Path
from typing import Literal
from urllib.parse import quote, unquote

from assets.i18n import REFERENCE, locale_language, translations

from . import httpd
from .httpd import BUSY_RETRY, HttpServer, Reply, Request

log = logging.getLogger("tikal.share")

MIN_RATE = 32 * 1024     # bytes per second a download must average ...
RATE_GRACE = 60.0        # ... after this many seconds
CHUNK = 64 * 1024
DISK_THREADS = 4         # threads that list the folder and make the page ...
READ_THREADS = 4         # ... that read the files for the downloads (and one hashes them)
#: The download page's policy: no script at all, its own inline style only.
PAGE_CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'none'")


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


class ShareServer(HttpServer):
    """Serves ``directory`` read-only (None: no files, the page still says how to join). ``join``
    lists where players join (``"ip:port"``); ``game_port`` is the host's port, shown with the
    address a browser reached this page on. ``page_path``: where the download page is in the
    server's routes (net/web.py's server serves the game's page at ``/`` and this one at
    ``/download``); ``plays_here``: the game's page is served beside it (the page links to it).

    ``sections``: more parts of the page, after the downloads, each a function
    ``(tr, esc) -> html`` (``tr`` the page language's gettext, ``esc`` html.escape) called from a
    worker thread; e.g. a list of the host's finished games as replay files."""

    def __init__(self, directory: Path | str | None, *, game_port: int,
                 join: list[str] | None = None, host_name: str = "", page_path: str = "/",
                 plays_here: bool = False, lan: Sequence[str] | None = None):
        super().__init__()
        self.directory = Path(directory).resolve() if directory is not None else None
        if self.directory is not None and not self.directory.is_dir():
            raise NotADirectoryError(f"--share: {directory} is not a folder")
        self.game_port = int(game_port)
        self.join = list(join or [])
        self.host_name = host_name
        self.lan = None if lan is None else list(lan)   # the host's addresses as it says them (HostConfig.lan)
        self.page_path = page_path
        self.plays_here = plays_here
        self.sections: list = []
        #: more files than the folder's, made on request: functions ``(name) -> bytes | None``
        #: called from a worker thread for a name the folder does not hold (the finished games'
        #: replay files, net/replays.py)
        self.generated: list = []
        self.urls: list[str] = []       # where other machines open the page (LAN addresses)
        # each file's SHA-256 by its path, with the (size, mtime) it was computed for
        self._hashes: dict[Path, tuple[tuple[int, int], str]] = {}
        # the disk work in threads of its own: listing the folder and hashing (the page), and
        # reading the files (the downloads): many downloads never hold up the page, nor crowd
        # the host's default executor (saved games, replays)
        self._pool = ThreadPoolExecutor(DISK_THREADS, thread_name_prefix="share")
        self._reads = ThreadPoolExecutor(READ_THREADS, thread_name_prefix="share-read")
        self._hasher = ThreadPoolExecutor(1, thread_name_prefix="share-sha256")
        self.route(page_path, self._page_route)
        self.fallback(self._file_route)

    def _off_loop(self, fn, *args):
        return asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    def _reading(self, fn, *args):
        return asyncio.get_running_loop().run_in_executor(self._reads, fn, *args)

    # --- life cycle -------------------------------------------------------------------------------
    async def start(self, bind: str = "", port: int = 0) -> tuple[str, int]:
        from net.discovery import reach_addresses

        address = await self.listen(bind, port)
        self.urls = [f"http://{a}/" for a in reach_addresses(bind, address[1], self.lan)]
        if self.directory is not None:
            log.info("download page on %s:%s serving %s", *address, self.directory)
            self._hasher.submit(self.hash_files)      # the page's SHA-256s ready before it is asked
        else:
            log.info("download page on %s:%s (no folder shared)", *address)
        return address

    async def stop(self) -> None:
        await super().stop()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._reads.shutdown(wait=False, cancel_futures=True)
        self._hasher.shutdown(wait=False, cancel_futures=True)

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
            digest = self.sha256(path)
            if digest:      # (a brand name and hex digits: nothing to translate)
                link += f'<br><small class="sha256">SHA-256 <code>{digest}</code></small>'
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

    # --- the files' checksums -------------------------------------------------------------------
    def sha256(self, path: Path, wait: bool = False) -> str | None:
        """The file's SHA-256 (hex), computed once for each size and modification time it has, in
        a thread of its own: None while it is being computed (the page never waits for a large
        file's), unless ``wait``. Reads the disk: call it off the event loop."""
        try:
            st = path.stat()
        except OSError:
            return None
        key = (st.st_size, st.st_mtime_ns)
        known = self._hashes.get(path)
        if known is not None and known[0] == key:
            return known[1]
        if not wait:
            try:
                self._hasher.submit(self.sha256, path, True)
            except RuntimeError:       # (shut down: the server stops)
                pass
            return None
        try:
            h = hashlib.sha256()
            with open(path, "rb") as f:
                while chunk := f.read(1 << 20):
                    h.update(chunk)
        except OSError:
            return None
        self._hashes[path] = (key, h.hexdigest())
        return h.hexdigest()

    def hash_files(self) -> None:
        """Every file's SHA-256 computed (off the loop, in the hashing thread) before the page is
        asked for them."""
        for path in self.files().values():
            self.sha256(path, wait=True)

    # --- the routes ---------------------------------------------------------------------------------
    async def _page_route(self, req: Request, reply: Reply):
        """The download page, in the browser's language, for its system."""
        wanted = req.header("accept-language")
        body = await self._off_loop(self.page, req.local, wanted, req.header("user-agent"))
        await reply.send(200, body, ctype="text/html; charset=utf-8",
                         extra={"Content-Language": page_language(wanted),
                                "Vary": "Accept-Language, User-Agent",
                                "Content-Security-Policy": PAGE_CSP})

    async def _file_route(self, req: Request, reply: Reply):
        """A file of the folder (or a generated one); anything else is refused."""
        name = self.resolve(req.path)
        if name is None or name == "":
            log.info("share: refused %r from %s", req.target[:200], req.peer)
            return await reply.send(403, b"refused\n")
        path = (await self._off_loop(self.files)).get(name)
        if path is None:
            made = await self._off_loop(self.generate, name)
            if made is None:
                return await reply.send(404, b"no such file\n")
            return await reply.send(200, made, ctype=mimetypes.guess_type(name)[0] or "application/octet-stream",
                                    extra={"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}"})
        await self._send_file(req, reply, name, path)

    def generate(self, name: str) -> bytes | None:
        """A file the folder does not hold, made by one of ``generated`` (None: no such file)."""
        for make in self.generated:
            body = make(name)
            if body is not None:
                return body
        return None

    @staticmethod
    def resolve(target: str) -> str | None:
        """The file name a request path asks for ("" for the page), or None when it is refused:
        anything but ``/`` or ``/<one name>`` once decoded (no ``..``, slashes, backslashes, NUL,
        dotfiles; an absolute-form target comes here as its path, net/httpd.py)."""
        if not target.startswith("/"):
            return None                                  # "*", relative
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

    async def _send_file(self, req: Request, reply: Reply, name: str, path: Path):
        """The file, whole (200) or the one byte range asked for (206: a download that was cut
        goes on where it stopped; with ``If-Range``, only while the file is the one the first
        part came from); a range past its end is 416; ``If-None-Match`` / ``If-Modified-Since``
        the file still matches: 304. Its validators: a strong ETag (its size and modification
        time in nanoseconds) and Last-Modified."""
        try:
            f = await self._reading(open, path, "rb")
        except OSError:
            return await reply.send(404, b"no such file\n")
        try:
            st = os.fstat(f.fileno())
            full = st.st_size
            etag = f'"{full:x}-{st.st_mtime_ns:x}"'
            modified = formatdate(st.st_mtime, usegmt=True)
            ctype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            fields = {"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}",
                      "Accept-Ranges": "bytes", "ETag": etag, "Last-Modified": modified,
                      "Cache-Control": "no-cache"}
            if not_modified(req.header("if-none-match"), req.header("if-modified-since"), etag, st.st_mtime):
                return await reply.send(304, b"", ctype=None, extra=fields)
            ranged = req.header("range")
            if ranged and not same_file(req.header("if-range"), etag, modified):
                ranged = None                        # the file changed since: all of it (200)
            part = byte_range(ranged, full)
            if part is False:   # (typed: a range, None, or False)
                return await reply.send(416, b"range not satisfiable\n",
                                        extra={"Content-Range": f"bytes */{full}"})
            status, first, size = 200, 0, full
            if part:
                status, first, size = 206, part[0], part[1] - part[0] + 1
                fields["Content-Range"] = f"bytes {part[0]}-{part[1]}/{full}"
            if req.head_only:
                reply.start(status, size, ctype, fields)
                return await reply.end()
            if not reply.download():
                log.info("share: downloads busy, refused %s to %s", name, req.peer)
                return await reply.send(503, b"busy, try again\n", close=True,
                                        extra={"Retry-After": str(BUSY_RETRY)})
            if first:
                await self._reading(f.seek, first)
            reply.start(status, size, ctype, fields)
            loop = asyncio.get_running_loop()
            start, sent = loop.time(), 0
            while sent < size:
                chunk = await self._reading(f.read, min(CHUNK, size - sent))   # a slow disk
                if not chunk:                                                    # waits alone
                    return
                await reply.write(chunk)
                sent += len(chunk)
                took = loop.time() - start - reply.waited      # the shared bandwidth's waits: ours
                if took > RATE_GRACE and sent < MIN_RATE * took:
                    log.info("share: %s to %s too slow (%d bytes in %.0f s): dropped", name,
                             req.peer, sent, took)
                    return
            await reply.end()
        finally:
            f.close()
        log.info("share: sent %s to %s", name, req.peer)


def _etags(value: str) -> list[str]:
    return [t.strip() for t in value.split(",") if t.strip()]


def not_modified(if_none_match: str | None, if_modified_since: str | None, etag: str,
                 mtime: float) -> bool:
    """The client's copy is current (RFC 9110 13.1.2, 13.1.3): one of ``If-None-Match``'s tags
    is the file's (weak comparison) or ``*``; without that header, ``If-Modified-Since`` is not
    older than the file's modification time (whole seconds)."""
    if if_none_match is not None:
        tags = _etags(if_none_match)
        return "*" in tags or any(t.removeprefix("W/") == etag for t in tags)
    if if_modified_since:
        try:
            since = parsedate_to_datetime(if_modified_since).timestamp()
        except (TypeError, ValueError, OverflowError):
            return False
        return int(mtime) <= since
    return False


def same_file(if_range: str | None, etag: str, last_modified: str) -> bool:
    """A ``Range`` applies (RFC 9110 13.1.5): no ``If-Range``, or one naming this very file: its
    strong ETag, or exactly its Last-Modified date."""
    if if_range is None:
        return True
    v = if_range.strip()
    if v.startswith(('"', "W/")):
        return v == etag                      # a strong comparison: a weak tag never matches
    return v == last_modified


__all__ = ["ShareServer", "byte_range", "httpd", "not_modified", "page_language", "same_file"]
