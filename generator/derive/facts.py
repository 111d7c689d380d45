"""Derived facts: what the site shows of each paper, worked out once from validated content.

`derive_site` takes the papers that `check.read_content` validated and finds, for
each, the hardware it is about (with the sentence naming it), its topics, its
headline results, the papers it names and the papers related to it. The
result is a `Site`, built once and not changed afterwards: the pages and the
exports only read it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import NamedTuple

from . import mentions, related
from ..content.hardware import Hardware, HardwareNode, Mention
from ..content.topics import Topics
from .measured import measured_in_abstract
from .paper_mentions import paper_mentions
from ..content.model import Paper, Problem
from ..content.reading_paths import ReadingPath
from .results import Result, paper_results
from .sentences import evidence_sentence, sentence_spans
from .workers import map_in_workers


class Evidence(NamedTuple):
    """Why a paper is on a hardware page: the node named and the sentence naming it."""

    node_id: str
    sentence: str | None  # None when a curator added the hardware by hand
    spelling: str | None = None  # the name as the title or abstract writes it ("A100-80GB")


@dataclass(frozen=True)
class PaperFacts:
    """One paper and what the site derives for it."""

    paper: Paper
    # ids it was measured on, designed for or dissected (`measured.py`) + added - removed, taxonomy order
    hardware: tuple[str, ...]
    evidence: Mapping[str, Evidence]  # hardware id -> its evidence, for `hardware` and `mentioned_hardware`
    topics: tuple[str, ...]  # vocabulary order
    results: tuple[Result, ...]  # the curator's `results:`, else those extracted from the abstract
    related: tuple[related.Related, ...] = ()
    mentions: tuple[mentions.Mention, ...] = ()  # names of other listed papers in its abstract, text order
    mentioned_by: tuple[str, ...] = ()  # slugs of the papers whose abstracts name it, sorted
    # Hardware its abstract names only in passing (`measured.py`): not above or in `hardware`.
    mentioned_hardware: tuple[str, ...] = ()

    @property
    def compared_against(self) -> tuple[str, ...]:
        """The hardware its results are compared against, in order of first use."""
        return tuple(dict.fromkeys(r.baseline_device for r in self.results if r.baseline_device))


@dataclass(frozen=True)
class Site:
    papers: tuple[Paper, ...]  # newest first (`paper_order`)
    facts: Mapping[str, PaperFacts]  # slug -> its facts
    hardware: Hardware
    topics: Topics
    # node id -> papers about it or anything below it (an architecture rolls up its devices)
    node_papers: Mapping[str, tuple[Paper, ...]]
    topic_papers: Mapping[str, tuple[Paper, ...]]
    warnings: tuple[Problem, ...] = ()
    # node id -> papers that only mention it (or something below it), and are not on its page
    node_mentions: Mapping[str, tuple[Paper, ...]] = field(default_factory=dict)
    reading_paths: tuple[ReadingPath, ...] = ()  # by name; each step names a paper of `papers`

    @cached_property
    def paper_steps(self) -> dict[str, list[tuple[ReadingPath, int]]]:
        """Each paper's slug -> (reading path, the step's index) for each path it is a step of."""
        steps: dict[str, list[tuple[ReadingPath, int]]] = defaultdict(list)
        for reading_path in self.reading_paths:
            for index, step in enumerate(reading_path.steps):
                steps[step.paper].append((reading_path, index))
        return dict(steps)

    def work_out(self) -> None:
        """Work out now what the pages read of the site and keep (the properties below), as
        processes forked to render pages would each work it out again."""
        for name, value in vars(type(self)).items():
            if isinstance(value, cached_property):
                getattr(self, name)

    @cached_property
    def by_slug(self) -> dict[str, Paper]:
        return {p.slug: p for p in self.papers}

    @cached_property
    def node_rows(self) -> dict[str, list[tuple[Paper, Result]]]:
        """Each hardware node -> the rows of its results table (`node_results`), in one pass."""
        rows: dict[str, list[tuple[Paper, Result]]] = defaultdict(list)
        for paper in self.papers:
            facts = self.facts[paper.slug]
            listed_on = self.hardware.expand(facts.hardware) if facts.results else ()
            for result in facts.results:
                # Only where the result was measured: its device and what is above it. A result
                # whose sentence names no device it was measured on is on no hardware page.
                if result.device in self.hardware.nodes:
                    shown_on = listed_on & self.hardware.lineage(result.device)
                else:
                    shown_on = ()
                for node_id in shown_on:
                    rows[node_id].append((paper, result))
        return dict(rows)

    @cached_property
    def node_spellings(self) -> dict[str, list[str]]:
        """Each hardware node -> the spellings of its name ("A100-80GB") that the titles and abstracts
        of the papers on its page use, sorted; in one pass over the papers."""
        found: dict[str, set[str]] = defaultdict(set)
        for paper in self.papers:
            facts = self.facts[paper.slug]
            spelled = [node_id for node_id, evidence in facts.evidence.items() if evidence.spelling]
            if spelled:
                on = self.hardware.expand(facts.hardware)
                for node_id in spelled:
                    if node_id in on:
                        found[node_id].add(facts.evidence[node_id].spelling)
        return {node_id: sorted(spellings) for node_id, spellings in found.items()}

    @cached_property
    def node_compared(self) -> dict[str, list[tuple[Paper, Result]]]:
        """Each hardware node -> the results compared against it or something below it (their
        baseline is that hardware: "1.3× higher throughput than H100"), in the site's paper order."""
        rows: dict[str, list[tuple[Paper, Result]]] = defaultdict(list)
        for paper in self.papers:
            for result in self.facts[paper.slug].results:
                if result.baseline_device in self.hardware.nodes:
                    own = self.hardware.lineage(result.device) if result.device in self.hardware.nodes else ()
                    for node_id in self.hardware.lineage(result.baseline_device):
                        if node_id not in own:
                            rows[node_id].append((paper, result))
        return dict(rows)

    @cached_property
    def versus(self) -> dict[tuple[str, str], list[tuple[Paper, Result]]]:
        """Each pair of devices (ids in alphabetical order) that a paper compares directly (a
        result on one against the other), or that two papers or more have results on each of,
        -> those results."""
        nodes, direct, both = self.hardware.nodes, defaultdict(list), defaultdict(list)
        for paper in self.papers:
            results = self.facts[paper.slug].results
            on = {r.device for r in results if r.device in nodes and nodes[r.device].kind == "device"}
            for result in results:
                against = result.baseline_device
                if result.device in on and against in nodes and nodes[against].kind == "device" \
                        and against != result.device:
                    direct[tuple(sorted((result.device, against)))].append((paper, result))
            for pair in ((a, b) for a in sorted(on) for b in sorted(on) if a < b):
                both[pair].append([(paper, r) for r in results if r.device in pair and not r.baseline_device])
        pairs = {pair: rows for pair, rows in direct.items()}
        for pair, per_paper in both.items():
            if pair in direct or len(per_paper) >= 2:
                pairs[pair] = pairs.get(pair, []) + [row for rows in per_paper for row in rows]
        return dict(sorted(pairs.items()))

    @cached_property
    def node_versus(self) -> dict[str, list[str]]:
        """Each device -> the devices it has a comparison page with, in alphabetical order."""
        out: dict[str, list[str]] = defaultdict(list)
        for a, b in self.versus:
            out[a].append(b)
            out[b].append(a)
        return {node: sorted(others) for node, others in out.items()}


def paper_order(paper: Paper) -> tuple:
    """Newest first; undated papers last; then by slug so the order never wobbles."""
    year, month = paper.sort_date
    return (-year, -month, -(paper.published.day if paper.published else 0), paper.slug)


@dataclass
class DeriveKept:
    """What deriving keeps between builds (a build state holds one; for the same vocabularies):
    each paper's own facts, worked out again only when the paper changed, and what finding
    mentions and counting words read of each text."""

    facts: dict[str, PaperFacts] = field(default_factory=dict)
    finder: mentions.MentionFinder = field(default_factory=mentions.MentionFinder)
    related_papers: related.RelatedKept = field(default_factory=related.RelatedKept)


def derive_site(papers: list[Paper], hardware: Hardware, topics: Topics, related_k: int = 5,
                warnings: list[Problem] = (), kept: DeriveKept | None = None,
                reading_paths: Sequence[ReadingPath] = (), workers: int | None = None) -> Site:
    """The site of validated content: each paper's facts, then the links between papers.
    `kept`: what the build before kept (see `DeriveKept`). `reading_paths`: checked ones, each
    step naming a paper of `papers`. `workers`: the processes that read the papers' texts
    (`workers.worker_count`: by default every core, for a long list in a process of one thread)."""
    papers = sorted(papers, key=paper_order)
    kept = kept if kept is not None else DeriveKept()
    unchanged = {p.slug: kept.facts[p.slug] for p in papers if p.slug in kept.facts and kept.facts[p.slug].paper == p}
    fresh = iter(map_in_workers(own_facts, [p for p in papers if p.slug not in unchanged], (hardware, topics),
                                workers))
    # A worker's answer holds a copy of its paper: the facts keep the paper they were asked of.
    own = [unchanged[p.slug] if p.slug in unchanged else replace(next(fresh), paper=p) for p in papers]
    kept.facts.clear()
    kept.facts.update((f.paper.slug, f) for f in own)
    related_to = related.related_papers(papers, {f.paper.slug: f.hardware for f in own},
                                      {f.paper.slug: f.topics for f in own}, k=related_k, kept=kept.related_papers)
    mentions_in: dict[str, list[mentions.Mention]] = defaultdict(list)
    sources: dict[str, set[str]] = defaultdict(set)
    for mention in mentions.find_mentions(papers, kept.finder):
        mentions_in[mention.source].append(mention)
        sources[mention.target].add(mention.source)
    facts = {}
    for found in own:
        slug = found.paper.slug
        facts[slug] = PaperFacts(found.paper, found.hardware, found.evidence, found.topics, found.results,
                                 tuple(related_to.get(slug, ())), tuple(mentions_in.get(slug, ())),
                                 tuple(sorted(sources.get(slug, ()))), found.mentioned_hardware)
    node_papers: dict[str, list[Paper]] = defaultdict(list)
    node_mentions: dict[str, list[Paper]] = defaultdict(list)
    topic_papers: dict[str, list[Paper]] = defaultdict(list)
    for paper in papers:
        on = hardware.expand(facts[paper.slug].hardware)
        for node_id in on:
            node_papers[node_id].append(paper)
        for node_id in hardware.expand(facts[paper.slug].mentioned_hardware) - on:
            node_mentions[node_id].append(paper)
        for topic_id in facts[paper.slug].topics:
            topic_papers[topic_id].append(paper)
    return Site(tuple(papers), facts, hardware, topics,
                {k: tuple(v) for k, v in node_papers.items()}, {k: tuple(v) for k, v in topic_papers.items()},
                tuple(warnings), {k: tuple(v) for k, v in node_mentions.items()},
                tuple(reading_paths))



def own_facts(paper: Paper, hardware: Hardware, topics: Topics) -> PaperFacts:
    """The facts one paper's own text and front matter give: hardware (with evidence), topics
    and headline results; no links to other papers yet."""
    text = f"{paper.title}\n{paper.abstract}"
    # The title and the abstract are searched apart, as validation searched them.
    skip = len(paper.title) + 1
    in_title, in_abstract = paper_mentions(hardware, paper.title, paper.abstract)
    spans = sentence_spans(text)
    # The abstract's sentences, shifted from `text`: the title's line break always
    # ends a sentence, so no sentence of the abstract starts in the title.
    abstract_spans = [(start - skip, end - skip) for start, end in spans if start >= skip]
    measured = measured_in_abstract(paper.abstract, in_abstract, abstract_spans, hardware, paper.title, in_title)

    def in_text(found_in_abstract: list[Mention]) -> list[Mention]:
        return [Mention(m.id, m.start + skip, m.end + skip, m.text) for m in found_in_abstract]

    # Each node's evidence: the title, else where the abstract says it was measured on it,
    # else where the abstract names it.
    found: dict[str, Evidence] = {}
    for mention in [*in_title, *in_text(measured), *in_text(in_abstract)]:
        if mention.id not in found:
            found[mention.id] = Evidence(mention.id, evidence_sentence(text, mention.start, mention.end, spans),
                                          mention.text)
    on = {m.id for m in [*in_title, *measured]} | set(paper.hardware)
    for node_id in paper.hardware:
        found.setdefault(node_id, Evidence(node_id, None))
    for node_id in paper.not_hardware:
        found.pop(node_id, None)
    measured_on = [i for i in hardware.in_order(found) if i in on]
    implied = hardware.expand(measured_on)
    detected = set(topics.detect(text)) | set(paper.topics)
    return PaperFacts(
        paper=paper,
        hardware=tuple(measured_on),
        evidence=found,
        topics=tuple(t for t in topics.topics if t in detected and t not in paper.not_topics),
        results=tuple(paper_results(paper, hardware, (in_title, in_abstract), abstract_spans, measured_on)),
        mentioned_hardware=tuple(i for i in hardware.in_order(found) if i not in implied),
    )


# ---------------------------------------------------------------------------- questions pages ask


def evidence_for(site: Site, paper: Paper, node_id: str) -> Evidence | None:
    """The evidence that puts `paper` on `node_id`'s page: its own mention or a descendant's."""
    facts = site.facts[paper.slug]
    if node_id in facts.evidence:
        return facts.evidence[node_id]
    for candidate in facts.hardware:
        if node_id in (n.id for n in site.hardware.ancestors(candidate)):
            return facts.evidence[candidate]
    return None


def node_results(site: Site, node_id: str) -> list[tuple[Paper, Result]]:
    """(paper, result) for a hardware page: the results of the papers it lists (an architecture
    rolls up its devices) measured on this node or on something below it."""
    return site.node_rows.get(node_id, [])


def all_results(site: Site) -> list[tuple[Paper, Result]]:
    """(paper, result) for every paper's results, in the site's paper order."""
    return [(paper, result) for paper in site.papers for result in site.facts[paper.slug].results]


def papers_by_year(papers: tuple[Paper, ...] | list[Paper]) -> dict[int | None, list[Paper]]:
    years: dict[int | None, list[Paper]] = defaultdict(list)
    for paper in papers:
        years[paper.year].append(paper)
    return dict(sorted(years.items(), key=lambda item: -(item[0] or 0)))


def device_spans(site: Site) -> list[tuple[HardwareNode, int | None, int | None, int]]:
    """[(device node, first year, last year, paper count)] for devices with papers, taxonomy order.

    A device's span is the min..max year of its papers (published, else arXiv year);
    undated papers count but do not widen the span.
    """
    rows = []
    for node in site.hardware.nodes.values():
        listed = site.node_papers.get(node.id)
        if node.kind != "device" or not listed:
            continue
        years = [p.year for p in listed if p.year]
        rows.append((node, min(years) if years else None, max(years) if years else None, len(listed)))
    return rows
