"""Drivers above the session: the generic record reader (`referee`) and the simulators of every game."""
