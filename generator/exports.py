"""Machine-readable exports of the list: papers.json (+ its JSON Schema), an Atom feed, BibTeX,
and the filter page's compact files (filter/facets.json and its title chunks).

Plain functions from a `Site` to text. Every output is deterministic: the same
content always gives the same bytes (no clock, sorted keys, stable order), so
builds stay reproducible. `render_files` gathers them as `{uri: text}` for the
MkDocs plugin and `generate --out` (`render.generate`), next to the Markdown pages.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
import xml.etree.ElementTree as ET
from typing import Any
from urllib.parse import quote

from .model import Paper
from .site import Site
from .workers import fork_map

FEED_COUNT = 20
SCHEMA_VERSION = 1
ATOM = "http://www.w3.org/2005/Atom"
# Characters XML 1.0 cannot hold at all, even escaped: dropped from the feed.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")

_STRING_OR_NULL = {"type": ["string", "null"]}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_IDS = {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}}
_DATE = {"type": ["string", "null"], "pattern": "^\\d{4}-\\d{2}-\\d{2}$"}
_COUNT = {"type": ["integer", "null"], "minimum": 0}

# Field -> (JSON Schema, description). The single source of the schema: papers.schema.json
# and the "Data and exports" page are both generated from it.
PAPER_FIELDS: dict[str, tuple[dict[str, Any], str]] = {
    "slug": ({"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
             "the paper's id: its file name in content/papers/ without .md"),
    "url": ({"type": "string"}, "the paper's page, relative to the site root (papers/<slug>/)"),
    "bibtex": ({"type": "string"}, "the paper's BibTeX file, relative to the site root (bib/<slug>.bib)"),
    "bibtex_key": ({"type": "string"}, "the citation key used in papers.bib and bib/<slug>.bib"),
    "title": ({"type": "string"}, "the title"),
    "arxiv": ({**_STRING_OR_NULL}, "the arXiv id as a string ('2404.14469'), or null"),
    "arxiv_url": ({**_STRING_OR_NULL}, "https://arxiv.org/abs/<id>, or null"),
    "authors": (_STRINGS, "author names in published order; may be empty"),
    "authors_count": (_COUNT, "number of authors (from the names when known), or null"),
    "published": (_DATE, "publication date YYYY-MM-DD, or null"),
    "year": ({"type": ["integer", "null"]}, "the year published, else the year of the arXiv id, or null"),
    "upvotes": (_COUNT, "Hugging Face upvotes, or null"),
    "venue": ({**_STRING_OR_NULL}, "where it was published, or null"),
    "code": ({**_STRING_OR_NULL}, "the code repository URL, or null"),
    "project": ({**_STRING_OR_NULL}, "the project page URL, or null"),
    "links": (_STRINGS, "other URLs"),
    "note": ({**_STRING_OR_NULL}, "the curator's note, or null"),
    "hardware": (_IDS, "hardware ids the paper is about directly (detected + added - removed), taxonomy order"),
    "hardware_rollup": (_IDS, "those ids with their architectures and vendors, taxonomy order"),
    "topics": (_IDS, "topic ids, vocabulary order"),
    "added": (_DATE, "the date the paper entered the list, YYYY-MM-DD, or null"),
    "sources": (_STRINGS, "the dumps the paper was imported from"),
    "abstract": ({"type": "string"}, "the abstract, plain text"),
    "results": ({"type": "array", "items": {
        "type": "object",
        "required": ["value", "value_text", "unit", "kind", "baseline", "device", "sentence"],
        "additionalProperties": False,
        "properties": {
            "value": {"type": ["number", "null"]},
            "value_text": {"type": "string"},
            "unit": {"type": "string"},
            "kind": {"type": "string"},
            "baseline": {"type": ["string", "null"]},
            "device": {"type": ["string", "null"]},
            "sentence": {"type": ["string", "null"]},
        },
    }}, "headline results: value (a range's upper end), value_text as written, unit, kind, baseline, "
        "device id, and the abstract's sentence (null for a curator's result)"),
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
                    "kind": {"enum": ["vendor", "architecture", "device"]},
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
    direct = site.paper_hardware[paper.slug]
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
        "topics": list(site.paper_topics[paper.slug]),
        "added": paper.added.isoformat() if paper.added else None,
        "sources": list(paper.sources),
        "abstract": paper.abstract,
        "results": [
            {"value": r.value, "value_text": r.value_text, "unit": r.unit, "kind": r.kind,
             "baseline": r.baseline, "device": r.device, "sentence": r.sentence}
            for r in site.results.get(paper.slug, [])
        ],
    }


def papers_data(site: Site, keys: dict[str, str] | None = None) -> dict[str, Any]:
    """papers.json's data; `keys` are `bibtex_keys(site)` when the caller has them already."""
    keys = bibtex_keys(site) if keys is None else keys
    return {**_lists_of_nodes(site), "version": SCHEMA_VERSION,
            "papers": [paper_record(site, p, keys[p.slug]) for p in site.papers]}


def _lists_of_nodes(site: Site) -> dict[str, list[dict[str, Any]]]:
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


def papers_json(site: Site, keys: dict[str, str] | None = None) -> str:
    """`papers_data` as JSON, one paper (one hardware node, one topic) a line; see PAPERS_SCHEMA
    (shipped as papers.schema.json).

    A line per item keeps the file readable and its diffs small, lets each item go
    through the JSON module's C encoder (`indent` would make it encode in Python), and
    lets a large list's papers be encoded by worker processes.
    """
    keys = bibtex_keys(site) if keys is None else keys
    lines = {name: [_json_line(item) for item in items] for name, items in _lists_of_nodes(site).items()}
    lines["papers"] = fork_map(lambda paper: _json_line(paper_record(site, paper, keys[paper.slug])), site.papers)
    fields = [f" {json.dumps('version')}: {SCHEMA_VERSION}"]
    fields += [f" {json.dumps(name)}: [\n  " + ",\n  ".join(items) + "\n ]" if items else f" {json.dumps(name)}: []"
               for name, items in lines.items()]
    return "{\n" + ",\n".join(sorted(fields)) + "\n}\n"


# ---------------------------------------------------------------------------- the filter page's files

# The filter page (filter/, javascripts/filter.js) never loads papers.json: it reads
# filter/facets.json, every paper's facet values as a few characters, and for the rows it
# shows the titles in filter/papers-<k>.json, FILTER_CHUNK papers each.
FACETS_VERSION = 1
# A filter whose matches are rare needs a chunk for nearly every row it shows (50 at first):
# small chunks keep that at a few hundred KB even at 10,000 papers.
FILTER_CHUNK = 25
FACET_KINDS = ("vendor", "architecture", "device")
# The characters of a paper's values: printable ASCII that JSON writes as is (no `"` or `\`);
# a space ends a paper. The first half are final digits, the second half digits that more
# follow: a number is written in base len(FACET_DIGITS) // 2, most significant digit first.
FACET_DIGITS = "".join(chr(c) for c in range(0x21, 0x7F) if chr(c) not in '"\\')
_FACET_BASE = len(FACET_DIGITS) // 2


def facet_number(value: int) -> str:
    """A value as characters of FACET_DIGITS: 0..45 one character, up to 2,161 two, and so on."""
    out = [FACET_DIGITS[value % _FACET_BASE]]
    value //= _FACET_BASE
    while value:
        out.append(FACET_DIGITS[_FACET_BASE + value % _FACET_BASE])
        value //= _FACET_BASE
    return "".join(reversed(out))


def _compact(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def filter_files(site: Site) -> dict[str, str]:
    """`filter/facets.json` and the chunks `filter/papers-<k>.json`, `{uri: text}`.

    facets.json names each value once: `years` (newest first), `topics` ([id, name]) and
    `hardware` ([id, name, kind, parent]: kind an index into `kinds`, parent the index of the
    parent node in `hardware` or -1), and holds every paper, in the site's order, as a run of
    numbers in `data`, runs separated by a space. A paper's numbers, ascending, are its values:
    first the years (index into `years`), then one number for "has code", then the topics
    (vocabulary order), then the hardware nodes it is about directly (taxonomy order); the page
    adds their architectures and vendors from `parent`. Papers `k * chunk` to `k * chunk + chunk - 1`
    are `[slug, title]` pairs in papers-<k>.json, whose page is `url` with the slug for `%s`;
    `chunks` is a digest of them, which the page adds to their address so that a browser's
    cache never pairs an old chunk with a new facets.json.
    """
    hardware, topics = site.hardware, site.topics
    used = set().union(*(hardware.expand(site.paper_hardware[p.slug]) for p in site.papers))
    nodes = [node for node in hardware.nodes.values() if node.id in used]
    node_index = {node.id: i for i, node in enumerate(nodes)}
    topic_list = [t for t in topics.topics.values() if site.topic_papers.get(t.id)]
    years = sorted({p.year for p in site.papers if p.year}, reverse=True)
    year_index = {year: i for i, year in enumerate(years)}
    code = len(years)
    first_topic = code + 1
    topic_index = {t.id: first_topic + i for i, t in enumerate(topic_list)}
    first_node = first_topic + len(topic_list)

    runs = []
    for paper in site.papers:
        values = [year_index[paper.year]] if paper.year else []
        if paper.code:
            values.append(code)
        values += sorted(topic_index[t] for t in site.paper_topics[paper.slug])
        values += sorted(first_node + node_index[n] for n in site.paper_hardware[paper.slug])
        runs.append("".join(facet_number(v) for v in values))

    files = {}
    for k in range(0, len(site.papers), FILTER_CHUNK):
        files[f"filter/papers-{k // FILTER_CHUNK}.json"] = (
            "[\n" + ",\n".join(_json_line([p.slug, p.title]) for p in site.papers[k:k + FILTER_CHUNK]) + "\n]\n")
    digest = hashlib.sha256("".join(files.values()).encode()).hexdigest()[:12]
    files["filter/facets.json"] = _compact({
        "version": FACETS_VERSION,
        "count": len(site.papers),
        "chunk": FILTER_CHUNK,
        "chunks": digest,
        "url": "../papers/%s/",
        "digits": FACET_DIGITS,
        "years": years,
        "topics": [[t.id, t.name] for t in topic_list],
        "kinds": list(FACET_KINDS),
        "hardware": [[n.id, n.name, FACET_KINDS.index(n.kind),
                      node_index[n.parent] if n.parent is not None else -1] for n in nodes],
        "data": " ".join(runs),
    })
    return files


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
        for topic_id in site.paper_topics[paper.slug]:
            sub(entry, "category", term=topic_id, label=site.topics.topics[topic_id].name)
        sub(entry, "summary", paper.abstract, type="text")
    ET.indent(feed)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(feed, encoding="unicode") + "\n"


# ---------------------------------------------------------------------------- BibTeX

# BibTeX counts every brace, even after a backslash: `\{` opens a group to BibTeX while
# LaTeX prints a brace. So a brace in the text is written as a group of its own,
# `{\textbraceleft}`, which BibTeX sees balanced and LaTeX prints as the brace.
_BIBTEX_SPECIAL = {
    "\\": r"\textbackslash{}", "{": r"{\textbraceleft}", "}": r"{\textbraceright}", "%": r"\%", "&": r"\&",
    "$": r"\$", "#": r"\#", "_": r"\_", "^": r"\^{}", "~": r"\~{}",
}
_BIBTEX_RE = re.compile("|".join(re.escape(c) for c in _BIBTEX_SPECIAL))
# In a URL: braces, backslashes, whitespace, control characters and a `%` that does not
# start a `%xx` escape; each is percent-encoded (UTF-8), which leaves the URL's meaning.
_URL_UNSAFE = re.compile(r"[{}\\\s\x00-\x1f\x7f-\x9f]|%(?![0-9A-Fa-f]{2})")


def bibtex_escape(text: str) -> str:
    """Text as a BibTeX field value shows it: specials escaped, every brace balanced as
    BibTeX counts them, so no value can end its entry early or start another."""
    return _BIBTEX_RE.sub(lambda m: _BIBTEX_SPECIAL[m.group(0)], " ".join(text.split()))


def bibtex_url(url: str) -> str:
    """A URL (or arXiv id) as a BibTeX field value: the characters that could unbalance it
    or break it in LaTeX's `\\url` percent-encoded; an existing `%xx` is kept."""
    return _URL_UNSAFE.sub(lambda m: quote(m.group(0), safe=""), url)


_NOT_ASCII_WORD = re.compile(r"[^a-z0-9]")
_TITLE_WORD_BREAK = re.compile(r"[\s:\-–—/]+")


def _ascii_word(text: str) -> str:
    return _NOT_ASCII_WORD.sub("", unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower())


_SKIP_WORDS = {"a", "an", "the", "on", "of", "for", "to", "in", "and", "with", "towards", "toward"}


def base_key(paper: Paper) -> str:
    """`lastnameYEARword`, ASCII: li2024snapkv; `anon` when no author is known."""
    author = _ascii_word(paper.authors[0].split()[-1]) if paper.authors else ""
    words = (_ascii_word(w) for w in _TITLE_WORD_BREAK.split(paper.title))
    word = next((w for w in words if w and w not in _SKIP_WORDS), "paper")
    return f"{author or 'anon'}{paper.year or ''}{word}"


def bibtex_keys(site: Site) -> dict[str, str]:
    """slug -> a key unique in the list. On a clash the paper added later gets a, b, ... so
    the keys of papers already listed never change."""
    keys: dict[str, str] = {}
    taken: set[str] = set()
    order = sorted(site.papers, key=lambda p: (p.added.toordinal() if p.added else 0, p.slug))
    for paper in order:
        base = key = base_key(paper)
        suffix = 0
        while key in taken:
            key = base + "abcdefghijklmnopqrstuvwxyz"[suffix % 26] * (suffix // 26 + 1)
            suffix += 1
        taken.add(key)
        keys[paper.slug] = key
    return keys


def bibtex_entry(paper: Paper, key: str | None = None) -> str:
    """One entry: @misc in arXiv's style (eprint, archivePrefix) when the arXiv id is known."""
    fields: list[tuple[str, str]] = [("title", "{" + bibtex_escape(paper.title) + "}")]
    if paper.authors:
        fields.append(("author", " and ".join(bibtex_escape(a) for a in paper.authors)))
    if paper.year:
        fields.append(("year", str(paper.year)))
    if paper.published:
        fields.append(("month", str(paper.published.month)))
    if paper.arxiv:
        fields += [("eprint", bibtex_url(paper.arxiv)), ("archivePrefix", "arXiv"),
                   ("url", bibtex_url(paper.arxiv_url))]
    elif paper.project or paper.code:
        fields.append(("url", bibtex_url(paper.project or paper.code)))
    if paper.venue:
        fields.append(("note", bibtex_escape(paper.venue)))
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
    return f"@misc{{{key or base_key(paper)},\n{body}\n}}\n"


def bibtex_all(site: Site, entries: dict[str, str] | None = None) -> str:
    """Every paper, in the site's order (newest first); `entries` are slug -> `bibtex_entry`
    when the caller has them already."""
    if entries is None:
        keys = bibtex_keys(site)
        entries = {p.slug: bibtex_entry(p, keys[p.slug]) for p in site.papers}
    return "\n".join(entries[p.slug] for p in site.papers)


# ---------------------------------------------------------------------------- files


def render_files(site: Site, site_url: str | None = None) -> dict[str, str]:
    """The non-page files of the site, `{uri: text}`: added as static files next to the pages."""
    keys = bibtex_keys(site)
    entries = {paper.slug: bibtex_entry(paper, keys[paper.slug]) for paper in site.papers}
    files = {
        "papers.json": papers_json(site, keys),
        "papers.schema.json": papers_schema_json(),
        "feed.xml": atom_feed(site, site_url),
        "papers.bib": bibtex_all(site, entries),
    }
    for slug, entry in entries.items():
        files[f"bib/{slug}.bib"] = entry
    files.update(filter_files(site))
    return dict(sorted(files.items()))


# ---------------------------------------------------------------------------- timeline


def device_spans(site: Site) -> list[tuple[Any, int | None, int | None, int]]:
    """[(device node, first year, last year, paper count)] for devices with papers, taxonomy order.

    A device's span is the min..max year of its papers (published, else arXiv year);
    undated papers count but do not widen the span.
    """
    rows = []
    for node in site.hardware.nodes.values():
        listed = site.node_papers.get(node.id)
        if node.kind != "device" or not listed:
            continue
        years = [p.year for p in listed if p.year]
        rows.append((node, min(years) if years else None, max(years) if years else None, len(listed)))
    return rows


def schema_rows() -> list[tuple[str, str, str]]:
    """(field, JSON type, meaning) for each paper field, for the "Data and exports" page."""
    rows = []
    for name, (schema, text) in PAPER_FIELDS.items():
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        shown = " or ".join("list of strings" if k == "array" else k for k in kinds)
        rows.append((name, shown, text))
    return rows
