"""Links between papers: where one names another, and which papers are related.

Both stay linear in the size of the list: mentions are found by one combined
regular expression over every abstract, and related papers by a sparse
TF-IDF product taken in row blocks, keeping only the top few per paper.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import NamedTuple

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
_INTRODUCED = re.compile(  # the lookahead: the first letters of the words below
    r"(?=[wtcnd])\b(?:we (?:present|introduce|propose|develop|design|build|release|call)|"
    r"this (?:paper|work|report) (?:presents|introduces|proposes)|called|named|dubbed)"
    r"\s+([A-Z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*)(\s*[,(:])?"
)
MIN_NAME_CHARS = 3


class Mention(NamedTuple):
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


class Related(NamedTuple):
    """A related paper and why. A named tuple: tens of thousands are made, and handed back
    from a worker process, in a large list (several times cheaper than a frozen dataclass)."""

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
# "a100-80gb", "zero-infinity"); common English words do not count. The pattern finds the
# same words as `\b[\w][\w.-]*[\w]\b|\b\w\b` with no alternation to try at each word.
_WORD = re.compile(r"(?u)\w(?:[\w.-]*\w)?")


def word_counts(texts: list[str]) -> sparse.csr_matrix:
    """How often each word occurs in each text, lowercased, without English stop words: the
    matrix scikit-learn's CountVectorizer gives (columns in word order), counted with
    `collections.Counter` over each text's words, which is several times faster than its
    loop over every word. Stop words are counted like any word, and their columns dropped
    at the end: once, not once per text."""
    vocabulary: defaultdict[str, int] = defaultdict()
    vocabulary.default_factory = vocabulary.__len__  # a word seen first takes the next column
    columns: list[int] = []
    counts: list[int] = []
    row_starts = [0]
    for text in texts:
        found = Counter(_WORD.findall(text.lower()))
        columns.extend(map(vocabulary.__getitem__, found))
        counts.extend(found.values())
        row_starts.append(len(columns))
    # Columns in word order, as CountVectorizer sorts them; a stop word's column is -1.
    kept = [word for word in sorted(vocabulary) if word not in ENGLISH_STOP_WORDS]
    position = np.full(len(vocabulary), -1, dtype=np.int64)
    position[[vocabulary[word] for word in kept]] = np.arange(len(kept))
    column_of = position[np.asarray(columns, dtype=np.int64)]
    keep = column_of >= 0
    kept_before = np.concatenate([[0], np.cumsum(keep)])  # entries kept before each one
    matrix = sparse.csr_matrix(
        (np.asarray(counts, dtype=np.float32)[keep], column_of[keep], kept_before[row_starts]),
        shape=(len(texts), max(len(kept), 1)), dtype=np.float32)
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


def _top_k_per_row(scores: sparse.csr_matrix, first_row: int, k: int,
                   rank: np.ndarray) -> Iterator[tuple[int, int, float]]:
    """(row, column, score) of the k highest scores of each row of a block whose first row is
    paper `first_row`, rows in order, then highest score first, ties by `rank`. Scores are
    rounded to 6 decimals first, so that float noise in the last bits never decides between
    two equal scores; a paper is never its own match."""
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
    return zip(rows[top].tolist(), columns[top].tolist(), (micros[top] / 1e6).tolist())


def _order_by_row_score_rank(rows: np.ndarray, micros: np.ndarray, ranks: np.ndarray, papers: int) -> np.ndarray:
    """The order of entries by row, then highest score, then rank: one sort of one integer key
    (several times faster than np.lexsort of three), or the lexsort when the key would not fit."""
    top = int(micros.max(initial=0))
    if (int(rows.max(initial=0)) + 1) * (top + 1) * papers < 2**62:
        return np.argsort((rows * (top + 1) + (top - micros)) * papers + ranks, kind="stable")
    return np.lexsort((ranks, -micros, rows))


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
        chosen.extend(_top_k_per_row(scores, start, k, rank))

    # Wording similarity is shown for the chosen pairs only: a dot product per pair.
    if chosen:
        left = np.fromiter((i for i, _, _ in chosen), dtype=np.int64, count=len(chosen))
        right = np.fromiter((j for _, j, _ in chosen), dtype=np.int64, count=len(chosen))
        similarity = np.asarray(text_matrix[left].multiply(text_matrix[right]).sum(axis=1)).ravel().tolist()
    else:
        similarity = []
    result: dict[str, list[Related]] = {p.slug: [] for p in papers}
    hardware_sets = [set(hardware.get(p.slug, ())) for p in papers]
    topic_sets = [set(topics.get(p.slug, ())) for p in papers]
    for (i, j, score), text_similarity in zip(chosen, similarity):
        result[papers[i].slug].append(Related(
            papers[j].slug, score, _sorted_tuple(hardware_sets[i] & hardware_sets[j]),
            _sorted_tuple(topic_sets[i] & topic_sets[j]), round(text_similarity, 3)))
    return result


def _sorted_tuple(ids: set[str]) -> tuple[str, ...]:
    return tuple(sorted(ids)) if len(ids) > 1 else tuple(ids)


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

