"""Collect and validate all content, then derive what the pages show.

Like MkDocs' own build: everything is read and checked first, every problem
reported together, and only a clean collection goes on to be rendered.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from . import links
from .check import collect
from .model import ContentError, Paper, Problem
from .results import Result, paper_results
from .taxonomy import Hardware, Mention, Topics, evidence_sentence, sentence_spans
from .workers import fork_map


class Evidence(NamedTuple):
    """Why a paper is on a hardware page: the node named and the sentence naming it.
    (Named tuples: worker processes hand back one per paper and device.)"""

    node_id: str
    sentence: str | None  # None when a curator added the hardware by hand


@dataclass
class Site:
    papers: list[Paper]
    hardware: Hardware
    topics: Topics
    # slug -> hardware ids the paper is about directly (detected + added - removed), file order
    paper_hardware: dict[str, list[str]] = field(default_factory=dict)
    # slug -> {node id -> first evidence}, for direct ids
    evidence: dict[str, dict[str, Evidence]] = field(default_factory=dict)
    paper_topics: dict[str, list[str]] = field(default_factory=dict)
    mentions: list[links.Mention] = field(default_factory=list)
    mentioned_by: dict[str, list[str]] = field(default_factory=dict)
    related: dict[str, list[links.Related]] = field(default_factory=dict)
    # node id -> papers about it or anything below it (an architecture rolls up its devices)
    node_papers: dict[str, list[Paper]] = field(default_factory=dict)
    topic_papers: dict[str, list[Paper]] = field(default_factory=dict)
    warnings: list[Problem] = field(default_factory=list)
    # slug -> headline results: the curator's `results:`, else those extracted from the abstract
    results: dict[str, list[Result]] = field(default_factory=dict)

    @property
    def by_slug(self) -> dict[str, Paper]:
        return {p.slug: p for p in self.papers}


def paper_order(paper: Paper) -> tuple:
    """Newest first; undated papers last; then by slug so the order never wobbles."""
    year, month = paper.sort_date
    return (-year, -month, -(paper.published.day if paper.published else 0), paper.slug)


def load_content(content_dir: Path | str) -> tuple[list[Paper], Hardware, Topics, list[Problem]]:
    """Read and validate everything (`check.collect`); raise ContentError listing every error found."""
    checked = collect(content_dir)
    if checked.errors:
        raise ContentError(checked.errors)
    return checked.papers, checked.hardware, checked.topics, checked.warnings


class PaperFacts(NamedTuple):
    """What one paper's own text and front matter say: all a worker process hands back."""

    hardware: list[str]  # direct hardware ids, in taxonomy order
    evidence: dict[str, Evidence]
    topics: list[str]
    results: list[Result]


def paper_facts(paper: Paper, hardware: Hardware, topics: Topics) -> PaperFacts:
    """The hardware (with evidence), topics and headline results of one paper."""
    text = f"{paper.title}\n{paper.abstract}"
    # The title and the abstract are searched apart, as validation searched them.
    skip = len(paper.title) + 1
    in_abstract = hardware.detect(paper.abstract)
    mentions = hardware.detect(paper.title) + [Mention(m.id, m.start + skip, m.end + skip, m.text) for m in in_abstract]
    spans = sentence_spans(text)
    found: dict[str, Evidence] = {}
    for mention in mentions:
        if mention.id not in found:
            found[mention.id] = Evidence(mention.id, evidence_sentence(text, mention.start, mention.end, spans))
    for node_id in paper.hardware:
        found.setdefault(node_id, Evidence(node_id, None))
    for node_id in paper.not_hardware:
        found.pop(node_id, None)
    detected = set(topics.detect(text)) | set(paper.topics)
    # The abstract's sentences, shifted from `text`: the title's line break always
    # ends a sentence, so no sentence of the abstract starts in the title.
    abstract_spans = [(start - skip, end - skip) for start, end in spans if start >= skip]
    return PaperFacts(
        hardware=hardware.in_order(found),
        evidence=found,
        topics=[t for t in topics.topics if t in detected and t not in paper.not_topics],
        results=paper_results(paper, hardware, in_abstract, abstract_spans),
    )


def build_site(papers: list[Paper], hardware: Hardware, topics: Topics, related_k: int = 5) -> Site:
    """Derive hardware, topics, mentions and related papers for validated content."""
    site = derive_facts(papers, hardware, topics)
    attach_links(site, *links.derive_links(site.papers, site.paper_hardware, site.paper_topics, k=related_k))
    return site


def derive_facts(papers: list[Paper], hardware: Hardware, topics: Topics) -> Site:
    """The site without links between papers: each paper's facts, and the papers of each
    hardware node and topic. `attach_links` completes it."""
    papers = sorted(papers, key=paper_order)
    site = Site(papers=papers, hardware=hardware, topics=topics)
    for paper, facts in zip(papers, fork_map(lambda paper: paper_facts(paper, hardware, topics), papers)):
        site.paper_hardware[paper.slug] = facts.hardware
        site.evidence[paper.slug] = facts.evidence
        site.paper_topics[paper.slug] = facts.topics
        site.results[paper.slug] = facts.results
    node_papers: dict[str, list[Paper]] = defaultdict(list)
    topic_papers: dict[str, list[Paper]] = defaultdict(list)
    for paper in papers:
        for node_id in hardware.expand(site.paper_hardware[paper.slug]):
            node_papers[node_id].append(paper)
        for topic_id in site.paper_topics[paper.slug]:
            topic_papers[topic_id].append(paper)
    site.node_papers = dict(node_papers)
    site.topic_papers = dict(topic_papers)
    return site


def attach_links(site: Site, mentions: list[links.Mention], related: dict[str, list[links.Related]]) -> None:
    """Complete `site` with the mentions and related papers `links.derive_links` finds."""
    site.mentions, site.mentioned_by, site.related = mentions, links.mentioned_by(mentions), related


def evidence_for(site: Site, paper: Paper, node_id: str) -> Evidence | None:
    """The evidence that puts `paper` on `node_id`'s page: its own mention or a descendant's."""
    found = site.evidence[paper.slug]
    if node_id in found:
        return found[node_id]
    for candidate in site.paper_hardware[paper.slug]:
        if node_id in (n.id for n in site.hardware.ancestors(candidate)):
            return found[candidate]
    return None


def papers_by_year(papers: list[Paper]) -> dict[int | None, list[Paper]]:
    years: dict[int | None, list[Paper]] = defaultdict(list)
    for paper in papers:
        years[paper.year].append(paper)
    return dict(sorted(years.items(), key=lambda item: -(item[0] or 0)))
