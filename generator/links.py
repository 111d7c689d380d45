"""Links between papers: where one names another, and which papers are related.

Both stay linear in the size of the list: mentions are found by one combined
regular expression over every abstract, and related papers by a sparse
TF-IDF product taken in row blocks, keeping only the top few per paper.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from functools import lru_cache
from itertools import repeat
from typing import NamedTuple

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer, TfidfTransformer
from sklearn.preprocessing import normalize

from .model import Paper

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


_PLAIN_WORDS = ENGLISH_STOP_WORDS | {name.lower() for name in _NOT_NAMES}
# Words as related papers count them and names are told apart from plain words: a word may hold
# inner dots and hyphens ("fp8", "a100-80gb", "zero-infinity").
_WORD = re.compile(r"\w(?:[\w.-]*\w)?")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def is_plain_word(name: str) -> bool:
    """Whether `name` is no name but plain words, whatever the list: shorter than
    MIN_NAME_CHARS, without a letter ("2024"), or each of its words, in any case,
    singular or plural, an English stop word or a generic term ("The", "GPUs", "On the")."""
    if len(name) < MIN_NAME_CHARS or not any(ch.isalpha() for ch in name):
        return True
    return all(word in _PLAIN_WORDS or word.removesuffix("s") in _PLAIN_WORDS for word in _words(name))


def generic_names(names: list[str], abstracts: list[str]) -> set[str]:
    """The `names` each of whose words more than GENERIC_FLOOR of the `abstracts`, and more than
    GENERIC_SHARE of them, use, in any case, singular or plural ("GPU": "gpus"; "Large
    Language Model": all three words). One pass of word counts over the abstracts."""
    most = max(GENERIC_FLOOR, GENERIC_SHARE * len(abstracts))
    if len(abstracts) <= most:
        return set()  # no word is in more abstracts than there are
    words_of = {name: set(_singular_words(name)) - {""} for name in names}
    names_words = set().union(*words_of.values())
    papers_using: Counter[str] = Counter()
    for abstract in abstracts:
        papers_using.update(names_words.intersection(_singular_words(abstract)))
    return {name for name, words in words_of.items() if all(papers_using[word] > most for word in words)}


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


def find_mentions(papers: list[Paper]) -> tuple[Mention, ...]:
    """Every place an abstract names another paper of the list, in paper and text order: by a
    name only that paper goes by (`names_of`), and that is not the list's vocabulary
    (`generic_names`)."""
    return _mentions(tuple((p.slug, p.title, p.abstract) for p in papers))


@lru_cache(maxsize=1)  # under `mkdocs serve`, most saves leave every title and abstract as it was
def _mentions(texts: tuple[tuple[str, str, str], ...]) -> tuple[Mention, ...]:
    """`find_mentions` of the papers with these (slug, title, abstract)."""
    papers = [Paper(slug=slug, title=title, abstract=abstract) for slug, title, abstract in texts]
    owner: dict[str, str] = {}
    ambiguous: set[str] = set()
    for paper in papers:
        for name in names_of(paper):
            if name in owner and owner[name] != paper.slug:
                ambiguous.add(name)
            owner.setdefault(name, paper.slug)
    names = [n for n in owner if n not in ambiguous]
    generic = generic_names(names, [paper.abstract for paper in papers]) if names else set()
    names = [n for n in names if n not in generic]
    if not names:
        return ()
    pattern = names_pattern(names)
    mentions: list[Mention] = []
    for paper in papers:
        for match in pattern.finditer(paper.abstract):
            target = owner[match.group(0)]
            if target != paper.slug:
                mentions.append(Mention(paper.slug, target, match.start(), match.end()))
    return tuple(mentions)


class Related(NamedTuple):
    """A related paper and why. A named tuple: a large list makes tens of thousands (several
    times faster than a frozen dataclass)."""

    slug: str
    score: float
    shared_hardware: tuple[str, ...]
    shared_topics: tuple[str, ...]
    text_similarity: float


# How much a shared device or topic counts against similar wording.
TEXT_WEIGHT = 1.0
HARDWARE_WEIGHT = 0.5
TOPIC_WEIGHT = 0.5
# A word, device or topic shared by more papers than this says little about which of them
# to read next, and scoring it would pair each of those papers with all the others: a
# quadratic product. Like Lucene's MoreLikeThis (`maxDocFreq`), such features do not score.
# A list this size or smaller is scored on every feature.
COMMON_FEATURE_PAPERS = 200
BLOCK_ROWS = 2048


def word_counts(texts: list[str]) -> sparse.csr_matrix:
    """How often each word (`_WORD`, lowercased, no English stop word) occurs in each text: a
    column per word, in word order, each row's columns sorted; a column of zeros when no text
    holds such a word."""
    counter = CountVectorizer(token_pattern=_WORD.pattern, stop_words="english", dtype=np.float32)
    try:
        counts = counter.fit_transform(texts)
    except ValueError:  # an empty vocabulary
        return sparse.csr_matrix((len(texts), 1), dtype=np.float32)
    counts.sort_indices()
    return counts


def _labels_matrix(labels: list[list[str]]) -> sparse.csr_matrix:
    vocabulary = sorted({label for row in labels for label in row})
    column = {label: i for i, label in enumerate(vocabulary)}
    rows, cols = [], []
    for i, row in enumerate(labels):
        for label in set(row):
            rows.append(i)
            cols.append(column[label])
    data = np.ones(len(rows), dtype=np.float32)
    matrix = sparse.csr_matrix((data, (rows, cols)), shape=(len(labels), max(len(vocabulary), 1)))
    return normalize(matrix)


def _telling_features(matrix: sparse.csr_matrix, most_papers: int) -> sparse.csr_matrix:
    """`matrix` without the columns that more than `most_papers` rows use."""
    papers_per_feature = np.bincount(matrix.indices, minlength=matrix.shape[1])
    if papers_per_feature.max(initial=0) <= most_papers:
        return matrix
    return matrix[:, np.flatnonzero(papers_per_feature <= most_papers)].tocsr()


def _top_k_per_row(scores: sparse.csr_matrix, first_row: int, k: int,
                   rank: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rows, columns, scores in millionths) of the k highest scores of each row of a block
    whose first row is paper `first_row`, rows in order, then highest score first, ties by
    `rank`. Scores are rounded to 6 decimals first, so that float noise in the last bits never
    decides between two equal scores; a paper is never its own match."""
    rows = np.repeat(np.arange(first_row, first_row + scores.shape[0]), np.diff(scores.indptr))
    keep = (scores.indices != rows) & (scores.data > 0)
    rows, columns = rows[keep], scores.indices[keep]
    # np.round(x, 6) is rint(x * 1e6) / 1e6: the integers sort the same, exactly.
    micros = np.rint(scores.data[keep].astype(np.float64) * 1e6).astype(np.int64)
    order = _order_by_row_score_rank(rows - first_row, micros, rank[columns], len(rank))
    rows, columns, micros = rows[order], columns[order], micros[order]
    # Each entry's place in its row, once sorted: the first k of each row are kept.
    row_firsts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]]) if len(rows) else np.zeros(0, dtype=np.int64)
    place = np.arange(len(rows)) - np.repeat(row_firsts, np.diff(np.r_[row_firsts, len(rows)]))
    top = place < k
    return rows[top], columns[top].astype(np.int64), micros[top]


def _order_by_row_score_rank(rows: np.ndarray, micros: np.ndarray, ranks: np.ndarray, papers: int) -> np.ndarray:
    """The order of entries by row, then highest score, then rank: one sort of one integer key
    (several times faster than np.lexsort of three), or the lexsort when the key would not fit."""
    top = int(micros.max(initial=0))
    if (int(rows.max(initial=0)) + 1) * (top + 1) * papers < 2**62:
        return np.argsort((rows * (top + 1) + (top - micros)) * papers + ranks, kind="stable")
    return np.lexsort((ranks, -micros, rows))


@lru_cache(maxsize=1)  # under `mkdocs serve`, most saves leave every title and abstract as it was
def _text_matrix(texts: tuple[str, ...]) -> sparse.csr_matrix:
    """The texts' TF-IDF vectors (sublinear counts), normalized."""
    return normalize(TfidfTransformer(sublinear_tf=True).fit_transform(word_counts(list(texts))))


def related_papers(
    papers: list[Paper],
    hardware: dict[str, list[str]],
    topics: dict[str, list[str]],
    k: int = 5,
) -> dict[str, list[Related]]:
    """The k most related papers of each paper, by wording, shared devices and shared topics.

    One sparse matrix holds all three as weighted, normalized feature blocks, so
    one product scores the pairs of a block of rows. Features that many papers
    share are left out of it (`COMMON_FEATURE_PAPERS`), which keeps the product
    sparse: each paper is scored against the papers it shares a telling word,
    device or topic with, not against the whole list. Ties go to the slug that
    sorts first, so the same content always gives the same lists.
    """
    return _related_papers(tuple((p.slug, p.title, p.abstract, tuple(hardware.get(p.slug, ())),
                                  tuple(topics.get(p.slug, ()))) for p in papers), k)


@lru_cache(maxsize=1)  # under `mkdocs serve`, most saves change no paper's text, hardware or topics
def _related_papers(papers: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...]], ...],
                    k: int) -> dict[str, list[Related]]:
    """`related_papers` of the papers with these (slug, title, abstract, hardware, topics)."""
    slugs = [slug for slug, *_ in papers]
    if len(papers) < 2:
        return {slug: [] for slug in slugs}
    hardware = [labels for *_, labels, _ in papers]
    topics = [labels for *_, labels in papers]
    text_matrix = _text_matrix(tuple(f"{title}\n{title}\n{abstract}" for _, title, abstract, *_ in papers))
    combined = sparse.hstack([
        text_matrix * np.sqrt(TEXT_WEIGHT),
        _labels_matrix(hardware) * np.sqrt(HARDWARE_WEIGHT),
        _labels_matrix(topics) * np.sqrt(TOPIC_WEIGHT),
    ]).tocsr()
    telling = _telling_features(combined, COMMON_FEATURE_PAPERS)
    telling_t = telling.T.tocsr()
    rank = np.argsort(np.argsort(slugs, kind="stable"))

    blocks = [_top_k_per_row((telling[start:start + BLOCK_ROWS] @ telling_t).tocsr(), start, k, rank)
              for start in range(0, len(papers), BLOCK_ROWS)]
    left, right, micros = (np.concatenate(parts) for parts in zip(*blocks))  # paper, related paper, score
    if not len(left):
        return {slug: [] for slug in slugs}
    # Wording similarity is shown for the chosen pairs only: a dot product per pair.
    similarity = np.asarray(text_matrix[left].multiply(text_matrix[right]).sum(axis=1)).ravel().tolist()
    left_papers, right_papers = left.tolist(), right.tolist()
    # k per paper: built by maps over whole lists, not a loop of Python statements per pair.
    related = list(map(Related._make, zip(
        map(slugs.__getitem__, right_papers),
        (micros / 1e6).tolist(),
        _shared_labels(hardware, left_papers, right_papers),
        _shared_labels(topics, left_papers, right_papers),
        map(round, similarity, repeat(3)),
    )))
    # The pairs come paper by paper: each paper's related papers are a slice of the list.
    ends = np.cumsum(np.bincount(left, minlength=len(papers))).tolist()
    return {slug: related[first:end] for slug, first, end in zip(slugs, [0, *ends], ends)}


def _shared_labels(labels: list[Iterable[str]], left: list[int], right: list[int]) -> list[tuple[str, ...]]:
    """The labels papers `left[n]` and `right[n]` both have, sorted, for each n."""
    label_sets = [set(row) for row in labels]
    return [tuple(sorted(label_sets[i] & label_sets[j])) for i, j in zip(left, right)]


def mentioned_by(mentions: list[Mention]) -> dict[str, list[str]]:
    """target -> the papers that name it, each once, sorted."""
    sources: dict[str, set[str]] = defaultdict(set)
    for mention in mentions:
        sources[mention.target].add(mention.source)
    return {target: sorted(found) for target, found in sources.items()}
