"""The shell above the games' scenes: the app's entry, the menu, settings, joining a table, the replay viewer and the launchers; it finds a game's scene through `game.ui.scenes`."""
