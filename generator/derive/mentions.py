"""Where one paper of the list names another: its names, and the places abstracts use them.

A paper's names are the short name of its title and the systems its abstract
introduces. All names are found by one regular expression over every abstract,
merged into a trie so that it stays linear in the size of the list.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from typing import NamedTuple


from ..content.model import Paper

# Words that follow "we present" without being a name, and generic terms of the field: with the
# English stop words, no paper's name, in any case or number ("The", "the", "GPUs", "llm").
_NOT_NAMES = {
    "A", "An", "The", "This", "That", "These", "Our", "We", "It", "In", "On", "To", "For", "Two",
    "Three", "Four", "Several", "Many", "Both", "Each", "Such", "New", "Novel", "First", "Finally",
    "Specifically", "Here", "However", "GPU", "GPUs", "CPU", "CPUs", "LLM", "LLMs", "AI", "DNN",
    "DNNs", "CNN", "CNNs", "NAS", "API", "CUDA", "NVIDIA", "AMD", "Intel", "ASIC", "ASICs", "FPGA",
    "FPGAs", "NPU", "NPUs", "TPU", "TPUs", "SSD", "SSDs", "NVMe",
}
# "we present X", "called X": the words that introduce a name, then the name, then perhaps
# the comma, bracket or colon that sets it off.
_INTRODUCED = re.compile(
    r"\b(?:we (?:present|introduce|propose|develop|design|build|release|call)"
    r"|this (?:paper|work|report) (?:presents|introduces|proposes)|called|named|dubbed)"
    r"\s+([A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)(\s*[,(:])?")
MIN_NAME_CHARS = 3
# A name that the abstracts of more than GENERIC_FLOOR papers, and of more than GENERIC_SHARE
# of the list, use as a word is the field's vocabulary ("Transformer", "Inference"), not one
# paper's name: like a word past Lucene's `maxDocFreq`. The floor keeps a short list's names,
# which few papers can share; the share scales to a long list, whose famous names some
# hundreds of papers may mention.
GENERIC_FLOOR = 5
GENERIC_SHARE = 0.1


class Mention(NamedTuple):
    """`source` names `target` at [start, end) of its abstract."""

    source: str
    target: str
    start: int
    end: int


def names_of(paper: Paper) -> list[str]:
    """The names a paper goes by: the short name of its title and systems its abstract
    introduces, less those that are plain words (`is_plain_word`)."""
    short_name = paper.short_name
    names = [short_name] if short_name and not is_plain_word(short_name) else []
    for match in _INTRODUCED.finditer(paper.abstract):
        name = match.group(1).rstrip(".")
        # "ElasticViT", "GLM-130B": shaped like a name. "Fuyou": a plain word, so
        # only when it is set off as one ("we present Fuyou, a ...").
        shaped = re.search(r"[A-Z0-9-]", name[1:]) is not None or match.group(2) is not None
        if shaped and not is_plain_word(name) and name not in names:
            names.append(name)
    return names


@functools.cache
def _plain_words() -> frozenset[str]:
    """English stop words (scikit-learn's list) and the words that are never names. Imported when
    first asked for: scikit-learn takes about a second to import, which `new` and `check` never need."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
    return ENGLISH_STOP_WORDS | {name.lower() for name in _NOT_NAMES}
# Words as related papers count them and names are told apart from plain words: a word may hold
# inner dots and hyphens ("fp8", "a100-80gb", "zero-infinity").
WORD = re.compile(r"\w(?:[\w.-]*\w)?")


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def is_plain_word(name: str) -> bool:
    """Whether `name` is no name but plain words, whatever the list: shorter than
    MIN_NAME_CHARS, without a letter ("2024"), or each of its words, in any case,
    singular or plural, an English stop word or a generic term ("The", "GPUs", "On the")."""
    if len(name) < MIN_NAME_CHARS or not any(ch.isalpha() for ch in name):
        return True
    plain = _plain_words()
    return all(word in plain or word.removesuffix("s") in plain for word in _words(name))


def _generic(names: list[str], papers_using: Counter[str], abstracts: int) -> set[str]:
    """The `names` each of whose words, in any case, singular or plural, more than GENERIC_FLOOR
    of the list's `abstracts` (their number), and more than GENERIC_SHARE of them, use
    (`papers_using`: how many use each word): "GPU" ("gpus"), "Large Language Model" (all
    three words)."""
    most = max(GENERIC_FLOOR, GENERIC_SHARE * abstracts)
    if abstracts <= most:
        return set()  # no word is in more abstracts than there are
    return {name for name in names
            if all(papers_using[word] > most for word in set(_singular_words(name)) - {""})}


def _singular_words(text: str) -> list[str]:
    """The words of `text`, lowercased, less a final "s" ("GPUs." -> "gpu")."""
    return [word.removesuffix("s") for word in _words(text)]


# Where a name may start: not inside a word, nor after a hyphen. Where it may end: not
# inside a word, nor before a hyphenated suffix ("Llama" in "Llama-2").
_NAME_START = r"(?<![\w-])"
_NAME_END = r"(?![\w]|-\w)"


def names_pattern(names: list[str]) -> re.Pattern[str]:
    """One regex finding, at each place a word starts, the longest of `names` (non-empty
    strings) that ends there as a word.

    The names are merged into a trie: an alternation of thousands of names would
    try each in turn at every position, which grows with the list times its text.
    Each character of the trie has one way on, and longer names are tried before
    a shorter one may end, so the match is the one `name1|name2|...` sorted
    longest first would give. The name-end check comes once, after the trie, not
    after each name: the engine backtracks into the trie when the check fails, so
    the matches are the same, and the pattern is a fifth as long to compile.
    """
    trie: dict = {}
    for name in names:
        node = trie
        for ch in name:
            node = node.setdefault(ch, {})
        node[""] = {}  # a name ends here
    return re.compile(_NAME_START + _trie_pattern(trie) + _NAME_END)


def _trie_pattern(node: dict) -> str:
    """The regex of the rest of the names through `node`: each way on in turn, then, when a
    name ends at `node`, nothing more (the greedy `?` tries the ways on first)."""
    branches = [re.escape(ch) + _trie_pattern(child) for ch, child in sorted(node.items()) if ch]
    ends_here = "" in node
    if not branches:
        return ""
    if len(branches) == 1 and not ends_here:
        return branches[0]
    return "(?:" + "|".join(branches) + ")" + ("?" if ends_here else "")


def find_mentions(papers: list[Paper], finder: MentionFinder | None = None) -> tuple[Mention, ...]:
    """Every place an abstract names another paper of the list, in paper and text order: by a
    name only that paper goes by (`names_of`), and that is not the list's vocabulary
    (`_generic`). A `finder` kept from the run before reads only what changed."""
    return (finder if finder is not None else MentionFinder()).find(papers)


class MentionFinder:
    """`find_mentions`, remembering what it read in its last run: under `mkdocs serve` a save
    changes a paper or two, and only their texts are read again. Each thing it remembers is
    a function of a text, looked up by that text (a paper's names by its title and abstract,
    the names found in an abstract by the abstract and the names looked for), or a count of
    the words of the abstracts that is brought up to date by the abstracts added or removed
    since: so a run finds what a first run would (tests/test_mentions.py)."""

    def __init__(self) -> None:
        self.names: dict[tuple[str, str], list[str]] = {}  # (title, abstract) -> names_of
        self.abstracts: Counter[str] = Counter()  # the last run's abstracts
        self.papers_using: Counter[str] = Counter()  # a word -> how many of them use it
        self.looked_for: tuple[str, ...] = ()
        self.pattern: re.Pattern[str] | None = None  # names_pattern(self.looked_for)
        self.spots: dict[str, list[tuple[str, int, int]]] = {}  # abstract -> (name, start, end)

    def find(self, papers: list[Paper]) -> tuple[Mention, ...]:
        names = {(p.title, p.abstract): self.names[p.title, p.abstract] if (p.title, p.abstract) in self.names
                 else names_of(p) for p in papers}
        self.names = names
        owner: dict[str, str] = {}
        ambiguous: set[str] = set()
        for paper in papers:
            for name in names[paper.title, paper.abstract]:
                if name in owner and owner[name] != paper.slug:
                    ambiguous.add(name)
                owner.setdefault(name, paper.slug)
        self._count_words([paper.abstract for paper in papers])
        generic = _generic(list(owner), self.papers_using, len(papers))
        looked_for = tuple(n for n in owner if n not in ambiguous and n not in generic)
        if looked_for != self.looked_for:
            self.looked_for, self.spots = looked_for, {}
            self.pattern = names_pattern(list(looked_for)) if looked_for else None
        spots = {paper.abstract: self._spots(paper.abstract) for paper in papers}
        self.spots = spots
        return tuple(Mention(paper.slug, owner[name], start, end) for paper in papers
                     for name, start, end in spots[paper.abstract] if owner[name] != paper.slug)

    def _count_words(self, abstracts: list[str]) -> None:
        now = Counter(abstracts)
        for abstract in now.keys() | self.abstracts.keys():
            change = now[abstract] - self.abstracts[abstract]
            for word in set(_singular_words(abstract)) if change else ():
                self.papers_using[word] += change
                if not self.papers_using[word]:
                    del self.papers_using[word]
        self.abstracts = now

    def _spots(self, abstract: str) -> list[tuple[str, int, int]]:
        if abstract in self.spots:
            return self.spots[abstract]
        if self.pattern is None:
            return []
        return [(match.group(0), match.start(), match.end()) for match in self.pattern.finditer(abstract)]

