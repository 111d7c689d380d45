"""Hostile content in search results: titles, snippets and hardware names of a contributor's
paper come out of the header's search as text, never as markup that runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import served

pytestmark = pytest.mark.browser
HOSTILE = Path(__file__).resolve().parents[1] / "fixtures" / "hostile" / "content"


@pytest.fixture(scope="module")
def hostile_url(tmp_path_factory):
    from test_check import mkdocs_build, mkdocs_config

    tmp = tmp_path_factory.mktemp("hostile-search")
    result = mkdocs_build(mkdocs_config(tmp, HOSTILE), tmp / "site")
    assert result.returncode == 0, result.stderr[-4000:]
    with served(tmp / "site") as url:
        yield url


def test_hostile_titles_and_snippets_show_as_text_in_search(page, hostile_url):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(hostile_url)
    page.keyboard.press("/")
    page.locator("input.md-search__input").fill("alert")
    results = page.locator(".md-search-result__item")
    expect(results.first).to_be_visible()
    page.wait_for_timeout(500)
    shown = page.locator(".md-search-result__list")
    expect(shown).to_contain_text("<script>alert(1)</script>")
    assert shown.locator("script, img, iframe, b").count() == 0
    assert all(element.evaluate("e => [...e.attributes].every(a => !a.name.startsWith('on'))")
               for element in shown.locator("*").all())
    assert dialogs == []
