"""`python -m generator diff BASE`: what a change does to the reading list, in Markdown.

The content at git revision BASE is taken out of the repository into a temporary
folder (`git archive`) and read exactly as the working tree's is: `check.collect`,
then `site.derive_site`. The summary compares the two: the paper files added,
changed and removed, with what the site derives for each new or changed paper
(hardware it was measured on, topics, results); the hardware and topic pages
whose lists of papers change; device-like names that no alias knows and BASE
did not have; and duplicates that involve a touched file, each reported on the
touched one. CI appends it to the job summary of a pull request.

Every text from content is escaped, so a title cannot make links or HTML in the
summary; the output depends only on the two contents, in a fixed order.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from .check import CheckedContent, check_duplicates, collect, device_like_names
from .model import Problem
from .results import Result
from .site import PaperFacts, Site, derive_site
from .store import HARDWARE_FILE, MAX_PAPER_BYTES, PAPERS_DIR, TOPICS_FILE, Store

SHOWN_SLUGS = 10  # slugs named per listing change; the rest are counted


class ReviewError(Exception):
    """BASE or the repository cannot be read; the message says why and what was expected."""


# ---------------------------------------------------------------------------- git


def _git(root: Path, *args: str) -> bytes:
    try:
        run = subprocess.run(["git", "-C", str(root), *args], capture_output=True, check=False)
    except FileNotFoundError:
        raise ReviewError("git is not installed (expected the git command on PATH)") from None
    if run.returncode != 0:
        raise ReviewError(run.stderr.decode("utf-8", "replace").strip() or f"git {args[0]} failed")
    return run.stdout


def repository_of(content: Path) -> tuple[Path, PurePosixPath]:
    """(the repository's root, the content folder relative to it)."""
    folder = content.resolve()
    try:
        top = Path(_git(folder.parent, "rev-parse", "--show-toplevel").decode().strip()).resolve()
    except ReviewError:
        raise ReviewError(f"{content} is not in a git repository (expected the content folder of a clone)") from None
    try:
        return top, PurePosixPath(folder.relative_to(top).as_posix())
    except ValueError:
        raise ReviewError(f"{content} is not inside the repository {top}") from None


def resolve_revision(root: Path, base: str) -> str:
    """The commit `base` names; ReviewError when it names none."""
    if not base or base.startswith("-"):
        raise ReviewError(f"'{base}' is not a git revision (expected a branch, tag or commit, e.g. origin/main)")
    try:
        return _git(root, "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}").decode().strip()
    except ReviewError:
        raise ReviewError(f"'{base}' is not a git revision of {root} (expected a branch, tag or commit, e.g. "
                          f"origin/main; a shallow clone must fetch it first)") from None


def extract_content(root: Path, commit: str, content: PurePosixPath, into: Path) -> Path:
    """The paper files and vocabularies of `content/` at `commit`, written under `into` at the
    same relative place; that folder (it may hold nothing, when `content/` did not exist)."""
    wanted = [str(content / name) for name in (PAPERS_DIR, HARDWARE_FILE, TOPICS_FILE)]
    listed = _git(root, "ls-tree", "-z", "--full-tree", "--name-only", commit, "--", *wanted)
    present = [name for name in listed.decode("utf-8", "surrogateescape").split("\0") if name]
    folder = into / content
    folder.mkdir(parents=True, exist_ok=True)
    if not present:
        return folder
    data = _git(root, "archive", "--format=tar", commit, "--", *present)
    with tarfile.open(fileobj=io.BytesIO(data)) as archive:
        for member in archive:
            parts = PurePosixPath(member.name).parts
            # Regular files only, each inside the content folder: a link in BASE is left out.
            if not member.isfile() or PurePosixPath(member.name).is_absolute() or ".." in parts:
                continue
            target = into.joinpath(*parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(archive.extractfile(member).read())
    return folder


# ---------------------------------------------------------------------------- one side


@dataclass
class Side:
    """The content of one revision: as checked, as the site derives it, and each file's bytes."""

    checked: CheckedContent
    site: Site | None  # None when a vocabulary does not load
    files: dict[str, bytes]  # slug -> the paper file's bytes (at most MAX_PAPER_BYTES + 1 of them)
    vocabularies: tuple[bytes | None, bytes | None]


def load_side(content: Path, reuse: dict | None = None) -> Side:
    checked = collect(content)
    site = None
    if checked.hardware is not None and checked.topics is not None:
        site = derive_site(checked.papers, checked.hardware, checked.topics, warnings=checked.warnings, reuse=reuse)
    files = {}
    for path in Store(content).paper_paths():
        with open(path, "rb") as file:
            files[path.stem] = file.read(MAX_PAPER_BYTES + 1)
    return Side(checked, site, files, _vocabularies(content))


def _vocabularies(content: Path) -> tuple[bytes | None, bytes | None]:
    return tuple((content / name).read_bytes() if (content / name).is_file() else None  # type: ignore[return-value]
                 for name in (HARDWARE_FILE, TOPICS_FILE))


def load_sides(base: str, content: Path) -> tuple[str, Side, Side, PurePosixPath]:
    """(BASE's commit, the content at BASE, the working tree's, content's place in the repository)."""
    root, relative = repository_of(content)
    commit = resolve_revision(root, base)
    with tempfile.TemporaryDirectory(prefix="reading-list-diff-") as temporary:
        before = load_side(extract_content(root, commit, relative, Path(temporary)))
    # Each paper's own facts hold for the same vocabularies: an unchanged paper is not derived again.
    reuse = {f.paper.slug: f for f in before.site.facts.values()} if (
        before.site is not None and before.vocabularies == _vocabularies(content)) else None
    return commit, before, load_side(content, reuse), relative


# ---------------------------------------------------------------------------- Markdown


_SPECIAL = set("\\`*_{}[]<>#+!|~&$")


def md(text: str) -> str:
    """Content as literal Markdown text on one line: every character that could make a link,
    emphasis, HTML, a table cell or math is escaped."""
    return "".join(f"\\{c}" if c in _SPECIAL else c for c in " ".join(str(text).split()))


def code(text: str) -> str:
    """A code span holding `text` literally, whatever backticks it has."""
    text = " ".join(str(text).split())
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _link(label: str, path: str, link_base: str | None) -> str:
    target = quote(path, safe="/")
    if link_base:
        target = f"{link_base.rstrip('/')}/{target}"
    return f"[{label}](<{target.replace('>', '%3E').replace('<', '%3C')}>)"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class Summary:
    """The comparison of two sides, written as Markdown by `markdown`."""

    def __init__(self, base: str, commit: str, before: Side, after: Side, content: PurePosixPath,
                 link_base: str | None = None, folder_name: str = "content"):
        self.base, self.commit, self.before, self.after = base, commit, before, after
        self.content, self.link_base = content, link_base
        self.folder_name = folder_name  # the content folder's own name, which problems' paths start with
        self.added = sorted(after.files.keys() - before.files.keys())
        self.removed = sorted(before.files.keys() - after.files.keys())
        self.changed = sorted(s for s in after.files.keys() & before.files.keys() if after.files[s] != before.files[s])

    def path(self, slug: str) -> str:
        return str(self.content / PAPERS_DIR / f"{slug}.md").removeprefix("./")

    def markdown(self) -> str:
        lines = [f"## Reading list: changes against {code(self.base)} ({code(self.commit[:12])})", "",
                 f"{_plural(len(self.added), 'paper')} added, {len(self.changed)} changed, "
                 f"{len(self.removed)} removed."]
        for name, before, after in zip((HARDWARE_FILE, TOPICS_FILE), self.before.vocabularies,
                                       self.after.vocabularies):
            if before != after:
                lines.append(f"{code(str(self.content / name))} changed: every paper's hardware or topics "
                             f"may have moved (see the listing pages below).")
        for title, section in (("Added", self._papers(self.added)), ("Changed", self._papers(self.changed)),
                               ("Removed", self._removed()), ("Listing pages that change", self._listings()),
                               ("New device-like names no alias knows", self._device_names()),
                               ("Suspected duplicates", self._duplicates())):
            if section:
                lines += ["", f"### {title}", "", *section]
        return "\n".join(lines) + "\n"

    def _papers(self, slugs: list[str]) -> list[str]:
        lines = []
        for slug in slugs:
            facts = self.after.site.facts.get(slug) if self.after.site else None
            paper = facts.paper if facts else next((p for p in self.after.checked.papers if p.slug == slug), None)
            was = self.before.site.facts.get(slug) if self.before.site else None
            title = md(paper.title) if paper else "*(not read: see the errors)*"
            lines.append(f"- {_link(code(slug), self.path(slug), self.link_base)} {title}")
            if facts is not None:
                lines += [f"  - {label}: {now}" + (f" (was: {then})" if was is not None and then != now else "")
                          for label, now, then in self._facts(facts, was)]
            elif paper is not None:
                lines.append("  - hardware, topics and results: not derived (a vocabulary has errors)")
            errors = [p for p in self.after.checked.errors
                      if p.path == self._shown(slug) and p not in self._check_duplicates]
            lines += [f"  - error: {md(f'{p.path}:{p.line}: {p.message}')}" for p in errors]
        return lines

    @cached_property
    def _check_duplicates(self) -> set[Problem]:
        """The duplicates `check` reports: listed under "Suspected duplicates", not with each paper."""
        return set(check_duplicates(self.after.checked.papers, self.after.checked.files))

    def _shown(self, slug: str) -> str:
        """A paper file's path as problems show it (relative to the folder above content/)."""
        return f"{self.folder_name}/{PAPERS_DIR}/{slug}.md"

    def _facts(self, facts: PaperFacts, was: PaperFacts | None) -> list[tuple[str, str, str | None]]:
        site, old = self.after.site, self.before.site
        return [
            ("measured on", _nodes(site, facts.hardware), _nodes(old, was.hardware) if was else None),
            ("topics", _topics(site, facts.topics), _topics(old, was.topics) if was else None),
            ("results", _results(site, facts.results), _results(old, was.results) if was else None),
        ] + ([("named in passing", _nodes(site, facts.mentioned_hardware),
               _nodes(old, was.mentioned_hardware) if was else None)]
             if facts.mentioned_hardware or (was and was.mentioned_hardware) else [])

    def _removed(self) -> list[str]:
        papers = {p.slug: p for p in self.before.checked.papers}
        return [f"- {code(slug)} {md(papers[slug].title) if slug in papers else ''}".rstrip() for slug in self.removed]

    def _listings(self) -> list[str]:
        """Each hardware or topic page whose list of papers changes: who comes and who goes."""
        changes: dict[str, list[str]] = {}
        for folder, pick, what in (("hardware", lambda s: s.node_papers, "paper"),
                                   ("hardware", lambda s: s.node_mentions, "naming it in passing"),
                                   ("topics", lambda s: s.topic_papers, "paper")):
            old = pick(self.before.site) if self.before.site else {}
            new = pick(self.after.site) if self.after.site else {}
            for node_id in old.keys() | new.keys():
                was = {p.slug for p in old.get(node_id, ())}
                now = {p.slug for p in new.get(node_id, ())}
                for sign, slugs in (("+", sorted(now - was)), ("−", sorted(was - now))):
                    if slugs:
                        counted = _plural(len(slugs), what) if what == "paper" else f"{len(slugs)} {what}"
                        changes.setdefault(f"{folder}/{node_id}/", []).append(f"{sign}{counted} ({_slugs(slugs)})")
        return [f"- {code(page)}: {', '.join(parts)}" for page, parts in sorted(changes.items())]

    def _device_names(self) -> list[str]:
        known = device_like_names(self.before.checked)
        return [f"- {code(name)}: {md(', '.join(places))}" for name, places in
                device_like_names(self.after.checked).items() if name not in known]

    def _duplicates(self) -> list[str]:
        touched = set(self.added) | set(self.changed)
        shown = {self._shown(slug) for slug in touched}
        found = check_duplicates(self.after.checked.papers, self.after.checked.files, new=touched)
        return [f"- {md(str(p))}" for p in sorted(found, key=lambda p: (p.path, p.line)) if p.path in shown]


def _slugs(slugs: list[str]) -> str:
    shown = ", ".join(code(s) for s in slugs[:SHOWN_SLUGS])
    return shown + (f" and {len(slugs) - SHOWN_SLUGS} more" if len(slugs) > SHOWN_SLUGS else "")


def _nodes(site: Site, ids: tuple[str, ...]) -> str:
    return ", ".join(f"{md(site.hardware.nodes[i].name)} ({code(i)})" for i in ids) or "none"


def _topics(site: Site, ids: tuple[str, ...]) -> str:
    return ", ".join(md(site.topics.topics[i].name) for i in ids) or "none"


def _results(site: Site, results: tuple[Result, ...]) -> str:
    shown = []
    for result in results:
        text = f"{result.shown} {result.described}"
        if result.baseline:
            text += f" over {result.baseline}"
        if result.device:
            node = site.hardware.nodes.get(result.device)
            text += f" on {node.name if node else result.device}"
        shown.append(md(text))
    return "; ".join(shown) or "none found"


# ---------------------------------------------------------------------------- command


def summarize(base: str, content: Path, link_base: str | None = None) -> str:
    """The Markdown summary of what the working tree's content changes against `base`."""
    commit, before, after, relative = load_sides(base, content)
    return Summary(base, commit, before, after, relative, link_base, Path(content).resolve().name).markdown()


def run_diff(base: str, content: Path, link_base: str | None = None, out=None, err=None) -> int:
    """Print the summary; 2, with the reason, when BASE or the repository cannot be read."""
    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    try:
        text = summarize(base, Path(content), link_base)
    except ReviewError as error:
        print(f"diff: {error}", file=err)
        return 2
    out.write(text)
    return 0
