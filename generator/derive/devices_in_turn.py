"""Numbers a sentence lists together, and the devices they take in turn: a list's kinds and devices
from the words after it ("1.6x and 1.3x faster on H100 and A100 GPUs"), a list of numbers before or
after a list of as many devices said "respectively" ("40.4% and 45.2% higher throughput on V100 and
Xeon, respectively"), and numbers slashed apart as the devices are ("812/640 TFLOPS on H100/A100")."""

from __future__ import annotations

import re
from typing import TypeVar

from .comparisons import COMPARED_WITH, direction_of
from .hardware_lists import most_specific
from .kinds import KIND, kinds_in
from .number_lists import CHANGE_STEMS, LIST_QUALIFIERS, listed_groups
from .result import Result
from .result_devices import DEVICE_CLAUSE
from .unknown_hardware import credit
from ..content.check import NOT_DEVICE
from ..content.hardware import Hardware, Mention

R = TypeVar("R")  # a result: anything with `claim` and `_replace(device=...)`


def lists_of(results: list[R], size: int) -> bool:
    """Whether `results` (in text order) are two or more lists of `size` numbers each, each listed
    together: its numbers' claims the same words, another list's other words."""
    if len(results) < 2 * size or len(results) % size:
        return False
    lists = [results[at:at + size] for at in range(0, len(results), size)]
    claims = [{r.claim.text if r.claim else None for r in listed} for listed in lists]
    return all(len(c) == 1 and None not in c for c in claims) and len({next(iter(c)) for c in claims}) == len(lists)


def names_other_list(sentence: str, start: int, end: int) -> bool:
    """Whether `sentence` lists words between `start` (after the devices) and `end` (where
    "respectively" is): "the sparse and dense kernels", "the prefill and decode phases" are the
    list "respectively" gives the numbers to, not the devices. Numbers are taken out first: "by
    28.1% and 22.5%, respectively" is a list of numbers."""
    return _WORDS_LISTED.search(_A_NUMBER.sub(" ", sentence[start:end])) is not None


_WORDS_LISTED = re.compile(r"\b[A-Za-z][\w-]*\s+and\s+(?:the\s+)?[A-Za-z]", re.I)
_A_NUMBER = re.compile(r"[<>~≈]?\d[\d.,]*\s*(?:[x×%]|(?=\s))")


def respective_devices(sentence: str, placed: list[re.Match[str]], results: list[R], devices: list[str],
                       mentions: list[Mention], measured: list[Mention]) -> list[R]:
    """`results` (one for each number of `placed`) with the numbers of the list right before a list
    of as many `devices` each given its own, in order, where the sentence's results are more than
    that ("reduces X by 24%, and achieves 40.4% and 45.2% higher throughput on Nvidia V100 GPU and
    Intel Xeon CPU, respectively")."""
    if len(devices) < 2 or len(results) == len(devices) or not mentions:
        return results
    first_device = min(m.start for m in mentions)
    as_many = [(first, last) for first, last in listed_groups(sentence, placed, measured)
               if last - first + 1 == len(devices)]
    groups = [(first, last) for first, last in as_many if placed[last].end() <= first_device]
    # Or the list right after "respective", after the devices: "on the Jetson Nano and the Snapdragon
    # 8 Gen 1 demonstrates respective speedups of 1.37X and 2.22X, achieving up to 1.47X ...".
    given = {found.end() for found in RESPECTIVE_BEFORE.finditer(sentence) if found.start() > first_device}
    groups = groups or [(first, last) for first, last in as_many if placed[first].start() in given]
    # Or the list said "respectively" after the devices: "Evaluation on both NVIDIA H200 and AMD MI250 GPUs
    # shows that it reduces peak memory by up to 1.23× and training time by up to 1.73× and 1.62× respectively";
    # unless things are listed between, which "respectively" may follow as well ("Tested on the A100 and the
    # H100, the sparse and dense kernels reach 210 and 180 TFLOPS, respectively"); an "and" before a verb
    # joins clauses, no list.
    last_device = max(m.end for m in mentions)
    groups = groups or [(first, last) for first, last in as_many if placed[first].start() >= last_device
                        and _SAID_RESPECTIVELY.match(sentence, placed[last].end())
                        and not _LISTED.search(sentence, last_device, placed[first].start())]
    if not groups:
        return results
    first, last = groups[-1]
    out = list(results)
    for at, device in zip(range(first, last + 1), devices):
        out[at] = out[at]._replace(device=device)
    # And a list of as many numbers the sentence goes on to, naming no hardware of its own, after ",
    # respectively,": "... on Xilinx ZCU102 and Alveo U280 platforms, respectively, while enhancing energy
    # efficiency by 1.75× and 1.54×".
    respectively = _THEN_RESPECTIVELY.search(sentence, placed[last].end())
    later = [(a, b) for a, b in as_many if respectively and placed[a].start() > respectively.end()
             and not any(respectively.end() <= m.start < placed[b].end() for m in mentions)]
    if later and all(out[at].device is None for at in range(later[0][0], later[0][1] + 1)):
        for at, device in zip(range(later[0][0], later[0][1] + 1), devices):
            out[at] = out[at]._replace(device=device)
    return out


# "respective" right before the numbers it gives out in turn ("respective speedups of 1.37X and
# 2.22X"; not "their respective base models").
RESPECTIVE_BEFORE = re.compile(r"\brespective\s+(?:[\w-]+\s+){1,3}?(?:of\s+)?"
                               r"(?:(?:up\s+to|about|around|over|nearly)\s+)?(?=[<>~≈]?\d)", re.I)
_LISTED = re.compile(rf"\s(?:and|or)\s+(?!(?:{CHANGE_STEMS}|achiev|reach|deliver|attain|yield|provid|offer|run|sustain|"
                     r"outperform|surpass|exceed)\w*\b)", re.I)
_SAID_RESPECTIVELY = re.compile(r"(?:\s+[\w-]+){0,3}?\s*,?\s*respectively\b", re.I)
_THEN_RESPECTIVELY = re.compile(r",?\s*respectively\s*,\s*(?:while|and|with)\b", re.I)


# A slash in a unit ("TFLOPS/GPU", "tokens/s", "GOP/s/W"): not a list of what slashed numbers may be of.
_UNIT_SLASH = re.compile(r"/(?:s|sec|GPU|chip|node|W|J|token|day|hour|h)\b")
# Nor baselines slashed apart right after a comparison, each the one its device ran against: "speedups of
# 1293.64x/7.47x compared to rocSOLVER/cuSOLVER" on the MI210 and the V100.
# (Not precisions, which the numbers may be of: "4.2x/2.4x compared to FP32/FP64 baselines".)
_SLASHED_BASELINES = re.compile(rf"\b(?:{COMPARED_WITH})\s+(?:the\s+)?(?!{NOT_DEVICE.pattern[1:]})[\w.+-]+$", re.I)


def slashed_groups(sentence: str, matches: list[re.Match[str]], mentions: list[Mention]) -> list[list[int]]:
    """The groups of `matches` set apart by slashes ("812/640 TFLOPS"), by their places; none
    when anything else but hardware names and units is slashed apart ("812/640 TFLOPS for FP8/BF16",
    "at 4K/32K context", "INT4/8 kernels": the numbers may be theirs)."""
    groups: list[list[int]] = []
    for at in range(1, len(matches)):
        if sentence[matches[at - 1].end():matches[at].start()].strip() == "/":
            if groups and groups[-1][-1] == at - 1:
                groups[-1].append(at)
            else:
                groups.append([at - 1, at])
    between = [(matches[group[0]].start(), matches[group[-1]].end()) for group in groups]
    if any(not any(a <= slash.start() < b for a, b in between)
           and not any(m.start <= slash.start() <= m.end for m in mentions)  # in a name, or right after one: "H200/H100"
           and not _UNIT_SLASH.match(sentence, slash.start())
           and not _SLASHED_BASELINES.search(sentence, max(0, slash.start() - 40), slash.start())
           for slash in re.finditer("/", sentence)):
        return []
    return groups


def in_turn(results: list[R], groups: list[list[int]], devices: list[str]) -> list[R]:
    """`results` with `devices` given in turn to each group of as many (`slashed_groups`), when
    every group has as many as there are devices, two or more (else as they were)."""
    if len(devices) < 2 or any(len(group) != len(devices) for group in groups):
        return results
    results = list(results)
    for group in groups:
        for at, device in zip(group, devices):
            results[at] = results[at]._replace(device=device)
    return results


# Words after a list that qualify it, not its measures: "1.60X and 1.73X faster with better accuracy".
_QUALIFIER = re.compile(r"\s(?:with(?!\s+(?:respect|regard)\s+to\b)|without|while|whereas|at)\s")
# What stands between numbers of one list that is no setting of either: connectives and qualifiers ("up to 3.5x
# and on average 1.6x").
_LIST_WORD = re.compile(rf"\b(?:and|or|{LIST_QUALIFIERS})\b|[,\s/()]", re.I)
_ACROSS = re.compile(r"\bacross\s+(?:the\s+|both\s+)?(?:[\w-]+\s+)?$", re.I)


def listed_together(sentence: str, placed: list[tuple[re.Match[str], Result]], hardware: Hardware | None,
                     measured: list[Mention]) -> list[Result]:
    """Results of numbers listed together take their kinds, in order, from the words after the
    list when these name as many kinds, and the device those words say they were measured on."""
    out = [result for _, result in placed]
    for first, last in listed_groups(sentence, [match for match, _ in placed], measured):
        if last > first:
            tail_end = placed[last + 1][0].start() if last + 1 < len(placed) else len(sentence)
            tail_start = placed[last][0].end()
            clause = DEVICE_CLAUSE.search(sentence, tail_start, tail_end)
            tail_end = clause.start() if clause else tail_end
            # Not a qualifier's ("1.60X and 1.73X faster with better accuracy": both are speedups).
            qualifier = _QUALIFIER.search(sentence, tail_start, tail_end)
            kinds = kinds_in(sentence[tail_start:qualifier.start() if qualifier else tail_end])
            slashed = sentence[placed[first][0].end():placed[first + 1][0].start()].strip() == "/"
            named = most_specific(hardware, [m for m in measured if tail_start <= m.start < tail_end])
            devices = [credit(hardware, sentence, m, measured) for m in named]
            # Numbers each with a setting of its own between them ("75.7% for K and 171.7% for V": words other than
            # connectives and qualifiers), or said across the devices ("... across A100 and RTX Pro 6000 GPUs"),
            # are no device's each.
            own_settings = any(_LIST_WORD.sub("", sentence[placed[at][0].end():placed[at + 1][0].start()]).strip()
                               for at in range(first, last))
            across = bool(named) and _ACROSS.search(sentence, max(0, named[0].start - 30), named[0].start) is not None
            # "increased by 10.8% and 4.73%": the first's words say which way; "2.1x and 3.4x lower": the
            # last's, in a list of one unit (not "740 TFLOPS, 1.5x faster": an absolute figure has none).
            # (The words between the list and its measure: "2x and 3x throughput at lower power" is no lower throughput.)
            same_unit = len({out[at].unit for at in range(first, last + 1)}) == 1
            # (Not a comparative that is itself the direction: "2.1x and 3.4x smaller".)
            measure = next((m for m in KIND.finditer(sentence, tail_start, tail_end) if m.lastgroup != "scale"), None)
            direction = out[first].direction or (direction_of("", sentence[tail_start:measure.start() if measure else tail_end],
                                                              False) if same_unit else None)
            for at in range(first, last + 1):
                if out[at].direction is None:
                    out[at] = out[at]._replace(direction=direction)
                if len(kinds) == last - first + 1:
                    out[at] = out[at]._replace(kind=kinds[at - first])
                if slashed:  # "1.10×/4.86× ... on the U280/V80": each number has the name in its place
                    continue
                if len(set(devices)) > 1:  # "1.6x and 1.3x faster on H100 and A100 GPUs": each its own, or none's
                    out[at] = out[at]._replace(device=devices[at - first] if len(devices) == last - first + 1
                                               and not own_settings and not across else None)
                elif devices:
                    out[at] = out[at]._replace(device=devices[0])
                else:  # "on the V80 FPGA reach 4.71×, 6.55×, and 4.13×": the words before the list
                    out[at] = out[at]._replace(device=out[first].device)
    return out
