"""An asyncio event loop on a daemon thread, for synchronous code (the pygame client, scripts):
the one helper behind the embedded host (``net.host.start_in_thread``), the client facade
(``net.client.Client``) and discovery's ``BrowserThread``.

    lt = LoopThread("tikal-client")
    loop = lt.start()                        # the loop runs in its thread from here on
    result = lt.call(some_coroutine(), 5.0)  # run a coroutine there and wait for its result
    loop.call_soon_threadsafe(fn, arg)       # or hand it a plain call without waiting
    lt.stop()                                # cancels what is still pending, closes the loop

Like python-chess's ``run_in_background``: asyncio stays on one thread, the caller's thread only
hands work over.
"""
from __future__ import annotations

import asyncio
import threading


class LoopThread:
    def __init__(self, name: str = "asyncio-loop"):
        self.name = name
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> asyncio.AbstractEventLoop:
        self.thread.start()
        return self.loop

    def _run(self) -> None:
        loop = self.loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_forever()
            pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
            for task in pending:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()

    @property
    def running(self) -> bool:
        return self.thread.is_alive() and not self.loop.is_closed()

    def call(self, coro, timeout: float | None = None):
        """Run ``coro`` on the loop and wait (at most ``timeout`` s) for its result; its
        exception is raised here."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the loop (its pending tasks are cancelled and awaited) and join the thread."""
        if self.thread.is_alive():
            try:
                self.loop.call_soon_threadsafe(self.loop.stop)
            except RuntimeError:  # closed meanwhile
                pass
            self.thread.join(timeout)
