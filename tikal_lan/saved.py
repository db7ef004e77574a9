"""The host command's answers about its data dir, printed, without hosting: ``--list-saved``,
``--standings`` and ``--export ID FILE`` (net/journal.py, net/saves.py, net/standings.py read it)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path


def standings(args: argparse.Namespace) -> int:
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


def list_saved(args: argparse.Namespace) -> int:
    """``--list-saved``: one line per saved game of the data dir and its archive."""
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


def export(args: argparse.Namespace) -> int:
    """``--export ID FILE``: a saved game as a JSON replay file."""
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
