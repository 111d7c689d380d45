"""The one path from content/ to a site: read and validate, derive, render.

`mkdocs build` (plugin.py), `generate --out` (cli.py) and the tests all call
`generate`: content/ -> `check.read_content` -> `facts.derive_site` -> the pages
(`render.render_pages`), each page's date for the sitemap (`pages.page_dates`)
and the other files (`other_files`: the exports, the results' rows for sorting,
robots.txt).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from typing import Any

from .content.check import read_content
from .content.model import ContentError, Problem
from .derive.facts import Site, derive_site
from .site import exports, pages
from .site.records import PageRecord
from .site.render import render_pages
from .state import BuildState, build_inputs


@dataclass(frozen=True)
class Generated:
    """All the generator makes of `content/`: the site, its Markdown pages and its other files."""

    site: Site
    pages: dict[str, str]  # src uri -> Markdown
    files: dict[str, str]  # uri -> text: papers.json, feed.xml, BibTeX, results/rows.json, filter/
    warnings: tuple[Problem, ...]
    dates: dict[str, str] = field(default_factory=dict)  # src uri -> YYYY-MM-DD (or ""), the sitemap's lastmod
    records: dict[str, PageRecord] = field(default_factory=dict)  # src uri -> what the page is (see `pages`)


def generate(content_dir: Path | str, templates_dir: Path | str, related_k: int = 5,
             site_url: str | None = None, page_size: int | None = None, issues_url: str | None = None,
             state: BuildState | None = None) -> Generated:
    """Read and validate `content/` (raising ContentError with every error), derive the site,
    render its pages and files. Listings show `page_size` rows a page (default `pages.PAGE_SIZE`).

    With the `state` of the build before, what cannot have changed is not made again (a paper
    file with the same stamp, a paper's own facts, a page whose key is the same), and the
    state records what this build made; the output is what a build from nothing gives."""
    kept = state is not None
    state = state if kept else BuildState()
    content_dir, templates_dir = Path(content_dir), Path(templates_dir)
    inputs = build_inputs(content_dir, templates_dir, (related_k, site_url, page_size, issues_url)) if kept else ()
    if kept:
        state.start(inputs)
    keys: dict[str, Any] = {}
    with fewer_collections():
        checked = read_content(content_dir, reuse=state.files if kept else None)
        if checked.errors:
            raise ContentError(checked.errors)
        site = derive_site(checked.papers, checked.hardware, checked.topics, related_k, checked.warnings,
                           state.derived, checked.reading_paths)
        files = other_files(site, site_url, page_size, state.outputs)
        records = render_pages(site, templates_dir, page_size, state.wanted(keys) if kept else None, site_url,
                               issues_url, state.templates)
        made = {uri: state.pages[uri] if record.body is None else record.body for uri, record in records.items()}
        dates = pages.page_dates(site, records.values())
    if kept:
        state.finish(inputs, made, files, keys, dates)
    return Generated(site, made, files, site.warnings, dates, records)


def other_files(site: Site, site_url: str | None = None, page_size: int | None = None,
                kept: exports.FilesKept | None = None) -> dict[str, str]:
    """The files that are not pages, `{uri: text}`, sorted by URI."""
    kept = kept if kept is not None else exports.FilesKept()
    files = {**exports.render_files(site, site_url, kept),
             pages.RESULTS_JSON: pages.results_json(site, page_size or pages.PAGE_SIZE, kept.rows),
             pages.ROBOTS_TXT: pages.robots_txt(site_url)}
    return dict(sorted(files.items()))


# Allocations between two collections of the youngest generation while the generator
# runs (CPython's default is 700). Building a site allocates millions of objects that
# live to its end; at the default, the collector walks that whole heap again and again.
GENERATOR_GC_THRESHOLD = 10_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the cycle collector less often inside the block; the thresholds come back after."""
    saved = gc.get_threshold()
    gc.set_threshold(GENERATOR_GC_THRESHOLD, *saved[1:])
    try:
        yield
    finally:
        gc.set_threshold(*saved)
