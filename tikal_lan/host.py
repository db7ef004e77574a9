"""The host command (``tikal-host``; ``tikal-lan host`` in the app; ``run_host.py`` in a checkout):
host a LAN game (docs/protocol.md), with the game's window beside it (``game.launch.play_local``)
unless ``--headless``. Its messages name the command as it was started (net/about.py).

    python run_host.py                       # host + a local game window (needs a display)
    python run_host.py --headless            # host only; players join with run_client.py
    python run_host.py --headless --game tikal --seats 4 --bots 4     # bots play a game out
    python run_host.py --headless --resume   # restore the unfinished tables after a crash
    python run_host.py --list-saved          # saved games of the data dir
    python run_host.py --export 3 game3.json # a saved game as a replay file
    python run_host.py --share dist/         # also a download page of dist/ for the guests

The default port is 47474 (``--port``). The host announces itself on the LAN with zeroconf unless
``--no-announce``; ``--bind ADDR`` serves (and announces) on that address only.

The options and the configuration they make: tikal_lan/host_options.py; the data dir's answers
(``--list-saved``, ``--standings``, ``--export``): tikal_lan/saved.py. The host itself is
``net.host.Host``; the window is loaded only when one opens (a machine without pygame can still
host headless).
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import TYPE_CHECKING

from .host_options import WINDOW_SEATS, make_config, parse_args, table_options, window_game
from .saved import export, list_saved, standings

if TYPE_CHECKING:
    from net.host import Host
    from net.share import ShareServer
    from net.table import Table

__all__ = ["main", "parse_args", "window_host", "create_start_table", "setup_logging", "HostLog"]

LOG_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


def play_local(addr: str, port: int, host: Host | None = None) -> int:
    """The window of the host command: a client on the host it runs (loaded only when a window
    opens; a machine without pygame can still host headless)."""
    from game.launch import play_local as play

    return play(addr, port, host=host)


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def create_start_table(host: Host, args: argparse.Namespace,
                       for_window: bool = False) -> Table | None:
    """The table of ``--game`` (with its options, bots and ``--hints``), or None without it.
    ``for_window``: a seat of it, and the table, kept for the host's own window."""
    if not args.game:
        return None
    return host.create_table(args.game, args.seats, table_options(args), bots=args.bots,
                             bot_level=args.bot_level, hints=args.hints, for_window=for_window)


class HostLog(RotatingFileHandler):
    """The host's log file (one per process, however often ``main`` runs in it)."""


def setup_logging(args: argparse.Namespace) -> Path | None:
    """The console, and a bounded file (rotated at 1 MB, 3 old ones kept) in the user log folder
    or at ``--log-file``; returns the file's path (None: console only, or it cannot be written)."""
    level = getattr(logging, args.log_level.upper(), logging.INFO)
    logging.basicConfig(level=level, format=LOG_FORMAT)
    if args.log_file is not None and str(args.log_file) in ("", "."):
        return None
    if args.log_file is None:
        from net.dirs import log_file

        args.log_file = log_file()
    try:
        args.log_file.parent.mkdir(parents=True, exist_ok=True)
        handler = HostLog(args.log_file, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError as exc:
        print(f"no log file ({exc}); logging to the console only", file=sys.stderr)
        return None
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(level)
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, HostLog)]:
        root.removeHandler(old)     # main() called again in one process: one file, once
        old.close()
    root.addHandler(handler)
    logging.getLogger(__name__).info("logging to %s", args.log_file)
    return args.log_file


def say_found(host: Host) -> None:
    """What the data dir held at start: restored, set aside, refused, skipped, archived."""
    for line in host.report.lines() if host.report else []:
        print(line, flush=True)
    if host.lifecycle.unsaved:
        print(f"warning: {host.lifecycle.unsaved}", flush=True)


def say_listening(host: Host, addr: str, port: int, made: Table | None, args: argparse.Namespace,
                  share: ShareServer | None = None) -> None:
    """The host's first lines on the console: where it listens (and the table made at start),
    then the web page (or with ``--no-web`` the download page), then where players on other
    machines join, where phones and browsers open the page, and where the game is downloaded."""
    print(f"host {host.config.name!r} listening on {addr or '*'}:{port}"
          + (f"; table {made.id}: {args.game}, {args.seats} seats, {args.bots} bots" if made
             else ""), flush=True)
    if share is not None:
        from net.web import WebServer

        assert share.address is not None   # (it serves)
        web = isinstance(share, WebServer)
        print(("web page" if web else "download page")
              + f" on {share.address[0] or '*'}:{share.address[1]}"
              + (f", sharing {share.directory}" if share.directory is not None else ""),
              flush=True)
    if host.addresses:
        print("players join at " + ", ".join(host.addresses)
              + ("; phones and browsers open " + ", ".join(host.web) if host.web else "")
              + ("; the game to download: " + ", ".join(host.share) if host.share else ""),
              flush=True)


async def start_share(args: argparse.Namespace, host: Host, port: int) -> ShareServer | None:
    """The web port (net/web.py): the page browsers play on, ``/ws``, and with ``--share`` the
    download page (``/download``); with ``--no-web`` only ``--share``'s download page (at ``/``).
    Its URLs go into the host's welcome (the lobby shows them, with a QR code). None with neither;
    OSError with a message to print when it cannot be served."""
    web = not args.no_web
    if args.share is None and not web:
        return None
    from net.replays import attach
    from net.share import ShareServer, share_port
    from net.web import WebServer

    if web:
        chosen, option = args.web_port, "--web-port"
        if chosen is None and args.share_port is not None:
            chosen, option = args.share_port, "--share-port"
    else:
        chosen, option = args.share_port, "--share-port"
    # the next port after the host's; any free one when the host took any free one (--port 0)
    want = chosen if chosen is not None else share_port(port if args.port else 0)
    try:
        lan = host.config.lan
        share: ShareServer = (WebServer(host.links, args.share, game_port=port, join=host.addresses,
                                        host_name=host.config.name, lan=lan) if web else
                              ShareServer(args.share, game_port=port, join=host.addresses,
                                          host_name=host.config.name, lan=lan))
        attach(share, host.config.data_dir)      # tonight's finished games as replay files
        await share.start(args.bind, want)
    except OSError as exc:
        what = "the web page" if web else "--share: the download page"
        raise OSError(f"{what}: cannot serve it on port {want}: {exc}"
                      f" (choose another with {option}" + (", or --no-web)" if web else ")")) from exc
    if web:
        host.web = share.urls
    if args.share is not None:
        host.share = [u + share.page_path.lstrip("/") for u in share.urls]
    return share


async def serve(args: argparse.Namespace) -> int:
    """``--headless``: the host on this thread's loop until Ctrl-C (or, with
    ``--exit-when-over``, until every table made at start is over)."""
    from net.host import Host
    from net.saves import DataDirBusy

    host = Host(make_config(args))
    try:
        addr, port = await host.start()
    except DataDirBusy as exc:
        print(f"{args.prog}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{args.prog}: cannot serve on {args.bind or '*'}:{args.port}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    try:
        share = await start_share(args, host, port)
    except OSError as exc:
        print(exc, file=sys.stderr)
        await host.stop()
        return 2
    made = create_start_table(host, args)
    say_listening(host, addr, port, made, args, share)
    say_found(host)
    exit_when_over = args.exit_when_over or (made is not None and args.bots == args.seats)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # pragma: no cover - Windows
            pass
    watched = [made] if made else ([t for t in host.tables.values()] if args.resume else [])
    try:
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), 0.2)
            except asyncio.TimeoutError:
                pass
            if exit_when_over and watched and all(t.status == "over" for t in watched):
                for t in watched:
                    assert t.game is not None   # (it is over)
                    print(f"table {t.id} over: scores {t.game.scores}, winners {t.game.winners}",
                          flush=True)
                break
    finally:
        if share is not None:
            await share.stop()
        await host.stop()
    return 0


def window_host(args: argparse.Namespace) -> tuple[Host, Table | None]:
    """The host of run_host.py's window and the table made at start: ``(host, --game's table or
    None)``. Made before the host runs (its bots start with it); with no --game: a table of the
    registry's first game (Tikal) where the host sits and the other seats are open for friends
    (bots only with --bots, or when the owner fills the empty seats from the lobby)."""
    from net.host import Host

    host = Host(make_config(args))
    made = create_start_table(host, args, for_window=True)
    if made is None and not args.resume:
        game = window_game()    # its first seat and the table are the window's from the start
        host.create_table(game, WINDOW_SEATS, table_options(args, game), bots=args.bots,
                          bot_level=args.bot_level, hints=args.hints, for_window=True)
    return host, made


def window(args: argparse.Namespace) -> int:
    """The host in a background thread and the game window on this one, connected to it."""
    from net.host import start_in_thread
    from net.saves import DataDirBusy

    made = None
    try:
        host, made = window_host(args)
        addr, port, stop = start_in_thread(host=host)
    except DataDirBusy as exc:
        print(f"{args.prog}: {exc}", file=sys.stderr)
        return 1
    loop = host.loop
    assert loop is not None   # (it runs)
    try:
        share = asyncio.run_coroutine_threadsafe(start_share(args, host, port), loop).result(10)
    except OSError as exc:
        print(exc, file=sys.stderr)
        stop()
        return 2
    say_listening(host, addr, port, made, args, share)
    say_found(host)
    try:
        try:
            return play_local("127.0.0.1" if addr in ("0.0.0.0", "::", "") else addr, port,
                              host=host) or 0
        except ImportError as exc:
            print(f"{args.prog}: the game window cannot be loaded ({exc}); "
                  f"run `{args.prog} --headless` to host without a window.", file=sys.stderr)
            return 2
    finally:
        if share is not None:
            asyncio.run_coroutine_threadsafe(share.stop(), loop).result(10)
        stop()


def more_files() -> None:
    """Raise this process's open-file limit to what the system allows: every connection and
    every open journal is a file (the host caps both well below the usual 1,024)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
        except (ValueError, OSError):
            pass


def main(argv=None, prog: str | None = None) -> int:
    """The host command; ``prog``: the name it was started as, when not its own (``tikal-lan
    host``)."""
    args = parse_args(argv, prog)
    more_files()
    setup_logging(args)
    if args.list_saved:
        return list_saved(args)
    if args.standings:
        return standings(args)
    if args.export:
        return export(args)
    if not args.headless and not has_display():
        from net.about import window_command

        print(f"{args.prog}: no display found. To host without a window run\n"
              f"    {args.prog} --headless\n"
              f"(players join with `{window_command(args.prog)}`; add --game {window_game()} "
              f"--seats {WINDOW_SEATS} --bots {WINDOW_SEATS - 1} to open a table with bots).",
              file=sys.stderr)
        return 2
    if args.headless:
        return asyncio.run(serve(args))
    return window(args)


if __name__ == "__main__":
    sys.exit(main())
