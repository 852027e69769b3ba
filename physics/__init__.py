"""The physics layer (the beer-pong table arrives with its own issue); never imports pygame."""
