"""The seed content: what the importer made of the three real dumps, as curators kept it (a frozen
copy of content/ as it was, tests/fixtures/seed_content/, which new papers do not change)."""

from __future__ import annotations

import re
import shutil

import pytest

from generator.content.check import read_content
from generator.content.arxiv_ids import is_arxiv_id

from support import SEED_CONTENT

CONTENT = SEED_CONTENT
DUMP_A = "000_182ca828bed94110.txt"
# What copying mangles, once repaired, must not be seen again.
ARTIFACTS = re.compile(r"\d+times|\\%|\\times|\\'|[A-Za-z]x20[0-9a-f]{2}[A-Za-z]")
URL = re.compile(r"https?://\S+")


@pytest.fixture(scope="module")
def papers():
    checked = read_content(CONTENT)
    assert checked.problems == []
    return checked.papers


def test_content_holds_the_52_papers_and_all_load(papers):
    assert len(list((CONTENT / "papers").glob("*.md"))) == 52
    assert len(papers) == 52
    assert len({p.slug for p in papers}) == 52
    assert len({p.arxiv for p in papers}) == 52


def test_the_papers_of_dump_a_carry_its_metadata(papers):
    from_a = [p for p in papers if DUMP_A in p.sources]
    assert len(from_a) == 13
    for paper in from_a:
        assert paper.authors_count and paper.authors_count > 0, paper.slug
        assert paper.published is not None, paper.slug
        assert paper.upvotes is not None, paper.slug
    snapkv = next(p for p in papers if p.slug == "snapkv")
    assert (snapkv.authors_count, str(snapkv.published), snapkv.upvotes) == (9, "2024-04-22", 2)


def test_every_url_in_an_abstract_is_in_code_or_links(papers):
    for paper in papers:
        named = {paper.code, *paper.links} - {None}
        for url in URL.findall(paper.abstract):
            assert url.rstrip(".,;:)]") in named or url in named, (paper.slug, url)


def test_no_repaired_artifact_remains(papers):
    for paper in papers:
        for text in (paper.title, paper.abstract):
            assert not ARTIFACTS.search(text), (paper.slug, ARTIFACTS.search(text).group(0))


def test_every_paper_has_an_arxiv_id_string_authors_and_its_sources(papers):
    kept = {p.name for p in (CONTENT / "sources").iterdir()}
    for paper in papers:
        assert is_arxiv_id(paper.arxiv), paper.slug
        assert paper.authors and all(isinstance(a, str) and a.strip() for a in paper.authors), paper.slug
        assert paper.sources and set(paper.sources) <= kept, paper.slug
        assert paper.imported_title, paper.slug


def test_arxiv_ids_are_quoted_in_the_files():
    for path in sorted((CONTENT / "papers").glob("*.md")):
        (line,) = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.startswith("arxiv:")]
        assert re.fullmatch(r"arxiv: '\d{4}\.\d{4,5}'", line), (path.name, line)


def test_the_authors_spelling_is_kept(papers):
    titles = {p.slug: p.title for p in papers}
    assert titles["comet"] == "COMET: Towards Partical W4A4KV4 LLMs Serving"
    assert "improvemnet of 43.8%" in next(p.abstract for p in papers if p.slug == "hpctranscompile")


def test_importing_the_committed_sources_again_changes_no_byte(tmp_path, run_import):
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    before = {p.relative_to(content).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
              for p in sorted(content.rglob("*")) if p.is_file()}
    sources = sorted((CONTENT / "sources").glob("*.txt"))
    run = run_import(*sources, content=content)
    assert run.code == 0, run.err
    assert run.summary == "imported 64 entries: 0 new, 0 updated, 52 unchanged, 12 duplicates merged, 0 warnings"
    after = {p.relative_to(content).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
             for p in sorted(content.rglob("*")) if p.is_file()}
    assert after == before
