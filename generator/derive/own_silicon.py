"""Silicon a paper presents as its own and the vocabulary has no name for ("We present Mr. Wolf, a
parallel ultra-low-power RISC-V SoC", "FooChip is an 8-core RISC-V processor"): a result whose
words have that chip as their subject ("FooChip is 20x faster", "while FooChip takes 5 ms") was
measured there, on none of the vocabulary's hardware, whatever else the sentence or the abstract
names (the Cortex-M4 it is compared with).

Not a design mapped onto hardware the vocabulary knows: an accelerator prototyped on a ZCU102 is
measured on the ZCU102, so a paper that names an FPGA of the vocabulary has no own silicon here.
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .connectives import LINKING_PHRASE
from .hardware_words import PROCESSOR_CLASS

# A name, then what it is: "Mr. Wolf, a parallel ultra-low-power RISC-V SoC", "FooChip is an 8-core
# RISC-V processor"; or a product code or a coined name before the word: "the GAP-8 processor", "our
# FooChip processor".
_SILICON = r"(?:SoCs?|systems?[- ]on[- ](?:a[- ])?chips?|chips?|processors?|microcontrollers?|MCUs?|ASICs?)\b"
_PRESENTED = re.compile(
    r"\b(?P<name>(?-i:[A-Z][\w-]*[A-Za-z0-9]))(?:,\s+an?|\s+is\s+(?:an?|the))\s+(?:[\w-]+,?\s+){0,6}?" + _SILICON
    + r"|\b(?:the|our|on|of)\s+(?P<glued>(?-i:[A-Z][\w-]*(?:\d|[a-z][A-Z])[\w-]*))\s+" + _SILICON, re.I)
# Words that open a sentence and are no name: a linking word ("Moreover, a ..."), an adverb
# ("Remarkably"), a pronoun, a class of hardware ("GPU is a ...").
_NO_NAME = re.compile(rf"(?:{LINKING_PHRASE}|\w+ly|this|that|it|the|our|we|which|each|there|here|however|thus|hence|"
                      rf"therefore|also|then|{PROCESSOR_CLASS}s?)", re.I)


def own_silicon(hardware: Hardware | None, text: str, mentions: list[Mention]) -> frozenset[str]:
    """The names `text` (a title and abstract) presents as chips of no id in `hardware`, none of
    `mentions` (the vocabulary's names in it); none where it names an FPGA of the vocabulary."""
    if hardware is None or any(hardware.nodes[m.id].device_kind == "fpga" for m in mentions):
        return frozenset()
    names = set()
    for found in _PRESENTED.finditer(text):
        name = found.group("name") or found.group("glued")
        start = found.start("name") if found.group("name") else found.start("glued")
        if _NO_NAME.fullmatch(name) or any(m.start < start + len(name) and start < m.end for m in mentions):
            continue
        names.add(name)
    return frozenset(names)


def about_own_silicon(claim_before: str, names: frozenset[str]) -> bool:
    """Whether the words of a claim before its number (`claim_before`) have one of `names` as the
    subject they open with: "FooChip is", "FooChip takes", "the GAP-8 processor achieves"."""
    return any(re.match(rf"\W*(?:(?:the|our)\s+)?{re.escape(name)}\b", claim_before, re.I) for name in names)
