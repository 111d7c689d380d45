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


# --- An answer updated after a save is the answer taken afresh --------------

POOL = ["kernel", "cache", "paged", "attention", "systolic", "array", "decode", "prefill", "sparse", "tile",
        "fusion", "quantized", "int4", "offload", "pipeline", "wafer"]
ABSTRACTS = st.lists(st.sampled_from(POOL), min_size=0, max_size=8).map(" ".join)
EDITS = st.lists(st.tuples(st.integers(0, 11), st.sampled_from(["add", "drop", "hardware", "topics", "title"]),
                           st.sampled_from(POOL)), min_size=1, max_size=5)


def edited(papers: list[Paper], hardware: dict, topics: dict, edit) -> None:
    at, kind, word = edit
    p = papers[at % len(papers)]
    if kind == "add":
        papers[at % len(papers)] = Paper(slug=p.slug, title=p.title, abstract=f"{p.abstract} {word}")
    elif kind == "drop":
        papers[at % len(papers)] = Paper(slug=p.slug, title=p.title, abstract=p.abstract.replace(word, "", 1))
    elif kind == "title":
        papers[at % len(papers)] = Paper(slug=p.slug, title=f"{p.title} {word}", abstract=p.abstract)
    else:
        labels = hardware if kind == "hardware" else topics
        labels[p.slug] = sorted(set(labels.get(p.slug, [])) ^ {["a100", "h100", "tpu-v4"][len(word) % 3]})  # on or off


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(abstracts=st.lists(ABSTRACTS, min_size=2, max_size=12), edits=EDITS, k=st.integers(1, 3))
def test_an_answer_updated_after_saves_is_the_answer_taken_afresh(monkeypatch, abstracts, edits, k):
    monkeypatch.setattr(related, "UPDATE_SHARE", 1.0)  # update whatever changed: the path under test
    monkeypatch.setattr(related, "COMMON_FEATURE_PAPERS", 3)  # and features that stop or start telling
    papers = [paper(f"p{n:02d}", text) for n, text in enumerate(abstracts)]
    hardware, topics = {papers[0].slug: ["a100"]}, {papers[-1].slug: ["kv-cache"]}
    kept = related.RelatedKept()
    related.related_papers(papers, hardware, topics, k=k, kept=kept)
    for edit in edits:
        edited(papers, hardware, topics, edit)
        assert related.related_papers(papers, hardware, topics, k=k, kept=kept) == \
            related.related_papers(papers, hardware, topics, k=k)


def test_a_save_that_changes_one_paper_scores_only_the_papers_it_touches(monkeypatch):
    rng = np.random.default_rng(7)
    words = [f"w{n}" for n in range(400)]
    papers = [paper(f"p{n:03d}", " ".join(rng.choice(words, 12))) for n in range(300)]
    kept = related.RelatedKept()
    related.related_papers(papers, {}, {}, kept=kept)
    scored = []
    real = related._scores
    monkeypatch.setattr(related, "_scores", lambda telling, telling_t, rows, k, rank: (
        scored.append(len(rows)), real(telling, telling_t, rows, k, rank))[1])
    papers[5] = paper("p005", papers[5].abstract + " newword")
    assert related.related_papers(papers, {}, {}, kept=kept) == related.related_papers(papers, {}, {})
    assert scored[0] < 30 and scored[1] == 300  # the update scored a few papers again; afresh, all
