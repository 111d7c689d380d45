"""Factors of the figure right before them: "a performance-per-watt of 3.18 fps/W, which is 28.91x
and 12.72x over ..." are of the performance per watt, and take its words."""

from __future__ import annotations

import re

# "a performance-per-watt of 3.18 fps/W, which is 28.91x and 12.72x over ...": factors of the figure
# right before them, and the list they start.
_WHICH_IS = re.compile(r"[^,;.\d]{0,12},\s*(?:which|that)\s+(?:is|are|was|were)\s+"
                       r"(?:(?:about|around|up to|over|nearly|roughly|approximately)\s+)?", re.I)
_TIME_RATIO = re.compile(r"\s*(?:times\s+)?(?:faster|slower|quicker|speed-?ups?)\b", re.I)
_LIST_GAP = re.compile(r"\s*,?\s*(?:and\s+)?(?:(?:about|around|up to)\s+)?", re.I)


def factors_of_the_figure_before(sentence: str, matches: list[re.Match[str]],
                                  words: list[tuple[int, int]]) -> dict[int, int]:
    """Give such factors the words of the figure they are factors of (`words`, changed in place);
    each one's index -> the figure's, whose measure it is (not a time ratio's: "7118 images/s, which
    is 2.81 times faster" is a speedup)."""
    of: dict[int, int] = {}
    for index in range(1, len(matches)):
        if not (_is_factor(matches[index]) and _WHICH_IS.fullmatch(sentence, matches[index - 1].end(), matches[index].start())):
            continue
        for later in range(index, len(matches)):
            if later > index and not (_is_factor(matches[later])
                                      and _LIST_GAP.fullmatch(sentence, matches[later - 1].end(), matches[later].start())):
                break
            words[later] = (min(words[index - 1][0], words[later][0]), words[later][1])
            if not _TIME_RATIO.match(sentence, matches[later].end()):
                of[later] = index - 1
    return of


def _is_factor(match: re.Match[str]) -> bool:
    return bool(match.group("factor") or match.group("xfirst"))
