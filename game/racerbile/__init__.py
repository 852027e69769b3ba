"""Racerbile: tracks, the race state, legal moves and bots (the race itself arrives with its own issue)."""
