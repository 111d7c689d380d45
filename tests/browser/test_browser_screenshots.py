"""Screenshots of the main kinds of page at desktop and phone widths, kept as test artifacts.

They land in test-artifacts/browser/ (git-ignored) for a person to look at;
the test checks only that each page renders without horizontal scrolling.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import fits_the_width

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
}
PAGES = {"home": "", "paper": "papers/snapkv/", "hardware": "hardware/a100/"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PAGES)
def test_page_screenshot(make_context, base_url, artifacts, name, size):
    page = make_context(**SIZES[size]).new_page()
    page.goto(base_url + PAGES[name])
    expect(page.locator(".md-content h1")).to_be_visible()
    page.screenshot(path=artifacts / f"{name}-{size}.png", full_page=True, animations="disabled")
    fits_the_width(page, f"{name} at {size} width")


@pytest.mark.parametrize("size", SIZES)
def test_search_results_screenshot(make_context, base_url, artifacts, size):
    page = make_context(**SIZES[size]).new_page()
    page.goto(base_url)
    if size == "phone":
        # On a phone the search box hides behind the header's magnifier button.
        page.locator("label.md-header__button[for='__search']").click()
    page.locator("input.md-search__input").click()
    page.keyboard.type("KV cache", delay=20)
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    expect(page.locator(".md-search-result__meta")).to_contain_text("matching")
    page.screenshot(path=artifacts / f"search-{size}.png", animations="disabled")
