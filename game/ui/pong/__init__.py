"""The pong scenes and views (game/ui/pong/pong/)."""
