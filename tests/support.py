"""Helpers that several test files share: the content folders tests read, a build of the site
from any of them, the state of a folder, and a small list in a git repository of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The list as contributors grow it. Tests read it only for what holds for any valid list
# (tests/test_list_grows.py): it passes `check`, builds with --strict, every paper is listed.
# READING_LIST_TEST_CONTENT points those tests at another folder (a grown copy, say).
LIVE_CONTENT = Path(os.environ.get("READING_LIST_TEST_CONTENT") or ROOT / "content").resolve()
# The 52 seed papers and the vocabularies as they were when the tests with known answers
# (counts, hand readings, expected pages) were written: a frozen copy of content/ (papers,
# hardware.yml, topics.yml, sources), which a paper added to content/ never changes.
SEED_CONTENT = Path(__file__).resolve().parent / "fixtures" / "seed_content"
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
# A repository with no user or system configuration: the same commits on every machine.
GIT_ENV = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def snapshot(root: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under root: its bytes and modification time."""
    return {p.relative_to(root).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(root.rglob("*")) if p.is_file()}


def age(root: Path) -> None:
    """Date every file back, so that a rewrite shows in its mtime however coarse the clock."""
    for p in root.rglob("*"):
        if p.is_file():
            os.utime(p, ns=(1_000_000_000_000_000_000, 1_000_000_000_000_000_000))


def git(repo: Path, *args: str) -> str:
    """Run git in `repo`; its output."""
    run = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                         env={**os.environ, **GIT_ENV}, check=True)
    return run.stdout


def small_list_repo(repo: Path) -> Path:
    """`repo` holding the small list as content/, committed and tagged `base`."""
    shutil.copytree(SMALL, repo / "content")
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the small list")
    git(repo, "tag", "base")
    return repo


def mkdocs_config(folder: Path, content: Path) -> Path:
    """The project's mkdocs.yml, written into `folder`, reading `content` instead of content/."""
    text = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    text = text.replace("docs_dir: site_templates/static", f"docs_dir: {ROOT / 'site_templates' / 'static'}")
    text = text.replace("custom_dir: site_templates/overrides", f"custom_dir: {ROOT / 'site_templates' / 'overrides'}")
    text = text.replace("  - reading-list\n", f"  - reading-list:\n      content_dir: {content}\n"
                                               f"      templates_dir: {ROOT / 'site_templates'}\n")
    assert str(content) in text
    config = folder / "mkdocs.yml"
    config.write_text(text, encoding="utf-8")
    return config


def mkdocs_build(config: Path, site: Path, *, command: list[str] | None = None,
                 **env: str) -> subprocess.CompletedProcess:
    """`mkdocs build --strict -f config` into `site` (or `command` before those arguments)."""
    command = command or [sys.executable, "-m", "mkdocs", "build"]
    return subprocess.run(
        [*command, "--strict", "-f", str(config), "--site-dir", str(site)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
    )


def load_site(content_dir, related_k: int = 5):
    """The site of `content_dir` as a build derives it: every file read and validated (raising
    ContentError with every error), then derived, with nothing kept from another build."""
    from generator.content.check import read_content
    from generator.content.model import ContentError
    from generator.derive.facts import derive_site

    checked = read_content(content_dir)
    if checked.errors:
        raise ContentError(checked.errors)
    return derive_site(checked.papers, checked.hardware, checked.topics, related_k, checked.warnings,
                       reading_paths=checked.reading_paths)


def page_texts(site, templates_dir, *args, **kwargs) -> dict:
    """`render_pages`' pages as `{src uri: Markdown}`."""
    from generator.site.render import render_pages

    return {uri: record.body for uri, record in render_pages(site, templates_dir, *args, **kwargs).items()}
