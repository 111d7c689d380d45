"""Whose a result is when its sentence names no hardware: a model's own accuracy, size or
operation count, a design's silicon area, or the memory a model takes, which are no device's
measurement and take no device from the sentences around them or from the paper; and a result its
claim places on another class of processor than the paper's device (`on_other_class`)."""

from __future__ import annotations

import re

from ..content.hardware import Hardware
from .comparisons import COMPARED_WITH
from .hardware_words import CLASS_KINDS, PROCESSOR_CLASS
from .kinds import MODEL_KINDS
from .result import Result


# A prediction's accuracy is about what it predicts: "an R^2 of 0.98 for runtime prediction" on
# the GPU a paper models, "18.24% lower error than previous simulators".
_PREDICTS = re.compile(r"\b(?:predict(?:s|ed|ing|ions?|ors?)?|estimat\w*|simulat\w*)\b", re.I)


# (Not the memory it takes to run: "The peak memory of the network is 410 MB on the Raspberry Pi 4".)
_RUNTIME_MEMORY = re.compile(r"\b(?:memory|footprint|usage|requir\w*|peak|runtime|RAM|VRAM)\b", re.I)
_MODEL_IS = re.compile(r"\b(?:model|network|weights)\s+(?:is|are|was|were)\s+(?:about\s+|around\s+|approximately\s+|roughly\s+)?$", re.I)
_MODEL_SIZE = re.compile(r"\bmodel sizes?\b", re.I)
_COMPARED_SIZE = re.compile(r"\b(?:larger|bigger|smaller)\s+model\s+sizes?\b", re.I)
# What a system can do with it: "trains 4x larger model sizes on the same V100" is the GPU's.
_CAPABLE = re.compile(r"\b(?:train|fine-?tun|fit|support|handl|enabl|accommodat|scal|serv|run|load|host|hold)\w*\b", re.I)
# Or a compression, whichever way its words turn ("4.4x compression on YOLOv5", "up to 4x cache compression,
# outperforming ..."), not a footprint made smaller on the device ("KV cache compression lowers the memory
# footprint by 5.2x").
_COMPRESSED = re.compile(r"\bcompress\w*(?!.*\b(?:memory|footprint|usage)\b)", re.I)


# Silicon a design occupies: "increases the DSP tile area by 36%", "14% area reduction", "occupies 0.86 mm²";
# not an FPGA's resources a design uses ("reduces the LUT and DSP area by 25%" on the FPGA it is built on).
_SILICON_AREA = re.compile(r"\b(?:area|die|silicon|gates?)\b|\bmm(?:2|²|\^2)", re.I)
_FPGA_RESOURCES = re.compile(r"\b(?:LUTs?|FFs?|flip-flops?|BRAMs?|URAMs?|DSPs?|CLBs?|slices|resources?)\b"
                             r"(?!\s+(?:tiles?|blocks?)\b)", re.I)


def designs_own(result: Result) -> bool:
    """Whether `result` is the silicon area of a design (a tile, a core, a chip), which is the
    design's wherever it is built, not a device's measured on: in a sentence that names no
    hardware it takes no device from the sentences around it or from the paper. (An FPGA's
    LUTs or BRAMs used are that FPGA's; a die area the sentence says is a named chip's is that
    chip's.)"""
    return result.kind == "area" and result.claim is not None and _SILICON_AREA.search(result.claim.text) is not None \
        and not _FPGA_RESOURCES.search(result.claim.text)


# Memory a device moves, not holds: "75% of memory traffic", "fewer DRAM accesses".
_TRAFFIC = re.compile(r"\b(?:traffic|access(?:es)?|bandwidth|transfers?)\b", re.I)


def footprint(result: Result) -> bool:
    """Whether `result` is memory a model or a method takes ("reduces memory usage by 3x", "peak
    memory under 61 GB"), not memory traffic, which hardware measures."""
    return result.kind == "memory" and result.claim is not None and not _TRAFFIC.search(result.claim.text)


def models_own(result: Result) -> bool:
    """Whether `result` is a model's own (its accuracy, error, size or operation count), not
    the hardware's it ran on: unless it is how well something predicts the hardware."""
    if result.kind in ("accuracy", "error") and result.sentence and _PREDICTS.search(result.sentence):
        return False
    # A model made smaller is smaller on every device: "3.7× smaller size", "a model size of 4.0MB (15.1x
    # smaller than ...)" (a larger one that fits is the device's).
    # Or a model's size compared, either way: "a 14× larger model size" (not a size trained or fitted,
    # "a 4.5x increase in model size" on the same GPUs).
    smaller = (result.kind == "scale" and (result.direction == "lower" or result.claim is not None
                                           and _COMPARED_SIZE.search(result.claim.text) is not None
                                           and not _CAPABLE.search(result.claim.parts[0]))) or (
        result.kind == "memory" and result.claim is not None and (
            result.direction == "lower" and _MODEL_SIZE.search(result.claim.text) or _COMPRESSED.search(result.claim.text)))
    # Or the model's size in bytes: "The proposed model is 138 KB post quantization".
    sized = result.kind == "memory" and result.claim is not None and _MODEL_IS.search(result.claim.parts[0]) is not None \
        and not _RUNTIME_MEMORY.search(result.claim.text)
    return result.kind in MODEL_KINDS or bool(smaller) or sized


# A class of processor a claim places its number on: "1.26x faster inference in GPU", "on CPU", or the
# subject it is of: "the CPU baseline remains 3x faster"; an ASIC's results are no device's of ours ("ASIC
# results across TSMC nodes achieve 1.38 GHz" in a paper on a Virtex-7).
# (The class is where it ran, not a word describing what follows: "in CPU offloading mode".)
_ON_CLASS = re.compile(rf"\b(?:(?i:on|in|using)\s+(?:(?i:an?|the|one|a\s+single|\d+)\s+)?(?P<on>{PROCESSOR_CLASS})s?"
                       r"(?=\s*(?:[,.;:)]|$)|\s+(?i:and|or|with|for|at|while|compared|than|vs\.?|versus|over|against)\b)"
                       rf"|(?i:the)\s+(?P<subject>{PROCESSOR_CLASS})\s+(?i:baselines?|versions?|implementations?|executions?)|(?P<asic>ASIC)s?\s+(?i:results?|designs?|implementations?|synthesis))\b(?![-/])")


# Devices that hold processors of several classes.
_HOLDS_CLASSES = frozenset({"soc", "embedded"})
# A comparison before the class: "compared to the CPU implementation", "than running on a GPU", "than ASIC
# designs" are the baseline's.
_AGAINST = re.compile(rf"\b(?:{COMPARED_WITH})\s+(?:(?:running|executed|deployed|implemented)\s+)?(?:on\s+|in\s+|using\s+)?(?:an?\s+|the\s+)?$", re.I)


def on_other_class(hardware: Hardware, result: Result, device: str) -> bool:
    """Whether `result`'s claim places it on a class of processor `device` is not of, so that a
    device carried from elsewhere in the paper is not its: "the CPU baseline remains 3x faster" in
    a paper on a Tenstorrent accelerator, "1.26x faster inference in GPU" in one on a Raspberry Pi."""
    if result.claim is None or device not in hardware.nodes:
        return False
    kind = hardware.nodes[device].device_kind
    if kind in _HOLDS_CLASSES:
        return False  # a phone's or a board's own GPU, CPU or NPU ("on the NPU" of a Snapdragon)
    return any((found.group("asic") or kind not in CLASS_KINDS.get(found.group("on") or found.group("subject"), {kind}))
               and not _AGAINST.search(result.claim.text, 0, found.start("on") if found.group("on") else found.start())
               for found in _ON_CLASS.finditer(result.claim.text))
