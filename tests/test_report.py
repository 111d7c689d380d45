"""Each result on the site links the repository's new-issue form, prefilled with the paper's
file, the claim shown and its sentence, when the site knows its repository."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from mkdocs.config.defaults import MkDocsConfig

from generator.content.check import read_content
from generator.plugin import new_issue_url
from support import page_texts
from generator.derive.facts import derive_site
from support import ROOT, SEED_CONTENT

ISSUES = "https://github.com/owner/list/issues/new"


def reports(page: str) -> list[dict[str, list[str]]]:
    return [parse_qs(urlsplit(unescape(href)).query)
            for href in re.findall(r'<a class="report-result" href="([^"]+)"[^>]*>Report a problem</a>', page)]


def test_every_result_of_a_paper_links_a_prefilled_report():
    checked = read_content(SEED_CONTENT)
    site = derive_site(checked.papers, checked.hardware, checked.topics)
    pages = page_texts(site, ROOT / "site_templates", issues_url=ISSUES)
    gptq = site.facts["gptq"].results
    found = reports(pages["papers/gptq.md"])
    assert len(found) == len(gptq)
    for query, result in zip(found, gptq):
        (body,) = query["body"]
        assert "Paper file: content/papers/gptq.md" in body
        assert f"Claim shown: {result.claim.text}" in body and f"Sentence: {result.sentence}" in body
        assert query["title"][0].startswith("Result of gptq: ")
    # A listing's rows link their paper, whose page has the reports: not one on every row of every listing.
    assert not reports(pages["hardware/h100.md"]) and "papers/cuda-l1/" in pages["hardware/h100.md"]
    assert not reports(page_texts(site, ROOT / "site_templates")["papers/gptq.md"])  # no repository, no link


def test_the_repository_comes_from_repo_url_or_a_github_edit_uri():
    def config(**values) -> MkDocsConfig:
        made = MkDocsConfig()
        made.load_dict({"site_name": "x", **values})
        return made
    assert new_issue_url(config(repo_url="https://github.com/owner/list")) == ISSUES
    assert new_issue_url(config(edit_uri="https://github.com/owner/list/edit/main/")) == ISSUES
    assert new_issue_url(config(edit_uri="edit/main/docs/")) is None
