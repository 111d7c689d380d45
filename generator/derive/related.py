"""Which papers of the list are related: by wording, shared devices and shared topics.

It stays linear in the size of the list: a sparse TF-IDF product taken in row
blocks, keeping only the top few per paper.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import NamedTuple

import numpy as np
from scipy import sparse

from .mentions import WORD
from ..content.model import Paper

class Related(NamedTuple):
    """A related paper and why. A named tuple: a large list makes tens of thousands (several
    times faster than a frozen dataclass)."""

    slug: str
    score: float
    shared_hardware: tuple[str, ...]
    shared_topics: tuple[str, ...]


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


def word_counts(texts: list[str], counter: WordCounter | None = None) -> sparse.csr_matrix:
    """How often each word occurs in each text, as CountVectorizer counts it (`WORD`, lowercased,
    no English stop word): a column per word, in word order, each row's columns sorted; a
    column of zeros when no text holds such a word. A `counter` kept from the run before reads
    only the texts that changed."""
    return (counter if counter is not None else WordCounter()).counts(texts)


class WordCounter:
    """`word_counts`, remembering each text's counts from its last run: under `mkdocs serve` a
    save changes a text or two, and only those are read again (docs/performance.md, "The
    preview"). The counts are CountVectorizer's, exactly (tests/test_related.py)."""

    def __init__(self) -> None:
        from sklearn.feature_extraction.text import CountVectorizer  # a second to import: only where papers are related
        self.analyze = CountVectorizer(token_pattern=WORD.pattern, stop_words="english").build_analyzer()
        self.ids: dict[str, int] = {}  # word -> its number (renumbered when most are no longer used)
        self.words: list[str] = []
        self.rows: dict[str, tuple[np.ndarray, np.ndarray]] = {}  # text -> (word numbers, counts)
        self.limit: int | None = None  # renumber the words past this many (set by the first run)

    def counts(self, texts: list[str]) -> sparse.csr_matrix:
        self.rows = {text: self.rows[text] if text in self.rows else self._row(text) for text in texts}
        if self.limit is None:
            self.limit = 2 * len(self.words) + 1024
        elif len(self.words) > self.limit:
            # Twice the words there were: number the words of these texts afresh, so a long
            # `mkdocs serve` keeps what its texts hold, not every word it ever read.
            self.ids, self.words = {}, []
            self.rows = {text: self._row(text) for text in texts}
            self.limit = 2 * len(self.words) + 1024
        rows = [self.rows[text] for text in texts]
        ids = np.concatenate([np.zeros(0, dtype=np.int64), *(ids for ids, _ in rows)])
        used = np.zeros(len(self.words), dtype=bool)
        used[ids] = True
        present = sorted(np.flatnonzero(used).tolist(), key=self.words.__getitem__)
        if not present:
            return sparse.csr_matrix((len(texts), 1), dtype=np.float32)
        column = np.zeros(len(self.words), dtype=np.int64)
        column[present] = np.arange(len(present))
        counts = sparse.csr_matrix((np.concatenate([c for _, c in rows]), column[ids],
                                    np.cumsum([0, *(len(c) for _, c in rows)])), shape=(len(texts), len(present)))
        counts.sort_indices()
        return counts

    def _row(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        counted = Counter(self.analyze(text))
        for word in counted:
            if word not in self.ids:
                self.ids[word] = len(self.words)
                self.words.append(word)
        return (np.array([self.ids[word] for word in counted], dtype=np.int64),
                np.array(list(counted.values()), dtype=np.float32))



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
    from sklearn.preprocessing import normalize
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


def _text_matrix(texts: list[str], counter: WordCounter) -> sparse.csr_matrix:
    """The texts' TF-IDF vectors (sublinear counts), normalized."""
    from sklearn.feature_extraction.text import TfidfTransformer
    from sklearn.preprocessing import normalize
    return normalize(TfidfTransformer(sublinear_tf=True).fit_transform(word_counts(texts, counter)))


def related_papers(
    papers: list[Paper],
    hardware: dict[str, list[str]],
    topics: dict[str, list[str]],
    k: int = 5,
    kept: RelatedKept | None = None,
) -> dict[str, list[Related]]:
    """The k most related papers of each paper, by wording, shared devices and shared topics
    (`kept`: what the build before kept, see `RelatedKept`).

    One sparse matrix holds all three as weighted, normalized feature blocks, so
    one product scores the pairs of a block of rows. Features that many papers
    share are left out of it (`COMMON_FEATURE_PAPERS`), which keeps the product
    sparse: each paper is scored against the papers it shares a telling word,
    device or topic with, not against the whole list. Ties go to the slug that
    sorts first, so the same content always gives the same lists.
    """
    kept = kept if kept is not None else RelatedKept()
    asked = (tuple((p.slug, p.title, p.abstract, tuple(hardware.get(p.slug, ())), tuple(topics.get(p.slug, ())))
                   for p in papers), k)
    if kept.asked != asked:
        kept.answer, kept.asked = _related_papers(*asked, kept.words), asked
    return kept.answer


class RelatedKept:
    """What finding related papers keeps between builds (a build state holds one): each text's
    word counts (`WordCounter`), and the last answer with what it was asked: under `mkdocs
    serve`, most saves change no paper's text, hardware or topics."""

    def __init__(self) -> None:
        self.words = WordCounter()
        self.asked: tuple | None = None
        self.answer: dict[str, list[Related]] = {}


def _related_papers(papers: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...]], ...],
                    k: int, counter: WordCounter) -> dict[str, list[Related]]:
    """`related_papers` of the papers with these (slug, title, abstract, hardware, topics)."""
    slugs = [slug for slug, *_ in papers]
    if len(papers) < 2:
        return {slug: [] for slug in slugs}
    hardware = [labels for *_, labels, _ in papers]
    topics = [labels for *_, labels in papers]
    text_matrix = _text_matrix([f"{title}\n{title}\n{abstract}" for _, title, abstract, *_ in papers], counter)
    combined = sparse.hstack([
        text_matrix * np.sqrt(TEXT_WEIGHT),
        _labels_matrix(hardware) * np.sqrt(HARDWARE_WEIGHT),
        _labels_matrix(topics) * np.sqrt(TOPIC_WEIGHT),
    ]).tocsr()
    telling = _telling_features(combined, COMMON_FEATURE_PAPERS)
    telling_t = telling.T.tocsr()
    rank = np.argsort(np.argsort(slugs, kind="stable"))

    def block(start: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        return _top_k_per_row((telling[start:start + BLOCK_ROWS] @ telling_t).tocsr(), start, k, rank)

    # Blocks on two threads: SciPy's product and NumPy's sort let go of the interpreter's lock,
    # and they are most of the time (at 10,000 papers, 0.27 of 0.67 s).
    starts = range(0, len(papers), BLOCK_ROWS)
    if len(starts) > 1:
        with ThreadPoolExecutor(max_workers=2) as pool:
            blocks = list(pool.map(block, starts))
    else:
        blocks = [block(start) for start in starts]
    left, right, micros = (np.concatenate(parts) for parts in zip(*blocks))  # paper, related paper, score
    if not len(left):
        return {slug: [] for slug in slugs}
    left_papers, right_papers = left.tolist(), right.tolist()
    # k per paper: built by maps over whole lists, not a loop of Python statements per pair.
    related = list(map(Related._make, zip(
        map(slugs.__getitem__, right_papers),
        (micros / 1e6).tolist(),
        _shared_labels(hardware, left_papers, right_papers),
        _shared_labels(topics, left_papers, right_papers),
    )))
    # The pairs come paper by paper: each paper's related papers are a slice of the list.
    ends = np.cumsum(np.bincount(left, minlength=len(papers))).tolist()
    return {slug: related[first:end] for slug, first, end in zip(slugs, [0, *ends], ends)}


def _shared_labels(labels: list[Iterable[str]], left: list[int], right: list[int]) -> list[tuple[str, ...]]:
    """The labels papers `left[n]` and `right[n]` both have, sorted, for each n."""
    label_sets = [set(row) for row in labels]
    return [tuple(sorted(label_sets[i] & label_sets[j])) for i, j in zip(left, right)]
