"""Links between papers: related papers scored on telling features only, ties by slug; names that
are plain words or the list's vocabulary never linked."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator import links
from generator.model import Paper
from generator.check import collect

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


@pytest.mark.parametrize("n", [0, 1])
def test_lists_too_short_to_relate(n):
    papers = [paper("only", "Alone.")][:n]
    assert related_slugs(papers) == {p.slug: [] for p in papers}


def test_papers_of_stop_words_only_are_related_by_nothing():
    papers = [Paper(slug="a", title="The", abstract="Of and."), Paper(slug="b", title="The", abstract="It is.")]
    assert links.word_counts([p.abstract for p in papers]).shape == (2, 1)
    assert related_slugs(papers) == {"a": [], "b": []}


# --- Names that are never linked -------------------------------------------


def titled(slug: str, title: str, abstract: str = "We study one thing.") -> Paper:
    return Paper(slug=slug, title=title, abstract=abstract)


def targets(papers) -> set[str]:
    return {mention.target for mention in links.find_mentions(papers)}


# Ten papers on one topic: each abstract writes "The", "GPU", "LLM" and "Transformer" where a
# name could stand; "Transformer" is in more than GENERIC_FLOOR of them.
ABSTRACTS_OF_ONE_TOPIC = [
    "The Transformer layers of an LLM run on one GPU.",
    "The GPU kernels of Transformer models. LLM serving needs them.",
    "The LLM decodes with a Transformer on every GPU.",
    "Transformer training on the GPU. The LLM is large.",
    "The cost of a Transformer grows with the GPU count. LLM prompts are long.",
    "Transformer inference: the GPU and the LLM. We compare with FlashAttention.",
    "The paged KV cache of an LLM on a GPU.",
]


@pytest.fixture
def list_with_generic_short_names():
    return [
        titled("short-name-the", "The: A Paper Named After a Stop Word"),
        titled("short-name-gpu", "GPU: A Paper Named After the Device"),
        titled("short-name-llm", "LLM: A Paper Named After the Field"),
        titled("short-name-transformer", "Transformer: A Paper Named After the List's Vocabulary"),
        titled("coined-name", "FlashAttention: Fast and Memory-Efficient Exact Attention"),
        *(paper(f"topic-{i}", abstract) for i, abstract in enumerate(ABSTRACTS_OF_ONE_TOPIC)),
    ]


def test_generic_short_names_are_never_linked_and_a_coined_name_still_is(list_with_generic_short_names):
    assert targets(list_with_generic_short_names) == {"coined-name"}


@pytest.mark.parametrize("title", [
    "The: x", "THE: x", "the: x", "ThE: x", "Its: x", "On the: x",  # English stop words, in any case
    "GPU: x", "GPUs: x", "gpu: x", "LLM: x", "llms: x", "Nvidia: x",  # generic terms, in any case or number
    "2024: x", "AI: x",  # a number, and a name too short to be told from a word
])
def test_a_short_name_that_is_plain_words_is_no_name(title):
    assert links.names_of(titled("plain-words", title)) == []


def test_an_introduced_name_that_is_a_generic_term_in_another_case_is_no_name():
    assert links.names_of(paper("introduces-a-generic-term", "We present Nvidia, a company.")) == []


@pytest.mark.parametrize(("title", "name"), [
    ("SnapKV: x", "SnapKV"), ("ZeRO-Infinity: x", "ZeRO-Infinity"), ("vLLM: x", "vLLM"),
    ("Quest: x", "Quest"),  # an English word, but no stop word: a name unless the list uses it
])
def test_a_coined_short_name_is_a_name(title, name):
    assert links.names_of(titled("coined-name", title)) == [name]


def test_a_name_every_paper_of_a_short_list_uses_is_still_linked():
    papers = [titled("zero", "ZeRO: Memory Optimizations", "ZeRO removes redundancy."),
              paper("builds-on-zero", "We build on ZeRO."), paper("compares-with-zero", "Unlike ZeRO, we fuse.")]
    assert links.generic_names(["ZeRO"], [p.abstract for p in papers]) == set()
    assert targets(papers) == {"zero"}


@pytest.mark.parametrize(("papers_using", "generic"), [(10, False), (11, True)])
def test_a_long_list_makes_a_name_generic_past_its_share(papers_using, generic):
    """Past GENERIC_SHARE of 100 abstracts, in any case, singular or plural."""
    forms = ["kernel", "Kernels", "KERNEL.", "kernels,"]
    abstracts = [f"A {forms[i % 4]} study." if i < papers_using else "A study." for i in range(100)]
    assert links.generic_names(["Kernel", "FlashKernel"], abstracts) == ({"Kernel"} if generic else set())


def test_a_name_of_several_words_is_generic_only_when_each_word_is():
    abstracts = [f"A large language model, number {i}, in a neighborhood." for i in range(6)] + ["Other."] * 4
    assert links.generic_names(["Large Language Model", "Neighborhood Attention"], abstracts) == {
        "Large Language Model"}


def test_generic_short_names_added_to_the_real_list_are_never_linked_and_change_nothing():
    papers = collect(ROOT / "content").papers
    hostile = [titled(f"hostile-{i}", f"{name}: A Hostile Paper") for i, name in enumerate(
        ["The", "GPU", "LLM", "GPUs", "Transformer", "Inference", "Memory", "Large Language Model"])]
    assert links.find_mentions(papers + hostile) == links.find_mentions(papers)
