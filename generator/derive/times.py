"""Times a measure states: a time written in two units ("2 minutes 6 seconds"), seconds written
as their symbol ("in 7.4s", not "the 1990s" nor "iPhone 6s"), and whether a time in seconds is a
latency ("~0.3 s latency") or how long something took ("trains in 7.4 s").
"""

from __future__ import annotations

import re

from .candidates import NAMED_NUMBER
from .kinds import kinds_in
from .measure_cues import WORDS_AFTER

# A time written in two units is one time: "2 minutes 6 seconds", "1 hour and 20 minutes" (not "6 seconds").
_SMALLER_TIME = re.compile(r"\s*(?:and\s+)?(?P<number>\d+(?:\.\d+)?)\s?(?P<unit>hours?|hrs?|minutes?|mins?|seconds?|secs?)\b",
                           re.I)
SECONDS_IN = {"d": 86400, "h": 3600, "m": 60, "s": 1}  # by the unit's first letter
TIME_UNITS = {"d": "days", "h": "hours", "m": "minutes", "s": "seconds"}


def compound_time(sentence: str, match: re.Match[str], unit: str) -> re.Match[str] | None:
    """The smaller time that completes the time `match` ("6 seconds" after "2 minutes"), if any."""
    if unit not in ("days", "hours", "minutes"):
        return None
    smaller = _SMALLER_TIME.match(sentence, match.end())
    if smaller is None or SECONDS_IN[smaller.group("unit")[0].lower()] >= SECONDS_IN[unit[0]]:
        return None
    return smaller


_DECADE = re.compile(r"(?:1[89]|20)\d0s")
_TWO_DIGITS = re.compile(r"\d0s")
_ERA_BEFORE = re.compile(r"\b(?:the|late|early|mid)[\s-]+$", re.I)  # "the late 90s"
_TENS_OF = re.compile(r"\s+of\b")  # "10s of GB"
# A time that says how long a thing is, not how long something took: "a 10 s video clip".
_SIZED_THING = re.compile(r"\b(?:an?|each|every|per)\s+$", re.I)


def names_latency(before: str, sentence: str, end: int) -> bool:
    """Whether the words around a time in seconds say it is a latency: in the clause before it
    ("a time to first token of 0.84 s", "latency drops from 41 s") or right after ("0.3 s latency")."""
    after = WORDS_AFTER.match(sentence, end)
    return "latency" in kinds_in(before[-40:]) or (after is not None and "latency" in kinds_in(after.group(0)))


def not_seconds(sentence: str, written: str, begin: int) -> bool:
    """Whether a number written with "s" (`written`, at `begin`) is no time in seconds: a decade
    ("the 1990s", "the late 90s"), tens of something ("10s of GB"), the length of a thing ("a 10 s
    video clip"), a product's name ("iPhone 6s")."""
    glued = written[-2].isdigit()
    return _DECADE.fullmatch(written) is not None or _SIZED_THING.search(sentence, max(0, begin - 12), begin) is not None \
        or glued and NAMED_NUMBER.search(sentence, max(0, begin - 30), begin) is not None \
        or glued and _TENS_OF.match(sentence, begin + len(written)) is not None \
        or _TWO_DIGITS.fullmatch(written) is not None and _ERA_BEFORE.search(sentence, max(0, begin - 12), begin) is not None
