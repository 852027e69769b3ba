"""The menu scenes and views (game/ui/menu/menu/)."""
