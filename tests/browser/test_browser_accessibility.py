"""Accessibility: axe-core, injected into real pages, finds no serious or critical violations."""

from __future__ import annotations

import pytest

from .test_browser_reader_pages import PAGE_KINDS, SIZES

pytestmark = pytest.mark.browser

# Each kind of page, light and dark at desktop width, and as a phone shows it (cards).
VIEWS = {"desktop-light": ("desktop", "light"), "desktop-dark": ("desktop", "dark"), "phone-light": ("phone", "light")}


def describe(violation) -> str:
    nodes = "; ".join(node["target"][0] if node["target"] else "?" for node in violation["nodes"][:5])
    return f"{violation['impact']}: {violation['id']} ({violation['help']}) at {nodes}"


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("kind", PAGE_KINDS)
def test_no_serious_or_critical_axe_violations(make_context, base_url, axe_script, kind, view):
    size, scheme = VIEWS[view]
    page = make_context(color_scheme=scheme, **SIZES[size]).new_page()
    page.goto(base_url + PAGE_KINDS[kind])
    page.add_script_tag(path=str(axe_script))
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(describe(v) for v in bad)
