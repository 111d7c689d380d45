"""The import command: dumps -> one file per paper, merged, recognised, never clobbering curators."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import os
import sys
from pathlib import Path

import pytest
import yaml

from generator.ingest.importer import (
    Existing,
    Recogniser,
    extract_urls,
    import_records,
    merge_copies,
    slug_for,
    strip_url,
)
from generator.ingest.sources import RawRecord, parse_dump
from generator.content.check import read_content
from generator.content.model import Paper, Problem
from generator.content.store import Store, write_atomic
from support import age, snapshot

API = Path(__file__).resolve().parent / "fixtures" / "api"
SNAPKV_FACTS = {
    "title": "SnapKV: LLM Knows What You are Looking for Before Generation",
    "arxiv": "2404.14469",
    "authors": ["Yuhong Li", "Yingbing Huang"],
    "venue": "NeurIPS 2024",
}


def paper(content: Path, slug: str) -> tuple[dict, str]:
    """(front matter, body) of one paper file, read as the site reads it."""
    file = Store(content).read_paper_file(content / "papers" / f"{slug}.md")
    assert file.problems == []
    return file.meta, file.body.strip()


def checked_papers(content: Path) -> tuple[list[Paper], list[Problem]]:
    """(the valid papers, the problems of the paper files), as `check` reads them; an imported
    folder holds no vocabularies, and their absence is not what these tests look at."""
    checked = read_content(content)
    return checked.papers, [p for p in checked.problems if p.path.startswith("content/papers/")]


def slugs(content: Path) -> list[str]:
    return sorted(p.stem for p in (content / "papers").iterdir())


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def write_json(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- one file per paper --------------------------------------------------------------------


def test_a_paper_file_holds_every_field(tmp_path, dumps, run_import):
    facts = write_json(tmp_path / "facts.json", [SNAPKV_FACTS])
    run = run_import(dumps / "layout_a_two_papers.txt", dumps / "layout_a_other_day.txt", "--enrich", facts)
    assert run.code == 0, run.err
    assert run.summary == "imported 4 entries: 3 new, 0 updated, 0 unchanged, 1 duplicate merged, 0 warnings"
    assert (tmp_path / "content/papers/snapkv.md").read_text(encoding="utf-8") == """\
---
title: 'SnapKV: LLM Knows What You are Looking for Before Generation'
arxiv: '2404.14469'
authors:
- Yuhong Li
- Yingbing Huang
authors_count: 9
published: 2024-04-22
upvotes: 15
venue: NeurIPS 2024
added: 2025-01-15
sources:
- layout_a_other_day.txt
- layout_a_two_papers.txt
imported_title: 'SnapKV: LLM Knows What You are Looking for Before Generation'
---

Large Language Models (LLMs) have made remarkable progress in processing extensive contexts, with the \
Key-Value (KV) cache playing a vital role in enhancing their performance. However, the growth of the KV cache in \
response to increasing input length poses challenges to memory and time efficiency.
"""
    papers, problems = checked_papers(tmp_path / "content")
    assert problems == []
    assert sorted(p.slug for p in papers) == ["hipkittens", "snapkv", "zero-infinity"]
    # Every dump is kept as provenance, byte for byte.
    for name in ("layout_a_two_papers.txt", "layout_a_other_day.txt"):
        assert (tmp_path / "content/sources" / name).read_bytes() == (dumps / name).read_bytes()


def test_all_three_layouts_import_with_repaired_text(tmp_path, dumps, run_import):
    run = run_import(*(dumps / f"layout_{x}_two_papers.txt" for x in "abc"))
    assert run.code == 0, run.err
    assert "layout_a_two_papers.txt: layout A, 2 entries" in run.out
    assert "layout_b_two_papers.txt: layout B, 2 entries" in run.out
    assert "layout_c_two_papers.txt: layout C, 2 entries" in run.out
    content = tmp_path / "content"
    assert slugs(content) == ["comet", "hipkittens", "melange", "snapkv", "triforce", "understanding-gemm-performance"]
    meta, body = paper(content, "melange")
    assert meta["title"] == "Mélange: Cost Efficient Large Language Model Serving by Exploiting GPU Heterogeneity"
    assert "We then present Mélange, a framework" in body
    meta, body = paper(content, "triforce")
    assert "0.108s/token—only half as slow" in body and "up to 2.31× on an A100" in body
    assert set(meta) == {"title", "code", "added", "sources", "imported_title"}  # layout B has no metadata
    meta, _ = paper(content, "comet")
    assert meta["title"] == "COMET: Towards Partical W4A4KV4 LLMs Serving"  # as published
    assert meta["added"] == dt.date(2025, 1, 15)


def test_arxiv_id_survives_a_round_trip_through_the_file(tmp_path, dumps, run_import):
    facts = write_json(tmp_path / "facts.json", [
        {"title": "Fast Sparse ConvNets", "arxiv": "2101.00010", "authors": ["Erich Elsen", "Marat Dukhan"]},
    ])
    run = run_import(dumps / "malformed_impossible_date.txt", "--enrich", facts)
    assert run.code == 0, run.err
    path = tmp_path / "content/papers/fast-sparse-convnets.md"
    text = path.read_text(encoding="utf-8")
    assert "arxiv: '2101.00010'\n" in text
    assert yaml.safe_load(text.split("---")[1])["arxiv"] == "2101.00010"
    papers, problems = checked_papers(tmp_path / "content")
    assert problems == []
    assert {p.slug: p.arxiv for p in papers}["fast-sparse-convnets"] == "2101.00010"
    # Read back and written again, nothing moves.
    before = path.read_bytes()
    assert run_import(dumps / "malformed_impossible_date.txt", "--enrich", facts).code == 0
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("facts.json", '[{"title": "Fast Sparse ConvNets", "arxiv": 2101.00010}]'),
        ("facts.yml", "- title: Fast Sparse ConvNets\n  arxiv: 2101.00010\n"),
    ],
)
def test_an_arxiv_id_read_as_a_number_is_refused_not_truncated(tmp_path, dumps, run_import, name, text):
    facts = tmp_path / name
    facts.write_text(text, encoding="utf-8")
    run = run_import(dumps / "malformed_impossible_date.txt", "--enrich", facts)
    assert run.code == 0
    assert f"{facts}:1: warning: record 1 ('Fast Sparse ConvNets'): 'arxiv' is the number 2101.0001" in run.err
    meta, _ = paper(tmp_path / "content", "fast-sparse-convnets")
    assert "arxiv" not in meta


def test_enrichment_adds_authors_venue_and_arxiv(tmp_path, dumps, run_import):
    facts = tmp_path / "facts.yml"
    facts.write_text(yaml.safe_dump([SNAPKV_FACTS, {"arxiv": "2511.08083"}]), encoding="utf-8")
    run = run_import(dumps / "layout_a_two_papers.txt", "--enrich", facts)
    assert f"{facts}:1: warning: record 2 has no 'title' text; skipped" in run.err
    assert run.summary.endswith(", 1 warning")
    meta, _ = paper(tmp_path / "content", "snapkv")
    assert (meta["arxiv"], meta["authors"], meta["venue"]) == ("2404.14469", ["Yuhong Li", "Yingbing Huang"], "NeurIPS 2024")
    meta, _ = paper(tmp_path / "content", "hipkittens")
    assert not {"arxiv", "authors", "venue"} & set(meta)


# --- code and links --------------------------------------------------------------------------


def test_code_is_the_first_repository_and_links_the_rest(tmp_path, dumps, run_import):
    run_import(dumps / "layout_b_two_papers.txt", dumps / "layout_c_comet_again.txt")
    content = tmp_path / "content"
    meta, _ = paper(content, "understanding-gemm-performance")
    assert meta["code"] == "https://github.com/pavlyhalim/GPPerf"  # from "GPPerf [https://...GPPerf]."
    assert "links" not in meta
    meta, _ = paper(content, "seaweed-7b")
    assert meta["links"] == ["https://seaweed.video/"] and "code" not in meta
    meta, _ = paper(content, "comet")
    assert "code" not in meta and "links" not in meta


@pytest.mark.parametrize(
    ("url", "stripped"),
    [
        ("https://github.com/pavlyhalim/GPPerf].", "https://github.com/pavlyhalim/GPPerf"),
        ("https://github.com/NVlabs/gbrl).", "https://github.com/NVlabs/gbrl"),
        ("https://github.com/a/b,", "https://github.com/a/b"),
        ("https://en.wikipedia.org/wiki/Roofline_(model)", "https://en.wikipedia.org/wiki/Roofline_(model)"),
        ("https://seaweed.video/", "https://seaweed.video/"),
    ],
)
def test_strip_url(url, stripped):
    assert strip_url(url) == stripped


def test_extract_urls():
    text = (
        "See the paper page https://huggingface.co/papers/2404.14469, our site (https://snap.example.org/kv) "
        "and weights at https://huggingface.co/org/model. Code: https://github.com/a/b; mirror "
        "https://gitlab.com/a/b. A look-alike host https://notgithub.com/x/y is not a repository. "
        "Again: https://github.com/a/b."
    )
    code, links = extract_urls(text)
    assert code == "https://huggingface.co/org/model"
    assert links == [
        "https://huggingface.co/papers/2404.14469",
        "https://snap.example.org/kv",
        "https://github.com/a/b",
        "https://gitlab.com/a/b",
        "https://notgithub.com/x/y",
    ]
    assert extract_urls("Code at https://notgithub.com/x/y and https://gist.github.com/u/1.") == (
        "https://gist.github.com/u/1", ["https://notgithub.com/x/y"])
    assert extract_urls("No links here.") == (None, [])


# --- slugs -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("SnapKV: LLM Knows What You are Looking for Before Generation", "snapkv"),
        ("ZeRO-Infinity: Breaking the GPU Memory Wall for Extreme Scale Deep Learning", "zero-infinity"),
        ("HipKittens: Fast and Furious AMD Kernels", "hipkittens"),
        ("Mélange: Cost Efficient Large Language Model Serving", "melange"),
        ("Fast Sparse ConvNets", "fast-sparse-convnets"),
        ("Adding NVMe SSDs to Enable and Accelerate 100B Model Fine-tuning on a Single GPU", "adding-nvme-ssds-to-enable"),
        ("Understanding GEMM Performance and Energy on NVIDIA Ada Lovelace: A Machine Learning-Based Analytical Approach",
         "understanding-gemm-performance"),  # a long head: leading words, not ending on "and"
        ("Fast Sparse Networks for the Edge", "fast-sparse-networks"),
    ],
)
def test_slugs_are_short_and_readable(title, slug):
    assert slug_for(title, set()) == slug


def test_slugs_are_unique():
    taken = {"comet"}
    assert slug_for("COMET: Towards Partical W4A4KV4 LLMs Serving", taken) == "comet-2"
    taken.add("comet-2")
    assert slug_for("COMET: A Comet Detector", taken) == "comet-3"


def test_slugs_never_change_once_written(tmp_path, dumps, run_import):
    content = tmp_path / "content"
    run_import(dumps / "layout_c_two_papers.txt")
    edit(content / "papers/comet.md", "title: 'COMET: Towards Partical W4A4KV4 LLMs Serving'",
         "title: 'Practical W4A4KV4 LLM Serving with the COMET Kernels'")
    other = tmp_path / "other.txt"
    other.write_text(
        "COMET: Contrastive Mean Teachers for Object Detection\n\n"
        "Object detectors trained on one domain fail on another one, and labels for the other one are costly. "
        "We propose COMET, a mean teacher that learns from contrastive views of unlabeled images.\n",
        encoding="utf-8",
    )
    run = run_import(dumps / "layout_c_two_papers.txt", dumps / "layout_c_comet_again.txt", other)
    assert run.code == 0, run.err
    assert slugs(content) == ["comet", "comet-2", "melange", "seaweed-7b"]
    assert paper(content, "comet")[0]["title"] == "Practical W4A4KV4 LLM Serving with the COMET Kernels"
    assert paper(content, "comet-2")[0]["title"] == "COMET: Contrastive Mean Teachers for Object Detection"


# --- de-duplication and merging ----------------------------------------------------------------


def test_copies_within_one_dump_are_one_paper(tmp_path, dumps, run_import):
    run = run_import(dumps / "duplicates_within_dump.txt")
    assert run.summary == "imported 3 entries: 1 new, 0 updated, 0 unchanged, 2 duplicates merged, 0 warnings"
    content = tmp_path / "content"
    assert slugs(content) == ["efficient-arbitrary-precision"]
    meta, body = paper(content, "efficient-arbitrary-precision")
    assert meta["title"] == "Efficient Arbitrary Precision Acceleration for Large Language Models on GPU Tensor Cores"
    assert meta["sources"] == ["duplicates_within_dump.txt"]
    assert "up to 2.4× speedup in matrix multiplication and 6.7× inference" in body


def test_copies_across_dumps_merge_metadata_and_keep_provenance(tmp_path, dumps, run_import):
    run = run_import(dumps / "layout_c_comet_again.txt", dumps / "layout_a_comet_with_metadata.txt",
                     dumps / "layout_c_two_papers.txt")
    assert run.summary == "imported 7 entries: 4 new, 0 updated, 0 unchanged, 3 duplicates merged, 0 warnings"
    content = tmp_path / "content"
    assert slugs(content) == ["comet", "gptq", "melange", "seaweed-7b"]
    meta, _ = paper(content, "comet")
    assert meta["sources"] == ["layout_a_comet_with_metadata.txt", "layout_c_comet_again.txt", "layout_c_two_papers.txt"]
    assert (meta["authors_count"], meta["published"], meta["upvotes"]) == (9, dt.date(2024, 10, 16), 3)


def test_merged_metadata_takes_the_most_authors_and_upvotes_and_the_first_date():
    def copy(source, **fields):
        return RawRecord(title="One Paper", source=source, line=1, abstract="An abstract. Two sentences.", **fields)

    (candidate,) = merge_copies([
        copy("c.txt"),
        copy("a1.txt", authors_count=6, published=dt.date(2024, 3, 1), upvotes=2),
        copy("a2.txt", authors_count=7, published=dt.date(2024, 2, 20), upvotes=5),
        copy("a3.txt", authors_count=7, published=dt.date(2024, 2, 21), upvotes=0),
    ])
    assert candidate.fields == {"authors_count": 7, "published": dt.date(2024, 2, 20), "upvotes": 5}
    assert candidate.sources == ["a1.txt", "a2.txt", "a3.txt", "c.txt"]


# --- re-running, and curators' edits -----------------------------------------------------------


def test_rerunning_the_same_dumps_changes_no_byte(tmp_path, dumps, run_import):
    inputs = sorted(dumps.glob("layout_*.txt")) + [dumps / "duplicates_within_dump.txt"]
    first = run_import(*inputs)
    assert first.code == 0, first.err
    content = tmp_path / "content"
    age(content)
    before = snapshot(content)
    run = run_import(*inputs, "--added", "2030-06-30")
    assert run.code == 0, run.err
    papers = len(list((content / "papers").glob("*.md")))
    assert f": 0 new, 0 updated, {papers} unchanged," in run.summary
    assert snapshot(content) == before


def test_a_new_dump_fills_only_empty_fields_and_keeps_curators_edits(tmp_path, dumps, run_import):
    content = tmp_path / "content"
    run_import(dumps / "layout_c_comet_again.txt")
    comet, seaweed = content / "papers/comet.md", content / "papers/seaweed-7b.md"
    # The curator fixes a typo in a title, writes a note, removes a wrong tag and a link list.
    edit(comet, "title: 'COMET: Towards Partical W4A4KV4 LLMs Serving'",
         "title: 'COMET: Towards Practical W4A4KV4 LLMs Serving'\n"
         "not_topics:\n- quantization\nnote: Kernel-level W4A4 on an A100.")
    edit(seaweed, "links:\n- https://seaweed.video/", "links: []\nupvotes: 99")
    run = run_import(dumps / "layout_a_comet_with_metadata.txt", "--added", "2025-02-01")
    assert run.code == 0, run.err
    assert run.summary == "imported 3 entries: 1 new, 2 updated, 0 unchanged, 0 duplicates merged, 0 warnings"
    assert slugs(content) == ["comet", "gptq", "seaweed-7b"]  # no second COMET
    meta, _ = paper(content, "comet")
    assert meta["title"] == "COMET: Towards Practical W4A4KV4 LLMs Serving"
    assert meta["note"] == "Kernel-level W4A4 on an A100."
    assert meta["not_topics"] == ["quantization"]
    assert meta["imported_title"] == "COMET: Towards Partical W4A4KV4 LLMs Serving"
    assert meta["added"] == dt.date(2025, 1, 15)
    assert (meta["authors_count"], meta["published"], meta["upvotes"]) == (9, dt.date(2024, 10, 16), 3)
    assert meta["sources"] == ["layout_c_comet_again.txt", "layout_a_comet_with_metadata.txt"]
    meta, _ = paper(content, "seaweed-7b")
    assert meta["links"] == [] and meta["upvotes"] == 99  # what the curator wrote stays
    assert (meta["authors_count"], meta["published"]) == (30, dt.date(2025, 4, 11))
    meta, _ = paper(content, "gptq")
    assert meta["added"] == dt.date(2025, 2, 1) and meta["code"] == "https://github.com/IST-DASLab/gptq"
    # And the next run of either dump changes nothing.
    age(content)
    before = snapshot(content)
    run = run_import(dumps / "layout_c_comet_again.txt", dumps / "layout_a_comet_with_metadata.txt")
    assert run.summary == "imported 5 entries: 0 new, 0 updated, 3 unchanged, 2 duplicates merged, 0 warnings"
    assert snapshot(content) == before


def test_a_field_a_curator_deleted_stays_deleted_when_the_same_dumps_are_imported_again(tmp_path, dumps, run_import):
    content = tmp_path / "content"
    run_import(dumps / "layout_c_comet_again.txt", dumps / "layout_a_two_papers.txt")
    edit(content / "papers/seaweed-7b.md", "links:\n- https://seaweed.video/\n", "")
    edit(content / "papers/snapkv.md", "upvotes: 2\n", "")
    age(content)
    before = snapshot(content)
    run = run_import(dumps / "layout_c_comet_again.txt", dumps / "layout_a_two_papers.txt")
    assert run.summary == "imported 4 entries: 0 new, 0 updated, 4 unchanged, 0 duplicates merged, 0 warnings"
    assert snapshot(content) == before
    # Facts from an enrichment file still reach papers imported earlier.
    facts = write_json(tmp_path / "facts.json", [SNAPKV_FACTS])
    run = run_import(dumps / "layout_a_two_papers.txt", "--enrich", facts)
    assert run.summary == "imported 2 entries: 0 new, 1 updated, 1 unchanged, 0 duplicates merged, 0 warnings"
    meta, _ = paper(content, "snapkv")
    assert meta["arxiv"] == "2404.14469" and "upvotes" not in meta


def test_a_curators_formatting_survives_a_rerun(tmp_path, dumps, run_import):
    content = tmp_path / "content"
    run_import(dumps / "layout_c_two_papers.txt")
    path = content / "papers/comet.md"
    edit(path, "title: 'COMET: Towards Partical W4A4KV4 LLMs Serving'",
         'title: "COMET: Towards Practical W4A4KV4 LLMs Serving"  # typo fixed, see arXiv v2\n'
         "hardware: [a100]")
    before = path.read_bytes()
    run = run_import(dumps / "layout_c_two_papers.txt")
    assert run.summary == "imported 2 entries: 0 new, 0 updated, 2 unchanged, 0 duplicates merged, 0 warnings"
    assert path.read_bytes() == before


def comet_fixed_by(content: Path, title: str, *, imported_title: bool, arxiv: bool) -> None:
    path = content / "papers/comet.md"
    text = path.read_text(encoding="utf-8")
    text = text.replace("title: 'COMET: Towards Partical W4A4KV4 LLMs Serving'\n", f"title: '{title}'\n", 1)
    if not imported_title:
        text = text.replace("imported_title: 'COMET: Towards Partical W4A4KV4 LLMs Serving'\n", "")
    if not arxiv:
        text = text.replace("arxiv: '2410.12168'\n", "")
    assert ("Partical" in text) == (imported_title or "Partical" in title)
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("title", "imported_title", "arxiv", "expected"),
    [
        pytest.param("Serving LLMs in W4A4KV4 with COMET", False, True, ["comet"], id="by-arxiv-id"),
        pytest.param("Serving LLMs in W4A4KV4 with COMET", True, False, ["comet"], id="by-imported-title"),
        pytest.param("COMET: Towards Practical W4A4KV4 LLMs Serving", False, False, ["comet"], id="by-near-identical-title"),
        # Control: nothing left to recognise it by, so the dump's copy is a new paper.
        pytest.param("Serving LLMs in W4A4KV4 with COMET", False, False, ["comet", "comet-2"], id="not-recognised"),
    ],
)
def test_a_paper_whose_title_a_curator_changed_is_recognised(
    tmp_path, dumps, run_import, title, imported_title, arxiv, expected
):
    facts = write_json(tmp_path / "facts.json", [
        {"title": "COMET: Towards Partical W4A4KV4 LLMs Serving", "arxiv": "2410.12168", "authors": ["Lian Liu"]},
    ])
    content = tmp_path / "content"
    run_import(dumps / "layout_c_two_papers.txt", "--enrich", facts)
    comet_fixed_by(content, title, imported_title=imported_title, arxiv=arxiv)
    enrich = ["--enrich", facts] if arxiv else []
    run = run_import(dumps / "layout_a_comet_with_metadata.txt", *enrich)
    assert run.code == 0, run.err
    assert [s for s in slugs(content) if s.startswith("comet")] == expected
    meta, _ = paper(content, "comet")
    assert meta["title"] == title
    if expected == ["comet"]:
        assert meta["upvotes"] == 3 and "layout_a_comet_with_metadata.txt" in meta["sources"]
    else:
        assert "upvotes" not in meta


def test_recogniser_ways_one_by_one():
    existing = [
        Existing("comet", {"title": "COMET: Practical W4A4KV4 Serving", "arxiv": "2410.12168"}),
        Existing("melange", {"title": "Mélange, curated", "imported_title": "Mélange: Cost Efficient LLM Serving"}),
        Existing("zero-offload", {"title": "ZeRO-Offload: Democratizing Billion-Scale Model Training"}),
    ]
    recogniser = Recogniser(existing)
    assert recogniser.find("Anything at all", "2410.12168") == "comet"
    assert recogniser.find("MÉLANGE:  cost efficient LLM serving", None) == "melange"
    assert recogniser.find("ZeRO-Offload: Democratising Billion-Scale Model Training", None) == "zero-offload"
    assert recogniser.find("ZeRO-Infinity: Democratizing Billion-Scale Model Training", None) is None
    assert recogniser.find("COMET: Practical W4A4KV4 Serving", None) == "comet"  # by title
    assert recogniser.find("COMET: Practical W4A4KV4 Serving", "2101.00010") is None  # another arXiv id: another paper


def test_near_identical_titles_with_other_numbers_are_other_papers(tmp_path, run_import):
    existing = [Existing("fp8-formats", {"title": "FP8 Formats for Deep Learning"}),
                Existing("qwen2", {"title": "Qwen2 Technical Report"})]
    recogniser = Recogniser(existing)
    assert recogniser.find("FP8 Formats for Deep Leaning", None) == "fp8-formats"  # a typo
    assert recogniser.find("FP4 Formats for Deep Learning", None) is None
    assert recogniser.find("Qwen3 Technical Report", None) is None
    assert recogniser.find("Qwen2.5 Technical Report", None) is None
    # Within one import too: two papers, two files.
    abstract = "We study number formats for training and inference on accelerators. Both sentences end here."
    dump = tmp_path / "formats.txt"
    dump.write_text(f"FP8 Formats for Deep Learning\n\n{abstract}\n\nFP4 Formats for Deep Learning\n\n{abstract}\n",
                    encoding="utf-8")
    run = run_import(dump)
    assert run.summary == "imported 2 entries: 2 new, 0 updated, 0 unchanged, 0 duplicates merged, 0 warnings"
    assert slugs(tmp_path / "content") == ["fp4-formats-for-deep-learning", "fp8-formats-for-deep-learning"]


# --- atomic writes ---------------------------------------------------------------------------------


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "papers" / "snapkv.md"
    path.parent.mkdir()
    path.write_text("old\n", encoding="utf-8")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_atomic(path, "new\n")
    assert path.read_text(encoding="utf-8") == "old\n"
    assert [p.name for p in path.parent.iterdir()] == ["snapkv.md"]


def test_an_import_that_fails_to_write_leaves_the_old_files(tmp_path, dumps, run_import, monkeypatch):
    content = tmp_path / "content"
    run_import(dumps / "layout_c_two_papers.txt")
    before = snapshot(content)

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        run_import(dumps / "layout_c_comet_again.txt", dumps / "layout_a_comet_with_metadata.txt")
    assert snapshot(content) == before  # nothing half-written, no temporary files


def test_write_atomic_skips_identical_bytes(tmp_path):
    path = tmp_path / "a.md"
    assert write_atomic(path, "text\n") is True
    assert write_atomic(path, b"text\n") is False
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md"]


# --- what stops an import, what only warns ----------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("added:", "note: see: the paper\nadded:", "content/papers/comet.md:3: front matter is not valid YAML"),
        ("sources:", "title: again\nsources:", "content/papers/comet.md:4: duplicate field 'title'"),
        ("added:", "arxiv: 2101.00010\nadded:", "content/papers/comet.md:3: 'arxiv' is the number 2101.0001"),
        ("added:", "publishd: 2024-01-01\nadded:", "content/papers/comet.md:3: unknown field 'publishd'"),
    ],
)
def test_a_broken_paper_file_stops_the_import_before_anything_is_written(tmp_path, dumps, run_import, old, new, where):
    content = tmp_path / "content"
    run_import(dumps / "layout_c_two_papers.txt")
    edit(content / "papers/comet.md", old, new)
    age(content)
    before = snapshot(content)
    run = run_import(dumps / "layout_a_comet_with_metadata.txt", dumps / "layout_b_two_papers.txt")
    assert run.code == 1
    assert where in run.err
    assert "import stopped: fix the paper files above first; nothing was written" in run.err
    assert snapshot(content) == before


def test_unreadable_blocks_warn_with_path_and_line_and_the_rest_imports(tmp_path, dumps, run_import):
    names = ["malformed_title_without_abstract.txt", "malformed_long_title_without_abstract.txt",
             "malformed_stray_metadata.txt", "malformed_impossible_date.txt", "malformed_abstract_without_title.txt"]
    run = run_import(*(dumps / n for n in names))
    assert run.code == 0, run.err
    warned = [line.split(": warning: ")[0] for line in run.err.splitlines() if ": warning: " in line]
    assert warned == [
        f"{dumps / names[0]}:7",
        f"{dumps / names[1]}:5",
        f"{dumps / names[2]}:7",
        f"{dumps / names[2]}:9",
        f"{dumps / names[3]}:13",
        f"{dumps / names[4]}:15",
    ]
    assert run.summary == "imported 7 entries: 5 new, 0 updated, 0 unchanged, 2 duplicates merged, 6 warnings"
    content = tmp_path / "content"
    assert slugs(content) == ["benchmarking-and-dissecting-the-nvidia", "e2gc", "fast-sparse-convnets", "pc-darts",
                              "understanding-gemm-performance"]
    meta, _ = paper(content, "fast-sparse-convnets")
    assert (meta["authors_count"], meta["published"]) == (4, dt.date(2019, 11, 21))  # the good copy's date


# --- where dumps come from ---------------------------------------------------------------------------


def test_a_pasted_page_imports_from_stdin(tmp_path, dumps, run_import, monkeypatch):
    data = (dumps / "layout_a_two_papers.txt").read_bytes().replace(b"\n", b"\r\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + data)))
    run = run_import("-")
    assert run.code == 0, run.err
    assert "<stdin>: layout A, 2 entries" in run.out
    digest = hashlib.sha256(b"\xef\xbb\xbf" + data).hexdigest()[:12]
    name = f"pasted-{digest}.txt"
    content = tmp_path / "content"
    assert (content / "sources" / name).read_bytes() == b"\xef\xbb\xbf" + data
    meta, _ = paper(content, "snapkv")
    assert meta["sources"] == [name]
    assert (meta["authors_count"], meta["upvotes"]) == (9, 2)


def test_each_source_listed_is_the_dump_the_paper_came_from(tmp_path, dumps, run_import):
    """Two different dumps with one file name are both kept, and each paper names the right one."""
    for folder, fixture in (("monday", "layout_a_two_papers.txt"), ("tuesday", "layout_c_two_papers.txt")):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "page.txt").write_bytes((dumps / fixture).read_bytes())
    for content, runs in (
        (tmp_path / "apart", [[tmp_path / "monday/page.txt"], [tmp_path / "tuesday/page.txt"]]),
        (tmp_path / "together", [[tmp_path / "monday/page.txt", tmp_path / "tuesday/page.txt"]]),
    ):
        for paths in runs:
            assert run_import(*paths, content=content).code == 0
        assert len(list((content / "sources").iterdir())) == 2
        for path in sorted((content / "papers").glob("*.md")):
            meta, _ = paper(content, path.stem)
            (source,) = meta["sources"]
            kept = (content / "sources" / source).read_text(encoding="utf-8")
            assert meta["title"].split(":")[0] in kept, (path.name, source)


def test_a_missing_dump_is_an_error_naming_it(tmp_path, run_import):
    run = run_import(tmp_path / "nowhere.txt")
    assert run.code == 2
    assert f"{tmp_path / 'nowhere.txt'}:1: cannot read the dump" in run.err
    assert not (tmp_path / "content").exists()


def test_near_identical_titles_with_other_arxiv_ids_are_other_papers():
    recogniser = Recogniser([Existing("comet", {"title": "COMET: Towards Partical W4A4KV4 LLMs Serving", "arxiv": "2410.12168"})])
    assert recogniser.find("COMET: Towards Practical W4A4KV4 LLMs Serving", "2410.12168") == "comet"
    assert recogniser.find("COMET: Towards Practical W4A4KV4 LLMs Serving", None) == "comet"
    assert recogniser.find("COMET: Towards Practical W4A4KV4 LLMs Serving", "2501.00001") is None


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("facts.json", '[{"title": "x",\n "arxiv": }]', r"facts\.json:2: not valid JSON"),
        ("facts.yml", "- title: x\n  arxiv: [\n", r"facts\.yml:3: not valid YAML"),
    ],
)
def test_a_broken_enrichment_file_is_an_error_naming_its_line(tmp_path, dumps, run_import, name, text, expected):
    facts = tmp_path / name
    facts.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit, match=expected):
        run_import(dumps / "layout_a_two_papers.txt", "--enrich", facts)
    assert not (tmp_path / "content" / "papers").exists()


# --- saved responses of the papers API (JSON) -----------------------------------------------------


def test_a_daily_papers_json_merges_with_a_text_dump_of_the_same_papers(tmp_path, dumps, run_import):
    run = run_import(dumps / "layout_a_two_papers.txt", API / "daily_papers.json")
    assert run.code == 0, run.err
    assert f"{API / 'daily_papers.json'}: layout JSON, 2 entries" in run.out
    assert run.summary == "imported 4 entries: 2 new, 0 updated, 0 unchanged, 2 duplicates merged, 0 warnings"
    content = tmp_path / "content"
    assert slugs(content) == ["hipkittens", "snapkv"]
    meta, body = paper(content, "snapkv")
    assert meta["sources"] == ["daily_papers.json", "layout_a_two_papers.txt"]
    assert (meta["arxiv"], meta["authors"][0], len(meta["authors"]), meta["authors_count"]) == ("2404.14469", "Yuhong Li", 9, 9)
    assert (meta["published"], meta["upvotes"]) == (dt.date(2024, 4, 22), 25)  # the most upvotes of the copies
    assert meta["code"] == "https://github.com/FasterDecoding/SnapKV"
    assert body.endswith("poses challenges to memory and time efficiency.")  # the first copy's abstract
    meta, _ = paper(content, "hipkittens")
    assert (meta["arxiv"], meta["code"]) == ("2511.08083", "https://github.com/HazyResearch/HipKittens")
    assert "links" not in meta  # the abstract's URL is the code repository
    for kept in ("daily_papers.json", "layout_a_two_papers.txt"):  # both kept, byte for byte
        assert (content / "sources" / kept).read_bytes() == (API / kept if kept.endswith(".json") else dumps / kept).read_bytes()
    assert checked_papers(content)[1] == []


def test_a_json_dump_fills_papers_imported_from_text_and_a_rerun_changes_nothing(tmp_path, dumps, run_import):
    content = tmp_path / "content"
    run_import(dumps / "layout_a_two_papers.txt")
    edit(content / "papers/snapkv.md", "upvotes: 2\n", "upvotes: 2\nnote: Curated.\n")
    run = run_import(API / "daily_papers.json", "--added", "2025-02-01")
    assert run.summary == "imported 2 entries: 0 new, 2 updated, 0 unchanged, 0 duplicates merged, 0 warnings"
    meta, _ = paper(content, "snapkv")
    assert (meta["upvotes"], meta["note"], meta["added"]) == (2, "Curated.", dt.date(2025, 1, 15))  # kept
    assert (meta["arxiv"], len(meta["authors"]), meta["code"]) == ("2404.14469", 9, "https://github.com/FasterDecoding/SnapKV")
    assert meta["sources"] == ["layout_a_two_papers.txt", "daily_papers.json"]
    age(content)
    before = snapshot(content)
    run = run_import(dumps / "layout_a_two_papers.txt", API / "daily_papers.json")
    assert run.summary == "imported 4 entries: 0 new, 0 updated, 2 unchanged, 2 duplicates merged, 0 warnings"
    assert snapshot(content) == before


def test_a_malformed_json_dump_is_an_error_at_its_line_and_nothing_is_imported(tmp_path, dumps, run_import):
    broken = tmp_path / "daily.json"
    broken.write_text('[\n  {"paper": {"id": "2404.14469",\n    "title": }}\n]\n', encoding="utf-8")
    run = run_import(dumps / "layout_a_two_papers.txt", broken)
    assert run.code == 2
    assert run.err.startswith(f"{broken}:3: not valid JSON (Expecting value at column 14); nothing was imported")
    assert "Traceback" not in run.err
    assert not (tmp_path / "content" / "papers").exists()


def test_a_json_paper_is_recognised_by_its_arxiv_id_whatever_its_title(tmp_path):
    store = Store(tmp_path / "content")
    store.papers_dir.mkdir(parents=True)
    (store.papers_dir / "comet.md").write_text(
        "---\ntitle: 'COMET: Practical W4A4KV4 Serving'\narxiv: '2410.12168'\nadded: 2025-01-15\n---\n\nAbstract.\n",
        encoding="utf-8")
    abstract = "We serve LLMs with 4-bit weights, activations and KV cache. It has two sentences."
    data = json.dumps([{"paper": {"id": "2410.12168", "title": "Serving LLMs in W4A4KV4 with COMET",
                                  "summary": abstract, "upvotes": 3}}]).encode()
    records = parse_dump(data.decode(), "daily.json").records
    with store.writing():
        outcome = import_records(store, records, [("daily.json", data)], {}, dt.date(2025, 2, 1))
    assert outcome.papers == {"comet": "updated"}
    assert outcome.slug_of == {"serving llms in w4a4kv4 with comet": "comet"}
    meta, body = paper(tmp_path / "content", "comet")
    assert (meta["title"], meta["upvotes"], meta["sources"]) == ("COMET: Practical W4A4KV4 Serving", 3, ["daily.json"])
    assert body == "Abstract."


# --- two arXiv papers with the same title --------------------------------------------------------------

SCALING = "We measure how training loss falls with compute on GPUs. The fit holds over six orders of magnitude."
SCALING_AGAIN = "Another group's paper under the same title: inference cost on GPUs. It fits a different law."


def test_two_arxiv_papers_with_the_same_title_are_two_papers(tmp_path, run_import):
    daily = write_json(tmp_path / "daily.json", [
        {"paper": {"id": "2401.00001", "title": "Scaling Laws for GPUs", "summary": SCALING}},
        {"paper": {"id": "2402.00002", "title": "Scaling laws for GPUs", "summary": SCALING_AGAIN}},
    ])
    run = run_import(daily)
    assert run.summary == "imported 2 entries: 2 new, 0 updated, 0 unchanged, 0 duplicates merged, 0 warnings"
    content = tmp_path / "content"
    assert slugs(content) == ["scaling-laws-for-gpus", "scaling-laws-for-gpus-2"]
    meta, body = paper(content, "scaling-laws-for-gpus")
    assert (meta["arxiv"], meta["title"], body) == ("2401.00001", "Scaling Laws for GPUs", SCALING)
    meta, body = paper(content, "scaling-laws-for-gpus-2")
    assert (meta["arxiv"], meta["title"], body) == ("2402.00002", "Scaling laws for GPUs", SCALING_AGAIN)
    age(content)
    before = snapshot(content)
    run = run_import(daily)  # each recognised by its own id
    assert run.summary == "imported 2 entries: 0 new, 0 updated, 2 unchanged, 0 duplicates merged, 0 warnings"
    assert snapshot(content) == before


def test_a_paper_with_the_title_of_a_paper_with_another_arxiv_id_does_not_fill_it(tmp_path, run_import):
    content = tmp_path / "content"
    first = write_json(tmp_path / "first.json",
                       [{"paper": {"id": "2401.00001", "title": "Scaling Laws for GPUs", "summary": SCALING}}])
    assert run_import(first).code == 0
    age(content)
    before = snapshot(content)
    second = write_json(tmp_path / "second.json", [{"paper": {
        "id": "2402.00002", "title": "Scaling Laws for GPUs", "summary": SCALING_AGAIN,
        "publishedAt": "2024-02-01T00:00:00.000Z", "githubRepo": "https://github.com/b/b"}}])
    run = run_import(second)
    assert run.summary == "imported 1 entry: 1 new, 0 updated, 0 unchanged, 0 duplicates merged, 0 warnings"
    assert {k: v for k, v in snapshot(content).items() if k in before} == before  # the first paper untouched
    meta, body = paper(content, "scaling-laws-for-gpus-2")
    assert (meta["arxiv"], meta["published"], meta["code"]) == ("2402.00002", dt.date(2024, 2, 1), "https://github.com/b/b")
    assert body == SCALING_AGAIN


def test_a_copy_without_an_arxiv_id_merges_with_the_same_title_that_has_one():
    def copy(source, arxiv=None, abstract=SCALING):
        return RawRecord(title="Scaling Laws for GPUs", source=source, line=1, abstract=abstract, arxiv=arxiv)

    first, second = merge_copies([
        copy("page.txt"),
        copy("a.json", "2401.00001"),
        copy("b.json", "2402.00002", SCALING_AGAIN),
        copy("other-page.txt"),
        copy("c.json", "2402.00002", SCALING_AGAIN),
    ])
    assert (first.sources, first.fields["arxiv"], first.abstract) == (
        ["a.json", "other-page.txt", "page.txt"], "2401.00001", SCALING)
    assert (second.sources, second.fields["arxiv"], second.abstract) == (
        ["b.json", "c.json"], "2402.00002", SCALING_AGAIN)


def test_enrichment_facts_of_one_arxiv_id_are_not_given_to_another_paper_with_the_title(tmp_path, run_import):
    daily = write_json(tmp_path / "daily.json", [
        {"paper": {"id": "2401.00001", "title": "Scaling Laws for GPUs", "summary": SCALING}},
        {"paper": {"id": "2402.00002", "title": "Scaling Laws for GPUs", "summary": SCALING_AGAIN}},
    ])
    facts = write_json(tmp_path / "facts.json",
                       [{"title": "Scaling Laws for GPUs", "arxiv": "2402.00002", "venue": "MLSys 2024"}])
    assert run_import(daily, "--enrich", facts).code == 0
    content = tmp_path / "content"
    assert slugs(content) == ["scaling-laws-for-gpus", "scaling-laws-for-gpus-2"]
    assert "venue" not in paper(content, "scaling-laws-for-gpus")[0]
    assert paper(content, "scaling-laws-for-gpus-2")[0]["venue"] == "MLSys 2024"
