"""The dice table: the turn machine Schock and Katchen share, each game's state, notation and bots."""
