"""The kinds of quantity a result measures (latency, efficiency, error, ...) and the words that
name each: one vocabulary for reading a claim's kind (`claim_kind`), for the words that
say what a number measures, and for sorting and filtering results on the site.

A kind sorts and filters results; it is never turned into words on a page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .claim_words import BY_AMOUNT, qualified_start
from .comparisons import HELD_WORDS

if TYPE_CHECKING:
    from .claims import Claim

# Kinds, each with the words that name it. Where two kinds' words start at the same place, the
# one listed first wins: "energy efficiency" is efficiency, not energy; "memory bandwidth" is
# bandwidth; "of peak" (also "of the A100's peak memory bandwidth", "of the roofline", "of its memory bandwidth") is a utilization.
KIND_WORDS: tuple[tuple[str, str], ...] = (
    ("efficiency", r"(?:energy|power|cost|area|compute|resource)[- ]efficien\w*|(?<!scaling )(?<!scaling-)(?<!parallel )efficien\w*|"
                   r"(?:perf(?:ormance)?|tokens?|requests?|queries|images?|frames?|throughput)[ /-]?per[ -](?:watt|joule|dollar)|"
                   r"per (?:watt|joule|dollar)|[TGP]?(?:FLOPS|OPS)/W|"
                   r"tokens?/J|perf/W|(?:perf(?:ormance)?|[TGP]?(?:FLOPS|OPS))\s*/\s*(?:W|watts?)\b|compute density"),
    ("utilization", r"(?:model )?FLOPs? utili[sz]ation|(?:memory |HBM |DRAM )?bandwidth utili[sz]ation|utili[sz]ation|of (?:the |its )?(?:[\w'-]+ ){0,2}(?:peak|optimal|maximum|theoretical|roofline|speed-of-light)(?! memory(?! bandwidth)| power| energy)|"
                    r"occupancy|MFU|"
                    # a share of an FPGA's resources: "78% of DSP slices", "64% of on-chip BRAM"
                    r"(?<!\w\s)of (?:the |its )?(?:available |on-chip |total )?(?:LUTs|DSPs|DSP slices|BRAMs?|flip-flops)\b|"
                    # a device's own bandwidth: "89% of the L40S's memory bandwidth", "of its HBM bandwidth" (not a
                    # baseline's, "of the baseline's memory bandwidth", nor a part set aside, "30% of the PCIe bandwidth")
                    r"of (?:(?:the )?(?-i:[A-Z][\w.-]*\d[\w.-]*)'s?|its|their|the (?:available|aggregate)) "
                    r"(?:(?:available|aggregate|memory|HBM\d?e?|DRAM|DDR\d?|NVLink|PCIe) ){0,2}bandwidth"),
    ("bandwidth", r"(?:memory )?bandwidths?|[GT]B/s"),
    ("error", r"(?:mean )?(?:absolute )?(?:percentage )?errors?|MAPE|perplexit(?:y|ies)|word error rate|WER|"
              r"accuracy (?:loss|drop|degradation)|divergence|"
              # the rate of an unwanted outcome: "a 77% collision rate reduction"
              r"(?:collision|failure|miss|crash|violation|false[- ](?:positive|negative)|misclassification)\s+rates?|"
              r"SLO violations?"),
    ("accuracy", r"accurac(?:y|ies)|(?:more|less) accurate|top-[15]|mAP|AP(?:50|75)?|mIoU|(?:mean )?IoU|BLEU|F1[- ]scores?|F1|recall|PSNR|SSIM|FID|quality|scores?|"
                 # a task's performance is how well it is done: "detection and classification performance"
                 r"(?:detection|classification|recognition|segmentation|tracking|prediction|task)(?: and \w+)? performance|"
                 r"win[- ]rates?|pass@\d+"),
    ("latency", r"latenc\w*|response times?|inference times?|time[ -]to[ -]first[ -]token|TTFT|TPOT|[mμ]?s/token|"
                r"per[- ]token time|time[- ]per[- ](?:output[- ])?token|tail latency|stall\w*|transfer time|communication time"),
    ("throughput", r"throughputs?|(?:generation|decoding|inference|processing|token) rates?|(?:tokens?|toks?)/s(?:ec)?|tokens? per second|FPS|frames? per second|frame rates?|"
                   r"[TGP]FLOP/?s|[TGP]FLOPS|petaFLOP\w*|requests? per second|quer(?:y|ies) per second|QPS|samples?/s|images?/s|"
                   r"GKeys?/s|goodput|operations per second|(?<!fewer )(?<!less )\bOPS\b|FLOPs?/s|"
                   r"serving capacity|\bTPS\b(?:/GPU)?"),
    ("power", r"\bpower\b|watts?\b|\d\s?W\b"),
    ("energy", r"energy[- ]delay(?:[- ]products?)?|\bEDP\b|energy|joules?|\b[kMG]?Wh\b"),  # the energy-delay product: lower is better
    ("memory", r"(?:DRAM|HBM|memory|off-chip) (?:access(?:es)?|traffic)|memory[- ]efficien\w*|memory|footprints?|VRAM|\bRAM\b|KV[- ]cache|"
               r"storage|(?<!\bin )flash\b|\bSRAM\b|model sizes?|[GMT]B\b|GiB|MiB|"
               # a model, weights or a cache made smaller: "a compression rate of 4.4x", "4x compression", "compresses the
               # KV cache" (not a compression workload: "speeds up video compression 6x")
               r"(?<!video )(?<!image )(?<!audio )(?<!data )(?<!file )(?<!text )(?<!jpeg )(?<!lossless )(?<!lossy )compression"
               r"(?!\s+(?:speed|throughput|time|latency|algorithms?|standards?|codecs?|engines?|tasks?|workloads?))|compress(?:es|ing)?\b"),
    ("parameters", r"parameters|parameter (?:count|reduction|size|number)s?|params|weights"),
    # (Read lowercased, "OPs" is "OPS": "48× fewer OPs" counts operations, "1.2 OPS" is a rate.)
    ("compute", r"(?:computational|compute) (?:costs?|complexity|load)|(?:(?<=training )|(?<=inference )|(?<=attention ))compute\b|\bFLOPs\b|\bOPs\b|\bMACs?\b|multiply-accumulates?|operations|computation"),
    # (An FPGA's resources are its area: "38 to 55 percent LUT reduction", "fewer DSP slices".)
    ("area", r"\barea\b|mm2|mm²|\bLUTs?\b|look-?up tables|flip-?flops|\bBRAMs?\b|DSP (?:slices|blocks)|logic (?:cells|elements)"),
    ("scalability", r"scalab\w*|(?:scaling|parallel)[ -]efficiency|weak[ -]scaling|strong[ -]scaling"),
    ("cost", r"\bcosts?\b|cheaper|price|dollars?|\$"),
    ("context", r"context|sequence length|tokens? long|long[- ]context"),
    ("duration", r"GPU[- ]hours?|hours?|minutes?|days?|seconds|wall[- ]clock|training time|time to train|"
                 r"(?:job |task |workflow )?completion times?|makespan"),
    ("speedup", r"speed\s?-?ups?|speed(?:s|ing)? up|as fast as|speeds?|faster|slower|slow(?:s|ed|ing)?|slowdowns?|accelerat(?!ors?\b)\w*|outperform\w*|"
                r"performance|runtimes?|run times?|execution times?|end-to-end times?|time"),
    ("scale", r"larger|bigger|smaller|scale|sizes?"),
)
KINDS = tuple(kind for kind, _ in KIND_WORDS)
# The nouns a measure's word qualifies without naming another measure: "GPU memory usage", "energy
# consumption", "power draw".
MEASURE_NOUN = r"(?:usage|consumption|footprint|use|requirements?|demands?|traffic|overhead|draw)\b"
# Such a noun, when one follows: "energy| consumption and latency".
MEASURE_TAIL = rf"(?:\s+{MEASURE_NOUN})?"
# Kinds where less is better: the direction "lower" is an improvement.
LOWER_IS_BETTER = frozenset({"latency", "duration", "energy", "power", "memory", "parameters", "compute", "area",
                             "cost", "error"})
# Kinds that describe a model, whatever it runs on: no device is credited with them.
MODEL_KINDS = frozenset({"accuracy", "error", "parameters", "compute"})
# A measure's word before a word for a bound names the condition results were measured under,
# not what they measure: "within desired latency SLOs", "under a power budget", "the memory limit".
_BOUND = r"(?!\s+(?:SLOs?|SLAs?|budgets?|constraints?|targets?|deadlines?|limits?|caps?|requirements?)\b)"


def _kind_source(lowercase: bool) -> str:
    # One lookbehind for all: a word starts here, then which kind's words it starts, not a bound's.
    bound = _BOUND.lower() if lowercase else _BOUND
    # "accuracy performance", "throughput performance": the measure named, not a speed (not "memory
    # performance", which may be a speed).
    performance = {"accuracy": r"(?:\s+performance)?", "throughput": r"(?:\s+performance)?"}
    # (A word joined to the next by a hyphen names something else, "memory-bound", but for "per": "energy-per-token".)
    return "(?<![\\w-])(?:" + "|".join(
        f"(?P<{kind}>(?:{words.lower() if lowercase else words}){performance.get(kind, '')}(?!\\w|-(?!per-)){bound})"
        for kind, words in KIND_WORDS) + ")"


_KIND_ANY_CASE = re.compile(_kind_source(False), re.I)
# The same words, all lowercase, for ASCII text lowercased first: several times faster than
# re.I, which tries both cases at every character. (The words use no uppercase escape such as
# \W, so lowercasing them changes only letters.)
_KIND_LOWER = re.compile(_kind_source(True))


class _Kinds:
    """`_KIND_ANY_CASE`'s search, match and finditer, on lowercased text where it is ASCII."""

    @staticmethod
    def _pattern(text: str) -> tuple[re.Pattern[str], str]:
        return (_KIND_LOWER, text.lower()) if text.isascii() else (_KIND_ANY_CASE, text)

    def search(self, text: str, *bounds: int) -> re.Match[str] | None:
        pattern, text = self._pattern(text)
        return pattern.search(text, *bounds)

    def match(self, text: str, *bounds: int) -> re.Match[str] | None:
        pattern, text = self._pattern(text)
        return pattern.match(text, *bounds)

    def finditer(self, text: str, *bounds: int):
        pattern, text = self._pattern(text)
        return pattern.finditer(text, *bounds)


KIND = _Kinds()  # search, match and finditer for the kind words of a text


def kind_in(text: str) -> str | None:
    """The first kind `text` names ("6× fewer parameters" -> parameters)."""
    found = KIND.search(text)
    return found.lastgroup if found else None


def kinds_in(text: str, measured_only: bool = False) -> list[str]:
    """Every kind `text` names, in order ("of latency and throughput" -> latency, throughput); with
    `measured_only`, not what a comparison holds the same ("at similar FLOPs")."""
    return [m.lastgroup for m in KIND.finditer(text) if not (measured_only and HELD_SAME.search(text, 0, m.start()))]


# A workload named bare, as a model is (check.MODEL_NAME): a dataset or a benchmark by its name
# ("On CIFAR-10, ...", "9.64x speedup on MATH-500"). Other bare names may be devices the vocabulary
# lacks ("on SpiNNaker2", "on Kintex-7"): not read as workloads.
BENCHMARK = re.compile(r"(?i:CIFAR|ImageNet|MS-?COCO|COCO|GSM|MNIST|SQuAD|WikiText|Kinetics|UCF|HMDB|KITTI|"
                       r"nuScenes|LibriSpeech|MMLU|LongBench|HumanEval|ShareGPT|Places|VOC|MATH|AIME|GPQA|MT-Bench|"
                       r"HellaSwag|MBPP|SWE-bench|RULER|LMSYS|BurstGPT|Alpaca)(?=[-\d]|\b)")
# A percentage scored on a benchmark, no measure named: "17.6% EMA on GSM8K", "72.1% on MMLU".
_SCORED_ON = re.compile(r"(?:\s+(?-i:[A-Z][A-Za-z]{1,4}))?\s+on\s+(?:the\s+)?" + BENCHMARK.pattern)


def score_on_benchmark(text: str, end: int) -> str | None:
    """"accuracy" where the words right after a percentage ending at `end` say only the benchmark it
    was scored on ("17.6% EMA on GSM8K"); else None."""
    return "accuracy" if _SCORED_ON.match(text, end) else None


# Two percentages set side by side: "(up to 79.8% vs 76.8%)".
_VERSUS_AFTER = re.compile(r"\s*(?:vs\.?|versus)\s*[\d.]+\s*%", re.I)
_VERSUS_BEFORE = re.compile(r"(?:vs\.?|versus)\s*$", re.I)


_WIN = re.compile(r"\b(?:outperform|beat|surpass|exceed|top)\w*", re.I)
_SPEED = re.compile(r"\b(?:faster|slower|speed\w*|throughput|latency)\b", re.I)


def scores_set_side_by_side(text: str, start: int, end: int) -> bool:
    """Whether the percentage at `start`:`end` is one of two set side by side ("79.8% vs 76.8%") after
    a win, in a sentence that names a benchmark: two scores, which the win ("outperform all
    baselines (up to 79.8% vs 76.8%)" on ImageNet-V2) does not make a speedup (not "35% vs 20%
    faster")."""
    versus = _VERSUS_AFTER.match(text, end)
    return (versus is not None or _VERSUS_BEFORE.search(text, max(0, start - 12), start) is not None) \
        and BENCHMARK.search(text) is not None and _WIN.search(text, 0, start) is not None \
        and not _SPEED.search(text, max(0, start - 30), (versus.end() if versus else end) + 30)


# What may stand between a number and the size it changes: "4× larger", "a 10x increase in model size".
_SCALE_AFTER = re.compile(r"\s*(?:(?:increase|reduction|growth|decrease)\s+in\s+(?:\w+\s+)?)?")


_SIZE_OF = re.compile(r"\s+(?:in\s+(?:terms\s+of\s+)?|of\s+)(?:the\s+|its\s+|their\s+)?(?:[\w-]+\s+)?", re.I)
_UNCHANGED = re.compile(r"\b(?:without|with no|no|negligible|minimal|little|minor)\s+(?:[\w-]+\s+)?"
                        r"(?:(?:loss|drop|degradation|change)\s+(?:in|of)\s+)?$", re.I)


# What a comparison holds the same, not what it measures: "2.1% higher than MobileNetV2 at similar FLOPs".
HELD_SAME = re.compile(rf"\b(?:at|with|under|for)\s+(?:the\s+|a\s+)?{HELD_WORDS}\s+(?:[\w-]+\s+)?$", re.I)
_SETTING_AFTER = re.compile(r"\s*(?:at|for|under|on)\s", re.I)


_ASIDE_AFTER = re.compile(r"\s*\([^()]{1,30}\)")


_WINS_ONLY = re.compile(r"outperform\w*", re.I)


def claim_kind(claim: Claim) -> str | None:
    """The kind the claim's words name: the kind word nearest the number, looking right first
    (within a few words: "3.21× lower latency"), then left ("reduces latency by 37%")."""
    before, _, after = claim.parts
    # "4× larger models" is a scale; "a 1.8x improvement on larger inputs" is not.
    # Not what the words after it say did not change: "by 4x without accuracy loss", "at similar FLOPs".
    named = [m for m in KIND.finditer(after)
             if (m.lastgroup != "scale" or _SCALE_AFTER.fullmatch(after[:m.start()]))
             and not _UNCHANGED.search(after, 0, m.start()) and not HELD_SAME.search(after, 0, m.start())]
    right = [(m.start(), m.lastgroup) for m in named]
    # "reduces attention FLOPs by 87% at 64K sequence length": words after a preposition right after
    # the number say where it was measured, not what (the measure is named before it).
    setting = _SETTING_AFTER.match(after)
    aside = _ASIDE_AFTER.match(after)  # "0.87x (1.74x) the number of adapter parameters": not counted
    if right and right[0][0] - (aside.end() if aside else 0) <= 30 and not (setting and any(m.lastgroup != "scale" for m in KIND.finditer(before))):
        # "37.20X smaller in terms of parameter size": the size of what the words after it name.
        if right[0][1] == "scale" and len(named) > 1 and _SIZE_OF.fullmatch(after, named[0].end(), named[1].start()):
            return right[1][1]
        return right[0][1]
    # ("outperforms" says only that it won; a measure the claim names says at what: "mAP (outperforming YOLOv11n by 5.8%)".)
    left = [(_WINS_ONLY.fullmatch(m.group(0)) is not None, len(before) - m.end(), m.lastgroup)
            for m in KIND.finditer(before) if m.lastgroup != "scale" and not HELD_SAME.search(before, 0, m.start())]
    candidates = sorted([*left, *((False, at, kind) for at, kind in right)])
    # An FPGA's resources named with how busy they are: "Utilization of the DSP slices reaches 91%".
    if candidates and candidates[0][2] == "area" and any(kind == "utilization" for *_, kind in candidates) \
            and not _AREA_ITSELF.search(claim.text):
        return "utilization"
    return candidates[0][2] if candidates else None


_AREA_ITSELF = re.compile(r"\barea\b|mm2|mm²", re.I)


def measure_words(sentence: str, number_end: int, span: tuple[int, int]) -> tuple[int, int] | None:
    """Where the words of `span` (a number's claim words) name what the number ending at
    `number_end` measures: those after it up to the first word of a kind ("1.29×| end-to-end
    speedup|"), else the last such word before it."""
    after = KIND.search(sentence, number_end, span[1])
    if after is not None:
        return number_end, after.end()
    before = list(KIND.finditer(sentence, span[0], number_end))
    return before[-1].span() if before else None


_NUMBER_IN_LIST = re.compile(r"(?<![\w.])\d[\d.,]*\s*(?:[×x%](?!\w))?")
_WHICH_WAY = re.compile(r"\b(?:lower|higher|better|greater|less|more|reduced|improved)\s+$", re.I)
_MEASURES_JOINED = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)")


def respective_measure(written: str, opened: int, start: int) -> tuple[int, int] | None:
    """For a number of a list in parentheses said "respectively", right after as many measures joined
    by "and" ("run-time performance and energy efficiency (up to 3.1× and 1.4× improvements,
    respectively)"), the words of the measure in its place; None otherwise."""
    closed = written.find(")", start)
    if closed < 0 or written.find(")", opened, start) >= 0 or "respectively" not in written[opened:closed].lower():
        return None
    numbers = [m.start() for m in _NUMBER_IN_LIST.finditer(written, opened, closed)]
    if start not in numbers:
        return None
    chain = []  # the measures right before the parenthesis, last first
    at = len(written[:opened].rstrip())
    for found in reversed(list(KIND.finditer(written, max(0, opened - 120), at))):
        gap = written[found.end():at]
        if chain and not _MEASURES_JOINED.fullmatch(gap) or not chain and gap.strip():
            break
        chain.append(found)
        at = _measure_start(written, found.start())
    if len(chain) != len(numbers):
        return None
    measure = chain[::-1][numbers.index(start)]
    return _measure_start(written, measure.start()), measure.end()


def _measure_start(written: str, at: int) -> int:
    """Where the words of the measure named at `at` start: with those that say which one it is
    ("run-time| performance", `qualified_start`) and which way it went ("lower| latency")."""
    at = qualified_start(written, at, max(0, at - 40))
    which_way = _WHICH_WAY.search(written, max(0, at - 12), at)
    return which_way.start() if which_way else at


# A second measure after "and", right before "by" and a number: "... and throughput by 3.1x".
_AND_MEASURE_BY = re.compile(r"(?P<joint>\s+and\s+)(?P<second>(?!and\b)[\w-]+(?:\s+(?!and\b)[\w-]+){0,3})\s+"
                             + BY_AMOUNT + "$", re.I)
_TAIL = re.compile(MEASURE_TAIL)


def measures_before_by(sentence: str, at: int) -> tuple[int, int, int] | None:
    """Two measures joined by "and" right before "by" and the number at `at` ("improves energy
    efficiency and throughput by 3.0x and 3.1x", "reduces energy and latency by 40% and 25%"): where
    the first starts, where "and" stands and where the second ends; None where there are not two."""
    joined = _AND_MEASURE_BY.search(sentence, max(0, at - 80), at)
    if joined is None:
        return None
    second = KIND.match(sentence, joined.start("second"))
    if second is None or second.end() != joined.end("second"):
        return None
    joint = joined.start("joint")
    first = [m for m in KIND.finditer(sentence, max(0, joint - 40), joint)  # "energy consumption| and latency by"
             if _TAIL.fullmatch(sentence, m.end(), joint)]
    return (first[-1].start(), joint, second.end()) if first else None
