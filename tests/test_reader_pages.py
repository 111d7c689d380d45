"""What the pages say to readers: a paper's page, the home page's recently added papers,
the data page's description of papers.json, and what the results tables are sorted by."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest

from generator.site import exports
from generator.content.check import read_content
from generator.site.pages import results_json
from support import page_texts
from generator.derive.facts import all_results, derive_site

ROOT = Path(__file__).resolve().parent.parent
SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"
TEMPLATES = ROOT / "site_templates"
FUYOU = "adding-nvme-ssds-to-enable"  # a paper whose results are extracted from its abstract


def small_site(change=lambda papers: None):
    """The small site, after `change(papers)` has edited its papers."""
    checked = read_content(SMALL)
    change({p.slug: p for p in checked.papers})
    return derive_site(checked.papers, checked.hardware, checked.topics)


def pages(change=lambda papers: None) -> dict[str, str]:
    return page_texts(small_site(change), TEMPLATES)


@pytest.mark.parametrize(("upvotes", "shown"), [(None, None), (0, None), (1, "▲ 1 upvote on"), (3, "▲ 3 upvotes on")])
def test_a_paper_page_shows_upvotes_only_when_there_are_some(upvotes, shown):
    def change(papers):
        papers[FUYOU].upvotes = upvotes

    page = pages(change)[f"papers/{FUYOU}.md"]
    if shown is None:
        assert "upvote" not in page
    else:
        assert shown in page


def test_a_paper_page_tells_readers_its_results_may_be_wrong_and_nothing_meant_for_curators():
    page = pages()[f"papers/{FUYOU}.md"]
    assert "Key results" in page
    assert "extracted automatically from the abstract and may be wrong" in page
    assert "front matter" not in page and "<code>results:</code>" not in page


def test_curators_are_told_how_to_correct_results():
    contributing = " ".join((ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    assert "## Correct a paper's results" in contributing
    assert "`results:` in this paper's front matter" in contributing


def test_a_paper_page_lists_each_topic_once():
    site = small_site()
    rendered = page_texts(site, TEMPLATES)
    for paper in site.papers:
        page = rendered[f"papers/{paper.slug}.md"]
        for topic in site.facts[paper.slug].topics:
            assert page.count(f'class="topic-chip" href="../../topics/{topic}/"') == 1, (paper.slug, topic)


def recently_added(home: str) -> str:
    return home.split("## Recently added", 1)[1]


def test_papers_added_the_same_day_say_the_date_once():
    def change(papers):
        for paper in papers.values():
            paper.added = datetime.date(2026, 11, 21)

    section = recently_added(pages(change)["index.md"])
    assert section.count("2026-11-21") == 1
    assert "<p>Added 2026-11-21:</p>" in section
    assert section.count("<li>") == 3 and section.count("<ul>") == 1


def test_papers_added_on_different_days_are_listed_under_each_day_newest_first():
    section = recently_added(pages()["index.md"])  # two papers on 2026-11-21, one on 2026-11-20
    assert section.count("2026-11-21") == 1 and section.count("2026-11-20") == 1
    assert section.index("Added 2026-11-21") < section.index("Added 2026-11-20")
    assert section.count("<ul>") == section.count("</ul>") == 2


def test_the_home_page_links_the_years_page_for_how_devices_span_the_years():
    home = pages()["index.md"]
    assert 'see how devices span the years on the <a href="years/">Years</a> page' in home
    assert "timeline" not in home
    assert '<a href="data/">Data and exports</a>' in home
    # Each year links to its section of years/.
    assert '<a href="years/#year-2024">2024</a> (2), <a href="years/#year-2021">2021</a> (1).' in home


def test_the_data_page_describes_results_as_objects_with_the_schemas_keys():
    page = pages()["data.md"]
    assert "<tr><td><code>results</code></td><td>list of objects</td>" in page
    items = exports.PAPER_FIELDS["results"][0]["items"]
    assert items["type"] == "object"
    for key, schema in items["properties"].items():
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        assert f"<tr><td><code>{key}</code></td><td>{' or '.join(kinds)}</td>" in page, key
    # Every other field is of the type its schema says.
    for name, kind, _ in exports.schema_rows():
        if name != "results":
            assert f"<tr><td><code>{name}</code></td><td>{kind}</td>" in page


def test_the_rows_of_the_results_name_each_results_unit_for_sorting():
    site = small_site()
    data = json.loads(results_json(site, 1))
    assert [row[6] for row in data["rows"]] == [result.unit for _, result in all_results(site)]
    assert {row[6] for row in data["rows"]} >= {"TFLOPS"}


def test_results_tables_mark_their_result_heading_and_each_result_s_kind_for_sorting():
    rendered = pages()
    for uri in ("results/index.md", f"papers/{FUYOU}.md", "hardware/rtx-4090.md"):
        assert re.search(r'<th[^>]* data-column="result"[^>]*>Result</th><th>Claim</th>', rendered[uri]), uri
        assert 'class="result-value" data-kind="throughput"' in rendered[uri], uri
