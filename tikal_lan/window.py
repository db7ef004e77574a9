"""The window command (``run_client.py``, installed as ``tikal-lan``): open the game window.

    run_client.py                          a host in this process with bots, ready for a quick game
    run_client.py --host ADDR[:PORT] --name NAME [--lang en|ru|…] [--spectate] [--fullscreen]
    run_client.py --screenshot PATH --scene NAME [--lang ru]   render one frame headless and exit
    run_client.py --list-scenes
    run_client.py --tv --host ADDR [--tv-cycle]   TV mode: the host's games on a big screen
    run_client.py --replay FILE            watch a replay file (``run_host.py --export``)
    run_client.py --replay FILE --screenshot PATH --at N|end   the position after move N, headless
    tikal-lan host [host options]          the host command (``tikal-host``, ``tikal_lan/host.py``):
                                           one command, and one built app, plays and hosts

An entry point: it only parses the command line and starts the window (``game/``) or the host
(``tikal_lan.host``); nothing below imports it.
"""
from __future__ import annotations

import argparse
import os
import sys

from assets.i18n import LANGUAGES


def parse(argv=None):
    from net.about import command_name, version

    prog = command_name("tikal-lan")
    p = argparse.ArgumentParser(prog=prog, description="Tikal & La Tortuga: the game window.",
                                epilog=f"`{prog} host --help`: host a game"
                                       + (" (the same as `tikal-host`)." if prog == "tikal-lan" else "."))
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument("--host", help="connect to this host (ADDR or ADDR:PORT)")
    p.add_argument("--name", help="your player name")
    p.add_argument("--lang", choices=LANGUAGES, help="language of the window")
    p.add_argument("--spectate", action="store_true", help="watch the host's first table")
    p.add_argument("--fullscreen", action="store_true")
    p.add_argument("--config", help="settings file (default: the user config dir)")
    p.add_argument("--screenshot", metavar="PATH", help="render one frame of --scene to PATH and exit")
    p.add_argument("--scene", default="tortuga", help="scene for --screenshot (see --list-scenes)")
    p.add_argument("--frames", type=int, default=30, help="frames to run before the screenshot")
    p.add_argument("--list-scenes", action="store_true")
    p.add_argument("--tv", action="store_true",
                   help="TV mode: watch the host's running tables on a big screen, without any input"
                        " (with --host; else pick the host in the browser)")
    p.add_argument("--tv-cycle", action="store_true", help="with --tv: go round the tables every 30 s")
    p.add_argument("--replay", metavar="FILE", help="watch a replay file (tikal-host --export writes them)")
    p.add_argument("--at", default="0", help="with --replay: start after this move (a number, or 'end')")
    args = p.parse_args(argv)
    args.prog = prog
    return args


def replay(args, settings) -> int:
    """``--replay FILE``: the viewer in a window (or, with ``--screenshot``, one frame of it). The
    file is read, checked and played through the engine before any window opens: a file that
    cannot be shown is one line on stderr in the player's language and exit status 2."""
    from assets.i18n import Catalog
    from game.replay.book import ReplayError, check, read_file

    at = args.at if args.at == "end" else None
    if at is None:
        try:
            at = max(0, int(args.at))
        except ValueError:
            print(f"{args.prog}: --at takes a move number or 'end', not {args.at!r}", file=sys.stderr)
            return 2
    try:
        data = read_file(args.replay)
        check(data)                     # (fast: no game's client is loaded for a file refused here)
        from game.games import CLIENTS
        from game.replay.viewer import book_of

        book = book_of(data, CLIENTS)
    except ReplayError as e:
        print(f"{args.prog}: {args.replay}: {Catalog(settings.language).tr(e.key, **e.fmt)}", file=sys.stderr)
        return 2
    from game.app import App
    from game.replay.viewer import open_book

    app = App(settings, fullscreen=args.fullscreen)
    app.show(open_book(app, book, at))
    if args.screenshot:
        for _ in range(max(0, args.frames)):
            app.step(1 / 60, events=[])
        app.screenshot(args.screenshot)
        print(args.screenshot)
        return 0
    app.run()
    return 0


def screenshot(args, settings) -> int:
    from game import screens as registry
    from game.app import App

    if args.replay:
        return replay(args, settings)
    app = App(settings)
    try:
        scene = registry.sample(args.scene, app)
    except KeyError as e:
        print(f"{args.prog}: {e.args[0]}", file=sys.stderr)
        return 2
    if scene not in app.scenes:
        app.push(scene)
    for _ in range(max(0, args.frames)):
        app.step(1 / 60, events=[])
    app.screenshot(args.screenshot)
    print(args.screenshot)
    return 0


def no_console_no_crash() -> None:
    """The Windows app has no console (tools/tikal-lan.spec): its sys.stdout and sys.stderr are
    None unless its output is piped, and code that writes to them would raise. Started from a
    Command Prompt (``tikal-lan.exe host --headless``), it writes to that window; started by a
    double-click, nowhere (the host's log file keeps what matters)."""
    if sys.stdout is not None and sys.stderr is not None:
        return
    console = None
    if sys.platform == "win32":
        try:
            import ctypes

            if ctypes.windll.kernel32.AttachConsole(-1):       # the parent's console, if any
                console = "CONOUT$"
        except (AttributeError, OSError):
            pass
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            try:
                setattr(sys, name, open(console or os.devnull, "w", encoding="utf-8", buffering=1))
            except OSError:
                setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))


def main(argv=None) -> int:
    no_console_no_crash()
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["host"]:
        from net.about import command_name

        from .host import main as host

        own = command_name("tikal-lan")
        # `tikal-lan host` (the app, the installed command): messages say so; a checkout's
        # `python run_client.py host` hosts as `python run_host.py` would
        return host(argv[1:], prog="python run_host.py" if own.startswith("python ") else f"{own} host")
    args = parse(argv)
    if args.screenshot or args.list_scenes:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.settings import Settings

    settings = Settings.load(args.config) if (args.config or not args.screenshot) else Settings()
    if args.lang:
        settings.language = args.lang
    if args.name:
        settings.name = args.name
    if args.list_scenes:
        from game import screens as registry

        print("\n".join(registry.names()))
        return 0
    if args.screenshot:
        return screenshot(args, settings)
    if args.replay:
        return replay(args, settings)
    from game.launch import run

    if args.tv_cycle:
        settings.tv_cycle = True
    return run(settings, host=args.host, spectate=args.spectate, fullscreen=args.fullscreen, tv=args.tv)


if __name__ == "__main__":
    sys.exit(main())
