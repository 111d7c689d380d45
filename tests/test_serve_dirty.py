"""`mkdocs serve --dirty` (make serve): after each save, the served site is the site a full
`mkdocs build` makes of the saved content, file for file, though MkDocs was handed only the
pages and files that changed.

The server's builds run in a subprocess, as the server runs them: one plugin kept across
builds, a fresh configuration each time, the site folder never cleaned."""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support import SEED_CONTENT


ROOT = Path(__file__).resolve().parent.parent

# Each line of stdin names a build; the project's papers are edited between them by the test.
SERVER = textwrap.dedent("""
    import sys
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    first = True
    for line in sys.stdin:
        config = load_config("mkdocs.yml", site_dir=sys.argv[1])
        if first:
            config.plugins.on_startup(command="serve", dirty=True)
            first = False
        build(config, dirty=True)
        print("built", flush=True)
""")


@pytest.fixture
def project(tmp_path) -> Path:
    shutil.copytree(SEED_CONTENT, tmp_path / "content", ignore=shutil.ignore_patterns("sources"))
    shutil.copytree(ROOT / "site_templates", tmp_path / "site_templates")
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    # No search index: Pagefind's output is not the subject here (and is made in the background).
    config = config.replace("  - reading-list\n", "  - reading-list:\n      search_index: false\n", 1)
    # With a site URL, the sitemap lists every page: one a partial build must leave whole.
    config += "\nsite_url: https://example.org/reading-list/\n"
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    return tmp_path


class Server:
    def __init__(self, project: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, str(project / "served")], cwd=project,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})

    def build(self) -> None:
        self.process.stdin.write("build\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline() == "built\n"

    def stop(self) -> None:
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0


def full_build(project: Path) -> Path:
    site = project / "full"
    shutil.rmtree(site, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--site-dir", str(site)], cwd=project, check=True,
                   capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return site


def differences(left: Path, right: Path) -> list[str]:
    """Paths that one folder holds and the other does not, or holds with other bytes."""
    found = []
    compared = filecmp.dircmp(left, right)
    stack = [(compared, "")]
    while stack:
        node, prefix = stack.pop()
        found += [prefix + name for name in node.left_only + node.right_only + node.funny_files]
        _, mismatch, errors = filecmp.cmpfiles(node.left, node.right, node.common_files, shallow=False)
        found += [prefix + name for name in mismatch + errors]
        stack += [(child, f"{prefix}{name}/") for name, child in node.subdirs.items()]
    return sorted(found)


NEW_PAPER = """---
title: 'WindowKV: One Window of the Prompt Is Enough'
arxiv: '2411.00001'
---

We present WindowKV, which keeps one window of the KV cache on an H100 GPU.
"""


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_after_each_save_the_served_site_is_the_full_build_of_the_saved_content(project):
    papers = project / "content" / "papers"
    server = Server(project)
    try:
        server.build()
        saves = [
            # A note: one paper page and the listings' files change.
            lambda: edit(papers / "snapkv.md", "\n---\n", "\nnote: Read with Quest.\n---\n"),
            # A later date added: the same pages, but the sitemap's dates change (it is written again).
            lambda: edit(papers / "snapkv.md", "added: 2026-11-21", "added: 2026-11-23"),
            # An abstract that now names another paper: mentions, related papers, listings.
            lambda: edit(papers / "snapkv.md", "\n---\n", "\n---\nUnlike PyramidKV, we look at one window.\n"),
            # A new paper: new pages (MkDocs is handed every page and writes the sitemap again).
            lambda: (papers / "new-paper.md").write_text(NEW_PAPER, encoding="utf-8"),
            # ... and the paper removed again: its outputs go.
            lambda: (papers / "new-paper.md").unlink(),
        ]
        for save in saves:
            save()
            server.build()
            assert differences(project / "served", full_build(project)) == []
    finally:
        server.stop()


def test_the_server_learns_of_a_saved_file_from_the_system_instead_of_polling(tmp_path):
    # generator/plugin.py, watch_natively: MkDocs' server polls every file of what it watches every
    # half second; where the system reports changes (inotify here), it is told instead.
    import time

    from mkdocs.livereload import LiveReloadServer
    from watchdog.observers import Observer
    from watchdog.observers.polling import PollingObserver

    from generator.plugin import watch_natively

    content, other = tmp_path / "content", tmp_path / "other"
    content.mkdir()
    other.mkdir()
    server = LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path / "site"))
    server.watch(str(content))
    server.watch(str(other))
    server.watch(str(other))
    assert isinstance(server.observer, PollingObserver)
    watch_natively(server, content)
    assert not isinstance(server.observer, PollingObserver) and isinstance(server.observer, Observer)
    assert server._watched_paths == {str(content): 1, str(other): 2}
    (content / "read.md").write_text("read", encoding="utf-8")
    server.observer.start()
    try:
        # What the build does to what it reads is no save: it would start another build, forever.
        (content / "read.md").read_text(encoding="utf-8")
        time.sleep(0.5)
        assert not server._want_rebuild
        (content / "paper.md").write_text("saved", encoding="utf-8")
        deadline = time.monotonic() + 10
        while not server._want_rebuild and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server._want_rebuild
    finally:
        server.observer.stop()
        server.observer.join()
