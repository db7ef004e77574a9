"""The host command (``tikal-host``; ``tikal-lan host`` in the app; ``run_host.py`` in a checkout):
host a LAN game (docs/protocol.md). Its messages name the command as it was started (net/about.py).

    python run_host.py                       # host + a local game window (needs a display)
    python run_host.py --headless            # host only; players join with run_client.py
    python run_host.py --headless --game tikal --seats 4 --bots 4     # bots play a game out
    python run_host.py --headless --resume   # restore the unfinished tables after a crash
    python run_host.py --list-saved          # saved games of the data dir
    python run_host.py --export 3 game3.json # a saved game as a replay file
    python run_host.py --share dist/         # also a download page of dist/ for the guests

The default port is 47474 (``--port``). The host announces itself on the LAN with zeroconf unless
``--no-announce``; ``--bind ADDR`` serves (and announces) on that address only.
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

import engine
from net.messages import NAME_MAX, Text
from net.protocol import DEFAULT_PORT

#: The option values of the games' own facts (engine.GAMES) behind --variant and --cards-as-dice.
_VARIANT = next(o for o in engine.GAMES["tikal"].options if o.name == "variant")
from net.saves import KEEP_DAYS, KEEP_FINISHED


def parse_args(argv=None, prog: str | None = None) -> argparse.Namespace:
    """The options; ``args.prog`` is the command as it was started (``tikal-host``, ``tikal-lan
    host``, ``python run_host.py``), for the messages that say what to run."""
    from net.about import command_name, version

    p = argparse.ArgumentParser(prog=prog or command_name("tikal-host"),
                                description="Host Tikal / La Tortuga games on the LAN.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=f"TCP port (default {DEFAULT_PORT}; 0 = any free port)")
    p.add_argument("--bind", default="", metavar="ADDR",
                   help="serve and announce on this address only (default: every interface)")
    p.add_argument("--name", default=None, help="host name shown to players (default: hostname)")
    p.add_argument("--no-announce", action="store_true", help="no zeroconf announcement")
    p.add_argument("--headless", action="store_true", help="no window: host only")
    p.add_argument("--game", choices=list(engine.GAMES), help="create a table at start")
    p.add_argument("--variant", choices=list(_VARIANT.values), default=_VARIANT.default,
                   help=f"Tikal variant of that table (default {_VARIANT.default})")
    p.add_argument("--cards-as-dice", action="store_true", help="La Tortuga variant of that table")
    p.add_argument("--hints", action="store_true",
                   help="that table offers newcomers the hint button (a lobby table sets it at creation)")
    p.add_argument("--seats", type=int,
                   help="seats of that table (default 4; "
                        + ", ".join(f"{g} {i.min_seats}-{i.max_seats}"
                                    for g, i in engine.GAMES.items()) + ")")
    p.add_argument("--bots", type=int, default=None,
                   help="fill this many seats with bots; equal to --seats: the bots play it out"
                        " (the window's own table: its seats but the host's are open without it)")
    p.add_argument("--bot-level", default=None,
                   help="easy | normal | hard (what the installed bots offer; default easy)")
    p.add_argument("--bot-delay", type=float, default=0.6,
                   help="seconds a bot waits before it plays at a table where people sit, so "
                        "they can follow (default 0.6; a table of bots only plays at full speed)")
    p.add_argument("--grace", type=float, default=60.0,
                   help="seconds a dropped player's seat is held before a bot plays it (default 60)")
    p.add_argument("--ping-interval", type=float, default=5.0, help=argparse.SUPPRESS)
    p.add_argument("--ping-timeout", type=float, default=15.0, help=argparse.SUPPRESS)
    p.add_argument("--rate", type=float, default=100.0, help=argparse.SUPPRESS)
    p.add_argument("--data-dir", type=Path, default=None,
                   help="where table journals are kept (default: the user data folder's saves,"
                        " e.g. ~/.local/share/tikal-lan/saves)")
    p.add_argument("--no-journal", action="store_true",
                   help="keep no journal (nothing survives a crash; for measurements)")
    p.add_argument("--resume", action="store_true",
                   help="restore the unfinished tables of the data dir")
    p.add_argument("--keep-finished", type=int, default=KEEP_FINISHED, metavar="N",
                   help=f"finished games kept in the data dir; older ones move to its archive/ "
                        f"(default {KEEP_FINISHED})")
    p.add_argument("--keep-days", type=float, default=KEEP_DAYS, metavar="D",
                   help=f"journals not written for D days move to archive/ (default "
                        f"{KEEP_DAYS:g})")
    p.add_argument("--list-saved", action="store_true", help="list the saved games and exit")
    p.add_argument("--standings", action="store_true",
                   help="print tonight's standings of the data dir (one line per player) and exit")
    p.add_argument("--new-night", action="store_true",
                   help="start a new night as the host starts: tonight's standings begin afresh")
    p.add_argument("--export", nargs=2, metavar=("ID", "FILE"),
                   help="write saved game ID as a JSON replay file and exit (a finished game; "
                        "an unfinished one only with --force: its seed tells the rest)")
    p.add_argument("--force", action="store_true",
                   help="with --export: export an unfinished game too")
    p.add_argument("--exit-when-over", action="store_true",
                   help="stop once every table created at start is over (default with --headless"
                        " when --bots equals --seats)")
    p.add_argument("--share", type=Path, metavar="DIR",
                   help="serve a download page of DIR's files (the wheel, the apps) and how to"
                        " join, on the next port (default: off)")
    p.add_argument("--share-port", type=int, default=None, metavar="N",
                   help="the download page's port without the web page (--no-web; default: "
                        "--port + 1)")
    p.add_argument("--web-port", type=int, default=None, metavar="N",
                   help="the port of the page browsers (phones) play on, and of the download "
                        "page with --share (default: --port + 1; 0 = any free port)")
    p.add_argument("--no-web", action="store_true",
                   help="no web page: browsers cannot play (--share then serves its page alone)")
    p.add_argument("--log-level", default="INFO")
    p.add_argument("--log-file", type=Path, default=None,
                   help="the log also goes to this file, rotated at 1 MB, 3 kept (default: host.log"
                        " in the user log folder, e.g. ~/.local/state/tikal-lan/log; '' = console"
                        " only)")
    args = p.parse_args(argv)
    if args.data_dir is None:
        from net.dirs import saves_dir

        args.data_dir = saves_dir()
    if args.game and args.seats is None:
        args.seats = 4
    if args.seats is not None and not args.game:
        p.error("--seats needs --game")
    if args.game:
        info = engine.GAMES[args.game]
        if not info.min_seats <= args.seats <= info.max_seats:
            p.error(f"--seats: {info.title} is for {info.min_seats} to {info.max_seats} players")
    if args.bots is not None and not args.game and args.headless:
        p.error("--bots needs --game")
    if args.bots is not None and not 0 <= args.bots <= (args.seats or WINDOW_SEATS) - (
            0 if args.game else 1):
        p.error("--bots must be between 0 and --seats (the window's own table: --seats - 1)")
    if args.bots is None:
        args.bots = 0
    if args.share is not None and not args.share.is_dir():
        p.error(f"--share: {args.share} is not a folder")
    if args.name is not None and HOST_NAME.check(args.name):
        p.error(f"--name {HOST_NAME.check(args.name)}")
    args.prog = p.prog
    return args


def has_display() -> bool:
    if sys.platform in ("win32", "darwin"):
        return True
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def create_start_table(host, args):
    """The table of ``--game`` (with its options, bots and ``--hints``), or None without it."""
    if not args.game:
        return None
    return host.create_table(args.game, args.seats, table_options(args), bots=args.bots,
                             bot_level=args.bot_level, hints=args.hints)


def table_options(args) -> dict:
    """The options of the table made at start: each option of the game's facts from its flag
    (``--variant``, ``--cards-as-dice``)."""
    return {o.name: getattr(args, o.name) for o in engine.GAMES[args.game].options}


def make_config(args, headless: bool):
    import socket

    from net.host import HostConfig

    return HostConfig(name=args.name or socket.gethostname(), bind=args.bind, port=args.port,
                      data_dir=None if args.no_journal else args.data_dir,
                      resume=args.resume, grace=args.grace, new_night=args.new_night,
                      keep_finished=args.keep_finished, keep_days=args.keep_days,
                      announce=not args.no_announce, bot_delay=args.bot_delay,
                      ping_interval=args.ping_interval, ping_timeout=args.ping_timeout,
                      rate=args.rate, burst=2 * args.rate)


#: The seats of the table the host's window opens without --game (the host's and open ones).
WINDOW_SEATS = 4

#: The host's name: text as a player's name is (a host may call itself "Bot 2").
HOST_NAME = Text(1, NAME_MAX)

LOG_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


class HostLog(RotatingFileHandler):
    """The host's log file (one per process, however often ``main`` runs in it)."""


def setup_logging(args) -> Path | None:
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


def standings(args) -> int:
    """``--standings``: tonight's standings of the data dir as text, one line per player."""
    from net.saves import finished_games
    from net.standings import Night

    night = Night.load(args.data_dir, owner=False)
    night.reconcile(finished_games(args.data_dir))
    if night.problem:
        print(night.problem, file=sys.stderr)
    for line in night.lines():
        print(line)
    return 0


def list_saved(args) -> int:
    from net.journal import list_saved as ls

    games = ls(args.data_dir)
    if not games:
        print(f"no saved games in {args.data_dir}")
    for g in games:
        where = " (archived)" if g.get("archived") else ""
        if g["game"] == "?":
            print(f"     {Path(g['path']).name}{where}: {g['problem']}")
            continue
        state = "over" if g["over"] else ("unfinished" if g["over"] is False else "unreadable")
        print(f"{g['id']:>4}  {g['game']:<8} {g['seats']} seats  {g['actions']:>5} actions  "
              f"{state:<10} {', '.join(g['names'])}  scores {g['scores']}{where}"
              + (f"  [{g['problem']}]" if g.get("problem") else ""))
    return 0


def export(args) -> int:
    from net.journal import JournalError, Unfinished, export_replay, journal_path

    tid = int(args.export[0])
    for path in (journal_path(args.data_dir, tid), journal_path(args.data_dir / "archive", tid)):
        if path.exists():
            break
    else:
        print(f"no saved game {tid} in {args.data_dir}", file=sys.stderr)
        return 1
    try:
        replay = export_replay(path, args.export[1], force=args.force)
    except Unfinished as exc:
        print(f"game {tid} not exported: {exc}. Add --force to export it anyway.",
              file=sys.stderr)
        return 1
    except JournalError as exc:
        print(f"game {tid} cannot be exported: {exc.message}", file=sys.stderr)
        return 1
    print(f"wrote {args.export[1]}: {replay['game']}, {len(replay['actions'])} actions")
    return 0


def say_found(host) -> None:
    """What the data dir held at start: restored, set aside, refused, skipped, archived."""
    for line in host.report.lines() if host.report else []:
        print(line, flush=True)
    if host.lifecycle.unsaved:
        print(f"warning: {host.lifecycle.unsaved}", flush=True)


def say_listening(host, addr, port, made, args, share=None) -> None:
    """The host's first lines on the console: where it listens (and the table made at start),
    then where players on other machines join (and get the game: ``--share``)."""
    print(f"host {host.config.name!r} listening on {addr or '*'}:{port}"
          + (f"; table {made.id}: {args.game}, {args.seats} seats, {args.bots} bots" if made
             else ""), flush=True)
    if share is not None:
        web = getattr(share, "links", None) is not None
        print(("web page" if web else "download page")
              + f" on {share.address[0] or '*'}:{share.address[1]}"
              + (f", sharing {share.directory}" if share.directory is not None else ""),
              flush=True)
    if host.addresses:
        print("players join at " + ", ".join(host.addresses)
              + ("; phones and browsers open " + ", ".join(host.web) if host.web else "")
              + ("; the game to download: " + ", ".join(host.share) if host.share else ""),
              flush=True)


async def start_share(args, host, port):
    """The web port (net/web.py): the page browsers play on, ``/ws``, and with ``--share`` the
    download page (``/download``); with ``--no-web`` only ``--share``'s download page (at ``/``).
    Its URLs go into the host's welcome (the lobby shows them, with a QR code). None with neither;
    OSError with a message to print when it cannot be served."""
    web = not getattr(args, "no_web", False)
    if args.share is None and not web:
        return None
    from net.share import ShareServer, share_port

    if web:
        chosen, option = getattr(args, "web_port", None), "--web-port"
        if chosen is None and args.share_port is not None:
            chosen, option = args.share_port, "--share-port"
    else:
        chosen, option = args.share_port, "--share-port"
    want = chosen if chosen is not None else share_port(port)
    try:
        if web:
            from net.web import WebServer

            share: ShareServer = WebServer(host.links, args.share, game_port=port,
                                           join=host.addresses, host_name=host.config.name)
        else:
            share = ShareServer(args.share, game_port=port, join=host.addresses,
                                host_name=host.config.name)
        from net.replays import attach

        attach(share, host.config.data_dir)      # tonight's finished games as replay files
        await share.start(args.bind, want)
    except OSError as exc:
        what = "the web page" if web else "the download page"
        raise OSError(f"cannot serve {what} on port {want}: {exc}"
                      f" (choose another with {option}, or --no-web)") from exc
    if web:
        host.web = share.urls
    if args.share is not None:
        host.share = [u + share.page_path.lstrip("/") for u in share.urls]
    return share


async def serve(args, headless: bool) -> int:
    from net.host import Host
    from net.saves import DataDirBusy

    host = Host(make_config(args, headless))
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
    exit_when_over = args.exit_when_over or (made is not None and headless
                                             and args.bots == args.seats)
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


def window_host(args):
    """The host of run_host.py's window and the table made at start: ``(host, --game's table or
    None)``. Made before the host runs (its bots start with it); with no --game: a Tikal table
    where the host sits and the other seats are open for friends (bots only with --bots, or when
    the owner fills the empty seats from the lobby)."""
    from net.host import Host

    host = Host(make_config(args, headless=False))
    made = create_start_table(host, args)
    if made is None and not args.resume:
        host.create_table("tikal", WINDOW_SEATS, None, bots=args.bots,
                          bot_level=args.bot_level, hints=args.hints)
    return host, made


def window(args, play_local=None) -> int:
    """Host in a background thread plus a local client window connected to it: ``play_local(addr,
    port, host=)`` runs the window (the entry point, tikal_lan/host.py, hands it over: net/ never
    imports the window)."""
    if play_local is None:
        print(f"{args.prog}: this command has no game window; "
              f"run `{args.prog} --headless` to host without a window.", file=sys.stderr)
        return 2
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


def main(argv=None, prog: str | None = None, play_local=None) -> int:
    """The host command; ``prog``: the name it was started as, when not its own (``tikal-lan
    host``); ``play_local``: the window beside the host (given by the entry point,
    tikal_lan/host.py; without it only ``--headless`` hosts)."""
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
              f"(players join with `{window_command(args.prog)}`; add --game tikal --seats 4 --bots 3 "
              "to open a table with bots).", file=sys.stderr)
        return 2
    if args.headless:
        return asyncio.run(serve(args, headless=True))
    return window(args, play_local)


if __name__ == "__main__":
    sys.exit(main())
