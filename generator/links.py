"""Links between papers: where one names another, and which papers are related.

Both stay linear in the size of the list: mentions are found by one combined
regular expression over every abstract, and related papers by a sparse
TF-IDF product taken in row blocks, keeping only the top few per paper.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfTransformer
from sklearn.preprocessing import normalize

from . import workers
from .model import Paper

# Words that follow "we present" without being a name.
_NOT_NAMES = {
    "A", "An", "The", "This", "That", "These", "Our", "We", "It", "In", "On", "To", "For", "Two",
    "Three", "Four", "Several", "Many", "Both", "Each", "Such", "New", "Novel", "First", "Finally",
    "Specifically", "Here", "However", "GPU", "GPUs", "CPU", "CPUs", "LLM", "LLMs", "AI", "DNN",
    "DNNs", "CNN", "CNNs", "NAS", "API", "CUDA", "NVIDIA", "AMD", "Intel", "ASIC", "ASICs", "FPGA",
    "FPGAs", "NPU", "NPUs", "TPU", "TPUs", "SSD", "SSDs", "NVMe",
}
_INTRODUCED = re.compile(
    r"\b(?:we (?:present|introduce|propose|develop|design|build|release|call)|"
    r"this (?:paper|work|report) (?:presents|introduces|proposes)|called|named|dubbed)"
    r"\s+([A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)(\s*[,(:])?"
)
MIN_NAME_CHARS = 3


@dataclass(frozen=True)
class Mention:
    """`source` names `target` at [start, end) of its abstract."""

    source: str
    target: str
    start: int
    end: int


def names_of(paper: Paper) -> list[str]:
    """The names a paper goes by: the short name of its title and systems its abstract introduces."""
    names: list[str] = []
    if paper.short_name:
        names.append(paper.short_name)
    for match in _INTRODUCED.finditer(paper.abstract):
        name = match.group(1).rstrip(".")
        # "ElasticViT", "GLM-130B": shaped like a name. "Fuyou": a plain word, so
        # only when it is set off as one ("we present Fuyou, a ...").
        shaped = re.search(r"[A-Z0-9-]", name[1:]) is not None or match.group(2) is not None
        if shaped and name not in _NOT_NAMES and len(name) >= MIN_NAME_CHARS and name not in names:
            names.append(name)
    return names


# Where a name may end: not inside a word, nor before a hyphenated suffix ("Llama" in "Llama-2").
_NAME_END = r"(?![\w]|-\w)"


def names_pattern(names: list[str]) -> re.Pattern[str]:
    """One regex finding, at each place a word starts, the longest of `names` that ends there as a word.

    The names are merged into a trie: an alternation of thousands of names would
    try each in turn at every position, which grows with the list times its text.
    Each character of the trie has one way on, and longer names are tried before
    a shorter one may end, so the match is the one `name1|name2|...` sorted
    longest first would give.
    """
    trie: dict = {}
    for name in names:
        node = trie
        for ch in name:
            node = node.setdefault(ch, {})
        node[""] = {}  # a name ends here

    def pattern(node: dict) -> str:
        branches = [re.escape(ch) + pattern(child) for ch, child in sorted(node.items()) if ch]
        if "" in node:
            branches.append(_NAME_END)
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return re.compile(r"(?<![\w-])" + pattern(trie))


def find_mentions(papers: list[Paper]) -> list[Mention]:
    """Every place an abstract names another paper of the list, in paper and text order."""
    owner: dict[str, str] = {}
    ambiguous: set[str] = set()
    for paper in papers:
        for name in names_of(paper):
            if name in owner and owner[name] != paper.slug:
                ambiguous.add(name)
            owner.setdefault(name, paper.slug)
    names = [n for n in owner if n not in ambiguous]
    if not names:
        return []
    pattern = names_pattern(names)
    mentions: list[Mention] = []
    for paper in papers:
        for match in pattern.finditer(paper.abstract):
            target = owner[match.group(0)]
            if target != paper.slug:
                mentions.append(Mention(paper.slug, target, match.start(), match.end()))
    return mentions


@dataclass(frozen=True)
class Related:
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


# Words as related papers compare them: a word may hold inner dots and hyphens ("fp8",
# "a100-80gb", "zero-infinity"); common English words do not count.
_WORD = re.compile(r"(?u)\b[\w][\w.-]*[\w]\b|\b\w\b")


def word_counts(texts: list[str]) -> sparse.csr_matrix:
    """How often each word occurs in each text, lowercased, without English stop words: the
    matrix scikit-learn's CountVectorizer gives (columns in word order), counted with
    `collections.Counter` over each text's words, which is several times faster than its
    loop over every word."""
    vocabulary: dict[str, int] = {}
    columns: list[int] = []
    counts: list[int] = []
    row_starts = [0]
    for text in texts:
        found = Counter(_WORD.findall(text.lower()))
        for word in ENGLISH_STOP_WORDS & found.keys():
            del found[word]
        columns.extend([vocabulary.setdefault(word, len(vocabulary)) for word in found])
        counts.extend(found.values())
        row_starts.append(len(columns))
    # Columns in word order, as CountVectorizer sorts them.
    position = np.empty(len(vocabulary), dtype=np.int64)
    position[[vocabulary[word] for word in sorted(vocabulary)]] = np.arange(len(vocabulary))
    matrix = sparse.csr_matrix(
        (np.asarray(counts, dtype=np.float32), position[np.asarray(columns, dtype=np.int64)], row_starts),
        shape=(len(texts), max(len(vocabulary), 1)), dtype=np.float32)
    matrix.sort_indices()
    return matrix


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


def _top_k(columns: np.ndarray, scores: np.ndarray, k: int, rank: np.ndarray) -> list[tuple[int, float]]:
    """(column, score) of the k highest scores, ties by `rank`. Scores are rounded first, so
    that float noise in the last bits never decides between two equal scores."""
    rounded = np.round(scores.astype(np.float64), 6)
    if len(columns) > k:
        threshold = np.partition(rounded, len(rounded) - k)[len(rounded) - k]
        keep = rounded >= threshold  # all that tie with the k-th: the tie-break decides among them
        columns, rounded = columns[keep], rounded[keep]
    order = np.lexsort((rank[columns], -rounded))[:k]
    return list(zip(columns[order].tolist(), rounded[order].tolist()))


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
    if len(papers) < 2:
        return {p.slug: [] for p in papers}
    texts = [f"{p.title}\n{p.title}\n{p.abstract}" for p in papers]
    text_matrix = normalize(TfidfTransformer(sublinear_tf=True).fit_transform(word_counts(texts)))
    combined = sparse.hstack([
        text_matrix * np.sqrt(TEXT_WEIGHT),
        _labels_matrix([hardware.get(p.slug, []) for p in papers]) * np.sqrt(HARDWARE_WEIGHT),
        _labels_matrix([topics.get(p.slug, []) for p in papers]) * np.sqrt(TOPIC_WEIGHT),
    ]).tocsr()
    telling = _telling_features(combined, COMMON_FEATURE_PAPERS)
    telling_t = telling.T.tocsr()
    rank = np.argsort(np.argsort([p.slug for p in papers], kind="stable"))

    chosen: list[tuple[int, int, float]] = []  # (paper, related paper, score)
    for start in range(0, len(papers), BLOCK_ROWS):
        scores = (telling[start:start + BLOCK_ROWS] @ telling_t).tocsr()
        for offset in range(scores.shape[0]):
            i = start + offset
            row = slice(scores.indptr[offset], scores.indptr[offset + 1])
            columns, values = scores.indices[row], scores.data[row]
            keep = (columns != i) & (values > 0)  # never related to itself
            chosen.extend((i, j, score) for j, score in _top_k(columns[keep], values[keep], k, rank))

    # Wording similarity is shown for the chosen pairs only: a dot product per pair.
    if chosen:
        left = np.fromiter((i for i, _, _ in chosen), dtype=np.int64, count=len(chosen))
        right = np.fromiter((j for _, j, _ in chosen), dtype=np.int64, count=len(chosen))
        similarity = np.asarray(text_matrix[left].multiply(text_matrix[right]).sum(axis=1)).ravel().tolist()
    else:
        similarity = []
    result: dict[str, list[Related]] = {p.slug: [] for p in papers}
    for (i, j, score), text_similarity in zip(chosen, similarity):
        paper, other = papers[i], papers[j]
        result[paper.slug].append(Related(
            slug=other.slug,
            score=score,
            shared_hardware=tuple(sorted(set(hardware.get(paper.slug, [])) & set(hardware.get(other.slug, [])))),
            shared_topics=tuple(sorted(set(topics.get(paper.slug, [])) & set(topics.get(other.slug, [])))),
            text_similarity=round(text_similarity, 3),
        ))
    return result


def mentioned_by(mentions: list[Mention]) -> dict[str, list[str]]:
    """target -> the papers that name it, each once, sorted."""
    sources: dict[str, set[str]] = defaultdict(set)
    for mention in mentions:
        sources[mention.target].add(mention.source)
    return {target: sorted(found) for target, found in sources.items()}


def derive_links(
    papers: list[Paper],
    hardware: dict[str, list[str]],
    topics: dict[str, list[str]],
    k: int = 5,
    jobs: int | None = None,
) -> tuple[list[Mention], dict[str, list[Related]]]:
    """(mentions, related) of the papers; for a large list, the two are worked out side by
    side in two worker processes."""
    mentions, related = workers.side_by_side(
        [lambda: find_mentions(papers), lambda: related_papers(papers, hardware, topics, k=k)],
        parallel=len(papers) >= workers.PARALLEL_ITEMS, jobs=jobs)
    return mentions, related

