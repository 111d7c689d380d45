"""Mentions: names that are plain words or the list's vocabulary never linked; what a finder
that remembers its last run finds is what a new one finds."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.derive import mentions
from generator.content.check import read_content
from generator.content.model import Paper
from support import SEED_CONTENT


def paper(slug: str, abstract: str) -> Paper:
    return Paper(slug=slug, title=slug.replace("-", " ").title(), abstract=abstract)


# --- Names that are never linked -------------------------------------------


def titled(slug: str, title: str, abstract: str = "We study one thing.") -> Paper:
    return Paper(slug=slug, title=title, abstract=abstract)


def targets(papers) -> set[str]:
    return {mention.target for mention in mentions.find_mentions(papers)}


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
    assert mentions.names_of(titled("plain-words", title)) == []


def test_an_introduced_name_that_is_a_generic_term_in_another_case_is_no_name():
    assert mentions.names_of(paper("introduces-a-generic-term", "We present Nvidia, a company.")) == []


@pytest.mark.parametrize(("title", "name"), [
    ("SnapKV: x", "SnapKV"), ("ZeRO-Infinity: x", "ZeRO-Infinity"), ("vLLM: x", "vLLM"),
    ("Quest: x", "Quest"),  # an English word, but no stop word: a name unless the list uses it
])
def test_a_coined_short_name_is_a_name(title, name):
    assert mentions.names_of(titled("coined-name", title)) == [name]


def test_a_name_every_paper_of_a_short_list_uses_is_still_linked():
    papers = [titled("zero", "ZeRO: Memory Optimizations", "ZeRO removes redundancy."),
              paper("builds-on-zero", "We build on ZeRO."), paper("compares-with-zero", "Unlike ZeRO, we fuse.")]
    assert targets(papers) == {"zero"}


@pytest.mark.parametrize(("papers_using", "generic"), [(10, False), (11, True)])
def test_a_long_list_makes_a_name_generic_past_its_share(papers_using, generic):
    """Past GENERIC_SHARE of 100 abstracts, in any case, singular or plural: "Kernel" is then
    the list's vocabulary, never linked; "FlashKernel" stays a name."""
    forms = ["kernel", "Kernels", "KERNEL.", "kernels,"]
    abstracts = [f"A {forms[i % 4]} study." if i < papers_using else "A study." for i in range(98)]
    abstracts[0] += " We build on Kernel and FlashKernel."
    papers = [titled("kernel", "Kernel: x"), titled("flash-kernel", "FlashKernel: x"),
              *(paper(f"study-{i}", abstract) for i, abstract in enumerate(abstracts))]
    assert targets(papers) == ({"flash-kernel"} if generic else {"kernel", "flash-kernel"})


def test_a_name_of_several_words_is_generic_only_when_each_word_is():
    abstracts = [f"A large language model, number {i}, in a neighborhood." for i in range(6)] + ["Other."] * 2
    abstracts[-1] += " We compare Large Language Model with Neighborhood Attention."
    papers = [titled("large-language-model", "Large Language Model: x"),
              titled("neighborhood-attention", "Neighborhood Attention: x"),
              *(paper(f"study-{i}", abstract) for i, abstract in enumerate(abstracts))]
    assert targets(papers) == {"neighborhood-attention"}


def test_generic_short_names_added_to_the_real_list_are_never_linked_and_change_nothing():
    papers = read_content(SEED_CONTENT).papers
    hostile = [titled(f"hostile-{i}", f"{name}: A Hostile Paper") for i, name in enumerate(
        ["The", "GPU", "LLM", "GPUs", "Transformer", "Inference", "Memory", "Large Language Model"])]
    assert mentions.find_mentions(papers + hostile) == mentions.find_mentions(papers)


# --- A finder that remembers -------------------------------------------------

PIECES = ["SnapKV", "ZeRO", "ZeRO-Infinity", "Quest", "kernel", "Kernels", "the", "GPU", "We present",
          "Fuyou,", "called", "Quest:", ".", " "]
PAPER_LISTS = st.lists(st.tuples(st.sampled_from(["SnapKV", "ZeRO", "Quest", "Fuyou", "Kernel", "Plain"]),
                                 st.lists(st.sampled_from(PIECES), max_size=10).map(" ".join)), max_size=8)


def listed(entries) -> list[Paper]:
    return [Paper(slug=f"p{i}", title=f"{name}: a paper", abstract=abstract) for i, (name, abstract) in enumerate(entries)]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(PAPER_LISTS, min_size=1, max_size=4))
def test_a_finder_that_ran_before_finds_what_a_new_one_finds(runs):
    finder = mentions.MentionFinder()
    for entries in runs:
        assert finder.find(listed(entries)) == mentions.MentionFinder().find(listed(entries))


def test_a_long_list_that_makes_a_name_generic_after_a_save_is_found_as_anew():
    """One more abstract using "Kernel" takes it past its share of the list: no longer linked."""
    papers = [titled("kernel", "Kernel: a paper")] + [paper(f"p{i}", "A study.") for i in range(99)]
    papers[1:11] = [paper(f"p{i}", "A Kernel study.") for i in range(1, 11)]
    finder = mentions.MentionFinder()
    assert {m.target for m in finder.find(papers)} == {"kernel"}
    papers[20] = paper("p20", "Another Kernel study.")
    assert finder.find(papers) == () == mentions.MentionFinder().find(papers)
