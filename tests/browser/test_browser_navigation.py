"""What a reader clicks: the hardware tree, topic and paper pages, the edit link, the theme toggle
(search: test_browser_search.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

def content_link(page, name: str):
    return page.locator(".md-content").get_by_role("link", name=name, exact=True).first


def test_hardware_tree_leads_from_home_to_the_a100_papers(page, base_url):
    page.goto(base_url)
    content_link(page, "hardware overview").click()
    expect(page).to_have_url(re.compile(r"/hardware/$"))
    content_link(page, "NVIDIA").click()
    expect(page).to_have_url(re.compile(r"/hardware/nvidia/$"))
    content_link(page, "Ampere").click()
    expect(page).to_have_url(re.compile(r"/hardware/ampere/$"))
    content_link(page, "A100").click()  # the overview names a device by its label
    expect(page).to_have_url(re.compile(r"/hardware/a100/$"))
    expect(page.locator(".md-content h1")).to_contain_text("A100")
    # The "Papers" listing; the key-results table links the same papers again.
    papers = page.locator("h2#papers + div table.paper-table td.paper-title > a")
    expect(papers.filter(has_text=re.compile(r"^SnapKV:"))).to_have_count(1)
    expect(papers.filter(has_text=re.compile(r"^GPTQ:"))).to_have_count(1)
    papers.filter(has_text=re.compile(r"^GPTQ:")).click()
    expect(page).to_have_url(re.compile(r"/papers/gptq/$"))


def test_topic_page_lists_its_papers(page, base_url):
    page.goto(base_url + "topics/")
    content_link(page, "KV cache").click()
    expect(page).to_have_url(re.compile(r"/topics/kv-cache/$"))
    papers = page.locator(".md-content a[href*='papers/']")
    expect(papers.filter(has_text=re.compile(r"^SnapKV:"))).to_have_count(1)
    expect(papers.filter(has_text=re.compile(r"^TriForce:"))).to_have_count(1)
    papers.filter(has_text=re.compile(r"^SnapKV:")).click()
    expect(page).to_have_url(re.compile(r"/papers/snapkv/$"))


def section_links(page, heading_id: str):
    """The links in the list that follows the h2 with this id (alone, or in a block of its own)."""
    return page.locator(f"h2#{heading_id} + ul a, h2#{heading_id} + div > ul a")


def test_related_paper_link_opens_that_paper(page, base_url):
    page.goto(base_url + "papers/zero-infinity/")
    related = section_links(page, "related-papers")
    expect(related.first).to_be_visible()
    assert 1 <= related.count() <= 5
    offload = related.filter(has_text="ZeRO-Offload")
    offload.click()
    expect(page).to_have_url(re.compile(r"/papers/zero-offload/$"))
    expect(page.locator(".md-content h1")).to_contain_text("ZeRO-Offload")


def test_mentioned_by_link_opens_the_paper_that_names_it(page, base_url):
    page.goto(base_url + "papers/zero-infinity/")
    mentioned_by = section_links(page, "mentioned-by")
    expect(mentioned_by).to_have_count(1)
    mentioned_by.click()
    expect(page).to_have_url(re.compile(r"/papers/adding-nvme-ssds-to-enable/$"))
    # And the abstract there links back to ZeRO-Infinity (instant navigation
    # makes the hrefs of a page it loads absolute).
    page.locator("h2#abstract ~ p a[href$='zero-infinity/']").first.click()
    expect(page).to_have_url(re.compile(r"/papers/zero-infinity/$"))


def test_edit_link_points_at_the_papers_file(page, base_url):
    page.goto(base_url + "papers/snapkv/")
    edit = page.locator("a.md-content__button[title*='Edit' i]")
    expect(edit).to_have_count(1)
    expect(edit).to_have_attribute(
        "href", re.compile(r"^https://github\.com/[^/]+/[^/]+/edit/main/content/papers/snapkv\.md$")
    )


def scheme(page) -> str:
    return page.locator("body").get_attribute("data-md-color-scheme")


def test_dark_mode_toggle_is_remembered_across_pages(page, base_url):
    page.goto(base_url)
    assert scheme(page) == "default"
    page.locator("label[title='Switch to dark mode']").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    # Instant navigation inside the site ...
    content_link(page, "hardware overview").click()
    expect(page).to_have_url(re.compile(r"/hardware/$"))
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    # ... and a full page load elsewhere keep it.
    page.goto(base_url + "papers/snapkv/")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    page.locator("label[title='Switch to light mode']").click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
    page.goto(base_url + "topics/")
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "default")
