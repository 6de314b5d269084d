"""Rule options declared as data, so settings screens and records can list them."""

from __future__ import annotations

from dataclasses import dataclass, field

from .quote import quoted


@dataclass(frozen=True)
class Option:
    name: str
    default: bool | int
    description: str
    choices: tuple = ()  # allowed values; empty for a plain on/off switch
    label: str = field(kw_only=True)  # the option's name as players say it (the front end translates it)
    shown: tuple = field(default=(), kw_only=True)  # (value, words) for values read as words, not numbers

    def words(self, value) -> str | None:
        """The words a value is shown as ("2500 table"), or None for a plain number or on/off."""
        return dict(self.shown).get(value)

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> tuple:
        return self.choices or (False, True)

    def check(self, value):
        """The value if it is allowed, else ValueError naming what is."""
        ok = type(value) is self.kind and value in self.allowed()
        if not ok:
            shown = ", ".join(str(v).lower() if isinstance(v, bool) else str(v) for v in self.allowed())
            raise ValueError(f"option {self.name!r} takes one of: {shown}; got {quoted(value)}")
        return value


def resolve(options: tuple[Option, ...], given: dict | None) -> dict:
    """Every option's value: the defaults, overridden by ``given`` (checked)."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise ValueError("options must be an object of option names and values")
    known = {o.name: o for o in options}
    for name in given:
        if name not in known:
            names = ", ".join(known) or "none"
            raise ValueError(f"unknown option {quoted(name)}; this game's options are: {names}")
    return {o.name: o.check(given[o.name]) if o.name in given else o.default for o in options}


def non_default(options: tuple[Option, ...], values: dict) -> dict:
    """Only the values that differ from the defaults (what a record needs to write)."""
    return {o.name: values[o.name] for o in options if values[o.name] != o.default}
