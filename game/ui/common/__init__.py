"""The common scenes and views (game/ui/common/)."""
