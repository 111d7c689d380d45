"""Rendering: golden pages for each page kind, escaping, links between papers."""

from __future__ import annotations

import html
import json
import os
import posixpath
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import Markup
from mkdocs.utils.meta import get_data

from generator.pages import page_uri, pager_numbers, results_json, root_from, served_dir
from generator.pipeline import generate
from generator.render import escape_markdown, front_matter, render_pages, safe_href
from generator.site import all_results, node_results

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
GOLDEN = Path(__file__).parent / "golden" / "site_small"
TEMPLATES = ROOT / "site_templates"


@pytest.fixture(scope="module")
def small_generated():
    """The small site as `mkdocs build` and `generate --out` make it."""
    return generate(SMALL, TEMPLATES)


@pytest.fixture(scope="module")
def small_site(small_generated):
    return small_generated.site


@pytest.fixture(scope="module")
def small_pages(small_generated):
    return small_generated.pages


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


def test_generating_twice_gives_the_same_pages_and_files(small_generated):
    again = generate(SMALL, TEMPLATES)
    assert again.pages == small_generated.pages and again.files == small_generated.files


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
    assert "kv-cache" not in small_site.facts["adding-nvme-ssds-to-enable"].topics
    assert "kv-cache" in small_site.facts["snapkv"].topics


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


# ---------------------------------------------------------------------------- pagination


@pytest.fixture(scope="module")
def paged(small_site):
    """The small site's pages with one row a listing page: every listing with more is split."""
    return render_pages(small_site, TEMPLATES, page_size=1)


def meta_of(markdown: str) -> dict:
    return get_data(markdown)[1]


def resolve(from_uri: str, href: str) -> str:
    return posixpath.normpath(posixpath.join(posixpath.dirname(from_uri), href.partition("#")[0]))


def pager_links(markdown: str) -> list[tuple[str, str, str]]:
    """(text, href, attributes) of each link in the page's pagers."""
    found = []
    for nav in re.findall(r'<nav class="pager".*?</nav>', markdown, re.S):
        found += re.findall(r"^- \[([^\]]*)\]\(([^)]*)\)\{ ([^}]*) \}$", nav, re.M)
    return found


def test_page_urls_keep_page_one_and_put_the_others_under_page():
    assert page_uri("papers/index.md", 1) == "papers/index.md"
    assert page_uri("papers/index.md", 2) == "papers/page/2.md"
    assert page_uri("hardware/a100.md", 12) == "hardware/a100/page/12.md"
    assert page_uri("topics/kv-cache.md", 3) == "topics/kv-cache/page/3.md"
    assert served_dir("hardware/a100.md") == "hardware/a100" and served_dir("papers/index.md") == "papers"
    assert root_from("hardware/a100.md") == "../../" and root_from("results/page/3.md") == "../../../"
    assert root_from("results/index.md") == "../"


@pytest.mark.parametrize(("number", "count", "expected"), [
    (1, 1, [1]),
    (1, 3, [1, 2, 3]),
    (1, 10, [1, 2, 3, None, 10]),
    (5, 10, [1, 2, 3, 4, 5, 6, 7, None, 10]),  # a gap of one number shows the number
    (6, 12, [1, None, 4, 5, 6, 7, 8, None, 12]),
    (12, 12, [1, None, 10, 11, 12]),
])
def test_the_pager_shows_the_ends_and_the_pages_near_the_current_one(number, count, expected):
    assert pager_numbers(number, count) == expected


def test_listings_are_split_into_pages_of_the_page_size(paged, small_site):
    assert set(paged) - set(golden_cases()) == {
        "papers/page/2.md", "papers/page/3.md", "results/page/2.md", "years/page/2.md", "years/page/3.md",
        "hardware/nvidia/page/2.md", "hardware/nvidia/page/3.md", "topics/offloading/page/2.md",
    }
    # Every paper once, in the site's order, over the pages of All papers.
    listed = [re.findall(r"^\| \[[^\]]*\]\(([^)]*)\)", paged[uri], re.M)
              for uri in ("papers/index.md", "papers/page/2.md", "papers/page/3.md")]
    assert listed == [["snapkv.md"], ["../adding-nvme-ssds-to-enable.md"], ["../zero-infinity.md"]]
    assert [p.slug for p in small_site.papers] == ["snapkv", "adding-nvme-ssds-to-enable", "zero-infinity"]
    assert "# All papers, page 2 of 3" in paged["papers/page/2.md"]
    assert "# NVIDIA, page 3 of 3" in paged["hardware/nvidia/page/3.md"]
    assert meta_of(paged["hardware/nvidia/page/3.md"])["title"] == "NVIDIA, page 3 of 3"


def test_a_listing_that_fits_on_a_page_has_no_pager(small_pages):
    for uri in ("papers/index.md", "results/index.md", "years/index.md", "hardware/nvidia.md", "topics/offloading.md"):
        assert "pager" not in small_pages[uri] and "page 1 of" not in small_pages[uri], uri


def test_pager_links_previous_numbers_and_next_with_the_current_page_marked(paged):
    assert pager_links(paged["papers/page/2.md"]) == [
        ("Previous", "../index.md", 'rel="prev" aria-label="Previous page"'),
        ("1", "../index.md", 'aria-label="Page 1"'),
        ("2", "2.md", 'aria-label="Page 2" aria-current="page"'),
        ("3", "3.md", 'aria-label="Page 3"'),
        ("Next", "3.md", 'rel="next" aria-label="Next page"'),
    ]
    first, last = pager_links(paged["papers/index.md"]), pager_links(paged["papers/page/3.md"])
    assert first[0][0] == "1" and 'aria-current="page"' in first[0][2] and first[-1][0] == "Next"
    assert last[0][0] == "Previous" and last[-1][0] == "3" and 'aria-current="page"' in last[-1][2]
    assert '<nav class="pager" aria-label="Pages" markdown>' in paged["papers/page/2.md"]


def test_every_pager_link_leads_to_a_page_of_the_same_listing(paged):
    for uri, markdown in paged.items():
        for text, href, _ in pager_links(markdown):
            target = resolve(uri, href)
            assert target in paged, (uri, href)
            if text.isdigit():
                assert target == page_uri(paged_first(uri), int(text)), (uri, href)


def paged_first(uri: str) -> str:
    """The first page of the listing `uri` is a page of."""
    head, _, _ = uri.partition("/page/")
    if not _:
        return uri
    return f"{head}/index.md" if head in ("papers", "results", "years") else f"{head}.md"


def test_hardware_pages_show_papers_first_and_later_pages_only_continue_the_lists(paged):
    first = paged["hardware/nvidia.md"]
    assert first.index("3 papers") < first.index("Architectures:") < first.index("## Papers") < first.index("## Key results")
    # Each list that goes on has its pager, named for it.
    assert 'aria-label="Pages of papers"' in first and 'aria-label="Pages of results"' in first
    later = paged["hardware/nvidia/page/2.md"]
    assert "## Papers" in later and "## Key results" in later
    assert "3 papers" not in later and "Architectures:" not in later and "Found in abstracts" not in later
    assert "[NVIDIA](../../nvidia.md)" in later.split("# NVIDIA", 1)[0]  # the breadcrumb leads back to page 1
    # The third page: papers only (NVIDIA has three papers and two results).
    third = paged["hardware/nvidia/page/3.md"]
    assert "## Papers" in third and "## Key results" not in third and 'aria-label="Pages"' in third
    assert "Devices" not in paged["topics/offloading/page/2.md"] and "Moving model state" not in paged["topics/offloading/page/2.md"]


def test_continuation_pages_are_kept_out_of_search_and_hardware_and_topic_pages_are_not(paged, small_pages):
    for pages_ in (paged, small_pages):
        for uri, markdown in pages_.items():
            if "/page/" in uri:
                assert meta_of(markdown).get("search") == {"exclude": True}, uri
            elif uri.startswith(("hardware/", "topics/")) and not uri.endswith("index.md"):
                assert "search" not in meta_of(markdown), uri
            elif uri in ("papers/index.md", "results/index.md", "years/index.md"):
                assert meta_of(markdown)["search"] == {"exclude": True}, uri


def test_years_go_on_over_pages_and_the_home_page_links_where_each_begins(paged):
    assert "## 2024 { #year-2024 }" in paged["years/index.md"]
    assert "## 2024 (continued)" in paged["years/page/2.md"] and "#year-2024" not in paged["years/page/2.md"]
    assert "## 2021 { #year-2021 }" in paged["years/page/3.md"]
    home = paged["index.md"]
    assert "[2024](years/index.md#year-2024)" in home and "[2021](years/page/3.md#year-2021)" in home


def test_results_split_over_pages_are_sorted_from_one_json_file_of_every_row(paged, small_site):
    assert 'data-rows="../results/rows.json"' in paged["results/index.md"]
    assert 'data-rows="../../../results/rows.json"' in paged["results/page/2.md"]
    assert 'data-rows="../../results/rows.json" data-node="nvidia"' in paged["hardware/nvidia.md"]
    # A table on one page is sorted where it is.
    assert 'data-rows' not in paged["hardware/rtx-4090.md"] and 'class="sortable-table"' in paged["hardware/rtx-4090.md"]
    data = json.loads(results_json(small_site, 1))
    rows = all_results(small_site)
    assert len(data["rows"]) == len(rows)
    for (paper, result), row in zip(rows, data["rows"]):
        value, shown, kind, baseline, device, paper_index = row
        assert (value, shown, kind, baseline) == (result.value, result.shown, result.kind, result.baseline or "")
        assert data["papers"][paper_index] == [paper.slug, paper.title]
        if result.device:
            name, path = data["devices"][device]
            assert name == small_site.hardware.nodes[result.device].name
            assert path in ("", f"hardware/{result.device}/")
        else:
            assert device == -1
    # A hardware page whose results span pages: its rows, in its order.
    assert set(data["nodes"]) == {n for n in small_site.hardware.nodes if len(node_results(small_site, n)) > 1}
    for node_id, indexes in data["nodes"].items():
        assert [rows[i] for i in indexes] == node_results(small_site, node_id)
    assert json.loads(results_json(small_site, 100))["nodes"] == {}


def test_generate_writes_the_rows_of_the_results(tmp_path):
    generated = generate(SMALL, TEMPLATES, page_size=1)
    assert json.loads(generated.files["results/rows.json"])["rows"]
    assert "papers/page/3.md" in generated.pages
