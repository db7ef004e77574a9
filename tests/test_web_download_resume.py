"""A download cut halfway in a real Chromium (issue 41): the browser's download manager resumes it
by itself, with ``Range`` and ``If-Range``, only for a file served with a validator (net/share.py's
strong ETag and Last-Modified); the file it saves is compared byte for byte. A module of its own:
Chromium's Playwright loop stays in its test module's thread (tests/web_helpers.py)."""
from __future__ import annotations

import os

import pytest

from net import httpd as httpd_mod
from net.share import ShareServer

from waiting import HANG

pytestmark = pytest.mark.slow


def test_a_download_cut_halfway_in_chromium_is_resumed_and_whole(tmp_path, chromium, monkeypatch):
    """The server cuts the first download of the file halfway (a reset, as a dropped Wi-Fi
    would); Chromium's download manager goes on by itself with ``Range`` and ``If-Range`` (it
    does so only for a file with a validator) and the file it saves is the file, byte for byte."""
    from net.loop_thread import LoopThread

    d = tmp_path / "dist"
    d.mkdir()
    payload = os.urandom(3 << 20)
    name = "tikal-lan-0.2.0-windows-amd64.zip"
    (d / name).write_bytes(payload)
    cut_at = len(payload) // 2
    seen: list[tuple[str | None, str | None]] = []
    write = httpd_mod.Reply.write
    cuts = {"done": False}

    async def cutting_write(self, chunk):
        if self.downloading and not cuts["done"] and self.sent + len(chunk) > cut_at:
            cuts["done"] = True
            await write(self, chunk[:cut_at - self.sent])
            from net.links import cut
            cut(self.writer.transport)
            raise ConnectionResetError("cut halfway (the test)")
        self.sent += len(chunk)
        await write(self, chunk)

    monkeypatch.setattr(httpd_mod.Reply, "sent", 0, raising=False)
    monkeypatch.setattr(httpd_mod.Reply, "write", cutting_write)
    route = ShareServer._file_route

    async def noting(self, req, reply):
        seen.append((req.header("range"), req.header("if-range")))
        return await route(self, req, reply)

    monkeypatch.setattr(ShareServer, "_file_route", noting)
    runner = LoopThread("share")
    runner.start()
    s = ShareServer(d, game_port=47474)
    _, port = runner.call(s.start("127.0.0.1", 0), HANG)
    ctx = chromium.new_context(accept_downloads=True)
    try:
        page = ctx.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        with page.expect_download(timeout=HANG * 1000) as info:
            page.click(f'a[href="/{name}"]')
        download = info.value
        saved = download.path()                      # waits for the end (resumed by Chromium)
        assert download.failure() is None
        assert cuts["done"]
        assert open(saved, "rb").read() == payload
        ranged = [r for r in seen if r[0]]
        assert ranged and ranged[-1][0].startswith("bytes=") and int(ranged[-1][0][6:].split("-")[0]) > 0, seen
        assert ranged[-1][1], seen                   # with If-Range: the validator it was given
    finally:
        ctx.close()
        runner.call(s.stop(), HANG)
        runner.stop()
