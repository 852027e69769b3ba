"""The pygame-ce user interface: scenes (menu, dice table), their widgets and drawing helpers.

`game.ui.shell.launch.run_app` is the entry point. Importing this package has no side effects: pygame is
initialised only when the app (or a test) creates an `App`.
"""
