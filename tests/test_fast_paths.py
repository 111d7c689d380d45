"""Each fast path finds exactly what the plain code it stands in for finds.

Two are written for speed rather than for reading: the trie of paper names and
the index of near-identical titles. Each
test here keeps the plain version as a reference and compares the two on the
real content and on text made of the pieces those paths are most likely to get
wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.derive import mentions
from generator.content.titles import TitleIndex

ROOT = Path(__file__).resolve().parent.parent

PIECES = [
    "RTX 4090", "RTX", "A100", "H100", "TPU v4", "TPU", "v5e", "MI300X", "GB200", "FP16", "Gaudi 3",
    "Inferentia2", "EPYC 9654", "Snapdragon 8", "Ascend 910B", "x86", "1.5", "~3", "> 2", ">2", "≈4", "12",
    "3,000", "2.5x", "x", "X", "×", "times", "%", "TFLOPS", "tokens/s", "ms/token", "to", "–", "-", "—",
    ".", "!", "?", "...", "\n", " ", "  ", "e.g.", "J.", "etc..", '"', ")", "(", "'", "”", "we present",
    "We introduce", "we call", "called", "named", "dubbed", "this paper presents", "this work introduces",
    "Fast-LLM", "FlashAttention", "X-1.2", "lower", "speedup", "latency", "throughput", "memory", "é", "ß",
    "日本", "fp8.", "a100-80gb", "zero-infinity", "_", "a", "A", "the", "of", "GPU", "faster", "than",
    "baseline", ":", ",", "vLLM", "Llama-2", "Xeon", "\t", "\u2028",
]
texts_of_pieces = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=40).map("".join)
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- Names and mentions (mentions.py) -----------------------------------------

def plain_names_pattern(names: list[str]) -> re.Pattern[str]:
    """The alternation that names_pattern's trie stands in for: longest names first."""
    alternation = "|".join(map(re.escape, sorted(set(names), key=lambda name: (-len(name), name))))
    return re.compile(r"(?<![\w-])(?:" + alternation + r")(?![\w]|-\w)")


NAMES = ["A100", "Fast", "Fast-LLM", "FastLLM", "X", "X-1", "vLLM", "Llama", "Llama-2", "日本", "a", "-x", "1.5"]


@FAST
@given(st.lists(st.sampled_from(NAMES) | st.text(min_size=1, max_size=4), min_size=1, max_size=8), texts_of_pieces)
def test_mentions_of_names(names, text):
    assert [m.group(0) for m in mentions.names_pattern(names).finditer(text)] == [
        m.group(0) for m in plain_names_pattern(names).finditer(text)]


# --- Near-identical titles (titles.py) -------------------------------------

@FAST
@given(st.lists(st.sampled_from(["Fast", "Attention", "Kernels", "for", "Hopper", "Hoper", "GPUs", "FP8", "FP4",
                                 "2", "3"]), min_size=1, max_size=5).map(" ".join).flatmap(
    lambda first: st.lists(st.just(first) | st.text(max_size=8).map(first.__add__), min_size=1, max_size=8)))
def test_earlier_matches_are_the_matches_before_each_title(titles):
    index = TitleIndex()
    for title in titles:
        index.add(title)
    for position, title in enumerate(titles):
        assert index.earlier_matches(position) == [(i, score) for i, score in index.matches(title) if i < position]
