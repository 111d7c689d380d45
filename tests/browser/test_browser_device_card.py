"""A device page opens with its card of facts, readable on a laptop and on a phone: every fact
in view without scrolling sideways, the source a link. A server's card links the devices it
holds. Screenshots of both widths land in test-artifacts/browser/ for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
              "device_scale_factor": 2},
}


@pytest.mark.parametrize("size", SIZES)
def test_a_device_page_opens_with_its_card(make_context, base_url, artifacts, size):
    page = make_context(**SIZES[size]).new_page()
    page.goto(base_url + "hardware/a100/")
    card = page.locator("dl.device-card")
    expect(card).to_be_visible()
    # The card comes right after the heading, before the papers.
    assert page.evaluate("""() => {
        const card = document.querySelector("dl.device-card");
        const papers = document.querySelector(".paper-table");
        return card.compareDocumentPosition(papers) & Node.DOCUMENT_POSITION_FOLLOWING;
    }""")
    facts = dict(zip(card.locator("dt").all_inner_texts(), card.locator("dd").all_inner_texts()))
    assert facts["Memory"] == "80 GB HBM2e" and facts["FP16/BF16, dense"] == "312 TFLOPS"
    assert card.get_by_role("link", name="nvidia.com").get_attribute("href").startswith("https://www.nvidia.com/")
    # Every fact inside the card and the window: nothing cut off or scrolled sideways.
    width = page.evaluate("() => window.innerWidth")
    for box in (card.locator("div").nth(i).bounding_box() for i in range(card.locator("div").count())):
        assert 0 <= box["x"] and box["x"] + box["width"] <= width
    overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the device page at {size} width scrolls sideways by {overflow}px"
    columns = page.evaluate("""() => getComputedStyle(document.querySelector("dl.device-card"))
        .gridTemplateColumns.split(" ").length""")
    assert columns >= (2 if size == "phone" else 4)
    card.screenshot(path=artifacts / f"device-card-{size}.png", animations="disabled")
    page.screenshot(path=artifacts / f"device-page-{size}.png", animations="disabled")


def test_a_server_s_card_links_what_it_holds(page, base_url):
    page.goto(base_url + "hardware/dgx-2/")
    card = page.locator("dl.device-card")
    expect(card.locator("dd").first).to_have_text("Server")
    card.get_by_role("link", name="V100").click()
    expect(page.locator(".md-content h1")).to_have_text("NVIDIA Tesla V100")
    expect(page.locator("dl.device-card")).to_contain_text("Inside")
