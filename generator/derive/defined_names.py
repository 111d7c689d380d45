"""A short name the paper defines for a device by writing it in parentheses after the full one: "the
Edge Tensor Processing Unit (TPU) ... a 90% reduction in inference time on the TPU". The vocabulary
reads "TPU" alone as Google's Cloud TPU; after that definition, in that paper, it is the Edge TPU.
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention

_DEFINED = re.compile(r"\s*\(\s*(?P<short>[A-Za-z][\w-]{1,10})\s*\)")


def with_defined_names(hardware: Hardware, abstract: str, mentions: list[Mention]) -> list[Mention]:
    """`mentions` of `abstract` with the names defined in parentheses after another device's name
    credited to that device wherever the paper uses them after the definition; not a broader name of
    the same hardware in parentheses ("the B200 (Blackwell)"), which says what it is."""
    defined: dict[str, tuple[str, int]] = {}  # a short name: the device it stands for, and where it was defined
    starts = {m.start: m for m in mentions}
    for m in mentions:
        found = _DEFINED.match(abstract, m.end)
        short = starts.get(found.start("short")) if found else None
        if short is not None and short.id not in hardware.lineage(m.id) and m.id not in hardware.lineage(short.id) \
                and short.text == found.group("short"):
            defined.setdefault(short.text, (m.id, short.start))
    if not defined:
        return mentions
    return [m._replace(id=defined[m.text][0]) if m.text in defined and m.start >= defined[m.text][1] else m
            for m in mentions]
