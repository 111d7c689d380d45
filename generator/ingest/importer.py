"""Raw records -> paper files: de-duplication, recognition, merging, and the one writer.

Records come from `sources` (page text, saved API responses, what `add` fetched);
`import_records` merges them into `content/` through `store`, under its lock. A
paper already in `content/` is recognised by its arXiv id, by the title it was
first imported under, or by a near-identical title, so a curator's fix of a
typo in a title never brings the old title back as a second paper; two different
arXiv ids are two papers, however alike their titles, in one import and across
imports. An import only fills fields that a paper file does not have, by
inserting lines (`fill`): what a curator wrote is never overwritten.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from slugify import slugify

from ..content.arxiv_ids import read_id
from ..content.clean import normalized_title
from .fill import filled_text
from ..content.model import FIELDS, IMPORTED_FIELDS, Problem
from ..content.paper_file import dump_paper_text
from .sources import RawRecord
from ..content.store import Store
from ..content.titles import TitleIndex

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
    code = next((u for u in urls if _is_repo_host(host_of(u)) and host_of(u) != "huggingface.co" or _is_hf_repo(u)), None)
    return code, [u for u in urls if u != code]


def host_of(url: str) -> str:
    """The host of `url`, lowercase, without "www.": "github.com"."""
    return re.sub(r"^https?://", "", url).split("/", 1)[0].lower().removeprefix("www.")


def _is_repo_host(host: str) -> bool:
    """github.com or a subdomain of it, but not notgithub.com."""
    return any(host == h or host.endswith("." + h) for h in REPOSITORY_HOSTS)


def _is_hf_repo(url: str) -> bool:
    return host_of(url) == "huggingface.co" and not re.search(r"huggingface\.co/papers/", url)


def merge_copies(records: list[RawRecord]) -> list[Candidate]:
    """Group copies of one paper by normalized title, in order of first appearance. Two different
    arXiv ids are two papers, however alike their titles: a copy with an id joins the first group
    of its title that has the same id or none yet; a copy without one, the first group of its title."""
    by_title: dict[str, list[Candidate]] = {}
    candidates: list[Candidate] = []
    for record in records:
        same_title = by_title.setdefault(normalized_title(record.title), [])
        candidate = next((c for c in same_title if not record.arxiv or _arxiv_of(c) in (None, record.arxiv)), None)
        if candidate is None:
            candidate = Candidate(title=record.title, abstract=record.abstract or "")
            same_title.append(candidate)
            candidates.append(candidate)
        candidate.copies.append(record)
    for candidate in candidates:
        candidate.fields = merged_fields(candidate)
    return candidates


def _arxiv_of(candidate: Candidate) -> str | None:
    return next((c.arxiv for c in candidate.copies if c.arxiv), None)


def merged_fields(candidate: Candidate) -> dict[str, Any]:
    """Metadata from every copy: the largest authors count and upvotes (counts only grow), the earliest
    date; the arXiv id, author names and code repository of the first copy that has them (JSON)."""
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
    # The API's facts (JSON dumps, `add`): the first copy that has each.
    if arxiv := next((c.arxiv for c in candidate.copies if c.arxiv), None):
        fields["arxiv"] = arxiv
    if authors := next((c.authors for c in candidate.copies if c.authors), None):
        fields["authors"] = list(authors)
    found, others = extract_urls(candidate.abstract)
    code = next((c.code for c in candidate.copies if c.code), None) or found
    if code:
        fields["code"] = code
    links = [u for c in candidate.copies for u in c.links] + ([found] if found else []) + others
    links = [u for i, u in enumerate(links) if u != code and u not in links[:i]]
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
            arxiv, why = read_id(given := str(facts.pop("arxiv")))
            facts.update({"arxiv": arxiv} if arxiv else {})
            if not arxiv:
                problems.append(Problem(path, 1, f"record {number} ({record['title'][:60]!r}): 'arxiv' {given!r} is not "
                                        f"an arXiv id{why}; ignored (expected quoted text such as '2404.14469')", "warning"))
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
    """Finds the existing paper a candidate is, by arXiv id, imported title, or near-identical title.
    Two different arXiv ids are two papers, however alike (or equal) their titles."""

    def __init__(self, existing: list[Existing]):
        self.by_arxiv: dict[str, str] = {}
        self.by_title: dict[str, list[str]] = {}  # normalized title -> the slugs with it, in order
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
                slugs = self.by_title.setdefault(normalized_title(title), [])
                if slug not in slugs:
                    slugs.append(slug)
                self.titles.add(title)
                self.title_slugs.append(slug)

    def find(self, title: str, arxiv: str | None) -> str | None:
        if arxiv and arxiv in self.by_arxiv:
            return self.by_arxiv[arxiv]
        for slug in self.by_title.get(normalized_title(title), []):
            if self._may_be(slug, arxiv):
                return slug
        for position, _ in self.titles.matches(title):
            slug = self.title_slugs[position]
            if self._may_be(slug, arxiv):
                return slug
        return None

    def _may_be(self, slug: str, arxiv: str | None) -> bool:
        """Whether the paper may be the one with this arXiv id: it has that id, or one of them has none."""
        return not arxiv or self.arxiv_of.get(slug) in (None, arxiv)


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


@dataclass
class ImportOutcome:
    """What an import did: each touched paper's final slug and what happened to it."""

    papers: dict[str, str]  # slug -> "new", "updated" or "unchanged"
    merged: int  # copies merged into a paper another record also gave
    warnings: list[Problem]  # fields left for a curator to add by hand
    slug_of: dict[str, str]  # a record's normalized title -> the slug of its (first) paper with that title
    slug_of_arxiv: dict[str, str] = field(default_factory=dict)  # a record's arXiv id -> the slug of its paper

    @property
    def counts(self) -> Counter:
        return Counter(self.papers.values())


def import_records(store: Store, records: list[RawRecord], dumps: list[tuple[str, bytes]], facts_by_title: dict,
                   added: dt.date, err=None, list_sources_adding_nothing: bool = True) -> ImportOutcome | None:
    """Merge the records into content/ (the caller holds `store.writing()`): new papers are
    created whole under a free slug, existing ones get only missing fields (by inserted lines),
    and the dumps (name, bytes) are kept in content/sources/. None, writing nothing, when a
    paper file is broken. With `list_sources_adding_nothing` False (`add`), a paper the records
    add no field to is left as it is, and a dump that added nothing is not kept."""
    err = sys.stderr if err is None else err  # looked up now, so redirected output is honoured
    existing_files = store.read_paper_files()
    broken = [p for f in existing_files for p in f.problems if p.severity == "error"]
    # A file that reads but breaks the schema (e.g. `arxiv: 2101.00010`, a number) would be
    # written back with the damage made permanent: refuse it too.
    broken += [p for f in existing_files if not f.problems for p in f.validate()[1] if p.severity == "error"]
    broken += store.stray_paper_entries()
    if broken:
        for problem in broken:
            print(problem, file=err)
        print("import stopped: fix the paper files above first; nothing was written", file=err)
        return None

    existing = {f.slug: f for f in existing_files}
    recogniser = Recogniser([Existing(f.slug, f.meta) for f in existing_files])
    taken = set(existing)
    candidates = merge_copies(records)
    merged = len(records) - len(candidates)
    # The new content of each touched paper, keyed by slug; several candidates may land on one.
    planned: dict[str, tuple[dict, str]] = {}
    titles: dict[str, str] = {}  # slug of a new paper -> its title, for another slug if taken
    slug_of: dict[str, str] = {}
    slug_of_arxiv: dict[str, str] = {}
    for candidate in candidates:
        facts = facts_by_title.get(normalized_title(candidate.title), {})
        arxiv = candidate.fields.get("arxiv")
        if arxiv and facts.get("arxiv") not in (None, arxiv):
            facts = {}  # facts of another paper with the same title: two arXiv ids are two papers
        slug = recogniser.find(candidate.title, arxiv or facts.get("arxiv"))
        if slug is not None and slug in planned:
            merged += 1
            meta, body = planned[slug]
            planned[slug] = (fill_missing(meta, candidate, facts), body)
        elif slug is not None:
            file = existing[slug]
            planned[slug] = (fill_missing(file.meta, candidate, facts), file.body)
        else:
            slug = slug_for(candidate.title, taken)
            taken.add(slug)
            meta = new_paper_meta(candidate, facts, added)
            planned[slug] = (meta, candidate.abstract)
            titles[slug] = candidate.title
            recogniser.add(slug, meta)
        slug_of.setdefault(normalized_title(candidate.title), slug)
        for copy in candidate.copies:
            if copy.arxiv:
                slug_of_arxiv.setdefault(copy.arxiv, slug)

    if not list_sources_adding_nothing:
        for slug, (meta, body) in planned.items():
            if slug in existing and _without_sources(meta) == _without_sources(existing[slug].meta):
                planned[slug] = (existing[slug].meta, body)
        used = {source for slug, (meta, _) in planned.items() if slug not in existing or meta != existing[slug].meta
                for source in meta.get("sources") or []}
        dumps = [(name, data) for name, data in dumps if name in used]
    for name, data in dumps:
        store.save_source(name, data)

    unfilled: list[Problem] = []

    def write(slug: str, meta: dict, body: str) -> tuple[str, str]:
        """(the slug written, what happened to the paper)."""
        if slug in titles:  # new: created whole, under another free slug if a file took this one meanwhile
            text, title = dump_paper_text(meta, body), titles[slug]
            while not store.create_paper(slug, text):
                taken.add(slug)
                slug = slug_for(title, taken)
            return slug, "new"
        file = existing[slug]
        # An existing paper the import adds nothing to is left as its curator wrote it, bytes and all.
        if meta == file.meta:
            return slug, "unchanged"
        text = filled_text(file.text, file.meta, meta)
        if text is None or not store.replace_paper(slug, file.text, text):
            added_fields = ", ".join(k for k in meta if meta[k] != file.meta.get(k))
            why = ("it changed during the import" if text is not None
                   else "they cannot be added without rewriting lines the curator wrote")
            unfilled.append(Problem(file.path, 1, f"not updated: {why} (expected to add {added_fields}; "
                                                  f"add them by hand or run the import again)", "warning"))
            return slug, "unchanged"
        return slug, "updated"

    written = {slug: write(slug, meta, body) for slug, (meta, body) in sorted(planned.items())}
    return ImportOutcome(dict(written.values()), merged, unfilled,
                         {title: written[slug][0] for title, slug in slug_of.items()},
                         {arxiv: written[slug][0] for arxiv, slug in slug_of_arxiv.items()})


def _without_sources(meta: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in meta.items() if k != "sources"}
