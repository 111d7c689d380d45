"""What each number of a sentence is compared with: "2.1x faster than cuBLAS", "compared to
FP16, ... 3.6x", "over MinkowskiEngine, SpConv and TorchSparse" (one name each). A baseline is
the comparison's words and their span in the sentence; `sentence_results.py` gives each result
its baseline and keeps the hardware of a baseline from being the result's device. And the
hardware a baseline is or ran on ("than the H100", "than a same-technology GPU (GTX 1080)").
"""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .comparisons import COMPARED_WITH, baseline_of
from .number_lists import LIST_ITEMS, listed_groups
from .hardware_words import PROCESSOR_CLASS
from .hardware_lists import THIRD_PERSON, most_specific
from .result_devices import DEVICE_CLAUSE, PARENTHESIS_AFTER
from .unknown_hardware import UNKNOWN_HARDWARE

Baseline = tuple[str, tuple[int, int]]  # the name as written, and the span of the comparison's words

# A comparison the number after it goes on from: "than X [29] with 0.5% higher", "exceeding X by 1.8%".
_GOES_ON = re.compile(r"\s*(?:\[[\d,\s]+\]\s*)?(?:(?:with|by)\s+(?:(?:only|a|an|up to|about|nearly|over|around)\s+)*)?",
                      re.I)
# A list of names a comparison goes on to: "over MinkowskiEngine|, SpConv 1.2, TorchSparse and SpConv v2" and
# where it ends (the sentence's, a clause's or a setting's start). A name holds no number of a result.
_NAME = r"(?:(?!\d[\d.]*\s*[x×%])[\w.+/'-]*[\w+/'-])(?:\s+(?!(?:and|or|on|in|for|with|at|by|when|while|using|respectively)\b)" \
        r"(?!\d[\d.]*\s*[x×%])[\w.+/'-]*[\w+/'-]){0,5}(?:\s*\([^()]{1,20}\))?"  # "7 nm AMD Versal ACAP VC190 (SOTA)"
_MORE_NAMES = re.compile(rf"(?:\s*,\s*{_NAME})*\s*,?\s+and\s+{_NAME}(?=\s*(?:[,.;)]|$)|\s+(?:on|in|for|respectively|at|"
                         r"when|while|with|across|under|using)\b)", re.I)


def _names_from(sentence: str, baseline: Baseline) -> list[tuple[str, int]]:
    """The names of the list a baseline's name starts ("MinkowskiEngine, SpConv 1.2, TorchSparse and
    SpConv v2"), each with where the list ends; [] where the name starts no list."""
    name, (_, end) = baseline
    more = _MORE_NAMES.match(sentence, end)
    if more is None:
        return []
    return [(item.strip(), more.end()) for item in [name, *LIST_ITEMS.split(more.group(0))] if item.strip()]


def number_baselines(sentence: str, matches: list[re.Match[str]], cuts: list[tuple[int, int]]) -> list[Baseline | None]:
    """The baseline of each number of `sentence` (`matches`, each with the bounds of its words,
    `cuts`: from the number before to the number after), or None: the comparison right after it,
    else the one before it that is not the number before's own."""
    baselines: list[Baseline | None] = []
    for match, (cut_before, cut_after) in zip(matches, cuts):
        found = baseline_of(sentence[match.end():cut_after], match.end(), after=True)
        if found is None:
            # Or the comparison before it, unless that is the number before's own ("~17% lower than
            # X) while achieving an mAP of 69.1%"), but where this number goes on from it ("1.8x
            # faster than X with 0.5% higher accuracy", "..., exceeding X by 1.8% AP").
            found = baseline_of(sentence[cut_before:match.start()], cut_before)
            if found and baselines and baselines[-1] and baselines[-1][1][0] >= cut_before \
                    and not _GOES_ON.fullmatch(sentence, found[1][1], match.start()):
                # A second comparison after it may be this one's: "... than the BF16 framework, surpassing
                # the speed of Nvidia Transformer Engine by 37%".
                found = baseline_of(sentence[found[1][1]:match.start()], found[1][1])
        baselines.append(found)
    # Changes listed together share the comparison after the list ("by 40% and 25% over the CPU"),
    # not one before it ("over the Edge TPU, and by 2.4x and 4.3x over Eyeriss v2").
    for first, last in listed_groups(sentence, matches, []):
        after = baselines[last] if baselines[last] and baselines[last][1][0] >= matches[last].end() else None
        listed = _names_from(sentence, after) if last > first and after else []
        if listed:
            # As many names as numbers: one each, in order ("2.9x, 3.3x and 2.2x over MinkowskiEngine,
            # SpConv and TorchSparse"); else none of them is any one number's.
            if len(listed) == last - first + 1:
                baselines[first:last + 1] = [(name, (after[1][0], end)) for name, end in listed]
            continue
        if last > first and after \
                and not any(m.group("rate") or m.group("efficiency") for m in matches[first:last + 1]):
            for index in range(first, last):
                if not (baselines[index] and baselines[index][1][0] >= matches[index].end()):  # not its own
                    baselines[index] = after
    return baselines


def shared_baseline(sentence: str, baselines: list[Baseline | None]) -> Baseline | None:
    """The one baseline of a sentence that compares with only one thing, which holds for its
    numbers that name none ("speedups vs. FP16 of 3.6x layer-wise, and 2.2x end-to-end"); None
    where it names several, or the first of a list of names, one for each number ("2.9x, 3.3x and
    2.2x over MinkowskiEngine, SpConv and TorchSparse")."""
    found = [b for b in baselines if b]
    if not found or len({b[0] for b in found}) > 1 or _names_from(sentence, found[0]):
        return None
    return found[0]


_AND_VERB = re.compile(r"\s(?:and|then)\s+" + THIRD_PERSON)


def baseline_device(hardware: Hardware, sentence: str, mentions: list[Mention], measured: list[Mention],
                    span: tuple[int, int], device: str | None, name: str | None = None) -> str | None:
    """The hardware a result is compared against: named in its baseline's words ("than the H100")
    or right after them in the same clause ("the CUDA implementation on Nvidia's H100"), and not
    where the result itself was measured. None when the baseline is no hardware."""
    start, end = span
    # The baseline's hardware in parentheses right after it: "than a same-technology GPU (GTX 1080)".
    named = PARENTHESIS_AFTER.match(sentence, end)
    clause = DEVICE_CLAUSE.search(sentence, named.end() if named else end)
    stop = clause.start() if clause else len(sentence)
    # (Nor past a verb of the subject's own: "1.4x the throughput of vLLM and reaches 91% of ... on an H100".)
    if (verb := _AND_VERB.search(sentence, start, stop)) is not None:
        stop = verb.start()
    if (comma := sentence.find(",", end, stop)) >= 0:
        stop = comma
    on = {m.id for m in measured}
    found = most_specific(hardware, [m for m in mentions if start <= m.start < stop and m.id not in on])
    found = [m for m in found if m.id != device]
    # One name of a list each number is compared with, in order ("2.4x, 35x and 14x over the A10G, the
    # ZCU102 and the U250"): the hardware in that name's words or after them, not an earlier name's.
    at = sentence.find(name, start, stop) if name else -1
    found = [m for m in found if m.start >= at]
    return found[0].id if found else None


def respective_baselines(sentence: str, results: list, baselines: list[Baseline | None], names: list[str],
                         hardware: Hardware | None, mentions: list[Mention], measured: list[Mention]) -> list:
    """In a sentence that says "respectively", the results (`results`, of `sentence_results`)
    compared with one list of names ("over rocBLAS and cuBLAS, respectively"), one name each, in
    order, each with its own hardware ("over an Intel(R) Core(TM) i7-8700 CPU and an NVIDIA K80 GPU")."""
    each = [re.sub(r"^(?:the|an?)\s+", "", name) for name in re.split(r",?\s+and\s+|,\s*", names[0])] \
        if len(names) == 1 else []
    # Each number in turn, or those compared with the list where others are not ("3.18 fps/W, which is ...").
    holders = list(range(len(results))) if len(results) == len(each) else \
        [at for at, r in enumerate(results) if each and r.baseline == names[0]]
    if len(holders) != len(each) or len(each) < 2:
        return results
    span = next(b[1] for b in baselines if b)
    results = list(results)
    for at, name in zip(holders, each):
        results[at] = results[at]._replace(baseline=name, baseline_device=baseline_device(
            hardware, sentence, mentions, measured, span, results[at].device, name) if hardware else None)
    return results


# What a baseline that ran somewhere is called: "than TensorRT-LLM running on an H100", "than the GPU reference".
_HARDWARE_WORD = re.compile(rf"\b{PROCESSOR_CLASS}s?\b")
_ON = re.compile(r"\s*(?:on|using|running on|atop)\s", re.I)
_RUNNING = re.compile(r"^(?:running|executing|deploying|serving)\b|\b(?:running|executing|deployed|served)$", re.I)
_CLAUSE_OPENS = re.compile(r"[;:,]|\s(?:but|while|whereas)\s")  # (a list's items too: "92% on an H100, 1.3x ...")
_SETTING_ENDS = re.compile(r"[,;(—]|\s(?:and|but|while|whereas|which)\s")
_COMPARED = re.compile(rf"\b{COMPARED_WITH}\b", re.I)
_CLASS_NAME = re.compile(rf"(?:{PROCESSOR_CLASS}|chip|accelerator|processor|laptop|desktop|(?:smart)?phone|workstation|"
                         r"microcontroller|MCU|device)s?", re.I)


def with_its_setting(sentence: str, baseline: tuple[str, tuple[int, int]], mentions: list[Mention]) -> tuple[int, int]:
    """The span of a baseline's words, and, for a baseline that is a hardware's own ("than the
    GPU reference on NVIDIA H100 PCIe", "than running the model on an RTX 3090", "than
    TensorRT-LLM running on an H100"), of where it ran, up to the clause's end; not for a
    baseline that is hardware itself ("over a 32-core EPYC 7763 CPU on an A100": where both ran)."""
    name, (start, end) = baseline
    # (Or any baseline, where its clause names where the result ran before it: "the parallel
    # implementation on the RISC-V platform reaches 22x over a single-core implementation on an STM32L4".)
    # (Not another comparison's: "1.5x faster than cuBLAS on the A100 and 1.8x faster than rocBLAS on the MI250X".)
    clause = max([0, *(m.end() for m in _CLAUSE_OPENS.finditer(sentence, 0, start))])
    compared = _COMPARED.search(sentence, clause, start)
    clause_end = compared.start() if compared else start
    # (A named platform, not a class: "our method on GPUs ... than DeepSpeed on 8 A100 GPUs" names none.)
    unknown = UNKNOWN_HARDWARE.search(sentence, clause, clause_end)
    own_first = any(clause <= m.start and m.end <= clause_end for m in mentions) \
        or (unknown is not None and not _CLASS_NAME.fullmatch(unknown.group("name")))
    ran = _RUNNING.search(name) or _RUNNING.search(sentence[start:end].strip())  # (its name is read without "running")
    if not (_HARDWARE_WORD.search(name) or ran or own_first) or not _ON.match(sentence, end) \
            or any(start <= m.start < end for m in mentions):
        return start, end
    stop = _SETTING_ENDS.search(sentence, end)
    return start, stop.start() if stop else len(sentence)
