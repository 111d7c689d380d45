"""The filter page's files: filter/facets.json and its title chunks filter/papers-<k>.json.

The filter page (filter/, javascripts/filter.js) never loads papers.json: it reads
filter/facets.json, every paper's facet values as a few characters, and for the rows it
shows the titles in filter/papers-<k>.json, FILTER_CHUNK papers each.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..derive.facts import Site
from .pages import LastMade

FACETS_VERSION = 1
# A filter whose matches are rare needs a chunk for nearly every row it shows (50 at first):
# small chunks keep what it loads small even on a long list.
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


def filter_files(site: Site, last: LastMade | None = None) -> dict[str, str]:
    """`filter/facets.json` and the chunks `filter/papers-<k>.json`, `{uri: text}`.

    facets.json names each value once: `years` (newest first), `topics` ([id, name]) and
    `hardware` ([id, label, kind, parent]: kind an index into `kinds`, parent the index of the
    parent node in `hardware` or -1), and holds every paper, in the site's order, as a run of
    numbers in `data`, runs separated by a space. A paper's numbers, ascending, are its values:
    first the years (index into `years`), then one number for "has code", then the topics
    (vocabulary order), then the hardware nodes it is about directly (taxonomy order); the page
    adds their architectures and vendors from `parent`. Papers `k * chunk` to `k * chunk + chunk - 1`
    are `[slug, title]` pairs in papers-<k>.json, whose page is `url` with the slug for `%s`;
    `chunks` is a digest of them, which the page adds to their address so that a browser's
    cache never pairs an old chunk with a new facets.json.
    """
    # What the files are made from: under `mkdocs serve` a saved note leaves it as it was, and
    # `last` (a build state's) keeps the files.
    made_from = (tuple((p.slug, p.title, p.year, bool(p.code), site.facts[p.slug].hardware, site.facts[p.slug].topics)
                       for p in site.papers), site.hardware.nodes, site.topics.topics)
    return dict((last if last is not None else LastMade()).get(made_from, lambda: _filter_files(site)))


def _filter_files(site: Site) -> dict[str, str]:
    hardware, topics = site.hardware, site.topics
    used = set().union(*(hardware.expand(site.facts[p.slug].hardware) for p in site.papers))
    # A family (Jetson) is no facet: its members are, and a paper naming only the family is its vendor's.
    nodes = [node for node in hardware.nodes.values() if node.id in used and node.kind in FACET_KINDS]
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
        values += sorted(topic_index[t] for t in site.facts[paper.slug].topics)
        values += sorted({first_node + node_index[n if hardware.nodes[n].kind in FACET_KINDS else hardware.nodes[n].parent]
                          for n in site.facts[paper.slug].hardware})
        runs.append("".join(facet_number(v) for v in values))

    files = {}
    for k in range(0, len(site.papers), FILTER_CHUNK):
        files[f"filter/papers-{k // FILTER_CHUNK}.json"] = (
            "[\n" + ",\n".join(json.dumps([p.slug, p.title], ensure_ascii=False) for p in site.papers[k:k + FILTER_CHUNK]) + "\n]\n")
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
        # Each node by the label every table shows ("A100", "RTX 4090"), as the hardware pages name it.
        "hardware": [[n.id, hardware.label(n.id), FACET_KINDS.index(n.kind),
                      node_index[n.parent] if n.parent is not None else -1] for n in nodes],
        "data": " ".join(runs),
    })
    return files
