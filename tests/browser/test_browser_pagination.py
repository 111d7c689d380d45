"""Listings split into pages: the pager leads through them, and sorting a split results table
sorts every row (from results/rows.json), shown page by page in the browser.

The seed list fits on one page of each listing, so this module builds its own copy of
its site with a page size of PAGE_SIZE rows, and serves it.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from generator.content.store import Store
from support import SEED_CONTENT, mkdocs_config

from .conftest import served

pytestmark = pytest.mark.browser

PAGE_SIZE = 5
PAPERS = len(Store(SEED_CONTENT).paper_paths())
# `mkdocs build` with generator.site.pages.PAGE_SIZE set first (the plugin reads it when it renders).
BUILD = ("import sys, generator.site.pages as pages; pages.PAGE_SIZE = int(sys.argv[1]); "
         "from mkdocs.__main__ import cli; cli(['build', '--strict', '--site-dir', sys.argv[2]])")


@pytest.fixture(scope="module")
def paged_site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("paged-site")
    config = mkdocs_config(tmp_path_factory.mktemp("paged-config"), SEED_CONTENT)
    result = subprocess.run([sys.executable, "-c", BUILD, str(PAGE_SIZE), str(site)], cwd=config.parent,
                            capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert result.returncode == 0, result.stderr[-4000:]
    return site


@pytest.fixture(scope="module")
def paged_url(paged_site) -> str:
    with served(paged_site) as url:
        yield url


@pytest.fixture(scope="module")
def rows(paged_site) -> dict:
    return json.loads((paged_site / "results" / "rows.json").read_text(encoding="utf-8"))


def pager(page, label: str = "Pages"):
    return page.locator(f'nav.pager[aria-label="{label}"]')


def shown_values(page) -> list[str]:
    cells = page.locator(".sortable-table tbody tr td:first-child")
    return [cells.nth(i).inner_text().strip() for i in range(cells.count())]


def test_next_leads_through_every_page_of_all_papers(page, paged_url):
    count = math.ceil(PAPERS / PAGE_SIZE)
    page.goto(paged_url + "papers/")
    expect(page.locator(".md-content h1")).to_contain_text(f"Papers, page 1 of {count}")
    expect(pager(page).locator('a[aria-current="page"]')).to_have_text("1")
    seen = []
    for number in range(1, count + 1):
        expect(page.locator(".md-content h1")).to_contain_text(f"page {number} of {count}")
        expect(pager(page).locator('a[aria-current="page"]')).to_have_text(str(number))
        links = page.locator(".md-content table tbody tr td:first-child a")
        seen += [links.nth(i).get_attribute("href").rstrip("/").split("/")[-1] for i in range(links.count())]
        if number < count:
            pager(page).get_by_role("link", name="Next page").click()
            expect(page).to_have_url(re.compile(rf"/papers/page/{number + 1}/$"))
    expect(pager(page).get_by_role("link", name="Next page")).to_have_count(0)
    assert len(seen) == PAPERS and len(set(seen)) == PAPERS
    pager(page).get_by_role("link", name="Previous page").click()
    expect(page).to_have_url(re.compile(rf"/papers/page/{count - 1}/$"))
    pager(page).get_by_role("link", name="Page 1", exact=True).click()
    expect(page).to_have_url(re.compile(r"/papers/$"))


def sorted_shown(rows: dict, indexes: list[int], descending: bool) -> list[str]:
    """The Result column of `indexes` sorted as the page sorts it: by kind, then unit (both as
    written), then value, rows without a value last in their group, ties in their first order."""
    def key(index):
        value, kind, unit = rows["rows"][index][0], rows["rows"][index][2], rows["rows"][index][6]
        return kind, unit, value is None, 0 if value is None else (-value if descending else value)
    return [rows["rows"][i][1] for i in sorted(indexes, key=key)]


def test_sorting_results_by_value_orders_every_row_across_pages(page, paged_url, rows):
    total = len(rows["rows"])
    pages = math.ceil(total / PAGE_SIZE)
    assert pages > 3  # the table spans several pages
    largest_first = sorted_shown(rows, list(range(total)), descending=True)
    page.goto(paged_url + "results/page/2/")
    assert len(shown_values(page)) == PAGE_SIZE
    sort = page.locator(".sortable-table th button", has_text="Result")
    # By keyboard: the heading's button takes the focus and Enter presses it.
    sort.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".sortable-table th").first).to_have_attribute("aria-sort", "ascending")
    assert shown_values(page) == sorted_shown(rows, list(range(total)), descending=False)[:PAGE_SIZE]
    page.keyboard.press("Enter")
    expect(page.locator(".sortable-table th").first).to_have_attribute("aria-sort", "descending")
    status = page.locator(".sort-status")
    expect(status).to_contain_text(f"All {total} rows sorted by Result (descending)")
    # The largest values of each kind and unit of all the rows, not of the page's.
    assert shown_values(page) == largest_first[:PAGE_SIZE]
    # The server's pages hold unsorted rows: its pager gives way to the sorted rows' pages.
    expect(page.locator('nav.pager[aria-label="Pages"]')).to_be_hidden()
    sorted_pager = pager(page, "Pages of sorted results")
    expect(sorted_pager.locator('[aria-current="page"]')).to_have_text("1")
    sorted_pager.get_by_role("button", name="Next page").click()
    expect(sorted_pager.locator('[aria-current="page"]')).to_have_text("2")
    expect(status).to_contain_text(f"rows {PAGE_SIZE + 1}–{2 * PAGE_SIZE}")
    assert shown_values(page) == largest_first[PAGE_SIZE:2 * PAGE_SIZE]
    # The focus stays on the pager, so the keyboard can go on paging.
    assert page.evaluate("() => document.activeElement.closest('nav') !== null")
    page.keyboard.press("Enter")  # Next again
    expect(sorted_pager.locator('[aria-current="page"]')).to_have_text("3")
    sorted_pager.get_by_role("button", name=f"Page {pages}", exact=True).click()
    expect(status).to_contain_text(f"page {pages} of {pages}")
    assert shown_values(page) == largest_first[(pages - 1) * PAGE_SIZE:]
    # The rows link to their papers, from this page's place in the site.
    link = page.locator(".sortable-table tbody tr td:last-child a").first
    assert link.get_attribute("href").startswith("../../../papers/")
    link.click()
    expect(page).to_have_url(re.compile(r"/papers/[a-z0-9-]+/$"))


def test_sorting_a_split_hardware_table_sorts_that_pages_rows_only(page, paged_url, rows):
    node, indexes = next(iter(rows["nodes"].items()))
    page.goto(paged_url + f"hardware/{node}/")
    # Papers first, then the results.
    assert page.locator("h2#papers").bounding_box()["y"] < page.locator("h2#key-results").bounding_box()["y"]
    page.locator(".sortable-table th button", has_text="Claim").click()
    expect(page.locator(".sort-status")).to_contain_text(f"All {len(indexes)} rows sorted by Claim (ascending)")
    cells = page.locator(".sortable-table tbody tr td:nth-child(2)")
    shown = [cells.nth(i).inner_text() for i in range(cells.count())]
    # The page's collator orders them (numbers by value): the first of the node's rows in that order.
    in_order = page.evaluate("(texts) => texts.slice().sort(new Intl.Collator(undefined, {numeric: true}).compare)",
                             [rows["rows"][i][3] for i in indexes])
    assert shown == in_order[:PAGE_SIZE]
    # The papers' pager is still there: it pages the papers.
    expect(pager(page, "Pages of papers")).to_be_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pager_fits_a_phone_and_passes_axe(make_context, paged_url, axe_script, artifacts, scheme):
    page = make_context(color_scheme=scheme, viewport={"width": 390, "height": 844}, is_mobile=True,
                        has_touch=True, device_scale_factor=2).new_page()
    page.goto(paged_url + "papers/page/4/")
    nav = pager(page)
    expect(nav).to_be_visible()
    nav.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"pager-phone-{scheme}.png", animations="disabled")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the pager page scrolls sideways by {overflow}px"
    for link in nav.get_by_role("link").all():
        box = link.bounding_box()
        assert box["width"] >= 40 and box["height"] >= 40, (link.inner_text(), box)
    # The page's content, where the pager is (the header's own checks are test_browser_accessibility's).
    page.add_script_tag(path=str(axe_script))
    results = page.evaluate("() => axe.run('.md-content', {resultTypes: ['violations']})")
    bad = [f"{v['id']} ({v['impact']})" for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad
