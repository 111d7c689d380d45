"""What a reader sees first, on a laptop and on a phone: every hardware and topic page opens
with its papers in the first screen, every page's tab title is its heading, and no page
scrolls sideways at 390 px. Screenshots of every kind of page at both widths land in
test-artifacts/browser/ for a person to look at."""

from __future__ import annotations

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


@pytest.mark.parametrize("size", SIZES)
def test_every_hardware_and_topic_page_shows_papers_in_the_first_screen_and_is_titled_by_its_heading(
        make_context, base_url, site_dir, size):
    page = make_context(**SIZES[size]).new_page()
    shown = listed(HARDWARE_AND_TOPIC_PAGES, site_dir)
    assert len(shown) > 40
    low, wrong = [], []
    for uri in shown:
        page.goto(base_url + uri)
        first = page.locator("table.paper-table tbody tr").first
        expect(first).to_be_visible()
        box = first.bounding_box()
        if box["y"] + min(box["height"], 40) > SIZES[size]["viewport"]["height"]:
            low.append(f"{uri}: first paper at {box['y']:.0f}px")
        if page.title() != f"{heading(page)} - {SITE_NAME}":
            wrong.append(f"{uri}: tab {page.title()!r}, heading {heading(page)!r}")
    assert not low
    assert not wrong


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
