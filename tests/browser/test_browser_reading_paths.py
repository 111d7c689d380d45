"""Reading paths in the browser, at a laptop's width and a phone's: from the home page to a
path, from a step to its paper, then along the path by the paper pages' next and previous
links, and back to the step. Screenshots of the path's page and of a paper's place in it land
in test-artifacts/browser/ for a person to look at."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import fits_the_width
from .test_browser_reader_pages import SIZES

pytestmark = pytest.mark.browser

PATH = "Serving LLMs on one GPU"


@pytest.mark.parametrize("size", SIZES)
def test_a_reader_follows_a_path_from_the_home_page_step_by_step(make_context, base_url, artifacts, size):
    page = make_context(**SIZES[size]).new_page()
    page.goto(base_url)
    page.locator(".md-content").get_by_role("link", name=PATH, exact=True).click()
    expect(page).to_have_url(re.compile(r"/paths/serving-llms-on-one-gpu/$"))
    expect(page.locator(".md-content h1")).to_have_text(PATH)
    steps = page.locator(".md-content h3[id^='step-']")
    expect(steps).to_have_count(9)
    expect(steps.first).to_contain_text("1. GPTQ:")
    page.screenshot(path=artifacts / f"reading-path-{size}.png", full_page=True, animations="disabled")
    fits_the_width(page)

    steps.first.get_by_role("link", name=re.compile(r"^GPTQ:")).click()
    expect(page).to_have_url(re.compile(r"/papers/gptq/$"))
    place = page.locator("nav.path-steps")
    expect(place).to_contain_text(f"Step 1 of 9 in {PATH}")
    expect(place.locator("a[rel=prev]")).to_have_count(0)

    place.locator("a[rel=next]").click()
    expect(page).to_have_url(re.compile(r"/papers/ganq/$"))
    expect(page.locator(".md-content h1")).to_contain_text("GANQ")
    expect(place).to_contain_text(f"Step 2 of 9 in {PATH}")
    expect(place.locator("a[rel=next]")).to_have_text("Next: COMET →")
    page.screenshot(path=artifacts / f"reading-path-step-{size}.png", animations="disabled")
    fits_the_width(page)

    place.locator("a[rel=prev]").click()
    expect(page).to_have_url(re.compile(r"/papers/gptq/$"))
    place.get_by_role("link", name="Step 1 of 9").click()
    expect(page).to_have_url(re.compile(r"/paths/serving-llms-on-one-gpu/#step-1$"))
    expect(page.locator("h3#step-1")).to_be_in_viewport()


def test_the_navigation_leads_to_every_path(page, base_url):
    page.goto(base_url + "papers/")
    page.locator(".md-tabs").get_by_role("link", name="Paths", exact=True).click()
    expect(page).to_have_url(re.compile(r"/paths/$"))
    headings = page.locator(".md-content h2 > a:not(.headerlink)")
    expect(headings).to_have_text(["GPU microarchitecture dissection", PATH])
