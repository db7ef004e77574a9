"""The entry points, above the window (``game/``) and the host (``net/``): the commands
``tikal-lan`` (``window.py``, ``run_client.py``) and ``tikal-host`` (``host.py``, ``run_host.py``).
They parse the command line and wire the parts together (the host command's local window is the
game's), so the layers below point one way: engine <- net <- game <- tikal_lan (the import
contracts in pyproject.toml, checked by ``lint-imports`` in tests/test_layers.py)."""
