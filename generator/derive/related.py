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
        return self.counts_and_words(texts)[0]

    def counts_and_words(self, texts: list[str]) -> tuple[sparse.csr_matrix, list[str]]:
        """`counts`, and the word of each of its columns."""
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
            return sparse.csr_matrix((len(texts), 1), dtype=np.float32), [""]
        column = np.zeros(len(self.words), dtype=np.int64)
        column[present] = np.arange(len(present))
        counts = sparse.csr_matrix((np.concatenate([c for _, c in rows]), column[ids],
                                    np.cumsum([0, *(len(c) for _, c in rows)])), shape=(len(texts), len(present)))
        counts.sort_indices()
        return counts, [self.words[word] for word in present]

    def _row(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        counted = Counter(self.analyze(text))
        for word in counted:
            if word not in self.ids:
                self.ids[word] = len(self.words)
                self.words.append(word)
        return (np.array([self.ids[word] for word in counted], dtype=np.int64),
                np.array(list(counted.values()), dtype=np.float32))



def _labels_matrix(labels: list[tuple[str, ...]]) -> tuple[sparse.csr_matrix, list[str]]:
    """Each row's labels, normalized, and the label of each column (one unnamed column when
    there is no label)."""
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
    return normalize(matrix), vocabulary or [""]


def _telling_columns(matrix: sparse.csr_matrix, most_papers: int) -> np.ndarray | None:
    """The columns of `matrix` that at most `most_papers` rows use; None when that is all."""
    papers_per_feature = np.bincount(matrix.indices, minlength=matrix.shape[1])
    if papers_per_feature.max(initial=0) <= most_papers:
        return None
    return np.flatnonzero(papers_per_feature <= most_papers)


def _micros(scores: np.ndarray) -> np.ndarray:
    """Scores in millionths. np.round(x, 6) is rint(x * 1e6) / 1e6: the integers sort the same,
    exactly, and float noise in the last bits never decides between two equal scores."""
    return np.rint(scores.astype(np.float64) * 1e6).astype(np.int64)


def _top_k_per_row(scores: sparse.csr_matrix, row_papers: np.ndarray, k: int,
                   rank: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(rows, columns, scores in millionths) of the k highest scores of each row of a block
    whose rows are the papers `row_papers`, rows in order, then highest score first, ties by
    `rank`; a paper is never its own match."""
    local = np.repeat(np.arange(scores.shape[0]), np.diff(scores.indptr))
    keep = (scores.indices != row_papers[local]) & (scores.data > 0)
    local, columns = local[keep], scores.indices[keep].astype(np.int64)
    local, columns, micros = _keep_top(local, columns, _micros(scores.data[keep]), k, rank)
    return row_papers[local], columns, micros


def _keep_top(rows: np.ndarray, columns: np.ndarray, micros: np.ndarray, k: int,
              rank: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The k best of each row's entries (row, related paper, score), rows in order, then highest
    score first, ties by `rank`."""
    order = _order_by_row_score_rank(rows, micros, rank[columns], len(rank))
    rows, columns, micros = rows[order], columns[order], micros[order]
    # Each entry's place in its row, once sorted: the first k of each row are kept.
    row_firsts = _run_starts(rows)
    place = np.arange(len(rows)) - np.repeat(row_firsts, np.diff(np.r_[row_firsts, len(rows)]))
    top = place < k
    return rows[top], columns[top], micros[top]


def _run_starts(rows: np.ndarray) -> np.ndarray:
    """Where each run of equal values of the sorted `rows` starts."""
    return np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]]) if len(rows) else np.zeros(0, dtype=np.int64)


def _order_by_row_score_rank(rows: np.ndarray, micros: np.ndarray, ranks: np.ndarray, papers: int) -> np.ndarray:
    """The order of entries by row, then highest score, then rank: one sort of one integer key
    (several times faster than np.lexsort of three), or the lexsort when the key would not fit."""
    top = int(micros.max(initial=0))
    if (int(rows.max(initial=0)) + 1) * (top + 1) * papers < 2**62:
        return np.argsort((rows * (top + 1) + (top - micros)) * papers + ranks, kind="stable")
    return np.lexsort((ranks, -micros, rows))


def _text_matrix(texts: list[str], counter: WordCounter) -> tuple[sparse.csr_matrix, list[str]]:
    """The texts' TF-IDF vectors (sublinear counts), normalized, and each column's word."""
    from sklearn.feature_extraction.text import TfidfTransformer
    from sklearn.preprocessing import normalize
    counts, words = counter.counts_and_words(texts)
    return normalize(TfidfTransformer(sublinear_tf=True).fit_transform(counts)), words


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
    if kept.scored is None or kept.asked != asked:
        kept.scored, kept.asked = _related_papers(*asked, kept.words, kept.scored), asked
    return kept.scored.answer


class Scored(NamedTuple):
    """An answer of `related_papers`, with what an update of it needs: the papers' slugs and
    labels, the telling features (their names, sorted, and each paper's row), and each paper's
    related papers as arrays (paper, related paper, score in millionths), paper by paper."""

    slugs: tuple[str, ...]
    k: int
    labels: list[tuple[tuple[str, ...], tuple[str, ...]]]
    names: np.ndarray
    telling: sparse.csr_matrix
    pairs: tuple[np.ndarray, np.ndarray, np.ndarray]
    answer: dict[str, list[Related]]


class RelatedKept:
    """What finding related papers keeps between builds (a build state holds one): each text's
    word counts (`WordCounter`), and the last answer with what it was asked (`Scored`): under
    `mkdocs serve`, most saves change no paper's text, hardware or topics, and a save that does
    changes the features of a few papers, whose scores alone are taken again."""

    def __init__(self) -> None:
        self.words = WordCounter()
        self.asked: tuple | None = None
        self.scored: Scored | None = None


def _related_papers(papers: tuple[tuple[str, str, str, tuple[str, ...], tuple[str, ...]], ...],
                    k: int, counter: WordCounter, before: Scored | None = None) -> Scored:
    """`related_papers` of the papers with these (slug, title, abstract, hardware, topics);
    `before`: the answer for the same papers before some of them changed, updated when few did."""
    slugs = tuple(slug for slug, *_ in papers)
    hardware = [labels for *_, labels, _ in papers]
    topics = [labels for *_, labels in papers]
    labels = list(zip(hardware, topics))
    if len(papers) < 2:
        return Scored(slugs, k, labels, np.zeros(0, dtype=str), sparse.csr_matrix((len(papers), 1)),
                      (np.zeros(0, dtype=np.int64),) * 3, {slug: [] for slug in slugs})
    text_matrix, words = _text_matrix([f"{title}\n{title}\n{abstract}" for _, title, abstract, *_ in papers], counter)
    (hardware_matrix, hardware_names), (topic_matrix, topic_names) = _labels_matrix(hardware), _labels_matrix(topics)
    combined = sparse.hstack([
        text_matrix * np.sqrt(TEXT_WEIGHT),
        hardware_matrix * np.sqrt(HARDWARE_WEIGHT),
        topic_matrix * np.sqrt(TOPIC_WEIGHT),
    ]).tocsr()
    # Each feature's name, the three blocks' apart and in column order: sorted, so that the
    # features of two builds are matched by one search.
    names = np.array([*("0" + word for word in words), *("1" + name for name in hardware_names),
                      *("2" + name for name in topic_names)])
    telling_columns = _telling_columns(combined, COMMON_FEATURE_PAPERS)
    if telling_columns is not None:
        combined, names = combined[:, telling_columns].tocsr(), names[telling_columns]
    telling, telling_t = combined, combined.T.tocsr()
    rank = np.argsort(np.argsort(slugs, kind="stable"))
    update = None if before is None or before.slugs != slugs or before.k != k else \
        _changed(before, labels, names, telling)
    if update is None:
        left, right, micros = _scores(telling, telling_t, np.arange(len(slugs)), k, rank)
        rebuilt = np.ones(len(slugs), dtype=bool)
    else:
        left, right, micros, rebuilt = _updated(before, update, telling, telling_t, k, rank)
    fresh = _related_of(slugs, hardware, topics, left[rebuilt[left]], right[rebuilt[left]], micros[rebuilt[left]])
    answer = {slug: fresh.get(slug, []) if rebuilt[at] else before.answer[slug] for at, slug in enumerate(slugs)}
    return Scored(slugs, k, labels, names, telling, (left, right, micros), answer)


# A save that changes the features of more papers than this share of the list is scored afresh
# (a word many papers hold: its weight in each of them changes).
UPDATE_SHARE = 0.1


def _changed(before: Scored, labels: list, names: np.ndarray, telling: sparse.csr_matrix) -> np.ndarray | None:
    """Which papers' telling features or labels differ from `before`'s, feature by feature; None
    when too many do (`UPDATE_SHARE`)."""
    at = np.minimum(np.searchsorted(names, before.names), max(len(names) - 1, 0))
    columns = np.where(names[at] == before.names, at, -1) if len(names) else np.full(len(before.names), -1)
    papers = len(labels)
    same_length = np.diff(before.telling.indptr) == np.diff(telling.indptr)
    old_rows = np.repeat(np.arange(papers), np.diff(before.telling.indptr))
    new_rows = np.repeat(np.arange(papers), np.diff(telling.indptr))
    old, new = same_length[old_rows], same_length[new_rows]
    differ = (columns[before.telling.indices[old]] != telling.indices[new]) | (before.telling.data[old] != telling.data[new])
    changed = ~same_length
    changed[old_rows[old][differ]] = True
    changed |= np.fromiter(map(tuple.__ne__, before.labels, labels), dtype=bool, count=papers)
    return changed if changed.sum() <= UPDATE_SHARE * papers else None


def _scores(telling: sparse.csr_matrix, telling_t: sparse.csr_matrix, rows: np.ndarray, k: int,
            rank: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The k best (paper, related paper, score) of each of papers `rows`, in blocks of rows."""
    def block(start: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        papers = rows[start:start + BLOCK_ROWS]
        return _top_k_per_row((telling[papers] @ telling_t).tocsr(), papers, k, rank)

    # Blocks on two threads: SciPy's product and NumPy's sort let go of the interpreter's lock,
    # and they are most of the time (at 10,000 papers, 0.27 of 0.67 s).
    starts = range(0, len(rows), BLOCK_ROWS)
    if len(starts) > 1:
        with ThreadPoolExecutor(max_workers=2) as pool:
            blocks = list(pool.map(block, starts))
    else:
        blocks = [block(start) for start in starts] or [(np.zeros(0, dtype=np.int64),) * 3]
    return tuple(np.concatenate(parts) for parts in zip(*blocks))  # type: ignore[return-value]


def _updated(before: Scored, changed: np.ndarray, telling: sparse.csr_matrix, telling_t: sparse.csr_matrix,
             k: int, rank: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`before`'s pairs with the scores that involve a `changed` paper taken again, and which
    papers' related papers may differ. A pair of unchanged papers scores as it did, to the last
    bit (the same products summed in the same order), so a paper keeps its related papers
    unless one of them changed (it is scored afresh) or a changed paper now scores among them."""
    left, right, micros = before.pairs
    redo = changed.copy()
    redo[left[changed[right]]] = True
    # Each unchanged paper's scores with the changed ones.
    ids = np.flatnonzero(changed)
    against = (telling @ telling[ids].T.tocsr()).tocoo()
    keep = ~redo[against.row] & (against.data > 0)
    new_left, new_right, new_micros = against.row[keep].astype(np.int64), ids[against.col[keep]], _micros(against.data[keep])
    merged = np.zeros(len(changed), dtype=bool)
    merged[new_left] = True
    old = merged[left]
    merged_pairs = _keep_top(np.concatenate([left[old], new_left]), np.concatenate([right[old], new_right]),
                             np.concatenate([micros[old], new_micros]), k, rank)
    untouched = ~redo[left] & ~merged[left]
    parts = [(left[untouched], right[untouched], micros[untouched]), merged_pairs,
             _scores(telling, telling_t, np.flatnonzero(redo), k, rank)]
    left, right, micros = (np.concatenate(part) for part in zip(*parts))
    order = np.argsort(left, kind="stable")  # each part's rows are in order, and no row is in two
    return left[order], right[order], micros[order], redo | merged


def _related_of(slugs: tuple[str, ...], hardware: list[tuple[str, ...]], topics: list[tuple[str, ...]],
                left: np.ndarray, right: np.ndarray, micros: np.ndarray) -> dict[str, list[Related]]:
    """The `Related` of the pairs (paper, related paper, score in millionths), paper by paper."""
    left_papers, right_papers = left.tolist(), right.tolist()
    # k per paper: built by maps over whole lists, not a loop of Python statements per pair.
    related = list(map(Related._make, zip(
        map(slugs.__getitem__, right_papers),
        (micros / 1e6).tolist(),
        _shared_labels(hardware, left_papers, right_papers),
        _shared_labels(topics, left_papers, right_papers),
    )))
    # The pairs come paper by paper: each paper's related papers are a slice of the list.
    firsts = _run_starts(left)
    ends = [*firsts[1:].tolist(), len(left)]
    return {slugs[left_papers[first]]: related[first:end] for first, end in zip(firsts.tolist(), ends)}


def _shared_labels(labels: list[Iterable[str]], left: list[int], right: list[int]) -> list[tuple[str, ...]]:
    """The labels papers `left[n]` and `right[n]` both have, sorted, for each n."""
    label_sets = [set(row) for row in labels]
    return [tuple(sorted(label_sets[i] & label_sets[j])) for i, j in zip(left, right)]
