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

from .site import exports, pages
from .content.model import Problem
from .site.render import render_pages
from .derive.facts import Site, load_site


@dataclass(frozen=True)
class Generated:
    """All the generator makes of `content/`: the site, its Markdown pages and its other files."""

    site: Site
    pages: dict[str, str]  # src uri -> Markdown
    files: dict[str, str]  # uri -> text: papers.json, feed.xml, BibTeX, results/rows.json, filter/
    warnings: tuple[Problem, ...]
    dates: dict[str, str] = field(default_factory=dict)  # src uri -> YYYY-MM-DD (or ""), the sitemap's lastmod


def generate(content_dir: Path | str, templates_dir: Path | str, related_k: int = 5,
             site_url: str | None = None, page_size: int | None = None, issues_url: str | None = None) -> Generated:
    """Read and validate `content/` (raising ContentError with every error), derive the site,
    render its pages and files. Listings show `page_size` rows a page (default `pages.PAGE_SIZE`)."""
    with fewer_collections():
        site = load_site(content_dir, related_k)
        files = other_files(site, site_url, page_size)
        made = render_pages(site, templates_dir, page_size, site_url=site_url, issues_url=issues_url)
        return Generated(site, made, files, site.warnings, pages.page_dates(site, made))


def other_files(site: Site, site_url: str | None = None, page_size: int | None = None) -> dict[str, str]:
    """The files that are not pages, `{uri: text}`, sorted by URI."""
    files = {**exports.render_files(site, site_url),
             pages.RESULTS_JSON: pages.results_json(site, page_size or pages.PAGE_SIZE),
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
