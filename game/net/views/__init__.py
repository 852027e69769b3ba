"""Each game's part of a browser's `view` (`game.net.web_view`): named by `GameInfo.web_view`."""
