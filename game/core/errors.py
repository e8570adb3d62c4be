"""One error family for the rules layer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refusal:
    """Why an action is not allowed: a stable code for programs and a sentence for people."""

    code: str
    message: str

    def __str__(self) -> str:
        return self.message


class IllegalAction(ValueError):
    """An action the rules refuse. The state it was applied to is unchanged."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @classmethod
    def from_refusal(cls, refusal: Refusal) -> IllegalAction:
        return cls(refusal.code, refusal.message)


class OptionError(ValueError):
    """A rule option that is unknown or out of range."""


class UnknownGame(LookupError):
    """No registered game has that name or alias."""


class SaveError(ValueError):
    """A saved match that cannot be loaded (damaged, wrong version, replays differently)."""
