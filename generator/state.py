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

    files: dict[Path, tuple] = field(default_factory=dict)  # each paper file's checks, by its stamp
    derived: DeriveKept = field(default_factory=DeriveKept)
    outputs: FilesKept = field(default_factory=FilesKept)
    templates: CompiledTemplates = field(default_factory=CompiledTemplates)
    keys: dict[str, Any] = field(default_factory=dict)  # uri -> the key of its last render
    pages: dict[str, str] = field(default_factory=dict)  # what the last build made
    other_files: dict[str, str] = field(default_factory=dict)
    dates: dict[str, str] = field(default_factory=dict)  # the pages' dates (the sitemap's)
    inputs: tuple = ()  # the stamps of the vocabularies and templates it was made from

    def start(self, content_dir: Path, templates_dir: Path) -> bool:
        """Forget everything when a vocabulary or a template changed (every page depends on
        them); True when starting afresh."""
        inputs = input_stamps(content_dir, templates_dir)
        afresh = inputs != self.inputs
        if afresh:
            fresh = BuildState()
            self.files, self.derived, self.outputs, self.keys = fresh.files, fresh.derived, fresh.outputs, fresh.keys
            self.templates = fresh.templates
        self.inputs = inputs
        return afresh

    def wanted(self, keys: dict[str, Any]):
        """The `render_pages` hook: a page is rendered only when its key changed; `keys`
        collects this build's."""
        def wanted(uri: str, key: Any) -> bool:
            keys[uri] = key
            return uri not in self.keys or self.keys[uri] != key
        return wanted


def input_stamps(content_dir: Path, templates_dir: Path) -> tuple:
    """The stamps of the vocabularies and of every file of the templates (the theme's
    overrides among them): what every page depends on."""
    paths = [content_dir / HARDWARE_FILE, content_dir / TOPICS_FILE]
    paths += sorted(path for path in templates_dir.rglob("*") if path.is_file())
    return tuple((str(path), os.stat(path).st_mtime_ns, os.stat(path).st_size) for path in paths if path.exists())
