"""Site -> `{src uri: Markdown}`, through the Jinja2 templates in site_templates/.

A generated page is Markdown only where MkDocs needs it (front matter, and the
section headings that make the table of contents); its body is HTML, which
Python-Markdown passes through untouched. Jinja2 escapes every text from content
once, as HTML (autoescaping); markup built here is marked safe with `Markup`.
Links in raw HTML are not rewritten by MkDocs, so they are written as the
served pages' relative URLs (`url_between`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from operator import attrgetter
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined
from jinja2.bccache import Bucket
from markupsafe import Markup

from . import exports, pages
from .row_filters import site_filters
from .devices import card_has_throughput, child_groups, device_card, hardware_tree
from .markup import (abstract_with_links, after_first_sentence, description, first_sentence, front_matter,
                     hardware_uri, html_text, link, markdown_text, one_line, paper_uri, paragraphs, reading_path_uri,
                     safe_href, served_url, topic_link, topic_uri, url, url_between, versus_uri)
from ..content.hardware import HardwareNode
from ..content.topics import Topic
from ..content.model import Paper
from .page_keys import ShownRows
from .pages import Page
from .path_pages import paths_index_page, reading_path_page, step_places
from .records import HARDWARE, LIST, PAPER, PATH, TOPIC, VERSUS, PageRecord
from ..derive.kinds import KINDS
from ..derive.workers import map_in_workers
from ..derive.facts import PaperFacts, Site, all_results, device_spans, evidence_for, node_results, papers_by_year

RECENT_COUNT = 10
RECENT_URI = "recent/index.md"


class CompiledTemplates(BytecodeCache):
    """Compiled templates, kept between builds (a build state holds one): under `mkdocs serve`
    each build makes its own environment (its filters look up that build's site), and
    compiling the templates again is most of a preview's rendering. A changed template's
    checksum differs: it is compiled anew."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


def make_environment(templates_dir: Path | str, site: Site, issues_url: str | None = None,
                     compiled: CompiledTemplates | None = None) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates_dir)),
        bytecode_cache=compiled if compiled is not None else CompiledTemplates(),
        undefined=StrictUndefined,
        autoescape=True,
        finalize=lambda value: value if isinstance(value, Markup) or not isinstance(value, str) else one_line(value),
        auto_reload=False,  # each build makes its own environment: no template changes under it
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters.update(href=safe_href, first_sentence=first_sentence, after_first_sentence=after_first_sentence,
                       description=description, html_text=html_text, markdown_text=markdown_text,
                       paragraphs=paragraphs, topic_link=topic_link, hardware_label=site.hardware.label,
                       **site_filters(site, issues_url))
    env.globals.update(link=link, url=url, paper_uri=paper_uri, hardware_uri=hardware_uri, topic_uri=topic_uri,
                       versus_uri=versus_uri, reading_path_uri=reading_path_uri,
                       front_matter=front_matter, rows_json_url=rows_json_url)
    return env


def rows_json_url(page_uri: str) -> str:
    """The URL of the results' rows (`pages.results_json`) from a page, by way of the site's
    root: sortable.js finds the root (for the rows' links) by taking RESULTS_JSON off its end."""
    return url_between(page_uri, "index.md") + pages.RESULTS_JSON


# ---------------------------------------------------------------------------- pages


@dataclass(frozen=True)
class Templates:
    """What every page function needs: the site, the Jinja environment made for it, the rows
    a listing page shows, which pages to render (`wanted`) and the site's URL, if known."""

    site: Site
    env: Environment
    page_size: int
    # (uri, key) -> whether to render the page, `key` being what it shows (compared with ==):
    # `mkdocs serve` renders again only the pages whose key changed (preview.py). None: every page.
    wanted: Callable[[str, Any], bool] | None = None
    site_url: str | None = None

    def shown(self, rows: Sequence[Any]) -> ShownRows:
        """Rows that hold papers (papers, or tuples with papers), as a page's key holds them:
        equal to another build's when they show the same of each paper (`page_keys`)."""
        return ShownRows(rows, self.site.facts)

    def render(self, template: str, page_uri: str, **context: Any) -> str:
        return self.env.get_template(template).render(page_uri=page_uri, site=self.site, **context)

    def listing(self, template: str, first_uri: str, lists: tuple[Sequence[Any], ...], key: Any = None,
                first_key: Any = None, **context: Any) -> list[tuple[str, str | None]]:
        """The pages of a listing of `lists` (as many pages as the longest needs): each
        gets `page` (a `pages.Page`: its `rows(items)` are the page's share of a list) and
        `pager(label)`, the links to the others. A page's key is what its share of each list
        shows (`page_keys.row_shown`), its place, `key` (what every page shows besides its
        rows) and, on page 1, `first_key` (what only page 1 shows: summaries, cards, lists
        that are not split)."""
        out = []
        lengths = tuple(map(len, lists))
        for page in pages.split(first_uri, max(lengths), self.page_size):
            if self.wanted is not None:
                rows = tuple(self.shown(page.rows(items)) for items in lists)
                if not self.wanted(page.uri, (key, first_key if page.number == 1 else None, page.number, page.count,
                                              lengths, rows)):
                    out.append((page.uri, None))
                    continue
            out.append((page.uri, self.render(template, page.uri, page=page, pager=_pager(page), **context)))
        return out


def _pager(page: Page) -> Any:
    return lambda label="Pages": pages.pager(page, lambda uri: url_between(page.uri, uri), label)


# A paper page shows all of its facts but its related papers' scores; of a related paper, what
# it shares (a `Related` but its score); its previous and next steps in the reading paths.
_OWN_SHOWN = attrgetter(*(f.name for f in fields(PaperFacts) if f.name != "related"))
_RELATED_SHOWN = attrgetter("slug", "shared_hardware", "shared_topics")
_SLUG, _TARGET = attrgetter("slug"), attrgetter("target")


def paper_page(t: Templates, paper: Paper) -> list[tuple[str, str | None]]:
    site, uri = t.site, paper_uri(paper.slug)
    facts, by_slug = site.facts[paper.slug], site.by_slug
    steps = step_places(site, paper.slug)  # the reading paths it is a step of
    if t.wanted is not None:
        # What the page shows: its facts (an unchanged paper's are the same objects), what it
        # shows of the papers it names (as a listing's row does), and of each related paper
        # what the page says of it (not its score, which a new abstract anywhere moves a
        # little). Hardware it only mentions is linked when that hardware has a page; of its
        # reading paths, it shows no commentary. Mapped in C: every paper page has a key.
        named = [*map(_SLUG, facts.related), *map(_TARGET, facts.mentions), *facts.mentioned_by]
        key = (_OWN_SHOWN(facts), tuple(map(_RELATED_SHOWN, facts.related)),
               t.shown(list(map(by_slug.__getitem__, named))),
               tuple(map(bool, map(site.node_papers.get, facts.mentioned_hardware))),
               t.shown([(s.reading_path.name, s.reading_path.title, *s[1:]) for s in steps]))
        if not t.wanted(uri, key):
            return [(uri, None)]
    summary = first_sentence(paper.abstract)
    page_url = t.site_url.rstrip("/") + "/" + served_url(uri) if t.site_url else None
    return [(uri, t.render(
        "paper.md.j2", uri,
        paper=paper,
        description=description(summary),
        metadata=pages.paper_metadata(paper, summary, page_url),
        results=facts.results,
        hardware_nodes=[site.hardware.nodes[i] for i in site.hardware.most_specific(facts.hardware)],
        mentioned_nodes=[site.hardware.nodes[i] for i in facts.mentioned_hardware],
        topic_list=[site.topics.topics[i] for i in facts.topics],
        abstract=abstract_with_links(paper, facts.mentions, uri),
        related=[(by_slug[r.slug], r, [site.hardware.label(h) for h in r.shared_hardware],
                  [site.topics.topics[i].name for i in r.shared_topics]) for r in facts.related],
        mentioned_by=[by_slug[s] for s in facts.mentioned_by],
        steps=steps,
    ))]


def _pages_of(job: tuple, t: Templates) -> list[tuple[str, str | None]]:
    _, _, make, arguments = job
    return make(t, *arguments)


def hardware_pages(t: Templates, node: HardwareNode) -> list[tuple[str, str | None]]:
    """A hardware node's pages: its papers first, then the results measured on it."""
    site, hardware = t.site, t.site.hardware
    listed = site.node_papers[node.id]
    # Device pages quote the sentence naming the device; pages above list the devices.
    entries = [(p, evidence_for(site, p, node.id)) for p in listed] if node.kind == "device" else listed
    results = node_results(site, node.id)
    compared = site.node_compared.get(node.id, []) if node.kind == "device" else []
    versus = [hardware.nodes[other] for other in site.node_versus.get(node.id, ())]
    groups = child_groups(site, node)
    card = device_card(site, node, hardware_uri(node.id))
    # The spellings of its name that titles and abstracts use (of the aliases, those found).
    spellings = site.node_spellings.get(node.id, [])
    mentioned = site.node_mentions.get(node.id, ())  # papers that only name it: folded, without results
    return t.listing("hardware.md.j2", hardware_uri(node.id), (entries, results, compared), node,
                     (groups, spellings, t.shown(mentioned), versus, tuple(card), hardware.held_by(node.id)),
                     node=node, trail=hardware.path(node.id)[:-1], groups=groups, card=card,
                     card_dense=card_has_throughput(node), entries=entries, results=results,
                     spellings=spellings, mentioned=mentioned, compared=compared, versus=versus)


def versus_pages(t: Templates, a: str, b: str) -> list[tuple[str, str | None]]:
    """The page of a pair of devices a paper compares or measures both of ("H100 vs A100"),
    its lists split over pages of `page_size` rows as other listings are."""
    site, nodes, rows = t.site, t.site.hardware.nodes, t.site.versus[a, b]
    direct = [(p, r) for p, r in rows if r.baseline_device in (a, b)]
    side_by_side = [(p, r) for p, r in rows if r.baseline_device not in (a, b)]
    papers = [site.by_slug[slug] for slug in dict.fromkeys(p.slug for p, _ in rows)]
    return t.listing("versus.md.j2", versus_uri(a, b), (direct, side_by_side, papers), (nodes[a], nodes[b]),
                     first=nodes[a], second=nodes[b], direct=direct, side_by_side=side_by_side, papers=papers)


def topic_pages(t: Templates, topic: Topic) -> list[tuple[str, str | None]]:
    listed = t.site.topic_papers[topic.id]
    return t.listing("topic.md.j2", topic_uri(topic.id), (listed,), topic, topic=topic, listed=listed)


def by_date_added(papers: Sequence[Paper]) -> list[Paper]:
    """Newest added first; sorted() is stable: papers added the same day keep the site's order."""
    return sorted(papers, key=lambda p: -(p.added.toordinal() if p.added else 0))


def recent_pages(t: Templates) -> list[tuple[str, str | None]]:
    """Every paper by the date it was added, newest first, on pages of its own (`recent/`):
    the home page shows the first RECENT_COUNT and links here when there are more."""
    listed = by_date_added(t.site.papers)
    return t.listing("recent.md.j2", RECENT_URI, (listed,), listed=listed)


def home_page(t: Templates) -> list[tuple[str, str | None]]:
    site, hardware = t.site, t.site.hardware
    recent = by_date_added(site.papers)[:RECENT_COUNT]
    years = papers_by_year(site.papers)
    return [("index.md", t.render(
        "home.md.j2", "index.md",
        recent=recent,
        more_recent=(RECENT_URI, len(site.papers)) if len(site.papers) > RECENT_COUNT else None,
        years=years,
        year_links=_year_links(years, t.page_size),
        vendor_rows=[(v, len(site.node_papers[v.id])) for v in hardware.vendors() if site.node_papers.get(v.id)],
        device_total=sum(1 for n in hardware.nodes.values()
                         if n.kind == "device" and not hardware.is_system(n.id) and site.node_papers.get(n.id)),
        topic_total=sum(1 for i in site.topics.topics if site.topic_papers.get(i)),
    ))]


def _year_links(years: dict, page_size: int) -> dict:
    """Each year -> the link to the page of years/ where it begins."""
    first_of_year = pages.year_rows(years)[1]
    return {year: pages.year_link(first_of_year, year, page_size) for year in years}


def hardware_index_page(t: Templates) -> list[tuple[str, str | None]]:
    hardware = t.site.hardware  # servers are systems, not devices
    count = sum(1 for n in hardware.nodes.values() if n.kind == "device" and not hardware.is_system(n.id))
    return [("hardware/index.md", t.render("hardware_index.md.j2", "hardware/index.md", tree=hardware_tree(t.site),
                                           device_count=count))]


def topics_index_page(t: Templates) -> list[tuple[str, str | None]]:
    site = t.site
    rows = [(i, len(site.topic_papers[i.id])) for i in site.topics.topics.values() if site.topic_papers.get(i.id)]
    return [("topics/index.md", t.render("topics_index.md.j2", "topics/index.md", topic_rows=rows))]


def years_pages(t: Templates) -> list[tuple[str, str | None]]:
    # One list of (year, paper), split into pages; a year that goes on from the page
    # before is headed again, as continued.
    # Page 1 also says how many papers each year has, and how each device's papers span the years.
    years = papers_by_year(t.site.papers)
    flat, first_of_year = pages.year_rows(years)
    spans = device_spans(t.site)
    # Every page heads its years by where each begins (a year gone on from the page before is
    # "continued"); page 1 also shows the spans, and each year's count and page.
    return t.listing("years.md.j2", "years/index.md", (flat,), tuple(first_of_year.items()), spans, flat=flat,
                     first_of_year=first_of_year, years_on_page=pages.years_on_page, year_anchor=pages.year_anchor,
                     years=years, year_links=_year_links(years, t.page_size), spans=spans)


def papers_index_pages(t: Templates) -> list[tuple[str, str | None]]:
    return t.listing("papers_index.md.j2", "papers/index.md", (t.site.papers,))


def results_pages(t: Templates) -> list[tuple[str, str | None]]:
    site = t.site
    rows = all_results(site)
    paper_count = sum(1 for p in site.papers if site.facts[p.slug].results)
    return t.listing("results.md.j2", "results/index.md", (rows,), first_key=paper_count, rows=rows,
                     paper_count=paper_count)


def filter_page(t: Templates) -> list[tuple[str, str | None]]:
    return [("filter/index.md", t.render("filter.md.j2", "filter/index.md"))]


def data_page(t: Templates) -> list[tuple[str, str | None]]:
    return [("data.md", t.render("data.md.j2", "data.md", fields=exports.schema_rows(),
                                 version=exports.SCHEMA_VERSION, feed_count=exports.FEED_COUNT,
                                 result_kinds=KINDS))]


# The pages that are one of a kind, each made by its function.
INDEX_PAGES = (home_page, hardware_index_page, topics_index_page, years_pages, papers_index_pages,
               results_pages, filter_page, data_page, paths_index_page, recent_pages)


def render_pages(site: Site, templates_dir: Path | str, page_size: int | None = None,
                 wanted: Callable[[str, Any], bool] | None = None,
                 site_url: str | None = None, issues_url: str | None = None,
                 compiled: CompiledTemplates | None = None) -> dict[str, PageRecord]:
    """Every generated page, `{src uri: its record}`, sorted by URI; the same site always gives
    the same pages. Listings show `page_size` rows a page (default `pages.PAGE_SIZE`). With
    `wanted(uri, key)`, a page it does not want is not rendered: its record has no body. With
    `site_url`, a paper's metadata gives its page's absolute URL. With `issues_url` (the
    repository's new-issue form), each result links a report of a problem with it. `compiled`
    keeps the compiled templates between builds."""
    t = Templates(site, make_environment(templates_dir, site, issues_url, compiled), page_size or pages.PAGE_SIZE,
                  wanted, site_url or None)
    # Each page function with what it is called for, and the kind and subject of its pages.
    jobs = [(HARDWARE, node.id, hardware_pages, (node,)) for node in site.hardware.nodes.values()
            if site.node_papers.get(node.id)]
    jobs += [(TOPIC, topic.id, topic_pages, (topic,)) for topic in site.topics.topics.values()
             if site.topic_papers.get(topic.id)]
    jobs += [(VERSUS, f"{a}-vs-{b}", versus_pages, (a, b)) for a, b in site.versus]
    jobs += [(PATH, path.name, reading_path_page, (path,)) for path in site.reading_paths]
    jobs += [(LIST, None, index_page, ()) for index_page in INDEX_PAGES]
    jobs += [(PAPER, paper.slug, paper_page, (paper,)) for paper in site.papers]
    # A build that renders every page does so on every core, once what the pages read of the
    # site is worked out; a preview, which renders a few and records every page's key
    # (`wanted`), in its own process.
    site.work_out()
    made_by_job = map_in_workers(_pages_of, jobs, (t,), workers=None if wanted is None else 1)
    made = [PageRecord(uri, kind, subject, body) for (kind, subject, _, _), made_of in zip(jobs, made_by_job)
            for uri, body in made_of]
    return {record.uri: record for record in sorted(made, key=lambda record: record.uri)}

