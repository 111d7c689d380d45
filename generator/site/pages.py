"""Listing pages split into pages of at most PAGE_SIZE rows: their URLs, their pager, and
the rows of every results table as one JSON file, so that sorting sorts all of them.

Page 1 of a listing keeps its URL; page N of `papers/index.md` is `papers/page/N.md`, and
of `hardware/a100.md` it is `hardware/a100/page/N.md`: served at `papers/page/N/` and
`hardware/a100/page/N/`. A page lists rows [start, stop) of each of its lists; a
hardware page's papers and results are split alike, so it has as many pages as the
longer of the two needs.

Also what each page tells search engines and reference managers: its date for the
sitemap (`page_dates`), a paper's citation metadata (`paper_metadata`) and robots.txt.
"""

from __future__ import annotations

import datetime as dt
import json
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from markupsafe import Markup, escape

from ..content.model import Paper
from ..derive.facts import Site, all_results, node_results
from .records import HARDWARE, PAPER, TOPIC, PageRecord

# Rows a listing page shows: enough to scan, few enough that the largest listing page (a
# device page, its papers with their sentences and results) stays light on a long list.
PAGE_SIZE = 100
# Page numbers the pager shows on each side of the current one, besides the first and last.
PAGER_AROUND = 2
# The rows of every results table, for sorting them whole (`results_json`).
RESULTS_JSON = "results/rows.json"
YEARS_URI = "years/index.md"

T = TypeVar("T")


@dataclass(frozen=True)
class Page:
    """Page `number` of `count` of the listing whose first page is `first_uri`."""

    first_uri: str
    number: int
    count: int
    size: int

    @property
    def uri(self) -> str:
        return page_uri(self.first_uri, self.number)

    @property
    def start(self) -> int:
        return (self.number - 1) * self.size

    def rows(self, items: Sequence[T]) -> Sequence[T]:
        """This page's share of `items`: empty when the list ends on an earlier page."""
        return items[self.start:self.start + self.size]


def page_count(total: int, size: int) -> int:
    """Pages for `total` rows: at least one, which may be empty."""
    return max(1, -(-total // size))


def split(first_uri: str, total: int, size: int) -> list[Page]:
    """The pages of a listing of `total` rows."""
    count = page_count(total, size)
    return [Page(first_uri, number, count, size) for number in range(1, count + 1)]


def page_uri(first_uri: str, number: int) -> str:
    """`papers/index.md`, 3 -> `papers/page/3.md`; `hardware/a100.md`, 3 -> `hardware/a100/page/3.md`."""
    if number == 1:
        return first_uri
    return f"{served_dir(first_uri)}/page/{number}.md".lstrip("/")


def served_dir(uri: str) -> str:
    """The folder a page is served from (directory URLs): `hardware/a100.md` -> `hardware/a100`,
    `papers/index.md` -> `papers`, `index.md` -> ``."""
    if uri == "index.md" or uri.endswith("/index.md"):
        return posixpath.dirname(uri)
    return uri.removesuffix(".md")


def pager_numbers(number: int, count: int, around: int = PAGER_AROUND) -> list[int | None]:
    """The page numbers a pager shows: the first, the last and `around` on each side of
    `number`; None where numbers are left out (a gap of one number is shown as the number)."""
    shown = sorted({1, count, *range(max(1, number - around), min(count, number + around) + 1)})
    out: list[int | None] = []
    for value in shown:
        if out and value - out[-1] == 2:
            out.append(value - 1)
        elif out and value - out[-1] > 2:
            out.append(None)
        out.append(value)
    return out


def pager(page: Page, href: Callable[[str], str], label: str = "Pages") -> Markup:
    """Previous, numbered and next links to the listing's other pages, as an HTML <nav>
    (empty for a listing of one page). `href(uri)` is a page's relative link from this one;
    `label` names the navigation landmark, unique on the page."""
    if page.count == 1:
        return Markup("")

    def item(text: str, number: int, attrs: str) -> str:
        return f'<li><a {attrs} href="{escape(href(page_uri(page.first_uri, number)))}">{text}</a></li>'

    items = []
    if page.number > 1:
        items.append(item("Previous", page.number - 1, 'rel="prev" aria-label="Previous page"'))
    for number in pager_numbers(page.number, page.count):
        if number is None:
            items.append('<li><span class="pager-gap">…</span></li>')
        else:
            current = ' aria-current="page"' if number == page.number else ""
            items.append(item(str(number), number, f'aria-label="Page {number}"{current}'))
    if page.number < page.count:
        items.append(item("Next", page.number + 1, 'rel="next" aria-label="Next page"'))
    return Markup("\n".join([f'<nav class="pager" aria-label="{escape(label)}">', "<ul>", *items, "</ul>", "</nav>"]))


def year_anchor(year: int | None) -> str:
    """The id of a year's heading on years/: `year-2024`, `year-undated`."""
    return f"year-{year or 'undated'}"


def year_rows(years: dict[Any, list]) -> tuple[list[tuple[Any, Any]], dict[Any, int]]:
    """(year, paper) of every paper of `years` (`site.papers_by_year`), in order, and the
    row where each year begins."""
    flat = [(year, paper) for year, listed in years.items() for paper in listed]
    first_of_year: dict[Any, int] = {}
    for index, (year, _) in enumerate(flat):
        first_of_year.setdefault(year, index)
    return flat, first_of_year


def year_link(first_of_year: dict[Any, int], year: int | None, size: int) -> str:
    """The page of years/ where `year` begins, at its heading."""
    return f"{page_uri(YEARS_URI, first_of_year[year] // size + 1)}#{year_anchor(year)}"


def years_on_page(page: Page, flat: Sequence[tuple[Any, Any]], first_of_year: dict[Any, int]) -> list[tuple]:
    """(year, its papers on this page, whether the year began on an earlier row) for the
    rows of `flat` [(year, paper)] that `page` shows, in order."""
    groups: list[tuple[Any, list, bool]] = []
    for index, (year, paper) in enumerate(page.rows(flat), start=page.start):
        if not groups or groups[-1][0] != year:
            groups.append((year, [], first_of_year[year] < index))
        groups[-1][1].append(paper)
    return groups



def results_json(site: Site, size: int, last: LastMade | None = None) -> str:
    """Every row of the results tables, for sorting them whole in the browser (sortable.js).

    `rows`: [value or null, value as shown, kind, baseline, device (an index into
    `devices`, or -1), paper (an index into `papers`), unit], in the order of results/
    (sorting by the Result column groups rows by kind and unit, and compares the values
    within a group);
    `devices`: [label (`Hardware.label`), path of its page from the site's root, or ""]; `papers`:
    [slug, title]; `nodes`: for each hardware page whose results span several pages,
    the indexes of its rows in its own order. Text is as written: the script shows it
    as text.
    """
    # What the rows are made from: under `mkdocs serve` a saved note leaves it as it was, and
    # `last` (a build state's) keeps the rows.
    made_from = (tuple((p.slug, p.title, site.facts[p.slug].hardware, site.facts[p.slug].results)
                       for p in site.papers), size, site.hardware.nodes)
    return (last if last is not None else LastMade()).get(made_from, lambda: _results_json(site, size))


class LastMade:
    """A value and what it was made from, kept between builds: made again only when that
    changes (a build state keeps one for the results' rows, one for the filter's files)."""

    def __init__(self) -> None:
        self.made_from: Any = None
        self.value: Any = None

    def get(self, made_from: Any, make: Callable[[], Any]) -> Any:
        if self.value is None or self.made_from != made_from:
            self.made_from, self.value = made_from, make()
        return self.value


def _results_json(site: Site, size: int) -> str:
    hardware = site.hardware
    papers: dict[str, int] = {}
    devices: dict[str, int] = {}
    device_rows: list[list[str]] = []
    rows = []
    first_row: dict[str, int] = {}
    for paper, result in all_results(site):
        first_row.setdefault(paper.slug, len(rows))
        device = -1
        if result.device in hardware.nodes:
            if result.device not in devices:
                devices[result.device] = len(device_rows)
                linked = bool(site.node_papers.get(result.device))
                device_rows.append([hardware.label(result.device),
                                    f"hardware/{result.device}/" if linked else ""])
            device = devices[result.device]
        paper_index = papers.setdefault(paper.slug, len(papers))
        claim = result.claim.text if result.claim else result.shown
        number = list(result.claim.number) if result.claim else [0, len(claim)]
        rows.append([result.value, result.shown, result.kind, claim, device, paper_index, result.unit, *number])
    by_slug = site.by_slug
    nodes = {}
    for node_id in hardware.nodes:
        # Papers' results bound the node's rows: most nodes need no look at them.
        if sum(len(site.facts[p.slug].results) for p in site.node_papers.get(node_id, ())) <= size:
            continue
        found = _node_row_indexes(site, node_id, first_row)
        if len(found) > size:
            nodes[node_id] = found
    data = {"papers": [[slug, by_slug[slug].title] for slug in papers], "devices": device_rows,
            "rows": rows, "nodes": nodes}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _node_row_indexes(site: Site, node_id: str, first_row: dict[str, int]) -> list[int]:
    """The rows of `node_id`'s results table (`node_results`), as indexes into all the rows."""
    out, next_at = [], {}
    for paper, result in node_results(site, node_id):
        listed = site.facts[paper.slug].results
        at = listed.index(result, next_at.get(paper.slug, 0))  # in order; equal results alike
        next_at[paper.slug] = at + 1
        out.append(first_row[paper.slug] + at)
    return out


# ---------------------------------------------------------------------------- for the web

ROBOTS_TXT = "robots.txt"


def paper_date(paper: Paper) -> dt.date | None:
    """The most recent date the content has for a paper: when it was published or added."""
    dates = [date for date in (paper.published, paper.added) if date]
    return max(dates) if dates else None


def page_dates(site: Site, records: Iterable[PageRecord]) -> dict[str, str]:
    """Each page's date for the sitemap's <lastmod>, YYYY-MM-DD ("" when none is known), from
    content alone, never the build's clock. A paper's page has the paper's date (`paper_date`);
    every page of a hardware or topic listing the newest of the listing's papers (a paper added
    to a listing moves rows across all its pages); the other pages, which list or count every
    paper, the newest of all."""
    dated = {paper.slug: paper_date(paper) for paper in site.papers}

    def newest(papers: Iterable[Paper]) -> str:
        dates = [dated[paper.slug] for paper in papers if dated[paper.slug]]
        return max(dates).isoformat() if dates else ""

    listings = {HARDWARE: site.node_papers, TOPIC: site.topic_papers}
    everything = newest(site.papers)
    found: dict[tuple[str, str], str] = {}
    out = {}
    for record in records:
        kind, subject = record.kind, record.subject
        if kind == PAPER and subject in dated:
            out[record.uri] = dated[subject].isoformat() if dated[subject] else ""
        elif kind in listings and listings[kind].get(subject):
            if (kind, subject) not in found:
                found[kind, subject] = newest(listings[kind][subject])
            out[record.uri] = found[kind, subject]
        else:
            out[record.uri] = everything
    return out


def robots_txt(site_url: str | None) -> str:
    """robots.txt: every page may be crawled; with a site URL, where the sitemap is (a Sitemap
    line must be an absolute URL, so without one there is none)."""
    lines = ["User-agent: *", "Allow: /"]
    if site_url:
        lines.append(f"Sitemap: {site_url.rstrip('/')}/sitemap.xml")
    return "\n".join(lines) + "\n"


# A venue is a journal when its name says so, or is a journal's usual abbreviation (IEEE TPDS,
# ACM TACO, PVLDB, JMLR); any other venue is taken for a conference.
_JOURNAL = re.compile(r"\b(journal|transactions|letters|magazine|(IEEE|ACM) T[A-Z]{2,6}|PVLDB|JMLR|TMLR)\b", re.I)


def is_journal(venue: str) -> bool:
    return _JOURNAL.search(venue) is not None


def paper_metadata(paper: Paper, summary: str, url: str | None = None) -> dict[str, Any]:
    """What reference managers (Zotero) and scholarly search engines (Google Scholar) read on
    a paper's page, as its front matter carries it to site_templates/overrides/main.html:
    `citation`, Highwire Press tags as [name, content] pairs, and `jsonld`, a schema.org
    ScholarlyArticle. `summary` is the abstract's first sentence, `url` the page's absolute
    URL (with a site URL). Text is as written: the template escapes it, once."""
    citation = [["citation_title", paper.title]]
    citation += [["citation_author", author] for author in paper.authors]
    article: dict[str, Any] = {"@context": "https://schema.org", "@type": "ScholarlyArticle",
                               "name": paper.title, "headline": paper.title}
    if paper.authors:
        article["author"] = [{"@type": "Person", "name": author} for author in paper.authors]
    if paper.published or paper.year:
        citation.append(["citation_publication_date",
                         paper.published.strftime("%Y/%m/%d") if paper.published else str(paper.year)])
        article["datePublished"] = paper.published.isoformat() if paper.published else str(paper.year)
    if paper.venue and is_journal(paper.venue):
        citation.append(["citation_journal_title", paper.venue])
        article["isPartOf"] = {"@type": "Periodical", "name": paper.venue}
    elif paper.venue:
        citation.append(["citation_conference_title", paper.venue])
        article["publication"] = {"@type": "PublicationEvent", "name": paper.venue}
    if paper.arxiv:
        citation += [["citation_arxiv_id", paper.arxiv], ["citation_pdf_url", paper.pdf_url],
                     ["citation_abstract_html_url", paper.arxiv_url]]
        article["identifier"] = {"@type": "PropertyValue", "propertyID": "arXiv", "value": paper.arxiv}
        article["sameAs"] = paper.arxiv_url
    if url:
        article["url"] = url
    if summary:
        article["description"] = summary
    return {"citation": citation, "jsonld": article}
