"""The shared screens (host browser, lobby, results, menu and rules, settings) and the pieces
every table shares (``common``). They name no game: what a game is to them comes from the App's
registry (``app.games``), and they reach each other by name through the App (``game/screens.py``).
``samples`` has the shared screens' samples for ``--screenshot``."""
