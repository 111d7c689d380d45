"""Tap targets on a phone: every link, button, chip and sort control of every kind of page is at
least 24 by 24 CSS px, or spaced as WCAG 2.2's target-size rule (2.5.8) allows; axe-core's
`target-size` rule checks it, in the page as a phone shows it, with the search box open too."""

from __future__ import annotations

import pytest

from .test_browser_accessibility import describe
from .test_browser_reader_pages import PAGE_KINDS, SIZES

pytestmark = pytest.mark.browser

KINDS = {**PAGE_KINDS, "versus": "hardware/compare/h100-vs-max-1550/"}


def target_size_violations(page) -> list[str]:
    results = page.evaluate("() => axe.run(document, {runOnly: ['target-size'], resultTypes: ['violations']})")
    return [describe(v) for v in results["violations"]]


@pytest.mark.parametrize("kind", KINDS)
def test_every_target_is_big_enough_or_spaced_on_a_phone(make_context, base_url, axe_script, kind):
    page = make_context(**SIZES["phone"]).new_page()
    page.goto(base_url + KINDS[kind])
    page.add_script_tag(path=str(axe_script))
    assert not target_size_violations(page)


def test_the_search_box_s_targets_are_big_enough_on_a_phone(make_context, base_url, axe_script):
    page = make_context(**SIZES["phone"]).new_page()
    page.goto(base_url + "papers/")
    page.keyboard.press("/")
    page.keyboard.type("cache", delay=20)
    page.locator(".md-search-result__item").first.wait_for()
    page.add_script_tag(path=str(axe_script))
    assert not target_size_violations(page)


def test_the_check_finds_targets_too_small_and_too_close(make_context, base_url, axe_script):
    page = make_context(**SIZES["phone"]).new_page()
    page.goto(base_url + "papers/")
    page.evaluate("""() => document.querySelector('article').insertAdjacentHTML('afterbegin',
        '<p><button style="width:10px;height:10px;padding:0">a</button><button style="width:10px;height:10px;padding:0">b</button></p>')""")
    page.add_script_tag(path=str(axe_script))
    assert target_size_violations(page)
