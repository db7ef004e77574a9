"""A hint worker process (net/hints.py starts it): the strong bot off the host's interpreter.

``serve(pipe)`` answers requests until its pipe closes: each request is one msgpack map
``{"t": "hint", "game", "view", "legal", "seat", "seed"}`` as the host packed it, read back as a
client reads the host's messages (``decode_body``), so the bot sees the view exactly as a window
would; the answer is ``{"t": "hint", "hint": <engine.bots.hints.hint's answer>}`` or
``{"t": "error", "error": text}``.

It runs niced where the system allows (the host's loop and its players come first), ignores
Ctrl-C (the host it belongs to stops it) and imports only the engine: a fork server preloads this
module, so a worker killed to stop a hint nobody wants any more is replaced in milliseconds.
"""
from __future__ import annotations

import os
import signal

import msgpack

from engine.bots import hints

from .protocol import FrameError, decode_body

#: How much lower than the host's the worker's scheduling priority is (POSIX ``nice``).
NICE = 10


def serve(pipe) -> None:
    """Answer hint requests from ``pipe`` (a ``multiprocessing`` connection) until it closes."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):     # not the main thread of the process: nothing to ignore
        pass
    if hasattr(os, "nice"):
        try:
            os.nice(NICE)
        except OSError:
            pass
    while True:
        try:
            data = pipe.recv_bytes()
        except (EOFError, OSError):
            return
        pipe.send_bytes(msgpack.packb(answer(data), use_bin_type=True))


def answer(data: bytes) -> dict:
    """The answer to one packed request (never raises: a failure is an ``error``)."""
    try:
        req = decode_body(data)
        return {"t": "hint", "hint": hints.hint(req["game"], req["view"], req["legal"], req["seat"], req["seed"])}
    except FrameError as exc:
        return {"t": "error", "error": exc.message}
    except Exception as exc:   # a view the bot cannot answer on: said, the worker goes on
        return {"t": "error", "error": f"{type(exc).__name__}: {exc}"[:300]}
