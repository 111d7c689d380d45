"""Silicon a paper presents as its own and the vocabulary has no name for ("We present Mr. Wolf, a
parallel ultra-low-power RISC-V SoC", "FooChip is an 8-core RISC-V processor"): a result whose
words have that chip as their subject ("FooChip is 20x faster", "while FooChip takes 5 ms") was
measured there, on none of the vocabulary's hardware, unless its own words say it ran on one
("FooChip runs 3x faster on the Jetson Nano" is the Jetson's).

Not a design mapped onto hardware the vocabulary knows: an accelerator prototyped on a ZCU102 is
measured on the ZCU102, so a paper that names an FPGA of the vocabulary has no own silicon here.
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention

_SILICON = r"(?:SoCs?|systems?[- ]on[- ](?:a[- ])?chips?|chips?|processors?|microcontrollers?|MCUs?|ASICs?)\b"
# A coined name: a product code or a word with a capital inside ("GAP-8", "FooChip", "DARKSIDE");
# with a title before it where it has one ("Mr. Wolf").
_COINED = r"(?:(?-i:[A-Z][a-z]{1,3})\.\s+)?(?-i:[A-Z][\w-]*(?:\d|[a-z][A-Z]|[A-Z]{2})[\w-]*|[A-Z][\w-]+)"
# What the chip is, in words that describe it, not what it is for ("a library for microcontrollers",
# "a company that designs chips"): "a parallel ultra-low-power RISC-V SoC".
_WHAT = r"\s+an?\s+(?:(?!(?:for|of|on|to|that|which|with|in)\b)[\w-]+,?\s+){0,6}?" + _SILICON
_PRESENTED = re.compile(
    # "We present Mr. Wolf, a ... SoC", "This paper introduces FooChip, an ... processor"
    r"\b(?:we|this\s+(?:paper|work|article))\s+(?:\w+\s+)?(?:present|introduce|propose|design|fabricate|build|"
    rf"develop|describe|tape[ -]out)\w*\s+(?P<presented>{_COINED})(?:,|\s+as)" + _WHAT
    # a title, "Vega: A 10-Core SoC for IoT End-Nodes"
    + rf"|^(?P<titled>{_COINED}):" + _WHAT
    # "FooChip is an 8-core RISC-V processor", a coined name only ("Memory is the main bottleneck of ...")
    + r"|\b(?P<is>(?-i:[A-Z][\w-]*(?:\d|[a-z][A-Z]|[A-Z]{2})[\w-]*))\s+is" + _WHAT
    # "the GAP-8 processor", "our FooChip processor"
    + r"|\b(?:the|our|on|of)\s+(?P<glued>(?-i:[A-Z][\w-]*(?:\d|[a-z][A-Z])[\w-]*))\s+" + _SILICON, re.I)


def own_silicon(hardware: Hardware | None, texts: tuple[str, ...], mentions: list[Mention]) -> frozenset[str]:
    """The names `texts` (a title and an abstract) present as chips of no id in `hardware`, none of
    `mentions` (the vocabulary's names in them); none where they name an FPGA of the vocabulary."""
    if hardware is None or any(hardware.nodes[m.id].device_kind == "fpga" for m in mentions):
        return frozenset()
    known = {m.text for m in mentions}
    return frozenset(name for text in texts for found in _PRESENTED.finditer(text)
                     if (name := next(n for n in found.groups() if n)) not in known
                     and not any(part in known for part in name.split()))


def about_own_silicon(before_number: str, names: frozenset[str]) -> bool:
    """Whether the words of a claim before its number (`before_number`) open with one of `names` as
    their subject: "FooChip takes", "the GAP-8 processor achieves", "Mr. Wolf is"."""
    return any(re.match(rf"\W*(?:(?:the|our)\s+)?{re.escape(name)}\b", before_number) for name in names)
