"""Stammtisch – a desktop tabletop simulator for pub games."""

from game import dataclass_cache as _dataclass_cache

__version__ = "0.1.0"

_dataclass_cache.install()  # before any dataclass is made: their methods compiled once, not at every start
