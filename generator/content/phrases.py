"""Phrases found in text by looking its words up in a dict: the machinery the hardware
names (`hardware.py`) and the topics' plain phrases (`topics.py`) share.

A text is read as tokens: a word of letters and digits (`A100`, `RTX4090`) or one other
character (`-`, `+`, `(`). A phrase is looked up by its key, its text with each run of
spaces written as one space (`RTX\\n4090` is `RTX 4090`). At each token where a word
starts, `longest_at` reads on token by token for as long as what it has read is in the
set of `prefixes` (every key up to the end of each of its tokens), asking at each whether
a phrase ends there; the last one found is the longest phrase at that word. A text is cut
into words once (`WORD_STARTS`), and a word that starts no phrase costs one set lookup,
however many phrases there are. Links are skipped.

This replaced a trie compiled into one regex (issue 29), for less than 3% of a build: at
10,000 synthetic papers (CPU seconds, best of 5, interleaved runs on a shared 2-core
machine), hardware names in the 20,000 titles and abstracts take 1.59 s against the
trie's 0.97 s, their matcher built in 13 ms against 46 ms; topics take 1.88 s against
1.46 s (their regexes' RE2 pass included): about 1.0 s more of a 92 s build. The
mentions and topics found are the same, on the real content and on those papers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import pairwise, product
from typing import Generic, TypeVar

T = TypeVar("T")

# Names and phrases are whole words of letters and digits: `A100-80GB`, `(H100)` and
# `A100_80GB` all hold the word A100. A word starts after a character that is no letter or
# digit; a phrase starts where a word does, with a word or another character (`(`).
WORD_STARTS = re.compile(r"(?<![^\W_])(?:[^\W_]+|\S)")
TOKEN = re.compile(r"[^\W_]+|\S")
# A trademark sign inside a name reads as a space: "NVIDIA®Jetson™ Orin Nano", "NVIDIA(R) Jetson(TM) Nano"
# (names are looked up in lowercase: "(r)", "(tm)").
MARKS = re.compile(r"[®™]|\((?:R|TM)\)")
# Or written in letters, glued to the name: "AMD InstinctTM MI300X".
GLUED_MARK = re.compile(r"(?<=[a-z])TM\b")
_NEXT_TOKEN = re.compile(r"((?:\s|[®™]|\((?:[Rr]|TM|tm)\))*)([^\W_]+|\S)")
_SPACES = re.compile(r"\s+")
# Links are not prose: "github.com/AMD-AIG-AIMA/..." names no hardware. A link where a word
# starts is skipped whole, so nothing inside it matches.
LINK = re.compile(r"(?:https?://|www\.)\S*")
LINK_WORDS = frozenset({"http", "https", "www"})


def spaced_once(text: str) -> str:
    """`text` with each run of spaces (newlines, tabs) written as one space: a phrase's key."""
    return _SPACES.sub(" ", text)


def spelling_key(text: str) -> str:
    """What two spellings of one phrase share: case and runs of spaces folded."""
    return " ".join(text.split()).casefold()


def prefixes_of(key: str, plural: bool = False) -> Iterator[str]:
    """`key` up to the end of each of its tokens (`rtx`, `rtx 4090`, `rtx 4090 ti`), and with
    a plural `s` if asked and it ends with a letter or digit (`rtx 4090 tis`)."""
    yield from (key[:token.end()] for token in TOKEN.finditer(key))
    if plural and key[-1].isalnum():
        yield key + "s"


def phrase_words(words: Iterable[re.Match[str]], text: str, starts: AbstractSet[str],
                 numbers: bool = False) -> Iterator[re.Match[str]]:
    """The words of `words` (`WORD_STARTS` found in `text`, or in `text` in lowercase) that
    may start a phrase: those in `starts`, and with `numbers` those starting with a digit
    (`8xA100`). A word in a link is skipped: a link where a word starts is skipped whole."""
    skip_to = 0  # the end of the last link
    for word in words:
        key = word.group()
        if key not in starts and key not in LINK_WORDS and not (numbers and key[0].isdecimal()):
            continue  # the usual word
        if word.start() < skip_to:
            continue
        if key in LINK_WORDS and (link := LINK.match(text, word.start())):
            skip_to = link.end()
        elif key in starts or (numbers and key[0].isdecimal()):
            yield word


def longest_at(text: str, start: int, end: int, prefixes: AbstractSet[str],
               lookup: Callable[[str, int], tuple[int, T] | None]) -> tuple[int, T] | None:
    """The longest phrase starting at `start` of `text` (as its phrases' keys are written),
    whose first token ends at `end`.

    Reads on token by token while the key read so far is in `prefixes`, asking
    `lookup(key, end)` at each for a phrase ending at `end`: (the phrase's end, its value),
    or None. Returns the last answer, the one that read furthest.
    """
    found, key = None, text[start:end]
    while key in prefixes:
        found = lookup(key, end) or found
        token = _NEXT_TOKEN.match(text, end)
        if token is None:
            break
        key += (" " if token.group(1) else "") + token.group(2)  # a run of spaces as one
        end = token.end()
    return found


@dataclass(frozen=True)
class PhraseTable(Generic[T]):
    """Phrases a text is read against: each one's value by its key, and what the keys start with."""

    values: dict[str, T]
    prefixes: frozenset[str]

    @classmethod
    def of(cls, phrases: Iterable[tuple[str, T]]) -> PhraseTable[T]:
        """The table of (key, value) pairs; of a key given twice, the first value counts."""
        values: dict[str, T] = {}
        for key, value in phrases:
            values.setdefault(key, value)
        return cls(values, frozenset(prefix for key in values for prefix in prefixes_of(key)))

    def longest_at(self, text: str, start: int, end: int) -> tuple[int, T] | None:
        """(end, value) of the longest phrase at `start` of `text` (its first token ending at
        `end`) that no letter or digit follows."""
        def lookup(key: str, end: int) -> tuple[int, T] | None:
            return (end, self.values[key]) if key in self.values and not text[end:end + 1].isalnum() else None

        return longest_at(text, start, end, self.prefixes, lookup)


# --------------------------------------------------------------------------
# The spellings of a hardware name

def ignores_case(alias: str) -> bool:
    """Whether a spelling with no space in it matches in any case.

    Only single-token product codes with a digit, four characters or more (`A100`,
    `Gaudi-2`, `MI300X`): nobody writes `a100` meaning anything else. Words (`Ampere`,
    the unit `ampere`), short codes (`T4`, `H20`) and names spelled with a space
    (`Max 1550`, not `max 1550 tokens`) match only as written.
    """
    return len(alias) >= 4 and not any(ch.isspace() for ch in alias) and any(ch.isdigit() for ch in alias) \
        and any(ch.isalpha() for ch in alias)


# A joint: a space or hyphen between two letters or digits of a hardware name. Text may fill
# it with spaces, a hyphen, or nothing between a letter and a digit: `RTX 4090` is `RTX-4090`
# and `RTX4090`. Words and numbers are not run together (`AdaLovelace`, `A10080GB`), and a
# name written without a joint is found as written (`A100`, not `A-100`; `T4`, not `T-4`).
JOINT = re.compile(r"(?<=[^\W_])(?:\s+|-)(?=[^\W_])")


def name_key(text: str) -> str:
    """What the spellings of a hardware name share: `RTX 4090`, `rtx-4090`, `RTX4090` are `rtx4090`."""
    return " ".join(JOINT.sub("", text).split()).casefold()


def joint_spellings(name: str) -> list[str]:
    """Every way text may fill the joints of `name`, runs of spaces written as one:
    `RTX 4090`, `RTX-4090`, `RTX4090`; `A100 80GB`, `A100-80GB`; and with a "+" that ends a
    word spelled out: `UltraScale+`, `UltraScale Plus`."""
    spellings = []
    for written in dict.fromkeys((name, _PLUS.sub(" Plus", name))):
        pieces = JOINT.split(written)
        fills = [[" ", "-", ""] if before[-1].isdigit() != after[0].isdigit() else [" ", "-"]
                 for before, after in pairwise(pieces)]
        for chosen in product(*fills):
            spellings.append(spaced_once(pieces[0] + "".join(fill + piece for fill, piece in zip(chosen, pieces[1:]))))
    return spellings


_PLUS = re.compile(r"(?<=[^\W_])\+(?![^\W_])")


def _paired(ch: str) -> bool:
    """Whether `ch` is one of a letter's two cases, each the other's (not the Kelvin sign, `ſ`, `İ`)."""
    lower, upper = ch.lower(), ch.upper()
    return len(lower) == len(upper) == 1 and lower != upper and ch in (lower, upper) \
        and lower.upper() == upper and upper.lower() == lower


def fold(text: str) -> str:
    """`text` in lowercase, character for character: what a spelling in any case is looked up
    by. A letter whose cases do not pair one to one (`ſ`, the Kelvin sign) stays as it is,
    so it matches only itself, in text and in names alike."""
    folded = text.lower()
    if text.isascii() or all(_paired(ch) or ch.lower() == ch for ch in set(text) if not ch.isascii()):
        return folded
    return "".join(ch.lower() if _paired(ch) else ch for ch in text)


def _same(a: T, b: T) -> T | None:
    return a if a == b else None


def longest_first(candidates: list[tuple[int, int, T]],
                  joined: Callable[[T, T], T | None] = _same) -> list[tuple[int, int, T]]:
    """Non-overlapping candidates, longer spans winning over shorter ones they overlap, in text order;
    two that overlap and name one thing (`joined` gives it, or None) are one span ("AMD V80" and "V80
    FPGA": "AMD V80 FPGA")."""
    if all(a[1] <= b[0] for a, b in pairwise(candidates)):
        return candidates  # in text order already, and nothing overlaps: the usual case
    merged: list[tuple[int, int, T]] = []
    for cand in sorted(candidates, key=lambda c: (c[0], -c[1])):
        one = joined(merged[-1][2], cand[2]) if merged and cand[2] is not None and merged[-1][2] is not None \
            and cand[0] < merged[-1][1] else None
        if one is not None:
            merged[-1] = (merged[-1][0], max(merged[-1][1], cand[1]), one)
        else:
            merged.append(cand)
    candidates = merged
    chosen: list[tuple[int, int, T]] = []
    for cand in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
        if all(cand[1] <= start or cand[0] >= end for start, end, _ in chosen):
            chosen.append(cand)
    return sorted(chosen)
