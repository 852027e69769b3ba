"""Stammtisch – a desktop tabletop simulator for pub games."""

__version__ = "0.1.0"
