"""Accessibility: axe-core, injected into real pages, finds no serious or critical violations."""

from __future__ import annotations

import pytest

from .test_browser_reader_pages import PAGE_KINDS, SIZES

pytestmark = pytest.mark.browser

# Each kind of page dark at desktop width and light as a phone shows it (cards); light at desktop width too
# for the kinds with controls or tables of their own. A kind's light colours are the same CSS at both widths, so
# light at desktop width for every kind (19 more axe runs, about 70 s of the suite) checked little more.
VIEWS = {"desktop-light": ("desktop", "light"), "desktop-dark": ("desktop", "dark"), "phone-light": ("phone", "light")}
DESKTOP_LIGHT = ("home", "papers", "paper", "device", "topic", "results", "filter")
CASES = [(kind, view) for kind in PAGE_KINDS for view in VIEWS if view != "desktop-light" or kind in DESKTOP_LIGHT]


def describe(violation) -> str:
    nodes = "; ".join(node["target"][0] if node["target"] else "?" for node in violation["nodes"][:5])
    return f"{violation['impact']}: {violation['id']} ({violation['help']}) at {nodes}"


@pytest.mark.parametrize(("kind", "view"), CASES, ids=[f"{kind}-{view}" for kind, view in CASES])
def test_no_serious_or_critical_axe_violations(make_context, base_url, axe_script, kind, view):
    size, scheme = VIEWS[view]
    page = make_context(color_scheme=scheme, **SIZES[size]).new_page()
    page.goto(base_url + PAGE_KINDS[kind])
    page.add_script_tag(path=str(axe_script))
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(describe(v) for v in bad)
