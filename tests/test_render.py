"""Rendering: golden pages for each page kind, escaping, links between papers."""

from __future__ import annotations

import dataclasses
import html
import json
import os
import posixpath
import re
from pathlib import Path
from urllib.parse import urlsplit

import markdown
import pytest
import yaml
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st
from mkdocs.utils.meta import get_data

from generator.site.pages import page_uri, pager_numbers, results_json, served_dir
from generator.content.check import read_content
from generator.content.hardware import Hardware
from generator.content.topics import Topics
from generator.pipeline import generate
from generator.site.markup import front_matter, markdown_text, safe_href, url_between
from support import page_texts
from generator.derive.facts import all_results, derive_site, node_results

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


# ---------------------------------------------------------------------------- links, as served
#
# A generated page's links are raw HTML, which MkDocs does not rewrite: each is the relative
# URL of the target as served (directory URLs), from the URL its own page is served at.


def served_path(uri: str) -> str:
    """Where a source URI is served, from the site's root: `x/y.md` at `x/y/`, `x/index.md`
    at `x/`, `index.md` at `` (the root); a file that is no page keeps its path."""
    if not uri.endswith(".md"):
        return uri
    if uri == "index.md" or uri.endswith("/index.md"):
        return uri.removesuffix("index.md")
    return uri.removesuffix(".md") + "/"


def served_target(from_uri: str, href: str) -> str:
    """The path from the site's root that `href`, on the page `from_uri`, leads to ('' is the
    root; a folder ends with '/'). Fails for a link that leaves the site."""
    path = urlsplit(href).path
    base = "/site/" + served_path(from_uri)
    joined = posixpath.normpath(posixpath.join(base, path)) if path else base.rstrip("/")
    assert joined == "/site" or joined.startswith("/site/"), f"{href!r} on {from_uri} leaves the site"
    target = joined.removeprefix("/site").lstrip("/")
    folder = not path or path.endswith("/") or posixpath.basename(path) in (".", "..")
    return target + "/" if folder and target else target


def source_of(served: str, known) -> str | None:
    """The source URI (or file) of `known` served at `served`, None if there is none."""
    if served == "":
        candidates = ["index.md"]
    elif served.endswith("/"):
        candidates = [served + "index.md", served[:-1] + ".md"]
    else:
        candidates = [served]
    found = [c for c in candidates if c in known]
    assert len(found) <= 1, found
    return found[0] if found else None


def resolve(from_uri: str, href: str, known) -> str | None:
    """The page or file of `known` that `href` on the page `from_uri` leads to (fragment dropped)."""
    return source_of(served_target(from_uri, href), known)


HREF = re.compile(r'<a\b[^>]*?\shref="([^"]*)"[^>]*>(.*?)</a>', re.S)
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def html_links(page: str) -> list[tuple[str, str]]:
    """(href, text) of each <a> of a generated page, hrefs HTML-unescaped, external ones left out."""
    return [(html.unescape(href), text) for href, text in HREF.findall(page)
            if not urlsplit(html.unescape(href)).scheme and not href.startswith("#")]


def linked(pages_: dict[str, str], uri: str) -> set[str]:
    """The pages and files that the page `uri` links to."""
    return {resolve(uri, href, pages_) for href, _ in html_links(pages_[uri])}


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
        "filter/index.md", "data.md",
        "paths/index.md", "paths/beyond-gpu-memory.md", "recent/index.md",
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
        assert "papers/adding-nvme-ssds-to-enable.md" in linked(small_pages, uri)
        assert '<a href="../../papers/adding-nvme-ssds-to-enable/">' in small_pages[uri]
    assert "papers/snapkv.md" not in linked(small_pages, "hardware/ada-lovelace.md")
    assert "papers/snapkv.md" in linked(small_pages, "hardware/nvidia.md")


def test_curator_added_hardware_is_listed_without_a_sentence(small_pages):
    page = small_pages["hardware/mi300x.md"]
    assert "papers/adding-nvme-ssds-to-enable.md" in linked(small_pages, "hardware/mi300x.md")
    assert '<details class="evidence"><summary>Why it is here</summary><p>Added by a curator.</p></details>' in page


def test_curator_removed_topic_is_not_shown(small_site):
    assert "kv-cache" not in small_site.facts["adding-nvme-ssds-to-enable"].topics
    assert "kv-cache" in small_site.facts["snapkv"].topics


def test_a_name_in_an_abstract_links_both_ways(small_pages):
    fuyou = small_pages["papers/adding-nvme-ssds-to-enable.md"]
    abstract = fuyou.split("## Abstract", 1)[1].split("\n## ", 1)[0]
    assert '<a href="../zero-infinity/">ZeRO-Infinity</a>' in abstract
    # Named twice in one paragraph: linked the first time.
    assert [resolve("papers/adding-nvme-ssds-to-enable.md", href, small_pages) for href, _ in html_links(abstract)] == [
        "papers/zero-infinity.md"]
    zero = small_pages["papers/zero-infinity.md"]
    mentioned_by = zero.split("## Mentioned by", 1)[1]
    assert {resolve("papers/zero-infinity.md", href, small_pages) for href, _ in html_links(mentioned_by)} == {
        "papers/adding-nvme-ssds-to-enable.md"}


def test_related_papers_give_their_reason(small_pages):
    related = small_pages["papers/snapkv.md"].split("## Related papers", 1)[1]
    # Each says why: the hardware and topics it shares, else that its wording is close.
    assert "both about " in related or "also on " in related or "similar wording" in related


# ---------------------------------------------------------------------------- text from content
#
# Pages are HTML but for a few Markdown headings: text from content must come out of
# Python-Markdown (with mkdocs.yml's extensions) as the same text, and never as markup.


def mkdocs_markdown_config() -> dict:
    """`markdown.markdown` keyword arguments for the extensions mkdocs.yml names."""
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    extensions, configs = [], {}
    for entry in config["markdown_extensions"]:
        name, options = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        extensions.append(name)
        if options:
            configs[name] = options
    return {"extensions": extensions, "extension_configs": configs}


MARKDOWN_CONFIG = mkdocs_markdown_config()


def test_the_markdown_extensions_are_those_the_escaping_is_tested_with():
    """Python-Markdown's extensions decide what text can become; these tests convert with them."""
    assert MARKDOWN_CONFIG == {"extensions": ["generator.site.html_blocks", "attr_list", "toc"],
                               "extension_configs": {"toc": {"permalink": True}}}


def to_html(page: str) -> str:
    """A generated page's body as Python-Markdown makes it into HTML with the site's extensions."""
    return markdown.markdown(get_data(page)[0], **MARKDOWN_CONFIG)


def structure(page_html: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each element of a piece of HTML, in order: its name and the names of its attributes."""
    return [(el.name, tuple(sorted(el.attrs))) for el in BeautifulSoup(page_html, "html.parser").find_all(True)]


def shown_text(page_html: str) -> str:
    return " ".join(BeautifulSoup(page_html, "html.parser").get_text(" ").split())


def shows(page_html: str, text: str) -> bool:
    """Whether every line of `text` is shown, as written (white space aside), in the HTML."""
    page = shown_text(page_html)
    return all(" ".join(line.split()) in page for line in text.splitlines() if line.strip())


# What text from content must not become: elements, script URLs, event handlers, emphasis
# and code, attribute lists; with character references that a careless unescape would
# turn into markup.
HOSTILE_LINE = ('<script>alert(1)</script> <img src=x onerror=alert(2)> [clickQ7](javascript:alert(3)) '
                '**boldQ7** _italicQ7_ `codeQ7` {: onclick=alert(4) } &lt;b&gt;refQ7&#60;/b&#62; <b>bQ7</b> & "q" \'a\'')
HOSTILE_LINES = (HOSTILE_LINE + "\n# A headingQ7 {: onclick=alert(5) }\n\n- an itemQ7 {onclick=alert(6)}\n"
                 "1. a numberQ7\n\n    indented as codeQ7\n<div markdown=\"1\" onclick=\"alert(7)\">*in a divQ7*</div>\n"
                 "![imageQ7](x\" onerror=\"alert(8))\n[ref]: javascript:alert(9)\nA [linkQ7][ref].\nTextQ7\n===")
SCRIPT_URL = re.compile(r"^\s*(javascript|data|vbscript):", re.I)
PLAIN_LINE = "Plain words in place of the others"
# Plain words in the lines of HOSTILE_LINES, blank lines kept: the same paragraphs.
PLAIN_LINES = "\n".join(f"{PLAIN_LINE} {i}" if line.strip() else "" for i, line in enumerate(HOSTILE_LINES.split("\n")))


def replace_node(hardware: Hardware, node_id: str, changes) -> Hardware:
    return Hardware([dataclasses.replace(n, **changes(n)) if n.id == node_id else n
                     for n in hardware.nodes.values()], hardware.ignore)


def small_site_with(field: str, line: str, lines: str):
    """The small site with `field` of the Fuyou paper (or of a hardware node or a topic) holding
    the text (`lines` where a text may hold line breaks)."""
    checked = read_content(SMALL)
    papers, hardware, topics = checked.papers, checked.hardware, checked.topics
    fuyou = next(p for p in papers if p.slug == "adding-nvme-ssds-to-enable")
    reading_paths = checked.reading_paths
    if field.startswith("reading path's "):
        reading_paths = [reading_path_with(reading_paths[0], field.removeprefix("reading path's "), line, lines)]
    elif field == "title":
        fuyou.title += " " + line
    elif field == "abstract":
        fuyou.abstract += "\n\n" + lines
    elif field == "authors":
        fuyou.authors = ["Ann Lee", line]
    elif field == "venue":
        fuyou.venue = line
    elif field == "note":
        fuyou.note = lines
    elif field == "result baseline":
        fuyou.results = [{"value": 2.5, "unit": "×", "kind": "speedup", "claim": f"2.5× faster than {line}",
                          "baseline": line, "device": "a100"}]
    elif field.startswith("name of "):
        node_id = field.removeprefix("name of ")
        hardware = replace_node(hardware, node_id, lambda n: {"name": f"{n.name} {line}"})
    elif field == "description of a100":
        hardware = replace_node(hardware, "a100", lambda n: {"description": lines})
    elif field == "topic name":
        topics = Topics([dataclasses.replace(t, name=f"{t.name} {line}") if t.id == "offloading" else t
                         for t in topics.topics.values()])
    elif field == "topic description":
        topics = Topics([dataclasses.replace(t, description=lines) if t.id == "offloading" else t
                         for t in topics.topics.values()])
    else:
        raise AssertionError(field)
    return derive_site(papers, hardware, topics, reading_paths=reading_paths)


def reading_path_with(reading_path, field: str, line: str, lines: str):
    """`reading_path` with `field` holding the text (`lines` where a text may hold line breaks)."""
    first, second = reading_path.sections[:2]
    if field in ("title", "audience"):
        return dataclasses.replace(reading_path, **{field: line})
    if field == "summary":
        return dataclasses.replace(reading_path, summary=lines)
    if field == "section title":
        return dataclasses.replace(reading_path, sections=(dataclasses.replace(first, title=line), second))
    if field == "section introduction":
        return dataclasses.replace(reading_path, sections=(first, dataclasses.replace(second, intro=lines)))
    if field == "commentary":
        step = dataclasses.replace(first.steps[0], why=lines)
        return dataclasses.replace(reading_path, sections=(dataclasses.replace(first, steps=(step,)), second))
    raise AssertionError(field)


HOSTILE_FIELDS = ["title", "abstract", "authors", "venue", "note", "result baseline", "name of nvidia",
                  "name of ada-lovelace", "name of rtx-4090", "description of a100", "topic name", "topic description",
                  "reading path's title", "reading path's summary", "reading path's audience",
                  "reading path's section title", "reading path's section introduction", "reading path's commentary"]
# The fields shown whole, with their line breaks.
MULTILINE_FIELDS = ("abstract", "note", "description of a100", "reading path's summary",
                    "reading path's section introduction", "reading path's commentary")


@pytest.mark.parametrize("field", HOSTILE_FIELDS)
def test_text_from_content_shows_as_text_and_never_becomes_markup(field):
    """Each page, converted by Python-Markdown, has the same elements and attributes as with
    plain words in the field, and shows the hostile text where it shows the plain words."""
    hostile = {uri: to_html(page) for uri, page in
               page_texts(small_site_with(field, HOSTILE_LINE, HOSTILE_LINES), TEMPLATES).items()}
    plain = {uri: to_html(page) for uri, page in
             page_texts(small_site_with(field, PLAIN_LINE, PLAIN_LINES), TEMPLATES).items()}
    assert set(hostile) == set(plain)
    for uri in hostile:
        assert structure(hostile[uri]) == structure(plain[uri]), uri
        soup = BeautifulSoup(hostile[uri], "html.parser")
        made = soup.find_all(["script", "img", "iframe", "svg", "b", "strong", "em", "code", "pre"])
        assert not [str(el) for el in made if re.search("alert|Q7", el.get_text())], uri
        for element in soup.find_all(True):
            assert not [a for a in element.attrs if a.lower().startswith("on")], (uri, str(element)[:200])
            for name in ("href", "src"):
                assert not SCRIPT_URL.match(element.get(name, "")), (uri, str(element)[:200])
    # Where the field is shown at all, its first line is (a topic's description only in part on the
    # list of topics: its first sentence); where it is shown whole, all its lines are.
    showing = sorted(uri for uri in hostile if shows(hostile[uri], HOSTILE_LINES if field in MULTILINE_FIELDS
                                                     else HOSTILE_LINE))
    assert showing and showing == sorted(uri for uri in plain if PLAIN_LINE in shown_text(plain[uri]))
    if field == "topic description":
        assert shows(hostile["topics/offloading.md"], HOSTILE_LINES)


def test_text_from_content_is_escaped_once():
    """Text in the generator's own markup (a link's text) is escaped once, as in a text of its own."""
    pages_ = page_texts(small_site_with("title", "& <i>", "& <i>"), TEMPLATES)
    title = "Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU &amp; &lt;i&gt;"
    assert f"<h1>{title}</h1>" in pages_["papers/adding-nvme-ssds-to-enable.md"]
    assert f'<a href="../adding-nvme-ssds-to-enable/">{title}</a>' in pages_["papers/snapkv.md"]
    assert "&amp;amp;" not in "".join(pages_.values())


@settings(max_examples=500, deadline=None)
@given(st.text(st.one_of(st.sampled_from("\\`*_{}[]()#+-.!|~^=:$<>&\"' 1aé"),
                         st.characters(exclude_categories=("Cs", "Cc"))), min_size=1)
       .filter(lambda t: t.strip() == t != "" and not re.search("[\n\r\x85\u2028\u2029]", t)))
def test_a_heading_of_markdown_text_shows_exactly_the_text(text):
    """`markdown_text` in a `## ` heading (the hardware index's vendor headings, as a link or
    not) makes the heading, its link and its permalink, and shows the text as written. (A
    heading is one line; Python-Markdown strips the white space around its text and expands
    tabs, white space that HTML shows as one space anyway: Cc, tabs among them, is left out.)"""
    for source, elements in ((f"## {markdown_text(text)}", ["h2", "a"]),
                             (f"## [{markdown_text(text)}](nvidia.md) (3)", ["h2", "a", "a"])):
        out = markdown.markdown(source, **MARKDOWN_CONFIG)
        assert re.findall(r"<(\w+)", out) == elements, (source, out)
        inner = re.fullmatch(r'<h2 id="[^"<>]*">(.*)<a class="headerlink" href="#[^"<>]*" title="Permanent link">(?:¶|&para;)</a></h2>',
                             out, re.S)
        assert inner, out
        shown = html.unescape(re.sub(r"<[^>]*>", "", inner.group(1)))
        assert shown == (text if elements == ["h2", "a"] else f"{text} (3)"), (source, out)


@pytest.mark.parametrize("name", ["A\nB\n===\nC", "A\n\n    x", "A\n- b", "A\r\n# B"])
def test_a_name_with_line_breaks_stays_one_heading(name):
    """A hardware name may hold line breaks (YAML allows them): the heading shows it on one line."""
    out = markdown.markdown(f"## [{markdown_text(name)}](nvidia.md) (3)", **MARKDOWN_CONFIG)
    assert re.findall(r"<(\w+)", out) == ["h2", "a", "a"], out
    assert html.unescape(re.sub(r"<[^>]*>", "", out)).removesuffix("¶") == " ".join(name.split()) + " (3)"


@settings(max_examples=500, deadline=None)
@given(title=st.text(), tags=st.lists(st.text(), max_size=3))
def test_front_matter_reads_back_as_the_same_values(title, tags):
    """Front matter is written as JSON; MkDocs reads it as YAML, whatever the characters."""
    meta = {"title": title, "search": {"boost": 3}, "tags": tags, "hide": ["navigation"]}
    written = str(front_matter(meta))
    assert "\n" not in written
    _, read = get_data(f"---\n{written}\n---\n\n# Body\n")
    assert read == meta


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
    # Each by its label, linked, as every table writes it.
    assert '<td data-label="Hardware"><a href="../rtx-4090/">GeForce RTX 4090</a></td>' in ada and "MI300X" not in ada
    assert '<td data-label="Hardware"><a href="../mi300x/">Instinct MI300X</a></td>' in amd
    assert "4090" not in "".join(re.findall(r'<td data-label="Hardware">.*?</td>', amd))
    assert "evidence" not in ada  # the sentence is quoted on the device page only
    assert ('<summary>Why it is here</summary><p>Fuyou achieves 156 TFLOPS on an RTX 4090 GPU'
            in small_pages["hardware/rtx-4090.md"])


# ---------------------------------------------------------------------------- pagination


@pytest.fixture(scope="module")
def paged_generated():
    """The small site with one row a listing page: every listing with more is split."""
    return generate(SMALL, TEMPLATES, page_size=1)


@pytest.fixture(scope="module")
def paged(paged_generated):
    return paged_generated.pages


def meta_of(page: str) -> dict:
    return get_data(page)[1]


def pager_links(page: str) -> list[tuple[str, str, str]]:
    """(text, href, attributes) of each link in the page's pagers."""
    found = []
    for nav in re.findall(r'<nav class="pager" aria-label="[^"]*">\n<ul>\n.*?\n</ul>\n</nav>', page, re.S):
        for item in nav.splitlines()[2:-2]:
            link = re.fullmatch(r'<li><a (.*?) href="([^"]*)">([^<]*)</a></li>', item)
            assert link or item == '<li><span class="pager-gap">…</span></li>', item
            if link:
                found.append((link[3], html.unescape(link[2]), link[1]))
    return found


def test_page_urls_keep_page_one_and_put_the_others_under_page():
    assert page_uri("papers/index.md", 1) == "papers/index.md"
    assert page_uri("papers/index.md", 2) == "papers/page/2.md"
    assert page_uri("hardware/a100.md", 12) == "hardware/a100/page/12.md"
    assert page_uri("topics/kv-cache.md", 3) == "topics/kv-cache/page/3.md"
    assert served_dir("hardware/a100.md") == "hardware/a100" and served_dir("papers/index.md") == "papers"


@pytest.mark.parametrize(("from_uri", "to_uri", "url"), [
    ("hardware/a100.md", "index.md", "../../"),
    ("results/page/3.md", "index.md", "../../../"),
    ("results/index.md", "index.md", "../"),
    ("index.md", "index.md", "./"),
    ("papers/snapkv.md", "papers/snapkv.md", "./"),
    ("papers/snapkv.md", "hardware/a100.md", "../../hardware/a100/"),
    ("papers/snapkv.md", "papers/zero-infinity.md", "../zero-infinity/"),
    ("papers/index.md", "papers/snapkv.md", "snapkv/"),
    ("papers/page/2.md", "papers/index.md", "../../"),
    ("hardware/index.md", "hardware/a100.md", "a100/"),
    ("hardware/a100/page/2.md", "hardware/a100.md", "../../"),
    ("index.md", "years/index.md#year-2024", "years/#year-2024"),
    ("results/index.md", "years/page/3.md#year-2021", "../years/page/3/#year-2021"),
    ("index.md", "feed.xml", "feed.xml"),
    ("data.md", "papers.json", "../papers.json"),
    ("papers/snapkv.md", "bib/snapkv.bib", "../../bib/snapkv.bib"),
    ("results/index.md", "results/rows.json", "rows.json"),
])
def test_links_are_the_served_urls_relative_to_the_served_page(from_uri, to_uri, url):
    """Raw HTML is not rewritten by MkDocs: a link is the URL its target is served at,
    relative to the URL of the page it is on (a page `x/y.md` is served at `x/y/`)."""
    assert url_between(from_uri, to_uri) == url
    path, _, fragment = to_uri.partition("#")
    assert resolve(from_uri, url, {path}) == path and urlsplit(url).fragment == fragment


def test_every_link_of_every_page_leads_to_a_page_or_file_of_the_site(paged_generated, small_generated):
    """Each href of the generated HTML, resolved as the browser does from the page's served URL,
    is a generated page or file; a fragment names an anchor of its page. The few Markdown
    links (hardware index headings) are source URIs, which MkDocs rewrites."""
    for generated in (small_generated, paged_generated):
        known = {**generated.pages, **generated.files}
        assert set(known) >= {"papers.json", "feed.xml", "papers.bib", "bib/snapkv.bib", "filter/facets.json"}
        for uri, page in generated.pages.items():
            hrefs = html_links(page)
            assert hrefs, uri  # every page links somewhere
            for href, _ in hrefs:
                target = resolve(uri, href, known)
                assert target is not None, (uri, href)
                fragment = urlsplit(href).fragment
                if fragment:
                    assert "{ #%s }" % fragment in known[target], (uri, href)
            for line in page.splitlines():
                if line.startswith("#"):
                    for href in MARKDOWN_LINK.findall(line):
                        target = posixpath.normpath(posixpath.join(posixpath.dirname(uri), href))
                        assert target in generated.pages, (uri, href)
            for url in re.findall(r'data-(?:rows|facets)="([^"]*)"', page):
                assert resolve(uri, url, known) is not None, (uri, url)


def test_every_page_url_resolves_back_to_its_page(paged):
    """`url_between` and the served-URL mapping agree for every pair of pages."""
    for from_uri in paged:
        for to_uri in paged:
            assert resolve(from_uri, url_between(from_uri, to_uri), paged) == to_uri, (from_uri, to_uri)


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
        "papers/page/2.md", "papers/page/3.md", "results/page/2.md", "results/page/3.md", "results/page/4.md",
        "years/page/2.md", "years/page/3.md", "hardware/nvidia/page/2.md", "hardware/nvidia/page/3.md",
        "hardware/rtx-4090/page/2.md", "hardware/ada-lovelace/page/2.md",
        "topics/offloading/page/2.md", "recent/page/2.md", "recent/page/3.md",
    }
    # Every paper once, in the site's order, over the pages of All papers.
    listed = [[resolve(uri, href, paged) for href in re.findall(r'^<tr><td class="paper-title"[^>]*><a href="([^"]*)">',
                                                                 paged[uri], re.M)]
              for uri in ("papers/index.md", "papers/page/2.md", "papers/page/3.md")]
    assert listed == [["papers/snapkv.md"], ["papers/adding-nvme-ssds-to-enable.md"], ["papers/zero-infinity.md"]]
    assert '<a href="../../zero-infinity/">' in paged["papers/page/3.md"]
    assert [p.slug for p in small_site.papers] == ["snapkv", "adding-nvme-ssds-to-enable", "zero-infinity"]
    assert "# Papers, page 2 of 3" in paged["papers/page/2.md"]
    assert "<h1>NVIDIA, page 3 of 3</h1>" in paged["hardware/nvidia/page/3.md"]
    assert meta_of(paged["hardware/nvidia/page/3.md"])["title"] == "NVIDIA, page 3 of 3"


def test_a_listing_that_fits_on_a_page_has_no_pager(small_pages):
    for uri in ("papers/index.md", "results/index.md", "years/index.md", "hardware/nvidia.md", "topics/offloading.md"):
        assert "pager" not in small_pages[uri] and "page 1 of" not in small_pages[uri], uri


def test_pager_links_previous_numbers_and_next_with_the_current_page_marked(paged):
    assert pager_links(paged["papers/page/2.md"]) == [
        ("Previous", "../../", 'rel="prev" aria-label="Previous page"'),
        ("1", "../../", 'aria-label="Page 1"'),
        ("2", "./", 'aria-label="Page 2" aria-current="page"'),
        ("3", "../3/", 'aria-label="Page 3"'),
        ("Next", "../3/", 'rel="next" aria-label="Next page"'),
    ]
    first, last = pager_links(paged["papers/index.md"]), pager_links(paged["papers/page/3.md"])
    assert first[0][0] == "1" and 'aria-current="page"' in first[0][2] and first[-1][0] == "Next"
    assert last[0][0] == "Previous" and last[-1][0] == "3" and 'aria-current="page"' in last[-1][2]
    assert '<nav class="pager" aria-label="Pages">\n<ul>\n<li><a rel="prev"' in paged["papers/page/2.md"]


def test_every_pager_link_leads_to_a_page_of_the_same_listing(paged):
    for uri, page in paged.items():
        for text, href, _ in pager_links(page):
            target = resolve(uri, href, paged)
            assert target in paged, (uri, href)
            if text.isdigit():
                assert target == page_uri(paged_first(uri), int(text)), (uri, href)


def paged_first(uri: str) -> str:
    """The first page of the listing `uri` is a page of."""
    head, _, _ = uri.partition("/page/")
    if not _:
        return uri
    return f"{head}/index.md" if head in ("papers", "results", "years", "recent") else f"{head}.md"


def test_hardware_pages_show_papers_first_and_later_pages_only_continue_the_lists(paged):
    first = paged["hardware/nvidia.md"]
    assert first.index("3 papers") < first.index("Architectures:") < first.index("## Papers") < first.index("## Key results")
    # Each list that goes on has its pager, named for it.
    assert 'aria-label="Pages of papers"' in first and 'aria-label="Pages of results"' in first
    later = paged["hardware/nvidia/page/2.md"]
    assert "## Papers" in later and "## Key results" in later
    assert "3 papers" not in later and "Architectures:" not in later and "Found in abstracts" not in later
    breadcrumb = later.split("<h1>NVIDIA", 1)[0]  # it leads back to page 1
    assert [(resolve("hardware/nvidia/page/2.md", href, paged), text) for href, text in html_links(breadcrumb)] == [
        ("hardware/index.md", "Hardware"), ("hardware/nvidia.md", "NVIDIA")]
    # The third page: the last paper and a result (three papers, three results); a list that ends
    # before the other goes on with the other alone (the RTX 4090: one paper, two results).
    third, results_only = paged["hardware/nvidia/page/3.md"], paged["hardware/rtx-4090/page/2.md"]
    assert "## Papers" in third and "## Key results" in third
    assert "## Papers" not in results_only and "## Key results" in results_only \
        and 'aria-label="Pages"' in results_only
    topic_later = get_data(paged["topics/offloading/page/2.md"])[0]  # the page, not its front matter's description
    assert "Devices" not in topic_later and "Moving model state" not in topic_later


def test_continuation_pages_are_kept_out_of_search_and_hardware_and_topic_pages_are_not(paged, small_pages):
    for pages_ in (paged, small_pages):
        for uri, page in pages_.items():
            if "/page/" in uri:
                assert meta_of(page).get("search") == {"exclude": True}, uri
            elif uri.startswith(("hardware/", "topics/")) and not uri.endswith("index.md"):
                assert "search" not in meta_of(page), uri
            elif uri in ("papers/index.md", "results/index.md", "years/index.md"):
                assert meta_of(page)["search"] == {"exclude": True}, uri


def test_years_go_on_over_pages_and_the_home_page_links_where_each_begins(paged):
    assert "## 2024 { #year-2024 }" in paged["years/index.md"]
    assert "## 2024 (continued)" in paged["years/page/2.md"] and "#year-2024" not in paged["years/page/2.md"]
    assert "## 2021 { #year-2021 }" in paged["years/page/3.md"]
    home = paged["index.md"]
    assert '<a href="years/#year-2024">2024</a>' in home and '<a href="years/page/3/#year-2021">2021</a>' in home
    assert resolve("index.md", "years/page/3/#year-2021", paged) == "years/page/3.md"


def test_results_split_over_pages_are_sorted_from_one_json_file_of_every_row(paged, small_site):
    # By way of the site's root, which sortable.js takes from the URL (the rows' links start there).
    assert 'data-rows="../results/rows.json"' in paged["results/index.md"]
    assert 'data-rows="../../../results/rows.json"' in paged["results/page/2.md"]
    assert 'data-rows="../../results/rows.json" data-node="nvidia"' in paged["hardware/nvidia.md"]
    for uri in ("results/index.md", "results/page/2.md", "hardware/nvidia.md"):
        (url,) = re.findall(r'data-rows="([^"]*)"', paged[uri])
        assert resolve(uri, url, {"results/rows.json"}) == "results/rows.json", uri
    # A table on one page is sorted where it is.
    assert 'data-rows' not in paged["hardware/a100.md"] and 'class="sortable-table"' in paged["hardware/a100.md"]
    data = json.loads(results_json(small_site, 1))
    rows = all_results(small_site)
    assert len(data["rows"]) == len(rows)
    for (paper, result), row in zip(rows, data["rows"]):
        value, shown, kind, claim, device, paper_index, unit, start, end = row
        assert (value, shown, kind, claim, unit) == (result.value, result.shown, result.kind,
                                                     result.claim.text, result.unit)
        assert claim[start:end] == result.claim.parts[1]
        assert data["papers"][paper_index] == [paper.slug, paper.title]
        if result.device:
            name, path = data["devices"][device]
            assert name == small_site.hardware.label(result.device)  # as the tables write it: "A100"
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


def test_recently_added_papers_have_a_page_of_their_own_by_date(paged, small_pages):
    first = paged["recent/index.md"]
    assert re.findall(r'^<h2 id="added-[\d-]+">Added ([\d-]+)</h2>', first, re.M)  # each date once, over its papers
    dates = [d for uri in ("recent/index.md", "recent/page/2.md", "recent/page/3.md")
             for d in re.findall(r'^<h2 id="added-[\d-]+">Added ([\d-]+)</h2>', paged[uri], re.M)]
    assert dates == sorted(dates, reverse=True)  # newest first
    # The home page links it only when it lists more papers than the home page shows.
    assert "All 3 papers by the date they were added" not in small_pages["index.md"]


def test_markdown_reads_the_pages_the_same_without_mkdocs_tables_and_fenced_code(small_pages):
    """The plugin drops MkDocs' built-in `tables` and `fenced_code` (generated pages are HTML but
    for their headings, which they have nothing to read in): every page converts the same."""
    import markdown

    from generator.plugin import ReadingListPlugin

    class Config:
        markdown_extensions = ["toc", "tables", "fenced_code", "generator.site.html_blocks", "attr_list"]

    kept = ReadingListPlugin().on_config(Config()).markdown_extensions
    assert kept == ["toc", "generator.site.html_blocks", "attr_list"]
    for uri, page in small_pages.items():
        body = page.split("\n---\n", 1)[-1]
        converted = [markdown.Markdown(extensions=extensions, extension_configs={"toc": {"permalink": True}}).convert(body)
                     for extensions in (Config.markdown_extensions, kept)]
        assert converted[0] == converted[1], uri
