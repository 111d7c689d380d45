"""The paper: its schema (`FIELDS`, what each field must hold, the order fields are written
in and what papers.json says of each) and the `Paper` the site is made of; `front_matter.py`
checks a file's front matter against the schema, and site/exports.py publishes it as
papers.json's JSON Schema. Also what every check reports: a `Problem` at a line."""

from __future__ import annotations

import datetime as dt
import difflib
import re
import sys
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .arxiv_ids import id_month

class Field(NamedTuple):
    """One front-matter field of a paper file, and what papers.json says of it."""

    kind: str  # what `_check_value` checks it holds; papers.json writes it as JSON_TYPES[kind]
    help: str  # what it holds, as error messages say it
    imported: bool = False  # an import fills it in when the file lacks it; the others are the curator's
    example: str | None = None  # what `new` writes, commented out, for a curator to fill in
    # Its description in papers.json's schema, when papers.json writes it as the file holds it;
    # None when papers.json leaves it out or writes what the build derives from it instead.
    exported: str | None = None
    required: bool = False  # every paper has it (front_matter.py checks): papers.json never writes null


# The paper schema. The order is the order fields are written in; `Paper` has a field of
# each (tested); papers.json's schema (exports.PAPER_FIELDS) is made of the `exported` ones
# and what the build derives.
FIELDS: dict[str, Field] = {
    "title": Field("text", "the paper's title", exported="the title", required=True),
    "arxiv": Field("arxiv", "arXiv id such as '2404.14469', quoted", imported=True,
                   example="'2404.14469'  # quoted, or YAML makes it a number",
                   exported="the arXiv id as a string ('2404.14469'), or null"),
    "authors": Field("text_list", "author names in published order", imported=True,
                     example="\n- First Author\n- Second Author",
                     exported="author names in published order; may be empty"),
    "authors_count": Field("count", "number of authors when the names are not known", imported=True),
    "published": Field("date", "publication date, YYYY-MM-DD", imported=True, example="2024-04-22",
                       exported="publication date YYYY-MM-DD, or null"),
    "upvotes": Field("count", "Hugging Face upvotes, a whole number", imported=True,
                     exported="Hugging Face upvotes, or null"),
    "venue": Field("text", "where it was published, e.g. 'NeurIPS 2024'", imported=True, example="NeurIPS 2024",
                   exported="where it was published, or null"),
    "code": Field("url", "the code repository, an http(s) URL", imported=True,
                  example="https://github.com/org/repo", exported="the code repository URL, or null"),
    "project": Field("url", "the project page, an http(s) URL", example="https://example.org/project",
                     exported="the project page URL, or null"),
    "links": Field("url_list", "other http(s) URLs", imported=True, exported="other URLs"),
    "hardware": Field("id_list", "hardware ids to add to what detection finds",
                      example="[a100]  # ids from content/hardware.yml; detection finds most from the abstract"),
    "not_hardware": Field("id_list", "hardware ids detection finds wrongly"),
    "topics": Field("id_list", "topic ids to add to what detection finds",
                    example="[kv-cache]  # ids from content/topics.yml"),
    "not_topics": Field("id_list", "topic ids detection finds wrongly"),
    "note": Field("text", "the curator's note, plain text", example="Why the paper is worth reading, in plain text.",
                  exported="the curator's note, or null"),
    "results": Field("results", "the paper's headline results, replacing the extracted ones: a list of "
                                "{value, unit, kind, baseline, device}; [] shows none"),
    "added": Field("date", "the date the paper entered the list, YYYY-MM-DD",
                   exported="the date the paper entered the list, YYYY-MM-DD, or null"),
    "sources": Field("text_list", "the dumps the paper was imported from",
                     exported="the dumps the paper was imported from"),
    "imported_title": Field("text", "the title as first imported; recognises the paper on re-import"),
}
IMPORTED_FIELDS = tuple(name for name, spec in FIELDS.items() if spec.imported)

# The kinds of headline result (`results:` items and generator/derive/results.py).
RESULT_KINDS = ("efficiency", "utilization", "bandwidth", "error", "accuracy", "latency", "throughput", "power",
                "energy", "memory", "parameters", "compute", "area", "scalability", "cost", "context", "duration",
                "speedup", "scale")  # claims.KINDS, in the same order (tests/test_results.py)
RESULT_KEYS = ("value", "unit", "claim", "kind", "direction", "baseline", "baseline_device", "device")
RESULT_DIRECTIONS = ("higher", "lower")

# The abstract a new skeleton holds until a contributor pastes the real one.
ABSTRACT_PLACEHOLDER = "TODO: paste the paper's abstract here, as plain text."

# `\Z`, not `$`: `$` also matches before a final line break, which would let 'a100\n' pass.
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\Z")
ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\Z")


def json_pattern(regex: re.Pattern[str]) -> str:
    """`regex`, ending in `\\Z` as SLUG and ID do, as JSON Schema writes it: ECMA-262 has no
    `\\Z`, and its `$` (without the multiline flag) matches only at the end of the text."""
    return regex.pattern.removesuffix("\\Z") + "$"


# What papers.json writes a value of each kind as, in JSON Schema: a date as YYYY-MM-DD text;
# a value a paper lacks as null, or [] for a list (`json_type`). Results it derives instead.
JSON_TYPES: dict[str, dict[str, Any]] = {
    "text": {"type": "string"},
    "arxiv": {"type": "string"},
    "url": {"type": "string"},
    "count": {"type": "integer", "minimum": 0},
    "date": {"type": "string", "pattern": "^\\d{4}-\\d{2}-\\d{2}$"},
    "text_list": {"type": "array", "items": {"type": "string"}},
    "url_list": {"type": "array", "items": {"type": "string"}},
    "id_list": {"type": "array", "items": {"type": "string", "pattern": json_pattern(ID)}},
}


def json_type(spec: Field) -> dict[str, Any]:
    """The JSON Schema of what papers.json writes for a field `spec`: JSON_TYPES[spec.kind],
    null allowed unless it is a list or `required`."""
    schema = dict(JSON_TYPES[spec.kind])
    if schema["type"] != "array" and not spec.required:
        schema["type"] = [schema["type"], "null"]
    return schema


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
        month = id_month(self.arxiv)
        return month[0] if month else None

    @property
    def sort_date(self) -> tuple[int, int]:
        """(year, month) for ordering by recency; the arXiv id's month when no date is known."""
        if self.published:
            return (self.published.year, self.published.month)
        return id_month(self.arxiv) or (0, 0)

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
    """'; did you mean 'X'?' for the choice `word` is likely a typo of, or '' when none is near.
    Compared lowercase, without hyphens, underscores and spaces ('a-100' -> 'a100', 'H100' ->
    'h100'); the digits must be the same, or one of them typed twice ('v1000' -> 'v100'); the
    rest alike (CLOSE_ENOUGH) or two letters swapped ('HMB2' -> 'HBM2'): never 'mtt-s4000' ->
    'rtx-a4000', nor 'gpu' -> 'tpu'."""
    wanted, digits = _plain(word), re.sub(r"\D", "", word)
    best, best_ratio = None, 0.0
    for choice in choices:
        plain = _plain(str(choice))
        if not _same_digits(digits, re.sub(r"\D", "", plain)):
            continue
        ratio = difflib.SequenceMatcher(None, wanted, plain).ratio()
        if (ratio >= CLOSE_ENOUGH or sorted(wanted) == sorted(plain)) and ratio > best_ratio:
            best, best_ratio = choice, ratio
    return f"; did you mean '{best}'?" if best is not None else ""


CLOSE_ENOUGH = 0.8  # how alike the plain forms of a word and a suggestion must be (difflib's ratio)


def _plain(text: str) -> str:
    return re.sub(r"[-_\s]", "", text.lower())


def _same_digits(typed: str, meant: str) -> bool:
    """Whether `typed` is the digits `meant`, or those with one digit typed twice or once too few."""
    if typed == meant:
        return True
    longer, shorter = (typed, meant) if len(typed) > len(meant) else (meant, typed)
    return len(longer) == len(shorter) + 1 and any(
        longer[:i] + longer[i + 1:] == shorter and longer[i] == longer[i - 1] for i in range(1, len(longer)))


def counted(number: int, noun: str, plural: str | None = None) -> str:
    """'1 error', '2 errors', '0 warnings': a count with its noun, singular for one."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
