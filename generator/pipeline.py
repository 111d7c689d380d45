"""The one path from content/ to a site: read and validate, derive, render.

`mkdocs build` (plugin.py), `generate --out` (cli.py) and the tests all call
`generate`: content/ -> `check.collect` -> `site.derive_site` -> the pages
(`render.render_pages`) and the other files (`exports.render_files`, the
results' rows for sorting).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from . import exports, pages
from .model import Problem
from .render import render_pages
from .site import Site, load_site


@dataclass(frozen=True)
class Generated:
    """All the generator makes of `content/`: the site, its Markdown pages and its other files."""

    site: Site
    pages: dict[str, str]  # src uri -> Markdown
    files: dict[str, str]  # uri -> text: papers.json, feed.xml, BibTeX, results/rows.json, filter/
    warnings: tuple[Problem, ...]


def generate(content_dir: Path | str, templates_dir: Path | str, related_k: int = 5,
             site_url: str | None = None, page_size: int | None = None) -> Generated:
    """Read and validate `content/` (raising ContentError with every error), derive the site,
    render its pages and files. Listings show `page_size` rows a page (default `pages.PAGE_SIZE`)."""
    with fewer_collections():
        site = load_site(content_dir, related_k)
        files = {**exports.render_files(site, site_url),
                 pages.RESULTS_JSON: pages.results_json(site, page_size or pages.PAGE_SIZE)}
        return Generated(site, render_pages(site, templates_dir, page_size), dict(sorted(files.items())),
                         site.warnings)


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
