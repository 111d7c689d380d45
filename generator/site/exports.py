"""Machine-readable exports of the list: papers.json (+ its JSON Schema) and an Atom feed;
`render_files` gathers them with BibTeX (bibtex.py) and the filter page's files (facets.py).

Plain functions from a `Site` to text. Every output is deterministic: the same
content always gives the same bytes (no clock, sorted keys, stable order), so
builds stay reproducible. `render_files` gathers them as `{uri: text}` for the
MkDocs plugin and `generate --out` (`pipeline.generate`), next to the Markdown pages.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any

from . import bibtex, facets
from ..content.model import FIELDS, RESULT_DIRECTIONS, SLUG, Paper, json_pattern, json_type
from ..derive.facts import Site
from .pages import LastMade

FEED_COUNT = 20
SCHEMA_VERSION = 2  # 2: results carry claim and baseline_device
ATOM = "http://www.w3.org/2005/Atom"
# Characters XML 1.0 cannot hold at all, even escaped: dropped from the feed.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _as_written(*names: str) -> dict[str, tuple[dict[str, Any], str]]:
    """PAPER_FIELDS entries of the paper file's fields `names`, which papers.json writes as the
    file holds them: type and description as the schema (model.FIELDS) gives them."""
    return {name: (json_type(FIELDS[name]), FIELDS[name].exported) for name in names}


def _derived(name: str, description: str) -> tuple[dict[str, Any], str]:
    """A PAPER_FIELDS entry for what the build derives from the paper file's field `name`: of
    that field's type (model.FIELDS), with `description`."""
    return json_type(FIELDS[name]), description


_STRING = {"type": "string"}
_STRING_OR_NULL = {"type": ["string", "null"]}

# Field -> (JSON Schema, description), in the order papers.schema.json requires them and the
# "Data and exports" page lists them: the paper file's fields papers.json writes as they are
# (`_as_written`, from model.FIELDS), and what the build derives, defined here.
PAPER_FIELDS: dict[str, tuple[dict[str, Any], str]] = {
    "slug": ({"type": "string", "pattern": json_pattern(SLUG)},
             "the paper's id: its file name in content/papers/ without .md"),
    "url": (_STRING, "the paper's page, relative to the site root (papers/<slug>/)"),
    "bibtex": (_STRING, "the paper's BibTeX file, relative to the site root (bib/<slug>.bib)"),
    "bibtex_key": (_STRING, "the citation key used in papers.bib and bib/<slug>.bib"),
    **_as_written("title", "arxiv"),
    "arxiv_url": (_STRING_OR_NULL, "https://arxiv.org/abs/<id>, or null"),
    **_as_written("authors"),
    "authors_count": _derived("authors_count", "number of authors (from the names when known), or null"),
    **_as_written("published"),
    "year": ({"type": ["integer", "null"]}, "the year published, else the year of the arXiv id, or null"),
    **_as_written("upvotes", "venue", "code", "project", "links", "note"),
    "hardware": _derived("hardware", "hardware ids the paper is about directly (detected + added - removed), "
                                     "taxonomy order"),
    "hardware_rollup": _derived("hardware", "those ids with their architectures and vendors, taxonomy order"),
    "topics": _derived("topics", "topic ids the paper is about (detected + added - removed), vocabulary order"),
    **_as_written("added", "sources"),
    "abstract": (_STRING, "the abstract, plain text"),
    "results": ({"type": "array", "items": {
        "type": "object",
        "required": ["value", "value_text", "unit", "claim", "kind", "direction", "baseline", "baseline_device",
                     "device", "sentence"],
        "additionalProperties": False,
        "properties": {
            "value": {"type": ["number", "null"]},
            "value_text": {"type": "string"},
            "unit": {"type": "string"},
            "claim": {"type": ["string", "null"]},
            "kind": {"type": "string"},
            "direction": {"type": ["string", "null"], "enum": [*RESULT_DIRECTIONS, None]},
            "baseline": {"type": ["string", "null"]},
            "baseline_device": {"type": ["string", "null"]},
            "device": {"type": ["string", "null"]},
            "sentence": {"type": ["string", "null"]},
        },
    }}, "headline results: value (a range's upper end), value_text as written, unit, claim (the authors' "
        "words for it: the shortest stretch of the sentence holding the number, what it measures and the "
        "comparison, pieces joined by ' … '), kind (for sorting and filtering, never shown as words), "
        "direction ('higher', 'lower' or null for a measurement), baseline, baseline_device (the id of "
        "the baseline's hardware, or null), the id of the device it was measured on (null when the "
        "text does not say), and the abstract's sentence (null for a curator's result)"),
}

PAPERS_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "AI Hardware Reading List: papers.json",
    "type": "object",
    "required": ["version", "hardware", "topics", "papers"],
    "additionalProperties": False,
    "properties": {
        "version": {"const": SCHEMA_VERSION, "description": "the schema version"},
        "hardware": {
            "description": "the hardware nodes that have papers, taxonomy order",
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "name", "kind", "parent", "papers"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "kind": {"enum": ["vendor", "architecture", "device", "family"]},
                    "parent": {"type": ["string", "null"]},
                    "papers": {"type": "integer", "minimum": 1},
                },
            },
        },
        "topics": {
            "description": "the topics that have papers, vocabulary order",
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "name", "papers"],
                "additionalProperties": False,
                "properties": {
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "papers": {"type": "integer", "minimum": 1},
                },
            },
        },
        "papers": {
            "description": "every paper, newest first",
            "type": "array",
            "items": {
                "type": "object",
                "required": list(PAPER_FIELDS),
                "additionalProperties": False,
                "properties": {name: {**schema, "description": text} for name, (schema, text) in PAPER_FIELDS.items()},
            },
        },
    },
}


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, indent=1) + "\n"


def papers_schema_json() -> str:
    return _dumps(PAPERS_SCHEMA)


def paper_record(site: Site, paper: Paper, key: str) -> dict[str, Any]:
    """`paper`'s object in papers.json (PAPER_FIELDS says what each field holds); `key` is its BibTeX key."""
    facts = site.facts[paper.slug]
    direct = facts.hardware
    return {
        "slug": paper.slug,
        "url": f"papers/{paper.slug}/",
        "bibtex": f"bib/{paper.slug}.bib",
        "bibtex_key": key,
        "title": paper.title,
        "arxiv": paper.arxiv,
        "arxiv_url": paper.arxiv_url,
        "authors": list(paper.authors),
        "authors_count": paper.author_count,
        "published": paper.published.isoformat() if paper.published else None,
        "year": paper.year,
        "upvotes": paper.upvotes,
        "venue": paper.venue,
        "code": paper.code,
        "project": paper.project,
        "links": list(paper.links),
        "note": paper.note,
        "hardware": list(direct),
        "hardware_rollup": site.hardware.in_order(site.hardware.expand(direct)),
        "topics": list(facts.topics),
        "added": paper.added.isoformat() if paper.added else None,
        "sources": list(paper.sources),
        "abstract": paper.abstract,
        "results": [
            {"value": r.value, "value_text": r.value_text, "unit": r.unit,
             "claim": r.claim.text if r.claim else None, "kind": r.kind, "direction": r.direction,
             "baseline": r.baseline, "baseline_device": r.baseline_device, "device": r.device,
             "sentence": r.sentence}
            for r in facts.results
        ],
    }


def _lists_of_nodes(site: Site) -> dict[str, list[dict[str, Any]]]:
    """papers.json's "hardware" and "topics": the nodes and topics that have papers."""
    return {
        "hardware": [
            {"id": n.id, "name": n.name, "kind": n.kind, "parent": n.parent, "papers": len(site.node_papers[n.id])}
            for n in site.hardware.nodes.values() if site.node_papers.get(n.id)
        ],
        "topics": [
            {"id": t.id, "name": t.name, "papers": len(site.topic_papers[t.id])}
            for t in site.topics.topics.values() if site.topic_papers.get(t.id)
        ],
    }


# `json.dumps(item, ensure_ascii=False, sort_keys=True)` makes an encoder like this one on
# each call; papers.json is encoded a paper at a time, so one is made once.
_LINE_ENCODER = json.JSONEncoder(ensure_ascii=False, sort_keys=True)


def _json_line(item: Any) -> str:
    return _LINE_ENCODER.encode(item)


class PaperLines:
    """Each paper's line of papers.json and what it was made from, kept between builds: under
    `mkdocs serve` most lines are those of the build before. A line also shows the taxonomy
    (the rollup): the lines are forgotten when it changes."""

    def __init__(self) -> None:
        self.lines: dict[str, tuple[tuple, str]] = {}  # slug -> (what its line was made from, the line)
        self.taxonomy: dict = {}

    def forget_unless(self, taxonomy: dict) -> None:
        """Forget every line unless `taxonomy` is the one they were made with."""
        if self.taxonomy is not taxonomy and self.taxonomy != taxonomy:
            self.lines.clear()
            self.taxonomy = taxonomy

    def line(self, site: Site, paper: Paper, key: str) -> str:
        facts = site.facts[paper.slug]
        made_from = (paper, facts.hardware, facts.topics, facts.results, key)
        known = self.lines.get(paper.slug)
        if known is not None and all(a is b or a == b for a, b in zip(known[0], made_from)):
            return known[1]
        line = _json_line(paper_record(site, paper, key))
        self.lines[paper.slug] = (made_from, line)
        return line


def papers_json(site: Site, keys: dict[str, str] | None = None, kept: PaperLines | None = None) -> str:
    """papers.json: its version, the hardware nodes and topics that have papers, and each
    paper's `paper_record`, as JSON one item a line; see PAPERS_SCHEMA (shipped as
    papers.schema.json). `keys` are `bibtex.bibtex_keys(site)` when the caller has them already.

    A line per item keeps the file readable and its diffs small, and lets each item go
    through the JSON module's C encoder (`indent` would make it encode in Python).
    """
    keys = bibtex.bibtex_keys(site) if keys is None else keys
    lines = {name: [_json_line(item) for item in items] for name, items in _lists_of_nodes(site).items()}
    kept = kept if kept is not None else PaperLines()
    kept.forget_unless(site.hardware.nodes)
    lines["papers"] = [kept.line(site, paper, keys[paper.slug]) for paper in site.papers]
    if len(kept.lines) > len(site.papers):  # a paper removed or renamed is forgotten
        kept.lines = {paper.slug: kept.lines[paper.slug] for paper in site.papers}
    # The fields by name, written into one list of pieces joined once: the file is tens of MB at
    # 10,000 papers, and each concatenation of the whole would copy it again.
    pieces: list[str] = []
    for name in sorted(["version", *lines], key=json.dumps):
        pieces.append(",\n" if pieces else "{\n")
        if name == "version":
            pieces.append(f" {json.dumps(name)}: {SCHEMA_VERSION}")
        elif items := lines[name]:
            pieces.append(f" {json.dumps(name)}: [\n  ")
            for at, item in enumerate(items):
                pieces.extend((",\n  ", item) if at else (item,))
            pieces.append("\n ]")
        else:
            pieces.append(f" {json.dumps(name)}: []")
    pieces.append("\n}\n")
    return "".join(pieces)


# ---------------------------------------------------------------------------- Atom


def recently_added(site: Site, count: int = FEED_COUNT) -> list[Paper]:
    """Newest `added` first; papers added the same day keep the site's order (sorted is stable)."""
    dated = [p for p in site.papers if p.added]
    return sorted(dated, key=lambda p: -p.added.toordinal())[:count]


def _absolute(site_url: str | None, path: str) -> str:
    return (site_url.rstrip("/") + "/" + path) if site_url else path


def atom_feed(site: Site, site_url: str | None = None, count: int = FEED_COUNT) -> str:
    """An Atom feed of the `count` papers added last; `updated` is the newest `added` date.

    Without a site_url the links are relative to the feed (feed.xml sits at the site root).
    """
    ET.register_namespace("", ATOM)

    def sub(parent, tag, text=None, **attrs):
        element = ET.SubElement(parent, f"{{{ATOM}}}{tag}", attrs)
        if text is not None:
            element.text = _XML_INVALID.sub("", text)
        return element

    entries = recently_added(site, count)
    newest = max((p.added for p in entries), default=None)
    stamp = lambda day: f"{day.isoformat()}T00:00:00Z" if day else "1970-01-01T00:00:00Z"  # noqa: E731
    feed = ET.Element(f"{{{ATOM}}}feed")
    sub(feed, "title", "AI Hardware Reading List: recently added papers")
    sub(feed, "id", _absolute(site_url, "feed.xml") if site_url else "tag:ai-hardware-reading-list,2024:feed")
    sub(feed, "updated", stamp(newest))
    sub(feed, "link", rel="self", href=_absolute(site_url, "feed.xml"), type="application/atom+xml")
    sub(feed, "link", rel="alternate", href=site_url or "./", type="text/html")
    author = sub(feed, "author")
    sub(author, "name", "AI Hardware Reading List curators")
    for paper in entries:
        entry = sub(feed, "entry")
        sub(entry, "title", paper.title)
        sub(entry, "id", _absolute(site_url, f"papers/{paper.slug}/") if site_url
            else f"tag:ai-hardware-reading-list,{paper.added.isoformat()}:{paper.slug}")
        sub(entry, "updated", stamp(paper.added))
        if paper.published:
            sub(entry, "published", stamp(paper.published))
        sub(entry, "link", rel="alternate", href=_absolute(site_url, f"papers/{paper.slug}/"), type="text/html")
        if paper.arxiv_url:
            sub(entry, "link", rel="related", href=paper.arxiv_url, title=f"arXiv {paper.arxiv}")
        for name in paper.authors:
            sub(sub(entry, "author"), "name", name)
        for topic_id in site.facts[paper.slug].topics:
            sub(entry, "category", term=topic_id, label=site.topics.topics[topic_id].name)
        sub(entry, "summary", paper.abstract, type="text")
    ET.indent(feed)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


# ---------------------------------------------------------------------------- files


@dataclass
class FilesKept:
    """What the non-page files keep between builds (a build state holds one): papers.json's
    lines, the filter page's files and the results' rows."""

    papers: PaperLines = field(default_factory=PaperLines)
    filter: LastMade = field(default_factory=LastMade)
    rows: LastMade = field(default_factory=LastMade)
    # slug -> ((the paper, its key), its BibTeX entry): a saved file changes one or two entries.
    bibtex: dict[str, tuple[tuple[Paper, str], str]] = field(default_factory=dict)


def render_files(site: Site, site_url: str | None = None, kept: FilesKept | None = None) -> dict[str, str]:
    """The non-page files of the site, `{uri: text}`: added as static files next to the pages."""
    kept = kept if kept is not None else FilesKept()
    keys = bibtex.bibtex_keys(site)
    kept.bibtex = {paper.slug: _bibtex_entry(kept.bibtex.get(paper.slug), paper, keys[paper.slug])
                   for paper in site.papers}
    entries = {slug: entry for slug, (_, entry) in kept.bibtex.items()}
    files = {
        "papers.json": papers_json(site, keys, kept.papers),
        "papers.schema.json": papers_schema_json(),
        "feed.xml": atom_feed(site, site_url),
        "papers.bib": bibtex.bibtex_all(site, entries),
    }
    for slug, entry in entries.items():
        files[f"bib/{slug}.bib"] = entry
    files.update(facets.filter_files(site, kept.filter))
    return dict(sorted(files.items()))


def _bibtex_entry(known: tuple[tuple[Paper, str], str] | None, paper: Paper, key: str) -> tuple[tuple[Paper, str], str]:
    """((paper, key), its entry): the one `known` from the build before when made from the same."""
    if known is not None and (known[0][0] is paper or known[0][0] == paper) and known[0][1] == key:
        return known
    return (paper, key), bibtex.bibtex_entry(paper, key)


def schema_rows() -> list[tuple[str, str, str]]:
    """(field, JSON type, meaning) for each paper field, for the "Data and exports" page."""
    rows = []
    for name, (schema, text) in PAPER_FIELDS.items():
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        items = schema.get("items", {}).get("type")
        shown = " or ".join(f"list of {'objects' if items == 'object' else 'strings'}" if k == "array" else k
                            for k in kinds)
        rows.append((name, shown, text))
    return rows
