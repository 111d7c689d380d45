"""`python -m generator check --explain FILE`: what the build derives from one paper file, and
why, before any build: hardware measured on, compared against and only mentioned, each with the
sentence that decided it; topics with the words that matched; results with their claims and
devices; and the fields of the file that override each."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.cli import main
from generator.explain import ExplainError, explain

SMALL = Path(__file__).parent / "fixtures" / "site_small" / "content"

# A paper with every kind of derived fact: measured on the MI300X, compared against the A100,
# the RTX 4090 named only in passing, a topic matched and one added by hand, a result on a
# device and one on none, and hardware removed by `not_hardware`.
EVERYTHING = """---
title: 'Fast Offloading on the MI300X'
topics: [kv-cache]
not_hardware: [ampere]
added: 2026-11-21
---

We evaluate offloading on an AMD MI300X. On the MI300X, our system achieves 2.1x higher throughput than the A100.
It also cuts memory use by 40%. Unlike prior work that targets the RTX 4090, we use NVMe SSDs.
"""


@pytest.fixture
def content(tmp_path) -> Path:
    shutil.copytree(SMALL, tmp_path / "content")
    (tmp_path / "content" / "papers" / "fast-offloading.md").write_text(EVERYTHING, encoding="utf-8")
    return tmp_path / "content"


def test_it_names_each_kind_of_hardware_with_the_sentence_that_decided(content):
    text = explain(content, content / "papers" / "fast-offloading.md")
    assert 'measured on AMD Instinct MI300X (mi300x): "Fast Offloading on the MI300X"' in text  # its title
    assert 'compared against NVIDIA A100 (a100): "' in text and "than the A100" in text
    assert 'mentioned only GeForce RTX 4090 (rtx-4090): "Unlike prior work that targets the RTX 4090' in text
    assert "removed by `not_hardware:`: ampere" in text
    assert "`not_hardware: [id]` removes" in text


def test_it_names_each_topic_with_the_words_that_matched_or_the_field_that_added_it(content):
    text = explain(content, content / "papers" / "fast-offloading.md")
    assert 'Offloading (offloading): matched "offloading", "NVMe"' in text
    assert "KV cache (kv-cache): added by the file's `topics:`" in text
    assert "`not_topics: [id]` removes" in text


def test_it_lists_the_results_with_their_claims_and_devices(content):
    text = explain(content, content / "papers" / "fast-offloading.md")
    assert "Results (extracted from the abstract)" in text
    assert '2.1× (throughput) on AMD Instinct MI300X: "our system achieves 2.1x higher throughput than the A100"' in text
    assert "`results:` (a list of value, unit, kind, claim, device) replaces" in text


def test_the_command_prints_it_and_a_file_not_on_the_list_is_an_error(content, capsys, tmp_path):
    assert main(["--content", str(content), "check", "--explain", str(content / "papers" / "snapkv.md")]) == 0
    assert "content/papers/snapkv.md: what the build derives from it" in capsys.readouterr().out
    stray = tmp_path / "elsewhere.md"
    stray.write_text(EVERYTHING, encoding="utf-8")
    assert main(["--content", str(content), "check", "--explain", str(stray)]) == 1
    assert "no paper file of" in capsys.readouterr().err
    with pytest.raises(ExplainError, match="has errors"):
        (content / "papers" / "broken.md").write_text("---\ntitle: [\n---\n", encoding="utf-8")
        explain(content, content / "papers" / "snapkv.md")
