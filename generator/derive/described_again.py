"""A device named again by the word that introduced it and its class: "... a multi-core AMD Ryzen 7
5800H CPU, a discrete NVIDIA GeForce GTX 1650 GPU, and an integrated AMD Radeon Vega GPU. ... the
discrete GPU is the performance leader". English refers back to one of several devices by the word
that set it apart when it was introduced ("a discrete ... GPU" -> "the discrete GPU"); the
vocabulary lists names only, so that phrase names nothing of its own.

Only where exactly one device of the paper was introduced with that word and is of that class ("the
discrete GPU" is no CPU), and only after it was introduced. So too a device named again by what holds
it, written after its name or before it: "on a Snapdragon 8 Gen 2 phone and an Apple M3 laptop ... on the
phone", "a Mac Studio with an M2 Ultra ... The Mac Studio".
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .hardware_words import CLASS_KINDS, PROCESSOR_CLASS
from .sentences import sentence_spans

# The words before a name that introduce it: an indefinite article and a describing word, then the
# vendor's and the line's names, if any: "a discrete NVIDIA GeForce |GTX 1650".
_INTRODUCING = r"\b(?:an?|one)\s+(?P<word>[a-z][a-z-]{3,})\s+(?:(?-i:[A-Z][\w-]*)\s+){0,3}"
_INTRODUCED = re.compile(_INTRODUCING + "$")
# Such words before a class that no name of the vocabulary stands in: "an integrated Intel Iris Xe GPU".
_INTRODUCED_CLASS = re.compile(rf"{_INTRODUCING}{PROCESSOR_CLASS}\b")
# The same word and the class after "the": "the discrete GPU" (not "the discrete GPU's memory" read
# any differently: the device still).
_AGAIN = re.compile(rf"\b(?:[Tt]he|[Tt]his|[Tt]hat)\s+(?P<word>[a-z][a-z-]{{3,}})\s+(?P<cls>{PROCESSOR_CLASS})(?![\w-])")


def described_again(hardware: Hardware, abstract: str, mentions: list[Mention]) -> list[Mention]:
    """The abstract's `mentions` with the phrases that name one of them again by the word that
    introduced it and its class ("the discrete GPU")."""
    introduced: dict[str, list[Mention]] = {}  # a word: the devices it introduced
    for m in mentions:
        found = _INTRODUCED.search(abstract, max(0, m.start - 60), m.start)
        if hardware.nodes[m.id].kind == "device" and found:
            introduced.setdefault(found.group("word"), []).append(m)
    if not introduced:
        return mentions
    taken = [(m.start, m.end) for m in mentions]
    # Hardware of no id introduced the same way ("an integrated Intel Iris Xe GPU"): a sentence that
    # names it again as well ("The integrated GPU reaches 8 FPS, and the discrete GPU ...") may give
    # its numbers to either, so neither is named there.
    devices = [m.start for m in mentions if hardware.nodes[m.id].kind == "device"]
    unnamed = {found.group("word") for found in _INTRODUCED_CLASS.finditer(abstract)
               if not any(found.start() <= at < found.end() for at in devices)}
    again = list(_AGAIN.finditer(abstract))
    added = []
    for found in again:
        if any(other.group("word") in unnamed - introduced.keys() and "." not in abstract[min(other.end(), found.end()):
                                                                                         max(other.start(), found.start())]
               for other in again if other is not found):
            continue
        kinds = CLASS_KINDS.get(found.group("cls"), set())
        ones = {m.id: m for m in introduced.get(found.group("word"), ()) if hardware.nodes[m.id].device_kind in kinds}
        if len(ones) != 1:
            continue
        m = next(iter(ones.values()))
        start = found.start("word")
        if start < m.end or any(s < found.end() and start < e for s, e in taken):
            continue
        added.append(Mention(m.id, start, found.end(), abstract[start:found.end()]))
    return sorted([*mentions, *added], key=lambda m: m.start) if added else mentions


# What holds a device, after its name: "a Snapdragon 8 Gen 2 phone", "an Apple M3 laptop", "a Jetson Orin Nano board".
_HOSTS = r"(?:smartphone|phone|laptop|tablet|notebook|desktop|workstation|server|board|robot|drone|car|vehicle|headset)"
_HOST_AFTER = re.compile(rf"\s+(?P<noun>{_HOSTS})\b(?![-'’])")
# Or before it, a product that holds the chip named after it: "a Mac Studio M2 Ultra", "a laptop with an RTX 4060",
# "a MacBook Pro (M3 Max)".
_PRODUCTS = r"(?:Mac\s+Studio|Mac\s+(?i:mini)|Mac\s+Pro|MacBook(?:\s+(?:Pro|Air))?|iMac)"
# (Not two things compared: "We compare a phone with an A100".)
_COMPARED = re.compile(r"\bcompar\w*\s+(?:(?:an?|the|our|its)\s+)?$", re.I)
_HOST_BEFORE = re.compile(rf"\b(?P<noun>{_HOSTS}|{_PRODUCTS})\s+(?:(?:with|equipped\s+with|powered\s+by|featuring)\s+"
                          r"(?:an?\s+|the\s+|its\s+)?(?:[\w-]+\s+)?|\(\s*)?$")
_HOST_AGAIN = re.compile(rf"\b(?:[Tt]he|[Tt]his|[Tt]hat)\s+(?P<noun>{_HOSTS}|{_PRODUCTS})\b(?![-'’])")


def hosts_again(hardware: Hardware, abstract: str, mentions: list[Mention]) -> list[Mention]:
    """The abstract's `mentions` with the phrases that name one of them again by what holds it ("the
    phone" after "a Snapdragon 8 Gen 2 phone"), where one device only was so introduced before."""
    held: dict[str, list[Mention]] = {}
    for m in mentions:
        if hardware.nodes[m.id].kind == "device" and (host := _HOST_AFTER.match(abstract, m.end) or _host_before(abstract, m)):
            held.setdefault(_host_key(host.group("noun")), []).append(m)
    if not held:
        return mentions
    added, spans = [], sentence_spans(abstract)
    for found in _HOST_AGAIN.finditer(abstract):
        ones = {m.id: m for m in held.get(_host_key(found.group("noun")), ()) if m.end < found.start()}
        # (Not in a sentence that names a part of it or other hardware: "On the phone, inference on the Hexagon NPU ...".)
        start, end = next(span for span in spans if span[0] <= found.start() < span[1])
        if len(ones) == 1 and not any(start <= m.start < end for m in mentions):
            added.append(Mention(next(iter(ones)), found.start("noun"), found.end(), found.group("noun")))
    return sorted([*mentions, *added], key=lambda m: m.start) if added else mentions


def _host_before(abstract: str, mention: Mention) -> re.Match[str] | None:
    """The product named right before `mention` that holds it ("a Mac Studio with an M2 Ultra"), unless two
    things are compared ("We compare a phone with an A100")."""
    before = _HOST_BEFORE.search(abstract, max(0, mention.start - 50), mention.start)
    return None if before and _COMPARED.search(abstract, max(0, before.start() - 30), before.start()) else before


def _host_key(words: str) -> str:
    """The host `words` name, one way however spaced or cased ("Mac  mini", "Mac Mini"), a MacBook by
    its line ("MacBook Pro" named again as "the MacBook")."""
    key = " ".join(words.split()).lower()
    return "macbook" if key.startswith("macbook") else key
