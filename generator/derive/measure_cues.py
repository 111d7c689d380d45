"""Words that make an absolute number a result though no verb of achieving comes before it: the
number names its measure right after it ("2.38 ms latency", "326 ms TTFT"), it is the next item of a
list of results ("98 tok/s decode, and 1.4 GB peak memory"), or it is a figure in parentheses behind
a result ("70× faster (0.33ms vs 23.2ms)").
"""

from __future__ import annotations

import re

from .kinds import kinds_in

# The few words right after a measure that say what it is: "0.3 s latency", "6.7s E2E latency", "1.4 GB peak memory".
WORDS_AFTER = re.compile(r"\s*(?:\([^()]{0,30}\)\s*)?(?:[\w-]+\s+){0,2}[\w-]+")
# Kinds whose number a word right after names as a result ("2.38 ms latency", "326 ms TTFT", "0.54 W power");
# not sizes, which name a set-up as readily ("16 GB memory" of a card).
_NAMED_RIGHT_AFTER = frozenset({"latency", "energy", "power"})
# The gap between a list's items: the words that name the one before, then a comma or "and":
# "~0.84 s TTFT, 98 tok/s decode|, and |1.4 GB peak memory".
_ITEM_GAP = re.compile(r"(?:\s+[\w-]+){0,3}?(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:about|around|only|just|nearly)\s+|~\s*)?")
# A parenthesis that opens on a figure, with the words that say it is an approximation: "(~6.6 Hz)",
# "(approximately 6.6 Hz)".
APPROXIMATE_ASIDE = r"\s*\(\s*(?:~\s*|≈\s*|(?:approximately|about|roughly|i\.e\.,?)\s+)?"
# A parenthesis opened right after a result, or "vs" after the figure in it: "70× faster (|0.33ms| vs |23.2ms)".
_ASIDE_OPENS = re.compile(r"(?:\s+[\w-]+){0,3}?" + APPROXIMATE_ASIDE)
_PARTS = re.compile(r"(?:\s+[\w-]+){0,6}?\s*:\s*(?:(?:about|around|only|just|nearly)\s+|~\s*)?")
_VERSUS = re.compile(r"\s*(?:vs\.?|versus)\s+(?:~\s*)?")


def cued(sentence: str, anchor: int, end: int, kind: str, results: list[tuple[int, int]]) -> bool:
    """Whether the measure at [anchor, end) of `kind` is a result by the words around it, or by the
    `results` (spans) right before it."""
    after = WORDS_AFTER.match(sentence, end)
    named = kinds_in(after.group(0)) if after else []
    if kind in _NAMED_RIGHT_AFTER and kind in named:
        return True
    last = max((stop for start, stop in results if stop <= anchor), default=None)
    if last is None:
        return False
    # The next item of a list of results, its measure named after it.
    if _ITEM_GAP.fullmatch(sentence, last, anchor) is not None and named:
        return True
    # A figure in parentheses behind a result, and the baseline's after "vs" in it.
    # Or the parts of a result after a colon: "runs around 10ms per image: |8ms| on the image encoder".
    return _ASIDE_OPENS.fullmatch(sentence, last, anchor) is not None or _PARTS.fullmatch(sentence, last, anchor) is not None \
        or _VERSUS.fullmatch(sentence, last, anchor) is not None and "(" in sentence[max(0, last - 40):last]
