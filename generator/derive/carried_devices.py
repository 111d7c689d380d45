"""The device a result is credited to from beyond its own words: the one device a paper was
measured on ("We evaluate on an A100. ... it is 2x faster"), the device an opening phrase frames
("On the H100, ..."), the hardware a sentence opens with as its subject and "It" or "The chip"
referring back to it, and a vendor's name standing for the one device of it the paper ran on.
`results.py` applies them across an abstract's sentences; `result_devices.py` reads a result's
device from its own sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..content.hardware import Hardware, Mention
from .connectives import LINKING_PHRASE
from .hardware_words import HARDWARE_NOUN, PROCESSOR_CLASS
from .hardware_lists import NAMES_GAP, most_specific, slashed_to_unknown, subject_of
from .unknown_hardware import ELSEWHERE, credit


# A vendor's, an architecture's or a family's name stands for the one device of it a paper ran on.
_STANDS_FOR_ONE = ("vendor", "architecture", "family")


def paper_device(hardware: Hardware | None, measured_on: list[str], title_ids: list[str],
                 platform_ids: list[str], named_ids: Iterable[str] = ()) -> str | None:
    """The node a paper's results are credited to where a sentence names no hardware. Only in
    a paper that says where it was measured apart from its results (its title names hardware,
    or a sentence stating no result does: "We implement X on NVIDIA GPUs", `platform_ids`):
    the one node it was measured on by the most specific names it gives ("A100", not "NVIDIA"
    beside it). None in a paper measured on several devices, and in one whose only hardware is a
    result's ("380K tokens on one A100" says nothing of where its 3.6x was measured)."""
    stated = [*title_ids, *platform_ids]
    if hardware is None or not stated:
        return None
    # A title that names one device presents or studies it ("TPU v4: An Optically Reconfigurable
    # Supercomputer", "Dissecting the NVIDIA Hopper GPU Architecture"): what its abstract states
    # without naming hardware is that device's, whatever it is compared with.
    # ("the H100" the abstract measures, when the title names the Hopper: the one device below it).
    titled = _most_specific_ids(hardware, set(title_ids))
    if len(titled) == 1:
        # A title that names only a vendor ("Huawei CloudMatrix384"), an architecture ("TPU") or a family stands
        # for the one device of it the abstract names (`named_ids`), wherever it names it.
        broad = hardware.nodes[next(iter(titled))].kind in _STANDS_FOR_ONE
        below = _most_specific_ids(hardware, {i for i in {*measured_on, *platform_ids, *titled,
                                                          *(named_ids if broad else ())}
                                              if titled <= hardware.lineage(i)})
        return below.pop() if len(below) == 1 else titled.pop()
    # Measured on several devices ("on NVIDIA H100 and B200 GPUs"): none of them alone, nor their
    # vendor (a result said of several devices is no one device's).
    specific = _most_specific_ids(hardware, set(measured_on) | set(stated))
    return specific.pop() if len(specific) == 1 else None


def _most_specific_ids(hardware: Hardware, ids: set[str]) -> set[str]:
    """The ids of `ids` that are no other's ancestor ("hopper", not "nvidia" beside it)."""
    return {i for i in ids if not any(i != other and i in hardware.lineage(other) for other in ids)}


# An opening phrase that sets where what follows was measured: "On Ascend NPUs, ...", "For the
# offloading setting on two RTX 4090 GPUs, ...", "When running on an H100, ...", after a word
# that links the sentence to the one before ("For example, when training ... on 2240 A100 GPUs,").
_FRAME = re.compile(rf"^\W*(?:{LINKING_PHRASE},\s*)?"
                    r"(?:(?:for|in|under|when|with|during|at)\b[^,;]{0,80}?\s)?"
                    # "Leveraging a wafer-scale accelerator (Cerebras WSE2)," (not "Leveraging insights from the A100,")
                    r"(?:on|using|with|across|atop|(?:leveraging|employing)(?!\s+(?:[\w-]+\s+){0,2}(?:from|of)\b))\s"
                    r"(?:[^,;()]|\([^()]{0,80}\)){1,120}?,", re.I)
_CLASS_LISTED = re.compile(rf"\b(?:and|or)\s+(?:[a-z][\w-]*\s+)?{PROCESSOR_CLASS}s\b|(?<![A-Za-z0-9]\s)\b{PROCESSOR_CLASS}s\s+(?:and|or)\s")
_LIST_GOES_ON = re.compile(r"\s*(?:,|and\b|or\b)")  # a list that goes on after its second name: "GH200, H100, and"


def frame_of(hardware: Hardware | None, sentence: str, mentions: list[Mention]) -> str | None:
    """The one device the opening phrase of `sentence` names (`mentions`: positions in it). It
    holds for the sentence's results that name none of their own, and for the sentences after
    it until one names hardware."""
    opening = _FRAME.match(sentence)
    if hardware is None or opening is None:
        return None
    named = [m for m in mentions if m.end <= opening.end()]
    # A list the opening's comma cuts ("on GH200, H100, and RTX 6000 Pro GPUs,"), or a name joined
    # by a slash to one the vocabulary does not know ("x86/ARM CPU platforms"): no one device.
    after = [m for m in mentions if m.start >= opening.end()]
    if (after and NAMES_GAP.fullmatch(sentence, opening.end() - 1, after[0].start)
            and _LIST_GOES_ON.match(sentence, after[0].end)) \
            or any(slashed_to_unknown(sentence, m) for m in named):
        return None
    # A class of hardware listed with the name ("On TPUs and GPUs, ..."): no one device.
    if any(_CLASS_LISTED.search(sentence, max(0, m.start - 20), min(opening.end(), m.end + 20)) for m in named):
        return None
    # (Not a host and the accelerator it holds, "On a Raspberry Pi 4 with a Coral USB Accelerator, ...": its frame
    # would give the accelerator the host's own figures, "while the Pi alone reaches 4 FPS", and the next sentences'.)
    ids = {m.id for m in most_specific(hardware, named)}
    # A maker's name before a product the vocabulary does not know ("On an AMD EPYC 9554, ..."): none of ours.
    if len(ids) == 1 and all(credit(hardware, sentence, m, mentions) == ELSEWHERE for m in named if m.id in ids):
        return None
    return ids.pop() if len(ids) == 1 else None


# An architecture named as such is the authors' choice: "on Volta architecture GPUs", "Ampere-based GPUs",
# "the Da Vinci architecture"; so is one that words before it set apart from the paper's device ("on
# consumer Ampere GPUs", "older Volta GPUs").
_AS_ARCHITECTURE = re.compile(r"[\s-](?:architecture|generation|family|series|based)\b", re.I)
_SET_APART = re.compile(r"\b(?:consumer|datacenter|data-center|server|desktop|laptop|mobile|embedded|edge|workstation|"
                        r"other|older|newer|earlier|later|previous|next|prior|smaller|larger|low-end|high-end)\s+$", re.I)


def refined_device(hardware: Hardware | None, node_id: str | None, measured_on: list[str],
                   sentence: str = "", mentions: Iterable[Mention] = ()) -> str | None:
    """The one device below `node_id`, a vendor, an architecture or a family ("on Hopper GPUs" in a
    paper measured on the H100, "Jetson's" in one measured on the Jetson Orin NX), among `measured_on`;
    None when `node_id` is none of these, or an architecture or a family `sentence` names as such
    (`mentions`: where it names hardware), or none or several devices of the paper are below it."""
    if hardware is None or node_id not in hardware.nodes or hardware.nodes[node_id].kind not in _STANDS_FOR_ONE:
        return None
    if hardware.nodes[node_id].kind in ("architecture", "family") and any(
            m.id == node_id and (_AS_ARCHITECTURE.match(sentence, m.end) or _AS_ARCHITECTURE.search(m.text)
                                 or _SET_APART.search(sentence, max(0, m.start - 30), m.start)) for m in mentions):
        return None
    below = {i for i in measured_on if i != node_id and hardware.nodes[i].kind == "device"
             and node_id in hardware.lineage(i)}
    return below.pop() if len(below) == 1 else None


# A sentence that opens by referring back to the hardware the sentence before was about:
# "The H100 achieves ... . It also delivers ...", "... . The chip draws 7 W.", "However, its ...".
_REFERS_BACK = re.compile(rf"\W*(?:(?:{LINKING_PHRASE}|however|yet|still|nevertheless|but)\s*,?\s*)?"
                          rf"(?:its?|they|their|(?:this|these|the) (?:new )?(?:{HARDWARE_NOUN}|parts?))\b", re.I)


def refers_back(sentence: str) -> bool:
    """Whether `sentence` opens with "It", "Its", "They" or "The chip" and the like."""
    return _REFERS_BACK.match(sentence) is not None


def subject_device(hardware: Hardware | None, sentence: str, mentions: list[Mention]) -> str | None:
    """The one device `sentence` opens with as its subject, if it does."""
    ids = subject_of(hardware, sentence, mentions) if hardware is not None else set()
    return ids.pop() if len(ids) == 1 else None


# A sentence whose numbers go to the hardware of an earlier list, in turn: "on the two GPUs,
# respectively", "On both devices, X reaches 12 and 5 FPS, respectively".
_EARLIER_LIST = re.compile(rf"\b(?:(?:the|these|those)\s+(?P<count>two|three|four|five)|both(?:\s+the)?)\s+"
                           rf"(?:[\w-]+\s+)?(?:{HARDWARE_NOUN}|platforms?|systems?)\b(?=.*\brespectively\b)", re.I)
_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5}
# "respectively" in a sentence that names no hardware, and no list of words of its own before it (the
# list "respectively" would give its numbers to: "on Llama-7B and Llama-13B", "throughput and latency"):
# its lists of numbers go to the devices the paper listed last. (Numbers with their units are taken
# out first: "31 ms and 115 ms" is no list of words. `number_lists.names_other_list` asks the same of
# the words between a sentence's own devices and its "respectively".)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
_FIGURE = re.compile(r"[<>~≈]?\d[\d.,]*\s*[A-Za-zμ%×/]*")
# (Or a list of settings, each after its number: "by 21.8% for Mistral-7B and 27.8% for Qwen3-30B-A3B".)
_WORDS_LISTED = re.compile(r"\b(?!N\b)[A-Za-z][\w-]*\s+(?:and|or)\s+(?:the\s+)?(?!N\b)[A-Za-z]"
                           r"|\b(?P<prep>for|on|in|with)\s+[\w.-]+\s+(?:and|or)\s+N\s+(?P=prep)\s+[A-Za-z]")


def earlier_list_count(sentence: str, listed: list[str]) -> int | None:
    """How many items of an earlier list of hardware (`listed`, the last) `sentence` refers to,
    with "respectively" ("on the two GPUs, respectively": 2; "31 ms and 115 ms, respectively" in a
    sentence that lists no words of its own: all of `listed`); None where it refers to none."""
    found = _EARLIER_LIST.search(sentence)
    if found is not None:
        return _COUNTS[found.group("count").lower()] if found.group("count") else 2
    said = _RESPECTIVELY.search(sentence)
    if said is None or len(listed) < 2 or _WORDS_LISTED.search(_FIGURE.sub("N", sentence[:said.start()])):
        return None
    return len(listed)


def listed_devices(hardware: Hardware | None, mentions: list[Mention]) -> list[str]:
    """The devices a sentence names, each once, in order ("on NVIDIA V100 and A100 GPUs": v100, a100)."""
    if hardware is None:
        return []
    return list(dict.fromkeys(m.id for m in sorted(most_specific(hardware, mentions), key=lambda m: m.start)))
