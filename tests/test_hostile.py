"""Hostile content: HTML, script, event handlers, attribute lists and javascript: links in every
field come out of `mkdocs build --strict` as inert text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from generator.content.check import check_content
from test_check import mkdocs_build, mkdocs_config

HOSTILE = Path(__file__).parent / "fixtures" / "hostile" / "content"
BAD_SCHEME = re.compile(r"^\s*(javascript|data|vbscript):", re.I)
URL_ATTRIBUTES = ("href", "src", "action", "formaction", "xlink:href", "srcdoc")


def test_hostile_fixtures_are_valid_content():
    assert [str(p) for p in check_content(HOSTILE) if p.severity == "error"] == []


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("hostile")
    result = mkdocs_build(mkdocs_config(tmp, HOSTILE), tmp / "site")
    assert result.returncode == 0, result.stderr[-4000:]
    return tmp / "site"


def is_data(element) -> bool:
    """A JSON-LD block whose whole text is one JSON document: data the browser never runs."""
    if element.name != "script" or element.get("type") != "application/ld+json":
        return False
    try:
        json.loads(element.string or "")
    except ValueError:
        return False
    return True


def active_parts(html: str) -> list[str]:
    """Script, event handlers and script URLs in a piece of HTML that came from content (say 'alert')."""
    found = []
    for element in BeautifulSoup(html, "html.parser").find_all(True):
        if element.name in ("script", "iframe", "object", "embed") and "alert" in str(element) and not is_data(element):
            found.append(str(element)[:120])
        for name, value in element.attrs.items():
            value = " ".join(value) if isinstance(value, list) else value
            if name.lower().startswith("on"):
                found.append(f"<{element.name} {name}={value[:60]!r}>")
            if name.lower() in URL_ATTRIBUTES and BAD_SCHEME.match(value):
                found.append(f"<{element.name} {name}={value[:60]!r}>")
    return found


def test_no_page_has_script_handlers_or_script_urls_from_content(built):
    pages = sorted(built.rglob("*.html"))
    assert len(pages) > 10
    found = {page.relative_to(built).as_posix(): active_parts(page.read_text(encoding="utf-8")) for page in pages}
    assert {page: parts for page, parts in found.items() if parts} == {}


def test_every_alert_in_the_html_is_text(built):
    """'alert(' from content only ever appears escaped, or as text inside an attribute value."""
    for page in sorted(built.rglob("*.html")):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for script in soup.find_all("script"):
            assert is_data(script) or "alert" not in script.get_text(), page


SCRIPT_TITLE = '</title><script>alert(1)</script> & "quotes" <b>bold</b> on A100'
SCRIPT_AUTHORS = ['<iframe src="javascript:alert(2)"></iframe>', "Ada {onclick=alert(3)}"]


def test_hostile_text_stays_inside_the_json_ld_and_the_citation_tags(built):
    """A title that closes the script element is a JSON string in the JSON-LD (`<`, `>` and `&`
    written as \\u escapes), and every citation tag gives the text as written."""
    html = (built / "papers" / "script-title" / "index.html").read_text(encoding="utf-8")
    page = BeautifulSoup(html, "html.parser")
    (block,) = page.find_all("script", type="application/ld+json")
    data = json.loads(block.string)
    assert data["name"] == data["headline"] == SCRIPT_TITLE
    assert [a["name"] for a in data["author"]] == SCRIPT_AUTHORS
    assert not set("<>&") & set(block.string)
    source = html.split('<script type="application/ld+json">', 1)[1].split("</script>", 1)[0]
    assert source == block.string and "\\u003c/script\\u003e" in source
    tags = [(m["name"], m["content"]) for m in page.find_all("meta", attrs={"name": re.compile("^citation_")})]
    assert tags[:3] == [("citation_title", SCRIPT_TITLE), *(("citation_author", a) for a in SCRIPT_AUTHORS)]
    assert ("citation_conference_title", '{: onmouseover="alert(4)" }') in tags
    assert page.find("meta", property="og:title")["content"] == SCRIPT_TITLE  # escaped once, not twice


def test_hostile_titles_show_as_text_in_title_header_and_heading(built):
    page = BeautifulSoup((built / "papers" / "script-title" / "index.html").read_text(encoding="utf-8"), "html.parser")
    title = '</title><script>alert(1)</script> & "quotes" <b>bold</b> on A100'
    assert page.title.get_text() == f"{title} - AI Hardware Reading List"
    assert page.find("h1").get_text().removesuffix("¶") == title
    header = page.find("div", class_="md-header__topic", attrs={"data-md-component": "header-topic"})
    assert header.get_text().strip() == title
    escaped = BeautifulSoup((built / "papers" / "escaped-title" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert escaped.title.get_text().startswith("&lt;/title&gt;&lt;script&gt;alert(22)")


def test_topic_chips_show_hostile_topic_names_as_text(built):
    for uri in ("papers/script-title/index.html",):
        page = BeautifulSoup((built / uri).read_text(encoding="utf-8"), "html.parser")
        assert "<img src=x onerror=alert(30)> KV cache" in page.get_text(), uri
        assert not page.find("img", attrs={"onerror": True})


def test_links_are_only_the_http_urls_of_the_front_matter(built):
    page = BeautifulSoup((built / "papers" / "script-title" / "index.html").read_text(encoding="utf-8"), "html.parser")
    hrefs = [a["href"] for a in page.find_all("a", href=True)]
    assert 'https://example.org/"><script>alert(5)</script>' in hrefs
    assert not [h for h in hrefs if "javascript" in h.lower()]
    text = page.get_text()
    assert "[click](javascript:alert(14))" in text  # shown, not linked




def test_a_hostile_vendor_name_shows_as_text_in_its_markdown_heading(built):
    """The hardware index's vendor headings are Markdown (for the table of contents): the name
    is the heading's text and its link's text, with no element made of it."""
    name = "NVIDIA <script>alert(36)</script> **bold** _it_ `code` [x](javascript:alert(37)) {: onclick=alert(38) } #1 \\ & <b>b</b>"
    page = BeautifulSoup((built / "hardware" / "index.html").read_text(encoding="utf-8"), "html.parser")
    article = page.find("article")
    (heading,) = [h for h in article.find_all("h2") if "alert(36)" in h.get_text()]
    (link, permalink) = heading.find_all(True)
    assert link.name == "a" and link["href"] == "nvidia/" and link.get_text() == name
    assert permalink.name == "a" and "headerlink" in permalink["class"]
    assert heading.get_text().removesuffix("¶") == f"{name} (1)"
    assert heading.attrs.keys() == {"id"}
    vendor = BeautifulSoup((built / "hardware" / "nvidia" / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert vendor.find("article").find("h1").get_text().removesuffix("¶") == name
