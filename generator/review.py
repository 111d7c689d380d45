"""`python -m generator diff BASE`: what a change does to the reading list, in Markdown.

The content at git revision BASE is taken out of the repository into a temporary
folder (`git archive`) and read exactly as the working tree's is: `check.read_content`,
then `facts.derive_site`, of the papers whose files have no error (a duplicate
aside). The summary compares the two: the files with errors, which are not
checked further ("Not checked: fix these first"); the paper files added,
changed and removed, with what the site derives for each new or changed paper
(hardware it was measured on, topics, results); the hardware and topic pages
whose lists of papers change; device-like names that no alias knows and BASE
did not have; and duplicates that involve a touched file, each reported on the
touched one. When a vocabulary of either side has errors, the pages and names
are not compared. CI appends it to the job summary of a pull request.

Every text from content is escaped, so a title cannot make links or HTML in the
summary, not even GitHub's autolinks of bare URLs; the output depends only on the
two contents, in a fixed order.

`new_paper_slugs` (for `check --new-since BASE`) names the paper files added since BASE.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath

from .content.check import CheckedContent, check_duplicates, read_content, device_like_names
from .content.model import Paper, Problem
from .derive.facts import DeriveKept, PaperFacts, Site, derive_site
from .content.store import HARDWARE_FILE, MAX_PAPER_BYTES, PAPERS_DIR, TOPICS_FILE, Store
from .review_markdown import (code, file_link, md, nodes_text, paper_header, plural, results_text,
                              slugs_text, topics_text, vocabulary_changes, warnings)

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


def load_side(content: Path, kept: DeriveKept | None = None) -> Side:
    checked = read_content(content)
    site = None
    if checked.hardware is not None and checked.topics is not None:
        site = derive_site(derivable(checked), checked.hardware, checked.topics, warnings=checked.warnings,
                           kept=kept)
    files = {}
    for path in Store(content).paper_paths():
        with open(path, "rb") as file:
            files[path.stem] = file.read(MAX_PAPER_BYTES + 1)
    return Side(checked, site, files, _vocabularies(content))


def derivable(checked: CheckedContent) -> list[Paper]:
    """The papers the site can be derived from: those whose files have no error. A duplicate
    does not count (each copy is a paper the site can show; the summary lists it apart),
    while, say, an unknown hardware id would stop `derive_site`."""
    duplicates = set(check_duplicates(checked.papers, checked.files))
    erroneous = {problem.path for problem in checked.errors if problem not in duplicates}
    return [paper for paper in checked.papers if paper.path not in erroneous]


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
    kept = DeriveKept(facts={f.paper.slug: f for f in before.site.facts.values()}) if (
        before.site is not None and before.vocabularies == _vocabularies(content)) else None
    return commit, before, load_side(content, kept), relative


def new_paper_slugs(base: str, content: Path) -> frozenset[str]:
    """The slugs of the paper files added since `base`: in a commit after it, staged, or not yet
    known to git (`git diff --diff-filter=A BASE`, and the untracked files); ReviewError when
    `base` is no revision or `content` is in no repository."""
    root, relative = repository_of(content)
    commit = resolve_revision(root, base)
    papers = relative / PAPERS_DIR
    names = _git(root, "diff", "--name-only", "-z", "--find-renames", "--diff-filter=A", commit, "--", str(papers))
    names += b"\0" + _git(root, "ls-files", "-z", "--others", "--exclude-standard", "--", str(papers))
    paths = (PurePosixPath(name) for name in names.decode("utf-8", "surrogateescape").split("\0") if name)
    return frozenset(path.stem for path in paths if path.parent == papers and path.suffix == ".md")


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
                 f"{plural(len(self.added), 'paper')} added, {len(self.changed)} changed, "
                 f"{len(self.removed)} removed."]
        compared = self.before.site is not None and self.after.site is not None
        for name, before, after in zip((HARDWARE_FILE, TOPICS_FILE), self.before.vocabularies,
                                       self.after.vocabularies):
            if before != after:
                lines.append(f"{code(str(self.content / name))} changed" + (
                    ": every paper's hardware or topics may have moved (see the listing pages below)."
                    if compared else "."))
        if not compared:
            lines.append("A vocabulary has errors, so the listing pages and device-like names are not compared "
                         "(see “Not checked: fix these first”).")
        for title, section in (("Not checked: fix these first", self._not_checked()),
                               ("Added", self._papers(self.added)), ("Changed", self._papers(self.changed)),
                               ("Removed", self._removed()),
                               ("Hardware and topics added to the vocabularies",
                                vocabulary_changes(self.before.site, self.after.site) if compared else []),
                               ("Listing pages that change", self._listings() if compared else []),
                               ("New device-like names no alias knows", self._device_names() if compared else []),
                               ("Suspected duplicates", self._duplicates())):
            if section:
                lines += ["", f"### {title}", "", *section]
        return "\n".join(lines) + "\n"

    def _papers(self, slugs: list[str]) -> list[str]:
        lines = []
        for slug in slugs:
            facts = self.after.site.facts.get(slug) if self.after.site else None
            paper = facts.paper if facts else self._papers_read.get(slug)
            was = self.before.site.facts.get(slug) if self.before.site else None
            title = md(paper.title) if paper else "*(not read: see the errors)*"
            lines.append(f"- {file_link(code(slug), self.path(slug), self.link_base)} {title}")
            if paper is not None:
                lines.append(f"  - {paper_header(paper)}")
            if facts is not None:
                lines += [f"  - {label}: {now}" + (f" (was: {then})" if was is not None and then != now else "")
                          for label, now, then in self._facts(facts, was)]
                lines += [f"  - {warning}" for warning in warnings(self.after.site, facts)]
            elif self._shown(slug) in self._erroneous:
                lines.append("  - not checked: the file has errors (see “Not checked: fix these first”)")
            elif paper is not None:
                lines.append("  - hardware, topics and results: not derived (a vocabulary has errors)")
        return lines

    @cached_property
    def _papers_read(self) -> dict[str, Paper]:
        return {p.slug: p for p in self.after.checked.papers}

    @cached_property
    def _errors(self) -> list[Problem]:
        """The working tree's errors, but the duplicates (listed under "Suspected duplicates")."""
        return [p for p in self.after.checked.errors if p not in self._check_duplicates]

    @cached_property
    def _erroneous(self) -> set[str]:
        return {p.path for p in self._errors}

    def _not_checked(self) -> list[str]:
        """Each error of the working tree, but the duplicates, as `path:line: message`; and each
        error of BASE's vocabularies, which keep the pages from being compared."""
        lines = [f"- {md(f'{p.path}:{p.line}: {p.message}')}" for p in self._errors]
        if self.before.site is None:
            lines += [f"- at {code(self.base)}: {md(f'{p.path}:{p.line}: {p.message}')}"
                      for p in self.before.checked.errors
                      if PurePosixPath(p.path).parts[1:] in ((HARDWARE_FILE,), (TOPICS_FILE,))]
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
        against, was_against = facts.compared_against, was.compared_against if was else ()
        return [
            ("measured on", nodes_text(site, facts.hardware), nodes_text(old, was.hardware) if was else None),
        ] + ([("compared against", nodes_text(site, against), nodes_text(old, was_against) if was else None)]
             if against or was_against else []) + [
            ("topics", topics_text(site, facts.topics), topics_text(old, was.topics) if was else None),
            ("results", results_text(site, facts.results), results_text(old, was.results) if was else None),
        ] + ([("named in passing", nodes_text(site, facts.mentioned_hardware),
               nodes_text(old, was.mentioned_hardware) if was else None)]
             if facts.mentioned_hardware or (was and was.mentioned_hardware) else [])

    def _removed(self) -> list[str]:
        papers = {p.slug: p for p in self.before.checked.papers}
        return [f"- {code(slug)} {md(papers[slug].title) if slug in papers else ''}".rstrip() for slug in self.removed]

    def _listings(self) -> list[str]:
        """Each hardware or topic page whose list of papers changes: who comes and who goes."""
        changes: dict[str, list[str]] = {}
        # A paper whose file has errors on either side is left out: where it would be is not known.
        unknown = {p.slug for side in (self.before, self.after) for p in side.checked.papers
                   if p.slug not in side.site.facts}
        for folder, pick, what in (("hardware", lambda s: s.node_papers, "paper"),
                                   ("hardware", lambda s: s.node_mentions, "naming it in passing"),
                                   ("topics", lambda s: s.topic_papers, "paper")):
            old, new = pick(self.before.site), pick(self.after.site)
            for node_id in old.keys() | new.keys():
                was = {p.slug for p in old.get(node_id, ())} - unknown
                now = {p.slug for p in new.get(node_id, ())} - unknown
                for sign, slugs in (("+", sorted(now - was)), ("−", sorted(was - now))):
                    if slugs:
                        counted = plural(len(slugs), what) if what == "paper" else f"{len(slugs)} {what}"
                        changes.setdefault(f"{folder}/{node_id}/", []).append(f"{sign}{counted} ({slugs_text(slugs)})")
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
