"""Headline results read from an abstract: "3.6× speedup over cuBLAS on an A100".

`extract_results` splits the abstract into sentences and finds each number with
a unit (a factor `3.6×`, a percentage `77%`, a rate `156 TFLOPS`), the kind of
result the words around it name (speedup, throughput, memory, ...), the
baseline a sentence compares with ("over cuBLAS", "compared to ZeRO-Infinity")
and the device it names (`Hardware.detect`). It is plain regular expressions:
it misses some results and reads some wrongly, which is why curators can list a
paper's results in its front matter (`results:`), replacing the extracted ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .model import RESULT_KINDS, Paper
from .matching import Hardware, Mention
from .sentences import sentence_spans

KINDS = RESULT_KINDS


class Result(NamedTuple):
    """One headline result."""

    value: float | None  # the number (a range's upper end) for sorting; None when not a number
    value_text: str  # as written: "1.2–2.4"
    unit: str  # "×", "%", "TFLOPS", ...
    kind: str  # one of KINDS
    baseline: str | None = None
    device: str | None = None  # a hardware id
    sentence: str | None = None  # None for a curator's result

    @property
    def shown(self) -> str:
        """"3.6×", "77%", "156 TFLOPS"."""
        glued = self.unit in ("×", "%", "")
        return f"{self.value_text}{'' if glued else ' '}{self.unit}"


_NUM = r"\d+(?:[.,]\d+)*"
_RATE_UNITS = {"gkey/s": "GKey/s", "gkeys/s": "GKey/s", "tokens/s": "tokens/s", "s/token": "s/token",
               "ms/token": "ms/token"}


def _rate_unit(text: str) -> str:
    """'petaFLOP/s' -> 'PFLOPS', 'TFlops/GPU' -> 'TFLOPS/GPU', 'GKeys/s' -> 'GKey/s'."""
    lowered = text.lower()
    if "flop" in lowered:
        prefix = "P" if lowered.startswith(("p", "peta")) else lowered[0].upper()
        return f"{prefix}FLOPS" + ("/GPU" if lowered.endswith("/gpu") else "")
    return _RATE_UNITS.get(lowered, text)


# A number or a range of numbers, then a unit. The factor must not run into a word
# ("8x7B", "16x16", "4×RTX 3090" are not results), and the number must not start inside
# a word or another number ("FP16", "1.5").
CANDIDATE = re.compile(
    rf"(?<![\w.])(?:(?P<prefix>[~>≈])\s*)?(?P<low>{_NUM}\+?)"
    rf"(?:\s*(?:%|×|x|X)?\s*(?:–|—|-|to)\s*(?P<high>{_NUM}))?\s*"
    r"(?:(?P<factor>×|x|X|times)(?![\w-])|(?P<percent>%)"
    r"|(?P<rate>(?i:[TGP]FLOPs?(?:/s|/GPU)?|petaFLOPs?(?:/s|/second)?|GKeys?/s|tokens/s|m?s/token))(?!\w))"
)

# Kind keywords, matched in the words around a number; the nearest wins.
_KIND_WORDS = [
    ("latency", r"latenc\w*|response time|transfer time|s/token"),
    ("throughput", r"throughput|tflops|pflops|gflops|petaflop\w*|tokens/s|gkey/s|requests per second"),
    ("memory", r"memory|footprint|vram|\bram\b|kv cache size"),
    ("energy", r"energy|power"),
    ("cost", r"\bcosts?\b(?!-)|cheaper|price|dollar"),
    ("accuracy", r"accuracy|error|perplexity"),
    ("scale", r"parameters|model size|increase in size|\bsize\b|scalability|context tokens|larger models"),
    ("speedup", r"speed\s?ups?|speeds up|faster|accelerat\w*|speed\b|outperform\w*|boost|performance"),
    # Not a kind shown: a number nearest these words is no headline result.
    ("other", r"\bflops\b|utili[sz]ation|complexity|error rate|test error"),
]
_KIND = re.compile("|".join(f"(?P<{kind}>{words})" for kind, words in _KIND_WORDS), re.I)
# The same words, all lowercase, for ASCII text lowercased first: twice as fast as re.I, which
# tries both cases at every character. (Beyond ASCII, re.I also folds "ſ" and "K", so such
# text keeps the re.I pattern.)
_KIND_LOWERCASE = re.compile(_KIND.pattern)
# A percentage is a result only when it says what changed: "37% latency reduction", not "52% of peak".
_CHANGE = re.compile(r"reduc\w*|lower|less|fewer|faster|improv\w*|increas\w*|higher|sav\w*|boost|speed\s?up|"
                     r"better|cut|gain|decreas\w*|smaller", re.I)
_DIGIT = re.compile(r"\d")  # every candidate holds one (`_NUM`)
# A sentence about the field, not about the paper's own results.
_BACKGROUND = re.compile(r"\b(?:grown|grew|has increased|have increased)\b", re.I)
_BASELINE = re.compile(  # the lookahead: the first letters of the words below
    r"(?=[octvr])\b(?:over|compared (?:to|with)|than|versus|vs\.?|relative to)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<name>(?:(?!and\b|on\b|when\b|for\b|from\b|with\b|in\b|while\b|using\b|at\b)[\w.+/'-]+\s?){1,5})",
    re.I)
_BEFORE_CHARS = 80
_AFTER_CHARS = 50
_NEAR_AFTER = 35  # a kind word this close after the number wins ("8.2x memory", "37% latency reduction")
# Where a clause ends: the words after it describe something else.
_CLAUSE_AFTER = re.compile(r"\s(?:and|but|while|whereas|which|with)\s|[;(]")
_CLAUSE_BEFORE = re.compile(r"\s(?:but|while|whereas)\s|;")
_REDUCTION = re.compile(r"reduc\w*|smaller|fewer|less|compress\w*", re.I)


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").rstrip("+"))
    except ValueError:
        return None


def _kind_words(text: str) -> Iterator[re.Match[str]]:
    """The kind words in `text`, any case, at their places in it."""
    return _KIND_LOWERCASE.finditer(text.lower()) if text.isascii() else _KIND.finditer(text)


def _nearest_kind(before: str, after: str) -> str | None:
    best: tuple[int, str] | None = None
    for match in _kind_words(after):
        if match.start() <= _NEAR_AFTER:
            return match.lastgroup
        best = (match.start(), match.lastgroup)
        break
    for match in _kind_words(before):
        distance = len(before) - match.end()
        if best is None or distance < best[0]:
            best = (distance, match.lastgroup)
    return best[1] if best else None


def _baseline(text: str) -> str | None:
    match = _BASELINE.search(text)
    if not match:
        return None
    name = match.group("name").strip().rstrip(".,;:)")
    return name or None


def _device(hardware: Hardware | None, mentions: list, start: int, end: int) -> str | None:
    """The device a result was measured on: the first named after it ("2.4× on a B200"), else the last before."""
    if not mentions:
        return None
    specific = [m for m in mentions if hardware.nodes[m.id].kind != "vendor"] or mentions
    after = [m for m in specific if m.start >= end]
    if after:
        return after[0].id
    before = [m for m in specific if m.end <= start]
    return before[-1].id if before else specific[0].id


def extract_results(paper: Paper, hardware: Hardware | None = None,
                    abstract_mentions: list[Mention] | None = None,
                    abstract_spans: list[tuple[int, int]] | None = None) -> list[Result]:
    """The headline results of `paper`'s abstract, in text order.

    `abstract_mentions` are `hardware.detect(paper.abstract)` and `abstract_spans`
    `sentence_spans(paper.abstract)`, when the caller has them already.
    """
    found: list[Result] = []
    if hardware is not None and abstract_mentions is None:
        abstract_mentions = hardware.detect(paper.abstract)
    text = paper.abstract
    spans = sentence_spans(text) if abstract_spans is None else abstract_spans
    sentences = [(start, text[start:end]) for start, end in spans if text[start:end].strip()]
    for offset, sentence in sentences:
        # Most sentences hold no number: the cheapest test first.
        if not _DIGIT.search(sentence):
            continue
        matches = list(CANDIDATE.finditer(sentence))
        if not matches or _BACKGROUND.search(sentence):
            continue
        mentions = [
            Mention(m.id, m.start - offset, m.end - offset, m.text)
            for m in abstract_mentions or () if offset <= m.start and m.end <= offset + len(sentence)
        ]
        previous_kind = None
        for index, match in enumerate(matches):
            cut_before = matches[index - 1].end() if index else 0
            cut_after = matches[index + 1].start() if index + 1 < len(matches) else len(sentence)
            before = sentence[max(cut_before, match.start() - _BEFORE_CHARS):match.start()]
            before = _CLAUSE_BEFORE.split(before)[-1]
            after = sentence[match.end():min(cut_after, match.end() + _AFTER_CHARS)]
            after = _CLAUSE_AFTER.split(after)[0]
            if re.search(r"\bonly\b|\bgap of", before.split(",")[-1]):  # "while ZeRO-Infinity only achieves 45 TFLOPS"
                continue
            rate = match.group("rate")
            if rate:
                unit = _rate_unit(rate)
            else:
                unit = "×" if match.group("factor") else "%"
            kind = _nearest_kind(before, after)
            if rate:
                kind = "latency" if "token" in unit and unit.startswith(("s", "ms")) else "throughput"
            if unit == "%":
                nearby = before[-45:] + sentence[match.end():match.end() + 30]
                accuracy_stated = re.match(r"\s*(?:top-\d\s+)?accuracy", after, re.I)
                listed = previous_kind is not None and len(sentence[cut_before:match.start()].strip(" ,")) <= 4
                if not _CHANGE.search(nearby) and not accuracy_stated and not listed:
                    continue
            if kind is None:
                # "2.49x, and 2.32x reductions on latency": the words after the list.
                kind = _nearest_kind("", sentence[match.end():match.end() + 80]) or previous_kind
            if kind is None or kind == "other":
                continue
            if kind == "scale" and _REDUCTION.search(before[-30:] + after[:30]):
                kind = "memory"  # "reducing models 6.4 times on model size", "6× fewer parameters"
            previous_kind = kind
            prefix, low, high = match.group("prefix", "low", "high")
            value_text = (prefix or "") + (f"{low}–{high}" if high else low)
            baseline = _baseline(sentence[match.end():cut_after]) or _baseline(sentence[cut_before:match.start()])
            device = _device(hardware, mentions, match.start(), match.end())
            found.append(Result(_number(high or low), value_text, unit, kind, baseline, device, sentence.strip()))
    return found


def curated_results(paper: Paper) -> list[Result]:
    """The results a curator listed in front matter (`results:`)."""
    out = []
    for item in paper.results or []:
        value = item["value"]
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else _number(str(value))
        out.append(Result(float(number) if number is not None else None, str(value), str(item.get("unit", "")),
                          item["kind"], item.get("baseline"), item.get("device"), None))
    return out


def paper_results(paper: Paper, hardware: Hardware | None, abstract_mentions: list[Mention] | None = None,
                  abstract_spans: list[tuple[int, int]] | None = None) -> list[Result]:
    """A curator's results when the paper lists any (even `results: []`), else the extracted ones."""
    if paper.results is not None:
        return curated_results(paper)
    return extract_results(paper, hardware, abstract_mentions, abstract_spans)


def normalized_unit(unit: str) -> str:
    unit = unit.strip()
    if unit.lower() in ("x", "×", "times"):
        return "×"
    if "/" in unit or "flop" in unit.lower():
        return _rate_unit(unit)
    return unit
