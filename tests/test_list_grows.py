"""The list grows: what a contributor runs on content/ (`python -m generator check`, the links it
would check, `mkdocs build --strict`) passes for any valid list, and the site lists every paper.

These are the only tests that read the live content/, and they assert only what holds for any
valid list: no count, no known paper. Tests with known answers read the frozen copy of the seed
list, tests/fixtures/seed_content/ (tests/support.py, SEED_CONTENT). A copy of the live content
grown by a paper written by hand, on a device and a topic the vocabularies did not have, passes
the same checks, and its pages list the new paper.

READING_LIST_TEST_CONTENT=<folder> runs the live-content test on another folder."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bs4 import BeautifulSoup

from generator.content.links import gather_links
from generator.content.store import Store
from support import LIVE_CONTENT, ROOT, mkdocs_build, mkdocs_config

# A paper as a contributor writes it by hand: no `sources:`, no `imported_title`, no arXiv id,
# no upvotes, on hardware and a topic the vocabularies did not have.
SLUG = "photonic-tiling-on-the-lumenfold-lf7000"
PAPER = """\
---
title: 'Photonic Tiling: Matrix Kernels for the Lumenfold LF7000'
authors:
- Ada Quillfeather
- Boris Tannenbaum
published: 2026-03-02
venue: A Workshop on Accelerators
code: https://github.com/lumenfold-example/photonic-tiling
hardware: [lumenfold-lf7000]
topics: [photonic-tiling]
note: Added by hand, to show that the list grows.
added: 2026-11-23
---

We present photonic tiling, a way to split matrix multiplications into tiles that fit the optical
units of an accelerator. On a Lumenfold LF7000, our kernels reach 2.1x the throughput of the vendor
library at the same accuracy.
"""
VENDOR, ARCHITECTURE, DEVICE, TOPIC = "lumenfold", "brightwave", "lumenfold-lf7000", "photonic-tiling"
# Inserted right after `vendors:` and `topics:`, as a contributor adds a node.
HARDWARE_NODES = f"""\
  - id: {VENDOR}
    name: Lumenfold
    aliases: [Lumenfold]
    description: A maker of optical accelerators, added by the test that grows the list.
    architectures:
      - id: {ARCHITECTURE}
        name: Brightwave
        year: 2026
        aliases: [Brightwave]
        description: Lumenfold's first optical architecture.
        devices:
          - id: {DEVICE}
            name: Lumenfold LF7000
            year: 2026
            kind: other
            aliases: [LF7000, Lumenfold LF7000]
"""
TOPIC_NODE = f"""\
  - id: {TOPIC}
    name: Photonic tiling
    description: Splitting matrix kernels into tiles for optical compute units.
    match:
      - photonic tiling
"""


def grown_copy(folder: Path, content: Path = LIVE_CONTENT) -> Path:
    """A copy of `content` in `folder`/content with the hand-written paper, its device and its topic."""
    grown = folder / "content"
    shutil.copytree(content, grown)
    hardware, topics = grown / "hardware.yml", grown / "topics.yml"
    for path, ids, marker, node in ((hardware, (VENDOR, ARCHITECTURE, DEVICE), "\nvendors:\n", HARDWARE_NODES),
                                    (topics, (TOPIC,), "\ntopics:\n", TOPIC_NODE)):
        text = path.read_text(encoding="utf-8")
        taken = [i for i in ids if re.search(rf"^\s*- id: {re.escape(i)}$", text, re.M)]
        assert not taken, f"{path.name} has {taken} now: give the test's new nodes other ids"
        assert text.count(marker) == 1, f"{path.name}: expected one line {marker.strip()!r}"
        path.write_text(text.replace(marker, marker + node), encoding="utf-8")
    assert not (grown / "papers" / f"{SLUG}.md").exists()
    (grown / "papers" / f"{SLUG}.md").write_text(PAPER, encoding="utf-8")
    return grown


def soup(site: Path, uri: str) -> BeautifulSoup:
    return BeautifulSoup((site / uri / "index.html").read_text(encoding="utf-8"), "html.parser")


def listed(site: Path, uri: str) -> list[str]:
    """Slugs of the papers the listing at `uri` shows, over all its pages."""
    pages = [site / uri, *sorted((site / uri / "page").glob("*"), key=lambda folder: int(folder.name))]
    return [a["href"].rstrip("/").split("/")[-1] for page in pages
            for a in soup(site, page.relative_to(site).as_posix()).select("table.paper-table td.paper-title > a")]


def contributor_checks(content: Path, work: Path) -> tuple[Path, list[str]]:
    """What a contributor runs on `content`, each passing: `check`, the links `links` would check,
    `mkdocs build --strict`. The built site, and the lines `check` printed (warnings at most)."""
    check = subprocess.run([sys.executable, "-m", "generator", "--content", str(content), "check"],
                           cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr[-4000:]
    _, skipped, files = gather_links(content)
    assert skipped == [] and files == len(Store(content).paper_paths()), [str(p) for p in skipped]
    site = work / "site"
    build = mkdocs_build(mkdocs_config(work, content), site)
    assert build.returncode == 0, build.stderr[-4000:]
    assert not re.search(r"^WARNING", build.stderr, re.M), build.stderr[-4000:]
    slugs = sorted(path.stem for path in Store(content).paper_paths())
    assert slugs
    for slug in slugs:
        assert (site / "papers" / slug / "index.html").is_file(), slug
    pages = sorted(path.parent.name for path in (site / "papers").glob("*/index.html") if path.parent.name != "page")
    assert pages == slugs
    assert sorted(listed(site, "papers")) == slugs
    assert sorted(p["slug"] for p in json.loads((site / "papers.json").read_text(encoding="utf-8"))["papers"]) == slugs
    return site, check.stderr.splitlines()


def test_the_live_content_passes_check_and_builds_with_every_paper_listed(tmp_path):
    """The one test that builds the site of the live content/ (or READING_LIST_TEST_CONTENT's)."""
    contributor_checks(LIVE_CONTENT, tmp_path)


def test_a_paper_written_by_hand_on_a_new_device_and_topic_passes_and_is_listed(tmp_path):
    """The live-content test, run by pytest with READING_LIST_TEST_CONTENT naming a grown copy, passes;
    the site it built lists the new paper on its device's and topic's pages. (One build for both:
    the site the inner run left in its --basetemp.)"""
    content = grown_copy(tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--basetemp", str(tmp_path / "run"),
         f"{Path(__file__).resolve()}::test_the_live_content_passes_check_and_builds_with_every_paper_listed"],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "READING_LIST_TEST_CONTENT": str(content)},
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-4000:]
    assert "1 passed" in run.stdout
    [site] = (tmp_path / "run").glob("*0/site")  # (pytest also links it as "...current")
    check = subprocess.run([sys.executable, "-m", "generator", "--content", str(content), "check"],
                           cwd=ROOT, capture_output=True, text=True)
    assert [line for line in check.stderr.splitlines() if SLUG in line] == []  # no warning either
    page = soup(site, f"papers/{SLUG}").get_text(" ")
    assert "Photonic Tiling: Matrix Kernels for the Lumenfold LF7000" in page
    for uri in (f"hardware/{DEVICE}", f"hardware/{ARCHITECTURE}", f"hardware/{VENDOR}", f"topics/{TOPIC}"):
        assert SLUG in listed(site, uri), uri
    for index in ("hardware", "topics"):
        assert soup(site, index).find("a", href=re.compile(rf"(^|/){DEVICE if index == 'hardware' else TOPIC}/$")), index
    assert any(p["slug"] == SLUG and DEVICE in p["hardware"] and TOPIC in p["topics"]
               for p in json.loads((site / "papers.json").read_text(encoding="utf-8"))["papers"])
