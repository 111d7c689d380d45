"""The one object a build remembers between builds in: `BuildState`.

`pipeline.generate(content, templates, state=None)` builds from nothing; given a state kept
from the build before (as `mkdocs serve --dirty` keeps one), it reuses what cannot have
changed and records what it made, so the next build can say what changed. No module keeps
anything between calls: what is kept is here, and only here.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .content.store import HARDWARE_FILE, TOPICS_FILE
from .derive.facts import DeriveKept
from .site.exports import FilesKept
from .site.render import CompiledTemplates


@dataclass
class BuildState:
    """What a build keeps for the next: each stage's memory, and what the build made."""

    # Each paper file's checks, by its stamp; each vocabulary as loaded, by its text.
    files: dict[Path, tuple] = field(default_factory=dict)
    derived: DeriveKept = field(default_factory=DeriveKept)
    outputs: FilesKept = field(default_factory=FilesKept)
    templates: CompiledTemplates = field(default_factory=CompiledTemplates)
    keys: dict[str, Any] = field(default_factory=dict)  # uri -> the key of its last render
    pages: dict[str, str] = field(default_factory=dict)  # what the last build made
    other_files: dict[str, str] = field(default_factory=dict)
    dates: dict[str, str] = field(default_factory=dict)  # the pages' dates (the sitemap's)
    inputs: tuple = ()  # the settings, and the stamps of the vocabularies and templates, of the last build

    def start(self, inputs: tuple) -> None:
        """Forget everything when the settings, a vocabulary or a template changed (every page
        depends on them). `inputs` are recorded by `finish`, once a build has succeeded: a
        build that fails leaves the next to start afresh as well."""
        if inputs != self.inputs:
            fresh = BuildState()
            self.files, self.derived, self.outputs, self.keys = fresh.files, fresh.derived, fresh.outputs, fresh.keys
            self.templates, self.inputs = fresh.templates, ()

    def finish(self, inputs: tuple, pages: dict[str, str], other_files: dict[str, str], keys: dict[str, Any],
               dates: dict[str, str]) -> None:
        """Record what a build that succeeded made, and what from."""
        self.inputs, self.pages, self.other_files, self.keys, self.dates = inputs, pages, other_files, keys, dates

    def wanted(self, keys: dict[str, Any]):
        """The `render_pages` hook: a page is rendered only when its key changed; `keys`
        collects this build's."""
        def wanted(uri: str, key: Any) -> bool:
            keys[uri] = key
            return uri not in self.keys or self.keys[uri] != key
        return wanted


def build_inputs(content_dir: Path, templates_dir: Path, settings: tuple) -> tuple:
    """What every page depends on: the build's settings, and the stamps of the vocabularies
    and of every file of the templates (the theme's overrides among them)."""
    paths = [content_dir / HARDWARE_FILE, content_dir / TOPICS_FILE]
    paths += sorted(path for path in templates_dir.rglob("*") if path.is_file())
    return (settings, *((str(path), os.stat(path).st_mtime_ns, os.stat(path).st_size) for path in paths
                        if path.exists()))
