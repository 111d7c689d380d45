"""Links between papers: where one names another, and which papers are related.

Both stay linear in the size of the list: mentions are found by one combined
regular expression over every abstract, and related papers by a sparse
TF-IDF product taken in row blocks, keeping only the top few per paper.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.preprocessing import normalize

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
BLOCK_ROWS = 512


def _labels_matrix(labels: list[list[str]]) -> tuple[sparse.csr_matrix, list[str]]:
    vocabulary = sorted({label for row in labels for label in row})
    column = {label: i for i, label in enumerate(vocabulary)}
    rows, cols = [], []
    for i, row in enumerate(labels):
        for label in set(row):
            rows.append(i)
            cols.append(column[label])
    data = np.ones(len(rows), dtype=np.float32)
    matrix = sparse.csr_matrix((data, (rows, cols)), shape=(len(labels), max(len(vocabulary), 1)))
    return normalize(matrix), vocabulary


def related_papers(
    papers: list[Paper],
    hardware: dict[str, list[str]],
    topics: dict[str, list[str]],
    k: int = 5,
) -> dict[str, list[Related]]:
    """The k most related papers of each paper, by wording, shared devices and shared topics.

    One sparse matrix holds all three as weighted, normalized feature blocks,
    so a single product scores every pair of a row block; only the top k of
    each row are kept, which keeps memory flat as the list grows.
    """
    if len(papers) < 2:
        return {p.slug: [] for p in papers}
    texts = [f"{p.title}\n{p.title}\n{p.abstract}" for p in papers]
    vectorizer = TfidfVectorizer(stop_words="english", sublinear_tf=True, min_df=1, dtype=np.float32,
                                 token_pattern=r"(?u)\b[\w][\w.-]*[\w]\b|\b\w\b")
    text_matrix = normalize(vectorizer.fit_transform(texts))
    hw_matrix, _ = _labels_matrix([hardware.get(p.slug, []) for p in papers])
    topic_matrix, _ = _labels_matrix([topics.get(p.slug, []) for p in papers])
    combined = sparse.hstack([
        text_matrix * np.sqrt(TEXT_WEIGHT),
        hw_matrix * np.sqrt(HARDWARE_WEIGHT),
        topic_matrix * np.sqrt(TOPIC_WEIGHT),
    ]).tocsr()
    combined_t = combined.T.tocsc()
    result: dict[str, list[Related]] = {}
    for start in range(0, len(papers), BLOCK_ROWS):
        stop = min(start + BLOCK_ROWS, len(papers))
        scores = (combined[start:stop] @ combined_t).toarray()
        for offset in range(stop - start):
            scores[offset, start + offset] = -1.0  # never related to itself
        take = min(k, len(papers) - 1)
        top = np.argpartition(-scores, take - 1, axis=1)[:, :take]
        # Wording similarity is shown for the chosen pairs only: a dot product per pair,
        # not a second all-pairs product.
        rows = np.repeat(np.arange(start, stop), take)
        text_pairs = np.asarray(text_matrix[rows].multiply(text_matrix[top.reshape(-1)]).sum(axis=1))
        text_pairs = text_pairs.reshape(stop - start, take)
        for offset, candidates in enumerate(top):
            i = start + offset
            text_of = dict(zip(candidates.tolist(), text_pairs[offset].tolist()))
            paper = papers[i]
            # Ties broken by slug so the same content always gives the same list.
            ranked = sorted(candidates, key=lambda j: (-round(float(scores[offset, j]), 6), papers[j].slug))
            entries = []
            for j in ranked:
                if scores[offset, j] <= 0:
                    continue
                other = papers[j]
                entries.append(Related(
                    slug=other.slug,
                    score=round(float(scores[offset, j]), 6),
                    shared_hardware=tuple(sorted(set(hardware.get(paper.slug, [])) & set(hardware.get(other.slug, [])))),
                    shared_topics=tuple(sorted(set(topics.get(paper.slug, [])) & set(topics.get(other.slug, [])))),
                    text_similarity=round(float(text_of[int(j)]), 3),
                ))
            result[paper.slug] = entries
    return result


def mentioned_by(mentions: list[Mention]) -> dict[str, list[str]]:
    """target -> the papers that name it, each once, sorted."""
    sources: dict[str, set[str]] = defaultdict(set)
    for mention in mentions:
        sources[mention.target].add(mention.source)
    return {target: sorted(found) for target, found in sources.items()}
