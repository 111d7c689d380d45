"""Exports (papers.json and its schema, the Atom feed, BibTeX) and the timeline page."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from generator import exports
from generator.model import Paper
from generator.render import render_site
from generator.site import build_site, load_content

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(scope="module")
def site():
    papers, hardware, topics, _ = load_content(ROOT / "content")
    return build_site(papers, hardware, topics)


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


def test_papers_json_is_its_data_with_one_paper_a_line(site, files, data, forking):
    assert data == exports.papers_data(site)
    lines = files["papers.json"].splitlines()
    assert sum(1 for line in lines if line.startswith('  {"abstract": ')) == len(site.papers)
    # The same file when worker processes encode the papers.
    assert exports.papers_json(site) == files["papers.json"]


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
    for paper in site.papers:
        entry = files[f"bib/{paper.slug}.bib"]
        assert entry in whole
        assert entry.count("{") == entry.count("}")
        if paper.arxiv:
            assert f"eprint = {{{paper.arxiv}}}" in entry
            assert "archivePrefix = {arXiv}" in entry


def test_bibtex_escapes_specials_and_keys_stay_unique():
    paper = Paper(slug="x", title="50% of {GPU} & $cost_1 #2 ~ ^", abstract="a", authors=["Ann Lee"], arxiv="2401.00001")
    entry = exports.bibtex_entry(paper, "key")
    assert r"50\% of \{GPU\} \& \$cost\_1 \#2 \~{} \^{}" in entry
    assert exports.base_key(paper) == "lee2024gpu" or exports.base_key(paper).startswith("lee2024")


def test_bibtex_keys_of_clashing_papers_get_letters(site):
    papers, hardware, topics, _ = load_content(SMALL)
    twin = papers[0]
    copy = Paper(slug=twin.slug + "-two", title=twin.title, abstract=twin.abstract, authors=list(twin.authors),
                 published=twin.published, arxiv=twin.arxiv, added=twin.added)
    keys = exports.bibtex_keys(build_site([*papers, copy], hardware, topics))
    assert len(set(keys.values())) == len(keys)
    assert keys[copy.slug] == keys[twin.slug] + "a"


def test_every_paper_page_cites_its_bibtex_file(site, files):
    pages = render_site(site, ROOT / "site_templates")
    for paper in site.papers:
        assert f'href="../../bib/{paper.slug}.bib"' in pages[f"papers/{paper.slug}.md"]
        assert f"bib/{paper.slug}.bib" in files
    home = pages["index.md"]
    for target in ("papers.json", "feed.xml", "papers.bib", "filter/index.md", "timeline/index.md", "data.md"):
        assert f"]({target})" in home, target


def test_data_page_documents_every_field(site):
    page = render_site(site, ROOT / "site_templates")["data.md"]
    for name in exports.PAPER_FIELDS:
        assert f"<code>{name.replace('_', '&#95;')}</code>" in page


@pytest.mark.parametrize("device", ["a100", "h100", "rtx-4090"])
def test_timeline_device_span_covers_its_papers_years(site, device):
    years = [p.year for p in site.node_papers[device] if p.year]
    spans = {node.id: (first, last, count) for node, first, last, count in exports.device_spans(site)}
    assert spans[device] == (min(years), max(years), len(site.node_papers[device]))
    page = render_site(site, ROOT / "site_templates")["timeline/index.md"]
    name = site.hardware.nodes[device].name
    row = next(line for line in page.splitlines() if f"[{name}](" in line and line.startswith("|"))
    assert f"| {min(years)} | {max(years)} | {len(site.node_papers[device])} |" in row


def test_timeline_lists_every_paper_under_its_year(site):
    page = render_site(site, ROOT / "site_templates")["timeline/index.md"]
    for paper in site.papers:
        assert f"../papers/{paper.slug}.md" in page
    assert len(exports.device_spans(site)) == sum(
        1 for n in site.hardware.nodes.values() if n.kind == "device" and site.node_papers.get(n.id))


def test_atom_feed_escapes_hostile_text():
    papers, hardware, topics, _ = load_content(SMALL)
    papers[0].title = "<script>alert(1)</script> & \x01 ]]>"
    feed = ET.fromstring(exports.atom_feed(build_site(papers, hardware, topics)))
    titles = [e.text for e in feed.iter(f"{ATOM}title")]
    assert "<script>alert(1)</script> &  ]]>" in titles
