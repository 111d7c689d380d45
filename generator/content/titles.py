"""Near-identical titles: one paper under a title with a typo fixed, or written slightly apart.

The import recognises a paper already in `content/` by a near-identical title,
and `check` reports two files whose titles are near-identical. Both use a
`TitleIndex`, which finds such titles without comparing every pair.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable

from rapidfuzz import fuzz, process

from .clean import fuzzy_title

# Two titles this similar (0-100, on letters and digits) are one paper: a typo
# fix such as "Partical" -> "Practical" scores about 98; distinct papers in
# one series ("ZeRO-Offload" vs "ZeRO-Infinity") stay far below.
NEAR_IDENTICAL = 95.0
_NUMBER = re.compile(r"\d+")


class TitleIndex:
    """Near-identical titles, found without comparing every pair.

    An inverted index of each title's words and adjacent word pairs: a title
    is compared (in rapidfuzz's C++ loop) only with the titles holding one of
    its few rarest keys, and the same numbers. A near-identical title shares
    most words, so at least one of those; a typo changes one word and the two
    pairs around it.
    """

    BLOCKING_KEYS = 4  # how many of a title's rarest keys select the titles it is compared with

    def __init__(self) -> None:
        self.keys: list[str] = []
        self.numbers: list[list[str]] = []  # the numbers of each key, which a match must share
        self.postings: dict[str, list[int]] = {}  # each list in position order
        self._first_with_numbers: dict[tuple[str, ...], int] = {}  # numbers -> the first position with them
        self._posting_sizes: dict[str, int] | None = None  # len of each posting, while no title is added

    @staticmethod
    def _blocking_keys(key: str) -> set[str]:
        tokens = key.split()
        return {*tokens, *map(" ".join, zip(tokens, tokens[1:]))}

    def add(self, title: str) -> int:
        """Index a title; its position in the index."""
        key = fuzzy_title(title)
        position = len(self.keys)
        self.keys.append(key)
        numbers = _NUMBER.findall(key)
        self.numbers.append(numbers)
        self._first_with_numbers.setdefault(tuple(numbers), position)
        for word in self._blocking_keys(key):
            self.postings.setdefault(word, []).append(position)
        self._posting_sizes = None
        return position

    def _rarest_keys(self, key: str, size_of: Callable[[str], int]) -> list[str]:
        """The key's few blocking keys that the fewest indexed titles hold (ties by name)."""
        held = sorted(self._blocking_keys(key) & self.postings.keys())
        held.sort(key=size_of)  # stable: among keys held equally often, by name still
        return held[: self.BLOCKING_KEYS]

    def matches(self, title: str, cutoff: float = NEAR_IDENTICAL) -> list[tuple[int, float]]:
        """(position, score) of indexed titles at least `cutoff` alike, best first.

        A typo fix keeps the numbers: "FP8 Formats ..." and "FP4 Formats ..." are two papers.
        """
        key = fuzzy_title(title)
        rare = self._rarest_keys(key, lambda w: len(self.postings[w]))
        candidates = {j: self.keys[j] for j in sorted({j for w in rare for j in self.postings[w]})}
        if not candidates:
            return []
        numbers = _NUMBER.findall(key)
        found = process.extract(key, candidates, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None)
        return sorted(((j, score) for _, score, j in found if self.numbers[j] == numbers),
                      key=lambda m: (-m[1], m[0]))

    def earlier_matches(self, position: int, cutoff: float = NEAR_IDENTICAL) -> list[tuple[int, float]]:
        """What `matches` finds for the title indexed at `position`, among the titles indexed
        before it: each pair of the index is then found once, from its later title."""
        if self._posting_sizes is None:  # once for all the look-ups between two additions
            self._posting_sizes = {word: len(posting) for word, posting in self.postings.items()}
        key, numbers = self.keys[position], self.numbers[position]
        if self._first_with_numbers[tuple(numbers)] == position:
            return []  # no title before it has its numbers
        earlier: set[int] = set()
        for word in self._rarest_keys(key, self._posting_sizes.__getitem__):
            posting = self.postings[word]
            earlier.update(posting[: bisect_left(posting, position)])
        found = []
        # The numbers first: comparing them is far cheaper than scoring the titles.
        for j in sorted(j for j in earlier if self.numbers[j] == numbers):
            score = fuzz.ratio(key, self.keys[j], score_cutoff=cutoff)  # 0 below the cutoff
            if score >= cutoff:
                found.append((j, score))
        return sorted(found, key=lambda m: (-m[1], m[0]))
