"""The reading paths' pages: each path's own (`paths/<name>/`: its papers in order, each with
the curator's commentary, its year, hardware and results), the list of them (`paths/`), and
where a paper stands in the paths it is a step of, which its page says ("Step 3 of 6 in ...",
with the previous and next papers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ..content.hardware import HardwareNode
from ..content.model import Paper
from ..content.reading_paths import ReadingPath, Section, Step
from ..derive.facts import Site
from ..derive.result import Result
from .markup import reading_path_uri

if TYPE_CHECKING:  # render.py imports this module to list its pages
    from .render import Templates

PATHS_INDEX = "paths/index.md"


class StepPlace(NamedTuple):
    """Where a paper stands in one reading path: step `number` of `count`, between two papers."""

    reading_path: ReadingPath
    number: int  # from 1
    count: int
    previous: Paper | None
    next: Paper | None


class StepShown(NamedTuple):
    """One step as a path's page shows it: its number, the curator's words, the paper and its facts."""

    number: int
    step: Step
    paper: Paper
    hardware: tuple[HardwareNode, ...]
    results: tuple[Result, ...]


def step_places(site: Site, slug: str) -> tuple[StepPlace, ...]:
    """Where the paper `slug` stands in each path it is a step of, the paths by name."""
    places = []
    for reading_path, index in site.paper_steps.get(slug, ()):
        steps = reading_path.steps
        previous = site.by_slug[steps[index - 1].paper] if index > 0 else None
        following = site.by_slug[steps[index + 1].paper] if index + 1 < len(steps) else None
        places.append(StepPlace(reading_path, index + 1, len(steps), previous, following))
    return tuple(places)


def reading_path_page(t: Templates, reading_path: ReadingPath) -> list[tuple[str, str | None]]:
    """A path's page: its sections, each step with its paper's year, hardware and results."""
    site, uri = t.site, reading_path_uri(reading_path.name)
    sections: list[tuple[Section, list[StepShown]]] = []
    number = 0
    for section in reading_path.sections:
        shown = []
        for step in section.steps:
            number += 1
            facts = site.facts[step.paper]
            shown.append(StepShown(number, step, site.by_slug[step.paper],
                                   tuple(site.hardware.nodes[i] for i in facts.hardware), facts.results))
        sections.append((section, shown))
    # Its key: the path, and its steps (of each paper, what a listing's row shows).
    if t.wanted is not None and not t.wanted(uri, (reading_path, tuple(t.shown(shown) for _, shown in sections))):
        return [(uri, None)]
    # Steps are headings under the sections' headings, or, with no section named, under the title.
    parts = sum(1 for section in reading_path.sections if section.title)
    return [(uri, t.render("path.md.j2", uri, reading_path=reading_path, sections=sections, parts=parts,
                           step_count=number, step_level="###" if parts else "##"))]


def paths_index_page(t: Templates) -> list[tuple[str, str | None]]:
    """`paths/`: every reading path, with whom it is for and its papers in order."""
    return [(PATHS_INDEX, t.render("paths_index.md.j2", PATHS_INDEX))]
