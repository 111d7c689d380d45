"""The filter page: facets from papers.json, tri-state values, counts, state in the URL."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RESULTS = "#paper-filter .filter-results > li"


@pytest.fixture(scope="module")
def papers(site_dir):
    return json.loads((site_dir / "papers.json").read_text(encoding="utf-8"))["papers"]


def value(page, key: str):
    return page.locator(f'#paper-filter button.filter-value[data-key="{key}"]')


def open_filter(page, base_url, query: str = ""):
    page.goto(base_url + "filter/" + query)
    expect(page.locator("#paper-filter")).to_have_attribute("data-ready", "true")


def test_facets_narrow_exclude_and_live_in_the_url(page, base_url, papers):
    open_filter(page, base_url)
    expect(page.locator(RESULTS)).to_have_count(len(papers))
    on_a100 = [p for p in papers if "a100" in p["hardware_rollup"]]
    assert 0 < len(on_a100) < len(papers)
    # The count beside a value is the number of papers it would leave.
    expect(value(page, "hw:a100").locator(".filter-count")).to_have_text(str(len(on_a100)))
    expect(value(page, "hw:nvidia")).to_be_visible()  # vendors are facets too
    expect(page.locator('fieldset[data-family="device"] legend')).to_have_text("Device")

    value(page, "hw:a100").click()
    expect(page.locator(RESULTS)).to_have_count(len(on_a100))
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "include")
    assert re.search(r"[?&]hw=a100(&|$)", page.url)
    links = page.locator(RESULTS + " > a")
    hrefs = {links.nth(i).get_attribute("href").rstrip("/").split("/")[-1] for i in range(links.count())}
    assert hrefs == {p["slug"] for p in on_a100}

    # AND within a family: A100 and a topic one of its papers has.
    topic = on_a100[0]["topics"][0]
    both = [p for p in on_a100 if topic in p["topics"]]
    expect(value(page, f"topic:{topic}").locator(".filter-count")).to_have_text(str(len(both)))
    value(page, f"topic:{topic}").click()
    expect(page.locator(RESULTS)).to_have_count(len(both))

    # A second click excludes.
    value(page, f"topic:{topic}").click()
    expect(value(page, f"topic:{topic}")).to_have_attribute("data-state", "exclude")
    expect(page.locator(RESULTS)).to_have_count(len(on_a100) - len(both))
    assert f"topic=-{topic}" in page.url

    # Reloading the shared URL restores the state.
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)
    expect(page.locator("#paper-filter")).to_have_attribute("data-ready", "true")
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "include")
    expect(value(page, f"topic:{topic}")).to_have_attribute("data-state", "exclude")
    expect(page.locator(RESULTS)).to_have_count(len(on_a100) - len(both))

    # A third click clears the value.
    value(page, f"topic:{topic}").click()
    expect(value(page, f"topic:{topic}")).to_have_attribute("data-state", "off")
    expect(page.locator(RESULTS)).to_have_count(len(on_a100))


def test_year_and_code_facets_from_a_url(page, base_url, papers):
    year = max(p["year"] for p in papers if p["year"])
    expected = [p for p in papers if p["year"] == year and p["code"]]
    open_filter(page, base_url, f"?year={year}&code=1")
    expect(page.locator(RESULTS)).to_have_count(len(expected))
    expect(value(page, f"year:{year}")).to_have_attribute("data-state", "include")
    expect(value(page, "code:1")).to_have_attribute("data-state", "include")
    page.locator(".filter-clear").click()
    expect(page.locator(RESULTS)).to_have_count(len(papers))
    assert "?" not in page.url


def test_titles_are_inserted_as_text(page, base_url, papers):
    open_filter(page, base_url)
    first = page.locator(RESULTS + " > a").first
    expect(first).to_have_text(papers[0]["title"])


def test_filter_works_after_instant_navigation(page, base_url, papers):
    page.goto(base_url)
    page.locator(".md-tabs a", has_text="Filter").first.click()
    expect(page).to_have_url(re.compile(r"/filter/$"))
    expect(page.locator("#paper-filter")).to_have_attribute("data-ready", "true")
    expect(page.locator(RESULTS)).to_have_count(len(papers))
