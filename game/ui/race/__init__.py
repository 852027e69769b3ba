"""The race scenes and views (game/ui/race/race/)."""
