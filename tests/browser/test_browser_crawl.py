"""A crawler over the served site: every internal link answers 200, every page is reached from
the home page, and no page raises a JavaScript error.

The link graph is read from the built HTML (every page of the site, in one pass); Chromium then
opens the largest page of each kind (a paper, a device, a listing's second page, the filter, ...),
whose scripts run over the most data, and the links its scripts add are checked too. Every page
of a kind is made by one template and runs the same scripts; loading all ~300 pages in Chromium
took 41 s of the suite for what the kinds' pages show.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest

pytestmark = pytest.mark.browser

# Every URL a page refers to: links, stylesheets, scripts, images, icons.
REFERENCES = """() => [
  ...Array.from(document.querySelectorAll('a[href], link[href]'), e => e.href),
  ...Array.from(document.querySelectorAll('script[src], img[src], source[src]'), e => e.src),
]"""
_ATTRIBUTES = {"a": "href", "link": "href", "script": "src", "img": "src", "source": "src"}


class _References(HTMLParser):
    """The URLs a page's HTML refers to, as REFERENCES finds them in the DOM."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = _ATTRIBUTES.get(tag)
        self.found += [value for name, value in attrs if name == wanted and value]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def is_page(url: str) -> bool:
    path = urlsplit(url).path
    return path.endswith("/") or path.endswith(".html")


def page_file(site_dir: Path, base_url: str, url: str) -> Path:
    path = urlsplit(url).path[len(urlsplit(base_url).path):]
    return site_dir / (path + "index.html" if path.endswith("/") or not path else path)


def kind_of(base_url: str, url: str) -> str:
    """A page's kind: its first folder, a listing's later page, a page a level below: "hardware/*/page/*"."""
    parts = urlsplit(url).path[len(urlsplit(base_url).path):].strip("/").split("/")
    return "/".join(part if at == 0 or part == "page" else "*" for at, part in enumerate(parts) if part)


TABS = 3  # pages loading at once


def test_every_internal_link_answers_200_and_pages_raise_no_errors(make_context, base_url, site_dir, problems):
    # The link graph, from the home page and the 404 page (which no page links to).
    queue = [base_url, base_url + "404.html"]
    seen_pages = set(queue)
    referrers: dict[str, str] = {}
    while queue:
        url = queue.pop()
        html = page_file(site_dir, base_url, url)
        assert html.is_file(), f"{url}: no such page (linked from {referrers.get(url)})"
        parser = _References()
        parser.feed(html.read_text(encoding="utf-8"))
        for ref in parser.found:
            ref = urldefrag(urljoin(url, ref)).url
            if not ref.startswith(base_url):
                continue
            referrers.setdefault(ref, url)
            if is_page(ref) and ref not in seen_pages:
                seen_pages.add(ref)
                queue.append(ref)

    # The largest page of each kind, in Chromium: its scripts raise no error and what they link to is there.
    largest: dict[str, tuple[int, str]] = {}
    for url in seen_pages:
        size = page_file(site_dir, base_url, url).stat().st_size
        kind = kind_of(base_url, url)
        largest[kind] = max(largest.get(kind, (0, "")), (size, url))
    chosen = sorted(url for _, url in largest.values())
    assert len(chosen) >= 10, chosen
    context = make_context()
    tabs = [context.new_page() for _ in range(TABS)]
    failed_loads: list[str] = []
    for tab in tabs:
        tab.on("response", lambda r: failed_loads.append(f"{r.url} -> {r.status}")
               if r.url.startswith(base_url) and r.status >= 400 else None)
    while chosen:
        batch = [(tab, chosen.pop()) for tab in tabs if chosen]
        for tab, url in batch:  # every tab's load started, then each waited for: side by side
            response = tab.goto(url, wait_until="commit")
            assert response is not None and response.status == 200, f"{url} -> {response and response.status}"
        for tab, url in batch:
            tab.wait_for_load_state("load")
            for ref in tab.evaluate(REFERENCES):
                ref = urldefrag(ref).url
                if ref.startswith(base_url):
                    referrers.setdefault(ref, url)
    for tab in tabs:
        tab.wait_for_load_state("networkidle")  # the last pages' scripts run to the end

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


def test_a_page_kind_is_its_folder_and_a_listing_s_later_pages():
    base = "http://127.0.0.1:8000/"
    assert kind_of(base, base) == ""
    assert kind_of(base, base + "hardware/a100/") == "hardware/*"
    assert kind_of(base, base + "hardware/a100/page/2/") == "hardware/*/page/*"
    assert kind_of(base, base + "results/") == "results"
    assert kind_of(base, base + "404.html") == "404.html"
