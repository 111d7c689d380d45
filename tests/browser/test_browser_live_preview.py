"""Live preview: `mkdocs serve --dirty` (make serve) over a copy of the project shows an edit to
a paper's file, on its page, on the listings that show it and in search."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid

import pytest
from playwright.sync_api import expect

from support import SEED_CONTENT

from .conftest import ROOT, free_port

pytestmark = pytest.mark.browser


def wait_until_served(url: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"mkdocs serve exited: {process.stdout.read()[-4000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.3)
    raise AssertionError(f"mkdocs serve did not answer {url} within {timeout} s")


@pytest.fixture
def served_copy(tmp_path):
    """A copy of the project served by `mkdocs serve` on a free port: (project, base URL)."""
    project = tmp_path / "project"
    project.mkdir()
    shutil.copy(ROOT / "mkdocs.yml", project)
    shutil.copytree(SEED_CONTENT, project / "content")
    shutil.copytree(ROOT / "site_templates", project / "site_templates")
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "serve", "--dirty", "--dev-addr", f"127.0.0.1:{port}"],
        cwd=project, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_served(url + "papers/snapkv/", process)
        # The first index is made once the pages are served, at the lowest CPU priority: on a
        # machine busy with other work that takes a while (search says so meanwhile).
        wait_until_served(url + "pagefind/pagefind.js", process, timeout=240)
        yield project, url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def test_editing_a_paper_file_changes_the_served_page(served_copy, page):
    # served_copy first: the page closes before the server stops (no cut livereload poll).
    project, url = served_copy
    page.goto(url + "papers/snapkv/")
    expect(page.locator(".md-content h1")).to_contain_text("SnapKV")
    marker = f"Live preview marker {uuid.uuid4().hex[:8]}."
    assert marker not in page.content()

    paper = project / "content" / "papers" / "snapkv.md"
    text = paper.read_text(encoding="utf-8")
    paper.write_text(text.rstrip("\n") + f" {marker}\n", encoding="utf-8")

    # The open page reloads itself when the rebuild is done (livereload).
    expect(page.locator("h2#abstract ~ p").filter(has_text=marker)).to_have_count(1, timeout=45_000)
    # And a fresh load of the page shows it too.
    page.goto(url + "papers/snapkv/")
    expect(page.locator(".md-content")).to_contain_text(marker)
    # The search index is made again in the background once the page is served (the old one
    # answers meanwhile): soon, a page loaded afresh finds the new words. At the lowest CPU
    # priority, "soon" is seconds on an idle machine and can be minutes on a busy one.
    deadline = time.monotonic() + 240
    while True:
        page.goto(url + "papers/snapkv/")
        page.keyboard.press("/")
        page.locator("input.md-search__input").fill(marker.split()[-1].rstrip("."))
        meta = page.locator(".md-search-result__meta")
        expect(meta).to_contain_text(re.compile("match"), timeout=20_000)
        first = page.locator(".md-search-result__item > a").first
        if first.count() and re.search(r"/papers/snapkv/$", first.get_attribute("href") or ""):
            break
        assert time.monotonic() < deadline, "search never found the saved words"
        time.sleep(1)

    # The page leaves the site: its livereload poll would reload it during the rebuild below,
    # which can hold up closing the browser context afterwards.
    page.goto("about:blank")

    # A new title shows on the listings that name the paper, rebuilt with its page.
    paper.write_text(paper.read_text(encoding="utf-8").replace("title: 'SnapKV:", "title: 'SnapKV Revised:", 1),
                     encoding="utf-8")
    for listing in ("papers/", "hardware/a100/", "topics/kv-cache/"):
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            # The server holds a request while it rebuilds: on a busy machine, longer than a moment.
            try:
                with urllib.request.urlopen(url + listing, timeout=30) as response:
                    if "SnapKV Revised:" in response.read().decode("utf-8"):
                        break
            except (urllib.error.URLError, TimeoutError):
                pass
            time.sleep(0.3)
        else:
            raise AssertionError(f"{listing} does not show the new title")
