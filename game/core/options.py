"""Rule options as data: each with a default, a range or choices, and a one-line explanation."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from game.core.errors import OptionError

OptionValue = bool | int | str


@dataclasses.dataclass(frozen=True)
class OptionSpec:
    name: str
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    zero: str = ""  # what 0 means, said instead of "0" where a person chooses ("no limit")

    def parse(self, raw: Any) -> OptionValue:
        """Accept a value of the right type, or its text form from the command line."""
        if isinstance(self.default, bool):
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "on", "true", "yes"):
                return True
            if text in ("0", "off", "false", "no"):
                return False
            raise OptionError(f"option {self.name} takes on or off, not {raw!r}")
        if isinstance(self.default, int):
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise OptionError(f"option {self.name} takes a whole number, not {raw!r}") from None
            if self.minimum is not None and value < self.minimum:
                raise OptionError(
                    f"option {self.name} must be at least {self.minimum}, not {value}"
                )
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name} must be at most {self.maximum}, not {value}")
            return value
        text = str(raw)
        if self.choices and text not in self.choices:
            raise OptionError(
                f"option {self.name} takes one of {', '.join(self.choices)}, not {text!r}"
            )
        return text


def resolve_options(
    specs: Iterable[OptionSpec], given: Mapping[str, Any] | None
) -> dict[str, OptionValue]:
    """Defaults overlaid with ``given``; an unknown name or a bad value raises ``OptionError``."""
    by_name = {spec.name: spec for spec in specs}
    resolved: dict[str, OptionValue] = {name: spec.default for name, spec in by_name.items()}
    for name, raw in (given or {}).items():
        if name not in by_name:
            known = ", ".join(sorted(by_name)) or "none"
            raise OptionError(f"unknown option {name!r} (this game has: {known})")
        resolved[name] = by_name[name].parse(raw)
    return resolved


def parse_option_text(text: str) -> dict[str, str]:
    """``"tie_carry=single,kapothi_challenge=on"`` → a dict of raw strings."""
    result: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        if "=" not in part:
            raise OptionError(f"options are written name=value, not {part!r}")
        name, value = part.split("=", 1)
        result[name.strip()] = value.strip()
    return result
