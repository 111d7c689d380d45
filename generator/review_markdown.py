"""The Markdown of a pull request's summary (`review.py`): content as literal text, and the
entries a reviewer reads without opening a file.

Each new or changed paper stands alone: a link to its arXiv abstract page, its authors,
venue and dates, what the site derives for it (hardware measured on and compared against,
topics, results with their claims and devices), and warnings for what a reviewer should
look at (results credited to no device; topics detected that the file does not list).
The hardware and topics a change adds to the vocabularies are named, with the pages they
make. Every text from content is escaped (`md`), so a title cannot make links or HTML.
"""

from __future__ import annotations

import re
from urllib.parse import quote

from .content.arxiv_ids import is_arxiv_id
from .content.model import Paper
from .derive.facts import PaperFacts, Site
from .derive.result import Result

SHOWN_SLUGS = 10  # slugs named per listing change; the rest are counted
SHOWN_AUTHORS = 6  # authors named per paper; the rest are counted

_SPECIAL = frozenset("\\`*_{}[]<>#+!|~&$")
_BEFORE_AT = re.compile(r"[A-Za-z0-9.+_-]")  # what an email address's name ends with
# An empty comment, which shows nothing: a text node ends there, and GitHub's autolinker,
# which finds an email address in one text node, finds none ending at it.
_BREAK = "<!-- -->"


def md(text: str) -> str:
    """Content as literal Markdown text on one line: every character that could make a link,
    emphasis, HTML, a table cell or math is escaped, and so is what would make GitHub link a
    bare URL (the `:` of `https://`, the `.` of `www.`; before an email address's `@`, an
    empty comment, as a backslash does not stop that link)."""
    text = " ".join(str(text).split())
    shown = []
    for i, c in enumerate(text):
        scheme = c == ":" and text.startswith("/", i + 1)
        www = c == "." and text[max(i - 3, 0):i].lower() == "www"
        if c in _SPECIAL or scheme or www:
            shown.append(f"\\{c}")
        elif c == "@" and i and _BEFORE_AT.match(text[i - 1]):
            shown.append(_BREAK + c)
        else:
            shown.append(c)
    return "".join(shown)


def code(text: str) -> str:
    """A code span holding `text` literally, whatever backticks it has."""
    text = " ".join(str(text).split())
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def file_link(label: str, path: str, link_base: str | None) -> str:
    """A link to a file of the repository, under `link_base` when given."""
    target = quote(path, safe="/")
    if link_base:
        target = f"{link_base.rstrip('/')}/{target}"
    return f"[{label}](<{target.replace('>', '%3E').replace('<', '%3C')}>)"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def slugs_text(slugs: list[str]) -> str:
    shown = ", ".join(code(s) for s in slugs[:SHOWN_SLUGS])
    return shown + (f" and {len(slugs) - SHOWN_SLUGS} more" if len(slugs) > SHOWN_SLUGS else "")


def nodes_text(site: Site, ids) -> str:
    return ", ".join(f"{md(site.hardware.nodes[i].name)} ({code(i)})" for i in ids) or "none"


def topics_text(site: Site, ids) -> str:
    return ", ".join(md(site.topics.topics[i].name) for i in ids) or "none"


def results_text(site: Site, results: tuple[Result, ...]) -> str:
    shown = []
    for result in results:
        text = f"“{result.claim.text}”" if result.claim else result.shown
        if result.device:
            node = site.hardware.nodes.get(result.device)
            text += f" on {node.name if node else result.device}"
        shown.append(md(text))
    return "; ".join(shown) or "none found"


def paper_header(paper: Paper) -> str:
    """What says that the file is the paper it claims: its arXiv abstract page, authors, venue
    and dates, on one line."""
    parts = []
    if is_arxiv_id(paper.arxiv):  # checked: only letters, digits, '.', '-', '/'
        parts.append(f"[arXiv {paper.arxiv}](<https://arxiv.org/abs/{paper.arxiv}>)")
    if paper.authors:
        more = len(paper.authors) - SHOWN_AUTHORS
        parts.append(md(", ".join(paper.authors[:SHOWN_AUTHORS]) + (f" and {more} more" if more > 0 else "")))
    if paper.venue:
        parts.append(md(paper.venue))
    if paper.published:
        parts.append(f"published {paper.published.isoformat()}")
    if paper.added:
        parts.append(f"added {paper.added.isoformat()}")
    return " · ".join(parts) or "no arXiv id, authors, venue or dates"


def warnings(site: Site, facts: PaperFacts) -> list[str]:
    """What a reviewer should look at: results credited to no device (no device page shows
    them), and topics detected that a file listing its topics does not list."""
    out = []
    no_device = [r for r in facts.results if r.device is None]
    if no_device:
        out.append(f"⚠ {plural(len(no_device), 'result')} credited to no device (no device page shows "
                   f"{'it' if len(no_device) == 1 else 'them'}): a curated `results:` can say where each was measured")
    listed = set(facts.paper.topics)
    unlisted = [t for t in facts.topics if t not in listed]
    if listed and unlisted:
        out.append(f"⚠ topics detected that the file does not list: {topics_text(site, unlisted)} "
                   f"(`not_topics:` removes one detected wrongly)")
    return out


def vocabulary_changes(before: Site, after: Site) -> list[str]:
    """The hardware and topics a change adds to the vocabularies, by name, with their pages."""
    lines = []
    for node_id in sorted(after.hardware.nodes.keys() - before.hardware.nodes.keys()):
        node = after.hardware.nodes[node_id]
        under = f" under {md(after.hardware.nodes[node.parent].name)}" if node.parent in after.hardware.nodes else ""
        count = len(after.node_papers.get(node_id, ()))
        page = (f"page {code(f'hardware/{node_id}/')} with {plural(count, 'paper')}" if count
                else "no page yet: no paper is measured on it")
        lines.append(f"- hardware {md(node.name)} ({code(node_id)}), {md(node.kind)}{under}: {page}")
    for topic_id in sorted(after.topics.topics.keys() - before.topics.topics.keys()):
        count = len(after.topic_papers.get(topic_id, ()))
        page = (f"page {code(f'topics/{topic_id}/')} with {plural(count, 'paper')}" if count
                else "no page yet: no paper matches it")
        lines.append(f"- topic {md(after.topics.topics[topic_id].name)} ({code(topic_id)}): {page}")
    return lines
