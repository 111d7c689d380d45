"""Exports (papers.json and its schema, the Atom feed, BibTeX) and the years page's counts and device spans."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from urllib.parse import unquote, urlsplit
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
import bibtexparser
import feedparser
from bibtexparser import middlewares
from pybtex.database.input.bibtex import Parser as BibTeXParser
from pylatexenc import latex2text

from generator.site import bibtex
from generator.site import exports
from generator.site import facets as facet_files
from generator.content.check import read_content
from generator.content.model import FIELDS, JSON_TYPES, Paper, json_type
from support import page_texts
from generator.derive.facts import derive_site, device_spans, papers_by_year
from support import load_site
from test_render import html_links, resolve
from support import SEED_CONTENT

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
ATOM = "{http://www.w3.org/2005/Atom}"


def load_content(content_dir: Path):
    """(papers, hardware, topics, warnings) of a valid content folder, for a test to change."""
    checked = read_content(content_dir)
    assert not checked.errors
    return checked.papers, checked.hardware, checked.topics, checked.warnings


@pytest.fixture(scope="module")
def site():
    return load_site(SEED_CONTENT)


@pytest.fixture(scope="module")
def files(site):
    return exports.render_files(site)


@pytest.fixture(scope="module")
def data(files):
    return json.loads(files["papers.json"])


def test_papers_json_is_valid_against_its_schema(files, data):
    schema = json.loads(files["papers.schema.json"])
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)


def test_papers_json_holds_every_paper_with_its_data(site, data):
    assert [p["slug"] for p in data["papers"]] == [p.slug for p in site.papers]
    by_slug = {p["slug"]: p for p in data["papers"]}
    snapkv = by_slug["snapkv"]
    assert snapkv["arxiv"] == "2404.14469" and isinstance(snapkv["arxiv"], str)
    assert snapkv["url"] == "papers/snapkv/" and snapkv["bibtex"] == "bib/snapkv.bib"
    assert "a100" in snapkv["hardware"]
    # The rollup adds the architecture and vendor of each device.
    assert {"a100", "ampere", "nvidia"} <= set(snapkv["hardware_rollup"])
    for record in data["papers"]:
        assert record["arxiv"] is None or isinstance(record["arxiv"], str)
        assert set(record["hardware"]) <= set(record["hardware_rollup"])
    ids = {node["id"] for node in data["hardware"]}
    assert all(set(p["hardware_rollup"]) <= ids for p in data["papers"])


def test_papers_json_is_its_data_with_one_paper_a_line(site, files, data):
    keys = bibtex.bibtex_keys(site)
    assert data["version"] == exports.SCHEMA_VERSION
    assert data["papers"] == [exports.paper_record(site, paper, keys[paper.slug]) for paper in site.papers]
    assert [node["id"] for node in data["hardware"]] == [i for i in site.hardware.nodes if site.node_papers.get(i)]
    assert [topic["id"] for topic in data["topics"]] == [i for i in site.topics.topics if site.topic_papers.get(i)]
    lines = files["papers.json"].splitlines()
    assert sum(1 for line in lines if line.startswith('  {"abstract": ')) == len(site.papers)


def test_papers_json_is_deterministic(site, files):
    assert exports.papers_json(site) == files["papers.json"]
    assert exports.atom_feed(site) == files["feed.xml"]


def test_atom_feed_lists_the_papers_added_last(site, files):
    feed = ET.fromstring(files["feed.xml"])
    assert feed.tag == f"{ATOM}feed"
    entries = feed.findall(f"{ATOM}entry")
    assert 0 < len(entries) <= exports.FEED_COUNT
    newest = max(p.added for p in site.papers if p.added)
    assert feed.find(f"{ATOM}updated").text == f"{newest.isoformat()}T00:00:00Z"
    slugs = set()
    for entry in entries:
        assert entry.find(f"{ATOM}title").text
        assert entry.find(f"{ATOM}id").text
        href = entry.find(f"{ATOM}link[@rel='alternate']").get("href")
        assert re.fullmatch(r"papers/[a-z0-9-]+/", href)
        slugs.add(href.split("/")[1])
    assert slugs <= {p.slug for p in site.papers}


def test_atom_feed_links_are_absolute_with_a_site_url(site):
    feed = ET.fromstring(exports.atom_feed(site, "https://example.org/list/"))
    href = feed.find(f"{ATOM}entry/{ATOM}link[@rel='alternate']").get("href")
    assert href.startswith("https://example.org/list/papers/")


def test_bibtex_has_an_arxiv_style_entry_for_each_arxiv_paper(site, files):
    whole = files["papers.bib"]
    keys = re.findall(r"^@misc\{([^,]+),", whole, re.M)
    assert len(keys) == len(site.papers) == len(set(keys))
    assert set(parse_bibtex(whole)) == set(keys) and bibtex_entry_count(whole) == len(site.papers)
    for paper in site.papers:
        entry = files[f"bib/{paper.slug}.bib"]
        assert entry in whole
        assert entry.count("{") == entry.count("}")
        if paper.arxiv:
            assert f"eprint = {{{paper.arxiv}}}" in entry
            assert "archivePrefix = {arXiv}" in entry


def test_bibtex_escapes_specials_and_keys_stay_unique():
    paper = Paper(slug="x", title="50% of {GPU} & $cost_1 #2 ~ ^", abstract="a", authors=["Ann Lee"], arxiv="2401.00001")
    entry = bibtex.bibtex_entry(paper, "key")
    assert r"50\% of {\textbraceleft}GPU{\textbraceright} \& \$cost\_1 \#2 \textasciitilde{} \textasciicircum{}" in entry
    assert bibtex.base_key(paper) == "lee2024gpu" or bibtex.base_key(paper).startswith("lee2024")


def test_bibtex_keys_of_clashing_papers_get_letters(site):
    papers, hardware, topics, _ = load_content(SMALL)
    twin = papers[0]
    copy = Paper(slug=twin.slug + "-two", title=twin.title, abstract=twin.abstract, authors=list(twin.authors),
                 published=twin.published, arxiv=twin.arxiv, added=twin.added)
    keys = bibtex.bibtex_keys(derive_site([*papers, copy], hardware, topics))
    assert len(set(keys.values())) == len(keys)
    assert keys[copy.slug] == keys[twin.slug] + "a"


def test_every_paper_page_cites_its_bibtex_file(site, files):
    pages = page_texts(site, ROOT / "site_templates")
    for paper in site.papers:
        assert f'href="../../bib/{paper.slug}.bib"' in pages[f"papers/{paper.slug}.md"]
        assert f"bib/{paper.slug}.bib" in files
    home = pages["index.md"]
    linked = {resolve("index.md", href, {*pages, *files}) for href, _ in html_links(home)}
    for target in ("papers.json", "feed.xml", "papers.bib", "filter/index.md", "years/index.md", "data.md"):
        assert target in linked, target
    for href in ("papers.json", "feed.xml", "papers.bib", "filter/", "years/", "data/"):
        assert f'<a href="{href}">' in home, href


def test_papers_json_publishes_the_paper_schema_as_it_is():
    """model.FIELDS is the one schema: each field papers.json writes as a paper file holds it is
    published with the type its kind gives and its description there; the others it leaves
    out or writes derived, as exports.py defines them."""
    written = {name: spec for name, spec in FIELDS.items() if spec.exported}
    for name, spec in written.items():
        assert exports.PAPER_FIELDS[name] == (json_type(spec), spec.exported), name
    assert set(exports.PAPER_FIELDS) & set(FIELDS) - set(written) == {"authors_count", "hardware", "topics",
                                                                       "results"}
    assert set(FIELDS) - set(exports.PAPER_FIELDS) == {"not_hardware", "not_topics", "imported_title"}
    assert {spec.kind for spec in FIELDS.values()} == {*JSON_TYPES, "results"}
    schema = json.loads(exports.papers_schema_json())["properties"]["papers"]["items"]["properties"]
    assert schema["title"] == {"type": "string", "description": "the title"}
    assert schema["venue"] == {"type": ["string", "null"], "description": "where it was published, or null"}
    assert schema["links"]["type"] == "array" and schema["published"]["type"] == ["string", "null"]


def test_data_page_documents_every_field(site):
    page = page_texts(site, ROOT / "site_templates")["data.md"]
    for name in exports.PAPER_FIELDS:
        assert f"<tr><td><code>{name}</code></td>" in page


@pytest.mark.parametrize("device", ["a100", "h100", "rtx-4090"])
def test_a_device_span_covers_its_papers_years(site, device):
    years = [p.year for p in site.node_papers[device] if p.year]
    spans = {node.id: (first, last, count) for node, first, last, count in device_spans(site)}
    assert spans[device] == (min(years), max(years), len(site.node_papers[device]))
    page = page_texts(site, ROOT / "site_templates")["years/index.md"]
    name = site.hardware.label(device)  # as every table writes it
    row = next(line for line in page.splitlines() if f'<a href="../hardware/{device}/">{name}</a>' in line)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
    assert cells[2:] == [str(min(years)), str(max(years)), str(len(site.node_papers[device]))]


def test_the_years_page_links_each_year_to_its_section_and_spans_every_device(site):
    """Page 1 of years/ counts each year's papers, linking to the year's section, and spans every device."""
    page = page_texts(site, ROOT / "site_templates")["years/index.md"]
    jump = next(line for line in page.splitlines() if 'class="year-jump"' in line)
    for year, listed in papers_by_year(site.papers).items():
        assert f'<a href="./#year-{year or "undated"}">{year or "Undated"}</a> ({len(listed)})' in jump
    assert len(device_spans(site)) == sum(
        1 for n in site.hardware.nodes.values() if n.kind == "device" and site.node_papers.get(n.id))
    assert page.count('<tr><td><a href="../hardware/') == len(device_spans(site))


def test_atom_feed_escapes_hostile_text():
    papers, hardware, topics, _ = load_content(SMALL)
    papers[0].title = "<script>alert(1)</script> & \x01 ]]>"
    feed = ET.fromstring(exports.atom_feed(derive_site(papers, hardware, topics)))
    titles = [e.text for e in feed.iter(f"{ATOM}title")]
    assert "<script>alert(1)</script> &  ]]>" in titles


# ---------------------------------------------------------------------------- Atom, as readers read it
#
# feedparser (the feed parser most readers use) reads the feed; `atom_problems` checks what
# RFC 4287 requires of a feed and of each entry, which feedparser tolerates missing.

RFC3339 = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})\Z")


def atom_problems(text: str) -> list[str]:
    """What the feed lacks of RFC 4287's required elements, or holds wrongly; [] when nothing."""
    feed = ET.fromstring(text)
    problems = [] if feed.tag == f"{ATOM}feed" else [f"the root is {feed.tag}, not atom:feed"]
    entries = feed.findall(f"{ATOM}entry")

    def one_each(element, where: str, names: tuple[str, ...]) -> None:
        for name in names:
            found = element.findall(f"{ATOM}{name}")
            if len(found) != 1 or not (found[0].text or "").strip():
                problems.append(f"{where} has {len(found)} atom:{name} with text (expected exactly one)")
        for stamp in element.findall(f"{ATOM}updated") + element.findall(f"{ATOM}published"):
            if not RFC3339.match(stamp.text or ""):
                problems.append(f"{where}: {stamp.text!r} is not an RFC 3339 date-time")
        for id_ in element.findall(f"{ATOM}id"):
            if not urlsplit(id_.text or "").scheme:
                problems.append(f"{where}: the id {id_.text!r} is not an absolute IRI")
        alternates = [(link.get("type"), link.get("hreflang")) for link in element.findall(f"{ATOM}link")
                      if link.get("rel", "alternate") == "alternate"]
        if len(alternates) != len(set(alternates)):
            problems.append(f"{where} has two alternate links of one type and language")
        if any(not link.get("href") for link in element.findall(f"{ATOM}link")):
            problems.append(f"{where} has a link without href")

    one_each(feed, "the feed", ("id", "title", "updated"))
    if not feed.findall(f"{ATOM}author") and not all(e.findall(f"{ATOM}author") for e in entries):
        problems.append("an entry has no author, and neither has the feed")
    for number, entry in enumerate(entries, start=1):
        one_each(entry, f"entry {number}", ("id", "title", "updated"))
        if entry.find(f"{ATOM}content") is None:
            if entry.find(f"{ATOM}summary") is None:
                problems.append(f"entry {number} has neither content nor summary")
            if not any(link.get("rel", "alternate") == "alternate" for link in entry.findall(f"{ATOM}link")):
                problems.append(f"entry {number} has no content and no alternate link")
    ids = [e.findtext(f"{ATOM}id") for e in entries]
    if len(ids) != len(set(ids)):
        problems.append("two entries share an id")
    return problems


SITE_URLS = [None, "https://example.org/list/"]


@pytest.mark.parametrize("site_url", SITE_URLS)
def test_atom_feed_has_every_element_atom_requires(site, site_url):
    assert atom_problems(exports.atom_feed(site, site_url)) == []


@pytest.mark.parametrize("site_url", SITE_URLS)
def test_feedparser_reads_the_feed_without_complaint(site, site_url):
    parsed = feedparser.parse(exports.atom_feed(site, site_url))
    assert parsed.bozo == 0, parsed.get("bozo_exception")
    assert parsed.version == "atom10"
    assert parsed.feed.title and parsed.feed.id and parsed.feed.updated


@pytest.mark.parametrize("site_url", SITE_URLS)
def test_feedparser_reads_each_entry_as_its_paper(site, site_url):
    parsed = feedparser.parse(exports.atom_feed(site, site_url))
    papers = exports.recently_added(site)
    assert len(parsed.entries) == len(papers)
    for entry, paper in zip(parsed.entries, papers):
        assert entry.title == paper.title
        assert entry.id and entry.updated == f"{paper.added.isoformat()}T00:00:00Z"
        assert entry.link == (site_url or "") + f"papers/{paper.slug}/"
        assert [author.name for author in entry.authors] == paper.authors
        assert entry.summary == paper.abstract


def test_an_entry_without_authors_has_the_feeds_author():
    """Atom's rule: an entry without atom:author takes the feed's (RFC 4287, 4.2.1)."""
    papers, hardware, topics, _ = load_content(SMALL)
    authorless = [p for p in papers if not p.authors]
    assert authorless
    parsed = feedparser.parse(exports.atom_feed(derive_site(papers, hardware, topics)))
    assert parsed.bozo == 0
    assert [a.name for a in parsed.feed.authors] == ["AI Hardware Reading List curators"]
    for entry in parsed.entries:
        if entry.title in {p.title for p in authorless}:
            assert "authors" not in entry


@pytest.mark.parametrize("title", [
    "<script>alert(1)</script> & ]]>", "Mélange: naïve Ré-ranking — 中文 😀", "50% {GPU} $cost_1 #2 ~ ^ \\",
    "Quotes \"double\" and 'single' & <tags/>",
])
def test_feedparser_reads_hostile_titles_back_as_written(title):
    papers, hardware, topics, _ = load_content(SMALL)
    papers[0].title = title
    papers[0].abstract = f"An abstract that repeats the title: {title}"
    text = exports.atom_feed(derive_site(papers, hardware, topics))
    assert atom_problems(text) == []
    parsed = feedparser.parse(text)
    assert parsed.bozo == 0
    entry = next(e for e in parsed.entries if e.link == f"papers/{papers[0].slug}/")
    assert entry.title == title and entry.summary == papers[0].abstract


def test_control_characters_are_dropped_from_the_feed():
    papers, hardware, topics, _ = load_content(SMALL)
    papers[0].title = "Bell\x07 and form feed\x0c"
    parsed = feedparser.parse(exports.atom_feed(derive_site(papers, hardware, topics)))
    assert parsed.bozo == 0
    assert "Bell and form feed" in [e.title for e in parsed.entries]


# ---------------------------------------------------------------------------- BibTeX, hostile input
#
# BibTeX counts every brace in a field value, a backslash before it or not, and outside an
# entry it reads `@` as the start of the next one. So a value whose braces do not balance as
# BibTeX counts them ends its entry early, and the rest of it can open a phantom entry.
# Each file is checked twice: by pybtex (a BibTeX parser), and by counting as BibTeX does.

HOSTILE_TITLES = {
    "closing-brace": "Attention } Is Not All You Need",
    "opening-brace": "Sparse { Attention on GPUs",
    "close-close-open": "KV }}{ Cache Eviction",
    "backslash": "Paths like C:\\models\\gpt and a trailing \\",
    "percent": "50% Less Memory % for Training",
    "entry-injection": "Pwned}}, @misc{evil, title = {x}} @misc{evil2,",
    "hash": "#1 on MLPerf # Inference",
    "tilde": "~2x Faster ~ Decoding",
    "underscore": "flash_attn_2 and __init__",
    "ampersand": "Compute & Memory & Bandwidth",
}

# What LaTeX prints, read by pylatexenc (a LaTeX-to-text converter), told three macros of the
# LaTeX kernel it lacks or reads otherwise (it prints \textasciicircum as the accent ˆ).
_LATEX = latex2text.get_default_latex_context_db()
_LATEX.add_context_category("latex-kernel", prepend=True, macros=[
    latex2text.MacroTextSpec("textbraceleft", "{"), latex2text.MacroTextSpec("textbraceright", "}"),
    latex2text.MacroTextSpec("textasciicircum", "^")])
_LATEX_TO_TEXT = latex2text.LatexNodes2Text(latex_context=_LATEX, math_mode="verbatim")


def latex_text(value: str) -> str:
    """What LaTeX prints for a field's value (outer braces, which only keep case, go)."""
    return _LATEX_TO_TEXT.latex_to_text(value)


def parse_bibtex(text: str):
    """pybtex's entries (strict: a syntax error or a repeated key raises); author stays a field."""
    return BibTeXParser(person_fields=()).parse_string(text).entries


def bibtex_entry_count(text: str) -> int:
    """Entries as BibTeX counts them: an `@` outside every brace starts one; braces nest,
    whatever comes before them. Raises when a `}` closes nothing."""
    depth = count = 0
    for char in text:
        if char == "@" and depth == 0:
            count += 1
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            assert depth >= 0, "a brace closes nothing"
    assert depth == 0, "a brace is never closed"
    return count


def is_balanced(value: str) -> bool:
    depth = 0
    for char in value:
        depth += {"{": 1, "}": -1}.get(char, 0)
        if depth < 0:
            return False
    return depth == 0


def hostile_paper(case: str, title: str) -> Paper:
    return Paper(slug=f"bibtex-{case}", title=title, abstract="An abstract.", authors=["Ann Lee", "Bob Ray"],
                 arxiv="2401.00001", venue="MLSys 2024")


@pytest.fixture(scope="module")
def hostile_bib():
    """The small site plus a paper per hostile title, a paper with braces in its authors and
    venue, and one whose code URL has braces: (site, keys, papers.bib)."""
    papers, hardware, topics, _ = load_content(SMALL)
    papers += [hostile_paper(case, title) for case, title in HOSTILE_TITLES.items()]
    papers.append(Paper(slug="bibtex-braces-in-authors-and-venue", title="Braces Elsewhere", abstract="a",
                        authors=["Ann {Lee", "Bob} Ray", "{Cee} }{ Dee"], venue="MLSys } 2024 {"))
    papers.append(Paper(slug="bibtex-braces-in-code-url", title="Braces in a URL", abstract="a",
                        code="https://github.com/o/r/tree/}{main}/x"))
    site = derive_site(papers, hardware, topics)
    return site, bibtex.bibtex_keys(site), exports.render_files(site)["papers.bib"]


def test_papers_bib_of_hostile_papers_has_exactly_one_entry_per_paper(hostile_bib):
    site, keys, whole = hostile_bib
    entries = parse_bibtex(whole)
    assert len(entries) == bibtex_entry_count(whole) == len(site.papers)
    assert set(entries) == set(keys.values())


@pytest.mark.parametrize("case", HOSTILE_TITLES)
def test_hostile_title_parses_to_its_escape_and_reads_back_as_written(hostile_bib, case):
    site, keys, whole = hostile_bib
    title = HOSTILE_TITLES[case]
    fields = parse_bibtex(whole)[keys[f"bibtex-{case}"]].fields
    # The title is in braces of its own (keeps its case); inside, exactly the escaped text.
    assert fields["title"] == "{" + bibtex.bibtex_escape(title) + "}"
    assert latex_text(fields["title"][1:-1]) == title
    assert is_balanced(fields["title"])
    assert fields["note"] == "MLSys 2024" and fields["author"] == "Ann Lee and Bob Ray"
    assert fields["eprint"] == "2401.00001" and fields["url"] == "https://arxiv.org/abs/2401.00001"


def test_braces_in_authors_and_venue_are_balanced_and_read_back(hostile_bib):
    site, keys, whole = hostile_bib
    fields = parse_bibtex(whole)[keys["bibtex-braces-in-authors-and-venue"]].fields
    names = fields["author"].split(" and ")
    assert [latex_text(n) for n in names] == ["Ann {Lee", "Bob} Ray", "{Cee} }{ Dee"]
    assert latex_text(fields["note"]) == "MLSys } 2024 {"
    assert all(is_balanced(fields[name]) for name in ("author", "note"))


def test_braces_in_a_code_url_are_percent_encoded(hostile_bib):
    site, keys, whole = hostile_bib
    url = parse_bibtex(whole)[keys["bibtex-braces-in-code-url"]].fields["url"]
    assert url == "https://github.com/o/r/tree/%7D%7Bmain%7D/x"


@pytest.mark.parametrize("url, written", [
    ("https://example.org/a{b}c", "https://example.org/a%7Bb%7Dc"),
    ("https://example.org/a\\b", "https://example.org/a%5Cb"),
    ("https://example.org/%7Balready%7d-escaped", "https://example.org/%7Balready%7d-escaped"),
    ("https://example.org/100%-sure", "https://example.org/100%25-sure"),
    ("https://example.org/a b\tc\x01", "https://example.org/a%20b%09c%01"),
    ("https://example.org/q?a=1&b=2#frag~x_y", "https://example.org/q?a=1&b=2#frag~x_y"),
])
def test_project_url_is_percent_encoded_only_where_bibtex_needs_it(url, written):
    paper = Paper(slug="x", title="T", abstract="a", project=url, code="https://example.org/not-this")
    entry = bibtex.bibtex_entry(paper, "key")
    assert parse_bibtex(entry)["key"].fields["url"] == written


def test_a_hostile_arxiv_id_cannot_break_its_entry():
    paper = Paper(slug="x", title="T", abstract="a", arxiv="2401.00001}, @misc{evil,")
    entry = bibtex.bibtex_entry(paper, "key")
    assert bibtex_entry_count(entry) == 1 and list(parse_bibtex(entry)) == ["key"]
    assert parse_bibtex(entry)["key"].fields["eprint"] == "2401.00001%7D,%20@misc%7Bevil,"


# Any text, weighted towards what BibTeX and LaTeX treat specially.
_HOSTILE_TEXT = st.text(st.one_of(st.sampled_from("{}\\%#@,=\"~^_&$ \n\t"),
                                  st.characters(exclude_categories=("Cs",))), max_size=40)


@settings(max_examples=300, deadline=None)
@given(title=_HOSTILE_TEXT, author=_HOSTILE_TEXT, venue=_HOSTILE_TEXT)
def test_any_text_gives_exactly_one_entry_that_reads_back(title, author, venue):
    paper = Paper(slug="x", title=title, abstract="a", authors=[author], venue=venue, arxiv="2401.00001")
    entry = bibtex.bibtex_entry(paper, "key")
    assert bibtex_entry_count(entry) == 1
    entries = parse_bibtex(entry)
    assert list(entries) == ["key"]
    fields = entries["key"].fields
    assert fields["title"] == "{" + bibtex.bibtex_escape(title) + "}"
    assert latex_text(fields["title"][1:-1]) == " ".join(title.split())
    for name in ("title", "author", "note"):
        if name in fields:
            assert is_balanced(fields[name])


@settings(max_examples=300, deadline=None)
@given(path=_HOSTILE_TEXT)
def test_any_url_gives_one_entry_with_the_same_url_once_decoded(path):
    url = "https://example.org/" + path
    entry = bibtex.bibtex_entry(Paper(slug="x", title="T", abstract="a", code=url), "key")
    assert bibtex_entry_count(entry) == 1
    written = parse_bibtex(entry)["key"].fields["url"]
    assert not re.search(r"[{}\\\s]", written)
    assert unquote(written) == unquote(url)


# ---------------------------------------------------------------------------- BibTeX, as readers read it
#
# bibtexparser (v2) reads the files as a reference manager does: entries and fields, each
# author split into BibTeX's name parts; pylatexenc (`latex_text`) gives what LaTeX prints.
# Every field comes back as the paper has it.


def read_bibtex(text: str) -> dict[str, dict]:
    """key -> {field: value, "ENTRYTYPE": type}; `author` a list of bibtexparser's NameParts."""
    library = bibtexparser.parse_string(
        text, append_middleware=[middlewares.SeparateCoAuthors(), middlewares.SplitNameParts()])
    assert not library.failed_blocks
    return {e.key: {**{f.key: f.value for f in e.fields}, "ENTRYTYPE": e.entry_type} for e in library.entries}


def printed_names(parts: list) -> list[str]:
    """Each name as LaTeX prints it, its parts in the order BibTeX read them."""
    names = []
    for name in parts:
        words = " ".join(latex_text(word) for word in [*name.first, *name.von, *name.last])
        names.append(words + "".join(", " + latex_text(word) for word in name.jr))
    return names


def expected_url(paper: Paper) -> str | None:
    return paper.arxiv_url or paper.project or paper.code


def assert_reads_back(fields: dict, paper: Paper) -> None:
    assert latex_text(fields["title"]) == " ".join(paper.title.split())
    assert printed_names(fields.get("author", [])) == [" ".join(a.split()) for a in paper.authors if a.strip()]
    assert fields.get("year") == (str(paper.year) if paper.year else None)
    assert fields.get("eprint") == paper.arxiv
    assert fields.get("url") == expected_url(paper)
    assert latex_text(fields["note"]) == " ".join(paper.venue.split()) if paper.venue else "note" not in fields


def test_bibtexparser_reads_every_entry_of_papers_bib_back(site, files):
    entries = read_bibtex(files["papers.bib"])
    keys = bibtex.bibtex_keys(site)
    assert list(entries) == [keys[p.slug] for p in site.papers]
    for paper in site.papers:
        fields = entries[keys[paper.slug]]
        assert fields["ENTRYTYPE"] == "misc"
        assert_reads_back(fields, paper)
        if paper.arxiv:
            assert fields["archivePrefix"] == "arXiv"
        assert read_bibtex(files[f"bib/{paper.slug}.bib"]) == {keys[paper.slug]: fields}


TITLES = {
    "braces": "{GPU} Kernels } and { Sparse",
    "accents": "Mélange: Naïve Ré-ranking on Ångström-scale Chips — 中文",
    "percent": "50% Less Memory",
    "ampersand": "Compute & Memory",
    "dollar": "$0.10 per Token",
    "hash": "#1 on MLPerf",
    "underscore": "flash_attn_2 and __init__",
    "tilde-caret": "~2x Faster, 2^10 Tokens",
    "backslash": "C:\\models\\gpt \\textbf{not bold}",
    "dashes": "Prefill -- Decode --- Disaggregation, and --flags",
    "quotes": "``Quoted'' and 'single' and `grave`, ,,low,, <<angle>> ?` !`",
    "entry-injection": "Pwned}}, @misc{evil, title = {x}} @misc{evil2,",
    "latex-math": "O(n^2) \\(x\\) $\\alpha$ \\begin{document}",
}


@pytest.mark.parametrize("case", TITLES)
def test_a_title_reads_back_as_written(case):
    paper = Paper(slug="x", title=TITLES[case], abstract="a", authors=["Ann Lee"], arxiv="2401.00001",
                  venue="MLSys 2024")
    assert_reads_back(read_bibtex(bibtex.bibtex_entry(paper, "key"))["key"], paper)


NAMES = {
    "plain": "Ann Lee",
    "accented": "Christopher Ré",
    "von": "Ludwig van Beethoven",
    "suffix-after-comma": "Martin Luther King, Jr.",
    "surname-first": "Lee, Ann",
    "and-in-a-name": "Bob and Alice",
    "AND-in-a-name": "Team AND Co",
    "only-and": "and",
    "braces": "Ann {Lee}",
    "specials": "O'Neil & Sons_2 ~ 100%",
    "hyphens": "Jean-Pierre Dupont -- Jr",
}


@pytest.mark.parametrize("case", NAMES)
def test_an_author_reads_back_as_one_name_as_written(case):
    paper = Paper(slug="x", title="T", abstract="a", authors=["First Author", NAMES[case], "Last Author"])
    fields = read_bibtex(bibtex.bibtex_entry(paper, "key"))["key"]
    assert printed_names(fields["author"]) == ["First Author", NAMES[case], "Last Author"]


def test_a_venue_and_a_project_url_read_back():
    paper = Paper(slug="x", title="T", abstract="a", authors=["Ann Lee"], published=dt.date(2023, 6, 1),
                  venue="ISCA 2023 & {Workshops} 50%", project="https://example.org/p?a=1&b=2#x_y~z")
    fields = read_bibtex(bibtex.bibtex_entry(paper, "key"))["key"]
    assert_reads_back(fields, paper)
    assert fields["month"] == "6"


# Text weighted towards what BibTeX and LaTeX read specially: the characters, the word `and`,
# ligatures. No control characters: no text of a paper holds one (model.BAD_CHARACTER).
_READABLE = st.lists(st.one_of(
    st.sampled_from([" and ", " AND ", "--", "``", "''", "!`", ", ", "<<", ",,"]),
    st.text(st.one_of(st.sampled_from("{}\\%#@,=\"~^_&$-`'!?<> "),
                      st.characters(exclude_categories=("Cs", "Cc"))), max_size=6)), max_size=8).map("".join)


@settings(max_examples=300, deadline=None)
@given(title=_READABLE, authors=st.lists(_READABLE.filter(str.strip), min_size=1, max_size=3), venue=_READABLE)
def test_any_title_authors_and_venue_read_back(title, authors, venue):
    paper = Paper(slug="x", title=title, abstract="a", authors=authors, venue=venue or None, arxiv="2401.00001")
    entry = bibtex.bibtex_entry(paper, "key")
    assert bibtex_entry_count(entry) == 1
    assert_reads_back(read_bibtex(entry)["key"], paper)


# ---------------------------------------------------------------------------- the filter page's files


def facet_runs(facets: dict) -> list[list[int]]:
    """Each paper's numbers, read back from `data` as the Data page describes the format."""
    digits, base = facets["digits"], len(facets["digits"]) // 2
    papers = []
    for run in facets["data"].split(" ") if facets["count"] else []:
        values, number = [], 0
        for char in run:
            digit = digits.index(char)
            number = number * base + digit % base
            if digit < base:
                values.append(number)
                number = 0
        assert number == 0, "a run ends inside a number"
        papers.append(values)
    return papers


def read_facets(facets: dict) -> list[dict]:
    """Each paper as {year, code, topics, hardware, hardware_rollup}, as papers.json has them."""
    years, topics, nodes = facets["years"], facets["topics"], facets["hardware"]
    first_topic = len(years) + 1
    first_node = first_topic + len(topics)
    papers = []
    for values in facet_runs(facets):
        assert values == sorted(values)
        direct = [nodes[v - first_node] for v in values if v >= first_node]
        rollup = set()
        for node in direct:
            while node is not None:
                rollup.add(node[0])
                node = nodes[node[3]] if node[3] >= 0 else None
        papers.append({
            "year": next((years[v] for v in values if v < len(years)), None),
            "code": len(years) in values,
            "topics": [topics[v - first_topic][0] for v in values if first_topic <= v < first_node],
            "hardware": [node[0] for node in direct],
            "hardware_rollup": [node[0] for node in nodes if node[0] in rollup],
        })
    return papers


def test_facets_hold_every_papers_values_as_papers_json_does(site, files, data):
    facets = json.loads(files["filter/facets.json"])
    assert facets["version"] == facet_files.FACETS_VERSION and facets["count"] == len(data["papers"])
    assert facets["kinds"] == ["vendor", "architecture", "device"]
    # A family (Jetson) is no facet: the filter offers its members.
    family = {n["id"] for n in data["hardware"] if n["kind"] == "family"}
    assert family == {"jetson"}
    expected = [{"year": p["year"], "code": bool(p["code"]), "topics": p["topics"], "hardware": p["hardware"],
                 "hardware_rollup": [h for h in p["hardware_rollup"] if h not in family]} for p in data["papers"]]
    assert read_facets(facets) == expected
    # The values are those with papers, named once by the label every table shows, in papers.json's order.
    nodes = [n for n in data["hardware"] if n["id"] not in family]
    assert [[n["id"], site.hardware.label(n["id"])] for n in nodes] == [n[:2] for n in facets["hardware"]]
    assert [n["kind"] for n in nodes] == [facets["kinds"][n[2]] for n in facets["hardware"]]
    assert [[t["id"], t["name"]] for t in data["topics"]] == facets["topics"]
    assert facets["years"] == sorted({p["year"] for p in data["papers"] if p["year"]}, reverse=True)


def test_filter_chunks_hold_slugs_and_titles_in_order(files, data):
    facets = json.loads(files["filter/facets.json"])
    size = facets["chunk"]
    chunks = sorted((k for k in files if re.fullmatch(r"filter/papers-\d+\.json", k)),
                    key=lambda k: int(re.search(r"\d+", k).group()))
    assert chunks == [f"filter/papers-{k}.json" for k in range(-(-len(data["papers"]) // size))]
    rows = [row for name in chunks for row in json.loads(files[name])]
    assert all(len(json.loads(files[name])) == size for name in chunks[:-1])
    assert rows == [[p["slug"], p["title"]] for p in data["papers"]]
    # The page of a row, from facets.json's folder (filter/), is papers.json's url from the root.
    for paper in data["papers"]:
        assert facets["url"].replace("%s", paper["slug"]) == "../" + paper["url"]


def test_filter_files_are_deterministic_and_name_their_titles_version(site, files):
    again = facet_files.filter_files(site)
    assert again == {k: v for k, v in files.items() if k.startswith("filter/")}
    papers, hardware, topics, _ = load_content(SMALL)
    before = facet_files.filter_files(derive_site(papers, hardware, topics))
    papers[0].title += " (revised)"
    after = facet_files.filter_files(derive_site(papers, hardware, topics))
    old, new = json.loads(before["filter/facets.json"]), json.loads(after["filter/facets.json"])
    # A title is not a facet: only the title file and the digest that names its version change.
    assert old["chunks"] != new["chunks"]
    assert {**old, "chunks": None} == {**new, "chunks": None}


@given(st.integers(min_value=0, max_value=10**9))
def test_facet_numbers_read_back(value):
    text = facet_files.facet_number(value)
    assert facet_runs({"digits": facet_files.FACET_DIGITS, "data": text, "count": 1}) == [[value]]
    assert len(text) == 1 or value >= len(facet_files.FACET_DIGITS) // 2
    assert json.dumps(text, ensure_ascii=True)[1:-1] == text  # JSON writes it as it is


def test_facet_file_is_small_at_scale():
    """Thousands of papers: the real ones, copied under new slugs (the detection finds the same
    hardware and topics), about 10 bytes a paper, far from papers.json's ~2,700."""
    papers, hardware, topics, _ = load_content(SEED_CONTENT)
    copies = [dataclasses.replace(p, slug=f"{p.slug}-{i}") for i in range(40) for p in papers]
    site = derive_site(copies, hardware, topics)
    files = facet_files.filter_files(site)
    facets = files["filter/facets.json"]
    count = len(copies)
    assert len(read_facets(json.loads(facets))) == count
    names = len(facets) - len(json.loads(facets)["data"])
    assert len(json.loads(facets)["data"]) < 12 * count, "more than 12 bytes a paper"
    assert names < 16_000
    chunk_bytes = max(len(text.encode()) for uri, text in files.items() if "/papers-" in uri)
    assert chunk_bytes < 200 * facet_files.FILTER_CHUNK
