"""A number that is the figure of what a result is compared with, not the result's own: where the
baseline ran, which is that number's device ("compared with 4.5 hours on the A100 node", "against
21 ms on MI300X", "outperforming FlashMLA, whose FLOPS utilization is up to 66.7% on NVIDIA H800",
"compared to Jetson's 0.7-1.1 token/J").
"""

from __future__ import annotations

import re

from ..content.hardware import Mention
from .comparisons import OPENING_COMPARED_WITH, OUTPERFORMS
from .hardware_words import PROCESSOR_CLASS

_ABOUT = r"(?:(?:about|around|roughly|nearly|only|just)\s+)?"
# Right before a number: the words that make it the figure of what a result is compared with.
_BASELINE_FIGURE = re.compile(rf"\b(?:{OPENING_COMPARED_WITH}|vs\.?)\s+{_ABOUT}$", re.I)
# Or the hardware's own, named with "'s" ("compared to Jetson's 0.7-1.1 token/J", "than the A100's 312 TFLOPS").
_OWNED_FIGURE = re.compile(rf"\b(?:{OPENING_COMPARED_WITH}|than|above|below|beyond|vs\.?)\s+[^,;()]{{0,40}}?(?P<own>['’]s)\s+{_ABOUT}$", re.I)
# Or in a clause about what a result beats: "outperforming FlashMLA, whose FLOPS utilization is up to".
_BASELINE_CLAUSE = re.compile(rf"\b(?:{OUTPERFORMS}\w*|than|over|compared (?:to|with)|versus|vs\.?)\s[^;,]{{0,80}},\s*whose\b"
                              r"[^,;()]{0,60}$", re.I)
# A comparison with hardware: its words right before a name, or before a class of hardware.
_AGAINST_WORDS = r"\b(?:than|over|versus|vs\.?|compared (?:to|with)|relative to|against)\s[^,;()]{0,40}"
_AGAINST = re.compile(_AGAINST_WORDS + "$", re.I)
_AGAINST_CLASS = re.compile(rf"{_AGAINST_WORDS}\b{PROCESSOR_CLASS}s?\b", re.I)
_FIGURE_ENDS = re.compile(r"[,;()—]|\s(?:and|but|while|whereas|which)\s")


def baseline_figure(sentence: str, mentions: list[Mention], start: int, end: int) -> tuple[bool, list[Mention]]:
    """Whether the number at [start, end) is a baseline's own figure, and the hardware named
    with it: right after it, in its clause ("against 21 ms on MI300X"), or as its owner ("Jetson's").
    A figure in a clause about the baseline that names no hardware is the baseline's all the same
    (it ran elsewhere): (True, [])."""
    owned = _OWNED_FIGURE.search(sentence, max(0, start - 60), start)
    owner = [m for m in mentions if owned and m.end == owned.start("own")]
    if owner:
        return True, owner
    clause = _BASELINE_CLAUSE.search(sentence, max(0, start - 160), start)
    if clause or _BASELINE_FIGURE.search(sentence, max(0, start - 40), start):
        ends = _FIGURE_ENDS.search(sentence, end)
        there = [m for m in mentions if end <= m.start and (ends is None or m.start < ends.start())]
        if there or clause:
            return True, there
        # In parentheses, "A vs B" behind a comparison with other hardware: B ran there ("20x lower power
        # consumption (148W vs 2,983W)" after "versus 8 A100 GPUs"; "70× faster (0.33ms vs 23.2ms) ... than
        # the best alternative OCL on edge GPUs": on none of ours). Not a software baseline's, on the same device.
        if sentence.rfind("(", 0, start) > sentence.rfind(")", 0, start):
            against = [m for m in mentions if _AGAINST.search(sentence, max(0, m.start - 50), m.start)]
            if against or _AGAINST_CLASS.search(sentence):
                return True, against[:1]
    return False, []
