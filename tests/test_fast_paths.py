"""Each fast path finds exactly what the plain code it stands in for finds.

Scanning 10,000 abstracts is where the generator spends its time, so several
regexes and readers are written for speed rather than for reading. Each test
here keeps the plain version as a reference and compares the two on the real
content and on text made of the pieces those paths are most likely to get
wrong (stops and quotes, numbers and units, device names, non-ASCII words).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator import check, links, paper_file, results, taxonomy
from generator.importer import TitleIndex
from generator.site import load_content

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


@pytest.fixture(scope="module")
def real_texts() -> list[str]:
    papers, _, _, _ = load_content(ROOT / "content")
    return [text for p in papers for text in (p.title, p.abstract)]


# --- Device-like names (check.py) -------------------------------------------

# The pattern as first written: the fast one consumes the capital first, then looks ahead for a digit.
PLAIN_DEVICE_LIKE = re.compile(
    r"(?<![\w.+-])(?:"
    r"(?:" + "|".join(check.DEVICE_FAMILIES) + r")[ -]?(?:[A-Z]{1,3} ?)?v?\d+[A-Za-z]{0,3}"
    r"|[A-Z]{1,3}\d{2,4}[A-Z]{0,2}"
    r")(?![\w-])"
)


def spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [match.span() for match in pattern.finditer(text)]


def test_device_like_names_in_real_abstracts(real_texts):
    for text in real_texts:
        assert spans(check.DEVICE_LIKE, text) == spans(PLAIN_DEVICE_LIKE, text)


@FAST
@given(texts_of_pieces)
def test_device_like_names(text):
    assert spans(check.DEVICE_LIKE, text) == spans(PLAIN_DEVICE_LIKE, text)


# --- Sentences (taxonomy.py) ------------------------------------------------

PLAIN_SENTENCE_BREAK = re.compile(r"""(?:(?P<stop>[.!?]+["'”’)\]]*)\s+|\s*\n\s*)""")


def plain_sentence_spans(text: str) -> list[tuple[int, int]]:
    """sentence_spans as first written: every break tried at every character."""
    def is_break(match: re.Match[str]) -> bool:
        if "\n" in match.group(0):
            return True
        if text[match.end():match.end() + 1].islower():
            return False
        if match.group("stop").rstrip("\"'”’)]") != ".":
            return True
        word_start = max(text.rfind(" ", 0, match.start()), text.rfind("(", 0, match.start())) + 1
        word = text[word_start:match.start()]
        if word.casefold() in taxonomy._ABBREVIATIONS:
            return False
        return not (len(word) == 1 and word.isupper())

    found, start = [], 0
    for match in PLAIN_SENTENCE_BREAK.finditer(text):
        if is_break(match):
            found.append((start, match.end("stop") if match.group("stop") else match.start()))
            start = match.end()
    return [*found, (start, len(text))]


def test_sentences_of_real_abstracts(real_texts):
    for text in real_texts:
        assert taxonomy.sentence_spans(text) == plain_sentence_spans(text)


@FAST
@given(texts_of_pieces)
def test_sentences(text):
    assert taxonomy.sentence_spans(text) == plain_sentence_spans(text)


# --- Result candidates (results.py) ----------------------------------------

PLAIN_CANDIDATE = re.compile(
    rf"(?<![\w.])(?P<prefix>[~>≈]\s*)?(?P<low>{results._NUM}\+?)"
    rf"(?:\s*(?:%|×|x|X)?\s*(?:–|—|-|to)\s*(?P<high>{results._NUM}))?\s*"
    r"(?:(?P<factor>×|x|X|times)(?![\w-])|(?P<percent>%)"
    r"|(?P<rate>(?i:[TGP]FLOPs?(?:/s|/GPU)?|petaFLOPs?(?:/s|/second)?|GKeys?/s|tokens/s|m?s/token))(?!\w))"
)


def candidates(text: str) -> list[tuple]:
    return [(m.span(), *results._candidate_number(text, m), m.group("high", "factor", "percent", "rate"))
            for m in results.CANDIDATE.finditer(text)]


def plain_candidates(text: str) -> list[tuple]:
    return [(m.span(), (m.group("prefix") or "").strip(), m.group("low"), m.group("high", "factor", "percent", "rate"))
            for m in PLAIN_CANDIDATE.finditer(text)]


def test_result_candidates_in_real_abstracts(real_texts):
    for text in real_texts:
        assert candidates(text) == plain_candidates(text)


@FAST
@given(texts_of_pieces)
def test_result_candidates(text):
    assert candidates(text) == plain_candidates(text)


# --- Names and mentions (links.py) -----------------------------------------

@FAST
@given(texts_of_pieces)
def test_introduced_names(text):
    found = [(m.span(), m.groups()) for m in links._introductions(text)]
    assert found == [(m.span(), m.groups()) for m in links._INTRODUCED.finditer(text)]


def plain_names_pattern(names: list[str]) -> re.Pattern[str]:
    """The alternation that names_pattern's trie stands in for: longest names first."""
    alternation = "|".join(map(re.escape, sorted(set(names), key=lambda name: (-len(name), name))))
    return re.compile(r"(?<![\w-])(?:" + alternation + r")(?![\w]|-\w)")


NAMES = ["A100", "Fast", "Fast-LLM", "FastLLM", "X", "X-1", "vLLM", "Llama", "Llama-2", "日本", "a", "-x", "1.5"]


@FAST
@given(st.lists(st.sampled_from(NAMES) | st.text(min_size=1, max_size=4), min_size=1, max_size=8), texts_of_pieces)
def test_mentions_of_names(names, text):
    assert [m.group(0) for m in links.names_pattern(names).finditer(text)] == [
        m.group(0) for m in plain_names_pattern(names).finditer(text)]


@FAST
@given(st.lists(texts_of_pieces, max_size=6))
def test_word_counts(texts):
    from sklearn.feature_extraction.text import CountVectorizer

    texts = [*texts, "a100 words"]  # CountVectorizer refuses a list without a word
    expected = CountVectorizer(stop_words="english", dtype=np.float32,
                               token_pattern=links._WORD.pattern).fit_transform(texts)
    expected.sort_indices()
    counted = links.word_counts(texts)
    assert counted.shape == expected.shape
    assert (counted.indptr == expected.indptr).all() and (counted.indices == expected.indices).all()
    assert (counted.data == expected.data).all()


# --- Near-identical titles (importer.py) -----------------------------------

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


# --- Front matter (paper_file.py) ------------------------------------------------

FIELD_LINES = [
    "title: yes", "yes: 1", "note: 'it''s'", 'note: "a \\" b"', "note: a: b", "note: a #c", "note: a#c", "note: ~",
    "note: 2024-13-45", "published: 2024-02-30", "published: 2024-01-05", "upvotes: 0x1F", "upvotes: 1_000",
    "note: 12:30", "note: [a, b]", "note: []", "hardware:", "- a100", "- 'h100'", "- ", "-", "  - x", "", "# c",
    "note: -5", "note: .inf", "note: <<", "note: =", "note: {a: 1}", "note: 'x' y", "note:  two", "note: end ",
    "note: colon:", "title: again", "note: \u00a0x", "note: ---", "note: !!str 3", "note: &a x", "note: *a",
    "note: |", "  indented", 'note: "unterminated', "topics: []", "- [x]", "upvotes: 12", "arxiv: '2401.00001'",
    "arxiv: 2401.00001", "note: Off", "note: null", "- ~", "- 2024-01-01", "note: \u2028", "note: a\tb",
]


def parsed(text: str) -> tuple:
    file = paper_file.parse_paper_text(text, "content/papers/p.md", "p")
    return repr(file.meta), file.line_of, file.item_lines, [str(problem) for problem in file.problems]


def parsed_by_yaml(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple:
    def not_plain(*_):
        raise paper_file._NotPlain

    with monkeypatch.context() as patched:
        patched.setattr(paper_file, "_plain_front_matter", not_plain)
        return parsed(text)


@FAST
@given(st.lists(st.sampled_from(FIELD_LINES) | st.text(max_size=12).map("note: ".__add__), max_size=8))
def test_front_matter_reads_as_the_yaml_parser_reads_it(lines):
    text = "---\ntitle: T\n" + "\n".join(lines) + "\n---\nAn abstract.\n"
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert parsed(text) == parsed_by_yaml(text, monkeypatch)


def test_files_the_store_writes_take_the_plain_reading(monkeypatch):
    """The fast path is worth having only if what `dump_paper_text` writes goes through it."""
    paths = sorted((ROOT / "content" / "papers").glob("*.md"))
    taken = []
    plain = paper_file._plain_front_matter

    def counted(*args):
        read = plain(*args)
        taken.append(1)  # only once the plain reading succeeded
        return read

    monkeypatch.setattr(paper_file, "_plain_front_matter", counted)
    for path in paths:
        text = path.read_text(encoding="utf-8")
        file = paper_file.parse_paper_text(text, "p.md", "p")
        rewritten = paper_file.dump_paper_text(file.meta, file.body)
        assert parsed(rewritten) == parsed_by_yaml(rewritten, monkeypatch)
        assert parsed(text) == parsed_by_yaml(text, monkeypatch)
    assert len(taken) >= 2 * len(paths)  # each rewritten file at least, read with the plain reading
    assert yaml.safe_load(paper_file.dump_paper_text({"note": "a: b"}, "x").split("---")[1]) == {"note": "a: b"}
