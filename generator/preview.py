"""Incremental generation for `mkdocs serve --dirty`: a saved paper file, previewed in seconds.

A `Preview` lives as long as the server. Each run is `pipeline.generate` with the
`BuildState` kept from the run before, which reuses what cannot have changed:

- a paper file whose stamp (inode, size, times) is the same is not read or
  checked again;
- a paper equal to the one of the last run keeps its hardware, topics and
  results; mentions and related papers are found again for the whole list,
  since one abstract can change them anywhere;
- a page is rendered again only when what it shows changed: each page function
  gives the renderer a key (the papers and facts it shows, its share of a
  listing, its place in it), and a page whose key equals the last run's is not
  rendered.

The preview adds the difference: which pages and files changed, so that MkDocs
rebuilds only those. A change to a vocabulary or a template starts afresh.
"""

from __future__ import annotations

import gc
import threading
from dataclasses import dataclass, field
from pathlib import Path

from .pipeline import Generated, generate
from .state import BuildState


@dataclass
class Changes:
    """What a run made, and what differs from the run before."""

    generated: Generated
    changed: set[str]  # uris of pages and files whose text changed (all of them on a first run)
    removed: set[str]  # uris the run before made and this one does not
    same_pages: bool  # the run before made the same pages and files, from the same templates, with the same dates


@dataclass
class Preview:
    """The settings it generates with (compared by `==`), and the state its runs keep."""

    content_dir: Path
    templates_dir: Path
    related_k: int = 5
    site_url: str | None = None
    page_size: int | None = None
    issues_url: str | None = None
    state: BuildState = field(default_factory=BuildState, compare=False)
    building: bool = field(default=False, compare=False)

    def update(self) -> Changes:
        """Generate again; raises ContentError as `generate` does (and then forgets nothing).
        With a kept state, the cycle collector waits until the build is served (`served`)."""
        state = self.state
        if state.inputs:
            gc.disable()
        self.building = True
        afresh = not state.inputs  # no build yet, or the last one failed
        pages, files, dates, inputs = state.pages, state.other_files, state.dates, state.inputs
        generated = generate(self.content_dir, self.templates_dir, self.related_k, self.site_url, self.page_size,
                             self.issues_url, state=state)
        changed = {uri for uri, text in generated.pages.items() if pages.get(uri) != text}
        changed |= {uri for uri, text in generated.files.items() if files.get(uri) != text}
        removed = (set(pages) | set(files)) - set(generated.pages) - set(generated.files)
        afresh = afresh or state.inputs != inputs  # settings, a vocabulary or a template changed
        # The same pages with the same dates: the sitemap is as it was.
        same_pages = (not afresh and pages.keys() == generated.pages.keys() and files.keys() == generated.files.keys()
                      and dates == generated.dates)
        return Changes(generated, changed, removed, same_pages)

    def served(self) -> None:
        """The build is served: the cycle collector runs COLLECT_AFTER seconds from now, unless a
        build has begun. A full pass over the kept state is bound to come during a build that
        makes and drops so many objects; run now, it costs no one a wait (docs/performance.md,
        "The preview")."""
        self.building = False
        timer = threading.Timer(COLLECT_AFTER, lambda: None if self.building else gc.collect())
        timer.daemon = True
        timer.start()


# Long enough for the browser to fetch the page a build made.
COLLECT_AFTER = 2.0
