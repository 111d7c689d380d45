"""Accessibility: axe-core, injected into real pages, finds no serious or critical violations."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

PAGES = ["", "papers/snapkv/", "hardware/a100/"]


def describe(violation) -> str:
    nodes = "; ".join(node["target"][0] if node["target"] else "?" for node in violation["nodes"][:5])
    return f"{violation['impact']}: {violation['id']} ({violation['help']}) at {nodes}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("uri", PAGES, ids=["home", "paper", "hardware"])
def test_no_serious_or_critical_axe_violations(make_context, base_url, axe_script, uri, scheme):
    page = make_context(color_scheme=scheme).new_page()
    page.goto(base_url + uri)
    page.add_script_tag(path=str(axe_script))
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, "\n".join(describe(v) for v in bad)
