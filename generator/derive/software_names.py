"""The names a paper gives its own software. One the vocabulary spells as hardware: "We present L4, a
runtime system that ..." (not NVIDIA's L4), "Orin is a scheduler for ...". The apposition or the
copula defines the word for the whole paper, its title too ("L4: Low-Latency LLM Serving ..."),
so none of its uses there names the device, unless its maker's name or a hardware noun goes with it
("We also run L4 on NVIDIA L4 GPUs").

Only a definition as software counts: "We present TPU v4, a supercomputer for ..." or "Gaudi 3 is
an AI accelerator" define hardware, and "platform" or "design" could be either.

Those names, and a title's before its colon, also say which sentences are about the paper's own
system (`opens_with_own`): where such a sentence says it ran is where the paper was measured.
"""

from __future__ import annotations

import re

from ..content.hardware import Mention
from .hardware_words import HARDWARE_NOUN

# What software is called: "a runtime system", "an open-source framework", "a compiler".
_SOFTWARE = (r"(?:systems?|frameworks?|library|libraries|runtimes?|schedulers?|compilers?|algorithms?|methods?|"
             r"approach(?:es)?|techniques?|tools?|toolkits?|engines?|protocols?|policy|policies|benchmarks?|"
             r"simulators?|models?|datasets?|languages?|APIs?|agents?|pipelines?)\b")
# The describing words between the article and that noun, none of which says what it is for:
# "a runtime system", not "a library for GPUs" read as far as "systems".
_DESCRIBED = r"an?\s+(?:(?!(?:for|of|on|to|that|which|with|in|and|or)\b)[\w-]+\s+){0,5}?" + _SOFTWARE
_NAME = r"(?P<name>(?-i:[A-Z][\w-]*(?:\s+[A-Za-z]?\d[\w-]*)?))"
_DEFINED = re.compile(
    # "We present L4, a runtime system", "this paper introduces Orin, an open-source scheduler"
    r"\b(?:we|this\s+(?:paper|work|article))\s+(?:\w+\s+)?(?:present|introduce|propose|design|build|develop|"
    rf"release|describe)\w*\s+{_NAME},\s+{_DESCRIBED}"
    # "L4 is a runtime system that ..."
    rf"|(?:^|(?<=[.;]\s)){_NAME.replace('name', 'is_name')}\s+is\s+{_DESCRIBED}", re.I)


def software_names(texts: tuple[str, ...]) -> frozenset[str]:
    """The names `texts` (a title and an abstract) define as software of their own."""
    return frozenset(next(n for n in (found.group("name"), found.group("is_name")) if n)
                     for text in texts for found in _DEFINED.finditer(text))


# What still makes the word the hardware: its maker's name before it or a hardware noun after it
# ("runs on NVIDIA L4 GPUs" in the paper that presents L4, the serving system).
_MAKER_BEFORE = re.compile(r"(?:NVIDIA|Nvidia|AMD|Intel|Google|Qualcomm|Apple|Huawei)\s+$")
_NOUN_AFTER = re.compile(rf"\s+(?:{HARDWARE_NOUN})\b")


def without_software(text: str, mentions: list[Mention], names: frozenset[str]) -> list[Mention]:
    """`mentions` (of `text`) without those written exactly as one of `names`, unless a maker's name
    before or a hardware noun after says the hardware is meant."""
    if not names:
        return mentions
    return [m for m in mentions if m.text not in names or _MAKER_BEFORE.search(text, max(0, m.start - 12), m.start)
            or _NOUN_AFTER.match(text, m.end)]


# A title's name for the paper's system, before its colon: "SDG-Track: A Heterogeneous ... Framework".
_TITLE_NAME = re.compile(r"\s*((?-i:[A-Z][\w-]*[A-Za-z\d]))\s*:")
# A sentence about the system the paper presents: "The system successfully tracks ... on an NVIDIA Jetson Orin Nano".
_THE_SYSTEM = re.compile(r"\W*(?:the|this)\s+(?:proposed\s+|complete\s+|resulting\s+)?(?:system|framework|prototype|pipeline|"
                         r"accelerator|implementation)\b", re.I)
# A share or a factor a sentence holds is a result the rules may have missed, not where the paper ran.
_SHARE_OR_FACTOR = re.compile(r"\d\s*(?:%|×|x\b|X\b|percent\b|times\b)")


def own_system_names(title: str, abstract: str) -> frozenset[str]:
    """The names of the paper's own system: those it defines ("We introduce ScaleFold, a ... method") and
    its title's before a colon ("SDG-Track: ...")."""
    titled = _TITLE_NAME.match(title)
    return software_names((title, abstract)) | ({titled.group(1)} if titled else set())


def opens_with_own(sentence: str, title: str, abstract: str) -> bool:
    """Whether `sentence` (of `abstract`, under `title`), holding no share or factor, opens with the paper's
    own system as its subject (its name, or "The system"): where it says that system ran is where the paper
    was measured ("ScaleFold successfully scaled the AlphaFold training to 2080 NVIDIA H100 GPUs"). The
    names are read only for the few sentences that need them."""
    if _SHARE_OR_FACTOR.search(sentence):
        return False
    return _THE_SYSTEM.match(sentence) is not None or any(
        re.match(rf"\W*{re.escape(name)}\b", sentence) for name in own_system_names(title, abstract))
