"""The device a result was measured on, from the words around its number.

The first device the sentence says something was measured on (`measured.py`) right after
the result's words, else the last before them in the same clause, else the one device the
sentence measures on; a device in parentheses right after the result ("4.5x when using
more cost-effective ones (NVIDIA A6000)"). Never the baseline's hardware (`measured.py` leaves
it out), but for a number that is the baseline's own figure ("..., against 21 ms on MI300X"),
which is credited to it; hardware the vocabulary does not know is `unknown_hardware.py`'s. What comes from beyond the sentence (the paper's one device, an opening "On the H100, ...",
"It" referring back) is `carried_devices.py`'s.
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .baseline_figures import baseline_figure
from .comparisons import BASELINE_BEFORE, COMPARED_WITH, OPENING_COMPARED_WITH, OUTPERFORMS
from .hardware_lists import THIRD_PERSON, listed_with_others, most_specific, subject_of
from .hardware_words import HARDWARE_NOUN
from .unknown_hardware import (ELSEWHERE, HOLDS, UNKNOWN_HARDWARE, counts_named, credit, is_unknown, other_class_before,
                               unknown_before)


# Numbers joined by slashes, and names joined by slashes: "1.10×/4.86× lower latency ... on the
# U280/V80" gives each number the name in its place.
_SLASHED_NUMBERS = re.compile(r"(?:\d+(?:\.\d+)?\s*[×x%]?/)+\d+(?:\.\d+)?\s*[×x%]?")
_SLASHED_NAMES = re.compile(r"\b[A-Z][\w-]*\d[\w-]*(?:/[A-Z][\w-]*\d[\w-]*)+")


def _slashed_device(sentence: str, mentions: list[Mention], start: int, end: int) -> str | None:
    """For a number of a slashed group, the id of the name in its place in a slashed group of as
    many names after it in its clause (ELSEWHERE for a name the vocabulary does not know);
    None otherwise."""
    if sentence[end:end + 1] != "/" and sentence[start - 1:start] != "/":
        return None  # most numbers: no slash beside them
    group = next((g for g in _SLASHED_NUMBERS.finditer(sentence) if g.start() <= start and end <= g.end()), None)
    if group is None:
        return None
    clause = DEVICE_CLAUSE.search(sentence, group.end())
    names = _SLASHED_NAMES.search(sentence, group.end(), clause.start() if clause else len(sentence))
    if names is None or group.group(0).count("/") != names.group(0).count("/"):
        return None
    place = sentence[group.start():start].count("/")
    name_start = names.start() + sum(len(n) + 1 for n in names.group(0).split("/")[:place])
    return next((m.id for m in mentions if m.start == name_start), ELSEWHERE)


# A comparison's words before a parenthesis: it names the baseline's hardware, "than the GPU baseline
# (RTX 3090)", "than TensorRT (Jetson AGX Xavier)" (in an accelerator paper, where the baseline ran).
_COMPARES = re.compile(rf"\b{COMPARED_WITH}\s", re.I)


# Where the words about a number end, for the device it was measured on: another clause, a
# dash, or a comparison ("half as slow as the baseline on an A100"), or "and" before a verb of the
# third person ("..., and cuts weight memory").
DEVICE_CLAUSE = re.compile(rf"[—;(]|\s(?:but|while|whereas|which|than|as)\s|,\s*or\s|,\s*(?:{OPENING_COMPARED_WITH}|vs\.?)\s|"
                           r",\s*and\s+(?:(?:it|we|they|this|our|on|when)\s|"
                           + THIRD_PERSON + ")")
# A clause with a subject of its own: "it is 1.4x faster, and it matches cuBLAS on the H100".
# Or an alternative with a setting of its own: "a 7B model on a gaming card, or a 32B model on 4 RTX 4090s".
# (A contrast opens one whatever its subject: "..., while the discrete GPU decodes at 35 tokens/s".)
_NEW_CLAUSE = re.compile(r"[;—]|,\s*(?:and|but|while|whereas)\s+(?:it|we|they|this|our|its)\s|,\s*(?:which|or|while|whereas)\s", re.I)
# An item of a numbered list: "(3)", "(iv)", "2)".
_ITEM = re.compile(r"(?:^|[\s;,:])\(?(?:\d{1,2}|i{1,3}|iv|v|vi{1,3}|ix|x)\)\s")


_SHORT_ASIDE = re.compile(r"\([^()]{1,30}\)")
_THAN_SHORT = re.compile(r"\s(?:than|as)\s+(?!\d)(?:[\w-]+\s+){1,3}?(?=(?:on|using|across)\s)", re.I)  # (not "more than 8 Hz")
# A parenthesis right after a number or a name: "2.52x (up to 5.11x)", "a same-technology GPU (GTX 1080)".
PARENTHESIS_AFTER = re.compile(r"\s*\([^()]{1,60}\)")
_ITEM_END = re.compile(r"[,;]|\d[\d.]*\s*(?:[x×%]|times)")


def device_of(hardware: Hardware, sentence: str, mentions: list[Mention], measured: list[Mention],
            start: int, end: int, before_from: int, after_to: int, after_only: bool = False) -> str | None:
    """The device the result at [start, end) was measured on: the first measured-on device after
    it (up to `after_to`), else (unless `after_only`) the last before it (from `before_from`),
    else the one device the sentence measures on. A number of a slashed group takes the name in
    its place ("1.10×/4.86× ... on the U280/V80"). None when unclear; ELSEWHERE when the
    hardware is a product the vocabulary does not know ("on the V80 FPGA", "NVIDIA V100S")."""
    def specific(found: list[Mention]) -> list[Mention]:
        return most_specific(hardware, found)

    def credited(mention: Mention) -> str:
        return credit(hardware, sentence, mention, mentions)

    slashed = _slashed_device(sentence, mentions, start, end)
    if slashed is not None:
        return slashed
    # A baseline's own figure is where the baseline ran (`baseline_figures.py`).
    figure, there = baseline_figure(sentence, mentions, start, end)
    if figure:
        there = specific(there)
        return credited(there[0]) if there else ELSEWHERE
    # "the smaller Jetson Orin Nano (22 FPS at 7.2 W)": a result in parentheses right after
    # hardware is that hardware's; not where the parenthesis names its own ("2.3x faster on the
    # A100 (1.4x on the V100)").
    opened, closed = sentence.rfind("(", 0, start), sentence.find(")", end)
    if opened > 0 and ")" not in sentence[opened:start] and closed > 0 \
            and not any(end <= m.start < closed for m in measured) \
            and not any(unknown_before(found, mentions) for found in UNKNOWN_HARDWARE.finditer(sentence, end, closed)):
        # (Not a baseline's name: "lower latency than Jetson Orin Nano (reduced 20 ms)" is the subject's.)
        named = specific([m for m in mentions if m.end <= opened and (_NAMES_BEFORE.fullmatch(sentence[m.end:opened])
                                                                       or _SETTING_BEFORE.fullmatch(sentence[m.end:opened]))
                          and not BASELINE_BEFORE.search(sentence, max(0, m.start - 40), m.start)
                          and not _BEATEN.search(sentence, max(0, m.start - 40), m.start)])
        if named:
            return credited(named[-1])
    # "4.5x when using more cost-effective ones (NVIDIA A6000)": a parenthesis right after its words names where it ran.
    paren = PARENTHESIS.search(sentence, end, after_to)
    # Not examples ("against commercial GPUs (e.g., NVIDIA V100S)"), a baseline's ("than the GPU baseline (RTX 3090)"),
    # or one after the hardware its words name first ("700 TFLOPS on the H100 (A100 results are ...)").
    if paren and not _EXAMPLES.match(paren.group(0)) and not _COMPARES.search(sentence, end, paren.start()) \
            and not any(end <= m.start and m.end <= paren.start() for m in measured):
        inside = specific([m for m in mentions if paren.start() < m.start and m.end < paren.end()])
        if inside:
            return credited(inside[0])
    # "on average 2.52x (up to 5.11x) speedup on RTX 4090, ...": the number in parentheses right
    # after it is an aside; its words go on after the parenthesis, to the list's next item.
    aside = PARENTHESIS_AFTER.match(sentence, end)
    if aside and aside.end() > after_to:
        stop = _ITEM_END.search(sentence, aside.end())
        after_to = stop.start() if stop else len(sentence)
    else:
        aside = None
    clause = DEVICE_CLAUSE.search(sentence, aside.end() if aside else end, after_to)
    # A short aside that names no hardware does not end the words: "when deployed on a power-constrained
    # (7W) Jetson Orin Nano" (one that does is another result's: "2.3x on the A100 (1.4x on the V100)").
    while clause and (inner := _SHORT_ASIDE.match(sentence, clause.start())) \
            and not any(inner.start() < m.start < inner.end() for m in mentions):
        clause = DEVICE_CLAUSE.search(sentence, inner.end(), after_to)
    # "more than 2x faster than real-time on CPU": a class of hardware right after a short comparison
    # is where the number ran (or both did), none of ours; not a device named before it.
    than = _THAN_SHORT.match(sentence, clause.start()) if clause else None
    if than and is_unknown(UNKNOWN_HARDWARE.match(sentence, than.end()), mentions):
        return None
    after_to = clause.start() if clause else after_to
    # "from 120 ms on the Jetson Nano to 30 ms ...": the hardware between is the first number's.
    if _FROM.search(sentence, max(0, before_from - 40), before_from) and _TO.search(sentence, before_from, start):
        measured = [m for m in measured if not before_from <= m.start < start]
    before_from = max([before_from, *(c.end() for c in DEVICE_CLAUSE.finditer(sentence, before_from, start))])
    # (Not hardware that goes on to a number of its own: ", the M2 Ultra at 76 tokens/s".)
    after = specific([m for m in measured if end <= m.start < after_to and not _AT_NUMBER.match(sentence, m.end)])
    # The first hardware named after it is where it ran: none of ours when the vocabulary does
    # not know it ("by up to 5× across various GPU hardware and ... on a single RTX 4090").
    unknown = UNKNOWN_HARDWARE.search(sentence, end, after_to)
    if is_unknown(unknown, mentions) and (not after or unknown.start() < after[0].start) \
            and not counts_named(hardware, unknown, [m for m in measured if m.end <= start]):
        return None
    if after:
        return ELSEWHERE if listed_with_others(sentence, after[0], after, mentions) else credited(_held(hardware, sentence, after))
    if after_only:  # a model's size: where it fits, named after it ("175B on one RTX 4090")
        return None
    before = specific([m for m in measured if before_from <= m.start and m.end <= start])
    unnamed = [f for f in UNKNOWN_HARDWARE.finditer(sentence, before_from, start) if unknown_before(f, mentions)]
    if unnamed and (not before or unnamed[-1].start() > before[-1].start):
        return ELSEWHERE  # "projected results on the V80 FPGA at 7nm reach 4.71x"
    if before and (_WHERE.match(sentence, before[-1].end, start) or _AT.fullmatch(sentence, before[-1].end, start)):
        # "and on a Raspberry Pi 5 with a Hailo-8 accelerator, where it reaches 35 FPS"; "the RTX 4090
        # decodes at 127 tokens/s, the M2 Ultra at 76 tokens/s": the hardware right before is where.
        return credited(before[-1])
    if before:  # several devices before it ("on U55C cards and platforms like ZCU102, ... 1.2x"): none's alone
        return None if listed_with_others(sentence, before[-1], before, mentions) or len({m.id for m in before}) > 1 \
            else credited(before[-1])
    # The one device its clause measured on before it, past the numbers between: "; the Hailo-10H
    # sustains 6.9 tok/s at under 2 W".
    opens = max([0, *(c.end() for c in DEVICE_CLAUSE.finditer(sentence, 0, start))])
    in_clause = specific([m for m in measured if opens <= m.start and m.end <= start])
    if len({m.id for m in in_clause}) == 1 and not listed_with_others(sentence, in_clause[-1], measured, mentions):
        return credited(in_clause[-1])
    # The one device the sentence measures on: before the result, or after it in its clause
    # ("it is 1.4x faster, and it matches cuBLAS on the H100" says nothing of the 1.4x).
    # Not another item's of a numbered list: "(2) ... 1,800 tokens/s on two RTX 5090s; (3) ... 50 percent throughput
    # gains" (hardware named before the list is all its items': "On the Orin, X (i) runs at 30 FPS and (ii) ...").
    items = len(_ITEM.findall(sentence)) > 1  # a numbered list, not "batch size (8)"
    ones = [m for m in specific(measured)
            if (m.start < start and not (items and _ITEM.search(sentence, m.end, start) and _ITEM.search(sentence, 0, m.start)))
            or (m.start >= start and not _NEW_CLAUSE.search(sentence, end, m.start)
                and not (items and _ITEM.search(sentence, end, m.start)))]
    known = [m for m in ones if credited(m) != ELSEWHERE]
    if ones and not known:
        return ELSEWHERE
    ids = {m.id for m in known} or subject_of(hardware, sentence, mentions)
    return ids.pop() if len(ids) == 1 and not other_class_before(hardware, sentence, start, mentions, next(iter(ids))) else None


# The object of "outperforms", "beats": the baseline ("beats the RTX 4090 in throughput (1.7x)").
_BEATEN = re.compile(rf"\b{OUTPERFORMS}\w*\s+(?:the\s+|an?\s+)?$", re.I)
_FROM = re.compile(r"\bfrom\s+(?:(?:about|around|over|below|under|nearly)\s+)?[\d.,]+\s*\S*$", re.I)
_TO = re.compile(r"\bto\s+(?:(?:about|around|over|below|under|nearly|just|only)\s+)?$", re.I)


# A number right after the hardware and "at": "the M2 Ultra at 76 tokens/s", "the A100 decodes at" (not the
# next item of a list: "on an NVIDIA A100 and at 20 FPS on ...").
# Or a verb of reaching right before the number: "the RTX 4090 generates 127 tokens/s, the RTX 3090 reaches 98".
_AT = re.compile(rf"(?:\s+{HARDWARE_NOUN})?(?:(?:\s+(?!(?:and|or|but|while|whereas)\b)[a-z][\w-]*)?\s+at|\s+(?:reach|achiev|yield|"
                 r"deliver|generat|sustain|attain|hit)(?:es|s|ed)?)\s+(?:about\s+|around\s+|up to\s+)?")
_AT_NUMBER = re.compile(_AT.pattern + r"\d")
# A clause about the place named right before it: "on the Hailo-8 accelerator, where it reaches".
_WHERE = re.compile(r"(?:\s+[a-z][\w-]*){0,2}\s*,?\s+where\s", re.I)


# Hosts and what they hold that runs the work: "on a Raspberry Pi 5 with a Hailo-8L", "on a
# laptop equipped with an RTX 3060" (not one accelerator with another, "an A100 with an H100 baseline").
_HOSTS = frozenset({"embedded", "cpu", "soc", "other"})
_ACCELERATORS = frozenset({"consumer-gpu", "datacenter-gpu", "workstation-gpu", "npu", "tpu", "fpga", "ipu", "lpu"})
# Where the held hardware's words end: not a machine of its own ("with an RTX 3080 edge server"),
# nor one held for something else ("with an A100 attached", "used for training").
_HELD_ENDS = re.compile(rf"(?:\s+(?i:{HARDWARE_NOUN}|accelerators?|modules?|sticks?))?\s*(?:[,;.)]|$|\s+(?:where|which|and|at|in|to|for\s+(?:inference|detection|acceleration))\b)")
# The host's share of the work: "CPU throughput", "host-side preprocessing".
_HOST_SHARE = re.compile(r"\b(?:CPU|host)\b", re.I)


def _held(hardware: Hardware, sentence: str, after: list[Mention]) -> Mention:
    """The first of `after`, or the accelerator it holds right after it ("a Raspberry Pi 5 with a
    Hailo-8L"), unless the words before the host say the result is the host's share ("CPU utilization")."""
    host = after[0]
    holds = HOLDS.match(sentence, host.end)
    # (Its name may start with a word HOLDS reads as its maker's: "with a Coral USB Accelerator".)
    held = next((m for m in after[1:] if holds and host.end < m.start <= holds.end()), None)
    if held is not None and hardware.nodes[host.id].device_kind in _HOSTS \
            and hardware.nodes[held.id].device_kind in _ACCELERATORS and _HELD_ENDS.match(sentence, held.end) \
            and not _HOST_SHARE.search(sentence, 0, host.start):
        return held
    return host


def setting_after(sentence: str, mentions: list[Mention], measured: list[Mention], end: int,
                  after_to: int) -> str | None:
    """Hardware past the comparison after a result ("3x faster than FlashAttention-2 on H100
    GPUs"): where both ran, unless the result has a device of its own (then it is the baseline's:
    "For offloading on two RTX 4090s, ... half as slow as the baseline on an A100"), or hardware
    the vocabulary does not know comes first ("5× across various GPU hardware and ... on a
    single RTX 4090")."""
    clause = _CLAUSE_ENDS.search(sentence, end, after_to)
    after_to = clause.start() if clause else after_to
    unknown = UNKNOWN_HARDWARE.search(sentence, end, after_to)
    if is_unknown(unknown, mentions):
        after_to = unknown.start()
    ids = {m.id for m in measured if end <= m.start < after_to}
    return ids.pop() if len(ids) == 1 else None


# Where a clause ends, for the hardware past a comparison: "than DeepSpeed, which runs on 8
# V100s" and "faster, and it matches cuBLAS on the H100" say where something else ran.
_CLAUSE_ENDS = re.compile(r"[,;—(]|\s(?:which|who|while|whereas|but)\s", re.I)


# Between hardware and a parenthesis about it: "Jetson Orin Nano (", "A100 GPU (".
_NAMES_BEFORE = re.compile(rf"\s*{HARDWARE_NOUN}?\s*", re.I)
# Or the setting it ran with: "16 FPS on Raspberry Pi 5 with INT8 inference (per-frame latency under 60 ms)".
_SETTING_BEFORE = re.compile(rf"\s*{HARDWARE_NOUN}?\s+(?:with|using|under|in)(?:\s+[\w-]+){{1,4}}\s*", re.I)
# A parenthesis of examples names what the words before it are examples of, not a device.
_EXAMPLES = re.compile(r"\(\s*(?:e\.\s?g\.|i\.\s?e\.|such as|like|including|for example)", re.I)
PARENTHESIS = re.compile(r"(?<=[\s\w])\((?=[^()]{0,60}\))[^()]*\)")


def outside_examples(sentence: str, mentions: list[Mention]) -> list[Mention]:
    """`mentions` but those in a parenthesis of examples: "on consumer GPUs with 24GB memory
    (e.g., NVIDIA RTX 4090)" names a class of hardware, not the device the paper ran on."""
    if "(" not in sentence:
        return mentions
    examples = [p.span() for p in PARENTHESIS.finditer(sentence) if _EXAMPLES.match(p.group(0))]
    return [m for m in mentions if not any(a < m.start < b for a, b in examples)]
