"""Tonight's finished games and their replays, for the clients (docs/protocol.md section 15) and
the download page: one reader of the data dir (``net.standings.tonight_finished``, the list the
standings count too) and one writer of replay dicts (``net.journal.export_replay``). Both read
files: the host calls them off its event loop."""
from __future__ import annotations

from pathlib import Path

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


def file_name(game: dict) -> str:
    """A replay's download name: ``tikal-12.json``."""
    return f"{game['game']}-{game['id']}.json"
