"""Published for the web. With a site URL (mkdocs.yml reads it from READING_LIST_SITE_URL,
which the Pages workflow sets), every page is in sitemap.xml with a date from content and has
a canonical link, robots.txt names the sitemap, and the 404 page loads its assets from the
site's path. Paper pages carry what reference managers and scholarly search engines read,
found here by real extractors: Highwire Press citation_* tags (BeautifulSoup), a schema.org
ScholarlyArticle and Open Graph (extruct). Every page has a description of its own. Without a
site URL (local builds) the build passes --strict."""

from __future__ import annotations

import datetime as dt
import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import extruct
import pytest
import yaml
from bs4 import BeautifulSoup

from generator.site.markup import DESCRIPTION_LIMIT, description
from generator.content.model import Paper
from generator.site.pages import is_journal, page_dates, paper_date, robots_txt
from generator.pipeline import generate
from support import SEED_CONTENT, mkdocs_config

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
# Under a path, as a project's GitHub Pages site is served.
SITE_URL = "https://example.org/reading-list/"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def build(site: Path, site_url: str | None) -> subprocess.CompletedProcess:
    """The site of the seed content, built into `site` (its mkdocs.yml beside it)."""
    env = {k: v for k, v in os.environ.items() if k != "READING_LIST_SITE_URL"}
    if site_url:
        env["READING_LIST_SITE_URL"] = site_url
    folder = site.with_name(f"{site.name}-config")
    folder.mkdir()
    config = mkdocs_config(folder, SEED_CONTENT)
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config),
                           "--site-dir", str(site)],
                          cwd=ROOT, capture_output=True, text=True,
                          env={**env, "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1736899200"})


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    """The site of the seed list, built as the Pages workflow builds it: with a site URL."""
    site = tmp_path_factory.mktemp("published")
    result = build(site, SITE_URL)
    assert result.returncode == 0, result.stderr[-4000:]
    return site


def html_pages(site: Path) -> list[Path]:
    """Every page of a built site but the 404 page."""
    return sorted(p for p in site.rglob("index.html") if not p.relative_to(site).parts[0] == "pagefind")


def page_url(site: Path, page: Path) -> str:
    folder = page.parent.relative_to(site).as_posix()
    return SITE_URL + ("" if folder == "." else folder + "/")


def head(site: Path, uri: str) -> BeautifulSoup:
    return BeautifulSoup((site / uri / "index.html").read_text(encoding="utf-8"), "html.parser").head


def sitemap(site: Path) -> dict[str, str | None]:
    """loc -> lastmod of each <url> of the sitemap."""
    import xml.etree.ElementTree as ET

    root = ET.parse(site / "sitemap.xml").getroot()
    return {url.findtext(f"{SITEMAP}loc"): url.findtext(f"{SITEMAP}lastmod") for url in root.iter(f"{SITEMAP}url")}


# ---------------------------------------------------------------------------- the site URL


def test_the_site_url_comes_from_the_environment_and_is_empty_by_default(monkeypatch):
    from mkdocs.config import load_config

    monkeypatch.delenv("READING_LIST_SITE_URL", raising=False)
    assert load_config(str(ROOT / "mkdocs.yml")).site_url == ""
    monkeypatch.setenv("READING_LIST_SITE_URL", "https://fork.github.io/list")
    assert load_config(str(ROOT / "mkdocs.yml")).site_url == "https://fork.github.io/list/"


def test_the_pages_workflow_builds_with_the_pages_url():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    steps = workflow["jobs"]["build"]["steps"]
    configure = next(i for i, s in enumerate(steps) if s.get("uses", "").startswith("actions/configure-pages@"))
    build_step = next(i for i, s in enumerate(steps) if "mkdocs build" in s.get("run", ""))
    assert configure < build_step
    assert steps[build_step]["env"]["READING_LIST_SITE_URL"] == \
        "${{ steps.%s.outputs.base_url }}" % steps[configure]["id"]


# ---------------------------------------------------------------------------- sitemap, canonical, robots


def test_the_sitemap_lists_every_page_with_its_date(published):
    pages = html_pages(published)
    listed = sitemap(published)
    assert sorted(listed) == sorted(page_url(published, p) for p in pages)
    assert len([url for url in listed if re.search(r"/papers/[a-z0-9-]+/$", url)]) == 52
    for kind in ("hardware/a100/", "topics/kv-cache/", "papers/", "results/", "years/", "filter/", "data/", ""):
        assert SITE_URL + kind in listed, kind
    assert all(lastmod and re.fullmatch(r"\d{4}-\d{2}-\d{2}", lastmod) for lastmod in listed.values()), listed


def test_a_papers_lastmod_is_the_newest_date_its_file_has(published):
    meta = yaml.safe_load((SEED_CONTENT / "papers" / "snapkv.md").read_text(encoding="utf-8").split("---")[1])
    newest = max(d for d in (meta.get("published"), meta.get("added")) if d)
    assert sitemap(published)[SITE_URL + "papers/snapkv/"] == newest.isoformat()


def test_every_page_has_its_canonical_link(published):
    for page in html_pages(published):
        links = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").find_all("link", rel="canonical")
        assert [link["href"] for link in links] == [page_url(published, page)], page


def test_robots_txt_points_at_the_sitemap(published):
    assert (published / "robots.txt").read_text(encoding="utf-8") == \
        f"User-agent: *\nAllow: /\nSitemap: {SITE_URL}sitemap.xml\n"


def test_the_404_page_loads_everything_from_the_sites_path(published):
    """Served for a missing page at any depth, it links and loads from the site's path."""
    page = BeautifulSoup((published / "404.html").read_text(encoding="utf-8"), "html.parser")
    local = [e.get("href") or e.get("src") for e in page.find_all(["a", "link", "script", "img"])
             if (e.get("href") or e.get("src")) and not urlsplit(e.get("href") or e.get("src")).netloc]
    assert len(local) > 10
    assert [url for url in local if not url.startswith(urlsplit(SITE_URL).path)] == []


def test_without_a_site_url_the_build_passes_strict_with_no_absolute_urls(tmp_path):
    result = build(tmp_path / "site", None)
    assert result.returncode == 0, result.stderr[-4000:]
    assert "<url>" not in (tmp_path / "site" / "sitemap.xml").read_text(encoding="utf-8")
    assert (tmp_path / "site" / "robots.txt").read_text(encoding="utf-8") == "User-agent: *\nAllow: /\n"
    paper = head(tmp_path / "site", "papers/snapkv")
    assert paper.find("link", rel="canonical") is None and paper.find("meta", property="og:url") is None
    assert paper.find("meta", attrs={"name": "citation_title"}) is not None


# ---------------------------------------------------------------------------- dates from content


def test_a_paper_is_dated_by_the_latest_of_published_and_added():
    paper = Paper(slug="p", title="P", abstract="A.", published=dt.date(2025, 3, 1), added=dt.date(2024, 1, 1))
    assert paper_date(paper) == dt.date(2025, 3, 1)
    assert paper_date(Paper(slug="q", title="Q", abstract="A.", added=dt.date(2024, 1, 1))) == dt.date(2024, 1, 1)
    assert paper_date(Paper(slug="r", title="R", abstract="A.")) is None


def test_a_listing_has_the_newest_date_of_its_papers_on_every_page():
    generated = generate(SMALL, ROOT / "site_templates", page_size=1)
    dates = generated.dates
    assert set(dates) == set(generated.pages)
    # adding-nvme-ssds: added 2026-11-20; snapkv and zero-infinity: added 2026-11-21.
    assert dates["papers/adding-nvme-ssds-to-enable.md"] == "2026-11-20"
    assert dates["hardware/rtx-4090.md"] == "2026-11-20"  # only adding-nvme-ssds
    assert dates["hardware/nvidia.md"] == dates["hardware/nvidia/page/3.md"] == "2026-11-21"
    assert dates["index.md"] == dates["papers/page/3.md"] == dates["hardware/index.md"] == "2026-11-21"


def test_an_undated_paper_has_no_date_and_the_rest_are_unchanged():
    generated = generate(SMALL, ROOT / "site_templates")
    undated = generated.site.by_slug["zero-infinity"]
    undated.published = undated.added = None
    dates = page_dates(generated.site, generated.records.values())
    assert dates["papers/zero-infinity.md"] == ""
    assert dates["index.md"] == "2026-11-21"  # snapkv's


def test_robots_txt_names_a_sitemap_only_with_a_site_url():
    assert "Sitemap" not in robots_txt(None) and "Sitemap" not in robots_txt("")
    assert robots_txt("https://example.org/x").endswith("Sitemap: https://example.org/x/sitemap.xml\n")


# ---------------------------------------------------------------------------- what reference managers read


def citation_tags(site: Path, slug: str) -> list[tuple[str, str]]:
    return [(m["name"], m["content"]) for m in head(site, f"papers/{slug}").find_all("meta", attrs={"name": True})
            if m["name"].startswith("citation_")]


def embedded(site: Path, slug: str) -> dict:
    html = (site / "papers" / slug / "index.html").read_text(encoding="utf-8")
    return extruct.extract(html, base_url=f"{SITE_URL}papers/{slug}/", syntaxes=["json-ld", "opengraph"],
                           uniform=True)


SNAPKV_AUTHORS = ["Yuhong Li", "Yingbing Huang", "Bowen Yang", "Bharat Venkitesh", "Acyr Locatelli", "Hanchen Ye",
                  "Tianle Cai", "Patrick Lewis", "Deming Chen"]
SNAPKV_TITLE = "SnapKV: LLM Knows What You are Looking for Before Generation"


def test_snapkv_carries_highwire_press_citation_tags(published):
    tags = citation_tags(published, "snapkv")
    assert tags == [("citation_title", SNAPKV_TITLE), *(("citation_author", a) for a in SNAPKV_AUTHORS),
                    ("citation_publication_date", "2024/04/22"),
                    ("citation_conference_title", "NeurIPS 2024"),
                    ("citation_arxiv_id", "2404.14469"),
                    ("citation_pdf_url", "https://arxiv.org/pdf/2404.14469"),
                    ("citation_abstract_html_url", "https://arxiv.org/abs/2404.14469")]


def test_snapkv_is_a_scholarly_article_in_json_ld(published):
    (article,) = embedded(published, "snapkv")["json-ld"]
    assert article["@type"] == "ScholarlyArticle"
    assert article["name"] == article["headline"] == SNAPKV_TITLE
    assert [a["name"] for a in article["author"]] == SNAPKV_AUTHORS
    assert article["datePublished"] == "2024-04-22"
    assert article["identifier"] == {"@type": "PropertyValue", "propertyID": "arXiv", "value": "2404.14469"}
    assert article["sameAs"] == "https://arxiv.org/abs/2404.14469"
    assert article["url"] == f"{SITE_URL}papers/snapkv/"
    assert article["publication"] == {"@type": "PublicationEvent", "name": "NeurIPS 2024"}
    assert article["description"].startswith("Large Language Models (LLMs) have made remarkable progress")
    assert article["description"].endswith("enhancing their performance.")


def test_snapkv_has_open_graph_and_its_first_sentence_as_description(published):
    (graph,) = embedded(published, "snapkv")["opengraph"]
    assert graph["@type"] == "article"
    assert graph["og:title"] == SNAPKV_TITLE
    assert graph["og:url"] == f"{SITE_URL}papers/snapkv/"
    meta = head(published, "papers/snapkv").find("meta", attrs={"name": "description"})["content"]
    assert graph["og:description"] == meta
    assert meta.startswith("Large Language Models (LLMs) have made") and meta.endswith("…")
    assert len(meta) <= DESCRIPTION_LIMIT


def test_a_journal_paper_names_its_journal(published):
    """IEEE TPDS is a journal: citation_journal_title, and the JSON-LD's Periodical."""
    slug = "dissecting-tensor-cores"
    tags = dict(citation_tags(published, slug))
    assert tags["citation_title"] == ("Dissecting Tensor Cores via Microbenchmarks: Latency, Throughput and "
                                      "Numeric Behaviors")
    assert tags["citation_journal_title"] == "IEEE TPDS 2023" and "citation_conference_title" not in tags
    assert tags["citation_arxiv_id"] == "2206.02874"
    assert tags["citation_pdf_url"] == "https://arxiv.org/pdf/2206.02874"
    assert tags["citation_publication_date"] == "2022"  # no date: the year of its arXiv id
    authors = [v for k, v in citation_tags(published, slug) if k == "citation_author"]
    (article,) = embedded(published, slug)["json-ld"]
    assert [a["name"] for a in article["author"]] == authors and len(authors) == 5
    assert article["isPartOf"] == {"@type": "Periodical", "name": "IEEE TPDS 2023"}
    assert article["datePublished"] == "2022"


def test_venues_are_journals_when_their_names_say_so():
    assert [is_journal(v) for v in ("IEEE TPDS 2023", "PVLDB 2021 (VLDB 2021)", "Journal of Systems Architecture",
                                    "ACM TACO", "NeurIPS 2024", "ISCA 2025", "USENIX ATC 2021")] == \
        [True, True, True, True, False, False, False]


# ---------------------------------------------------------------------------- descriptions


def test_every_page_has_a_description_and_open_graph_of_its_own(published):
    seen: dict[str, str] = {}
    for page in html_pages(published):
        tags = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").head
        text = tags.find("meta", attrs={"name": "description"})["content"]
        where = page.relative_to(published).as_posix()
        assert text and text not in seen, (where, seen.get(text))
        seen[text] = where
        kind = tags.find("meta", property="og:type")["content"]
        assert kind == ("article" if re.fullmatch(r"papers/[a-z0-9-]+/index.html", where) else "website"), where
        assert tags.find("meta", property="og:description")["content"] == text
        assert tags.find("meta", property="og:title")["content"]


def test_hardware_and_topic_pages_are_described_by_their_vocabulary(published):
    vendor = head(published, "hardware/nvidia").find("meta", attrs={"name": "description"})["content"]
    assert vendor.startswith("The maker of the GPUs most deep-learning systems research measures on")
    topic = head(published, "topics/kv-cache").find("meta", attrs={"name": "description"})["content"]
    assert topic.startswith("The key-value cache that autoregressive decoding keeps for every token")


def test_a_description_is_the_first_sentence_cut_at_a_word():
    assert description("Short. Second sentence.") == "Short."
    long = "word " * 60 + "end."
    cut = description(long)
    assert len(cut) <= DESCRIPTION_LIMIT and cut.endswith("word…") and long.startswith(cut.removesuffix("…"))
    assert description("x" * 300) == "x" * (DESCRIPTION_LIMIT - 1) + "…"
