"""The host command's options (``tikal-host``, ``tikal-lan host``, ``run_host.py``) and the host
configuration they make.

Every default is the host's own (``net.config.COMMAND``, a ``HostConfig``): written once there.
Every per-game choice comes from the engine's registry (``engine.GAMES``): ``--game``'s names,
``--seats``' ranges and one flag per table option a game declares (``--variant``,
``--cards-as-dice``: an option's name with dashes; a yes/no option is a switch, ``--no-...`` too).
A game added to the registry brings its flags with it; a flag of another game than ``--game``'s
is refused.
"""
from __future__ import annotations

import argparse
import socket
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import engine
from net.config import COMMAND, HostConfig
from net.messages import NAME_MAX, Text

#: The seats of the table the host's window opens without --game (the host's and open ones).
WINDOW_SEATS = 4

#: The host's name: text as a player's name is (a host may call itself "Bot 2").
HOST_NAME = Text(1, NAME_MAX)


def window_game() -> str:
    """The game of the table the host's window opens without --game: the registry's first."""
    return next(iter(engine.GAMES))


def option_flags() -> dict[str, list[tuple[engine.GameInfo, engine.Option]]]:
    """Each table option's name (a flag of the command) and the games that declare it."""
    flags: dict[str, list[tuple[engine.GameInfo, engine.Option]]] = {}
    for info in engine.GAMES.values():
        for o in info.options:
            flags.setdefault(o.name, []).append((info, o))
    return flags


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _word_of(values: list) -> Callable[[str], object]:
    """The value a word of the command line names (``3`` is the int 3 if that is a value)."""
    by_text = {str(v): v for v in values}

    def value(text: str) -> object:
        return by_text.get(text, text)
    return value


def _add_option_flags(p: argparse.ArgumentParser) -> None:
    """One flag per table option of the games: a switch for a yes/no option, else a choice of
    its values. Unset (None) unless given: the table made at start takes its game's default."""
    for name, owners in option_flags().items():
        values: list = []
        for _info, o in owners:
            values += [v for v in o.values if v not in values]
        where = "; ".join(f"{info.title}, default {o.default}" for info, o in owners)
        if all(type(v) is bool for v in values):
            p.add_argument(_flag(name), dest=name, action=argparse.BooleanOptionalAction,
                           default=None, help=f"that table's option {name} ({where})")
        else:
            p.add_argument(_flag(name), dest=name, default=None, choices=values,
                           type=_word_of(values), help=f"that table's option {name} ({where})")


def parse_args(argv=None, prog: str | None = None) -> argparse.Namespace:
    """The options; ``args.prog`` is the command as it was started (``tikal-host``, ``tikal-lan
    host``, ``python run_host.py``), for the messages that say what to run."""
    from net.about import command_name, version

    d = COMMAND
    p = argparse.ArgumentParser(prog=prog or command_name("tikal-host"),
                                description="Host Tikal / La Tortuga games on the LAN.")
    p.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    p.add_argument("--port", type=int, default=d.port,
                   help=f"TCP port (default {d.port}; 0 = any free port)")
    p.add_argument("--bind", default=d.bind, metavar="ADDR",
                   help="serve and announce on this address only (default: every interface)")
    p.add_argument("--name", default=None, help="host name shown to players (default: hostname)")
    p.add_argument("--no-announce", action="store_true", help="no zeroconf announcement")
    p.add_argument("--headless", action="store_true", help="no window: host only")
    p.add_argument("--game", choices=list(engine.GAMES), help="create a table at start")
    _add_option_flags(p)
    p.add_argument("--hints", action="store_true",
                   help="that table offers newcomers the hint button (a lobby table sets it at creation)")
    p.add_argument("--seats", type=int,
                   help=f"seats of that table (default {WINDOW_SEATS}; "
                        + ", ".join(f"{g} {i.min_seats}-{i.max_seats}"
                                    for g, i in engine.GAMES.items()) + ")")
    p.add_argument("--bots", type=int, default=None,
                   help="fill this many seats with bots; equal to --seats: the bots play it out"
                        " (the window's own table: its seats but the host's are open without it)")
    p.add_argument("--bot-level", default=None,
                   help="easy | normal | hard (what the installed bots offer; default easy)")
    p.add_argument("--bot-delay", type=float, default=d.bot_delay,
                   help=f"seconds a bot waits before it plays at a table where people sit, so "
                        f"they can follow (default {d.bot_delay:g}; a table of bots only plays at "
                        "full speed)")
    p.add_argument("--grace", type=float, default=d.grace,
                   help=f"seconds a dropped player's seat is held before a bot plays it "
                        f"(default {d.grace:g})")
    p.add_argument("--turn-limit", type=float, default=d.turn_limit, metavar="SECONDS",
                   help=f"a new table's turn clock, unless its creator picks another: seconds a "
                        f"player's turn may last before a bot plays it for them (default "
                        f"{d.turn_limit:g}; 0: no clock)")
    p.add_argument("--ping-interval", type=float, default=d.ping_interval, help=argparse.SUPPRESS)
    p.add_argument("--ping-timeout", type=float, default=d.ping_timeout, help=argparse.SUPPRESS)
    p.add_argument("--rate", type=float, default=d.rate, help=argparse.SUPPRESS)
    p.add_argument("--data-dir", type=Path, default=None,
                   help="where table journals are kept (default: the user data folder's saves,"
                        " e.g. ~/.local/share/tikal-lan/saves)")
    p.add_argument("--no-journal", action="store_true",
                   help="keep no journal (nothing survives a crash; for measurements)")
    p.add_argument("--resume", action="store_true",
                   help="restore the unfinished tables of the data dir")
    p.add_argument("--keep-finished", type=int, default=d.keep_finished, metavar="N",
                   help=f"finished games kept in the data dir; older ones move to its archive/ "
                        f"(default {d.keep_finished})")
    p.add_argument("--keep-days", type=float, default=d.keep_days, metavar="D",
                   help=f"journals not written for D days move to archive/ (default "
                        f"{d.keep_days:g})")
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
        args.seats = WINDOW_SEATS
    if args.seats is not None and not args.game:
        p.error("--seats needs --game")
    if args.game:
        info = engine.GAMES[args.game]
        if not info.min_seats <= args.seats <= info.max_seats:
            p.error(f"--seats: {info.title} is for {info.min_seats} to {info.max_seats} players")
    _check_option_flags(p, args)
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


def _check_option_flags(p: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """A table option's flag belongs to the table made at start (``--game``'s, or the window's
    own): one of that game's options, never another game's."""
    given = [name for name in option_flags() if getattr(args, name) is not None]
    if not given:
        return
    if not args.game and args.headless:
        p.error(f"{_flag(given[0])} needs --game")
    info = engine.GAMES[args.game or window_game()]
    mine = {o.name for o in info.options}
    for name in given:
        if name not in mine:
            p.error(f"{_flag(name)}: {info.title} has no such option (it is "
                    + ", ".join(i.title for i, _o in option_flags()[name]) + "'s)")


def table_options(args: argparse.Namespace, game: str | None = None) -> dict:
    """The options of the table made at start (``--game``'s, or ``game``): each option of the
    game's facts from its flag, its default where the flag was not given."""
    info = engine.GAMES[game or args.game]
    return {o.name: o.default if getattr(args, o.name, None) is None else getattr(args, o.name)
            for o in info.options}


def make_config(args: argparse.Namespace) -> HostConfig:
    """The host's configuration from the options (what they do not set: ``COMMAND``'s)."""
    return replace(COMMAND, name=args.name or socket.gethostname(), bind=args.bind,
                   port=args.port, data_dir=None if args.no_journal else args.data_dir,
                   resume=args.resume, grace=args.grace, new_night=args.new_night,
                   turn_limit=args.turn_limit,
                   keep_finished=args.keep_finished, keep_days=args.keep_days,
                   announce=not args.no_announce, bot_delay=args.bot_delay,
                   ping_interval=args.ping_interval, ping_timeout=args.ping_timeout,
                   rate=args.rate, burst=2 * args.rate)
