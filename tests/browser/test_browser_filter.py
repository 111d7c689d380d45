"""The filter page: facets from filter/facets.json (never papers.json), tri-state values,
AND within a family, counts, the state in the URL, the no-match hint, the chips' layout."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RESULTS = "#paper-filter .filter-results > li"
ROWS = 50  # rows shown at first (filter.js)
# Every chip's key and count, as the page shows them.
CHIPS = """() => Array.from(document.querySelectorAll('#paper-filter button.filter-value'),
  b => [b.dataset.key, b.dataset.state, b.querySelector('.filter-count').textContent])"""


@pytest.fixture(scope="module")
def papers(site_dir):
    """What the page must show, from papers.json; read here, never by the page."""
    return json.loads((site_dir / "papers.json").read_text(encoding="utf-8"))["papers"]


@pytest.fixture
def requests(page):
    """The paths the page requests, in order."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(urlsplit(request.url).path))
    return seen


def value(page, key: str):
    return page.locator(f'#paper-filter button.filter-value[data-key="{key}"]')


def open_filter(page, base_url, query: str = ""):
    page.goto(base_url + "filter/" + query)
    expect(page.locator("#paper-filter")).to_have_attribute("data-ready", "true")


def keys_of(paper: dict) -> set[str]:
    keys = {f"hw:{h}" for h in paper["hardware_rollup"]} | {f"topic:{t}" for t in paper["topics"]}
    if paper["year"]:
        keys.add(f"year:{paper['year']}")
    if paper["code"]:
        keys.add("code:1")
    return keys


def matching(papers, required=(), excluded=()):
    return [p for p in papers if set(required) <= keys_of(p) and not set(excluded) & keys_of(p)]


def shown_slugs(page) -> list[str]:
    links = page.locator(RESULTS + " > a")
    return [href.rstrip("/").split("/")[-1] for href in links.evaluate_all("links => links.map(a => a.href)")]


def expect_rows(page, expected: list[dict]):
    """The first ROWS matches are listed, in papers.json's order, and the summary counts them all."""
    expect(page.locator(RESULTS)).to_have_count(min(ROWS, len(expected)))
    assert shown_slugs(page) == [p["slug"] for p in expected[:ROWS]]
    expect(page.locator("#paper-filter .filter-summary")).to_have_text(re.compile(rf"^{len(expected):,} of "))


def test_counts_and_rows_come_from_the_facet_file_never_papers_json(page, base_url, papers, requests):
    open_filter(page, base_url)
    expect_rows(page, papers)
    # Every count is the number of papers the value would leave.
    chips = page.evaluate(CHIPS)
    assert len(chips) > 20
    for key, state, count in chips:
        assert state == "off"
        assert int(count.replace(",", "")) == len(matching(papers, [key])), key
    assert {key for key, _, _ in chips} >= {"hw:nvidia", "hw:ampere", "hw:a100", "code:1"}
    expect(page.locator('[data-family="device"] .filter-legend')).to_have_text("Device")
    page.wait_for_load_state("networkidle")
    data = [path for path in requests if path.endswith(".json")]
    assert "/papers.json" not in data and not any(path.endswith("/papers.json") for path in data), data
    assert data[0] == "/filter/facets.json"
    # Only the title files of the rows shown: the first ROWS papers.
    assert set(data[1:]) <= {f"/filter/papers-{k}.json" for k in range(ROWS)}
    assert len(data) < 10


def test_show_more_fetches_the_next_rows(page, base_url, papers, requests):
    if len(papers) <= ROWS:
        pytest.skip("the list fits in one screen")
    open_filter(page, base_url)
    more = page.locator("#paper-filter .filter-more")
    expect(more).to_contain_text(f"({len(papers) - ROWS:,} left)")
    more.click()
    expect(page.locator(RESULTS)).to_have_count(min(2 * ROWS, len(papers)))
    assert shown_slugs(page) == [p["slug"] for p in papers[: 2 * ROWS]]
    assert not any(path.endswith("/papers.json") for path in requests)


def test_require_exclude_clear_and_the_url_state(page, base_url, papers, requests):
    open_filter(page, base_url)
    on_a100 = matching(papers, ["hw:a100"])
    assert 0 < len(on_a100) < len(papers)
    expect(value(page, "hw:a100").locator(".filter-count")).to_have_text(f"{len(on_a100):,}")

    # A first click requires the value.
    value(page, "hw:a100").click()
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "include")
    expect(value(page, "hw:a100")).to_have_attribute("aria-pressed", "true")
    expect_rows(page, on_a100)
    assert re.search(r"[?&]hw=a100(&|$)", page.url)
    # The counts now count within the A100 papers; the device rolls up to its architecture.
    expect(value(page, "hw:ampere").locator(".filter-count")).to_have_text(f"{len(on_a100):,}")
    topic = on_a100[0]["topics"][0]
    both = matching(papers, ["hw:a100", f"topic:{topic}"])
    expect(value(page, f"topic:{topic}").locator(".filter-count")).to_have_text(f"{len(both):,}")

    value(page, f"topic:{topic}").click()
    expect_rows(page, both)
    # A second click excludes it; its count stays what requiring it would leave.
    value(page, f"topic:{topic}").click()
    expect(value(page, f"topic:{topic}")).to_have_attribute("data-state", "exclude")
    expect(value(page, f"topic:{topic}").locator(".filter-count")).to_have_text(f"{len(both):,}")
    expect_rows(page, matching(papers, ["hw:a100"], [f"topic:{topic}"]))
    assert f"topic=-{topic}" in page.url

    # The URL is the state: opening it elsewhere gives the same view.
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)
    expect(page.locator("#paper-filter")).to_have_attribute("data-ready", "true")
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "include")
    expect(value(page, f"topic:{topic}")).to_have_attribute("data-state", "exclude")
    expect_rows(page, matching(papers, ["hw:a100"], [f"topic:{topic}"]))

    # A third click clears it.
    value(page, f"topic:{topic}").click()
    expect(value(page, f"topic:{topic}")).to_have_attribute("data-state", "off")
    expect_rows(page, on_a100)
    assert "topic=" not in page.url
    assert not any(path.endswith("/papers.json") for path in requests)


def test_required_values_of_one_family_combine_with_and(page, base_url, papers):
    for family in ("hw", "topic"):
        # Two values that some papers have together and others have alone.
        ids = sorted({key for p in papers for key in keys_of(p) if key.startswith(family + ":")})
        alone = {key: len(matching(papers, [key])) for key in ids}
        together = [(len(matching(papers, [a, b])), a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
        n, a, b = max(t for t in together if 0 < t[0] < min(alone[t[1]], alone[t[2]]))
        open_filter(page, base_url, f"?{a.replace(':', '=')}&{b.replace(':', '=')}")
        expect_rows(page, matching(papers, [a, b]))
        expect(value(page, a)).to_have_attribute("data-state", "include")
        expect(value(page, b)).to_have_attribute("data-state", "include")
        expect(value(page, a).locator(".filter-count")).to_have_text(f"{n:,}")


def test_year_and_code_facets_from_a_url(page, base_url, papers):
    year = max(p["year"] for p in papers if p["year"])
    expected = [p for p in papers if p["year"] == year and p["code"]]
    open_filter(page, base_url, f"?year={year}&code=1")
    expect_rows(page, expected)
    expect(value(page, f"year:{year}")).to_have_attribute("data-state", "include")
    expect(value(page, "code:1")).to_have_attribute("data-state", "include")
    page.locator(".filter-clear").click()
    expect_rows(page, papers)
    assert "?" not in page.url


def test_nothing_matches_keeps_the_facets_and_says_what_to_do(page, base_url, papers):
    # A100 papers are NVIDIA papers: requiring one and excluding the other leaves none.
    open_filter(page, base_url, "?hw=a100&hw=-nvidia")
    expect(page.locator(RESULTS)).to_have_count(0)
    expect(page.locator("#paper-filter .filter-summary")).to_have_text(re.compile(r"^0 of "))
    hint = page.locator("#paper-filter .filter-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("No paper matches")
    expect(hint).to_contain_text("remove a value")
    # Every family stays in view, its values with their (zero) counts.
    for family in ("vendor", "architecture", "device", "topic", "year"):
        expect(page.locator(f'#paper-filter [data-family="{family}"]')).to_be_visible()
    expect(value(page, "hw:amd").locator(".filter-count")).to_have_text("0")
    # The excluded value's count is what requiring it instead would leave.
    expect(value(page, "hw:nvidia").locator(".filter-count")).to_have_text(
        f"{len(matching(papers, ['hw:a100', 'hw:nvidia'])):,}")
    # The values in the state are listed above the results, each with a button removing it.
    remove = page.locator('#paper-filter .filter-active button[data-remove="hw:nvidia"]')
    expect(remove).to_have_attribute("aria-label", "Remove excluded NVIDIA")
    expect(page.locator("#paper-filter .filter-active button")).to_have_count(2)
    remove.click()
    expect(hint).to_be_hidden()
    expect(value(page, "hw:nvidia")).to_have_attribute("data-state", "off")
    expect_rows(page, matching(papers, ["hw:a100"]))
    expect(value(page, "hw:amd")).to_have_count(0)  # no A100 paper is on AMD: left out again
    assert "nvidia" not in page.url


def test_values_not_in_the_list_are_ignored_and_named(page, base_url, papers):
    open_filter(page, base_url, "?topic=no-such-topic&hw=a100")
    expect(page.locator("#paper-filter .filter-note")).to_contain_text("topic=no-such-topic")
    expect_rows(page, matching(papers, ["hw:a100"]))
    assert "no-such-topic" not in page.url


def test_titles_are_inserted_as_text(page, base_url, papers):
    open_filter(page, base_url)
    first = page.locator(RESULTS + " > a").first
    expect(first).to_have_text(papers[0]["title"])
    assert first.get_attribute("href").endswith(f"/papers/{papers[0]['slug']}/")


def test_keyboard_focus_stays_on_the_value(page, base_url):
    open_filter(page, base_url)
    value(page, "hw:a100").focus()
    page.keyboard.press("Enter")
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "include")
    expect(value(page, "hw:a100")).to_be_focused()
    page.keyboard.press("Enter")
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "exclude")


def test_filter_works_after_instant_navigation(page, base_url, papers, requests):
    page.goto(base_url)
    page.locator(".md-tabs a", has_text="Filter").first.click()
    expect(page).to_have_url(re.compile(r"/filter/$"))
    expect(page.locator("#paper-filter")).to_have_attribute("data-ready", "true")
    expect_rows(page, papers)
    assert not any(path.endswith("/papers.json") for path in requests)


# ---------------------------------------------------------------------------- layout

LAYOUT = """() => {
  const family = document.querySelector('#paper-filter [data-family="vendor"]');
  const chips = Array.from(family.querySelectorAll('button.filter-value'))
    .filter(b => getComputedStyle(b).display !== 'none');
  const tops = chips.map(b => Math.round(b.getBoundingClientRect().top));
  const list = family.querySelector('.filter-values');
  return {
    chips: chips.length,
    rows: new Set(tops).size,
    list: getComputedStyle(list).display,
    listStyle: getComputedStyle(list).listStyleType,
    bullets: document.querySelectorAll('#paper-filter li button.filter-value').length,
    results: document.querySelector('#paper-filter .filter-summary').getBoundingClientRect().top + scrollY,
    width: document.documentElement.scrollWidth,
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
def test_values_lay_out_as_chips_and_results_start_near_the_top(
    make_context, base_url, artifacts, scheme, width, height
):
    page = make_context(color_scheme=scheme, viewport={"width": width, "height": height}).new_page()
    open_filter(page, base_url)
    assert page.locator('link[rel="stylesheet"][href$="stylesheets/filter.css"]').count() == 1, \
        "mkdocs.yml must list stylesheets/filter.css under extra_css"
    expect(page.locator(RESULTS).first).to_be_visible()
    layout = page.evaluate(LAYOUT)
    page.screenshot(path=str(artifacts / f"filter-{width}-{scheme}.png"))
    assert layout["list"] == "flex" and layout["bullets"] == 0, layout
    # Chips share rows (a list one per line would have a row per chip).
    assert layout["chips"] >= 4 and layout["rows"] < layout["chips"] / 2, layout
    # The results begin within the first screen, and the page never scrolls sideways.
    assert layout["results"] < height * 0.75, layout
    assert layout["width"] <= width, layout
    # The scheme is the one asked for (Material's slate in the dark).
    expected = "slate" if scheme == "dark" else "default"
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_filter_page_has_no_serious_axe_violations(make_context, base_url, axe_script, scheme):
    page = make_context(color_scheme=scheme).new_page()
    open_filter(page, base_url, "?hw=a100&hw=-h100")
    expect(page.locator(RESULTS).first).to_be_visible()
    page.add_script_tag(path=str(axe_script))
    results = page.evaluate("() => axe.run('#paper-filter', {resultTypes: ['violations']})")
    bad = [f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
           for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad
