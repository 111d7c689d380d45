"""What a time was spent doing, or a rate was reached doing: the words a duration's or a rate's
claim needs so that "in under 4.5 hours" says what took 4.5 hours ("execute SparseGPT on the
largest available open-source models ... in under 4.5 hours").
"""

from __future__ import annotations

import re

# What a time was spent doing, or a rate was reached doing: "train ResNet-50 on ImageNet ... in 2.2
# minutes", "quantizes a DiT XL/2 model ... within 20 minutes", "the rendering of ... 8k res. at
# 120FPS". Its verb, in the clause before the time, and the words after it up to the next number,
# comma or clause.
_ACTIVITY = re.compile(r"\b(?:pre-?train|train|fine-?tun|quantiz|benchmark|process|render|compil|converg|complet|"
                       r"finish|simulat|profil|search|sort|generat|index|solv|build|deploy|prun|distill|serv)\w*\b", re.I)
_CLAUSE_BREAK = re.compile(r"[;:]|,\s")
_CUED_VERB = re.compile(r"\b(?:we|can|could|may|will|to)\s+(?:(?:can|could|may|will|also|further|then|now)\s+)*"
                        r"(?P<verb>[a-z]{3,}(?<!ly))\b", re.I)
_NOT_A_VERB = re.compile(r"the|an?|be|been|also|only|then|further|now|up|under|over|about|nearly|just|within|"
                         r"achieve|reach|attain|get|see|observe|find|show|demonstrate|report|have|obtain|take|use|run|"
                         r"introduce|present|propose|compare|evaluate|study|describe|design|develop",
                         re.I)
_TIME_NAMED = re.compile(r"\b(?:time|times|duration|wall[- ]clock)\b", re.I)
_ACTIVITY_WORDS = re.compile(r"(?:\s+(?!\d)[^\s,;:()]+){0,4}")
_ACTIVITY_ENDS = re.compile(r"\s(?:in|within|on|with|to|for|at|by|of|the|a|an|and|can|be|is|was)$", re.I)


# A list of names between two commas, no clause of its own: ", OPT-175B and BLOOM-176B,".
_NAMES = re.compile(r"\s*(?:(?:[A-Z0-9][\w.+/-]*|and|or|&)\s*)+")


def activity_of(sentence: str, before: int) -> tuple[int, int] | None:
    """The words before `before` that say what a time was spent, or a rate reached, doing; None
    when none."""
    start = _clause_start(sentence, before)
    verbs = [m.span() for m in _ACTIVITY.finditer(sentence, start, before)]
    # Or the word a subject, a modal or "to" puts before a verb: "We can execute| SparseGPT on ... in under 4.5 hours".
    verbs = verbs or [m.span("verb") for m in _CUED_VERB.finditer(sentence, start, before)
                      if not _NOT_A_VERB.fullmatch(m.group("verb"))]
    if not verbs:
        return None
    verb_start, verb_end = verbs[0]
    if _TIME_NAMED.search(sentence, verb_start, before):
        return None  # the words name the time themselves: "BERT training time can be reduced to 76 minutes"
    end = _ACTIVITY_WORDS.match(sentence, verb_end, before).end()
    while (trail := _ACTIVITY_ENDS.search(sentence, verb_end, end)) is not None:
        end = trail.start()
    return verb_start, end


def _clause_start(sentence: str, before: int) -> int:
    """Where the clause holding `before` starts: after the last clause break before it, but the
    commas around a list of names; at most 120 characters back."""
    breaks = list(_CLAUSE_BREAK.finditer(sentence, 0, before))
    start = 0
    for at, found in enumerate(breaks):
        opens = at + 1 < len(breaks) and _NAMES.fullmatch(sentence, found.end(), breaks[at + 1].start())
        closes = at > 0 and _NAMES.fullmatch(sentence, breaks[at - 1].end(), found.start())
        if not (opens or closes):
            start = found.end()
    return max(start, before - 120)
