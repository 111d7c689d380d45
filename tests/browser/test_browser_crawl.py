"""A crawler over the served site: every internal link answers 200 and no page raises a JavaScript error."""

from __future__ import annotations

import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urldefrag, urlsplit

import pytest

pytestmark = pytest.mark.browser

# Every URL a page refers to: links, stylesheets, scripts, images, icons.
REFERENCES = """() => [
  ...Array.from(document.querySelectorAll('a[href], link[href]'), e => e.href),
  ...Array.from(document.querySelectorAll('script[src], img[src], source[src]'), e => e.src),
]"""


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def is_page(url: str) -> bool:
    path = urlsplit(url).path
    return path.endswith("/") or path.endswith(".html")


TABS = 3  # pages loading at once: the crawl is bound by page start-up, not by the server


def test_every_internal_link_answers_200_and_pages_raise_no_errors(
    make_context, base_url, site_dir, problems
):
    context = make_context()
    tabs = [context.new_page() for _ in range(TABS)]
    failed_loads: list[str] = []
    for tab in tabs:
        tab.on(
            "response",
            lambda r: failed_loads.append(f"{r.url} -> {r.status}")
            if r.url.startswith(base_url) and r.status >= 400 else None,
        )
    # Start from the home page and the 404 page (which no page links to).
    queue = [base_url, base_url + "404.html"]
    seen_pages = set(queue)
    referrers: dict[str, str] = {}
    while queue:
        batch = [(tab, queue.pop()) for tab in tabs if queue]
        # Start every tab's load, then wait for each: the tabs load side by side.
        for tab, url in batch:
            response = tab.goto(url, wait_until="commit")
            assert response is not None and response.status == 200, (
                f"{url} -> {response and response.status} (linked from {referrers.get(url)})"
            )
        for tab, url in batch:
            tab.wait_for_load_state("load")
            for ref in tab.evaluate(REFERENCES):
                ref = urldefrag(ref).url
                if not ref.startswith(base_url):
                    continue
                referrers.setdefault(ref, url)
                if is_page(ref) and ref not in seen_pages:
                    seen_pages.add(ref)
                    queue.append(ref)
    for tab in tabs:
        # Let the last pages' scripts run to the end before judging them.
        tab.wait_for_load_state("networkidle")

    with ThreadPoolExecutor(8) as pool:
        statuses = dict(zip(referrers, pool.map(status, referrers)))
    broken = [f"{referrers[u]} -> {u}: {s}" for u, s in statuses.items() if s != 200]
    assert not broken, broken[:20]
    assert not failed_loads, failed_loads[:20]

    # The crawl reached every page of the built site.
    built = set()
    for index in site_dir.rglob("index.html"):
        folder = index.parent.relative_to(site_dir).as_posix()
        built.add(base_url if folder == "." else f"{base_url}{folder}/")
    unreached = sorted(built - seen_pages)
    assert not unreached, unreached[:20]
    assert len(seen_pages) > 100
    # JavaScript errors on any page also fail the test in make_context's
    # teardown; checking here puts the message next to the crawl.
    assert not problems.errors, problems.errors[:10]
    assert not problems.offsite, problems.offsite[:10]
