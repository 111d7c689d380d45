"""Hardware pages show only their own results, list the papers compared against them, and link
pages of two devices side by side ("NVIDIA A100 vs NVIDIA H100"), built from the seed papers."""

from __future__ import annotations

import re

import pytest

from generator.content.check import read_content
from support import page_texts
from generator.derive.facts import derive_site
from support import ROOT, SEED_CONTENT


@pytest.fixture(scope="module")
def seed_pages():
    checked = read_content(SEED_CONTENT)
    site = derive_site(checked.papers, checked.hardware, checked.topics)
    return site, page_texts(site, ROOT / "site_templates")


def section(page: str, heading: str) -> str:
    return page.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]


def test_a_device_page_s_results_and_headlines_are_its_own(seed_pages):
    _, pages = seed_pages
    h100 = pages["hardware/h100.md"]
    devices = set(re.findall(r'data-label="Device"[^>]*>(?:<a [^>]*>)?([^<]*)', section(h100, "Key results")))
    assert devices == {"H100"}  # its label, as every table writes it
    # CUDA-L1 measured on six GPUs: on the H100's page its headline is its H100 result, not the A100's.
    row = next(r for r in section(h100, "Papers").split("<tr>") if "papers/cuda-l1/" in r)
    assert "<strong>x17.8</strong> on H100" in row and "17.7" not in row.split('data-label="Headline result"')[1]


def test_a_paper_that_beats_a_device_is_listed_on_its_page_as_compared_against_it(seed_pages):
    site, pages = seed_pages
    compared = section(pages["hardware/h100.md"], "Compared against NVIDIA H100")
    assert "with NVIDIA H100 as the baseline" in compared
    for paper, result in site.node_compared["h100"]:
        assert result.baseline_device == "h100" and result.device != "h100"
        assert f"papers/{paper.slug}/" in compared


def test_two_devices_compared_get_one_page_whichever_comes_first(seed_pages):
    site, pages = seed_pages
    # Intel's Max 1550 measured against Nvidia's H100 ("the Intel Data Center GPU" refers back to it).
    page = pages["hardware/compare/h100-vs-max-1550.md"]
    assert "<h1>NVIDIA H100 vs Intel Data Center GPU Max 1550</h1>" in page
    assert "Intel Data Center GPU Max 1550 vs NVIDIA H100" in page  # the other order, for search
    assert "<strong>2.84</strong>" in section(page, "Compared directly")
    for uri, other in (("hardware/h100.md", "Intel Data Center GPU Max 1550"), ("hardware/max-1550.md", "NVIDIA H100")):
        assert re.search(rf'<a href="../compare/h100-vs-max-1550/">[^<]* vs {other}</a>', pages[uri]), uri
    assert all(a < b for a, b in site.versus)


def test_a_pair_only_measured_side_by_side_needs_two_papers():
    """One paper that measures six GPUs (CUDA-L1) makes no fifteen pages; two papers with results
    on the same two devices make one."""
    checked = read_content(SEED_CONTENT)
    site = derive_site(checked.papers, checked.hardware, checked.topics)
    assert ("a100", "h100") not in site.versus
    cuda_l1 = next(p for p in checked.papers if p.slug == "cuda-l1")
    twin = type(cuda_l1)(**{**vars(cuda_l1), "slug": "cuda-l1-twin", "title": "A twin of CUDA-L1"})
    site = derive_site([*checked.papers, twin], checked.hardware, checked.topics)
    assert {paper.slug for paper, _ in site.versus[("a100", "h100")]} == {"cuda-l1", "cuda-l1-twin"}
