"""Actions: small frozen dataclasses with the acting seat, serialisable with a type tag.

Every concrete action class is declared with ``@action_type("game.name")`` so a saved log can be
read back (``Action.from_json``) without knowing the game in advance.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

_ACTION_TYPES: dict[str, type[Action]] = {}

A = TypeVar("A", bound="Action")


@dataclasses.dataclass(frozen=True)
class Action:
    seat: int
    tag: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.tag}
        for field in dataclasses.fields(self):
            data[field.name] = _to_jsonable(getattr(self, field.name))
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Action:
        try:
            cls = _ACTION_TYPES[data["type"]]
        except KeyError as exc:
            raise ValueError(f"unknown action type {data.get('type')!r}") from exc
        kwargs = {}
        for field in dataclasses.fields(cls):
            if field.name not in data:
                if field.default is dataclasses.MISSING:
                    raise ValueError(f"action {cls.tag} lacks field {field.name!r}")
                continue
            kwargs[field.name] = _from_jsonable(data[field.name])
        return cls(**kwargs)


def action_type(tag: str) -> Callable[[type[A]], type[A]]:
    """Register an action class under a unique type tag (``"omi.play"``)."""

    def register(cls: type[A]) -> type[A]:
        if tag in _ACTION_TYPES and _ACTION_TYPES[tag] is not cls:
            raise ValueError(f"action tag {tag!r} registered twice")
        cls.tag = tag
        _ACTION_TYPES[tag] = cls
        return cls

    return register


def _to_jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list | frozenset):
        items = sorted(value) if isinstance(value, frozenset) else value
        return [_to_jsonable(v) for v in items]
    return value


def _from_jsonable(value: Any) -> Any:
    # Lists come back as tuples so actions stay hashable and compare equal to legal_actions().
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value
