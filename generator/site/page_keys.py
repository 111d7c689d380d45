"""What a page's key holds of the papers it lists: `ShownRows`.

Under `mkdocs serve --dirty` a page is rendered again only when its key (what it shows)
differs from the last build's (preview.py, `render.Templates.wanted`). A listing shows of
each paper only its row (`row_shown`): its title, year, venue, code, date added, hardware
and results, never its note, authors or links, which only its own page shows. So a saved
note renders the paper's own page and no listing it is on.

The rows are kept as they are (papers, or tuples holding papers) and compared in C, as any
tuple is; only a page whose rows differ so compares them again by what they show of each
paper. Mapping every row of every listing to what it shows on every build cost a fifth
of a second at 10,000 papers; a saved note changes one paper, on a dozen pages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..content.model import Paper
from ..derive.facts import PaperFacts


def row_shown(paper: Paper, facts: PaperFacts) -> tuple:
    """What a listing's row (`row_filters.paper_row`, `result_row`, `paper_link`, a dated
    list, a reading path's step) shows of a paper (tests/test_preview.py edits each field a
    curator edits, and builds the site both ways)."""
    return (paper.slug, paper.title, paper.year, paper.venue, paper.code, paper.added, facts.hardware, facts.results)


class ShownRows:
    """Rows of a page (papers, or tuples that hold papers) in its key, equal to the rows of
    another build when they show the same: compared as tuples first, and by `row_shown` of
    each paper only where that finds a difference. `facts`: the build's facts of each paper."""

    __slots__ = ("rows", "facts")

    def __init__(self, rows: Sequence[Any], facts: Mapping[str, PaperFacts]) -> None:
        self.rows = tuple(rows)
        self.facts = facts

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ShownRows):
            return NotImplemented
        if len(self.rows) != len(other.rows):
            return False
        return self.rows == other.rows or all(
            mine is theirs or self.shown(mine) == other.shown(theirs) for mine, theirs in zip(self.rows, other.rows))

    __hash__ = None  # type: ignore[assignment]  # compared, never a dictionary's key

    def shown(self, row: Any) -> Any:
        """A row as a reader sees it: a paper as `row_shown`, also inside a tuple."""
        if isinstance(row, Paper):
            return row_shown(row, self.facts[row.slug])
        if isinstance(row, tuple):
            return tuple(row_shown(x, self.facts[x.slug]) if isinstance(x, Paper) else x for x in row)
        return row

    def __repr__(self) -> str:
        return f"ShownRows({len(self.rows)} rows)"
