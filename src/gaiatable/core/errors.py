"""The errors gaiatable raises. All are ValueErrors with a precise name and a readable message."""


class GaiatableError(ValueError):
    """Base class for every error the engine raises on bad input."""


class IllegalAction(GaiatableError):
    """An action that the rules forbid in this state. The state is left unchanged."""

    def __init__(self, reason: str, clause: str | None = None, action: int | None = None):
        self.reason = reason
        self.clause = clause
        self.action = action
        super().__init__(f"{reason} ({clause})" if clause else reason)


class ActionParseError(GaiatableError):
    """Text that names no action of this game."""


class ParamError(GaiatableError):
    """A game parameter that is unknown or out of range."""


class UnknownGame(GaiatableError):
    """A game name that is not registered."""


class RecordError(GaiatableError):
    """A game record that is malformed or does not replay; the message says where."""


class ContentError(GaiatableError):
    """A content (data) file that fails validation; the message says which file and which entry."""
