"""The site of the seed list (tests/fixtures/seed_content/, a frozen copy of content/ whose answers
these tests know), built by `mkdocs build --strict` into a temporary folder, then checked. The
site of the live content/ is built by tests/test_list_grows.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup

from generator.content.store import Store
from generator.content.vocabularies import load_hardware
from support import SEED_CONTENT, mkdocs_build, mkdocs_config

ROOT = Path(__file__).resolve().parent.parent
SLUGS = sorted(p.stem for p in Store(SEED_CONTENT).paper_paths())


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site")
    result = mkdocs_build(mkdocs_config(tmp_path_factory.mktemp("config"), SEED_CONTENT), site)
    assert result.returncode == 0, result.stderr[-4000:]
    assert not re.search(r"^WARNING", result.stderr, re.M), result.stderr[-4000:]
    return site


def soup(built: Path, uri: str) -> BeautifulSoup:
    return BeautifulSoup((built / uri / "index.html").read_text(encoding="utf-8"), "html.parser")


def listed_papers(page: BeautifulSoup) -> set[str]:
    """Slugs of the papers a hardware or topic page lists in its table of papers."""
    listing = page.find("table", class_="paper-table")
    return {a["href"].rstrip("/").split("/")[-1] for a in listing.find_all("a", href=re.compile(r"papers/"))}


def test_every_paper_has_its_page(built):
    assert len(SLUGS) == 52
    for slug in SLUGS:
        assert (built / "papers" / slug / "index.html").is_file(), slug


def test_paper_pages_are_not_in_the_navigation(built):
    nav = soup(built, ".").find("nav", class_="md-nav--primary")
    assert nav is not None
    assert not nav.find_all("a", href=re.compile(r"papers/[a-z0-9-]+/$"))


def test_the_nav_and_tabs_rendered_once_a_place_are_what_material_renders_on_each_page(built, tmp_path):
    # generator/theme_partials.py: the same HTML, byte for byte, as with every page rendering its own.
    config = mkdocs_config(tmp_path, SEED_CONTENT)
    config.write_text(config.read_text(encoding="utf-8").replace(
        "  - reading-list:\n", "  - reading-list:\n      shared_partials: false\n      search_index: false\n"),
        encoding="utf-8")
    own = tmp_path / "site"
    result = mkdocs_build(config, own)
    assert result.returncode == 0, result.stderr[-4000:]
    pages = sorted(p.relative_to(built) for p in built.rglob("*.html"))
    assert pages == sorted(p.relative_to(own) for p in own.rglob("*.html"))
    different = [str(p) for p in pages if (built / p).read_bytes() != (own / p).read_bytes()]
    assert not different
    # Pages in the nav mark their own tab; a paper's page, at another place, marks none.
    assert 'md-tabs__item md-tabs__item--active' in (built / "hardware" / "index.html").read_text(encoding="utf-8")
    assert 'md-tabs__item--active' not in (built / "papers" / SLUGS[0] / "index.html").read_text(encoding="utf-8")


def test_every_internal_link_resolves(built):
    pages = sorted(built.rglob("*.html"))
    broken = broken_links(built, pages)
    assert len(pages) > 100
    assert not broken, broken[:20]


def broken_links(built: Path, pages: list[Path]) -> list[str]:
    """`page -> href` of each link between the site's pages that leads nowhere."""
    broken = []
    for page in pages:
        html = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for anchor in html.find_all("a", href=True):
            href = anchor["href"]
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("#", "mailto:")) or not parts.path:
                continue
            # 404.html links from the site root: it is served at any depth.
            base = built if parts.path.startswith("/") else page.parent
            target = (base / unquote(parts.path).lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{page.relative_to(built)} -> {href}")
    return broken


def test_edit_link_opens_the_papers_own_file(built):
    edit = soup(built, "papers/snapkv").find("a", attrs={"title": re.compile("Edit", re.I)})
    assert edit is not None
    assert edit["href"].endswith("/edit/main/content/papers/snapkv.md")


def test_each_reading_path_has_its_page_listed_under_paths_and_editable_in_its_file(built):
    listing = soup(built, "paths")
    assert [a["href"] for a in listing.select("article h2 > a:not(.headerlink)")] == [
        "gpu-microarchitecture-dissection/", "serving-llms-on-one-gpu/"]
    page = soup(built, "paths/serving-llms-on-one-gpu")
    assert [h.get("id") for h in page.select("article h3")] == [f"step-{n}" for n in range(1, 10)]
    assert page.find("h3", id="step-1").find("a", href="../../papers/gptq/")
    edit = page.find("a", attrs={"title": re.compile("Edit", re.I)})
    assert edit["href"].endswith("/edit/main/content/paths/serving-llms-on-one-gpu.md")
    nav = soup(built, "papers/ganq").find("nav", class_="path-steps")
    assert nav.find("a", rel="prev")["href"] == "../gptq/" and nav.find("a", rel="next")["href"] == "../comet/"


def test_search_index_holds_every_paper(built):
    """Pagefind indexed every page whose article is marked for it, every paper page among them."""
    marked = {page for page in built.rglob("*.html") if "data-pagefind-body" in page.read_text(encoding="utf-8")}
    assert {built / "papers" / slug / "index.html" for slug in SLUGS} <= marked
    entry = json.loads((built / "pagefind" / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert sum(language["page_count"] for language in entry["languages"].values()) == len(marked)


def test_device_page_shows_the_sentence_naming_it(built):
    page = soup(built, "hardware/rtx-4090").get_text(" ")
    assert "Fuyou achieves 156 TFLOPS on an RTX 4090 GPU" in page


def test_architecture_page_rolls_up_its_devices(built):
    device = listed_papers(soup(built, "hardware/rtx-4090"))
    assert device
    assert device <= listed_papers(soup(built, "hardware/ada-lovelace"))
    assert device <= listed_papers(soup(built, "hardware/nvidia"))


def test_abstract_links_a_paper_it_names_and_the_named_paper_lists_it(built):
    fuyou = soup(built, "papers/adding-nvme-ssds-to-enable")
    abstract = fuyou.find("h2", id="abstract").find_next("p")
    assert abstract.find("a", href="../zero-infinity/")
    zero = soup(built, "papers/zero-infinity")
    mentioned_by = zero.find("h2", id="mentioned-by").find_next("ul")
    assert mentioned_by.find("a", href="../adding-nvme-ssds-to-enable/")


def test_related_papers_are_listed_with_reasons(built):
    related = soup(built, "papers/snapkv").find("h2", id="related-papers").find_next("ul")
    items = related.find_all("li")
    assert 1 <= len(items) <= 5
    assert all(re.search(r"also on |both about |similar wording", li.get_text()) for li in items)


def test_generate_twice_rewrites_nothing(tmp_path):
    command = [sys.executable, "-m", "generator", "--content", str(SEED_CONTENT), "generate", "--out", str(tmp_path)]
    first = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    assert re.search(r"\d+ written, 0 unchanged", first.stdout)
    second = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    assert re.search(r": 0 written, \d+ unchanged", second.stdout)
    assert (tmp_path / "papers" / "snapkv.md").is_file()


# From a hand reading of the 52 abstracts (tests/fixtures/measured_hardware.yml): the papers
# measured on each node, or on a node below it (an architecture page rolls up its devices).
HAND = yaml.safe_load((ROOT / "tests" / "fixtures" / "measured_hardware.yml").read_text(encoding="utf-8"))
HARDWARE = load_hardware((SEED_CONTENT / "hardware.yml").read_text(encoding="utf-8"), "hardware.yml")
NODE_PAPERS: dict[str, set[str]] = {}
for _slug, _read in HAND.items():
    for _node in HARDWARE.expand(_read["measured"]):
        NODE_PAPERS.setdefault(_node, set()).add(_slug)


def test_every_hardware_page_lists_exactly_the_papers_measured_on_it(built):
    pages = {path.parent.name for path in (built / "hardware").glob("*/index.html")}
    assert set(NODE_PAPERS) <= pages
    wrong = {node: (listed_papers(soup(built, f"hardware/{node}")), NODE_PAPERS.get(node, set()))
             for node in sorted(pages) if listed_papers(soup(built, f"hardware/{node}")) != NODE_PAPERS.get(node, set())}
    assert not wrong


def test_exports_filter_and_years_are_on_the_built_site(built):
    data = json.loads((built / "papers.json").read_text(encoding="utf-8"))
    assert sorted(p["slug"] for p in data["papers"]) == SLUGS
    assert (built / "papers.schema.json").is_file()
    assert (built / "feed.xml").read_text(encoding="utf-8").startswith("<?xml")
    assert "eprint = {2404.14469}" in (built / "bib" / "snapkv.bib").read_text(encoding="utf-8")
    assert "@misc{" in (built / "papers.bib").read_text(encoding="utf-8")
    cite = soup(built, "papers/snapkv").find("a", string="Cite")
    assert cite["href"] == "../../bib/snapkv.bib"
    assert soup(built, "filter").find(id="paper-filter")["data-facets"] == "facets.json"
    assert (built / "filter" / "facets.json").is_file()
    assert soup(built, "years").find("details", class_="device-spans").find("table")
    nav = soup(built, ".").find("nav", class_="md-nav--primary").get_text(" ")
    for title in ("Paths", "Papers", "Hardware", "Topics", "Results", "Filter", "Years"):
        assert title in nav
    assert "Timeline" not in nav and not (built / "timeline").exists()


# ---------------------------------------------------------------------------- pagination

PAGE_SIZE = 5
# `mkdocs build` with generator.site.pages.PAGE_SIZE set first: the seed list, split into pages.
BUILD_PAGED = ("import sys, generator.site.pages as pages; pages.PAGE_SIZE = int(sys.argv[1]); "
               "from mkdocs.__main__ import cli; cli(['build', *sys.argv[2:]])")


@pytest.fixture(scope="module")
def built_paged(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("site-paged")
    result = mkdocs_build(mkdocs_config(tmp_path_factory.mktemp("config-paged"), SEED_CONTENT), site,
                          command=[sys.executable, "-c", BUILD_PAGED, str(PAGE_SIZE)])
    assert result.returncode == 0, result.stderr[-4000:]
    assert not re.search(r"^WARNING", result.stderr, re.M), result.stderr[-4000:]
    return site


def test_split_listings_link_only_to_pages_that_exist(built_paged):
    pages = sorted(built_paged.rglob("*.html"))
    assert not broken_links(built_paged, pages), broken_links(built_paged, pages)[:20]
    count = -(-len(SLUGS) // PAGE_SIZE)
    assert sorted(p.name for p in (built_paged / "papers" / "page").iterdir()) == sorted(str(n) for n in range(2, count + 1))
    listed = []
    for number in range(1, count + 1):
        uri = "papers" if number == 1 else f"papers/page/{number}"
        page = soup(built_paged, uri)
        assert page.find("h1").get_text().startswith(f"Papers, page {number} of {count}")
        current = page.find("nav", class_="pager").find("a", attrs={"aria-current": "page"})
        assert current.get_text() == str(number) and current["href"] == "./"
        listed += [a["href"].rstrip("/").split("/")[-1] for a in page.select("table.paper-table td.paper-title > a")]
    assert sorted(listed) == SLUGS


def test_continuation_pages_are_kept_out_of_search_and_hardware_pages_are_in_it(built_paged):
    def indexed(uri: str) -> bool:
        return soup(built_paged, uri).find(attrs={"data-pagefind-body": True}) is not None

    assert indexed("hardware/a100") and indexed("topics/kv-cache")
    assert not indexed("hardware/a100/page/2") and not indexed("papers/page/2") and not indexed("results/page/2")
    assert not indexed("papers") and not indexed("results") and not indexed("years")
    assert soup(built_paged, "hardware/a100/page/2").title.get_text().startswith("NVIDIA A100, page 2 of ")


def test_every_result_is_on_one_page_of_results_and_in_its_rows_file(built_paged):
    data = json.loads((built_paged / "results" / "rows.json").read_text(encoding="utf-8"))
    shown = []
    later = sorted((built_paged / "results" / "page").iterdir(), key=lambda folder: int(folder.name))
    for folder in [built_paged / "results", *later]:
        page = BeautifulSoup((folder / "index.html").read_text(encoding="utf-8"), "html.parser")
        table = page.find("div", class_="sortable-table")
        assert table["data-rows"].endswith("rows.json")
        assert (folder / table["data-rows"]).resolve() == (built_paged / "results" / "rows.json").resolve()
        shown += [row.find("td").get_text() for row in table.find("tbody").find_all("tr")]
    assert shown == [row[1] for row in data["rows"]]


def test_the_pages_of_all_papers_have_no_edit_link(built_paged):
    assert soup(built_paged, "papers/page/2").find("a", attrs={"title": re.compile("Edit", re.I)}) is None


def test_each_page_tells_search_what_it_is_from_its_record_not_its_url(built):
    def kind(path: str) -> str:
        found = re.search(r'data-pagefind-meta="kind:(\w+)"', (built / path / "index.html").read_text(encoding="utf-8"))
        return found.group(1) if found else ""

    assert kind("papers/snapkv") == "Paper"
    assert kind("hardware/a100") == kind("hardware/compare/h100-vs-max-1550") == "Hardware"
    assert kind("topics/kv-cache") == "Topic"
    assert 'data-pagefind-meta="kind:Reading path"' in (built / "paths" / "serving-llms-on-one-gpu" / "index.html").read_text(
        encoding="utf-8")
    assert kind("hardware") == kind("topics") == "Page"  # the indexes list hardware and topics; they are neither


def test_render_gives_a_record_of_each_page():
    from generator.site.records import HARDWARE, LIST, PAPER, PATH, TOPIC, VERSUS
    from generator.site.render import render_pages
    from support import load_site

    records = render_pages(load_site(SEED_CONTENT), ROOT / "site_templates")
    assert (records["papers/snapkv.md"].kind, records["papers/snapkv.md"].subject) == (PAPER, "snapkv")
    assert (records["hardware/a100.md"].kind, records["hardware/a100.md"].subject) == (HARDWARE, "a100")
    assert records["topics/kv-cache.md"].kind == TOPIC and records["papers/index.md"].kind == LIST
    assert {r.kind for uri, r in records.items() if uri.startswith("hardware/compare/")} == {VERSUS}
    assert (records["paths/gpu-microarchitecture-dissection.md"].kind,
            records["paths/gpu-microarchitecture-dissection.md"].subject) == (PATH, "gpu-microarchitecture-dissection")
    assert records["paths/index.md"].kind == LIST
    assert all(r.body for r in records.values())


def test_a_topic_page_says_its_description_once(built):
    page = soup(built, "topics/kv-cache")
    summary = page.find("p", class_="page-summary").get_text()
    first = summary.split(". ", 1)[1]  # "3 papers. <the description's first sentence>"
    assert page.find("article").get_text().count(first.strip()) == 1, first


def test_search_reads_every_page_but_a_listing_s_continuation_pages(tmp_path):
    """Pagefind skips `<listing>/page/<n>/` (kept out of the index anyway) and reads every
    other page, a paper whose slug is a number among them."""
    from generator.site.search import INDEX_DIR, build_search_index

    pages = ["index.html", "404.html", "papers/snapkv/index.html", "papers/1984/index.html",
             "hardware/a100/index.html", "papers/page/2/index.html", "hardware/a100/page/12/index.html"]
    for page in pages:
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text(f"<html><body><main data-pagefind-body><p>words of {page}</p></main></body></html>",
                                     encoding="utf-8")
    build_search_index(tmp_path)
    entry = json.loads((tmp_path / INDEX_DIR / "pagefind-entry.json").read_text(encoding="utf-8"))
    assert sum(language["page_count"] for language in entry["languages"].values()) == 5
