"""Rendering: golden pages for each page kind, escaping, links between papers."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from mkdocs.utils.meta import get_data

from generator import workers
from generator.render import escape_markdown, front_matter, generate, render_site, safe_href
from generator.site import build_site, load_content

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
GOLDEN = Path(__file__).parent / "golden" / "site_small"
TEMPLATES = ROOT / "site_templates"


@pytest.fixture(scope="module")
def small_site():
    papers, hardware, topics, _ = load_content(SMALL)
    return build_site(papers, hardware, topics)


@pytest.fixture(scope="module")
def small_pages(small_site):
    return render_site(small_site, TEMPLATES)


def test_every_page_kind_is_rendered(small_pages):
    assert set(small_pages) == {
        "index.md", "papers/index.md", "years/index.md",
        "results/index.md",
        "hardware/index.md", "topics/index.md",
        "papers/snapkv.md", "papers/adding-nvme-ssds-to-enable.md", "papers/zero-infinity.md",
        "hardware/nvidia.md", "hardware/ampere.md", "hardware/a100.md",
        "hardware/ada-lovelace.md", "hardware/rtx-4090.md",
        "hardware/amd.md", "hardware/cdna3.md", "hardware/mi300x.md",
        "topics/kv-cache.md", "topics/offloading.md",
        "timeline/index.md", "filter/index.md", "data.md",
    }


def golden_cases():
    return sorted(p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*.md"))


@pytest.mark.parametrize("uri", golden_cases())
def test_page_matches_golden_file(small_pages, uri):
    """Set UPDATE_GOLDEN=1 to rewrite the golden files after an intended change; review the diff."""
    golden = GOLDEN / uri
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(small_pages[uri], encoding="utf-8")
    assert small_pages[uri] == golden.read_text(encoding="utf-8")


def test_golden_files_cover_every_page(small_pages):
    if os.environ.get("UPDATE_GOLDEN"):
        for uri, text in small_pages.items():
            (GOLDEN / uri).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / uri).write_text(text, encoding="utf-8")
    assert set(golden_cases()) == set(small_pages)


def test_rendering_twice_gives_the_same_pages(small_site, small_pages):
    assert render_site(small_site, TEMPLATES) == small_pages


def test_device_page_shows_the_sentence_naming_the_device(small_pages):
    page = small_pages["hardware/rtx-4090.md"]
    assert "Fuyou achieves 156 TFLOPS on an RTX 4090 GPU" in page


def test_architecture_and_vendor_pages_roll_up_their_devices(small_pages):
    for uri in ("hardware/ada-lovelace.md", "hardware/nvidia.md"):
        assert "../papers/adding-nvme-ssds-to-enable.md" in small_pages[uri]
    assert "../papers/snapkv.md" not in small_pages["hardware/ada-lovelace.md"]


def test_curator_added_hardware_is_listed_without_a_sentence(small_pages):
    page = small_pages["hardware/mi300x.md"]
    assert "../papers/adding-nvme-ssds-to-enable.md" in page
    assert "Added by a curator." in page


def test_curator_removed_topic_is_not_shown(small_site):
    assert "kv-cache" not in small_site.paper_topics["adding-nvme-ssds-to-enable"]
    assert "kv-cache" in small_site.paper_topics["snapkv"]


def test_a_name_in_an_abstract_links_both_ways(small_pages):
    fuyou = small_pages["papers/adding-nvme-ssds-to-enable.md"]
    assert "[ZeRO-Infinity](zero-infinity.md)" in fuyou
    zero = small_pages["papers/zero-infinity.md"]
    mentioned_by = zero.split("## Mentioned by", 1)[1]
    assert "(adding-nvme-ssds-to-enable.md)" in mentioned_by


def test_related_papers_give_their_reason(small_pages):
    related = small_pages["papers/snapkv.md"].split("## Related papers", 1)[1]
    assert "similar text" in related


@pytest.mark.parametrize(
    ("text", "forbidden"),
    [
        ("<script>alert(1)</script>", "<script"),
        ("<img src=x onerror=alert(1)>", "<img"),
        ("[click](javascript:alert(1))", "](javascript"),
        ("**bold** _it_ `code`", "**"),
        ("{: onclick=alert(1) }", "{:"),
    ],
)
def test_text_from_content_cannot_become_markup(text, forbidden):
    assert forbidden not in escape_markdown(text)


MARKDOWN_ACTIVE = "\\`*_{}[]()#+!|~^=:$<>&\"'"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(MARKDOWN_ACTIVE + "ab1. -\n&#;é")))
def test_every_active_character_becomes_its_character_reference(text):
    """Each active character is replaced by its own reference, once: "&" and "#" in the
    references themselves are never replaced again."""
    reference = {ord(c): f"&#{ord(c)};" for c in MARKDOWN_ACTIVE}
    expected = text.translate(reference)
    expected = re.sub(r"^(\s*)(\d+)\.", r"\1\2&#46;", expected, flags=re.M)
    expected = re.sub(r"^(\s*)-", r"\1&#45;", expected, flags=re.M)
    assert escape_markdown(text) == expected
    assert html.unescape(escape_markdown(text)) == text


@settings(max_examples=500, deadline=None)
@given(title=st.text(), tags=st.lists(st.text(), max_size=3))
def test_front_matter_reads_back_as_the_same_values(title, tags):
    """Front matter is written as JSON; MkDocs reads it as YAML, whatever the characters."""
    meta = {"title": title, "search": {"boost": 3}, "tags": tags, "hide": ["navigation"]}
    written = str(front_matter(meta))
    assert "\n" not in written
    _, read = get_data(f"---\n{written}\n---\n\n# Body\n")
    assert read == meta


def test_markup_built_by_the_generator_passes_unchanged():
    assert escape_markdown(Markup("[a](b.md)")) == "[a](b.md)"


@pytest.mark.parametrize("url", ["javascript:alert(1)", "data:text/html,x", "ftp://x.org/a"])
def test_only_http_links_become_hrefs(url):
    with pytest.raises(ValueError):
        safe_href(url)


def test_href_escapes_quotes():
    assert safe_href('https://example.org/?a="b"&c') == "https://example.org/?a=&quot;b&quot;&amp;c"


def test_pages_above_a_device_name_each_papers_devices_under_them(small_pages):
    # Fuyou names an RTX 4090 and a curator added an MI300X: each page shows its own.
    ada = small_pages["hardware/ada-lovelace.md"].split("## Papers", 1)[1]
    amd = small_pages["hardware/amd.md"].split("## Papers", 1)[1]
    assert "<small>GeForce RTX 4090</small>" in ada and "MI300X" not in ada
    assert "<small>AMD Instinct MI300X</small>" in amd and "4090" not in amd
    assert "> " not in ada  # the sentence is quoted on the device page only
    assert "> Fuyou achieves 156 TFLOPS on an RTX 4090 GPU" in small_pages["hardware/rtx-4090.md"]


def test_paper_pages_rendered_in_worker_processes_are_the_same(small_site, small_pages, forking):
    assert render_site(small_site, TEMPLATES, jobs=2) == small_pages


def test_generate_in_worker_processes_makes_the_same_site(forking, monkeypatch):
    """Links found side by side with the listing pages and exports, pages rendered by
    workers: the same pages and files as one process makes."""
    forked = generate(ROOT / "content", TEMPLATES)
    monkeypatch.setattr(workers, "PARALLEL_ITEMS", 10**9)
    monkeypatch.setattr(workers, "SIDE_BY_SIDE_PAPERS", 10**9)
    serial = generate(ROOT / "content", TEMPLATES)
    assert forked.pages == serial.pages and forked.files == serial.files
    assert forked.site.mentions and any(forked.site.related.values())
    assert "## Related papers" in forked.pages["papers/snapkv.md"]
