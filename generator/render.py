"""Site -> `{src uri: markdown}`, through the Jinja2 templates in site_templates/.

Escaping is the default, not a habit: every `{{ ... }}` goes through
`escape_markdown`, which turns characters that HTML or Markdown would act on
into character references, so text from content always shows as text. Only
markup built here (links, front matter) is marked safe with `Markup`.
"""

from __future__ import annotations

import heapq
import html
import json
import posixpath
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context
from markupsafe import Markup

from . import exports, links, pages, workers
from .model import Paper, Problem, is_http_url
from .pages import Page
from .results import Result, all_results, node_results
from .site import Site, attach_links, derive_facts, evidence_for, load_content, papers_by_year

_MARKDOWN_ACTIVE_CHARS = "\\`*_{}[]()#+!|~^=:$<>&\"'"
# Each character to its character reference, one `str.replace` each (a C scan of the
# text, many times faster than `str.translate` to longer strings). "&" and "#" are
# in the references themselves, so they are replaced first and together.
_REPLACED_ONE_BY_ONE = tuple((c, f"&#{ord(c)};") for c in _MARKDOWN_ACTIVE_CHARS if c not in "&#")
_AMPERSAND_OR_HASH = re.compile("[&#]")
_AMPERSAND_OR_HASH_REFERENCE = {"&": "&#38;", "#": "&#35;"}
_LINE_START_LIST = re.compile(r"^(\s*)(\d+)\.", re.M)
_LINE_START_DASH = re.compile(r"^(\s*)-", re.M)
RECENT_COUNT = 10


def escape_markdown(value: Any) -> str:
    """Text that Markdown and HTML show literally. `Markup` values pass unchanged."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return ""
    # A title is escaped on every page that lists it: once per distinct text is enough.
    return _escape_text(value if type(value) is str else str(value))


@lru_cache(maxsize=1 << 16)
def _escape_text(text: str) -> str:
    if "&" in text or "#" in text:
        text = _AMPERSAND_OR_HASH.sub(lambda m: _AMPERSAND_OR_HASH_REFERENCE[m.group()], text)
    for char, reference in _REPLACED_ONE_BY_ONE:
        if char in text:
            text = text.replace(char, reference)
    # "1." at a line start would begin a list; "-" at a start, a bullet. Most texts are one
    # line that starts with a letter: nothing to look for.
    if "\n" not in text and not (text[:1].isspace() or text[:1].isdigit() or text[:1] == "-"):
        return text
    if "." in text:
        text = _LINE_START_LIST.sub(r"\1\2&#46;", text)
    if "-" in text:
        text = _LINE_START_DASH.sub(r"\1&#45;", text)
    return text


def safe_href(url: str) -> Markup:
    """An attribute-safe href for an http(s) URL from content; anything else is refused."""
    if not is_http_url(url):
        raise ValueError(f"refusing a non-http(s) URL {url!r}")
    return Markup(html.escape(url, quote=True))


def paper_uri(slug: str) -> str:
    return f"papers/{slug}.md"


def hardware_uri(node_id: str) -> str:
    return f"hardware/{node_id}.md"


def topic_uri(topic_id: str) -> str:
    return f"topics/{topic_id}.md"


def rows_json_url(page_uri: str) -> str:
    """The URL of the results' rows (`pages.results_json`) from a page, for its raw HTML."""
    return pages.root_from(page_uri) + pages.RESULTS_JSON


def relative(from_uri: str, to_uri: str) -> str:
    return _relative(posixpath.dirname(from_uri), to_uri)


@lru_cache(maxsize=1 << 16)
def _relative(from_dir: str, to_uri: str) -> str:
    """`posixpath.relpath(to_uri, from_dir or ".")`, computed on the strings alone.

    Generated URIs are plain relative paths ("papers/x.md"); `relpath` would
    look up the working directory for each of the tens of thousands of links.
    """
    parts, base = to_uri.split("/"), from_dir.split("/") if from_dir else []
    if to_uri.startswith("/") or from_dir.startswith("/") or {".", "..", ""} & {*parts, *base}:
        return posixpath.relpath(to_uri, from_dir or ".")
    common = 0
    while common < min(len(parts), len(base)) and parts[common] == base[common]:
        common += 1
    return "/".join([".."] * (len(base) - common) + parts[common:]) or "."


@pass_context
def link(context, text: Any, to_uri: str, css: str | None = None) -> Markup:
    """A Markdown link from the page being rendered to another generated page."""
    return link_from(context["page_dir"], text, to_uri, css)


@pass_context
def hardware_link(context, node: Any, css: str | None = None) -> Markup:
    """A link to a hardware node's page, its name as the text."""
    return link_from(context["page_dir"], node.name, hardware_uri(node.id), css)


@pass_context
def topic_link(context, topic: Any, css: str | None = None) -> Markup:
    """A link to a topic's page, its name as the text."""
    return link_from(context["page_dir"], topic.name, topic_uri(topic.id), css)


def link_from(page_dir: str, text: Any, to_uri: str, css: str | None = None) -> Markup:
    """A Markdown link from a page in the folder `page_dir` to another generated page."""
    attrs = f"{{ .{css} }}" if css else ""
    return Markup(f"[{escape_markdown(text)}]({_relative(page_dir, to_uri)}){attrs}")


# What a YAML reader refuses in a stream (and NEL, LS and PS, which it reads as line
# breaks, folding them away inside a quoted string): written as \u escapes instead.
_NOT_PLAIN_IN_YAML = re.compile("[^\x09\x0A\x0D\x20-\x7E\xA0-\u2027\u202A-\uD7FF\uE000-\uFFFD\U00010000-\U0010FFFF]")


def _yaml_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def front_matter(meta: dict[str, Any]) -> Markup:
    """`meta` as YAML, keys in the order given: one JSON line, which YAML reads as a flow mapping.

    The JSON encoder is many times faster than a YAML emitter, and front matter is
    written on every one of the site's pages.
    """
    return Markup(_NOT_PLAIN_IN_YAML.sub(_yaml_escape, json.dumps(meta, ensure_ascii=False)))


def html_text(value: Any) -> str:
    """Text for the places Material writes front matter into HTML as is (<title>)."""
    return html.escape(str(value), quote=True)


def make_environment(templates_dir: Path | str) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates_dir)),
        undefined=StrictUndefined,
        auto_reload=False,  # each build makes its own environment: no template changes under it
        finalize=escape_markdown,
        autoescape=False,  # Markdown, not HTML: escaping is `finalize`'s job
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["href"] = safe_href
    env.filters["md"] = lambda v: Markup(escape_markdown(v))
    env.filters["html_text"] = html_text
    env.globals.update(link=link, paper_uri=paper_uri, hardware_uri=hardware_uri, topic_uri=topic_uri,
                       front_matter=front_matter, rows_json_url=rows_json_url)
    return env


@dataclass
class Renderer:
    site: Site
    env: Environment
    page_size: int = 0  # rows a listing page shows; 0: pages.PAGE_SIZE

    def __post_init__(self) -> None:
        self.page_size = self.page_size or pages.PAGE_SIZE
        self.by_slug = self.site.by_slug
        # A paper appears on many listing pages (its devices, their architecture and vendor, its
        # topics, the indexes): each fragment is built once per folder it is linked from.
        self._fragments: dict[tuple, Any] = {}
        # Filters, not globals: Jinja compiles a filter to a plain call, and a global
        # function to `Context.call`, which inspects the callee on every call. These run
        # once per paper on every listing page.
        self.env.filters.update(paper_link=self.paper_link, hardware_names=self.hardware_names,
                                topic_names=self.topic_names, result_row=self.result_row,
                                hardware_link=hardware_link, topic_link=topic_link)

    @cached_property
    def spans(self) -> dict[str, list[tuple[int, int, str]]]:
        """slug -> (start, end, target) of each name of another paper in its abstract.

        Worked out when the first paper page asks: the listing pages are rendered
        while the links between papers are still being found.
        """
        spans: dict[str, list[tuple[int, int, str]]] = {}
        for mention in self.site.mentions:
            spans.setdefault(mention.source, []).append((mention.start, mention.end, mention.target))
        return spans

    @cached_property
    def mentions_of(self) -> dict[str, list[str]]:
        """slug -> the papers it names, in text order, once each."""
        return {source: list(dict.fromkeys(target for _, _, target in found)) for source, found in self.spans.items()}

    @pass_context
    def paper_link(self, context, paper: Paper) -> Markup:
        """A link to `paper`'s page, its title as the text."""
        return self.paper_link_from(context["page_dir"], paper)

    def paper_link_from(self, page_dir: str, paper: Paper) -> Markup:
        key = ("paper", page_dir, paper.slug)
        found = self._fragments.get(key)
        if found is None:
            found = self._fragments[key] = link_from(page_dir, paper.title, paper_uri(paper.slug))
        return found

    def hardware_names(self, slug: str, under: str | None = None) -> Markup:
        """The hardware a paper is about, by name, comma separated; with `under`, only that
        node and what is below it."""
        key = ("hardware", slug, under)
        found = self._fragments.get(key)
        if found is None:
            hardware = self.site.hardware
            ids = self.site.paper_hardware[slug]
            if under is not None:
                ids = [i for i in ids if under in self._lineage(i)]
            found = self._fragments[key] = Markup(", ".join(escape_markdown(hardware.nodes[i].name) for i in ids))
        return found

    def _lineage(self, node_id: str) -> frozenset[str]:
        """The node and its ancestors: a vendor page asks this of every device a paper names."""
        key = ("lineage", node_id)
        found = self._fragments.get(key)
        if found is None:
            found = self._fragments[key] = frozenset([node_id, *(n.id for n in self.site.hardware.ancestors(node_id))])
        return found

    def topic_names(self, slug: str) -> Markup:
        """The topics of a paper, by name, comma separated."""
        key = ("topics", slug)
        found = self._fragments.get(key)
        if found is None:
            topics = self.site.topics.topics
            found = self._fragments[key] = Markup(", ".join(
                escape_markdown(topics[topic_id].name) for topic_id in self.site.paper_topics[slug]))
        return found

    def result_row(self, result: Result, page_dir: str, paper: Paper | None = None) -> Markup:
        """One row of a results table (`_results.md.j2`) on a page in `page_dir`: value, kind,
        baseline, device[, paper]."""
        key = ("result", page_dir, result, paper.slug if paper else None)
        found = self._fragments.get(key)
        if found is None:
            cells = [escape_markdown(result.shown), escape_markdown(result.kind), escape_markdown(result.baseline or "")]
            nodes = self.site.hardware.nodes
            if result.device and self.site.node_papers.get(result.device):
                cells.append(link_from(page_dir, nodes[result.device].name, hardware_uri(result.device)))
            else:
                cells.append(escape_markdown(nodes[result.device].name) if result.device in nodes else "")
            if paper is not None:
                cells.append(self.paper_link_from(page_dir, paper))
            found = self._fragments[key] = Markup("| " + " | ".join(cells) + " |")
        return found

    def paper_page(self, paper: Paper) -> tuple[str, str]:
        site, by_slug, uri = self.site, self.by_slug, paper_uri(paper.slug)
        topic_list = [site.topics.topics[t] for t in site.paper_topics[paper.slug]]
        return uri, self.render(
            "paper.md.j2", uri,
            paper=paper,
            hardware_nodes=[site.hardware.nodes[i] for i in site.paper_hardware[paper.slug]],
            topic_list=topic_list,
            abstract=self.abstract_with_links(paper, uri),
            related=[(by_slug[r.slug], r, [site.hardware.nodes[h].name for h in r.shared_hardware],
                      [site.topics.topics[t].name for t in r.shared_topics]) for r in site.related.get(paper.slug, [])],
            mentions=[by_slug[s] for s in self.mentions_of.get(paper.slug, [])],
            mentioned_by=[by_slug[s] for s in site.mentioned_by.get(paper.slug, [])],
        )

    def hardware_page(self, node: Any) -> list[tuple[str, str]]:
        """A hardware node's pages: its papers first, then the results measured on it."""
        site, hardware = self.site, self.site.hardware
        listed = site.node_papers[node.id]
        # Device pages quote the sentence naming the device; pages above list the devices.
        entries = [(p, evidence_for(site, p, node.id)) for p in listed] if node.kind == "device" else listed
        results = node_results(site, node.id)
        return self.render_listing("hardware.md.j2", hardware_uri(node.id), max(len(entries), len(results)),
                                 node=node, trail=hardware.path(node.id)[:-1],
                                 children=[(c, len(site.node_papers[c.id])) for c in hardware.children(node.id)
                                           if site.node_papers.get(c.id)],
                                 entries=entries, results=results)

    def topic_page(self, topic: Any) -> list[tuple[str, str]]:
        listed = self.site.topic_papers[topic.id]
        return self.render_listing("topic.md.j2", topic_uri(topic.id), len(listed), topic=topic, listed=listed)

    def index_page(self, uri: str) -> list[tuple[str, str]]:
        """One of INDEX_PAGES, in as many pages as it takes."""
        template, context = getattr(self, INDEX_PAGES[uri])()
        total = context.pop("rows_total", None)
        if total is None:
            return [(uri, self.render(template, uri, **context))]
        return self.render_listing(template, uri, total, **context)

    def render_listing(self, template: str, first_uri: str, total: int, **context: Any) -> list[tuple[str, str]]:
        """The pages of a listing of `total` rows: each gets `page` (a `pages.Page`: its
        `rows(items)` are the page's share of a list) and `pager(label)`, the links to
        the others."""
        out = []
        for page in pages.split(first_uri, total, self.page_size):
            page_dir = posixpath.dirname(page.uri)
            out.append((page.uri, self.render(template, page.uri, page=page, pager=self._pager(page, page_dir),
                                              **context)))
        return out

    @staticmethod
    def _pager(page: Page, page_dir: str) -> Any:
        return lambda label="Pages": pages.pager(page, lambda uri: _relative(page_dir, uri), label)

    def _home(self) -> tuple[str, dict[str, Any]]:
        site, hardware = self.site, self.site.hardware
        # sorted() is stable: papers added the same day keep the site's order.
        recent = sorted(site.papers, key=lambda p: -(p.added.toordinal() if p.added else 0))[:RECENT_COUNT]
        years = papers_by_year(site.papers)
        first_of_year = pages.year_rows(years)[1]
        return "home.md.j2", dict(
            recent=recent,
            years=years,
            # Each year links to the page of years/ where it begins.
            year_links={year: pages.year_link(first_of_year, year, self.page_size) for year in years},
            vendor_rows=[(v, len(site.node_papers[v.id])) for v in hardware.vendors() if site.node_papers.get(v.id)],
            device_total=sum(1 for n in hardware.nodes.values() if n.kind == "device" and site.node_papers.get(n.id)),
            topic_total=sum(1 for t in site.topics.topics if site.topic_papers.get(t)),
        )

    def _hardware_index(self) -> tuple[str, dict[str, Any]]:
        nodes = self.site.hardware.nodes.values()
        return "hardware_index.md.j2", dict(tree=_hardware_tree(self.site),
                                            device_count=sum(1 for n in nodes if n.kind == "device"))

    def _topics_index(self) -> tuple[str, dict[str, Any]]:
        site = self.site
        return "topics_index.md.j2", dict(topic_rows=[
            (t, len(site.topic_papers[t.id])) for t in site.topics.topics.values() if site.topic_papers.get(t.id)])

    def _years(self) -> tuple[str, dict[str, Any]]:
        # One list of (year, paper), split into pages; a year that goes on from the page
        # before is headed again, as continued.
        flat, first_of_year = pages.year_rows(papers_by_year(self.site.papers))
        return "years.md.j2", dict(flat=flat, first_of_year=first_of_year, years_on_page=pages.years_on_page,
                                   year_anchor=pages.year_anchor, rows_total=len(flat))

    def _papers_index(self) -> tuple[str, dict[str, Any]]:
        return "papers_index.md.j2", dict(rows_total=len(self.site.papers))

    def _results(self) -> tuple[str, dict[str, Any]]:
        site = self.site
        rows = all_results(site)
        return "results.md.j2", dict(rows=rows, rows_total=len(rows),
                                     paper_count=sum(1 for p in site.papers if site.results.get(p.slug)))

    def _timeline(self) -> tuple[str, dict[str, Any]]:
        years = papers_by_year(self.site.papers)
        first_of_year = pages.year_rows(years)[1]
        return "timeline.md.j2", dict(years=years, spans=exports.device_spans(self.site),
                                      year_links={year: pages.year_link(first_of_year, year, self.page_size)
                                                  for year in years})

    def _filter(self) -> tuple[str, dict[str, Any]]:
        return "filter.md.j2", {}

    def _data(self) -> tuple[str, dict[str, Any]]:
        return "data.md.j2", dict(fields=exports.schema_rows(), version=exports.SCHEMA_VERSION,
                                  feed_count=exports.FEED_COUNT)

    def render(self, template: str, page_uri: str, **context: Any) -> str:
        # `page_dir`: links are relative to the page's folder, worked out once per page.
        return self.env.get_template(template).render(page_uri=page_uri, page_dir=posixpath.dirname(page_uri),
                                                      site=self.site, **context)

    def abstract_with_links(self, paper: Paper, page_uri: str) -> Markup:
        """The abstract, escaped, with each name of another listed paper linked to it."""
        spans = sorted(self.spans.get(paper.slug, []))
        out, at = [], 0
        for start, end, target in spans:
            if start < at:
                continue
            out.append(escape_markdown(paper.abstract[at:start]))
            out.append(f"[{escape_markdown(paper.abstract[start:end])}]({relative(page_uri, paper_uri(target))})")
            at = end
        out.append(escape_markdown(paper.abstract[at:]))
        return Markup("".join(out))


def render_site(site: Site, templates_dir: Path | str, jobs: int | None = None,
                page_size: int | None = None) -> dict[str, str]:
    """Every generated page, keyed by its source URI; the same site always gives the same pages.

    A page depends on the rest of the site only for reading, so a large list's
    pages are rendered by worker processes (`workers.fork_map`, `jobs` of them;
    default: the CPUs this process may use), with the same result. Listings show
    `page_size` rows a page (default `pages.PAGE_SIZE`).
    """
    renderer = Renderer(site, make_environment(templates_dir), page_size or 0)
    return dict(sorted(render_pages(renderer, [*listing_pages(site), *paper_pages(site)], jobs)))


def listing_pages(site: Site) -> list[tuple[str, Any]]:
    """(kind, subject) of every listing but the papers' own pages, longest first: hardware
    and topic pages, then the indexes. They show no links between papers; each is a page
    or more (`pages`)."""
    hardware, topics = site.hardware, site.topics
    return [
        *(("hardware", node) for node in hardware.nodes.values() if site.node_papers.get(node.id)),
        *(("topic", topic) for topic in topics.topics.values() if site.topic_papers.get(topic.id)),
        *(("index", uri) for uri in INDEX_PAGES),
    ]


def paper_pages(site: Site) -> list[tuple[str, Any]]:
    return [("paper", paper) for paper in site.papers]


def render_pages(renderer: Renderer, subjects: list[tuple[str, Any]], jobs: int | None = None) -> list[tuple[str, str]]:
    """(uri, markdown) of each (kind, subject) page, or of each of its pages for a listing,
    in worker processes for a long list."""
    def render(page: tuple[str, Any]) -> list[tuple[str, str]]:
        # In a worker, `renderer` is the parent's, copied by the fork: its caches fill per process.
        kind, subject = page
        made = getattr(renderer, f"{kind}_page")(subject)
        return made if isinstance(made, list) else [made]

    return [made for listing in workers.fork_map(render, subjects, jobs, ranges_per_worker=32) for made in listing]


@dataclass
class Generated:
    """All the generator makes of `content/`: the site, its Markdown pages and its other files."""

    site: Site
    pages: dict[str, str]  # src uri -> Markdown
    files: dict[str, str]  # uri -> text: papers.json, feed.xml, BibTeX, results/rows.json
    warnings: list[Problem]


def generate(content_dir: Path | str, templates_dir: Path | str, related_k: int = 5,
             site_url: str | None = None, page_size: int | None = None) -> Generated:
    """Read and validate `content/` (raising ContentError with every error), derive the site,
    render its pages and files: the one path `mkdocs build` and `generate --out` share.

    Links between papers take seconds at scale, and only the papers' own pages
    show them: a large list's listing pages and exports are made by worker
    processes side by side with them, then the paper pages once they are known.
    Listings show `page_size` rows a page (default `pages.PAGE_SIZE`).
    """
    with workers.fewer_collections():
        papers, hardware, topics, warnings = load_content(content_dir)
        site = derive_facts(papers, hardware, topics)
        renderer = Renderer(site, make_environment(templates_dir), page_size or 0)
        parallel = len(site.papers) >= workers.SIDE_BY_SIDE_PAPERS
        batches = listing_batches(site, LISTING_BATCHES if parallel else 1)
        related, files, mentions, *listing_markdown = workers.side_by_side([
            # Longest first, and the listing pages last in batches of about equal work, so
            # that neither worker is left with a long task while the other waits.
            lambda: links.related_papers(site.papers, site.paper_hardware, site.paper_topics, k=related_k),
            lambda: {**exports.render_files(site, site_url),
                     pages.RESULTS_JSON: pages.results_json(site, renderer.page_size)},
            lambda: links.find_mentions(site.papers),
            *(lambda batch=batch: render_pages(renderer, batch) for batch in batches),
        ], parallel=parallel)
        attach_links(site, mentions, related)
        made = [page for markdown in listing_markdown for page in markdown]
        made += render_pages(renderer, paper_pages(site))
        return Generated(site, dict(sorted(made)), dict(sorted(files.items())), warnings)


# Listing pages are rendered side by side with the links and the exports in this many batches.
LISTING_BATCHES = 6


def listing_batches(site: Site, batches: int) -> list[list[tuple[str, Any]]]:
    """`listing_pages` dealt into `batches` lists of about equal work: a page's work grows
    with the papers it lists; each page, longest first, goes to the lightest list so far."""
    def work(page: tuple[str, Any]) -> int:
        kind, subject = page
        if kind == "hardware":
            return len(site.node_papers[subject.id])
        if kind == "topic":
            return len(site.topic_papers[subject.id])
        return len(site.papers)  # the indexes list every paper (some only count them)

    dealt: list[list[tuple[str, Any]]] = [[] for _ in range(batches)]
    load = [(0, index) for index in range(batches)]  # (work so far, batch): a heap
    for page in sorted(listing_pages(site), key=work, reverse=True):  # stable: ties keep their order
        total, index = heapq.heappop(load)
        dealt[index].append(page)
        heapq.heappush(load, (total + work(page), index))
    return [batch for batch in dealt if batch]


# The pages that are one of a kind: uri -> the Renderer method giving its template and context.
INDEX_PAGES = {
    "index.md": "_home", "hardware/index.md": "_hardware_index", "topics/index.md": "_topics_index",
    "years/index.md": "_years", "papers/index.md": "_papers_index",
    "results/index.md": "_results", "timeline/index.md": "_timeline", "filter/index.md": "_filter",
    "data.md": "_data",
}


def _hardware_tree(site: Site) -> list[tuple[Any, int, list]]:
    """[(vendor, count, [(architecture, count, [(device, count)])])] for nodes with papers."""
    def count(node_id: str) -> int:
        return len(site.node_papers.get(node_id, []))

    tree = []
    for vendor in site.hardware.vendors():
        if not count(vendor.id):
            continue
        architectures = []
        for arch in site.hardware.children(vendor.id):
            if count(arch.id):
                devices = [(d, count(d.id)) for d in site.hardware.children(arch.id) if count(d.id)]
                architectures.append((arch, count(arch.id), devices))
        tree.append((vendor, count(vendor.id), architectures))
    return tree
