"""Drawing pieces of the Tikal table (no scene logic): the hex geometry of the board on screen,
the tile and piece art (cached surfaces), small view helpers for animations, and the sample
positions for screenshots and tests. The scene itself is ``game/scenes/tikal_table.py``."""
