"""The shared rule adjudicators: game events in, rulings out. Pure Python – never imports pygame."""
