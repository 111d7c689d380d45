"""What a reader sees first, on a laptop and on a phone: hardware and topic pages open with
their papers in the first screen (the pages of each kind with the most above their papers, in
Chromium), every page's tab title is its heading, and no page
scrolls sideways at 390 px. Screenshots of every kind of page at both widths land in
test-artifacts/browser/ for a person to look at."""

from __future__ import annotations

import html
import re

import pytest
from playwright.sync_api import expect

from generator.content.check import read_content
from support import SEED_CONTENT

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
CONTENT = read_content(SEED_CONTENT)
HARDWARE_AND_TOPIC_PAGES = sorted(f"hardware/{i}/" for i in CONTENT.hardware.nodes) + sorted(
    f"topics/{i}/" for i in CONTENT.topics.topics)
# One page of each kind.
PAGE_KINDS = {
    "home": "", "papers": "papers/", "paper": "papers/snapkv/", "paper-with-mentions": "papers/adding-nvme-ssds-to-enable/",
    "hardware-index": "hardware/", "vendor": "hardware/nvidia/", "architecture": "hardware/ampere/",
    "device": "hardware/a100/", "topics": "topics/", "topic": "topics/kv-cache/", "years": "years/",
    "results": "results/", "filter": "filter/", "data": "data/", "recent": "recent/", "not-found": "404.html",
    "paths": "paths/", "path": "paths/serving-llms-on-one-gpu/", "paper-in-a-path": "papers/ganq/",
}
SITE_NAME = "AI Hardware Reading List"


def listed(pages: list[str], site_dir) -> list[str]:
    """The pages of `pages` that the site has (a node or topic without papers has none)."""
    return [uri for uri in pages if (site_dir / uri / "index.html").is_file()]


def heading(page) -> str:
    return page.locator(".md-content h1").first.inner_text().rstrip("¶").strip()


_TITLE = re.compile(r"<title>(.*?)</title>", re.S)
_H1 = re.compile(r'<div class="md-content"[^>]*>.*?<h1\b[^>]*>(.*?)</h1>', re.S)
_TABLE = re.compile(r'<table class="paper-table')
_BLOCK = re.compile(r"<(?:p|li|h[2-6]|dt|dd|tr|details|summary|pre|blockquote|figure)\b")
_TAG = re.compile(r"<[^>]+>")


def text_of(markup: str) -> str:
    return " ".join(html.unescape(_TAG.sub(" ", markup)).split())


def above_the_papers(page_html: str) -> int:
    """How much stands above a page's first table of papers: its characters of text, and a
    line's worth for each block (a heading, a paragraph, a list item, a row)."""
    content = page_html[page_html.index('<div class="md-content"'):]
    table = _TABLE.search(content)
    before = content[:table.start()] if table else content
    return len(text_of(before)) + 80 * len(_BLOCK.findall(before))


def kind_of(uri: str) -> str:
    section, name = uri.strip("/").split("/")
    return "topic" if section == "topics" else CONTENT.hardware.nodes[name].kind


def most_above_the_papers(site_dir, per_kind: int = 3) -> list[str]:
    """Of each kind of hardware page (vendor, architecture, family, device) and of the topic
    pages, the `per_kind` with the most above their papers: where a page pushes its papers out
    of the first screen, these do first (a long account of a device, many facts, a long intro)."""
    by_kind: dict[str, list[tuple[int, str]]] = {}
    for uri in listed(HARDWARE_AND_TOPIC_PAGES, site_dir):
        weight = above_the_papers((site_dir / uri / "index.html").read_text(encoding="utf-8"))
        by_kind.setdefault(kind_of(uri), []).append((weight, uri))
    return sorted(uri for pages in by_kind.values() for _, uri in sorted(pages, reverse=True)[:per_kind])


def test_every_hardware_and_topic_page_is_titled_by_its_heading(site_dir):
    shown = listed(HARDWARE_AND_TOPIC_PAGES, site_dir)
    assert len(shown) > 40
    wrong = []
    for uri in shown:
        page_html = (site_dir / uri / "index.html").read_text(encoding="utf-8")
        title, h1 = text_of(_TITLE.search(page_html).group(1)), text_of(_H1.search(page_html).group(1))
        if title != f"{h1.rstrip('¶').strip()} - {SITE_NAME}":
            wrong.append(f"{uri}: tab {title!r}, heading {h1!r}")
    assert not wrong


def test_the_pages_with_most_above_their_papers_are_those_with_the_longest_accounts(site_dir):
    chosen = most_above_the_papers(site_dir)
    kinds = {kind_of(uri) for uri in chosen}
    assert {"vendor", "architecture", "device", "topic"} <= kinds
    # A page's papers are below its heading, facts and intro: more of them counts more.
    assert above_the_papers('<div class="md-content"><h1>A</h1><p>' + "word " * 50
                            + '</p><table class="paper-table">') > above_the_papers(
        '<div class="md-content"><h1>A</h1><table class="paper-table">')


@pytest.mark.parametrize("size", SIZES)
def test_hardware_and_topic_pages_show_papers_in_the_first_screen(make_context, base_url, site_dir, size):
    """Checked in Chromium on the pages of each kind with the most above their papers (every
    page's title is checked above without a browser): one page load each, at two widths."""
    page = make_context(**SIZES[size]).new_page()
    low = []
    for uri in most_above_the_papers(site_dir):
        page.goto(base_url + uri)
        first = page.locator("table.paper-table tbody tr").first
        expect(first).to_be_visible()
        box = first.bounding_box()
        if box["y"] + min(box["height"], 40) > SIZES[size]["viewport"]["height"]:
            low.append(f"{uri}: first paper at {box['y']:.0f}px")
        assert page.title() == f"{heading(page)} - {SITE_NAME}"
    assert not low


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_each_kind_of_page_fits_the_width_and_is_titled_by_its_heading(make_context, base_url, artifacts, kind,
                                                                        size):
    page = make_context(**SIZES[size]).new_page()
    page.goto(base_url + PAGE_KINDS[kind])
    expect(page.locator(".md-content h1").first).to_be_visible()
    page.screenshot(path=artifacts / f"{kind}-{size}.png", full_page=True, animations="disabled")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{kind} at {size} width scrolls sideways by {overflow}px"
    if kind == "home":
        assert page.title() == SITE_NAME
    elif kind != "not-found":
        assert page.title() == f"{heading(page)} - {SITE_NAME}"


def test_a_whole_list_of_papers_sorts_by_title_and_by_year(page, base_url):
    page.goto(base_url + "topics/kv-cache/")
    table = page.locator("table.paper-table")
    years = lambda: [int(y or 0) for y in table.locator("td[data-label=Year]").all_inner_texts()]  # noqa: E731
    titles = lambda: [t.casefold() for t in table.locator("td.paper-title > a").all_inner_texts()]  # noqa: E731
    table.get_by_role("button", name="Year").click()
    assert years() == sorted(years())
    table.get_by_role("button", name="Year").click()
    assert years() == sorted(years(), reverse=True)
    table.get_by_role("button", name="Paper").click()
    assert titles() == sorted(titles())
    expect(table.locator("th", has=page.get_by_role("button", name="Paper"))).to_have_attribute("aria-sort", "ascending")
