"""What was wrong with an input, in the player's language: one message per rule of
``game.engine.bounds.OutOfBounds`` (and of the storage backend's refusals), filled in with the
error's values.  ``problem(err)`` gives the Message; the text is made when it is shown."""

from __future__ import annotations

from . import N_, Message

KB = 1000

MESSAGES = {
    "too-large": N_("too large ({size} kB; at most {limit} kB)"),
    "not-text": N_("not UTF-8 text"),
    "not-json": N_("not valid JSON"),
    "too-deep": N_("nested more than {limit} levels deep"),
    "too-many": N_("more than {limit} items"),
    "long-number": N_("a number of more than {limit} digits"),
    "not-finite": N_("a number that is not finite"),
    "wrong-type": N_("should be {kind}"),
    "out-of-range": N_("use a number from {low} to {high}"),
    "not-a-choice": N_("'{value}' is not one of {choices}"),
    "too-long": N_("longer than {limit} characters"),
    "unknown-field": N_("not known here"),
}

KINDS = {"bool": N_("true or false"), "int": N_("a whole number"), "float": N_("a number"), "str": N_("text"),
         "dict": N_("a JSON object")}
MAX_CHOICES = 8  # more are shown as 'first to last'


def _number(value) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def problem(err) -> Message:
    """The Message for an OutOfBounds (or anything with ``rule`` and ``values``)."""
    rule, values = getattr(err, "rule", ""), dict(getattr(err, "values", {}))
    if rule not in MESSAGES:
        return Message(N_("not valid"))
    if rule == "too-large":
        values = {"size": max(1, -(-values["size"] // KB)), "limit": values["limit"] // KB}
    elif rule == "wrong-type":
        values = {"kind": Message(KINDS.get(values.get("kind"), N_("text")))}
    elif rule == "out-of-range":
        values = {"low": _number(values["low"]), "high": _number(values["high"])}
    elif rule == "not-a-choice":
        choices = [c for c in values["choices"] if c != ""]  # an empty choice (no language: the system's) unshown
        listed = (Message(N_("{first} to {last}"), first=choices[0], last=choices[-1]) if len(choices) > MAX_CHOICES
                  else Message(N_("{first} or {last}"), first=", ".join(choices[:-1]), last=choices[-1])
                  if len(choices) > 1 else "".join(choices))
        values = {"value": values["value"], "choices": listed}
    return Message(MESSAGES[rule], **values)
