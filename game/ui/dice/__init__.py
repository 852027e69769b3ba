"""The dice scenes and views (game/ui/dice/)."""
