"""Sentences of a title or abstract, and the sentence that names something.

A page shows why a paper is listed under a device by quoting the sentence
that names it (`evidence_sentence`); the headline results are read sentence
by sentence. The splitting is plain rules on full stops, abbreviations and
line breaks (`sentence_spans`).
"""

from __future__ import annotations

import bisect
import math
import re

# Words that end in a full stop without ending the sentence: "vs. FP16", "(e.g. R1, o1)".
_ABBREVIATIONS = frozenset({
    "e.g", "eg", "i.e", "ie", "al", "vs", "cf", "viz", "w.r.t", "wrt", "a.k.a", "approx", "resp",
    "fig", "figs", "eq", "eqs", "sec", "tab", "ref", "refs", "no", "nos", "vol", "pp", "ca",
    "dr", "mr", "mrs", "ms", "prof", "st", "u.s", "u.k", "e.u", "incl", "ver", "esp", "avg", "est", "excl",
})
# Abbreviations that are units after a number.
_UNITS_TOO = frozenset({"ms", "pp"})
# The places a sentence may end: a run of stops (with the closing quotes or brackets after
# it) followed by white space, or white space holding a line break.
_CLOSERS = "\"'”’)]"
_SENTENCE_BREAK = re.compile(rf"(?P<stop>[.!?]+[{re.escape(_CLOSERS)}]*)\s+|\s*\n\s*")


# A short word in small letters before a stop may be an abbreviation no list holds ("esp.", "avg."): a
# name with a digit or a dot after it does not start a sentence.
_SHORT_WORD_BEFORE = re.compile(r"(?<![\w.])[a-z]{1,4}$")
# A name that starts with a small letter and has a capital after it: "eNPU", "vLLM", "cuBLAS", "iPhone";
# or a digit or a dot inside it: "gpt-oss-120B", "llama.cpp" (not an abbreviation: "e.g.", "i.e.").
_NAME_IN_SMALL_FIRST = re.compile(r"[a-z]{1,3}[A-Z][\w-]*")
_NAME_WITH_DIGIT_OR_DOT = re.compile(r"(?=[a-z][\w.-]*?(?:\d|[a-z]\.[a-z]))[a-z][a-z\d]*(?:[-.][A-Za-z\d]+)+(?![\w.-])")


def _ends_sentence(text: str, stop_start: int, stop_end: int, break_end: int) -> bool:
    """Whether the stop at [stop_start, stop_end), white space up to `break_end`, ends a sentence."""
    if text.find("\n", stop_end, break_end) >= 0:
        return True
    # "4k res. at 60FPS", "e.g. the"; but a name may start with a small letter ("... traces. eNPU reduces",
    # "... GPUs. vLLM serves", "iPhone").
    if text[break_end:break_end + 1].islower() and not _NAME_IN_SMALL_FIRST.match(text, break_end) and not (
            _NAME_WITH_DIGIT_OR_DOT.match(text, break_end) and not _SHORT_WORD_BEFORE.search(text, max(0, stop_start - 5), stop_start)):
        return False
    if text[stop_start:stop_end].rstrip(_CLOSERS) != ".":  # "?", "!", an ellipsis, "etc.."
        return True
    word_start = max(text.rfind(" ", 0, stop_start), text.rfind("(", 0, stop_start)) + 1
    word = text[word_start:stop_start]
    # After a number "ms" is a unit ("at 41 ms. Two GPUs ..."), not a title ("Ms. Lee"); and a
    # capital letter is a unit ("drawing only 2.5 W. Even ..."), not an initial ("J. Smith").
    after_number = text[:word_start].rstrip()[-1:].isdigit()
    if word.casefold() in _ABBREVIATIONS and not (word.casefold() in _UNITS_TOO and after_number):
        return False
    # (Nor where a sentence plainly opens after it: "on a Raspberry Pi 4 Model B. The board draws ...".)
    return not (len(word) == 1 and word.isupper()) or after_number or _OPENER.match(text, break_end) is not None


# Words a sentence opens with that no surname is: after "Model B." they start the next sentence.
_OPENER = re.compile(r"(?:The|We|It|Its|Our|This|These|They|In|On|For|Compared|Moreover|Furthermore|However|Finally|"
                     r"Additionally|Experiments?|Results?|Evaluations?|Unlike|With|Using|When)\b")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence of `text`, in order, covering it from 0 to len(text).

    Full stops inside numbers ("1.3 petaFLOPs") and after abbreviations ("e.g.",
    "et al.", "vs.") do not end a sentence; a line break always does. A span
    ends after its stop and starts after the white space that follows it.
    """
    spans, start = [], 0
    for match in _SENTENCE_BREAK.finditer(text):
        if match.group("stop") is None:  # a line break
            end = match.start()
        elif _ends_sentence(text, match.start(), match.end("stop"), match.end()):
            end = match.end("stop")
        else:
            continue
        spans.append((start, end))
        start = match.end()
    spans.append((start, len(text)))
    return spans


def evidence_sentence(text: str, start: int, end: int, spans: list[tuple[int, int]] | None = None) -> str:
    """The sentence of `text` holding the span [start, end), to show why a paper is on a page.

    `spans` are `sentence_spans(text)`, for a caller that asks about many spans of one text.
    """
    spans = sentence_spans(text) if spans is None else spans
    first = max(bisect.bisect_right(spans, (start, math.inf)) - 1, 0)
    last = first
    while spans[last][1] < end and last + 1 < len(spans):  # a name across a sentence break
        last += 1
    return text[spans[first][0]:spans[last][1]].strip()
