"""Hardware named in words the vocabulary does not know ("on a Graphcore IPU", "on the octa-core
RISC-V platform", "NVIDIA V100S"): where a result ran that is none of the vocabulary's devices
(ELSEWHERE, which `results.py` gives as no device), and a sentence that names such hardware
takes no device from the sentences before it.
"""

from __future__ import annotations

import re

from ..content.check import MODEL_NAME, NOT_DEVICE
from ..content.hardware import Hardware, Mention
from .baseline_hardware import AGAINST_NAMED
from .hardware_words import CLASS_KINDS, HARDWARE_NOUN, PROCESSOR_CLASS
from .kinds import BENCHMARK

# Hardware named in words the vocabulary may not know: "on a Graphcore IPU", "using Cerebras WSE-2",
# "on x86 CPUs", "across various GPU hardware", "on a laptop", "on edge devices".
UNKNOWN_HARDWARE = re.compile(
    r"\b(?i:on|using|across)\s+(?:(?i:an?|the|one|two|four|eight|single|various|different|multiple|several|\d[\d,]*)\s+|\d+-(?=[A-Z]))*"
    # a class of hardware named by what kind it is: "on the integrated GPU", "on an 8-GPU system"
    r"(?:(?i:integrated|embedded|mobile|discrete|consumer|commodity|low-end|high-end|desktop|laptop|server|datacenter|"
    r"data-center|standard|general-purpose|off-the-shelf|[a-z]+-(?:core|ready))\s+)?"
    r"(?:(?:[A-Z][\w-]*|x86(?:[-_]64)?|x64)\s+){0,2}(?:\d\s+)?"
    # (or a platform by its maker's or its architecture's name: "the octa-core RISC-V platform")
    rf"(?P<name>[A-Z][\w-]*\d(?:[\w-]|\.\d)*|{PROCESSOR_CLASS}s?|chips?|accelerators?|processors?|"
    # (or a machine that carries its own computer: "on a production-ready Level 4 vehicle", "an autonomous drone")
    r"(?<=[\w-]\s)(?<!\bthe\s)(?<!\ban\s)(?<!\ba\s)(?<!\bone\s)(?:platforms?|SoCs?|boards?|vehicles?|robots?|drones?|UAVs?)|"
    r"laptops?|desktops?|(?:smart)?phones?|workstations?|microcontrollers?|MCUs?|(?:edge|mobile|embedded) devices)\b"
    # (Not a class that only describes what follows: "on accelerator-executed layers", "on GPU-resident data".)
    r"(?!-(?i:executed|offloaded|resident|bound|side|aware|friendly|intensive|heavy|centric|specific|oriented)\b)")
def is_unknown(found: re.Match[str] | None, mentions: list[Mention]) -> bool:
    """Whether an UNKNOWN_HARDWARE match names hardware that none of `mentions` is, nor holds
    ("a laptop with an RTX 3060", "a Galaxy S23 with the Snapdragon 8 Gen 2"), nor is part of
    ("the VC1902 device of the VCK190 board")."""
    if found is None or NOT_DEVICE.match(found.group("name")) or is_setting(found) \
            or any(found.start() <= m.start < found.end() for m in mentions):
        return False
    # A class of hardware followed by its name: "on a consumer GPU RTX 4090".
    if any(m.start == found.end() + 1 and found.string[found.end()].isspace() for m in mentions):
        return False
    holds = HOLDS.match(found.string, found.end()) or _PART_OF.match(found.string, found.end())
    return holds is None or not any(m.start == holds.end() for m in mentions)


# What a host holds: "a laptop equipped with two RTX 3090s", "a board with a Hailo-8".
HOLDS = re.compile(r"\s+(?:(?:equipped|fitted|powered|accelerated)\s+)?(?:with|by|featuring)\s+"
                    r"(?:(?:an?|the|one|two|four|eight|single|dual|\d+)\s+|(?-i:[A-Z][A-Za-z]+)\s+(?=[A-Z]))*", re.I)


# What a part of hardware is part of: "the VC1902 device of the VCK190 board", "the NPU in the Snapdragon 8 Gen 3".
_PART_OF = re.compile(rf"\s+(?:{HARDWARE_NOUN}\s+)?(?:of|in)\s+(?:the\s+|an?\s+)?", re.I)


# The device of a result measured on hardware the vocabulary does not know ("on the V80 FPGA",
# "on the Xilinx Virtex UltraScale+ VU9P"): none of ours, and neither the device a sentence
# opens with nor the paper's stands in for it. extract_results gives it as None.
ELSEWHERE = ""
# A model number in such a name: "V80", "VU9P".
_MODEL_NUMBER = re.compile(r"\b[A-Z][\w-]*\d")


def unknown_before(found: re.Match[str], mentions: list[Mention]) -> bool:
    """Whether an UNKNOWN_HARDWARE match names a product by its model number ("projected
    results on the V80 FPGA reach 4.71x"); "on 64 GPUs" names none."""
    return is_unknown(found, mentions) and _MODEL_NUMBER.search(found.group(0)) is not None


# A vendor's name before a product the vocabulary does not know: "Xilinx Virtex UltraScale+
# VU9P", "NVIDIA V100S", "AMD EPYC 9554" ("NVIDIA GPUs" and "AMD Instinct MI250X", a name it knows, are not).
# (A tier's number may come before the model number: "Ryzen 9 7950X".)
_PRODUCT_AFTER = re.compile(rf"[®™]?\s+(?:\d{{1,2}}\s+(?=\d{{3,}}|[A-Z][\w-]*\d))?(?!(?:{PROCESSOR_CLASS}|Data|Cloud|Edge|Tensor)s?\b)"
                            r"(?:[A-Z][\w+-]*|\d{3,}[\w+-]*)")  # or a model number: "EPYC 9554"


def credit(hardware: Hardware, sentence: str, mention: Mention, mentions: list[Mention]) -> str:
    """The id a result measured on `mention` is credited to: ELSEWHERE for a vendor's name
    before a product of its that `mentions` do not name ("NVIDIA V100S"), a line's name before a model
    number they do not name ("Dimensity 9500", "Maxwell GM200"), or a vendor's before another
    maker's name and a model number ("Qualcomm ARM 845", "AMD Xilinx VCU128"; not "Intel Xeon
    Scalable Processors", a range of the maker's), or a vendor alone that the sentence names several
    devices of ("on three NVIDIA GPUs (RTX 6000 PRO, H200, B200)": no one device's, nor the vendor's)."""
    kind = hardware.nodes[mention.id].kind
    if kind == "vendor" and not any(0 <= other.start - mention.end <= 1 for other in mentions) \
            and len({o.id for o in mentions if o.id != mention.id and mention.id in hardware.lineage(o.id)}) > 1:
        return ELSEWHERE
    if kind in ("architecture", "family"):  # a line's name before a model number: "MediaTek Dimensity 9500"
        model = _MODEL_AFTER.match(sentence, mention.end)
        return ELSEWHERE if model and not any(mention.end < o.start < model.end() for o in mentions) else mention.id
    product = _PRODUCT_AFTER.match(sentence, mention.end) if kind == "vendor" else None
    if product is None:
        return mention.id
    inside = [other for other in mentions if mention.end < other.start < product.end()]
    if not inside:
        # Unless the name is a line's, before its model the vocabulary knows: "AMD Zynq ZCU102".
        model = any(other.start > product.end() and not sentence[product.end():other.start].strip() for other in mentions)
        return mention.id if model else ELSEWHERE
    if all(hardware.nodes[other.id].kind == "vendor" for other in inside):
        model = _PRODUCT_AFTER.match(sentence, inside[-1].end)
        if model and _DIGIT.search(model.group(0)) and not any(model.start() < o.start < model.end() for o in mentions):
            return ELSEWHERE
    return mention.id


_DIGIT = re.compile(r"\d")
# (A model number, not a count or a size: "Dimensity 9500", "Maxwell GM200"; not "Ampere 2048-core",
# "Hopper 700W", "Orin 275 TOPS", "Gaudi 128GB".)
# Or a tier and a generation: "Snapdragon 8 Gen5", "Snapdragon 8s Gen 3", "Snapdragon 8 Elite".
_MODEL_AFTER = re.compile(r"[®™]?\s+(?:\d{3,}|[A-Z]+\d{2,}[A-Z\d]*|\d{1,2}[a-z]?\s+(?:Gen|Elite)(?:\s?\d+)?)(?![\w-])"
                          r"(?!\s*(?:[TGM]?FLOPS|[TG]?OPS|W|watts?|[GMT]B|cores?|SMs?|[GM]Hz|nm|bits?)\b)")


def names_other_hardware(sentence: str, mentions: list[Mention]) -> bool:
    """Whether `sentence` names hardware besides its `mentions` ("on a Graphcore IPU", "on 64 GPUs"),
    not where a baseline ran ("than the state-of-the-art on FPGAs"); or, as a setting of its own,
    a model after "on" ("... on Llama-2-70B"): such a sentence takes no device from the ones before.
    (Carrying the device into those added wrong devices to the held-out sets a, j and y.)"""
    return bool(_others(sentence, mentions))


# A product the vocabulary does not know that a clause is about: "the IMX500 achieving the highest utilization",
# "The V80 reaches 4.7x" (with "the": a product's name, not a method's, "FlashAttention-3 achieves").
_UNKNOWN_SUBJECT = re.compile(r"\b(?-i:the|The)\s+(?P<name>[A-Z][A-Za-z]*\d[\w-]*)\s+(?:\([^()]{0,30}\)\s+)?"
                              r"(?=(?:achiev|reach|deliver|attain|sustain|consum|runs|ran|outperform|draws|is|are|was|were)\w*\b)")


def _others(sentence: str, mentions: list[Mention]) -> list[re.Match[str]]:
    """The hardware and the settings `names_other_hardware` finds in `sentence`."""
    subjects = [found for found in _UNKNOWN_SUBJECT.finditer(sentence)
                if not NOT_DEVICE.match(found.group("name")) and not is_setting(found)
                and not any(found.start("name") <= m.start < found.end("name") for m in mentions)]
    return [found for found in UNKNOWN_HARDWARE.finditer(sentence)
            if (is_unknown(found, mentions) or is_setting(found))
            and not AGAINST_NAMED.search(sentence, max(0, found.start() - 60), found.start())] + subjects


def only_settings(hardware: Hardware, sentence: str, mentions: list[Mention], device: str) -> bool:
    """Whether what `names_other_hardware` finds in `sentence` is only what a paper measured
    on `device` ran (a model, a dataset: "On CIFAR-10, ...") or that device by its class, counted
    or with an article ("a 1.2x speedup on 2 GPUs", "on the GPU" in a paper measured on the L40S):
    no other hardware."""
    return all(is_setting(found) or ((cls := _CLASS_NAMED.fullmatch(found.group(0))) is not None
                                     and not _HOST_AFTER.match(sentence, found.end())
                                     and hardware.nodes[device].device_kind in _CLASS_OF_DEVICE.get(cls.group("cls"), ()))
               for found in _others(sentence, mentions))


# What a class of processor may be part of, which is then other hardware: "the GPU server", "a GPU cluster".
_HOST_AFTER = re.compile(r"\s+(?:servers?|clusters?|nodes?|machines?|instances?|farms?|workstations?|racks?)\b", re.I)


# An opening "On": a benchmark named bare after it is a workload only where its comma sets it off
# ("On CIFAR-10, ...").
_OPENING = re.compile(r"\W*(?i:on)\s+")


def is_setting(found: re.Match[str]) -> bool:
    """Whether an UNKNOWN_HARDWARE match names what ran, not where: a model ("on Llama-2-70B")
    or a workload named bare ("On CIFAR-10, ...")."""
    name = found.group("name")
    if MODEL_NAME.match(name):
        return True
    if BENCHMARK.match(name) is None:
        return False
    # Bare after a result's number too: "9.64x speedup on MATH-500"; after an opening "On", only set off by its comma.
    opening = _OPENING.fullmatch(found.string, 0, found.start("name")) is not None
    return not opening or found.string[found.end():found.end() + 1] == ","


# A count of a class of hardware and nothing more: "on 1 GPU", "across 8 GPUs", "using a single GPU".
_COUNT_OF_CLASS = re.compile(rf"(?i:on|using|across)\s+(?i:(?:a\s+)?single|one|two|four|eight|\d+)\s+(?P<cls>{PROCESSOR_CLASS})s?")
# A count of a class, as `_COUNT_OF_CLASS`, or the class with an article: "on 2 GPUs", "on the GPU", "on an FPGA platform".
_CLASS_NAMED = re.compile(rf"(?i:on|using|across)\s+(?:(?i:an?|the|our|this|one|single|two|four|eight|\d+)\s+)+"
                          rf"(?P<cls>{PROCESSOR_CLASS})s?(?:\s+(?:platform|board|device|system)s?)?")
# The device kinds a class names where it stands for the paper's one device (an embedded board's GPU
# is not what "8 GPUs" count).
_CLASS_OF_DEVICE = {cls: kinds - {"embedded"} for cls, kinds in CLASS_KINDS.items()}


def counts_named(hardware: Hardware, found: re.Match[str], named: list[Mention]) -> bool:
    """Whether an UNKNOWN_HARDWARE match is only a count of the class of a device `named`
    ("Experiments on A100 GPUs ... 1.96x on 1 GPU and 1.93x on 4 GPUs": the A100s, counted)."""
    count = _COUNT_OF_CLASS.fullmatch(found.group(0))
    kinds = CLASS_KINDS.get(count.group("cls")) if count else None
    return bool(kinds) and any(hardware.nodes[m.id].device_kind in kinds for m in named)


# Classes of processor listed before a name, where things ran: "on GPU, CPU, and |iPhone12 mobile device".
_CLASSES_LISTED_BEFORE = re.compile(rf"\b(?:on|across|using)\s+(?P<items>(?:(?:the\s+)?{PROCESSOR_CLASS}s?,?\s+)+)"
                                    r"(?:and\s+|or\s+)(?:(?:the|an?)\s+)?$")


def classes_listed_before(sentence: str, start: int) -> tuple[int, int]:
    """How many classes of processor (none of ours) a list names right before the name at `start`, and
    where the list opens ("on GPU, CPU, and iPhone12 ...": 2); (0, start) when none."""
    found = _CLASSES_LISTED_BEFORE.search(sentence, max(0, start - 80), start)
    return (len(re.findall(PROCESSOR_CLASS, found.group("items"))), found.start()) if found else (0, start)


# A class of processor named where something ran: "on FPGA", "using the GPU".
_CLASS_WHERE = re.compile(rf"\b(?i:on|using)\s+(?:(?i:an?|the|one|single|\d+)\s+)?(?P<cls>{PROCESSOR_CLASS})s?\b(?![-/])")


def other_class_before(hardware: Hardware, sentence: str, start: int, mentions: list[Mention], device: str) -> bool:
    """Whether the last hardware named before `start` is a class of processor that `device` is not of:
    "hardware reduction on FPGA (up to 82.3% in FF, ...) and a speedup of 4.67x on ESP32": not the ESP32's."""
    found = list(_CLASS_WHERE.finditer(sentence, 0, start))
    return bool(found) and not any(found[-1].start() <= m.start < start for m in mentions) \
        and hardware.nodes[device].device_kind not in CLASS_KINDS.get(found[-1].group("cls"), set())

