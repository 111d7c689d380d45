"""Reading paths: `content/paths/<name>.md`, a curator's order for reading some of the papers,
and why each one comes where it does.

A reading-path file is front matter (`title`, `summary`, optionally `audience`) and a Markdown
body of steps. A step is a `### <paper-slug>` heading with the curator's commentary under it:
plain text, paragraphs split by blank lines, shown as text (as a paper's note is). `## `
headings group the steps into sections, and text between a section's heading and its first
step introduces the section:

    ## Part 1: What the units do

    ### dissecting-tensor-cores

    Why this paper first, what to take from it, what it sets up for the next.

Headings, not list items: a step's commentary is written as any Markdown paragraph is, with
no indentation to keep, and the site numbers the steps, so moving one renumbers nothing.
Every problem is reported at its line; the front matter is read as a paper file's is
(`paper_file.parse_paper_text`: YAML errors, tabs and repeated keys at their lines).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from .front_matter import character_name
from .model import BAD_CHARACTER, LINE_BREAK, SLUG, Problem, closest
from .paper_file import PaperFile
from .yaml_nodes import shown_value

# The front matter's fields: what each holds, as messages say it, and whether a file must have it.
PATH_FIELDS = {
    "title": ("the path's title, on one line", True),
    "summary": ("what a reader gets from the path, in a sentence or two", True),
    "audience": ("who the path is for, e.g. 'Performance engineers new to GPUs'", False),
}
# `paths/index.md` lists the paths: no path may be served there.
INDEX_NAME = "index"
# An ATX heading: one to six '#', then a space and its words (or nothing); a closing run of '#' is no word.
HEADING = re.compile(r"(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*\Z")
SECTION_LEVEL, STEP_LEVEL = 2, 3


@dataclass(frozen=True)
class Step:
    """One paper of a path: its slug, the curator's commentary, the line of its heading."""

    paper: str
    why: str  # plain text; a blank line starts a new paragraph
    line: int


@dataclass(frozen=True)
class Section:
    """Steps under one `## ` heading; the steps before any heading have no title."""

    title: str | None
    intro: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class ReadingPath:
    name: str  # the file's name without '.md': the page is paths/<name>/
    path: str  # the file, as problems name it
    title: str
    summary: str
    audience: str | None
    sections: tuple[Section, ...]

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(step for section in self.sections for step in section.steps)


def read_reading_path(file: PaperFile, papers: Collection[str],
                      papers_dir: str = "content/papers/") -> tuple[ReadingPath | None, list[Problem]]:
    """The path a file holds, or every problem of it: reading problems first, then its fields'
    and its steps'. `papers`: the slugs of the paper files (of `papers_dir`), which steps name."""
    if any(p.severity == "error" for p in file.problems):
        return None, list(file.problems)
    problems = list(file.problems)
    path = file.path
    if not isinstance(file.meta, dict):
        # Line 2: the front matter's first line, below the opening '---'.
        return None, [*problems, Problem(path, 2, f"the front matter is {_kind(file.meta)}, not a mapping "
                                                  f"(expected 'title: ...', 'summary: ...' lines)")]
    if not SLUG.match(file.slug):
        named = "-".join(re.findall(r"[a-z0-9]+", file.slug.lower())) or "gpu-microarchitecture"
        problems.append(Problem(path, 1, f"file name '{file.slug}.md' is not a name (expected lowercase words "
                                         f"joined by '-', e.g. '{named}.md')"))
    elif file.slug == INDEX_NAME:
        problems.append(Problem(path, 1, "the name 'index' is the page that lists every path "
                                         "(expected another file name)"))
    values = _fields(file, problems)
    sections = _sections(file, problems, papers, papers_dir)
    if problems:
        return None, problems
    return ReadingPath(file.slug, path, values["title"], values["summary"], values.get("audience"), sections), []


def _fields(file: PaperFile, problems: list[Problem]) -> dict[str, str]:
    """The front matter's texts, each stripped; every problem of a field at its line."""
    values = {}
    for key in file.meta:
        if key not in PATH_FIELDS:
            problems.append(Problem(file.path, file.line_of.get(key, 1), f"unknown field '{key}'"
                                    f"{closest(str(key), PATH_FIELDS)} (expected {', '.join(PATH_FIELDS)})"))
    for key, (holds, required) in PATH_FIELDS.items():
        value, line = file.meta.get(key), file.line_of.get(key, 1)
        if value is None:
            if required:
                problems.append(Problem(file.path, line, f"missing '{key}' (expected {holds})"))
            continue
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(file.path, line, f"'{key}' is empty or not text: {shown_value(value)} (expected {holds})"))
            continue
        bad = BAD_CHARACTER.search(value) or (LINE_BREAK.search(value.strip()) if key == "title" else None)
        if bad is not None:
            on_one_line = " on one line" if key == "title" else ""
            problems.append(Problem(file.path, line, f"'{key}' holds {character_name(bad.group())} "
                                                     f"(expected printable text{on_one_line})"))
            continue
        values[key] = value.strip()
    return values


def _sections(file: PaperFile, problems: list[Problem], papers: Collection[str],
              papers_dir: str) -> tuple[Section, ...]:
    """The body's sections and steps, in order; every problem at its line."""
    path = file.path
    # [title, its line, intro lines, steps]; a step is [slug, its line, its lines]
    sections: list[list[Any]] = [[None, file.body_line, [], []]]
    step: list[Any] | None = None
    stray_text = False
    for number, line in enumerate(file.body.split("\n"), start=file.body_start):
        line = line.removesuffix("\r")  # a file saved with Windows line ends
        if (bad := BAD_CHARACTER.search(line)) is not None:
            problems.append(Problem(path, number, f"the text holds {character_name(bad.group())} (expected printable text)"))
        heading = HEADING.match(line)
        if heading is None:
            if step is not None:
                step[2].append(line)
            elif sections[-1][0] is not None:
                sections[-1][2].append(line)
            elif line.strip() and not stray_text:
                stray_text = True
                problems.append(Problem(path, number, "text before the first step (expected a '### <paper-slug>' "
                                                      "heading above each paper's commentary; what the path is about "
                                                      "goes in 'summary')"))
            continue
        level, words = len(heading.group(1)), (heading.group(2) or "").strip()
        if level == SECTION_LEVEL:
            step = None
            if not words:
                problems.append(Problem(path, number, "a section heading without words (expected '## ' and the "
                                                      "section's title, e.g. '## Part 1: What the units do')"))
            sections.append([words or None, number, [], []])
        elif level == STEP_LEVEL:
            if not SLUG.match(words):
                problems.append(Problem(path, number, f"the step '### {words}' names no paper slug (expected '### ' "
                                                      f"and a paper's file name without '.md', e.g. '### snapkv')"))
            step = [words, number, []]
            sections[-1][3].append(step)
        else:
            problems.append(Problem(path, number, f"a heading of level {level} (expected '## ' for a section "
                                                  f"or '### <paper-slug>' for a step)"))
    found = []
    seen: dict[str, int] = {}  # slug -> the line of its first step
    number = 0
    for title, line, intro, steps in sections:
        if title is not None and not steps:
            problems.append(Problem(path, line, f"the section '{title}' has no steps (expected '### <paper-slug>' "
                                                f"headings under it, each with its commentary)"))
        made = tuple(Step(slug, "\n".join(lines).strip(), step_line) for slug, step_line, lines in steps)
        for made_step in made:
            number += 1
            if SLUG.match(made_step.paper) and made_step.paper not in papers:
                problems.append(Problem(path, made_step.line, f"step {number} names the paper "
                                        f"'{made_step.paper}', which {papers_dir} does not hold"
                                        f"{closest(made_step.paper, papers)} (expected the name of a paper file "
                                        f"there, without '.md')"))
            if made_step.paper in seen:
                problems.append(Problem(path, made_step.line, f"the paper '{made_step.paper}' is a step already, on "
                                                              f"line {seen[made_step.paper]} (expected each paper once "
                                                              f"in a path)"))
            seen.setdefault(made_step.paper, made_step.line)
            if not made_step.why:
                problems.append(Problem(path, made_step.line, f"the step '{made_step.paper}' has no commentary "
                                                              f"(expected a paragraph under its heading: why read it, "
                                                              f"what to take from it)"))
        found.append(Section(title, "\n".join(intro).strip(), made))
    if not number:
        problems.append(Problem(path, file.body_line, "the path has no steps (expected a '### <paper-slug>' heading "
                                                      "for each paper, in reading order, each with its commentary)"))
    return tuple(section for section in found if section.title is not None or section.steps)


def _kind(value: Any) -> str:
    return {list: "a list", str: "text"}.get(type(value), f"a {type(value).__name__}")
