"""A GeForce card named by its model number alone: "on a single 4090 GPU", "an NVIDIA 3090 GPU",
"a 16GB laptop 4090 GPU". English drops the line's name ("RTX", "GTX") where the number is known
to every reader; the vocabulary lists the full names, since a bare number is usually no hardware.
Only where the number is a GeForce model's and says it is a card: "GPU" or "graphics card" right
after it, or "NVIDIA" right before it ("4090 images", "in 2080 steps" name nothing).
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention

# A GeForce model number (GTX 10 and 16 series, RTX 20 to 50 series) with its variant; then what says
# it is a card, or NVIDIA's name before it.
_MODEL_NUMBER = re.compile(r"(?<![\w.,-])(?P<number>[1-5]0[5-9]0|16[56]0)(?:\s?(?P<variant>Ti|SUPER|Super))?(?![\w-]|[.,]\d)")
_CARD_AFTER = re.compile(r"\s+(?:GPUs?|graphics\s+cards?|cards?)\b", re.I)
_MAKER_BEFORE = re.compile(r"\bNVIDIA\s+$", re.I)
_LINES = ("RTX", "GTX")


def with_model_numbers(hardware: Hardware, abstract: str, mentions: list[Mention]) -> list[Mention]:
    """`mentions` of `abstract` with the GeForce cards it names by their model number alone."""
    taken = [(m.start, m.end) for m in mentions]
    added = []
    for found in _MODEL_NUMBER.finditer(abstract):
        if any(start < found.end() and found.start() < end for start, end in taken) or not (
                _CARD_AFTER.match(abstract, found.end()) or _MAKER_BEFORE.search(abstract, max(0, found.start() - 10), found.start())):
            continue
        variant = f" {found.group('variant')}" if found.group("variant") else ""
        for line in _LINES:
            full = f"{line} {found.group('number')}{variant}"
            hit = hardware.detect(full)
            if len(hit) == 1 and (hit[0].start, hit[0].end) == (0, len(full)) and hardware.nodes[hit[0].id].kind == "device":
                added.append(Mention(hit[0].id, found.start(), found.end(), found.group(0)))
                break
    return sorted([*mentions, *added], key=lambda m: m.start) if added else mentions
