"""A device named again by the last word of its name: "on the Nvidia Jetson AGX Orin ... 3.32 times
on Orin", "a Jetson AGX Xavier ... the Xavier draws 30 W", "an RTX 4090 ... the 4090 reaches".
English shortens a name it has given in full; the vocabulary lists full names only, since "Orin"
alone could be any of four boards. Only where the paper has given the full name first (in its
title, or earlier in the abstract), and where that word belongs to no other name the paper gives.
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .hardware_words import HARDWARE_NOUN

# A last word that says what a product is, not which: "Edge TPU", "Coral USB Accelerator".
_CLASS_WORD = re.compile(rf"(?i:{HARDWARE_NOUN}|USB|PCIe|SXM\d?|Edge|Module|Kit)")
# A word that may name a device alone, written as a word of its own: "Orin", "Xavier", "4090", "910B".
_SHORT = r"[A-Z][a-z]{2,}|\d{3,}[A-Za-z]?"
_SHORT_WORD = re.compile(_SHORT)
_SHORT_IN_TEXT = re.compile(rf"(?<![\w.-])(?:{_SHORT})(?![\w-]|\.\d)")


def _short_word(mention: Mention) -> str | None:
    """The last word of a name written in several, when it can name it alone: a word of three
    letters or more starting with a capital ("Orin", "Xavier"), or a model number of three figures
    or more ("4090"); not a word for a kind of hardware ("Edge TPU"), nor a count ("Pi 4")."""
    words = mention.text.split()
    if len(words) < 2:
        return None
    last = words[-1]
    if _CLASS_WORD.fullmatch(last):
        return None
    return last if _SHORT_WORD.fullmatch(last) else None


def with_short_names(hardware: Hardware, title_mentions: list[Mention], abstract: str,
                     mentions: list[Mention]) -> list[Mention]:
    """The abstract's `mentions` with the devices it names again by the last word of their name
    after naming them in full (in the title or before in the abstract)."""
    named = [*((m, -1) for m in title_mentions), *((m, m.end) for m in mentions)]
    if not named:
        return mentions
    # Every word of every name the paper gives, and the devices each belongs to.
    owners: dict[str, set[str]] = {}
    for m, _ in named:
        for word in m.text.split():
            owners.setdefault(word, set()).add(m.id)
    shorts: dict[str, tuple[str, int]] = {}  # a short word: (its device, where it may start being used)
    for m, after in named:
        word = _short_word(m)
        if word and hardware.nodes[m.id].kind == "device" and owners.get(word) == {m.id}:
            shorts.setdefault(word, (m.id, after))
    taken = [(m.start, m.end) for m in mentions]
    added = _siblings(hardware, named, abstract, taken)
    if not shorts:
        return sorted([*mentions, *added], key=lambda m: m.start) if added else mentions
    for found in _SHORT_IN_TEXT.finditer(abstract):
        if found.group(0) not in shorts:
            continue
        node_id, after = shorts[found.group(0)]
        if found.start() < after or any(s < found.end() and found.start() < e for s, e in taken):
            continue
        # A bare model number only after "the" or "on": "the 4090", not "4090 images".
        if found.group(0)[0].isdigit() and not re.search(r"\b(?:the|on|an?)\s$", abstract[max(0, found.start() - 5):found.start()], re.I):
            continue
        added.append(Mention(node_id, found.start(), found.end(), found.group(0)))
    return sorted([*mentions, *added], key=lambda m: m.start) if added else mentions


# A line's word and a model number: "Pi 5" (of "Raspberry Pi 5"), "Gen 2" (of "Snapdragon 8 Gen 2"); not
# after a capitalized word, which would make it another maker's line ("Orange Pi 5").
_LINE_AND_NUMBER = re.compile(r"\b(?P<word>[A-Z][a-z]+)\s(?P<number>\d{1,4}[A-Za-z]?)\b")
_CAPITALIZED_BEFORE = re.compile(r"(?<![\w-])(?!(?:The|A|An|On|In|For|With|Our|Its|Each|Both)\s)[A-Z][\w-]*\s$")


def _siblings(hardware: Hardware, named: list[tuple[Mention, int]], abstract: str,
              taken: list[tuple[int, int]]) -> list[Mention]:
    """A device of a line the paper has named one of in full, by the line's last word and its model
    number: "the Raspberry Pi 4 ... on the Pi 5" (Raspberry Pi 5), "... the Pi 4 reaches" (Raspberry Pi 4)."""
    lines = {word for m, _ in named for word in m.text.split()[:-1]}  # "Raspberry", "Pi" of "Raspberry Pi 4"
    out = []
    if not lines:
        return out
    for found in _LINE_AND_NUMBER.finditer(abstract):
        if found.group("word") not in lines or any(s < found.end() and found.start() < e for s, e in taken) \
                or _CAPITALIZED_BEFORE.search(abstract, max(0, found.start() - 30), found.start()):
            continue
        for m, after in named:
            words = m.text.split()
            if found.start() < after or found.group("word") not in words[:-1]:
                continue
            full = " ".join(words[:words.index(found.group("word")) + 1] + [found.group("number")])
            hit = hardware.detect(full)
            if len(hit) == 1 and (hit[0].start, hit[0].end) == (0, len(full)) and hardware.nodes[hit[0].id].kind == "device":
                out.append(Mention(hit[0].id, found.start(), found.end(), found.group(0)))
                break
    return out
