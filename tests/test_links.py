"""Related papers: scored on telling features only, ties by slug, the same in worker processes."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from generator import links
from generator.model import Paper
from generator.site import load_content

ROOT = Path(__file__).resolve().parent.parent


def paper(slug: str, abstract: str) -> Paper:
    return Paper(slug=slug, title=slug.replace("-", " ").title(), abstract=abstract)


def related_slugs(papers, k=5, hardware=None, topics=None):
    found = links.related_papers(papers, hardware or {}, topics or {}, k=k)
    return {slug: [r.slug for r in entries] for slug, entries in found.items()}


def test_a_paper_is_related_to_the_one_sharing_its_rare_words_and_never_to_itself():
    papers = [
        paper("alpha", "Paged attention kernels for speculative decoding on long prompts."),
        paper("beta", "Speculative decoding with paged attention kernels."),
        paper("gamma", "Photonic interconnects for wafer scale training clusters."),
    ]
    related = related_slugs(papers, k=1)
    assert related["alpha"] == ["beta"] and related["beta"] == ["alpha"]
    assert all(slug not in others for slug, others in related.items())


def test_a_word_in_too_many_papers_does_not_relate_them(monkeypatch):
    monkeypatch.setattr(links, "COMMON_FEATURE_PAPERS", 3)
    # "quantization" is in all five; only "ternary" (in two) is telling.
    papers = [paper(f"p{i}", f"Quantization study number {word}.") for i, word in
              enumerate(["ternary", "ternary", "sparsity", "pruning", "distillation"])]
    related = related_slugs(papers)
    assert related["p0"] == ["p1"] and related["p1"] == ["p0"]
    assert related["p2"] == [] and related["p4"] == []


def test_small_lists_score_every_shared_word():
    papers = [paper(f"p{i}", f"Quantization study number {word}.") for i, word in
              enumerate(["ternary", "ternary", "sparsity"])]
    assert related_slugs(papers)["p2"] == ["p0", "p1"]  # "quantization" and "study" still count


def test_ties_go_to_the_slug_that_sorts_first_even_at_the_last_place():
    same = "Identical abstracts about systolic arrays."
    papers = [paper(slug, same) for slug in ["delta", "bravo", "echo", "alpha", "charlie"]]
    related = related_slugs(papers, k=2)
    assert related["echo"] == ["alpha", "bravo"]
    assert related["alpha"] == ["bravo", "charlie"]


def test_shared_devices_and_topics_count_and_are_named():
    papers = [paper("a", "One kernel."), paper("b", "Another kernel."), paper("c", "Other words entirely.")]
    found = links.related_papers(papers, {"a": ["a100"], "c": ["a100"]}, {"a": ["kv-cache"], "c": ["kv-cache"]})
    first = found["a"][0]
    assert first.slug == "c" and first.shared_hardware == ("a100",) and first.shared_topics == ("kv-cache",)


def test_links_worked_out_in_worker_processes_are_the_same(forking):
    papers = [paper(f"paper-{i}", f"We present Sys{i % 7}Net, a system. It improves on Sys{(i + 1) % 7}Net "
                                  f"for topic {i % 5} and layer {i % 3}.") for i in range(40)]
    serial = links.derive_links(papers, {}, {}, jobs=1)
    assert links.derive_links(papers, {}, {}, jobs=2) == serial


@pytest.mark.parametrize("n", [0, 1])
def test_lists_too_short_to_relate(n):
    papers = [paper("only", "Alone.")][:n]
    assert related_slugs(papers) == {p.slug: [] for p in papers}


def test_word_counts_are_those_of_scikit_learns_count_vectorizer():
    """Related papers count words with their own loop; the matrix is CountVectorizer's."""
    from sklearn.feature_extraction.text import CountVectorizer

    papers, _, _, _ = load_content(ROOT / "content")
    texts = [f"{p.title}\n{p.title}\n{p.abstract}" for p in papers]
    texts += ["The A100-80GB and the a100-80gb: FP8, fp8... e.g. x y", "", "the of and"]
    expected = CountVectorizer(stop_words="english", dtype=np.float32,
                               token_pattern=links._WORD.pattern).fit_transform(texts)
    expected.sort_indices()  # CountVectorizer leaves each row's columns in first-seen order
    counted = links.word_counts(texts)
    assert counted.shape == expected.shape and counted.dtype == expected.dtype
    assert (counted.indptr == expected.indptr).all() and (counted.indices == expected.indices).all()
    assert (counted.data == expected.data).all()
