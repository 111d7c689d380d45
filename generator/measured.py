"""Hardware a paper was measured on, designed for or dissected, told apart from hardware its
abstract only mentions (what another system supports, what a baseline ran on).

A sentence says where something was measured: a name right after "on", "using",
"with" or "across" ("on two RTX 4090 GPUs"), or after "designed for",
"optimized for", "targeting"; a name that goes on from one ("on NVIDIA H100", "on
the A100 and the H100"); the subject of the verb that gives a number ("the H100
achieves ..."); or any name in a sentence where the paper says it studies
hardware ("we dissect", "we benchmark", "we evaluate") unless it is compared
against. A name right after "than", "over", "compared to", "versus" or
"against" is a baseline's. A name in the title is the paper's subject.
results.py uses the same cues for the device of each result.
"""

from __future__ import annotations

import re

from .matching import Mention

# Where something was measured: a device right after "on", "using", "with" or "across" (and an
# article or a count: "on a single", "using two", "with 8"), after "designed for" and the like,
# or after a noun that lists the hardware ("on two GPUs, P100 and P4000").
_MEASURED_ON = re.compile(
    r"(?:(?:\b(?:on|using|with|across|atop|our)|\b(?:designed|tailored|optimi[sz]ed|built|specialized|tuned)\s+for|"
    r"\b(?:kernels?|implementations?|library|libraries|backends?|compilers?)\s+for|\btargeting)\s+"
    r"(?:(?:an?|the|one|two|three|four|eight|sixteen|single|multiple|several|modern|recent)\s+|\d[\d,]*\s*[x×]\s*"
    r"|\d[\d,]*\s+)*"
    # "on two GPUs, P100 and P4000", "across GPU architectures, namely Hopper", "using GPUs (NVIDIA A100)"
    r"|\b(?:on|using|with|across)\s+(?:[\w-]+\s+){0,5}(?:GPUs?|devices?|platforms?|accelerators?|architectures?|"
    r"hardware|chips?|ones)\s*(?:\(\s*|[,:]\s*(?:namely\s+|including\s+|i\.e\.,?\s+)?)"
    r"|\b(?:real|actual|physical)\s+hardware\s*\(\s*)$", re.I)
# A sentence about other work ("recent work proposes ... on NVIDIA hardware") that says nothing
# of the paper's own ("we", "our"): what it names is only mentioned.
_OTHER_WORK = re.compile(r"\b(?:recent|prior|previous|existing|related|earlier)\s+(?:work|works|approaches|systems|"
                         r"methods|studies|solutions)\b", re.I)
_OWN_WORK = re.compile(r"\b(?:we|our|us)\b", re.I)
# "supported on NVIDIA and AMD GPUs": what runs there, not where the paper measured.
_SUPPORTED = re.compile(r"\b(?:support\w*|available|compatible)\b", re.I)
# The subject of the verb that gives a number ("the H100 achieves 740 TFLOPS").
_SUBJECT_OF = re.compile(r"^[\s,]*(?:[a-z][\w-]*\s+){0,2}(?:,[^,]{0,40},\s*)?"
                         r"(?:achieves?|delivers?|reach(?:es)?|attains?|obtains?|provides?|sustains?|runs?|hits?|"
                         r"offers?|gets?|shows?|is|are)\b")
_GOES_ON = re.compile(r"^\s*(?:\([^()]{0,20}\)\s*)?(?:(?:,|and|or|as well as|GPUs?|s)\s*)*(?:the\s+|an?\s+|\d+\s*[x×]\s*)?$",
                      re.I)
# A name the sentence compares against: a baseline's hardware.
_COMPARED = re.compile(r"\b(?:than|over|compared (?:to|with)|versus|vs\.?|relative to|against)\s+"
                       r"(?:(?:on|using|with)\s+)?(?:(?:the|an?|\d+)\s+)?$", re.I)
# The paper says it studies the hardware the sentence names.
_STUDIES = re.compile(
    r"\b(?:we|our|this (?:paper|work|study))\s+(?:\w+\s+){0,3}?(?:evaluat\w*|benchmark\w*|measur\w*|dissect\w*|"
    r"characteri[sz]\w*|profil\w*|microbenchmark\w*|analy[sz]\w*|test\w*|deploy\w*|port\w*|implement\w*)\b", re.I)


def measured_in_sentence(sentence: str, mentions: list[Mention],
                         excluded: list[tuple[int, int]] = ()) -> list[Mention]:
    """The mentions (of `sentence`, positions in it) the sentence says something was measured
    on; none inside an `excluded` span (a baseline's words) or right after a comparison."""
    found: list[Mention] = []
    if not mentions or (_OTHER_WORK.search(sentence) and not _OWN_WORK.search(sentence)):
        return found
    studies = _STUDIES.search(sentence) is not None
    for m in mentions:
        before = sentence[max(0, m.start - 60):m.start]
        if any(start <= m.start < end for start, end in excluded) or _COMPARED.search(before) \
                or _SUPPORTED.search(before[-30:]):
            continue
        # A name that goes on from a measured one: "on NVIDIA H100", "on the A100 and the H100".
        goes_on = found and found[-1].end <= m.start and _GOES_ON.match(sentence[found[-1].end:m.start])
        if goes_on or studies or _MEASURED_ON.search(before) or _SUBJECT_OF.match(sentence[m.end:m.end + 80]):
            found.append(m)
    return found


def measured_in_abstract(abstract: str, mentions: list[Mention], spans: list[tuple[int, int]]) -> list[Mention]:
    """The `mentions` of an abstract (positions in it; `spans`: its sentences) that a sentence
    says the paper was measured on, designed for or dissected. (All of a title's are.)"""
    found = []
    for start, end in spans:
        inside = [Mention(m.id, m.start - start, m.end - start, m.text) for m in mentions
                  if start <= m.start and m.end <= end]
        found += [Mention(m.id, m.start + start, m.end + start, m.text)
                  for m in measured_in_sentence(abstract[start:end], inside)]
    return found
