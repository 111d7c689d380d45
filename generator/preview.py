"""Incremental generation for `mkdocs serve --dirty`: a saved paper file, previewed in seconds.

A `Preview` lives as long as the server and remembers what its last run made.
Each run goes the one path of `pipeline.generate`, reusing what cannot have
changed:

- a paper file whose stamp (inode, size, times) is the same is not read or
  checked again (`check.read_content`'s `reuse`);
- a paper equal to the one of the last run keeps its hardware, topics and
  results (`facts.derive_site`'s `reuse`); mentions and related papers are found
  again for the whole list, since one abstract can change them anywhere;
- a page is rendered again only when what it shows changed: each page function
  gives the renderer a key (the papers and facts it shows, its share of a
  listing, its place in it), and a page whose key equals the last run's is not
  rendered (`render.render_pages`'s `wanted`).

The result says which pages and files changed, so that MkDocs rebuilds only
those. A change to a vocabulary or a template starts afresh.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .site import pages
from .content.check import read_content
from .content.model import ContentError
from .pipeline import Generated, fewer_collections, other_files
from .site.render import render_pages
from .derive.facts import PaperFacts, derive_site
from .content.store import HARDWARE_FILE, TOPICS_FILE


@dataclass
class Changes:
    """What a run made, and what differs from the run before."""

    generated: Generated
    changed: set[str]  # uris of pages and files whose text changed (all of them on a first run)
    removed: set[str]  # uris the run before made and this one does not
    same_pages: bool  # the run before made the same pages and files, from the same templates, with the same dates


@dataclass
class Preview:
    """The settings it generates with (compared by `==`), and what its last run made."""

    content_dir: Path
    templates_dir: Path
    related_k: int = 5
    site_url: str | None = None
    page_size: int | None = None
    issues_url: str | None = None
    _files: dict[Path, tuple] = field(default_factory=dict, compare=False)  # read_content's reuse
    _facts: dict[str, PaperFacts] = field(default_factory=dict, compare=False)  # derive_site's reuse
    _keys: dict[str, Any] = field(default_factory=dict, compare=False)  # uri -> the key of its last render
    _pages: dict[str, str] = field(default_factory=dict, compare=False)
    _outputs: dict[str, str] = field(default_factory=dict, compare=False)  # the other files
    _dates: dict[str, str] = field(default_factory=dict, compare=False)  # the pages' dates (the sitemap's)
    _inputs: tuple = field(default=(), compare=False)  # the stamps of the vocabularies and templates

    def update(self) -> Changes:
        """Generate again; raises ContentError as `generate` does (and then forgets nothing)."""
        inputs = self._stamps()
        afresh = inputs != self._inputs
        if afresh:  # everything depends on these: start afresh
            self._files.clear()
            self._facts.clear()
            self._keys.clear()
        keys: dict[str, Any] = {}

        def wanted(uri: str, key: Any) -> bool:
            keys[uri] = key
            return uri not in self._keys or self._keys[uri] != key

        with fewer_collections():
            checked = read_content(self.content_dir, reuse=self._files)
            if checked.errors:
                raise ContentError(checked.errors)
            site = derive_site(checked.papers, checked.hardware, checked.topics, self.related_k,
                               checked.warnings, reuse=self._facts)
            rendered = render_pages(site, self.templates_dir, self.page_size, wanted, self.site_url, self.issues_url)
            files = other_files(site, self.site_url, self.page_size)
            dates = pages.page_dates(site, rendered)
        made = {uri: self._pages[uri] if text is None else text for uri, text in rendered.items()}
        changed = {uri for uri, text in made.items() if self._pages.get(uri) != text}
        changed |= {uri for uri, text in files.items() if self._outputs.get(uri) != text}
        removed = (set(self._pages) | set(self._outputs)) - set(made) - set(files)
        # The same pages with the same dates: the sitemap is as it was.
        same_pages = (not afresh and self._pages.keys() == made.keys() and self._outputs.keys() == files.keys()
                      and self._dates == dates)
        self._pages, self._outputs, self._keys, self._inputs, self._dates = made, files, keys, inputs, dates
        generated = Generated(site, made, files, site.warnings, dates)
        return Changes(generated, changed, removed, same_pages)

    def _stamps(self) -> tuple:
        """The stamps of the vocabularies and of every file of the templates (the theme's
        overrides among them): what every page depends on."""
        paths = [self.content_dir / HARDWARE_FILE, self.content_dir / TOPICS_FILE]
        paths += sorted(path for path in self.templates_dir.rglob("*") if path.is_file())
        return tuple((str(path), os.stat(path).st_mtime_ns, os.stat(path).st_size) for path in paths
                     if path.exists())
