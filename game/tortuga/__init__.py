"""The La Tortuga table (``scene.py``) and its parts: the island and its turtles (``island``), the
players and the dice tray (``panel``), the host's events as animations (``animations``) and as log
lines (``log_lines``), and the sample positions for screenshots and tests (``samples``)."""
