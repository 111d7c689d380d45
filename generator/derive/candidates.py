"""The numbers with a unit a sentence holds: a factor `3.6×`, a percentage `77%`, a rate
`156 TFLOPS`, an efficiency `12 GFLOPS/W`, found by `CANDIDATE` in the text `for_matching`
gives (where "between 2 and 3 times" and "by a factor of 2.84" are written the candidates'
way), with their units written one way (`rate_unit`, `efficiency_unit`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from .claim_words import BY_AMOUNT, CHANGE_STEMS
from .kinds import KIND
from ..content.clean import TEX_SIGN, has_tex, tex_sign
from ..content.phrases import GLUED_MARK

_NUM = r"\d+(?:[.,]\d+)*"
_LISTED_NUM = r"\d+(?:\.\d+)?"  # a number after another in a list
# A rate as written (lowercase, "per second" as "/s") -> as shown; "<thing>s/s" for the things
# counted per second, and "<prefix>FLOPS" for floating-point rates.
_RATE_UNITS = {"gkey/s": "GKey/s", "gkeys/s": "GKey/s", "s/token": "s/token", "ms/token": "ms/token",
               "queries/s": "queries/s", "qps": "queries/s", "rps": "requests/s", "gops": "GOPS", "tops": "TOPS",
               "pops": "POPS", "tok/s": "tokens/s", "toks/s": "tokens/s",
               "tps": "tokens/s", "mac/cycle": "MACs/cycle", "macs/cycle": "MACs/cycle"}
_COUNTED_PER_SECOND = ("token", "request", "image", "sample", "sequence", "inference")
_SHORT = {"img": "image", "tok": "token"}


def _things(word: str) -> str:
    """'img' -> 'images', 'inference' -> 'inferences': what a rate counts, in the plural."""
    word = word.lower().rstrip("s")
    return _SHORT.get(word, word) + "s"


def efficiency_unit(text: str) -> str:
    """'GFLOPS per Watt' -> 'GFLOPS/W', 'TOPS/W' -> 'TOPS/W', 'tokens per joule' -> 'tokens/J',
    'img/s/W' -> 'images/s/W', 'inferences/J' -> 'inferences/J'."""
    lowered = text.lower()
    first = re.split(r"/| per ", text)[0]
    if lowered.startswith("fps"):  # frames a second per watt: "3.18 fps/W"
        return "FPS/W"
    if lowered.startswith(("token", "img", "image", "inference", "frame")):
        per_second = re.search(r"/s(?:ec)?/| per second per ", lowered) is not None
        return _things(first) + ("/s/W" if per_second else "/J")
    return f"{rate_unit(first)}/W"


def rate_unit(text: str) -> str:
    """'petaFLOP/s' -> 'PFLOPS', 'TFlops/GPU' -> 'TFLOPS/GPU', 'GKeys/s' -> 'GKey/s',
    'requests per second' -> 'requests/s'."""
    lowered = re.sub(r"(?:/sec|/second| per second)$", "/s", text.lower()).replace(" per token", "/token")
    things = _things(lowered[:-2]) if lowered.endswith("/s") else ""
    if things[:-1] in _COUNTED_PER_SECOND:
        return things + "/s"
    # "GOP/s", "TeraOps/second"; "TOp" of "TOp/J", operations a joule: TOPS per watt
    if "operations" in lowered or re.fullmatch(r"[gtp]op(?:/s)?|(?:giga|tera|peta)[ -]?ops/s", lowered):
        return lowered[0].upper() + "OPS"
    if "flop" in lowered:
        prefix = "P" if lowered.startswith(("p", "peta")) else lowered[0].upper()
        return f"{prefix}FLOPS" + ("/GPU" if lowered.endswith("/gpu") else "")
    return _RATE_UNITS.get(lowered, text)


# A number or a range of numbers, then a unit. The factor must not run into a word
# ("8x7B", "16x16", "4×RTX 3090" are not results) nor into another number (a size: "a 600 X
# 595 X 1536 mesh", "1024 x 1024 images"), and the number must not start inside a word or
# another number ("FP16", "1.5"), nor right after a name's hyphen ("MI-300X").
# A factor may also be written before its number ("x17.7"), but "x86" and "x64" name an
# instruction set ("on x86 CPUs", "x86-64"), not a factor of 86. Efficiency is a rate per watt
# or per joule ("12 GFLOPS/W", "5.3 TOPS per watt", "3.18 fps/W", "410 tokens/J", "1.1 TOp/J", which is 1.1 TOPS/W).
# What follows "N-fold" when it is a factor: a change ("a 40-fold speed increase", "a 7.77-fold reduction"), not
# a count of parts ("a two-fold contribution", "the reason is twofold").
FOLD_NEXT = (r"(?=\s+(?:[\w-]+\s+){0,2}?(?:speed-?ups?|increases?|reductions?|improvements?|gains?|decreases?|drops?|savings?|"
             r"boosts?|accelerations?|faster|slower|higher|lower|more|less|fewer|smaller|larger|better|cheaper)\b"
             # or a comparison right after it: "throughput increased 3-fold over the default loader"
             r"|\s+(?:over|than|compared (?:to|with)|relative to|versus)\b)")
_UNIT = (r"(?P<efficiency>(?i:(?:[TGP]FLOPs?|[GTP]OPS|FPS)(?:/| per )(?:W|watt)|tokens?(?:/| per )(?:J|joule)|(?-i:[GTP]Op)/J"
         r"|(?:imgs?|images?|inferences?|frames?)(?:(?:/s|/sec| per second)(?:/| per )(?:W|watt)|(?:/| per )(?:J|joule))))(?![\w/])"
         # (or "10-fold")
         rf"|(?P<factor>×|x|X|times|-?fold{FOLD_NEXT})(?![\w-])(?!\s*\d)|(?P<percent>%|percent\b|percentage[- ]points?\b|pp\b|p\.p\.)"
         # thousands or millions of things a second: "1.41M tokens/s"
         r"|(?:(?P<magnitude>[KM]|million|thousand)\s?(?=(?i:tokens?|requests?|queries|images?|imgs?|inferences?|samples?|sequences?)(?:/s|/sec|/second| per second)))?"
         r"(?P<rate>(?i:[TGP]FLOPs?(?:/s|/GPU)?|petaFLOPs?(?:/s|/second)?|[GTP]OP(?:S|/s)|(?:giga|tera|peta)[ -]?(?:operations per second|ops/s(?:ec(?:ond)?)?)|"
         # operations a clock cycle: "86 MACs/cycle", "86.2 MAC/cycle"
         r"GKeys?/s|m?s(?:/| per )token|MACs?/cycle|"
         r"(?:(?:output|input|generated|decoded|prefill) )?"
         r"(?:tokens?|toks?|requests?|queries|images?|imgs?|inferences?|samples?|sequences?)(?:/s|/sec|/second| per second)"
         r"|QPS|RPS|TPS))(?![\w/])")
CANDIDATE = re.compile(
    rf"(?<![\w.])(?<![A-Za-z]-)(?:(?P<xfirst>[x×])(?=\d)(?!(?:86|64)(?![\d.,]))|(?:(?P<prefix>[~>≈])\s*)?)(?P<low>{_NUM}\+?)"
    rf"(?:\s*(?:%|×|x|X|times(?=\s+to\s))?\s*(?:–|—|--?|to|∼|~)\s*(?P<high>{_NUM}))?\s*"
    rf"(?:{_UNIT}|(?(xfirst)(?!\w|\.\d)|(?!)))"
)
# A number without a unit listed before one with it, which it shares: the 614 and the 307 of
# "a throughput of 614/307/77 GOPS", the 20 of "20 and 30 tokens/s". Its groups are CANDIDATE's
# (the unit's read ahead), so that both are read alike.
# The things a rate counts may follow each number: "21.5 tokens and 65.3 tokens per second".
# (One way to read each gap: "\s*(?:,\s*)?\s*" could split its spaces two ways, and the list's
# lookahead then tried every split, 2^n for n numbers: 20 numbers took seconds.)
_LIST_GAP = r"(?:\s*/\s*|\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)"
ARROW = r"(?:→|->)"  # from a figure to the one it became: "127→62 ms", "(593.95s → 5.04s)"
NUMBER_GAP = re.compile(rf"{_LIST_GAP}|\s*{ARROW}\s*")  # between numbers listed together: "25, 60 and 110", "127→62"
_COUNTED = r"(?:\s+(?:tokens?|requests?|queries|images?|samples?|sequences?)(?=\s*(?:,|and\s|or\s)))?"
# (The number is read whole, never shortened to fit, and the numbers after it have no thousands
# commas: "1,1,1" could be one number or three, and trying every reading of a long such list took
# 2^n steps. "1,150 and 2,300 tokens/s" still reads, the 2,300 as the candidate it is.)
SHARED_UNIT = re.compile(
    rf"(?<![\w.-])(?:(?P<xfirst>(?!))|(?P<prefix>(?!)))?(?P<low>(?>{_NUM}))(?:(?P<high>(?!)))?{_COUNTED}"
    rf"(?=(?:{_LIST_GAP}{_LISTED_NUM}{_COUNTED})*{_LIST_GAP}{_LISTED_NUM}\s*(?:{_UNIT}))"
)


# The number of a name ("Llama 2 and 3x faster"), or of a setting it labels ("with batch size 1 and 410
# tokens/s with batch size 32", "at rank 8 and 28 tokens/s"): it shares no unit with the list's last.
NAMED_NUMBER = re.compile(r"(?:[A-Z][\w-]*|\b(?i:size|rank|length|level|step|stage|layer|degree|width|depth|window|"
                          r"version|beam|batch|bits?|k))\s+(?:(?i:of)\s+)?$"
                          r"|\d\s*[×x]\s*$")  # "a batch size of 16 and", a resolution "640×480 and"


# A percentage "at" which the results hold names a condition, not a result: "2.1x faster at 50% sparsity",
# "47.9% mAP at 50% overlap", "at a 1% false-positive rate" (not "at 90% utilization", a measure's
# word; nor "at 40% lower cost", "at 90% of peak").
_AT_PERCENT = re.compile(r"\bat\s+(?:an?\s+)?$", re.I)
# (A noun after it: not a comparison, nor a preposition or a connective: "MFU stays at 38% up to 512 NPUs".)
_CONDITION_AFTER = re.compile(r"\s*(?!(?:of|more|less|fewer|lower|higher|better|faster|slower|smaller|larger|"
                              r"cheaper|reduction|improvement|increase|decrease|gain|savings?|up|down|to|on|in|"
                              r"with|without|for|across|over|under|when|while|and|or|after|before|by|from|at|"
                              r"during|even|the|as|than|per|each|compared|relative|respectively)\b)[A-Za-z]", re.I)


# A threshold's level named before the number: "at a recall of 90%", "at the same recall of 90%",
# "at recall@10 = 95%"; or after it, opening the sentence: "With 95% recall, the index serves ...".
_AT_THRESHOLD_OF = re.compile(r"\bat\s+(?:an?\s+|the\s+(?:same\s+)?)?(?:(?:mean\s+)?IoU|overlap|recall)(?:@\d+)?\s*(?:of|=|:)\s*$",
                              re.I)
_WITH_THRESHOLD = re.compile(r"^\W*with\s+$", re.I)


def _condition(sentence: str, match: re.Match[str]) -> bool:
    """Whether the percentage `match` names a condition the results hold at."""
    if not match.group("percent"):
        return False
    if _AT_THRESHOLD_OF.search(sentence, 0, match.start()) or (
            _WITH_THRESHOLD.search(sentence, 0, match.start()) and _THRESHOLD.match(sentence, match.end() + 1)):
        return True
    if not _AT_PERCENT.search(sentence, 0, match.start()):
        return False
    if not _CONDITION_AFTER.match(sentence, match.end()):
        return False
    # A measure's word within its next three words: "at 83% tensor core utilization".
    words = _NEXT_WORDS.match(sentence, match.end())
    measure = KIND.search(sentence, match.end(), words.end()) if words else None
    return measure is None or measure.lastgroup == "accuracy" and bool(_THRESHOLD.match(sentence, measure.start()))


_NEXT_WORDS = re.compile(r"(?:\s+(?![\w-]*ly\b)[\w-]+){1,3}")  # (to an adverb: "at 50% sparsity| rarely speeds up")


_THRESHOLD = re.compile(r"(?i:(?:mean )?IoU|overlap|recall)\b")


def shares_unit(match: re.Match[str]) -> bool:
    """Whether `match` is a number that shares the unit of the last of its list (SHARED_UNIT)."""
    return match.re is SHARED_UNIT


# A model number that ends in a capital X: after a tier's number ("Ryzen 9 7950X", "Core i9 10980X", "i7-5960X"), or
# after a line's name where the name ends ("an AMD Ryzen 5700X)", "a Threadripper 3990X CPU"); not a factor after a
# name ("makes Smith-Waterman 180X faster", "speeds up FFT 300X on the VCK190").
_TIER_BEFORE = re.compile(r"(?:(?-i:[A-Z][\w-]*)\s+\d{1,2}|\bi[3579])[\s-]$")
_LINE_BEFORE = re.compile(r"(?-i:[A-Z][\w-]*)\s+$")
_NAME_ENDS = re.compile(r"\s*(?:[,;)]|\.(?!\d)|$|\s(?:CPUs?|processors?|desktops?|workstations?|machines?|servers?|and|or|with)\b)")


def _model_code(sentence: str, match: re.Match[str]) -> bool:
    """Whether the factor `match` is a model number ("7950X" of "Ryzen 9 7950X")."""
    if not (match.group("factor") == "X" and match.end("low") == match.start("factor") and not match.group("high")
            and not match.group("prefix") and match.group("low").isdecimal() and len(match.group("low")) >= 3):
        return False
    start = max(0, match.start() - 40)
    return _TIER_BEFORE.search(sentence, start, match.start()) is not None or (
        _LINE_BEFORE.search(sentence, start, match.start()) is not None and _NAME_ENDS.match(sentence, match.end()) is not None)


# A model's width multiplier after its name: "MobileViTv2 x1.0", "MobileNetV2 ×0.75" (a name of capitals and
# figures, then the factor written first).
_NAME_OF_MODEL_BEFORE = re.compile(r"(?-i:[A-Z][a-z]*[A-Z][\w-]*|[A-Z][\w-]*\d[\w-]*)\s$")


def _width_multiplier(sentence: str, match: re.Match[str]) -> bool:
    """Whether the factor `match` is written first right after a model's name ("MobileViTv2 x1.0")."""
    return bool(match.group("xfirst")) and _NAME_OF_MODEL_BEFORE.search(sentence, max(0, match.start() - 40),
                                                                        match.start()) is not None


# A figure others report or a vendor advertises, not the paper's: "Unsloth's reported 46,000 tokens/second".
OTHERS_FIGURE = re.compile(r"(?:['’]s|\bthe)\s+(?:reported|claimed|published|advertised|quoted|nominal|rated)\s+$", re.I)


def candidates(sentence: str) -> list[re.Match[str]]:
    """The numbers with a unit `sentence` (`for_matching`'s) holds, in order: CANDIDATE's, and
    the numbers of a list that share the unit of its last (SHARED_UNIT)."""
    found = [m for m in CANDIDATE.finditer(sentence) if not _condition(sentence, m) and not _model_code(sentence, m)
             and not _width_multiplier(sentence, m) and not OTHERS_FIGURE.search(sentence, max(0, m.start() - 40), m.start())]
    taken = [m.span() for m in found]
    # Not a number of a name or of a setting.
    shared = [m for m in SHARED_UNIT.finditer(sentence) if not any(a <= m.start() < b for a, b in taken)
              and not NAMED_NUMBER.search(sentence, 0, m.start())]
    return sorted(found + shared, key=lambda m: m.start()) if shared else found


# "raises MFU from 36% to 76%", "reduces the error from 44.9% to 6.4%": a change's before and after, the
# verb of the change a few words before "from" (no other clause or number between); "speedups ranging
# from 2x to 13x" and "between 2 and 3 times" are ranges.
_CHANGED_FROM = re.compile(rf"\b(?:(?:{CHANGE_STEMS})(?:e[sd]?|ing|ting|s|ements?|tions?)?|ris(?:es|e|ing)|rose|gr[eo]w\w*|"
                           r"drop\w*|f[ae]ll\w*|climb\w*|jump\w*)\b"
                           r"(?:\s+(?!rang|var[yi]|span|betw)[^\s\d,;:()]+){0,8}?\s+from\s+$", re.I)
# Or the next "from" of a list of them, the verb left out.
_AND_FROM = re.compile(r"\bfrom\s+(?P<first>)[\d.,]+\s*(?:%|×|x|X)?\s+to\s+[\d.,]+\s*(?:%|×|x|X)?(?:[^;:()\d]|(?<=[A-Za-z])\d+){0,40}?"
                       r"(?:,\s*|\s)(?:and\s+|or\s+)?from\s+$")
_TO = re.compile(r"\s*(?:%|×|x|X|times)?\s*to\s*")


def low_and_high(sentence: str, match: re.Match[str]) -> tuple[str, str | None]:
    """The two numbers of the range `match` ("2–3"), the second None for one number; "from 36% to 76%"
    after a change's verb is its before and after, its result the after (76, None)."""
    low, high = match.group("low", "high")
    if high is None or not _TO.fullmatch(sentence, match.end("low"), match.start("high")):
        return low, high
    start = match.start()
    if (again := _AND_FROM.search(sentence, max(0, start - 80), start)) is not None:
        start = again.start("first")  # "from 44.9% to 6.4% under co-location and from 51.7% to 2.6%": the first's verb
    if _CHANGED_FROM.search(sentence, max(0, start - 120), start) is not None:
        return high, None
    return low, high


# "between 2 and 3 times" is a range; "by a factor of (up to) 2.84", "by more than factor 3" a factor (a "scaling
# factor of 8" is not).
_BETWEEN = re.compile(rf"(?<=\bbetween )({_NUM}\s*(?:%|×|x)?) and (?={_NUM}\s*(?:%|×|x|times)(?![\w-]))", re.I)
_FACTOR = re.compile(r"(?:(?<=\ba )|(?<=\bby )|(?<=\bthan ))factor\s+(?:of\s+)?((?:up to|about|over|nearly|almost|roughly)\s+)?(?=\d)", re.I)


def _sign(tex: re.Match[str]) -> str:
    """A TeX sign's place, written as the sign beside the number it goes with: after it for × and %
    ("7.64$\\times$" as "7.64×       "), else before it ("$\\geq$50" as "     ≥50", "$\\mu$s" as "    μs")."""
    sign = tex_sign(tex)
    # (A number set in bold stands where its TeX starts: "\textbf{153.2}\%" as "153.2%          ".)
    return sign.ljust(len(tex.group(0))) if sign in ("×", "%") or tex.group("bold") else sign.rjust(len(tex.group(0)))


def signs_for_tex(sentence: str) -> str:
    """`sentence` with TeX's signs as signs, every character where it was (`_sign`)."""
    return TEX_SIGN.sub(_sign, sentence) if has_tex(sentence) else sentence


def typeset(text: str) -> tuple[str, Sequence[int]]:
    """`text` with its TeX signs written as signs ("7.64$\\times$" as "7.64×"), and where each of its
    places (and its end) is in that: a place inside a sign's TeX is the sign's end."""
    if not has_tex(text):
        return text, range(len(text) + 1)
    shown, where, at, done = [], [], 0, 0  # `done`: the length of what is shown so far
    for tex in TEX_SIGN.finditer(text):
        sign = tex_sign(tex)
        where += range(done, done + tex.start() - at)
        done += tex.start() - at
        where += [done] + [done + len(sign)] * (tex.end() - tex.start() - 1)
        shown += [text[at:tex.start()], sign]
        done += len(sign)
        at = tex.end()
    return "".join(shown) + text[at:], where + list(range(done, done + len(text) - at + 1))


def for_matching(sentence: str) -> str:
    """`sentence` with those two shapes written as the candidates' ("2 to  3 times", "up to  x2.84"), no
    trademark in letters ("AMD InstinctTM MI300X") and signs for TeX ("7.64$\\times$"), every character where
    it was, so that positions in it are positions in the sentence."""
    sentence = _BETWEEN.sub(lambda m: m.group(1) + " to  ", sentence)
    sentence = GLUED_MARK.sub("  ", sentence) if "TM" in sentence else sentence
    sentence = signs_for_tex(sentence)
    return _FACTOR.sub(lambda m: (m.group(1) or "").ljust(len(m.group(0)) - 1) + "x", sentence)


def parse_number(text: str) -> float | None:
    try:
        return float(text.replace(",", "").rstrip("+"))
    except ValueError:
        return None


# What may follow hardware counted by a factor ("8x A100 GPUs,", "4x NVIDIA A6000 or ..."): the
# count's end, not a measure ("2x H100 throughput" is a factor of what the H100 does).
# Hardware in the plural is counted, whatever follows: "on 4x A100 GPUs it achieves 2x".
_AFTER_COUNTED = re.compile(r"\s*(?:GPUs|cards|chips|nodes|servers|systems|accelerators|devices|boards|NPUs|TPUs)\b"
                            r"|\s*(?:GPU|card|chip|node|server|system|accelerator|device|board|NPU|TPU)?"
                            r"\s*(?:[,;.)]|$|(?:and|or|with|in|on|for|to|at|as|per|each|running|connected)\b)"
                            # or a model number the vocabulary does not know after its maker: "8x NVIDIA 3090"
                            r"|\s*\d{3,4}\b")


def counts_hardware(sentence: str, match: re.Match[str], mentions: list[tuple[int, int]]) -> bool:
    """Whether the factor `match` counts the hardware named right after it ("on 8x A100 GPUs", "a server
    with 4x NVIDIA A6000 or 8x NVIDIA 3090 GPUs"): a count, no result. `mentions`: the spans of the
    hardware the sentence names."""
    if not (match.group("factor") or "").strip() or match.group("xfirst"):
        return False
    end = match.end()
    named = sorted(span for span in mentions if span[0] >= end)
    if not named or sentence[end:named[0][0]].strip():
        return False
    last = named[0][1]
    # A maker's name, then its product: "NVIDIA A6000", "NVIDIA 3090".
    for start, stop in named[1:]:
        if sentence[last:start].strip():
            break
        last = stop
    return _AFTER_COUNTED.match(sentence, last) is not None


# Floating-point operations counted, a lowercase "s" their plural: "GFLOPs" (a rate is "GFLOPS", "GFLOP/s").
_FLOP_COUNT = re.compile(r"(?-i:[KMGTP]FLOPs)")
# The change it is ("reduced computations by| 3.2 GFLOPs") or what it counts ("0.9 GFLOPs| of computations",
# "4.1 GFLOPs| per image").
_BY = re.compile(rf"\b{BY_AMOUNT}$", re.I)
_OF_COMPUTE = re.compile(r"\s+(?:(?:of\s+)?(?:computations?|compute|operations)|per\s+(?:image|frame|token|sample|inference|input))\b",
                         re.I)


def counts_operations(rate: str, before: str, after: str) -> bool:
    """Whether a number in the rate unit `rate` counts operations (a compute, not a throughput), by
    the words `before` and `after` it."""
    return _FLOP_COUNT.fullmatch(rate) is not None and (_BY.search(before) is not None or _OF_COMPUTE.match(after) is not None)
