"""Errors about user input that point at the place in the file: `file:line:column: message`."""
from __future__ import annotations


class InputError(Exception):
    """Bad input from a file or a command line; printed as `file:line:column: message`."""

    def __init__(self, message: str, file: str = "<input>", line: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class IllegalAction(ValueError):
    """An action the current state does not allow (never a silent no-op)."""
