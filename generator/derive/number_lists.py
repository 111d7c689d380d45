"""Numbers listed together in a sentence ("2.1x and 3.4x", "1.2×, 1.5× and 2×", "1.10×/4.86×"):
which runs of numbers share their words, and the words of each number's claim."""

from __future__ import annotations

import re

from .candidates import shares_unit
from .claims import claim_span, list_end, measure_words
from .kinds import kind_in
from ..content.hardware import Mention

# Between numbers listed together ("1.39-1.79 times and 3.22-3.43 times of latency and throughput
# on A100", "1.10×/4.86× lower"): the words after the list hold their kinds, in order, and where
# they were measured.
# A qualifier of the next number may follow the connective: "up to 3.5× and on average 1.6× lower latency".
# Or an average in parentheses after a peak: "up to 1.96× (1.47× on average) end-to-end speedup".
LISTED = re.compile(r"^\s*(?:[\w-]+\s*){0,2}(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)"
                    r"(?:(?:up to|on average|an average of|over|nearly|about|around|roughly|at least|as much as)\s+)?$|^/$"
                    r"|^\s*\(\s*(?:(?:on average|an average of|average|avg\.?|mean)\s+)?$")


_CLOSES = re.compile(r"\s*(?:[\w.-]+\s*){0,3}\)")  # " on average)"


# A short aside after a number of a list, which says where it was measured: "49% (T4) and 37% (A10)
# higher throughput" lists its numbers' words, not their devices.
_ASIDE = re.compile(r"\s*\([^()]{1,20}\)")


def listed_groups(sentence: str, matches: list[re.Match[str]], measured: list[Mention],
                  asides: bool = False) -> list[tuple[int, int]]:
    """(first, last) index of each run of numbers listed together ("2.1x and 3.4x", "1.2×, 1.5×
    and 2×"): nothing but a connective between them, and no device named between (with
    `asides`, but in a short parenthesis right after a number: "49% (T4) and 37% (A10)")."""
    groups, first = [], 0
    while first < len(matches):
        last = first
        while last + 1 < len(matches):
            start, end = matches[last].end(), matches[last + 1].start()
            aside = _ASIDE.match(sentence, start, end) if asides else None
            if aside:
                start = aside.end()
            gap = sentence[start:end]
            if not LISTED.match(gap) or kind_in(gap) or any(start <= m.start < end for m in measured):
                break
            last += 1
        groups.append((first, last))
        first = last + 1
    return groups


def claim_spans(sentence: str, matches: list[re.Match[str]], measured: list[Mention]) -> list[tuple[int, int]]:
    """The words of each number's claim: those about it alone, or, for numbers listed together,
    those of the whole list ("achieves 2.1x and 3.4x speedups")."""
    spans = [claim_span(sentence, match.start(), match.end(),
                        matches[index - 1].end() if index else 0,
                        matches[index + 1].start() if index + 1 < len(matches) else len(sentence))
             for index, match in enumerate(matches)]
    for first, last in listed_groups(sentence, matches, measured, asides=True):
        # "284 GOPS/W and 5.3 TOPS per watt": a rate's unit says what it measures, each its own.
        # Not numbers that share the last one's unit: "614/307/77 GOPS".
        if last > first and (not all(m.group("rate") or m.group("efficiency") for m in matches[first:last + 1])
                             or any(shares_unit(m) for m in matches[first:last + 1])):
            bound = matches[last + 1].start() if last + 1 < len(matches) else len(sentence)
            # "up to 1.96× (1.47× on average) end-to-end speedup": the words after the parenthesis.
            tail = matches[last].end()
            if sentence[matches[first].end():matches[first + 1].start()].strip().startswith("("):
                closed = _CLOSES.match(sentence, tail)
                tail = closed.end() if closed else tail
            whole = (spans[first][0], max(list_end(sentence, tail, bound),
                                          *(span[1] for span in spans[first:last + 1])))
            spans[first:last + 1] = [whole] * (last - first + 1)
    return spans


def respective_measures(sentence: str, matches: list[re.Match[str]], words: list[tuple[int, int]],
                        measured: list[Mention]) -> dict[int, tuple[int, tuple[int, int]]]:
    """For the numbers of a list whose words name no measure, in a sentence that says
    "respectively" ("the accelerator achieves 1.29× end-to-end speedup, 1.64× higher decode
    throughput and 3.14× better energy efficiency; on the V80 they reach 4.71×, 6.55× and 4.13×,
    respectively"): each one's index -> (the index of the number in its place among as many
    numbers right before the list, each with a measure of its own; the span of that number's
    words naming its measure)."""
    out: dict[int, tuple[int, tuple[int, int]]] = {}
    for first, last in listed_groups(sentence, matches, measured):
        count = last - first + 1
        if count < 2 or first < count or kind_in(sentence[words[first][0]:words[first][1]]):
            continue
        sources = range(first - count, first)
        named = [measure_words(sentence, matches[index].end(), words[index]) for index in sources]
        if all(named):
            out.update(zip(range(first, last + 1), zip(sources, named)))
    return out
