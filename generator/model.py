"""The paper: its schema, and the checks that turn front matter into a Paper.

A paper file is YAML front matter plus the abstract as body. `FIELDS` is the
schema: the order in which fields are written, and what each must hold.
Validation collects every problem of a file instead of stopping at the first,
so a contributor sees all of them at once.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import sys
from dataclasses import dataclass, field
from typing import Any, NamedTuple

class Field(NamedTuple):
    """One front-matter field of a paper file."""

    kind: str  # what `_check_value` checks it holds
    help: str  # what it holds, as error messages say it
    imported: bool = False  # an import fills it in when the file lacks it; the others are the curator's
    example: str | None = None  # what `new` writes, commented out, for a curator to fill in


# The paper schema. The order is the order fields are written in; `Paper` has a field of
# each (tested), papers.json's schema (exports.PAPER_FIELDS) describes what the site exports.
FIELDS: dict[str, Field] = {
    "title": Field("text", "the paper's title"),
    "arxiv": Field("arxiv", "arXiv id such as '2404.14469', quoted", imported=True,
                   example="'2404.14469'  # quoted, or YAML makes it a number"),
    "authors": Field("text_list", "author names in published order", imported=True,
                     example="\n- First Author\n- Second Author"),
    "authors_count": Field("count", "number of authors when the names are not known", imported=True),
    "published": Field("date", "publication date, YYYY-MM-DD", imported=True, example="2024-04-22"),
    "upvotes": Field("count", "Hugging Face upvotes, a whole number", imported=True),
    "venue": Field("text", "where it was published, e.g. 'NeurIPS 2024'", imported=True, example="NeurIPS 2024"),
    "code": Field("url", "the code repository, an http(s) URL", imported=True,
                  example="https://github.com/org/repo"),
    "project": Field("url", "the project page, an http(s) URL", example="https://example.org/project"),
    "links": Field("url_list", "other http(s) URLs", imported=True),
    "hardware": Field("id_list", "hardware ids to add to what detection finds",
                      example="[a100]  # ids from content/hardware.yml; detection finds most from the abstract"),
    "not_hardware": Field("id_list", "hardware ids detection finds wrongly"),
    "topics": Field("id_list", "topic ids to add to what detection finds",
                    example="[kv-cache]  # ids from content/topics.yml"),
    "not_topics": Field("id_list", "topic ids detection finds wrongly"),
    "note": Field("text", "the curator's note, plain text", example="Why the paper is worth reading, in plain text."),
    "results": Field("results", "the paper's headline results, replacing the extracted ones: a list of "
                                "{value, unit, kind, baseline, device}; [] shows none"),
    "added": Field("date", "the date the paper entered the list, YYYY-MM-DD"),
    "sources": Field("text_list", "the dumps the paper was imported from"),
    "imported_title": Field("text", "the title as first imported; recognises the paper on re-import"),
}
IMPORTED_FIELDS = tuple(name for name, spec in FIELDS.items() if spec.imported)

# The kinds of headline result (`results:` items and generator/results.py).
RESULT_KINDS = ("efficiency", "utilization", "bandwidth", "error", "accuracy", "latency", "throughput", "power",
                "energy", "memory", "parameters", "compute", "area", "scalability", "cost", "context", "duration",
                "speedup", "scale")  # claims.KINDS, in the same order (tests/test_results.py)
RESULT_KEYS = ("value", "unit", "claim", "kind", "direction", "baseline", "baseline_device", "device")
RESULT_DIRECTIONS = ("higher", "lower")

# The abstract a new skeleton holds until a contributor pastes the real one.
ABSTRACT_PLACEHOLDER = "TODO: paste the paper's abstract here, as plain text."

# `\Z`, not `$`: `$` also matches before a final line break, which would let 'a100\n' pass.
ARXIV_ID = re.compile(r"^(\d{4}\.\d{4,5}|[a-z-]+(\.[A-Z]{2})?/\d{7})\Z")
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\Z")
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\Z")

# Characters no text of a paper may hold: control characters (tab and line breaks aside),
# lone surrogates (which have no UTF-8 form: MkDocs fails writing them) and noncharacters.
BAD_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef\ufffe\uffff]")
# Line breaks, which only the note may hold: a title's would cut its heading short.
LINE_BREAK = re.compile("[\n\r\x85\u2028\u2029]")
MULTILINE_FIELDS = ("note",)


# What a problem shows escaped, as Python's repr does, so that each stays on one line and prints
# on any terminal: control characters (line breaks among them), the Unicode line and paragraph
# separators, and lone surrogates (the bytes of a file name that are not UTF-8).
UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def printable(text: str) -> str:
    """`text` with each UNPRINTABLE character escaped: 'evil\\n.md' for a name holding a line break."""
    return UNPRINTABLE.sub(lambda found: repr(found.group())[1:-1], text)


# Python converts whole numbers of at most sys.get_int_max_str_digits() digits (4300 unless set
# otherwise; 0 for no limit) from decimal text or to it: `upvotes: 999...` past it is a ValueError.
def converts_to_text(value: int) -> bool:
    """Whether str() can write `value` (0x... text makes numbers of any length)."""
    limit = sys.get_int_max_str_digits()
    if not limit or value.bit_length() <= 3 * limit:  # at most `limit` digits for sure
        return True
    try:
        str(value)
    except ValueError:
        return False
    return True


def long_number(text: str) -> tuple[int, str, str] | None:
    """(1-based line, what is wrong, what is expected) for the first number in `text` with more
    digits than Python converts; None when there is none."""
    limit = sys.get_int_max_str_digits()
    found = re.search(f"[0-9]{{{limit + 1},}}", text) if limit else None
    if found is None:
        return None
    return (text.count("\n", 0, found.start()) + 1, f"a number of {len(found.group())} digits, too long to convert",
            f"numbers of at most {limit} digits")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a content file, located by path and 1-based line."""

    path: str
    line: int
    message: str
    severity: str = "error"  # or "warning"
    subject: str | None = None  # what it is about, when others gather it: an unknown device's name

    def __str__(self) -> str:
        prefix = "" if self.severity == "error" else "warning: "
        # Escaped here, once: a file name or a field name may hold any character.
        return f"{printable(self.path)}:{self.line}: {prefix}{printable(self.message)}"


class ContentError(Exception):
    """Raised with every problem found, after all content has been checked."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class Paper:
    slug: str
    title: str
    abstract: str
    path: str = ""
    arxiv: str | None = None
    authors: list[str] = field(default_factory=list)
    authors_count: int | None = None
    published: dt.date | None = None
    upvotes: int | None = None
    venue: str | None = None
    code: str | None = None
    project: str | None = None
    links: list[str] = field(default_factory=list)
    hardware: list[str] = field(default_factory=list)
    not_hardware: list[str] = field(default_factory=list)
    topics: list[str] = field(default_factory=list)
    not_topics: list[str] = field(default_factory=list)
    note: str | None = None
    results: list[dict[str, Any]] | None = None  # None: extract them from the abstract
    added: dt.date | None = None
    sources: list[str] = field(default_factory=list)
    imported_title: str | None = None

    @property
    def year(self) -> int | None:
        """The year published, else the year its new-style arXiv id was issued."""
        if self.published:
            return self.published.year
        if self.arxiv and re.match(r"^\d{4}\.", self.arxiv):
            return 2000 + int(self.arxiv[:2])
        return None

    @property
    def sort_date(self) -> tuple[int, int]:
        """(year, month) for ordering by recency; the arXiv id's month when no date is known."""
        if self.published:
            return (self.published.year, self.published.month)
        if self.arxiv and re.match(r"^\d{4}\.", self.arxiv):
            return (2000 + int(self.arxiv[:2]), int(self.arxiv[2:4]))
        return (0, 0)

    @property
    def author_count(self) -> int | None:
        return len(self.authors) if self.authors else self.authors_count

    @property
    def arxiv_url(self) -> str | None:
        return f"https://arxiv.org/abs/{self.arxiv}" if self.arxiv else None

    @property
    def pdf_url(self) -> str | None:
        return f"https://arxiv.org/pdf/{self.arxiv}" if self.arxiv else None

    @property
    def hf_url(self) -> str | None:
        return f"https://huggingface.co/papers/{self.arxiv}" if self.arxiv else None

    @property
    def short_name(self) -> str | None:
        """The name before a title's colon, when it is a name ("SnapKV: ...")."""
        head, sep, _ = self.title.partition(":")
        if sep and 0 < len(head.split()) <= 3:
            return head.strip()
        return None


def closest(word: str, choices) -> str:
    """'; did you mean 'X'?' for the nearest choice, or '' when nothing is near."""
    match = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean '{match[0]}'?" if match else ""


def is_http_url(value: Any) -> bool:
    return isinstance(value, str) and re.match(r"^https?://[^\s/$.?#][^\s]*\Z", value, re.I) is not None


URL_SCHEME = re.compile(r"^\s*([a-z][a-z0-9+.-]*):", re.I)


def _url_problem(name: str, value: Any) -> str:
    scheme = URL_SCHEME.match(value).group(1).lower() if isinstance(value, str) and URL_SCHEME.match(value) else None
    if scheme in ("javascript", "data", "vbscript", "file"):
        return f"'{name}' is a {scheme}: URL, which is refused (expected an http(s) URL)"
    return f"'{name}' is not an http(s) URL: {_shown(value)} (expected e.g. https://github.com/org/repo)"


def _check_value(name: str, kind: str, value: Any) -> list[tuple[int | None, str]]:
    """Why `value` does not fit `kind`: (list index or None, message) for each problem."""
    if kind == "text":
        if not isinstance(value, str) or not value.strip():
            return [(None, f"'{name}' is empty or not text: {_shown(value)} (expected {FIELDS[name].help})")]
    elif kind == "arxiv":
        if isinstance(value, float):
            return [(None,
                     f"'arxiv' is the number {value!r}, which loses digits (expected the id as "
                     f"quoted text, e.g. arxiv: '2101.00010')")]
        if not isinstance(value, str) or not ARXIV_ID.match(value):
            return [(None, f"'arxiv' is not an arXiv id: {_shown(value)} (expected quoted text such as '2404.14469')")]
    elif kind == "count":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return [(None, f"'{name}' is not a whole number: {_shown(value)} (expected a whole number of 0 or more)")]
    elif kind == "date":
        if isinstance(value, dt.datetime) or not isinstance(value, dt.date):
            return [(None, f"'{name}' is not a date: {_shown(value)} (expected a date written YYYY-MM-DD)")]
    elif kind == "url":
        if not is_http_url(value):
            return [(None, _url_problem(name, value))]
    elif kind == "results":
        if not isinstance(value, list):
            return [(None, f"'results' is not a list: {_shown(value)} (expected a list of "
                           f"{{value, unit, kind}} mappings, or [] for none)")]
        return [(index, why) for index, item in enumerate(value) for why in _result_problems(item)]
    elif kind in ("text_list", "url_list", "id_list"):
        if not isinstance(value, list):
            return [(None, f"'{name}' is not a list: {_shown(value)} (expected a list, one item per '- ' line)")]
        found: list[tuple[int | None, str]] = []
        for index, item in enumerate(value):
            if kind == "url_list" and not is_http_url(item):
                found.append((index, _url_problem(name, item)))
            if kind == "id_list" and not (isinstance(item, str) and ID.match(item)):
                found.append((index, f"'{name}' holds {_shown(item)}, not an id (expected lowercase ids like 'a100')"))
            if kind == "text_list" and not (isinstance(item, str) and item.strip()):
                found.append((index, f"'{name}' holds {_shown(item)}, not text (expected non-empty text items)"))
        return found
    return []


def _result_problems(item: Any) -> list[str]:
    if not isinstance(item, dict):
        return [f"'results' holds {_shown(item)}, not a mapping (expected value, unit, kind and "
                f"optionally baseline and device)"]
    found = []
    for key in item:
        if key not in RESULT_KEYS:
            found.append(f"a result has the unknown key '{key}'{closest(str(key), RESULT_KEYS)} "
                         f"(expected {', '.join(RESULT_KEYS)})")
    value = item.get("value")
    if isinstance(value, bool) or not (isinstance(value, (int, float)) or (isinstance(value, str) and value.strip())):
        found.append(f"a result's 'value' is {_shown(value)} (expected a number such as 3.6, or text such as '1.2–2.4')")
    if not isinstance(item.get("unit"), str):
        found.append(f"a result's 'unit' is {_shown(item.get('unit'))} (expected text such as '×', '%' or 'TFLOPS')")
    if item.get("kind") not in RESULT_KINDS:
        found.append(f"a result's 'kind' is {_shown(item.get('kind'))}{closest(str(item.get('kind')), RESULT_KINDS)} "
                     f"(expected one of {', '.join(RESULT_KINDS)})")
    baseline = item.get("baseline")
    if baseline is not None and not (isinstance(baseline, str) and baseline.strip()):
        found.append(f"a result's 'baseline' is {_shown(baseline)} (expected text such as 'cuBLAS')")
    direction = item.get("direction")
    if direction is not None and direction not in RESULT_DIRECTIONS:
        found.append(f"a result's 'direction' is {_shown(direction)} (expected 'higher' or 'lower')")
    for key in ("device", "baseline_device"):
        if (device := item.get(key)) is not None and not (isinstance(device, str) and ID.match(device)):
            found.append(f"a result's '{key}' is {_shown(device)} (expected a hardware id such as 'a100')")
    claim = item.get("claim")
    if claim is not None and not (isinstance(claim, str) and str(value) in claim):
        found.append(f"a result's 'claim' is {_shown(claim)}, which does not hold its value '{value}' "
                     f"(expected the paper's words for the result, the value written as in 'value')")
    return found


def _character_problems(name: str, value: Any) -> list[tuple[int | None, str]]:
    """(list index or None, message) for each text in a field's value, its items and a result's
    values included, that holds a character no text may hold, or a line break outside the note."""
    found: list[tuple[int | None, str]] = []

    def visit(item: Any, index: int | None) -> None:
        if isinstance(item, str):
            bad = BAD_CHARACTER.search(item)
            if bad is None and name not in MULTILINE_FIELDS:
                bad = LINE_BREAK.search(item)
            if bad is not None:
                found.append((index, f"'{name}' holds {character_name(bad.group())} "
                                     f"(expected printable text{' on one line' if name not in MULTILINE_FIELDS else ''})"))
        elif isinstance(item, list):
            for position, part in enumerate(item):
                visit(part, position if index is None else index)
        elif isinstance(item, dict):
            for part in item.values():
                visit(part, index)

    visit(value, None)
    return found[:1] if not isinstance(value, list) else found


def character_name(character: str) -> str:
    """'the control character U+0007', 'a lone surrogate U+D800', ... for a BAD_CHARACTER or LINE_BREAK."""
    code = ord(character)
    if LINE_BREAK.match(character):
        what = "a line break"
    elif 0xD800 <= code <= 0xDFFF:
        what = "a lone surrogate (half of a character)"
    elif code >= 0xFDD0:
        what = "the noncharacter"
    else:
        what = "the control character"
    return f"{what} U+{code:04X}"


def _shown(value: Any) -> str:
    text = repr(value)
    kind = type(value).__name__
    return f"{text[:60]} ({kind})"


def paper_from_front_matter(
    slug: str, meta: Any, body: str, path: str, line_of: dict[str, int] | None = None,
    item_lines: dict[str, list[int]] | None = None, body_line: int = 1,
) -> tuple[Paper | None, list[Problem]]:
    """Check one file's front matter and body; build the Paper when nothing is wrong.

    `line_of` maps a top-level key to its 1-based line in the file, and
    `item_lines` a list field to the lines of its items, so each problem
    points at the line to fix; `body_line` is the line the abstract starts on.
    """
    line_of = line_of or {}
    item_lines = item_lines or {}
    problems: list[Problem] = []

    def report(key: str | None, message: str, index: int | None = None) -> None:
        line = line_of.get(key, 1) if key else 1
        if index is not None and index < len(item_lines.get(key, [])):
            line = item_lines[key][index]
        problems.append(Problem(path, line, message))

    if not isinstance(meta, dict):
        # Line 2: the front matter's first line, below the opening '---'.
        problems.append(Problem(path, 2, f"the front matter is a {type(meta).__name__}, not a mapping "
                                         f"(expected 'field: value' lines)"))
        return None, problems
    if not SLUG.match(slug):
        report(None, f"file name '{slug}.md' is not a slug (expected lowercase words joined by '-', "
                     f"e.g. '{_slugged(slug)}.md')")
    for key in meta:
        if not isinstance(key, str):
            report(None, f"a field name is {_shown(key)}, not text (expected 'field: value' lines)")
        elif key not in FIELDS:
            report(key, f"unknown field '{key}'{closest(str(key), FIELDS)} (expected one of the fields in CONTRIBUTING.md)")
    for key, value in meta.items():
        if key in FIELDS and value is not None:
            # Characters are looked at in values of the right form: an id's form says it all.
            for index, why in _check_value(key, FIELDS[key].kind, value) or _character_problems(key, value):
                report(key, why, index)
    if "title" not in meta or meta.get("title") is None:
        report("title" if "title" in meta else None, "missing 'title' (expected the paper's title)")
    abstract = body.strip()
    if not abstract:
        problems.append(Problem(path, body_line, "the abstract is empty (expected the abstract as the text after the front matter)"))
    elif abstract.startswith(ABSTRACT_PLACEHOLDER[:5]):
        problems.append(Problem(path, body_line, "the abstract is still the placeholder (expected the paper's abstract)"))
    elif (bad := BAD_CHARACTER.search(abstract)) is not None:
        problems.append(Problem(path, body_line + abstract.count("\n", 0, bad.start()),
                                f"the abstract holds {character_name(bad.group())} "
                                f"(expected printable text)"))
    if problems:
        return None, problems
    values = {k: v for k, v in meta.items() if v is not None}
    for key in ("authors", "links", "hardware", "not_hardware", "topics", "not_topics", "sources"):
        values[key] = list(values.get(key, []))
    return Paper(slug=slug, abstract=abstract, path=path, **values), problems


def _slugged(name: str) -> str:
    return "-".join(re.findall(r"[a-z0-9]+", name.lower())) or "paper-title"
