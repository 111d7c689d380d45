"""Raw records -> paper files' fields: de-duplication, recognition, merging.

No file I/O here: the CLI reads dumps and content through `store` and hands
the texts over. A paper already in `content/` is recognised by its arXiv id,
by the title it was first imported under, or by a near-identical title, so a
curator's fix of a typo in a title never brings the old title back as a
second paper. An import only fills fields that a paper file does not have:
what a curator wrote is never overwritten.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from slugify import slugify

from .clean import normalized_title
from .model import FIELDS, IMPORTED_FIELDS, Problem
from .sources import RawRecord
from .titles import TitleIndex

SLUG_MAX_WORDS = 5
SLUG_MAX_CHARS = 40
SHORT_NAME_MAX_WORDS = 3
REPOSITORY_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "huggingface.co", "sourceforge.net")
_URL = re.compile(r"https?://[^\s<>\"']+")
_TRAILING = ".,;:!?'\""
_PAIRS = {")": "(", "]": "[", "}": "{"}


@dataclass
class Candidate:
    """One distinct paper gathered from every copy in the dumps being imported."""

    title: str
    abstract: str
    copies: list[RawRecord] = field(default_factory=list)
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def sources(self) -> list[str]:
        return sorted({c.source for c in self.copies})


def strip_url(url: str) -> str:
    """Drop sentence punctuation and unbalanced closing brackets after a URL."""
    while url:
        last = url[-1]
        if last in _TRAILING:
            url = url[:-1]
        elif last in _PAIRS and url.count(last) > url.count(_PAIRS[last]):
            url = url[:-1]
        else:
            break
    return url


def extract_urls(text: str) -> tuple[str | None, list[str]]:
    """(first repository URL, other URLs) named in an abstract, in order of appearance."""
    urls: list[str] = []
    for match in _URL.finditer(text):
        url = strip_url(match.group(0))
        if url not in urls and re.match(r"https?://[^/]+\.[^/]+", url):
            urls.append(url)
    code = next((u for u in urls if _is_repo_host(_host(u)) and _host(u) != "huggingface.co" or _is_hf_repo(u)), None)
    return code, [u for u in urls if u != code]


def _host(url: str) -> str:
    return re.sub(r"^https?://", "", url).split("/", 1)[0].lower().removeprefix("www.")


def _is_repo_host(host: str) -> bool:
    """github.com or a subdomain of it, but not notgithub.com."""
    return any(host == h or host.endswith("." + h) for h in REPOSITORY_HOSTS)


def _is_hf_repo(url: str) -> bool:
    return _host(url) == "huggingface.co" and not re.search(r"huggingface\.co/papers/", url)


def merge_copies(records: list[RawRecord]) -> list[Candidate]:
    """Group copies of one paper by normalized title, in order of first appearance."""
    by_key: dict[str, Candidate] = {}
    for record in records:
        key = normalized_title(record.title)
        candidate = by_key.get(key)
        if candidate is None:
            candidate = by_key[key] = Candidate(title=record.title, abstract=record.abstract or "")
        candidate.copies.append(record)
    for candidate in by_key.values():
        candidate.fields = merged_fields(candidate)
    return list(by_key.values())


def merged_fields(candidate: Candidate) -> dict[str, Any]:
    """Metadata from every copy: the largest authors count and upvotes (counts only grow), the earliest date."""
    fields: dict[str, Any] = {}
    counts = [c.authors_count for c in candidate.copies if c.authors_count is not None]
    dates = [c.published for c in candidate.copies if c.published is not None]
    upvotes = [c.upvotes for c in candidate.copies if c.upvotes is not None]
    if counts:
        fields["authors_count"] = max(counts)
    if dates:
        fields["published"] = min(dates)
    if upvotes:
        fields["upvotes"] = max(upvotes)
    code, links = extract_urls(candidate.abstract)
    if code:
        fields["code"] = code
    if links:
        fields["links"] = links
    return fields


def enrichment_index(records: list[dict[str, Any]], path: str) -> tuple[dict[str, dict[str, Any]], list[Problem]]:
    """Facts (arxiv, authors, venue) keyed by normalized title, from a list of records."""
    index: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    if not isinstance(records, list):
        return index, [Problem(path, 1, "expected a list of records with 'title'")]
    for number, record in enumerate(records, start=1):
        if not isinstance(record, dict) or not isinstance(record.get("title"), str):
            problems.append(Problem(path, 1, f"record {number} has no 'title' text; skipped", "warning"))
            continue
        facts = {k: record[k] for k in ("arxiv", "authors", "venue") if record.get(k) not in (None, "", [])}
        if isinstance(facts.get("arxiv"), float):
            # YAML read `arxiv: 2101.00010` as a number and dropped a digit: refuse to guess.
            problems.append(Problem(path, 1, f"record {number} ({record['title'][:60]!r}): 'arxiv' is the number "
                                    f"{facts.pop('arxiv')!r}, which loses digits; ignored (expected quoted text, "
                                    f"e.g. arxiv: '2101.00010')", "warning"))
        if "arxiv" in facts:
            facts["arxiv"] = str(facts["arxiv"])
        index[normalized_title(record["title"])] = facts
    return index, problems


def slug_for(title: str, taken: set[str]) -> str:
    """A short readable slug: the name before a colon, else the leading words; unique."""
    head, sep, _ = title.partition(":")
    if sep and 0 < len(head.split()) <= SHORT_NAME_MAX_WORDS:
        base = slugify(head)
    else:
        base = leading_words_slug(title)
    base = base or "paper"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    return slug


def leading_words_slug(title: str) -> str:
    """The first few words of a title as a slug, not ending on a word such as 'and'."""
    words: list[str] = []
    for word in slugify(title).split("-"):
        if len(words) == SLUG_MAX_WORDS or len("-".join([*words, word])) > SLUG_MAX_CHARS:
            break
        words.append(word)
    while len(words) > 1 and words[-1] in _DANGLING:
        words.pop()
    return "-".join(words)


_DANGLING = {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "via", "vs", "with"}


@dataclass
class Existing:
    """What recognition needs to know of a paper already in content/."""

    slug: str
    meta: dict[str, Any]


class Recogniser:
    """Finds the existing paper a candidate is, by arXiv id, imported title, or near-identical title."""

    def __init__(self, existing: list[Existing]):
        self.by_arxiv: dict[str, str] = {}
        self.by_title: dict[str, str] = {}
        self.titles = TitleIndex()
        self.title_slugs: list[str] = []  # the slug of each title in `titles`
        self.arxiv_of: dict[str, str] = {}
        for paper in existing:
            self.add(paper.slug, paper.meta)

    def add(self, slug: str, meta: dict[str, Any]) -> None:
        if meta.get("arxiv"):
            self.by_arxiv.setdefault(str(meta["arxiv"]), slug)
            self.arxiv_of[slug] = str(meta["arxiv"])
        for title in (meta.get("title"), meta.get("imported_title")):
            if isinstance(title, str):
                self.by_title.setdefault(normalized_title(title), slug)
                self.titles.add(title)
                self.title_slugs.append(slug)

    def find(self, title: str, arxiv: str | None) -> str | None:
        if arxiv and arxiv in self.by_arxiv:
            return self.by_arxiv[arxiv]
        if (slug := self.by_title.get(normalized_title(title))) is not None:
            return slug
        for position, _ in self.titles.matches(title):
            slug = self.title_slugs[position]
            # Two different arXiv ids are two papers, however alike their titles.
            if not (arxiv and self.arxiv_of.get(slug) not in (None, arxiv)):
                return slug
        return None


def new_paper_meta(candidate: Candidate, facts: dict[str, Any], added: dt.date) -> dict[str, Any]:
    meta: dict[str, Any] = {"title": candidate.title}
    meta.update(facts)
    meta.update(candidate.fields)
    meta["added"] = added
    meta["sources"] = candidate.sources
    meta["imported_title"] = candidate.title
    return ordered(meta)


def fill_missing(meta: dict[str, Any], candidate: Candidate, facts: dict[str, Any]) -> dict[str, Any]:
    """The existing front matter with only absent import fields filled and new sources listed."""
    updated = dict(meta)
    # Dumps the paper already lists offered their fields before (taken, or since removed by a
    # curator): only copies from dumps new to the paper offer theirs again.
    listed = set(updated.get("sources") or [])
    fresh = [c for c in candidate.copies if c.source not in listed]
    if len(fresh) == len(candidate.copies):
        fields = candidate.fields
    else:
        fields = merged_fields(Candidate(fresh[0].title, fresh[0].abstract or "", fresh)) if fresh else {}
    offered = {**facts, **fields}
    for key in IMPORTED_FIELDS:
        if updated.get(key) is None and key in offered:
            updated[key] = offered[key]
    sources = list(updated.get("sources") or [])
    for source in candidate.sources:
        if source not in sources:
            sources.append(source)
    updated["sources"] = sources
    return ordered(updated)


def ordered(meta: dict[str, Any]) -> dict[str, Any]:
    """Schema order first, then any fields the schema does not know, as they were."""
    known = {k: meta[k] for k in FIELDS if k in meta}
    return {**known, **{k: v for k, v in meta.items() if k not in FIELDS}}
