"""Helpers that several test files share: the state of a folder, and a small list in a git
repository of its own."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

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
