"""Bierpong: the referee on the physics table's events, the match, records and tournaments."""
