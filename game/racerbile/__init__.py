"""Racerbile: tracks, the race state, legal moves, the referee of a race and Le Mans, bots."""
