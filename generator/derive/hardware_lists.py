"""Hardware a sentence names together or opens with: the list of names it says things ran on
("on the A100 and the H100", "on Jetson Nano and Galaxy Note8"), whether a name is one of a list,
and the hardware a sentence opens with as the subject of what it states ("The H100 delivers ...")."""

from __future__ import annotations

import re

from ..content.check import MODEL_NAME, NOT_DEVICE
from ..content.hardware import Hardware, Mention
from .comparisons import COMPARED_WITH
from .hardware_words import HARDWARE_NOUN
from .unknown_hardware import ELSEWHERE, classes_listed_before, credit

# A verb of the third person: "..., and cuts weight memory", "Gaudi 2 trails".
THIRD_PERSON = r"(?!(?:across|thus|plus|versus|series|this|its|less|unless|bus|class|access)\b)(?-i:[a-z]+[^s\W]s)\b"


# What can follow hardware that a sentence opens with to make it the subject: a noun for it and an aside
# ("An ESP32 microcontroller (160 MHz, 520 KB SRAM) completes ..."),
# then a modal or a verb that states what it does ("NVIDIA Ampere GPUs can execute 2:4 sparse
# matrix multiplication twice as fast", "The H100 delivers ...").
_OPENS = re.compile(r"^\W*(?:(?:the|an?|each|every|our|its|both|(?:a\s+)?single|one|two|three|four|eight|\d+)\s+)*$",
                    re.I)
_DOES = re.compile(rf"(?:\s*(?:{HARDWARE_NOUN}|\([^()]{{0,30}}\))){{0,2}}"
                   r"\s+(?:(?:can|could|will|would|may|also|still|now|consistently)\s+)*"
                   r"(?:execut|perform|achiev|deliver|reach|attain|provid|sustain|run|offer|outperform|beat|"
                   r"surpass|exceed|improv|speed|reduc|complet|process|compute|is\b|are\b|"
                   # or any verb of the third person: "Gaudi 2 trails", "A single MI300X holds"
                   + THIRD_PERSON + ")", re.I)


def subject_of(hardware: Hardware, sentence: str, mentions: list[Mention]) -> set[str]:
    """The hardware a sentence opens with as the subject of what it states; empty if none."""
    opening: list[Mention] = []
    for m in sorted(mentions, key=lambda m: m.start):
        between = sentence[opening[-1].end:m.start] if opening else sentence[:m.start]
        if not (_OPENS.match(between) if not opening else between.strip() in ("", "-")):
            break
        opening.append(m)
    if not opening or not _DOES.match(sentence, opening[-1].end):
        return set()
    return {m.id for m in most_specific(hardware, opening)}


# Between two names of a list: "V100, A100, H100 and MI250X".
NAMES_GAP = re.compile(r"(?:\s*(?:,|and|or|/))+\s*(?:(?:the|an?)\s+)?", re.I)  # spaces read one way only
# The same gap after a name that says its kind of hardware: "Intel CPU, ARM CPU, and"; or around
# names in parentheses after the words that describe them: "a desktop GPU (RTX 3090) and an edge board (".
# Or before a name, after words that end in a hardware noun: "the T4 GPU and the edge computing device
# Jetson Xavier NX". A short aside after a name is no end of the list: "the T4 GPU (TensorRT FP16) and".
_DESCRIBED_IN_PARENTHESES = rf"(?:(?:[\w-]+\s+){{0,3}}\(|(?:[\w-]+\s+){{0,2}}{HARDWARE_NOUN}\s+)?"
_NAMED_LIST_GAP = re.compile(rf"\s*{HARDWARE_NOUN}?\)?(?:\s*\([^()]{{1,30}}\))?"
                             + NAMES_GAP.pattern + r"(?:(?-i:[A-Z][A-Za-z]+)\s+)?" + _DESCRIBED_IN_PARENTHESES, re.I)
# A product the vocabulary does not know listed last, after one it knows: "on Jetson Nano and Galaxy
# Note8", a maker's or a line's word before a model ("Galaxy Note8", "Pixel 7"), or a model said to be
# hardware ("an Xavier2 board"), or a word that ends the list before "respectively"; not a model or a
# benchmark of one word ("ROS2", "ImageNet-1K").
_UNKNOWN_LISTED_AFTER = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:(?:the|an?)\s+)?(?P<name>(?:[A-Z][\w-]*\s+){1,2}[A-Z]?[\w-]*\d[\w-]*"
                                   rf"(?=\s*(?:[,;.)]|$)|\s+(?i:respectively|{HARDWARE_NOUN})\b)|"
                                   rf"[A-Z][\w-]*\d[\w-]*(?=\s+(?i:{HARDWARE_NOUN})\b)|"
                                   # or a name of one word the list ends with: "on H200 and Orin, respectively"
                                   r"[A-Z][a-z]{2,}(?=,?\s+respectively\b))")
_ACROSS_BEFORE = re.compile(r"\bacross\s+(?:the\s+|both\s+)?$", re.I)
# A name the vocabulary does not know listed with one it does: "on the U280/V80".
_SLASHED_WITH = re.compile(r"/(?:[A-Z][\w-]*\d|x86)")
_SLASHED_BEFORE = re.compile(r"\b(?:[A-Z][\w-]*\d[\w-]*|x86[\w-]*)/$")


# What says a list names where things ran, not what they were compared with ("than the V100 and the T4").
# "A100 and H100 GPUs are both supported": what the list is, not what it did.
_IS = re.compile(rf"(?:\s*{HARDWARE_NOUN})?\s+(?:are|is|were|was)\b", re.I)
_ON_LIST = re.compile(r"\b(?:on|using|across|atop)\s+(?:both\s+)?(?:(?:the|an?)\s+)?(?:(?-i:[A-Z][A-Za-z]+)\s+)?"
                      + _DESCRIBED_IN_PARENTHESES + "$", re.I)


# Where the baseline named right before ran: "than the current state-of-the-art ARM CMSIS-NN library,
# running on STM32L4 and STM32H7 MCUs" (not "Compared to cuBLAS, our kernel, running on the A100").
_BASELINE_RUNNING_ON = re.compile(rf"\b{COMPARED_WITH}\s+(?:[\w.+/-]+\s+){{0,5}}[\w.+/-]+,?\s+"
                                  r"(?:running|executed|executing|deployed)\s+on\s+(?:(?:the|an?)\s+)?$", re.I)


def hardware_list(hardware: Hardware | None, sentence: str, mentions: list[Mention]) -> list[str]:
    """The ids of the longest list of hardware names in `sentence`, in order, where it says
    something ran on them ("on Intel CPU, ARM CPU, and NVIDIA GPU", "on the A100 and the H100") or
    that opens it as its subject ("The A100 and the H100 reach 60% and 75% of peak, respectively");
    [] when no two names make such a list. With "respectively", such a list gives each of as
    many numbers its own hardware, whether a comparison's words or where the subject ran."""
    # A maker's name counts where no other name follows it: "an NVIDIA Jetson Orin" is one name, the
    # Jetson's; "a Snapdragon 888 CPU and an NVIDIA Jeston Orin GPU" lists two, the second unknown.
    named = sorted((m for m in mentions if hardware is None or hardware.nodes[m.id].kind != "vendor"
                    or not any(o is not m and m.start <= o.start <= m.end + 1 for o in mentions)),
                   key=lambda m: m.start)
    best: list[Mention] = []
    run: list[Mention] = []
    for m in named:
        run = [*run, m] if run and _NAMED_LIST_GAP.fullmatch(sentence[run[-1].end:m.start]) else [m]
        if len(run) > len(best):
            best = list(run)
    if best and _BASELINE_RUNNING_ON.search(sentence, 0, best[0].start):
        return []
    ids = [credit(hardware, sentence, m, mentions) if hardware is not None else m.id for m in best]
    if best and unknown_listed_after(sentence, best[-1], mentions):
        ids.append(ELSEWHERE)  # "13ms and 35ms on Jetson Nano and Galaxy Note8, respectively"
    classes, opens = classes_listed_before(sentence, best[0].start) if best else (0, 0)
    ids = [ELSEWHERE] * classes + ids  # "on GPU, CPU, and iPhone12 mobile device, respectively"
    where = best and (classes or _ON_LIST.search(sentence, max(0, best[0].start - 30), best[0].start)  # or its subject:
                      or (_OPENS.match(sentence[:best[0].start]) and _DOES.match(sentence, best[-1].end)
                          and not _IS.match(sentence, best[-1].end)))
    known = [i for i in ids if i != ELSEWHERE]
    return ids if where and len(ids) > 1 and len(set(known)) == len(known) else []


def slashed_to_unknown(sentence: str, mention: Mention) -> bool:
    """Whether a slash joins `mention` to a name the vocabulary does not know ("U280/V80", "x86/ARM")."""
    before = _SLASHED_BEFORE.search(sentence, max(0, mention.start - 40), mention.start)
    return bool(_SLASHED_WITH.match(sentence, mention.end) or before)


def unknown_listed_after(sentence: str, mention: Mention, mentions: list[Mention]) -> bool:
    """Whether a product the vocabulary does not know is listed right after `mention`, the last
    of a list ("on Jetson Nano and Galaxy Note8"; not a model, "on the A100 and Llama-2 7B")."""
    found = _UNKNOWN_LISTED_AFTER.match(sentence, mention.end)
    # (Listed by a comma alone only across devices: "across Raspberry Pi 4, Pixel 6, ..."; not the
    # settings after one, "45 ms on an RTX 3090, CUDA 11.8, and PyTorch 2.0".)
    return found is not None and not any(found.start() < m.start < found.end() for m in mentions) \
        and not NOT_DEVICE.match(found.group("name")) and not MODEL_NAME.match(found.group("name")) \
        and ("and" in sentence[mention.end:found.start("name")].split()
             or _ACROSS_BEFORE.search(sentence, max(0, mention.start - 20), mention.start) is not None)


def listed_with_others(sentence: str, mention: Mention, found: list[Mention], mentions: list[Mention]) -> bool:
    """Whether `mention` is one of a list of other devices among `found` ("Across four GPUs (V100,
    A100, H100 and MI250X), ... 1.2x to 2.7x"), or listed with a name the vocabulary does not know
    ("on the U280/V80", "on Jetson Nano and Galaxy Note8"): none's alone."""
    return slashed_to_unknown(sentence, mention) or unknown_listed_after(sentence, mention, mentions) \
        or any(other.id != mention.id and NAMES_GAP.fullmatch(
            sentence[min(other.end, mention.end):max(other.start, mention.start)]) for other in found)


def most_specific(hardware: Hardware | None, found: list[Mention]) -> list[Mention]:
    """The mentions but a vendor's name beside hardware of that vendor ("NVIDIA" in "NVIDIA H100";
    not "Xeon", Intel's, in "A100 GPUs and Xeon CPUs"), nor a generation named right before a
    device of it ("Versal" in "Versal VHK158")."""
    if hardware is None:
        return found
    named = [m for m in found if hardware.nodes[m.id].kind != "vendor"
             or not any(o.id != m.id and m.id in hardware.lineage(o.id) for o in found)]
    return [m for m in named if not any(m.end < o.start <= m.end + 1 and m.id in hardware.lineage(o.id) and m.id != o.id
                                        for o in named)]
