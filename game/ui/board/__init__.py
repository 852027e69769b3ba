"""The board scenes and views (game/ui/board/board/)."""
