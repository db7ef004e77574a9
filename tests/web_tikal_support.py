"""The Tikal browser module's own test page (tests/web_tikal/harness.html) served on loopback:
``/games/`` and ``/app/`` (the shell's helpers) from assets/web, ``/i18n/`` the catalogs, the rest
from tests/web_tikal; and a driver that plays the Tikal table of a page by taps."""
from __future__ import annotations

import contextlib
import http.server
import json
import threading
from pathlib import Path

from web_helpers import TableTaps
from web_helpers import broken_words as any_broken_words

ROOT = Path(__file__).resolve().parent.parent
MOUNTS = {"/games/": ROOT / "assets" / "web" / "games", "/app/": ROOT / "assets" / "web" / "app",
          "/i18n/": ROOT / "assets" / "i18n",
          "/": ROOT / "tests" / "web_tikal"}
TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html", ".po": "text/plain; charset=utf-8",
         ".json": "application/json"}


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the standard library's name)
        path = self.path.split("?")[0]
        for prefix, base in MOUNTS.items():
            if path.startswith(prefix):
                target = (base / path[len(prefix):]).resolve()
                if base.resolve() in target.parents and target.is_file():
                    body = target.read_bytes()
                    self.send_response(200)
                    self.send_header("Content-Type", TYPES.get(target.suffix, "application/octet-stream"))
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Cache-Control", "no-store")
                    self.end_headers()
                    self.wfile.write(body)
                    return
                break
        self.send_error(404)

    def log_message(self, *args):
        pass


def feed(page, msgs: list[dict], seated: bool = False) -> None:
    """Hand host messages to the test page's module (as JSON text: Playwright's own passing of a
    large argument costs seconds). ``seated``: a ``seated`` message for seat 0 first."""
    if seated:
        msgs = [{"t": "seated", "table": 1, "seat": 0, "token": "0" * 32}] + list(msgs)
    page.evaluate("s => window.feed(JSON.parse(s))", json.dumps(msgs))


@contextlib.contextmanager
def harness_server():
    """``http://127.0.0.1:PORT`` serving the harness; stopped after."""
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    try:
        yield f"http://127.0.0.1:{srv.server_address[1]}"
    finally:
        srv.shutdown()
        srv.server_close()



# --- playing Tikal by taps ----------------------------------------------------------------------------
#: The Tikal table of the shell's page (assets/web/app/play.js hands out its module's instance).
SHELL_TABLE = "window.tikal.play.instance.tikal"
#: The module's stylesheet is in (a finger aims where the styled page has the control: on a busy
#: machine the sheet can come after the first draw, and the page then moves under the finger).
STYLED = "(l => !!l && !!l.sheet)(document.getElementById('tk-style'))"
#: The module is idle: nothing sent without its answer, nothing animating.
IDLE = "(t => !!t && !t.pending && !t.timeline.busy)({T})"


class Tapper(TableTaps):
    """Plays the Tikal table of a page by taps only: each action of ``legal`` becomes the taps a
    player makes for it (a hex of the board, the bar's buttons, the sheet's options), and the page
    itself sends it. ``meant`` keeps, in order, what the taps meant (the action, or "undo")."""

    def __init__(self, page, table: str = SHELL_TABLE, timeout: int = 180_000):
        self.page, self.t, self.timeout = page, table, timeout
        self.meant: list = []
        self.follows: list = []      # after each walk: (could it go on, was it still selected, the walk, the selection)

    def js(self, body: str, arg=None):
        """``body`` run in the page with ``t`` the table and ``arg``; its value (as JSON text both
        ways: Playwright's own passing of a large value costs far more)."""
        out = self.page.evaluate(f"(a) => {{ const arg = JSON.parse(a); const t = {self.t}; "
                                 f"const v = (() => {{ {body} }})(); "
                                 "return v === undefined ? 'null' : JSON.stringify(v); }", json.dumps(arg))
        return json.loads(out)

    def wait(self, predicate: str, arg=None):
        self.page.wait_for_function(f"(arg) => {{ try {{ const t = {self.t}; return !!t && ({predicate}); }} "
                                    "catch (e) { return false; } }", arg=arg, timeout=self.timeout)

    def idle(self):
        self.wait("!t.pending && !t.timeline.busy")

    def status(self) -> dict:
        return self.js("""return {acting: t.acting(), legal: t.legal, sel: t.sel, canUndo: t.canUndo, me: t.me,
            over: !!t.over, state: t.latest ? t.latest.state : null, chooser: t.sel.chooser,
            toAct: t.toAct, phase: t.shown.phase, scoring: !!t.shown.scoring};""")

    # --- taps -------------------------------------------------------------------------------------
    def tap(self, selector: str):
        """A finger on the middle of the element (scrolled into view first, as a player would)."""
        self.wait(f"{STYLED} && (e => !!e && !e.disabled && e.offsetParent !== null)(t.root.querySelector(arg))",
                  selector)
        x, y = self.js("""const e = t.root.querySelector(arg);
            e.scrollIntoView({block: "nearest"});
            const r = e.getBoundingClientRect();
            return [r.left + r.width / 2, r.top + r.height / 2];""", selector)
        self.page.touchscreen.tap(x, y)

    def tap_hex(self, h, dy: float = -0.6):
        self.wait(f"{STYLED} && !t.board.moving")   # the board frames the explored hexes by itself at times
        x, y = self.js("""t.el.scrollTop = 0;
            t.board.el.scrollIntoView({block: "nearest"});
            return t.board.screenOf(arg.h, arg.dy);""", {"h": list(h), "dy": dy})
        self.page.touchscreen.tap(x, y)

    def sel(self) -> dict:
        return self.js("return t.sel;")

    def cancel(self):
        if self.js("return !!(t.sel.selected || t.sel.mode);"):
            self.tap("[data-act=cancel]")

    def select_on(self, h, figure: str):
        """Select our ``figure`` on hex ``h``: a tap on the hex (above the figures) selects the one
        that can go, or asks which when both can (the sheet: a tap on the one meant)."""
        for _ in range(3):
            s = self.sel()["selected"]
            if s and s["from"] == list(h) and s["figure"] == figure:
                return
            if s and s["from"] == list(h):
                self.tap_hex(h)             # the other one selected there: a tap lets it go
            self.tap_hex(h)
            if (self.sel().get("chooser") or {}).get("kind") == "figure":
                self.tap(f".tk-sheet [data-figure={figure}]")
        raise AssertionError(f"could not select the {figure} on {h}: {self.sel()}")

    # --- one action ---------------------------------------------------------------------------------
    def play(self, action: dict, before: int | None = None):
        """Tap the page into sending ``action`` (one of ``legal``), then wait for its answer."""
        if before is None:
            before = self.status()["state"]
        kind = action["type"]
        if kind in ("move", "transfer", "enter"):
            self.cancel()
            if kind == "enter":
                self.tap(f"[data-act=supply-{action['figure']}]")
                to = action["hex"]
            else:
                start = action["path"][0] if kind == "move" else action["from"]
                to = action["path"][-1] if kind == "move" else action["to"]
                self.select_on(start, action["figure"])
                # a walk and a jump between camps may reach the same hex: the tap there means what
                # the table offers for it (the cheaper, its cost shown on the hex)
                offered = self.js("const x = t.sel.targets().find((g) => g.hex[0] === arg[0] && g.hex[1] === arg[1]);"
                                  "return x ? x.action : null;", list(to))
                assert offered and offered["type"] in ("move", "transfer"), (action, offered)
                action = offered
            self.tap_hex(to)
        elif kind == "place_tile":
            self.tap_hex(action["hex"], 0.0)
            volcano = self.js("return t.sel.isVolcanoDrawn();")
            for _ in range(6):
                if volcano or self.sel()["rotation"] == action["rotation"]:
                    break
                self.tap("[data-act=rotate-right]")
            self.tap("[data-act=place]")
        elif kind in ("uncover", "dig", "camp", "guard"):
            self.cancel()
            self.tap(f"[data-act={kind}]")
            if self.js("return t.sel.mode;") == kind:
                self.tap_hex(action["hex"])
            if self.js("return !!t.sel.chooser;"):
                self.tap(f".tk-sheet [data-figure={action['figure']}]")
        elif kind == "exchange":
            self.cancel()
            self.tap("[data-act=exchange]")
            if self.js("return !!t.sel.chooser;"):
                a = action
                self.tap(f".tk-sheet [data-give='{a['give']}'][data-take='{a['take']}'][data-with='{a['with']}']")
        elif kind == "end_turn":
            self.tap("[data-act=end_turn]")
        elif kind == "bid":
            for _ in range(200):
                amount = self.js("return t.sel.bid;")
                if amount == action["amount"]:
                    break
                self.tap("[data-act=bid-more]" if amount < action["amount"] else "[data-act=bid-less]")
            self.tap("[data-act=bid]")
        elif kind == "pass":
            self.tap("[data-act=pass]")
        elif kind == "choose_tile":
            self.tap(f"[data-tile='{action['tile']}']")
        else:
            raise AssertionError(f"no taps for {action}")
        self.answered(action, before)
        # a figure that can go on stays selected for its next step (seen when the walk's own
        # update is the last one: the walk did not end the turn)
        if action["type"] in ("move", "transfer") and self.js("return t.latest.state;") == before + 1:
            to = action["path"][-1] if action["type"] == "move" else action["to"]
            can = self.js("return t.sel.canMoveFrom(arg.h, arg.f);", {"h": list(to), "f": action["figure"]})
            sel = self.sel()["selected"]
            self.follows.append((can, sel == {"from": list(to), "figure": action["figure"]}, action, sel))

    def effective(self) -> list[dict]:
        """What the taps meant, undone actions taken out (as a journal's effective actions)."""
        out: list = []
        for m in self.meant:
            if m == "undo":
                out.pop()
            else:
                out.append(m)
        return out

    def play_game(self, choose, undo_every: int = 0) -> dict:
        """Play our seat to the end: ``choose(status)`` picks one of ``legal``; every ``undo_every``-th
        action (when the host allows it) is taken back once. The last status."""
        n = 0
        while True:
            st = self.next_turn()
            if st["over"]:
                return st
            action = choose(st)
            self.play(action, st["state"])
            n += 1
            if undo_every and n % undo_every == 0:
                after = self.status()
                if after["canUndo"] and after["acting"]:
                    self.undo()


#: Tikal's texts (the table, its part of the results, its sheets), whose words stay on one line.
TIKAL_TEXTS = ".tk, .tk-results, .tk-sheet"


def broken_words(page, roots: str = TIKAL_TEXTS) -> list[str]:
    """The words of Tikal's texts broken across lines (web_helpers.broken_words)."""
    return any_broken_words(page, roots)


#: The Hint's plan box of a phone's table (``.tk-plan`` in ``.tk-narrow``, issue 38): each step's
#: number, scrolled into view inside the box, lies whole inside the box's inner part, and the box
#: covers none of the bar's buttons. The problems found; the box scrolled back to its top.
PLAN_NUMBERS_SHOWN = """async () => {
  const out = [], tol = 1, box = document.querySelector(".tk-narrow .tk-plan");
  if (!box || box.hidden) return ["no plan box shown"];
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const numbers = [...box.querySelectorAll(".tk-plan-n")];
  if (!numbers.length) out.push("no step numbers in the plan");
  for (const n of numbers) {
    n.scrollIntoView({ block: "nearest" });
    await frame();
    const r = n.getBoundingClientRect(), b = box.getBoundingClientRect();
    const top = b.top + box.clientTop, bottom = top + box.clientHeight;
    if (r.top < top - tol || r.bottom > bottom + tol || r.left < b.left || r.right > b.right || r.height < 10) {
      const at = `${Math.round(r.top)}-${Math.round(r.bottom)}`, inner = `${Math.round(top)}-${Math.round(bottom)}`;
      out.push(`step ${n.textContent} at ${at} outside the box's ${inner}`);
    }
  }
  box.scrollTop = 0;
  await frame();
  const b = box.getBoundingClientRect();
  for (const btn of document.querySelectorAll(".tk-bar button")) {
    if (box.contains(btn) || btn.closest("[hidden]")) continue;
    const r = btn.getBoundingClientRect();
    const across = Math.min(r.right, b.right) - Math.max(r.left, b.left);
    if (r.width && Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top) > tol && across > tol) {
      out.push(`the plan box covers the button "${btn.textContent.trim()}"`);
    }
  }
  return out;
}"""
