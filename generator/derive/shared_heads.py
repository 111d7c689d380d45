"""The words a rate shares with the rate before it: "reaches a decoding speed of 20 tokens/s on an RTX
4090 and 5 tokens/s on a Jetson Orin Nano", "decodes at 28 tokens/s on the GPU and 9 tokens/s on
the Neural Engine". The second number's own words name only where it ran; what it measures is
said once, before the first. (Absolute measures in other units share them in `measures.py`.)
"""

from __future__ import annotations

import re

from .candidates import rate_unit
from .measures import GAPPED, JOINED, VERB_PHRASE


def shared_head(sentence: str, matches: list[re.Match[str]], words: list[tuple[int, int]],
                index: int) -> tuple[int, int] | None:
    """For the rate at `matches[index]` (`words`: each number's claim words), the words before the
    rate right before it in the same unit, when only that one's setting and "and" stand between
    them and its own words start after that one; else None."""
    if not index or not (rate := matches[index].group("rate")):
        return None
    first = matches[index - 1]
    if not first.group("rate") or rate_unit(first.group("rate")) != rate_unit(rate) \
            or words[index][0] < first.end() or words[index - 1][0] >= first.start():
        return None
    if JOINED.fullmatch(sentence, first.end(), matches[index].start()):
        return words[index - 1][0], first.start()
    # Or the next of a list whose verb is left out: "the RTX 4090 decodes at 127 tokens/s, the M2 Ultra at
    # 76 tokens/s": the verb's words, with the first's head they name ("decodes at").
    at = index
    while at and (gap := GAPPED.fullmatch(sentence, matches[at - 1].end(), matches[at].start())):
        at -= 1  # back to the list's first item, whose verb is said
        verb = VERB_PHRASE.search(sentence, words[at][0], matches[at].start())
        if verb:
            return verb.span() if verb.group("prep").lower() == gap.group("prep").lower() else None
    return None
