"""The editor scenes and views (game/ui/editor/editor/)."""
