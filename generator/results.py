"""Headline results read from an abstract: "3.6× speedup over cuBLAS on an A100".

`extract_results` splits the abstract into sentences and finds each number with
a unit (a factor `3.6×`, a percentage `77%`, a rate `156 TFLOPS`), the kind of
result the words around it name (speedup, throughput, memory, ...), the
direction it moved, the baseline a sentence compares with ("over cuBLAS",
"compared to ZeRO-Infinity") and the device the sentence says it was measured
on (`measured.py`; never the baseline's). It is plain regular expressions:
it misses some results and reads some wrongly, which is why curators can list a
paper's results in its front matter (`results:`), replacing the extracted ones.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from .check import NOT_DEVICE
from .model import RESULT_KINDS, Paper
from .matching import Hardware, Mention
from .measured import measured_in_sentence, paper_mentions, vendors_of
from .sentences import sentence_spans

KINDS = RESULT_KINDS


class Result(NamedTuple):
    """One headline result."""

    value: float | None  # the number (a range's upper end) for sorting; None when not a number
    value_text: str  # as written: "1.2–2.4"
    unit: str  # "×", "%", "TFLOPS", ...
    kind: str  # one of KINDS
    baseline: str | None = None
    device: str | None = None  # the hardware id it was measured on, when the sentence says so
    sentence: str | None = None  # None for a curator's result
    direction: str | None = None  # "higher" or "lower": which way the measure moved, when said

    @property
    def shown(self) -> str:
        """"3.6×", "77%", "156 TFLOPS"."""
        glued = self.unit in ("×", "%", "")
        return f"{self.value_text}{'' if glued else ' '}{self.unit}"

    @property
    def described(self) -> str:
        """The kind with its direction: "lower throughput" (a loss shown as one), "lower latency",
        "slowdown"; a speedup is higher by its name."""
        if self.kind == "speedup":
            return "slowdown" if self.direction == "lower" else "speedup"
        if self.kind == "scale" and self.direction:  # "6.4× smaller" models, "4× larger" ones
            return "smaller" if self.direction == "lower" else "larger"
        return f"{self.direction} {self.kind}" if self.direction else self.kind


_NUM = r"\d+(?:[.,]\d+)*"
_RATE_UNITS = {"gkey/s": "GKey/s", "gkeys/s": "GKey/s", "tokens/s": "tokens/s", "s/token": "s/token",
               "ms/token": "ms/token"}


def _efficiency_unit(text: str) -> str:
    """'GFLOPS per Watt' -> 'GFLOPS/W', 'TOPS/W' -> 'TOPS/W', 'tokens per joule' -> 'tokens/J'."""
    lowered = text.lower()
    if lowered.startswith("token"):
        return "tokens/J"
    rate = "TOPS" if lowered.startswith("tops") else _rate_unit(re.split(r"/| per ", text)[0])
    return f"{rate}/W"


def _rate_unit(text: str) -> str:
    """'petaFLOP/s' -> 'PFLOPS', 'TFlops/GPU' -> 'TFLOPS/GPU', 'GKeys/s' -> 'GKey/s'."""
    lowered = text.lower()
    if "flop" in lowered:
        prefix = "P" if lowered.startswith(("p", "peta")) else lowered[0].upper()
        return f"{prefix}FLOPS" + ("/GPU" if lowered.endswith("/gpu") else "")
    return _RATE_UNITS.get(lowered, text)


# A number or a range of numbers, then a unit. The factor must not run into a word
# ("8x7B", "16x16", "4×RTX 3090" are not results), and the number must not start inside
# a word or another number ("FP16", "1.5").
# A factor may also be written before its number ("x17.7"). Efficiency is a rate per watt
# or per joule ("12 GFLOPS/W", "5.3 TOPS per watt", "410 tokens/J").
CANDIDATE = re.compile(
    rf"(?<![\w.])(?:(?P<xfirst>[x×])(?=\d)|(?:(?P<prefix>[~>≈])\s*)?)(?P<low>{_NUM}\+?)"
    rf"(?:\s*(?:%|×|x|X)?\s*(?:–|—|-|to)\s*(?P<high>{_NUM}))?\s*"
    r"(?:(?P<efficiency>(?i:(?:[TGP]FLOPs?|TOPS)(?:/| per )(?:W|watt)|tokens?(?:/| per )(?:J|joule)))(?![\w/])"
    r"|(?P<factor>×|x|X|times)(?![\w-])|(?P<percent>%)"
    r"|(?P<rate>(?i:[TGP]FLOPs?(?:/s|/GPU)?|petaFLOPs?(?:/s|/second)?|GKeys?/s|tokens/s|m?s/token))(?![\w/])"
    r"|(?(xfirst)(?!\w|\.\d)|(?!)))"
)

# Kind keywords, matched in the words around a number; the nearest wins.
_KIND_WORDS = [
    ("latency", r"latenc\w*|response time|transfer time|s/token|time[ -]to[ -]first[ -]token|ttft"),
    ("throughput", r"throughput|tflops|pflops|gflops|petaflop\w*|tokens/s|gkey/s|requests per second"),
    ("memory", r"memory|footprint|vram|\bram\b|kv cache size"),
    ("energy", r"energy|power|perf/w|per watt|per joule"),
    ("cost", r"\bcosts?\b(?!-)|cheaper|price|dollar"),
    ("accuracy", r"accuracy|error|perplexity"),
    ("scale", r"parameters|model size|increase in size|\bsize\b|scalability|context tokens|larger models"),
    ("speedup", r"speed\s?ups?|speeds up|faster|slower|slowdown|slowed|accelerat\w*|speed\b|outperform\w*|boost|performance"),
    # Not a kind shown: a number nearest these words is no headline result.
    ("other", r"\bflops\b|utili[sz]ation|complexity|error rate|test error"),
]
# Whole words: "faster" is not in "FasterViT" (a number may come first: "0.108s/token").
_KIND = re.compile("(?<![A-Za-z])(?:" + "|".join(f"(?P<{kind}>{words})" for kind, words in _KIND_WORDS)
                   + ")(?![A-Za-z])", re.I)
# The same words, all lowercase, for ASCII text lowercased first: twice as fast as re.I, which
# tries both cases at every character. (Beyond ASCII, re.I also folds "ſ" and "K", so such
# text keeps the re.I pattern.)
_KIND_LOWERCASE = re.compile(_KIND.pattern)
# A percentage is a result only when it says what changed: "37% latency reduction", not "52% of peak".
_CHANGE = re.compile(r"reduc\w*|lower|less|fewer|faster|improv\w*|increas\w*|higher|sav\w*|boost|speed\s?up|"
                     r"better|cut|gain|decreas\w*|smaller|outperform\w*|exceed\w*|surpass\w*", re.I)
# A loss says what changed too ("latency drops 41%", "slowed inference by 82%"), unless the sentence
# is about existing systems or a condition, the problem a paper sets out to solve ("When the KV cache
# spills to host memory, decoding slows by 45%").
_WORSE = re.compile(r"drop\w*|slow\w*", re.I)
_PROBLEM = re.compile(r"\b(?:existing|current|conventional|traditional|today's)\b|^\W*(?:when|whenever|if|under)\b",
                      re.I)
# "4× larger models": what the number makes larger is the scale.
_LARGER = re.compile(r"\s*(?:larger|bigger)\b", re.I)
_DIGIT = re.compile(r"\d")  # every candidate holds one (`_NUM`)
# A sentence about the field, not about the paper's own results.
_BACKGROUND = re.compile(r"\b(?:grown|grew|has increased|have increased)\b", re.I)
_BASELINE = re.compile(  # the lookahead: the first letters of the words below
    r"(?=[octvra])\b(?:over|compared (?:to|with)|than|versus|vs\.?|relative to|against)\s+"
    r"(?:(?:on|using|with)\s+)?(?:the\s+|a\s+|an\s+)?"
    r"(?P<name>(?:(?!and\b|on\b|when\b|for\b|from\b|with\b|in\b|while\b|using\b|at\b|by\b|of\b)[\w.+/'-]+\s?)"
    r"{1,5}(?:(?:,\s*)?and\s+(?:(?!on\b|when\b|for\b|in\b|while\b|using\b|at\b|by\b|of\b|respectively\b)"
    r"[\w.+/'-]+\s?){1,3}(?=,?\s*respectively))?)"
    # "20x the throughput of an 8xH100 server": a factor of what the baseline does.
    r"|(?<=[x×]\s)the\s+[a-z-]+\s+of\s+(?:the\s+|an?\s+)?(?P<of>(?:(?!on\b|when\b|for\b|in\b|while\b|at\b)"
    r"[\w.+/'×-]+\s?){1,4})",
    re.I)
# "X outperforms Y by 2x": the baseline is the object, before the number.
_OUTPERFORMS = re.compile(
    r"\b(?:outperform|beat|surpass|exceed)(?:s|ed|ing|es)?\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<name>(?:(?!by\b)[\w.+/'-]+\s?){1,5})\s*(?:,\s*)?by\s+(?:up to\s+|about\s+|over\s+)?$", re.I)
# Hardware named in words the vocabulary may not know: "on a Graphcore IPU", "using Cerebras WSE-2".
_UNKNOWN_HARDWARE = re.compile(
    r"\b(?:on|using)\s+(?:(?:an?|the|one|two|four|eight|single|\d+)\s+)*(?:[A-Z][\w-]*\s+){0,2}"
    r"(?P<name>[A-Z][\w-]*\d[\w-]*|GPUs?|TPUs?|NPUs?|IPUs?|FPGAs?|ASICs?|chips?|accelerators?|processors?|CPUs?|"
    r"SoCs?)\b")
# Which way the measure moved, in the words right after the number or right before it.
_LOWER = (r"lower\w*|less|fewer|slower|smaller|shorter|reduc\w*|decreas\w*|cuts?|cutting|sav\w*|shrink\w*|"
          r"drops?|dropped|falls?|fell|slow(?:s|ed|ing)?|slowdowns?")
_HIGHER = r"higher|more|faster|greater|larger|increas\w*|rises?|rose|grows?|grew"
# Better: higher for a speedup or a throughput, lower for a latency, a memory or a cost.
_BETTER = r"improv\w*|speed\s?ups?|speeds up|boost\w*|gains?|better|enhanc\w*|accelerat\w*|outperform\w*"
_DIRECTION = re.compile(rf"\b(?:(?P<lower>{_LOWER})|(?P<higher>{_HIGHER})|(?P<better>{_BETTER}))\b", re.I)
_LOWER_IS_BETTER = ("latency", "memory", "cost")
# Where the words about a number end, for the device it was measured on: another clause, a
# dash, or a comparison ("half as slow as the baseline on an A100").
_DEVICE_CLAUSE = re.compile(r"[—;(]|\s(?:but|while|whereas|which|than|as)\s")
# Numbers listed together ("1.39-1.79 times and 3.22-3.43 times of latency and throughput on A100"):
# the words after the list hold their kinds, in order, and where they were measured.
_LISTED = re.compile(r"^\s*(?:[\w-]+\s*){0,2}(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)$")
_BEFORE_CHARS = 80
_AFTER_CHARS = 50
_NEAR_AFTER = 35  # a kind word this close after the number wins ("8.2x memory", "37% latency reduction")
# Where a clause ends: the words after it describe something else.
_CLAUSE_AFTER = re.compile(r"\s(?:and|but|while|whereas|which|with)\s|[;(]")
_CLAUSE_BEFORE = re.compile(r"\s(?:but|while|whereas)\s|;")
_REDUCTION = re.compile(r"reduc\w*|smaller|fewer|less|compress\w*", re.I)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)


# "between 2 and 3 times" is a range; "by a factor of (up to) 2.84" a factor (a "scaling factor of 8" is not).
_BETWEEN = re.compile(rf"(?<=\bbetween )({_NUM}) and (?={_NUM}\s*(?:%|×|x|times)(?![\w-]))", re.I)
_FACTOR = re.compile(r"(?<=\ba )factor\s+(?:of\s+)?((?:up to|about|over|nearly|almost|roughly)\s+)?(?=\d)", re.I)


def _for_matching(sentence: str) -> str:
    """`sentence` with those two shapes written as the candidates' ("2 to  3 times", "up to  x2.84"),
    every character where it was, so that positions in it are positions in the sentence."""
    sentence = _BETWEEN.sub(lambda m: m.group(1) + " to  ", sentence)
    return _FACTOR.sub(lambda m: (m.group(1) or "").ljust(len(m.group(0)) - 1) + "x", sentence)


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").rstrip("+"))
    except ValueError:
        return None


def _kind_words(text: str) -> Iterator[re.Match[str]]:
    """The kind words in `text`, any case, at their places in it."""
    return _KIND_LOWERCASE.finditer(text.lower()) if text.isascii() else _KIND.finditer(text)


def _nearest_kind(before: str, after: str) -> str | None:
    best: tuple[int, str] | None = None
    for match in _kind_words(after):
        if match.start() <= _NEAR_AFTER:
            return match.lastgroup
        best = (match.start(), match.lastgroup)
        break
    for match in _kind_words(before):
        distance = len(before) - match.end()
        if best is None or distance < best[0]:
            best = (distance, match.lastgroup)
    return best[1] if best else None


def _baseline(text: str, offset: int) -> tuple[str, tuple[int, int]] | None:
    """The baseline `text` compares with ("over cuBLAS", "than an A100"), and its span in the
    sentence (`text` starts at `offset` of it)."""
    match = _BASELINE.search(text) or _OUTPERFORMS.search(text)
    if not match:
        return None
    name = (match.group("name") or match.group("of")).strip().rstrip(".,;:)")
    return (name, (offset + match.start(), offset + match.end())) if name else None


def _device(hardware: Hardware, sentence: str, mentions: list[Mention], measured: list[Mention],
            start: int, end: int, before_from: int, after_to: int) -> str | None:
    """The device the result at [start, end) was measured on: the first measured-on device after
    it (up to `after_to`), else the last before it (from `before_from`), else the one device
    the sentence measures on. None when unclear, and when the hardware right after it is
    hardware the vocabulary does not know ("on a Graphcore IPU")."""
    def specific(found: list[Mention]) -> list[Mention]:
        return _most_specific(hardware, found)

    clause = _DEVICE_CLAUSE.search(sentence, end, after_to)
    after_to = clause.start() if clause else after_to
    before_from = max([before_from, *(c.end() for c in _DEVICE_CLAUSE.finditer(sentence, before_from, start))])
    after = specific([m for m in measured if end <= m.start < after_to])
    if after:
        return after[0].id
    unknown = _UNKNOWN_HARDWARE.search(sentence, end, after_to)
    if unknown and not NOT_DEVICE.match(unknown.group("name")) \
            and not any(unknown.start() <= m.start < unknown.end() for m in mentions):
        return None
    before = specific([m for m in measured if before_from <= m.start and m.end <= start])
    if before:
        return before[-1].id
    ids = {m.id for m in specific(measured)}
    return ids.pop() if len(ids) == 1 else None


def _most_specific(hardware: Hardware | None, found: list[Mention]) -> list[Mention]:
    """The mentions that name more than a vendor ("H100" in "NVIDIA H100"), else all of them."""
    return [m for m in found if hardware is not None and hardware.nodes[m.id].kind != "vendor"] or found


def _direction(before: str, after: str, rate: bool) -> str | None:
    """"higher" or "lower": the direction word right after the number ("3x lower throughput"),
    else, for a factor or a percentage, the last one right before it ("reduces latency by 37%").
    A word that says better ("improves", "boosts") gives "better", made a direction once the
    kind is known (`_resolved`)."""
    match = _DIRECTION.search(after[:30])
    if match is None and not rate:
        match = ([None, *_DIRECTION.finditer(before[-35:])])[-1]
    if match is None:
        return None
    return "lower" if match.group("lower") else "higher" if match.group("higher") else "better"


def _resolved(result: Result) -> Result:
    """"better" made a direction for the result's kind: lower for a latency, a memory or a cost.
    A factor above 1 that no word turns is higher for a speedup, a throughput, an efficiency,
    an accuracy or a scale ("outperforms Y by 2x", "3.2x the efficiency of Y")."""
    kind = result.kind
    if result.direction is None and result.unit == "×" and (result.value or 0) > 1 and kind not in _LOWER_IS_BETTER:
        return result._replace(direction="higher")
    if result.direction != "better":
        return result
    return result._replace(direction=None if kind == "energy" else "lower" if kind in _LOWER_IS_BETTER else "higher")


def _listed_together(sentence: str, placed: list[tuple[re.Match[str], Result]], hardware: Hardware | None,
                     measured: list[Mention]) -> list[Result]:
    """Results of numbers listed together take their kinds, in order, from the words after the
    list when these name as many kinds, and the device those words say they were measured on."""
    out = [result for _, result in placed]
    first = 0
    while first < len(placed):
        last = first
        while last + 1 < len(placed) and _LISTED.match(sentence[placed[last][0].end():placed[last + 1][0].start()]) \
                and not any(placed[last][0].end() <= m.start < placed[last + 1][0].start() for m in measured):
            last += 1
        if last > first:
            tail_end = placed[last + 1][0].start() if last + 1 < len(placed) else len(sentence)
            tail_start = placed[last][0].end()
            clause = _DEVICE_CLAUSE.search(sentence, tail_start, tail_end)
            tail_end = clause.start() if clause else tail_end
            kinds = [m.lastgroup for m in _kind_words(sentence[tail_start:tail_end]) if m.lastgroup != "other"]
            devices = [m.id for m in _most_specific(hardware, [m for m in measured if tail_start <= m.start < tail_end])]
            for at in range(first, last + 1):
                if out[at].direction is None:  # "increased by 10.8% and 4.73%"
                    out[at] = out[at]._replace(direction=out[first].direction)
                if len(kinds) == last - first + 1:
                    out[at] = out[at]._replace(kind=kinds[at - first])
                if devices:
                    out[at] = out[at]._replace(device=devices[0])
        first = last + 1
    return out


def extract_results(paper: Paper, hardware: Hardware | None = None,
                    mentions: tuple[list[Mention], list[Mention]] | None = None,
                    abstract_spans: list[tuple[int, int]] | None = None) -> list[Result]:
    """The headline results of `paper`'s abstract, in text order.

    `mentions` are `measured.paper_mentions(hardware, paper.title, paper.abstract)` and
    `abstract_spans` `sentence_spans(paper.abstract)`, when the caller has them already.
    """
    found: list[Result] = []
    if hardware is not None and mentions is None:
        mentions = paper_mentions(hardware, paper.title, paper.abstract)
    title_mentions, abstract_mentions = mentions or ((), ())
    text = paper.abstract
    spans = sentence_spans(text) if abstract_spans is None else abstract_spans
    sentences = [(start, text[start:end]) for start, end in spans if text[start:end].strip()]
    paper_vendors = vendors_of(hardware, title_mentions)
    for offset, written in sentences:
        # Most sentences hold no number: the cheapest test first.
        if not _DIGIT.search(written):
            continue
        sentence = _for_matching(written)
        matches = list(CANDIDATE.finditer(sentence))
        if not matches or _BACKGROUND.search(sentence):
            continue
        mentions = [
            Mention(m.id, m.start - offset, m.end - offset, m.text)
            for m in abstract_mentions if offset <= m.start and m.end <= offset + len(sentence)
        ]
        # Each number's words run from the number before it to the number after it.
        cuts = [(matches[index - 1].end() if index else 0,
                 matches[index + 1].start() if index + 1 < len(matches) else len(sentence))
                for index in range(len(matches))]
        # The baselines first: a device that is one is never a result's device.
        baselines = [_baseline(sentence[match.end():cut_after], match.end())
                     or _baseline(sentence[cut_before:match.start()], cut_before)
                     for match, (cut_before, cut_after) in zip(matches, cuts)]
        measured = measured_in_sentence(sentence, mentions, [b[1] for b in baselines if b], hardware, paper_vendors)
        previous_kind = None
        in_sentence: list[tuple[re.Match[str], Result]] = []
        for index, match in enumerate(matches):
            cut_before, cut_after = cuts[index]
            before = sentence[max(cut_before, match.start() - _BEFORE_CHARS):match.start()]
            before = _CLAUSE_BEFORE.split(before)[-1]
            after = sentence[match.end():min(cut_after, match.end() + _AFTER_CHARS)]
            after = _CLAUSE_AFTER.split(after)[0]
            if re.search(r"\bonly\b|\bgap of", before.split(",")[-1]):  # "while ZeRO-Infinity only achieves 45 TFLOPS"
                continue
            rate, efficiency = match.group("rate"), match.group("efficiency")
            if efficiency:
                unit = _efficiency_unit(efficiency)
            elif rate:
                unit = _rate_unit(rate)
            else:
                unit = "×" if match.group("factor") or match.group("xfirst") else "%"
            kind = "scale" if _LARGER.match(after) else _nearest_kind(before, after)
            if efficiency:
                kind = "energy"
            elif rate:
                kind = "latency" if "token" in unit and unit.startswith(("s", "ms")) else "throughput"
            if unit == "%":
                nearby = before[-45:] + sentence[match.end():match.end() + 30]
                accuracy_stated = re.match(r"\s*(?:top-\d\s+)?accuracy", after, re.I)
                listed = previous_kind is not None and len(sentence[cut_before:match.start()].strip(" ,")) <= 4
                worse = _WORSE.search(nearby) and not _PROBLEM.search(sentence)
                if not _CHANGE.search(nearby) and not worse and not accuracy_stated and not listed:
                    continue
            if kind is None:
                # "2.49x, and 2.32x reductions on latency": the words after the list.
                kind = _nearest_kind("", sentence[match.end():match.end() + 80]) or previous_kind
            if kind is None or kind == "other":
                continue
            if kind == "scale" and _REDUCTION.search(before[-30:] + after[:30]):
                kind = "memory"  # "reducing models 6.4 times on model size", "6× fewer parameters"
            previous_kind = kind
            prefix, low, high = match.group("prefix", "low", "high")
            value_text = (prefix or "") + (f"{low}–{high}" if high else low)
            baseline = baselines[index][0] if baselines[index] else None
            device = _device(hardware, sentence, mentions, measured, match.start(), match.end(), cut_before,
                             cut_after) if hardware is not None else None
            direction = _direction(before, after, bool(rate or efficiency))
            in_sentence.append((match, Result(_number(high or low), value_text, unit, kind, baseline, device,
                                              written.strip(), direction)))
        results = _listed_together(sentence, in_sentence, hardware, measured)
        # "2.1x and 3.4x on the A100 and the H100, respectively": in order, one device each.
        devices = list(dict.fromkeys(m.id for m in measured))
        names = list(dict.fromkeys(b[0] for b in baselines if b))
        if _RESPECTIVELY.search(sentence):
            if len(results) == len(devices) > 1:
                results = [r._replace(device=d) for r, d in zip(results, devices)]
            # "over rocBLAS and cuBLAS, respectively": one baseline each, in order.
            each = re.split(r",?\s+and\s+|,\s*", names[0]) if len(names) == 1 else []
            if len(results) == len(each) > 1:
                results = [r._replace(baseline=b) for r, b in zip(results, each)]
        elif len(names) == 1:  # "speedups vs. FP16 of 3.6x layer-wise, and 2.2x end-to-end": one for all
            results = [r if r.baseline else r._replace(baseline=names[0]) for r in results]
        found += map(_resolved, results)
    return found


def curated_results(paper: Paper) -> list[Result]:
    """The results a curator listed in front matter (`results:`)."""
    out = []
    for item in paper.results or []:
        value = item["value"]
        number = value if isinstance(value, (int, float)) and not isinstance(value, bool) else _number(str(value))
        out.append(Result(float(number) if number is not None else None, str(value), str(item.get("unit", "")),
                          item["kind"], item.get("baseline"), item.get("device"), None, item.get("direction")))
    return out


def paper_results(paper: Paper, hardware: Hardware | None,
                  mentions: tuple[list[Mention], list[Mention]] | None = None,
                  abstract_spans: list[tuple[int, int]] | None = None) -> list[Result]:
    """A curator's results when the paper lists any (even `results: []`), else the extracted ones."""
    if paper.results is not None:
        return curated_results(paper)
    return extract_results(paper, hardware, mentions, abstract_spans)


def normalized_unit(unit: str) -> str:
    unit = unit.strip()
    if unit.lower() in ("x", "×", "times"):
        return "×"
    if "/" in unit or "flop" in unit.lower():
        return _rate_unit(unit)
    return unit
