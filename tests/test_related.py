"""Related papers: scored on telling features only, ties by slug; words counted as
CountVectorizer counts them, whatever was counted before."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.feature_extraction.text import CountVectorizer

from generator.derive import related
from generator.derive.mentions import WORD
from generator.content.model import Paper



def paper(slug: str, abstract: str) -> Paper:
    return Paper(slug=slug, title=slug.replace("-", " ").title(), abstract=abstract)


def related_slugs(papers, k=5, hardware=None, topics=None):
    found = related.related_papers(papers, hardware or {}, topics or {}, k=k)
    return {slug: [r.slug for r in entries] for slug, entries in found.items()}


def test_a_paper_is_related_to_the_one_sharing_its_rare_words_and_never_to_itself():
    papers = [
        paper("alpha", "Paged attention kernels for speculative decoding on long prompts."),
        paper("beta", "Speculative decoding with paged attention kernels."),
        paper("gamma", "Photonic interconnects for wafer scale training clusters."),
    ]
    found = related_slugs(papers, k=1)
    assert found["alpha"] == ["beta"] and found["beta"] == ["alpha"]
    assert all(slug not in others for slug, others in found.items())


def test_a_word_in_too_many_papers_does_not_relate_them(monkeypatch):
    monkeypatch.setattr(related, "COMMON_FEATURE_PAPERS", 3)
    # "quantization" is in all five; only "ternary" (in two) is telling.
    papers = [paper(f"p{i}", f"Quantization study number {word}.") for i, word in
              enumerate(["ternary", "ternary", "sparsity", "pruning", "distillation"])]
    found = related_slugs(papers)
    assert found["p0"] == ["p1"] and found["p1"] == ["p0"]
    assert found["p2"] == [] and found["p4"] == []


def test_small_lists_score_every_shared_word():
    papers = [paper(f"p{i}", f"Quantization study number {word}.") for i, word in
              enumerate(["ternary", "ternary", "sparsity"])]
    assert related_slugs(papers)["p2"] == ["p0", "p1"]  # "quantization" and "study" still count


def test_ties_go_to_the_slug_that_sorts_first_even_at_the_last_place():
    same = "Identical abstracts about systolic arrays."
    papers = [paper(slug, same) for slug in ["delta", "bravo", "echo", "alpha", "charlie"]]
    found = related_slugs(papers, k=2)
    assert found["echo"] == ["alpha", "bravo"]
    assert found["alpha"] == ["bravo", "charlie"]


def test_shared_devices_and_topics_count_and_are_named():
    papers = [paper("a", "One kernel."), paper("b", "Another kernel."), paper("c", "Other words entirely.")]
    found = related.related_papers(papers, {"a": ["a100"], "c": ["a100"]}, {"a": ["kv-cache"], "c": ["kv-cache"]})
    first = found["a"][0]
    assert first.slug == "c" and first.shared_hardware == ("a100",) and first.shared_topics == ("kv-cache",)


@pytest.mark.parametrize("n", [0, 1])
def test_lists_too_short_to_relate(n):
    papers = [paper("only", "Alone.")][:n]
    assert related_slugs(papers) == {p.slug: [] for p in papers}


def test_papers_of_stop_words_only_are_related_by_nothing():
    papers = [Paper(slug="a", title="The", abstract="Of and."), Paper(slug="b", title="The", abstract="It is.")]
    assert related.word_counts([p.abstract for p in papers]).shape == (2, 1)
    assert related_slugs(papers) == {"a": [], "b": []}


# --- Word counts that remember ----------------------------------------------

WORDS = st.sampled_from(["kernel", "Kernels", "GPU", "the", "of", "a100-80gb", "fp8.", "vLLM", "日本", "x", "é", " ", ".", "\n"])
TEXT_LISTS = st.lists(st.lists(WORDS, max_size=12).map(" ".join), max_size=6)


def counted_by_count_vectorizer(texts: list[str]):
    counter = CountVectorizer(token_pattern=WORD.pattern, stop_words="english", dtype=np.float32)
    counts = counter.fit_transform(texts)
    counts.sort_indices()
    return counts


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TEXT_LISTS, min_size=1, max_size=4))
def test_a_counter_that_counted_other_texts_before_counts_as_count_vectorizer(runs):
    counter = related.WordCounter()
    for texts in runs:
        counts = counter.counts(texts)
        if not any(w not in CountVectorizer(stop_words="english").get_stop_words() and WORD.search(w)
                   for text in texts for w in WORD.findall(text.lower())):
            assert counts.shape == (len(texts), 1) and counts.nnz == 0  # no word to count
            continue
        expected = counted_by_count_vectorizer(texts)
        assert counts.shape == expected.shape and counts.dtype == expected.dtype
        assert np.array_equal(counts.indptr, expected.indptr) and np.array_equal(counts.indices, expected.indices)
        assert np.array_equal(counts.data, expected.data)


def test_a_kept_state_answers_again_only_when_a_paper_changed():
    papers = [paper("alpha", "Paged attention kernels for decoding."), paper("beta", "Paged attention on GPUs."),
              paper("gamma", "Systolic arrays for decoding.")]
    kept = related.RelatedKept()
    first = related.related_papers(papers, {}, {}, k=1, kept=kept)
    assert related.related_papers(papers, {}, {}, k=1, kept=kept) is first
    papers[2] = paper("gamma", "Paged attention kernels for decoding, again.")
    again = related.related_papers(papers, {}, {}, k=1, kept=kept)
    assert again == related.related_papers(papers, {}, {}, k=1) != first
    assert related.related_papers(papers, {"alpha": ["a100"]}, {}, k=1, kept=kept) is not again  # hardware counts
