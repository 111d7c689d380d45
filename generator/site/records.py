"""What a generated page is, beside its text: `PageRecord`. The renderer makes one for every
page; the sitemap's dates, the MkDocs plugin and the templates read its kind and subject,
never the page's URL."""

from __future__ import annotations

from dataclasses import dataclass

# The kinds of page: a paper's; a hardware node's or a topic's listing; two devices side by
# side; a reading path; and the pages about the whole list (home, the indexes, results, years,
# filter, data).
PAPER, HARDWARE, TOPIC, VERSUS, PATH, LIST = "paper", "hardware", "topic", "versus", "path", "list"


@dataclass(frozen=True)
class PageRecord:
    """One generated page: where it is, what it is, what it is about, and its Markdown."""

    uri: str  # its source path: papers/snapkv.md, hardware/a100/page/2.md
    kind: str  # one of the kinds above
    subject: str | None  # the paper's slug, the node's or topic's id, "a100-vs-h100", the path's name; None for LIST
    body: str | None  # its Markdown; None when a preview did not render it again
