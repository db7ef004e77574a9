"""Tonight's finished games and their replays, for the clients (docs/protocol.md section 15) and
the download page: one reader of the data dir (``net.standings.tonight_finished``, the list the
standings count too) and one writer of replay dicts (``net.journal.export_replay``). Both read
files: the host calls them off its event loop."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import quote

from . import journal as jn
from .saves import ARCHIVE

#: At most this many games in a ``finished`` message (the newest), far under the frame limit.
MAX_LISTED = 200


class NoReplay(Exception):
    """No finished game of that id in the data dir (or no data dir)."""


def tonight(data_dir) -> list[dict]:
    """Tonight's finished games, newest first: id, game, options, seats, names, kinds, colours,
    scores, winners, actions, ended (``saves.game_record``)."""
    if data_dir is None:
        return []
    from .standings import tonight_finished

    games = tonight_finished(data_dir)
    return sorted(games, key=lambda g: (g.get("ended") or 0, g["id"]), reverse=True)[:MAX_LISTED]


def journal_of(data_dir, tid: int) -> Path:
    """The journal of table ``tid`` (the data dir's, else its archive's)."""
    if data_dir is None:
        raise NoReplay("this host keeps no games (no data dir)")
    for where in (Path(data_dir), Path(data_dir) / ARCHIVE):
        path = jn.journal_path(where, tid)
        if path.is_file():
            return path
    raise NoReplay(f"no game {tid} on this host")


def replay(data_dir, tid: int) -> dict:
    """The replay dict of finished game ``tid`` (the ``--export`` format); ``NoReplay`` for an
    unknown or unfinished game (its seed would tell the rest of it)."""
    try:
        return jn.export_replay(journal_of(data_dir, tid))
    except jn.Unfinished:
        raise NoReplay(f"game {tid} is not finished: only finished games are replayed") from None
    except (jn.JournalError, OSError, ValueError) as exc:
        raise NoReplay(f"game {tid} cannot be replayed: {exc}") from None


def for_wire(data_dir, tid: int) -> dict:
    """``replay`` as the ``replay`` message carries it: its seed as a string of decimal digits
    (62 bits: beyond the wire's plain ints, ±2^53)."""
    rep = replay(data_dir, tid)
    rep["seed"] = str(rep["seed"])
    return rep


def file_name(game: dict) -> str:
    """A replay's download name: ``replay-tikal-12.json``."""
    return f"replay-{game['game']}-{game['id']}.json"


_FILE = re.compile(r"^replay-[a-z]+-(\d{1,9})\.json$")


def kept(data_dir) -> list[dict]:
    """Every finished game the data dir keeps (tonight's and earlier nights'), newest first (at
    most ``MAX_LISTED``), in ``tonight``'s shape."""
    if data_dir is None:
        return []
    from .saves import finished_games

    games = finished_games(data_dir)
    return sorted(games, key=lambda g: (g.get("ended") or 0, g["id"]), reverse=True)[:MAX_LISTED]


def attach(share, data_dir) -> None:
    """The download page (net/share.py) lists the finished games as replay files (name, game,
    players, winner), tonight's first, then those of earlier nights the host keeps (a new night
    does not take last night's away), and serves each as ``/replay-<game>-<id>.json``."""
    def section(tr, esc) -> str:
        games = kept(data_dir)
        if not games:
            return f"<h2>{esc(tr('share.replays'))}</h2>\n<p>{esc(tr('share.replays_none'))}</p>"
        now = {g["id"] for g in tonight(data_dir)}
        games = [g for g in games if g["id"] in now] + [g for g in games if g["id"] not in now]
        rows = []
        earlier_said = False
        for g in games:
            if g["id"] not in now and not earlier_said:
                earlier_said = True
                rows.append(f'<tr><th colspan="4">{esc(tr("share.replays_earlier"))}</th></tr>')
            names = g.get("names") or []
            winners = ", ".join(esc(names[s]) for s in g.get("winners") or [] if s < len(names))
            scores = g.get("scores") or []
            players = ", ".join(f"{esc(n)} {scores[i] if i < len(scores) else ''}".strip() for i, n in enumerate(names))
            name = file_name(g)
            rows.append(f'<tr><td><a href="/{quote(name)}" download>{esc(name)}</a></td>'
                        f"<td>{esc(tr('game.' + g.get('game', '')))}</td><td>{players}</td><td>{winners}</td></tr>")
        head = "".join(f"<th>{esc(tr(k))}</th>" for k in ("share.replay_file", "share.replay_game",
                                                             "share.replay_players", "share.replay_winner"))
        how = esc(tr("share.replays_how")).format(command="<code>tikal-lan --replay FILE</code>")
        return (f"<h2>{esc(tr('share.replays'))}</h2>\n<table><tr>{head}</tr>\n" + "\n".join(rows)
                + f"</table>\n<p>{how}</p>")

    def replay_file(name: str) -> bytes | None:
        m = _FILE.match(name)
        if m is None:
            return None
        tid = int(m.group(1))
        if not any(g["id"] == tid and file_name(g) == name for g in kept(data_dir)):
            return None          # only what the page lists
        try:
            return json.dumps(replay(data_dir, tid), indent=1).encode("utf-8")
        except NoReplay:
            return None

    share.sections.append(section)
    share.generated.append(replay_file)
