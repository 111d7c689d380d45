"""Hugging Face "Daily Papers" dumps -> raw records, each with its line.

A dump is the text of a papers page or a saved response of the papers API, in
JSON (`parse_json_dump`; told apart by how it starts). Three layouts of page
text are known (see `detect_layout`); all share one reading: after the page
chrome is set aside, the text is a run of title / abstract pairs, in layout A
each followed by metadata lines. The reader is forgiving: a block or an item it
cannot read becomes a warning naming the line, and the rest still imports.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field

from ..content.clean import normalize_space, repair
from ..content.front_matter import is_http_url
from ..content.arxiv_ids import is_arxiv_id, without_version
from ..content.model import BAD_CHARACTER, Problem, long_number

# Lines of page chrome, compared after folding case and spaces.
CHROME = {
    "new",
    "subscribe",
    "daily papers",
    "byak and the research community",
    "get trending papers in your email inbox!",
    "get trending papers in your email inbox once a day!",
    "trending papers",
    "search",
}
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}
_MONTH = r"(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_PAGE_DAY = re.compile(rf"^{_MONTH} \d{{1,2}}$")
# Digit runs are bounded: int() refuses strings of thousands of digits.
_AUTHORS = re.compile(r"^[•·*-]?\s*(\d{1,6})\s+authors?$", re.I)
_SEPARATOR = re.compile(r"^[·•]$")
_PUBLISHED = re.compile(rf"^{_MONTH} (\d{{1,2}}),? (\d{{4}})(?:\s+(\d{{1,9}}))?$")
# Layout B glues the first title to the "Subscribe" button, whatever the title
# starts with ("SubscribevAttention: ..."), but "Subscribers ..." is a word.
_GLUED_SUBSCRIBE = re.compile(r"^Subscribe(?!(?:d|r|rs|s)\b)(?=\S)")

TITLE_MAX_CHARS = 300
ABSTRACT_MIN_CHARS = 100


@dataclass
class RawRecord:
    """One paper as one dump shows it, before de-duplication."""

    title: str
    source: str
    line: int
    abstract: str | None = None
    authors_count: int | None = None
    published: dt.date | None = None
    upvotes: int | None = None
    has_metadata: bool = False
    # Only the papers API (JSON) gives these; a page's text never does.
    arxiv: str | None = None
    authors: list[str] | None = None
    code: str | None = None
    links: list[str] = field(default_factory=list)


@dataclass
class ParsedDump:
    source: str
    layout: str
    records: list[RawRecord] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    refused: Problem | None = None  # why the whole dump is not read (an HTML page)


# An HTML tag: what a saved page is made of, and what a page's copied text never holds
# more than once or twice (an abstract may say "<5%" or quote a "<s>" token).
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>|<!DOCTYPE|<!--", re.I)
HTML_TAGS = 5


def html_problem(lines: list[_Line], source: str) -> Problem | None:
    """A problem naming the first tag when the dump is HTML source, not a page's text."""
    tagged = [(line, match) for line in lines for match in _TAG.finditer(line.text)][:HTML_TAGS]
    if len(tagged) < HTML_TAGS:
        return None
    line, match = tagged[0]
    return Problem(source, line.number, f"this is HTML ({match.group(0)[:40]!r}), not a page's text; nothing was "
                                        f"imported (expected the text of a Hugging Face papers page: open it in "
                                        f"a browser, select all, copy, and paste it into `import -`)")


@dataclass(frozen=True)
class _Line:
    number: int
    text: str


def split_lines(text: str) -> list[_Line]:
    """Numbered, space-normalized lines; CRLF, CR, a BOM and NBSPs read as usual."""
    text = text.lstrip("\ufeff")
    return [_Line(i, normalize_space(raw)) for i, raw in enumerate(re.split(r"\r\n|\r|\n", text), start=1)]


def is_chrome(text: str) -> bool:
    return text.casefold() in CHROME or _PAGE_DAY.match(text) is not None


def detect_layout(lines: list[_Line]) -> str:
    """'A' has author/date lines; 'B' packs titles and abstracts on adjacent lines; else 'C'."""
    content = [ln for ln in lines if ln.text and not is_chrome(ln.text)]
    if any(_AUTHORS.match(ln.text) or _PUBLISHED.match(ln.text) for ln in content):
        return "A"
    if any(_GLUED_SUBSCRIBE.match(ln.text) for ln in lines):
        return "B"
    adjacent = sum(1 for a, b in zip(lines, lines[1:]) if a.text and b.text)
    blank_separated = sum(1 for a, b in zip(lines, lines[1:]) if a.text and not b.text)
    return "B" if adjacent > blank_separated else "C"


def looks_like_title(text: str) -> bool:
    sentences = len(re.findall(r"[.!?](\s|$)", text))
    return len(text) <= TITLE_MAX_CHARS and not (text.endswith(".") and sentences >= 2)


def looks_like_abstract(text: str) -> bool:
    return len(text) >= ABSTRACT_MIN_CHARS or bool(re.search(r"[.!?]$", text))


def was_a_title(abstract: str) -> bool:
    """Whether text taken as an abstract was rather the next paper's (long) title."""
    return "\n\n" not in abstract and looks_like_title(abstract) and not re.search(r"[.!?]$", abstract)


def parse_published(text: str) -> tuple[dt.date | None, int | None] | None:
    """(date, upvotes) from `Feb 20, 2024` or `Apr 22, 2024 2`; None if not a date line."""
    match = _PUBLISHED.match(text)
    if not match:
        return None
    month = _MONTHS[match.group(1)[:3].lower()]
    try:
        day = dt.date(int(match.group(3)), month, int(match.group(2)))
    except ValueError:
        return (None, None)
    upvotes = int(match.group(4)) if match.group(4) else 0
    return (day, upvotes)


def parse_dump(text: str, source: str) -> ParsedDump:
    """Read one dump. Never raises on odd input: what it cannot read becomes a warning."""
    if looks_like_json(text):
        return parse_json_dump(text, source)
    lines = split_lines(text)
    refused = html_problem(lines, source)
    if refused is not None:
        return ParsedDump(source=source, layout="html", refused=refused)
    layout = detect_layout(lines)
    dump = ParsedDump(source=source, layout=layout)
    current: RawRecord | None = None
    abstract_line = 0

    def warn(line: int, message: str) -> None:
        dump.warnings.append(Problem(source, line, message, severity="warning"))

    def no_abstract(record: RawRecord) -> None:
        warn(record.line, f"title {record.title[:80]!r} has no abstract after it; skipped (expected title, blank line, abstract)")

    def close(record: RawRecord | None) -> None:
        if record is None:
            return
        if record.abstract is None:
            no_abstract(record)
            return
        record.title = repair(record.title)
        record.abstract = repair(record.abstract)
        dump.records.append(record)

    for line in lines:
        value = line.text
        if not value or is_chrome(value):
            continue
        value = _GLUED_SUBSCRIBE.sub("", value)
        if _SEPARATOR.match(value):
            continue
        if authors := _AUTHORS.match(value):
            if current is None or current.abstract is None:
                warn(line.number, "authors line with no paper before it; ignored (expected it after an abstract)")
            else:
                current.authors_count = int(authors.group(1))
                current.has_metadata = True
            continue
        published = parse_published(value)
        if published is not None:
            if published[0] is None:
                warn(line.number, f"{value!r} is not a real date; ignored (expected e.g. 'Feb 20, 2024')")
            elif current is None or current.abstract is None:
                warn(line.number, "date line with no paper before it; ignored (expected it after an abstract)")
            else:
                current.published, current.upvotes = published
                current.has_metadata = True
            continue
        if current is not None and current.abstract is None:
            if looks_like_abstract(value) or not looks_like_title(value):
                current.abstract, abstract_line = value, line.number
                continue
            close(current)
            current = RawRecord(title=value, source=source, line=line.number)
            continue
        if looks_like_title(value):
            close(current)
            current = RawRecord(title=value, source=source, line=line.number)
        elif current is not None and not current.has_metadata and was_a_title(current.abstract):
            # A title with no abstract, then a long title taken for its abstract: re-read.
            no_abstract(current)
            current = RawRecord(title=current.abstract, source=source, line=abstract_line, abstract=value)
        elif current is not None and layout != "B" and not current.has_metadata:
            # A second paragraph of the same abstract.
            current.abstract = f"{current.abstract}\n\n{value}"
        else:
            warn(line.number, "text that reads like an abstract has no title before it; skipped (expected a title line first)")
    close(current)
    return dump


# --- saved responses of the papers API (JSON) ---------------------------------------------

DAILY_PAPERS_API = "https://huggingface.co/api/daily_papers"
# How JSON starts: an object with a key (or none), or a list of values. A page's text whose
# first title starts with a bracket ("[Re] Reproducing ...") is not taken for JSON.
_JSON_START = re.compile(r'\A\s*(?:\{\s*["}]|\[\s*[\[\]{"\d-])')
_JSON_SPACE = re.compile(r"[ \t\n\r]*")
_DOI = re.compile(r"10\.\d{4,9}/\S+\Z")
_TEX_SYMBOL = re.compile(r"\$\s*(\\[A-Za-z]+|\\[%&#_$])\s*\$")
# What a paper object holds that `add` keeps from the Hugging Face API beside arXiv's facts.
HF_FACTS = ("upvotes", "githubRepo", "projectPage")


def looks_like_json(text: str) -> bool:
    return _JSON_START.match(text.lstrip("\ufeff")) is not None


def parse_json_dump(text: str, source: str) -> ParsedDump:
    """A saved response of the papers API: the daily papers (a list of `{paper: {id, title,
    summary, authors: [{name}], publishedAt, upvotes, githubRepo, ...}, ...}`), a list of paper
    objects, one paper object (`/api/papers/<id>`), or what `add` keeps (`{arxiv: {...},
    huggingface: {...}}`). JSON that does not parse refuses the whole file, at its line; an
    item that is not a paper, or a field of the wrong kind, is a warning at the item's line."""
    text = text.lstrip("\ufeff")
    dump = ParsedDump(source=source, layout="JSON")
    expected = f"expected a saved response of {DAILY_PAPERS_API}"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        dump.refused = Problem(source, error.lineno, f"not valid JSON ({error.msg} at column {error.colno}); "
                                                     f"nothing was imported ({expected})")
        return dump
    except (ValueError, RecursionError) as error:  # a number of thousands of digits, deep nesting
        if isinstance(error, ValueError) and (long := long_number(text)) is not None:
            dump.refused = Problem(source, long[0], f"{long[1]}; nothing was imported ({expected}, with {long[2]})")
            return dump
        dump.refused = Problem(source, 1, f"JSON that cannot be read ({error}); nothing was imported ({expected})")
        return dump
    if isinstance(data, dict) and not {"paper", "title", "id", "arxiv"} & data.keys():
        dump.refused = Problem(source, 1, f"a JSON object with none of 'paper', 'title', 'id' ({_shown(data)}); "
                                          f"nothing was imported ({expected})")
        return dump
    if isinstance(data, dict):
        items = [(1, data)]
    elif isinstance(data, list):
        items = list(zip(_item_lines(text), data))
    else:
        dump.refused = Problem(source, 1, f"a JSON {type(data).__name__}, not papers; nothing was imported ({expected})")
        return dump

    def warn(line: int, message: str) -> None:
        dump.warnings.append(Problem(source, line, message, severity="warning"))

    for line, item in items:
        record = _json_record(item, source, line, warn)
        if record is not None:
            dump.records.append(record)
    return dump


def _item_lines(text: str) -> list[int]:
    """The line each item of the (valid) top-level JSON list starts on."""
    decoder = json.JSONDecoder()
    lines, line, counted = [], 1, 0
    at = _JSON_SPACE.match(text).end() + 1  # past the "["
    while True:
        at = _JSON_SPACE.match(text, at).end()
        if text[at] == "]":
            return lines
        line, counted = line + text.count("\n", counted, at), at
        lines.append(line)
        _, at = decoder.raw_decode(text, at)
        at = _JSON_SPACE.match(text, at).end()
        if text[at] == ",":
            at += 1


def _json_record(item, source: str, line: int, warn) -> RawRecord | None:
    if isinstance(item, dict) and isinstance(item.get("arxiv"), dict):  # what `add` keeps
        hf = item.get("huggingface") if isinstance(item.get("huggingface"), dict) else {}
        paper, outer = {**item["arxiv"], **{k: hf[k] for k in HF_FACTS if k in hf}}, {}
    elif isinstance(item, dict) and isinstance(item.get("paper"), dict):  # one of the daily papers
        paper, outer = item["paper"], item
    elif isinstance(item, dict):
        paper, outer = item, {}
    else:
        warn(line, f"a JSON {type(item).__name__} where a paper was expected; skipped (expected an object "
                   f"with 'paper' or 'title')")
        return None

    def get(key: str):  # the daily item's own title and summary stand in for its paper's
        value = paper.get(key)
        return outer.get(key) if value is None and key in ("title", "summary") else value

    title = _one_line(get("title"))
    if not title:
        warn(line, "a paper with no 'title' text; skipped (expected paper.title)")
        return None
    abstract = _paragraphs(get("summary"))
    if not abstract:
        warn(line, f"{title[:80]!r} has no 'summary' text (its abstract); skipped")
        return None
    record = RawRecord(title=title, source=source, line=line, abstract=abstract, has_metadata=True)

    def ignored(key: str, what: str) -> None:
        warn(line, f"{title[:60]!r}: {key!r} is {_shown(get(key))}, not {what}; ignored")

    if (value := get("id")) is not None:
        arxiv = without_version(value) if isinstance(value, str) else None
        if is_arxiv_id(arxiv):
            record.arxiv = arxiv
        else:
            ignored("id", "an arXiv id")
    if (value := get("authors")) is not None:
        names = [_one_line(a.get("name") if isinstance(a, dict) else a) for a in value] if isinstance(value, list) else []
        if names and all(names):
            record.authors = names
        elif value != []:
            ignored("authors", "a list of {name}")
    if (value := get("publishedAt")) is not None:
        try:
            record.published = dt.date.fromisoformat(value[:10]) if isinstance(value, str) else None
        except ValueError:
            pass
        if record.published is None:
            ignored("publishedAt", "a date")
    if (value := get("upvotes")) is not None:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**9:
            record.upvotes = value
        else:
            ignored("upvotes", "a count")
    for key in ("githubRepo", "projectPage"):
        if (value := get(key)) not in (None, ""):
            if not is_http_url(value):
                ignored(key, "an http(s) URL")
            elif key == "githubRepo":
                record.code = value
            else:
                record.links.append(value)
    if (value := get("doi")) not in (None, ""):
        if isinstance(value, str) and _DOI.match(value):
            record.links.append(f"https://doi.org/{value}")
        else:
            ignored("doi", "a DOI")
    return record


def _one_line(value) -> str:
    """Text on one line, repaired as a page's text is; '' for anything but text. The API keeps
    arXiv's TeX, where a page shows the symbol: `$\\times$` is read as `\\times` (so `×`)."""
    if not isinstance(value, str):
        return ""
    text = _TEX_SYMBOL.sub(r"\1", " ".join(BAD_CHARACTER.sub(" ", value).split()))
    return repair(text)


def _paragraphs(value) -> str:
    """An abstract: the API's lines rejoined, paragraphs (blank lines) kept apart."""
    if not isinstance(value, str):
        return ""
    parts = (_one_line(part) for part in re.split(r"\n[ \t]*\n", value))
    return "\n\n".join(part for part in parts if part)


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."
