"""Hardware named only as where a result's baseline ran: "On the Jetson, X is 17x faster than BarNet on an
RTX 3090 GPU" was measured on the Jetson, against the RTX 3090."""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .comparisons import COMPARED_WITH
from .result import Result

# A comparison's baseline, then where it ran: "17x lower than BarNet on an RTX 3090 GPU".
# (Not the baseline's own figure: "versus 2.9 ms on an MI250X" is the MI250X's.)
AGAINST_ON = re.compile(rf"\b{COMPARED_WITH}\s+(?:(?!\b\d)[^,;]){{1,40}}?\s+on\s+(?:(?:an?|the|a single|one)\s+)?$", re.I)


def against_on(hardware: Hardware, sentence: str, mentions: list[Mention], results: list[Result],
               opening: str) -> list[Result]:
    """In a sentence that opens on where it ran ("On the Jetson, ..."), a device named only after a
    comparison's baseline ("... 17x lower than BarNet on an RTX 3090 GPU") is the baseline's: the
    results are the opening's."""
    out = []
    for r in results:
        named = [m for m in mentions if r.device and m.id in hardware.lineage(r.device) and r.device in hardware.lineage(m.id)]
        if named and r.device != opening and all(AGAINST_ON.search(sentence, 0, m.start) for m in named):
            r = r._replace(device=opening, baseline_device=r.baseline_device or r.device)
        out.append(r)
    return out


# A comparison's words before a name in the same clause: "over Intel Xeon 4210R CPU and |NVIDIA RTX 3090" (not
# "against the A100 and find that |the H100 delivers").
AGAINST_NAMED = re.compile(rf"\b{COMPARED_WITH}\s(?:(?!\b(?:that|which|where|while)\b)[^,;])*$", re.I)
