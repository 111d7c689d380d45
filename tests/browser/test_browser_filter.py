"""The filter page: facets from filter/facets.json (never papers.json), tri-state values,
AND within a family, counts, the state in the URL, the empty state and its removals, the
chips' layout: a column beside the results on a desktop, a drawer on a phone."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

RESULTS = "#paper-filter .filter-results > li"
EMPTY = "#paper-filter .filter-empty"
SUGGESTIONS = "#paper-filter .filter-suggestions > button"
TOGGLE = "#paper-filter .filter-toggle"
FACETS = "#paper-filter .filter-facets"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
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
    empty = page.locator(EMPTY)
    expect(empty).to_be_visible()
    # The filters, family by family, an excluded one as "not ...".
    expect(empty).to_contain_text("No paper matches all of: not NVIDIA, A100.")
    # Every family stays in view, its values with their (zero) counts.
    for family in ("vendor", "architecture", "device", "topic", "year"):
        expect(page.locator(f'#paper-filter [data-family="{family}"]')).to_be_visible()
    expect(value(page, "hw:amd").locator(".filter-count")).to_have_text("0")
    # The excluded value's count is what requiring it instead would leave.
    expect(value(page, "hw:nvidia").locator(".filter-count")).to_have_text(
        f"{len(matching(papers, ['hw:a100', 'hw:nvidia'])):,}")
    # A button per filter removes it, saying what that leaves; the one leaving most first.
    without_nvidia = len(matching(papers, ["hw:a100"]))
    without_a100 = len(matching(papers, [], ["hw:nvidia"]))
    assert without_a100 > without_nvidia > 0
    expect(page.locator(SUGGESTIONS)).to_have_text([
        f"Remove A100 ({without_a100:,} papers without it)",
        f"Stop excluding NVIDIA ({without_nvidia:,} papers then)"])
    expect(page.locator("#paper-filter .filter-active")).to_be_hidden()  # the empty state lists them
    page.locator(SUGGESTIONS + '[data-remove="hw:nvidia"]').click()
    expect(empty).to_be_hidden()
    expect(value(page, "hw:nvidia")).to_have_attribute("data-state", "off")
    expect_rows(page, matching(papers, ["hw:a100"]))
    expect(value(page, "hw:amd")).to_have_count(0)  # no A100 paper is on AMD: left out again
    expect(page.locator("#paper-filter .filter-summary")).to_be_focused()
    assert "nvidia" not in page.url
    # While papers match, the values in the state are listed above them, each with a button removing it.
    remove = page.locator('#paper-filter .filter-active button[data-remove="hw:a100"]')
    expect(remove).to_have_attribute("aria-label", "Remove required A100")
    remove.click()
    expect_rows(page, papers)


def test_when_no_one_filter_is_in_the_way_clearing_all_is_offered(page, base_url, papers):
    # Two contradictions (A100 and not NVIDIA, H100 and not Hopper): removing any one filter leaves none.
    required, excluded = ["hw:a100", "hw:h100"], ["hw:nvidia", "hw:hopper"]
    for key in required + excluded:
        assert not matching(papers, [k for k in required if k != key], [k for k in excluded if k != key]), key
    open_filter(page, base_url, "?hw=a100&hw=-nvidia&hw=h100&hw=-hopper")
    expect(page.locator(SUGGESTIONS)).to_have_count(5)
    expect(page.locator(SUGGESTIONS).first).to_have_text("Stop excluding NVIDIA (still none)")
    clear_all = page.locator(SUGGESTIONS).last
    expect(clear_all).to_have_text(f"Clear all filters ({len(papers):,} papers)")
    clear_all.click()
    expect_rows(page, papers)
    assert "?" not in page.url


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


def test_a_row_names_its_most_specific_hardware_by_its_label(page, base_url, papers):
    open_filter(page, base_url, "?hw=a100")
    expect(page.locator(RESULTS + " > small").first).to_be_visible()  # the rows are shown once the chunks load
    rows = page.locator(RESULTS + " > small").all_inner_texts()
    assert rows and all("A100" in row and "NVIDIA A100" not in row and "Ampere" not in row for row in rows), rows


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
    width: document.documentElement.scrollWidth,
  };
}"""
# Where things are, in page coordinates.
BOXES = """() => {
  const box = selector => {
    const node = document.querySelector(selector);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top + scrollY, bottom: r.bottom + scrollY, shown: r.height > 0};
  };
  return {
    facets: box('#paper-filter .filter-facets'), main: box('#paper-filter .filter-main'),
    summary: box('#paper-filter .filter-summary'), first: box('#paper-filter .filter-results > li'),
    toggle: box('#paper-filter .filter-toggle'),
    scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
  };
}"""


def open_drawer(page):
    page.locator(TOGGLE).click()
    expect(page.locator(TOGGLE)).to_have_attribute("aria-expanded", "true")
    expect(page.locator(FACETS)).to_be_visible()


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
    # The results begin within the first screen, and the page never scrolls sideways.
    boxes = page.evaluate(BOXES)
    assert boxes["summary"]["top"] < height * 0.75, boxes
    assert boxes["scrollWidth"] <= width, boxes
    if width < 960:
        open_drawer(page)
    layout = page.evaluate(LAYOUT)
    page.screenshot(path=str(artifacts / f"filter-{width}-{scheme}.png"))
    assert layout["list"] == "flex" and layout["bullets"] == 0, layout
    # Chips share rows (a list one per line would have a row per chip).
    assert layout["chips"] >= 4 and layout["rows"] < layout["chips"] / 2, layout
    assert layout["width"] <= width, layout
    # The scheme is the one asked for (Material's slate in the dark).
    expected = "slate" if scheme == "dark" else "default"
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == expected


def test_desktop_facets_are_a_column_beside_the_results(make_context, base_url, artifacts):
    page = make_context(viewport=DESKTOP).new_page()
    open_filter(page, base_url)
    expect(page.locator(RESULTS).first).to_be_visible()
    page.screenshot(path=str(artifacts / "filter-desktop.png"), full_page=True)
    boxes = page.evaluate(BOXES)
    facets, main, first = boxes["facets"], boxes["main"], boxes["first"]
    # The facets are a column on the left, the results beside it, both starting at the same height.
    assert facets["right"] <= main["left"], boxes
    assert main["left"] - facets["left"] < DESKTOP["width"] / 2, boxes
    assert abs(main["top"] - facets["top"]) < 40, boxes
    # The first paper is in the first screen, whole.
    assert first["bottom"] <= DESKTOP["height"], boxes
    # No drawer on a desktop: the button is not shown, the facets always are.
    expect(page.locator(TOGGLE)).to_be_hidden()
    expect(page.locator(FACETS)).to_be_visible()
    expect(page.locator("#paper-filter .filter-done")).to_be_hidden()


def test_on_a_laptop_every_family_is_in_the_first_screen_or_one_scroll_of_the_page(make_context, base_url):
    laptop = {"width": 1366, "height": 900}
    page = make_context(viewport=laptop).new_page()
    open_filter(page, base_url)
    families = page.locator("#paper-filter .filter-family:not([hidden])")
    assert families.count() >= 5
    # The column scrolls with the page, never inside a box of its own.
    assert page.evaluate("""() => { const panel = document.querySelector('#paper-filter .filter-panel');
        return panel.scrollHeight <= panel.clientHeight + 1; }""")
    last = families.last.bounding_box()
    assert last["y"] + last["height"] <= 2 * laptop["height"], last
    page.mouse.wheel(0, laptop["height"])
    expect(families.last.locator(".filter-legend")).to_be_in_viewport()


def test_a_long_family_has_a_box_that_finds_its_values(make_context, base_url, papers):
    page = make_context(viewport=DESKTOP).new_page()
    open_filter(page, base_url)
    find = page.locator('#paper-filter .filter-family[data-family="device"] .filter-find')
    expect(find).to_be_visible()
    expect(page.locator('#paper-filter .filter-family[data-family="year"] .filter-find')).to_be_hidden()
    find.fill("rtx")
    chips = page.locator('#paper-filter .filter-family[data-family="device"] button.filter-value')
    expect(chips.first).to_be_visible()
    names = chips.evaluate_all("bs => bs.map(b => b.querySelector('.filter-name').textContent)")
    assert names and all("rtx" in name.lower() for name in names), names
    # Every device of that name shows, not only the first few.
    expect(page.locator('#paper-filter .filter-family[data-family="device"] .filter-all')).to_be_hidden()
    chips.first.click()  # required: it stays when the box is cleared, and the results follow
    find.fill("")
    expect(page.locator('#paper-filter .filter-value[data-state="include"]')).to_have_count(1)


def test_phone_results_start_in_the_first_screen_and_the_facets_open_from_the_drawer(
    make_context, base_url, artifacts, papers
):
    page = make_context(viewport=PHONE).new_page()
    open_filter(page, base_url)
    expect(page.locator(RESULTS).first).to_be_visible()
    toggle = page.locator(TOGGLE)
    expect(toggle).to_have_text(re.compile(r"^Filters\s*▾$"))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_attribute("aria-controls", "filter-facets")
    expect(page.locator(FACETS)).to_be_hidden()
    page.screenshot(path=str(artifacts / "filter-phone.png"), full_page=True)
    boxes = page.evaluate(BOXES)
    assert boxes["toggle"]["bottom"] <= boxes["summary"]["top"], boxes  # the drawer is above the results
    assert boxes["first"]["bottom"] <= PHONE["height"], boxes
    assert boxes["scrollWidth"] <= PHONE["width"], boxes

    # The drawer opens from the keyboard; its values are the same tri-state chips.
    toggle.focus()
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator(FACETS)).to_be_visible()
    page.screenshot(path=str(artifacts / "filter-phone-open.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    value(page, "hw:a100").click()
    expect(value(page, "hw:a100")).to_have_attribute("data-state", "include")
    on_a100 = matching(papers, ["hw:a100"])
    expect(toggle).to_have_text(re.compile(r"^Filters\s*\(1 active\)"))
    # "Show n papers" closes the drawer, back to the results.
    done = page.locator("#paper-filter .filter-done")
    expect(done).to_have_text(f"Show {len(on_a100):,} papers")
    done.click()
    expect(page.locator(FACETS)).to_be_hidden()
    expect(toggle).to_be_focused()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect_rows(page, on_a100)
    assert page.evaluate(BOXES)["first"]["bottom"] <= page.evaluate("scrollY") + PHONE["height"]


def test_hardware_of_the_list_with_no_papers_gives_an_empty_state_with_its_removal(
    make_context, base_url, artifacts, papers, site_dir
):
    # H200 is in content/hardware.yml, but no paper of the list is on it.
    assert not matching(papers, ["hw:h200"])
    assert '["h200", "NVIDIA H200"]' in (site_dir / "filter" / "index.html").read_text(encoding="utf-8")
    for viewport in (DESKTOP, PHONE):
        page = make_context(viewport=viewport).new_page()
        open_filter(page, base_url, "?hw=h200")
        expect(page.locator(RESULTS)).to_have_count(0)
        expect(page.locator("#paper-filter .filter-summary")).to_have_text(
            f"0 of {len(papers):,} papers match 1 filter")
        expect(page.locator(EMPTY)).to_contain_text("No paper matches all of: NVIDIA H200.")
        expect(page.locator(SUGGESTIONS)).to_have_text([f"Remove NVIDIA H200 ({len(papers):,} papers without it)"])
        expect(page.locator("#paper-filter .filter-note")).to_be_hidden()  # not "ignored": a value of the list
        assert "hw=h200" in page.url
        if viewport is PHONE:
            expect(page.locator(TOGGLE)).to_have_text(re.compile(r"^Filters\s*\(1 active\)"))
            page.screenshot(path=str(artifacts / "filter-empty-phone.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            open_drawer(page)
        else:
            page.screenshot(path=str(artifacts / "filter-empty-desktop.png"), full_page=True)
        # The facets stay, the value in the state among them, required, with nothing left.
        for family in ("vendor", "architecture", "device", "topic", "year"):
            expect(page.locator(f'#paper-filter [data-family="{family}"]')).to_be_visible()
        expect(value(page, "hw:h200")).to_have_attribute("data-state", "include")
        expect(value(page, "hw:h200").locator(".filter-count")).to_have_text("0")
        page.locator(SUGGESTIONS).first.click()
        expect(page.locator(EMPTY)).to_be_hidden()
        expect_rows(page, papers)
        expect(value(page, "hw:h200")).to_have_count(0)
        assert "h200" not in page.url


@pytest.mark.parametrize("query", ["", "?hw=h200", "?hw=a100&hw=-nvidia&year=2019", "?topic=no-such-topic&hw=a100"])
def test_no_sideways_scrolling_on_a_phone(make_context, base_url, query):
    page = make_context(viewport=PHONE).new_page()
    open_filter(page, base_url, query)
    for drawer in ("closed", "open"):
        if drawer == "open":
            open_drawer(page)
            for more in page.locator("#paper-filter .filter-all:visible").all():
                more.click()  # every value shown
        sizes = page.evaluate("({scroll: document.documentElement.scrollWidth, inner: innerWidth})")
        assert sizes["scroll"] <= sizes["inner"], (query, drawer, sizes)


@pytest.mark.parametrize("case", ["desktop", "phone-drawer", "empty"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_filter_page_has_no_serious_axe_violations(make_context, base_url, axe_script, scheme, case):
    page = make_context(color_scheme=scheme, viewport=PHONE if case == "phone-drawer" else DESKTOP).new_page()
    open_filter(page, base_url, "?hw=a100&hw=-nvidia" if case == "empty" else "?hw=a100&hw=-h100")
    if case == "phone-drawer":
        open_drawer(page)
    if case == "empty":
        expect(page.locator(SUGGESTIONS).first).to_be_visible()
    else:
        expect(page.locator(RESULTS).first).to_be_visible()
    page.add_script_tag(path=str(axe_script))
    results = page.evaluate("() => axe.run('#paper-filter', {resultTypes: ['violations']})")
    bad = [f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
           for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, bad
