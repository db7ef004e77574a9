"""Starting the window: the embedded default (a host in this process with bots) or joining a
host by address. Kept apart from run_client.py so tests and benchmarks can call it."""
from __future__ import annotations

from .app import App
from .net_bridge import make_bridge


def run(settings, host: str | None = None, spectate: bool = False, fullscreen: bool = False) -> int:
    bridge = make_bridge(settings.name)
    app = App(settings, fullscreen=fullscreen, bridge=bridge)
    from .scenes.browser import BrowserScene

    app.show(BrowserScene(app, bridge))
    embedded = None
    if host is None:
        embedded = start_embedded(bridge)
        host = embedded.address if embedded else None
    if host:
        bridge.spectate_first = spectate
        app.scene.connect(host)
    try:
        app.run()
    finally:
        if embedded is not None:
            embedded.stop()
    return 0


def start_embedded(bridge):
    """A host in this process (the host engineer's embed API) with a table of bots ready for a
    quick game; None if the host cannot start (the browser then shows what was found)."""
    try:
        from net import host as net_host
    except ImportError:
        return None
    starter = getattr(net_host, "start_in_thread", None)
    if starter is None:
        return None
    return starter(bind="127.0.0.1", port=0, announce=False)
