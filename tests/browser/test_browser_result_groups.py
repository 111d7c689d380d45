"""A results table with a paper column shows a paper's title once over its results that follow
each other (CUDA-L1 has eight on the NVIDIA page), and again after a sort parts or joins them;
the title stays in each row for screen readers."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_browser_reader_pages import SIZES

pytestmark = pytest.mark.browser

ROWS = """(table) => Array.from(table.tBodies[0].rows, (row) => {
  const link = row.querySelector('td[data-label="Paper"] a');
  const box = link.getBoundingClientRect();
  return [link.getAttribute('href'), box.width > 1 && box.height > 1, link.textContent.trim() !== ''];
})"""


def titles_shown_once(rows) -> None:
    previous = None
    for href, visible, has_text in rows:
        assert has_text  # every row keeps its paper's title, for screen readers
        assert visible == (href != previous), rows
        previous = href


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_paper_s_title_shows_once_over_its_results_and_after_a_sort(make_context, base_url, size):
    page = make_context(**SIZES[size]).new_page()
    page.goto(base_url + "hardware/nvidia/")
    table = page.locator(".sortable-table table").filter(has=page.locator("th", has_text="Paper")).first
    rows = table.evaluate(ROWS)
    assert len(rows) > len({href for href, _, _ in rows})  # some paper has several results here
    titles_shown_once(rows)
    table.locator("thead .sort-button", has_text="Result").click()
    expect(table.locator('thead th[aria-sort]')).to_have_count(1)
    titles_shown_once(table.evaluate(ROWS))
