"""`python -m generator check --explain FILE`: what the build will derive from one paper file.

A contributor sees, before any build, what the site will say of their paper: the hardware
it is listed under (measured on, compared against, only mentioned), each with the sentence
that decided it; its topics, each with the words that matched; its headline results, each
with its claim in the authors' words and the device credited; and the fields of the file
that override each (`hardware`, `not_hardware`, `topics`, `not_topics`, `results`). The
whole list is read and derived as the build reads and derives it, so what this says is
what the pages show.
"""

from __future__ import annotations

from pathlib import Path

from .content.check import read_content
from .content.model import Paper
from .content.topics import Topic, Topics
from .derive.facts import PaperFacts, Site, derive_site
from .derive.result import Result

OVERRIDES = {
    "hardware": "`hardware: [id]` adds hardware detection missed; `not_hardware: [id]` removes what it found wrongly",
    "topics": "`topics: [id]` adds topics; `not_topics: [id]` removes a topic detected wrongly",
    "results": "`results:` (a list of value, unit, kind, claim, device) replaces the extracted results",
}


class ExplainError(Exception):
    """The file cannot be explained; the message says why."""


def explain(content: Path, file: Path) -> str:
    """The explanation of the paper file `file` of `content/`, as text. Raises ExplainError
    when the file is no paper of the list or the content has errors (check lists them)."""
    checked = read_content(content)
    slug = Path(file).name.removesuffix(".md")
    paper = next((p for p in checked.papers if p.slug == slug), None)
    if paper is None or Path(file).resolve().parent != (Path(content) / "papers").resolve():
        raise ExplainError(f"{file}: no paper file of {content}/papers that check accepts "
                           f"(expected content/papers/<slug>.md; `python -m generator check` says what is wrong)")
    if checked.errors or checked.hardware is None or checked.topics is None:
        raise ExplainError(f"{content}: has errors; fix them first (`python -m generator check` lists them)")
    site = derive_site(checked.papers, checked.hardware, checked.topics, reading_paths=checked.reading_paths)
    facts = site.facts[slug]
    shown = f"{content}/papers/{slug}.md"
    return "\n".join([f"{shown}: what the build derives from it", "",
                      *_hardware(site, facts), "", *_topics(checked.topics, facts), "", *_results(site, facts), ""])


def _quoted(sentence: str | None) -> str:
    return f'"{" ".join(sentence.split())}"' if sentence else "added by the file's `hardware:`"


def _hardware(site: Site, facts: PaperFacts) -> list[str]:
    nodes, paper = site.hardware.nodes, facts.paper
    lines = ["Hardware"]
    measured = [f"  measured on {nodes[i].name} ({i}): {_quoted(facts.evidence[i].sentence if i in facts.evidence else None)}"
                for i in facts.hardware]
    compared = sorted(i for i in facts.compared_against if i in nodes)
    lines += measured or ["  measured on: nothing found"]
    lines += [f"  compared against {nodes[i].name} ({i}): "
              + "; ".join(f'"{r.claim.text if r.claim else r.shown}"' for r in facts.results if r.baseline_device == i)
              for i in compared]
    lines += [f"  mentioned only {nodes[i].name} ({i}): {_quoted(facts.evidence[i].sentence if i in facts.evidence else None)}"
              for i in facts.mentioned_hardware]
    if paper.not_hardware:
        lines.append(f"  removed by `not_hardware:`: {', '.join(paper.not_hardware)}")
    lines.append(f"  Override: {OVERRIDES['hardware']}.")
    return lines


def matched_words(topics: Topics, topic: Topic, paper: Paper) -> list[str]:
    """The phrases of `topic` that the paper's title or abstract holds, as its file writes them."""
    text = f"{paper.title}\n{paper.abstract}"
    return [pattern for pattern in topic.patterns
            if Topics([Topic(topic.id, topic.name, topic.description, (pattern,))], topics.ignore).detect(text)]


def _topics(topics: Topics, facts: PaperFacts) -> list[str]:
    paper = facts.paper
    lines = ["Topics"]
    for topic_id in facts.topics:
        topic = topics.topics[topic_id]
        how = ("added by the file's `topics:`" if topic_id in paper.topics
               else "matched " + ", ".join(f'"{w}"' for w in matched_words(topics, topic, paper)))
        lines.append(f"  {topic.name} ({topic_id}): {how}")
    if not facts.topics:
        lines.append("  none detected")
    if paper.not_topics:
        lines.append(f"  removed by `not_topics:`: {', '.join(paper.not_topics)}")
    lines.append(f"  Override: {OVERRIDES['topics']}.")
    return lines


def _result(site: Site, result: Result) -> str:
    device = site.hardware.nodes[result.device].name if result.device in site.hardware.nodes else "no device"
    claim = result.claim.text if result.claim else result.shown
    return f"  {result.shown} ({result.kind}) on {device}: \"{claim}\""


def _results(site: Site, facts: PaperFacts) -> list[str]:
    curated = facts.paper.results is not None
    lines = ["Results (the file's `results:`)" if curated else "Results (extracted from the abstract)"]
    lines += [_result(site, r) for r in facts.results] or ["  none"]
    no_device = sum(1 for r in facts.results if r.device is None)
    if no_device and not curated:
        lines.append(f"  {no_device} with no device: a page of hardware shows only results credited to it")
    lines.append(f"  Override: {OVERRIDES['results']}.")
    return lines
