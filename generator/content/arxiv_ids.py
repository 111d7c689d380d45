"""The one arXiv id rule `check`, `new`, `add` and `import` share.

New-style ids are YYMM.NNNNN: a year and month (from 0704, April 2007), a dot, and five
digits since 2015 (`2407.08608`), four from 2007 to 2014 (`0704.0001`, `1412.1234`).
Old-style ids are archive/YYMMNNN (`hep-th/9901001`, `math.GT/0309136`). Either may end in a
version (`v2`), which names one version of the paper: what a contributor types may carry it,
a paper file holds the id without it (`without_version`).
"""

from __future__ import annotations

import datetime as dt
import re

# The shape of an id in a longer text (an arXiv or Hugging Face URL): a group 'id', its
# version after it. What the shape lets through, `id_problem` says is wrong.
ID_SHAPE = r"(?P<id>\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d{1,4})?"
_NEW = re.compile(r"(\d{2})(\d{2})\.(\d+)\Z")
_OLD = re.compile(r"[a-z]+(?:-[a-z]+)*(?:\.[A-Z]{2})?/(\d{2})(\d{2})\d{3}\Z")
_VERSION = re.compile(r"v\d{1,4}\Z")
EXAMPLE = "'2404.14469'"
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")


def without_version(text: str) -> str:
    """`text` less a version at its end: '2404.14469v2' -> '2404.14469'."""
    return _VERSION.sub("", text)


def id_problem(text: str) -> str | None:
    """None when `text` is an arXiv id without a version; else why not, as a hint that fits the
    likely mistake ("ids since 2015 have five digits after the dot: did you mean '2407.08608'?"),
    or '' when it is not even shaped like one."""
    if not isinstance(text, str):
        return ""
    if _VERSION.search(text) and id_problem(without_version(text)) is None:
        return f"a paper file names the paper, not one version of it: did you mean '{without_version(text)}'?"
    new = _NEW.match(text)
    if new:
        year, month, number = new.groups()
        if not 1 <= int(month) <= 12:
            return f"'{year}{month}' before the dot is no year and month (YYMM, the month 01 to 12)"
        if int(year + month) < 704:
            return "new-style ids start in April 2007, at 0704"
        if int(year + month) >= 1501:
            if len(number) == 5:
                return None
            if len(number) < 5:
                return (f"ids since 2015 have five digits after the dot: did you mean "
                        f"'{year}{month}.{number.zfill(5)}'?")
            return "ids since 2015 have five digits after the dot"
        if len(number) == 4:
            return None
        if len(number) == 5 and number.startswith("0"):
            return (f"ids from 2007 to 2014 have four digits after the dot: did you mean "
                    f"'{year}{month}.{number[1:]}'?")
        return "ids from 2007 to 2014 have four digits after the dot"
    old = _OLD.match(text)
    if old:
        return None if 1 <= int(old.group(2)) <= 12 else "the four digits after the '/' are no year and month (YYMM)"
    return ""


def is_arxiv_id(text: object) -> bool:
    """Whether `text` is an arXiv id without a version."""
    return isinstance(text, str) and id_problem(text) is None


def id_month(arxiv: str | None) -> tuple[int, int] | None:
    """(year, month) a new-style id was issued in, or None (an old-style id, or none)."""
    found = _NEW.match(arxiv or "")
    return (2000 + int(found.group(1)), int(found.group(2))) if found else None


def month_name(arxiv: str) -> str:
    """'July 2024' for '2407.08608'."""
    year, month = id_month(arxiv) or (0, 0)
    return f"{MONTHS[month - 1]} {year}"


def month_start(arxiv: str) -> dt.date | None:
    month = id_month(arxiv)
    return dt.date(month[0], month[1], 1) if month else None


def read_id(given: str) -> tuple[str | None, str]:
    """(the id `given` names, less its version, '') when it is one; else (None, '; ' and why
    not, or '' when it is not even shaped like one)."""
    found = without_version(given.strip())
    why = id_problem(found)
    return (found, "") if why is None else (None, f"; {why}" if why else "")
