"""Absolute results: what a system or device did, not how it compares.

"40 frames per second on a T4", "380K context tokens on one A100-80GB", "a 175B model
quantized in about four GPU hours", "only 5.7M parameters", "1.11 W", "37 MB of memory",
"twice as fast". A number with such a unit is a result only where the words around it
say it was achieved ("achieves", "only", "up to", "in", "fits"), not where they describe
the set-up ("we train a 7B model on 64 GPUs").
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .activities import activity_of
from .candidates import ARROW, FOLD_NEXT, NAMED_NUMBER, OTHERS_FIGURE
from .comparisons import direction_of
from .measure_cues import cued
from .times import SECONDS_IN, TIME_UNITS, compound_time, names_latency, not_seconds
from .hardware_words import PROCESSOR_CLASS

_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10, "twelve": 12, "a few": None}
_MAGNITUDE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "billion": 1e9, "t": 1e12,
              "trillion": 1e12}
_NUMBER = r"(?P<number>\d+(?:,\d{3})*(?:\.\d+)?(?![.,]\d))"  # 665,000 or 0.108, never 1.2.3
# A number in words counts only before a duration ("approximately four GPU hours").
_WORD_NUMBER = r"(?P<number>one|two|three|four|five|six|seven|eight|nine|ten|twelve)"
_SCALE = r"(?:\s?(?P<magnitude>[KMBT]|k)\b|\s(?P<magnitude_word>thousand|million|billion|trillion)\b)?"

_ON_HARDWARE = rf"(?:(?:[A-Z][\w-]*\d[\w-]*[\s-])?(?:(?:{PROCESSOR_CLASS}|chip|node)[- ])?)"
# unit pattern -> (the unit shown, the kind)
_UNITS: tuple[tuple[str, str, str], ...] = (
    (r"(?:FPS|fps|frames? per second|frames?/s)\b", "FPS", "throughput"),
    # A rate of updates or inferences: "39.9 Hz on a GTX 1080 Ti" (not a clock, "250 MHz": a design's setting)
    (r"(?-i:Hz)\b", "Hz", "throughput"),
    # Time counted on hardware: "four GPU hours", "2.788M H800 GPU hours", "13 A100 days", "TPUv4 chip-hours"
    (rf"{_ON_HARDWARE}(?:hours?|hrs?)\b", "hours", "duration"),
    (rf"{_ON_HARDWARE}days?\b", "days", "duration"),
    (r"minutes?\b|mins?\b", "minutes", "duration"),
    (r"seconds?\b|secs?\b", "seconds", "duration"),
    # The SI symbol: "in 7.4s", "~0.84 s TTFT" (not "s/token", a rate; decades and tens: `times.not_seconds`)
    (r"s\b(?![/'’-])", "s", "duration"),
    (r"(?:ms|milliseconds?)\b(?!/)", "ms", "latency"),
    (r"(?:μs|µs|microseconds?)(?![\w/])", "μs", "latency"),
    # "13 billion parameters", "a 175B model", "100B huge model", "175B GPT-3" (a model's name after its size)
    (r"[-\s]?param(?:eter)?s?\b(?:\s+models?)?|[- ]parameter\b|[- ]?(?:[a-z]+\s)?(?:models?|LLMs?)\b"
     r"|(?-i:(?=\s[A-Z][A-Za-z]*-?\d))", "parameters", "parameters"),
    (r"(?:AP\d*|mAP|BLEU|F1|PSNR)\b", "", "accuracy"),
    # Tokens a day or an hour: a training run's throughput ("213 billion tokens per day")
    (r"tokens?\s*(?:/|per\s+)day\b", "tokens/day", "throughput"),
    (r"tokens?\s*(?:/|per\s+)(?:hour|h)\b", "tokens/hour", "throughput"),
    (r"(?:context\s+)?tokens?\s+(?:of\s+)?context\b|context\s+tokens?\b|context\s+(?:length|window)s?\b|"
     r"(?=\s+(?:on|with|in)\b)", "tokens", "context"),
    # "extends the usable context length to 128K tokens": tokens, where a context is named before them
    (r"tokens?\b(?!\s*(?:/|per\b))", "tokens", "context"),
    (r"[GMK]i?B\b(?!/)", "bytes", "memory"),
    (r"(?:(?-i:[mkuμµM])?W|(?:milli|micro|kilo|mega)?watts?)\b", "W", "power"),
    (r"(?:[fpnmμµk]?J|(?:milli|kilo)?joules?)(?:\s?/\s?|\s+per\s+)(?:token|image|frame|inference|query|sample|op|operation)s?\b"
     r"|(?:[fpnmμµk]?J|(?:milli|kilo)?joules?)\b(?!/)", "J", "energy"),
    (r"(?-i:[mkMG]?Wh)\b(?!/)", "Wh", "energy"),  # "consumes 0.36 kWh per 3,000 slides" (mWh is not MWh)
    (r"[MGTP]B/s\b", "B/s", "bandwidth"),
    (r"mm(?:2|²|\^2)(?!\w)", "mm²", "area"),
    (r"(?-i:LUTs|FFs|DSPs|BRAMs|CLBs)\b|(?-i:DSP)\s+slices\b", "FPGA", "area"),  # an FPGA's resources counted
)
_UNIT = "|".join(f"(?P<u{index}>{pattern})" for index, (pattern, _, _) in enumerate(_UNITS))
# (A "μ" TeX wrote, "19 $\mu$s", is read after the spaces its place leaves: "19     μs"; so is a unit after TeX's thin
# space, "0.71$\,ms": "0.71   ms".)
MEASURE = re.compile(rf"(?<![\w.,-])(?:(?P<low>\d+(?:\.\d+)?)\s*(?:–|—|--?|to)\s*)?{_NUMBER}{_SCALE}(?:\s?|\s+(?=μ)|\s{{2,3}}(?=[A-Za-z]))(?:{_UNIT})", re.I)
WORD_MEASURE = re.compile(rf"(?<![\w.,-]){_WORD_NUMBER}{_SCALE}\s?(?:{_UNIT})", re.I)
# Units shown as written: a byte count's prefix is its size.
_AS_WRITTEN = {"bytes", "B/s"}
_WATT_HOURS = {"m": 1e-3, "k": 1e3, "M": 1e6, "G": 1e9}
_BYTES = {"K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15}
_ITS = re.compile(r"\b(?:its|their)\s+(?:(?:about|around|nearly|over)\s+)?$", re.I)  # a device's own figure, no result
_WATT_PREFIXES = {"m": ("mW", 1e-3), "milli": ("mW", 1e-3), "u": ("μW", 1e-6), "μ": ("μW", 1e-6), "µ": ("μW", 1e-6),
                  "micro": ("μW", 1e-6), "k": ("kW", 1e3), "kilo": ("kW", 1e3), "M": ("MW", 1e6), "mega": ("MW", 1e6)}
# Words the patterns below need, looked for in lowercased text first: most sentences hold none.
_HINTS = {"words": ("hour", "day", "minute", "second"), "score": ("efficien", "r^2", "r2", "accuracy", "f1", "bleu", "map", "miou"),
          "factor": ("twice", "half", "doubl", "tripl", " times", "fold")}
# Tokens with no "context" of their own are a context length where one is named before them.
_PLAIN_TOKENS = next(i for i, (pattern, _, _) in enumerate(_UNITS) if pattern.startswith("tokens?\\b(?!"))
_CONTEXT_BEFORE = re.compile(r"\b(?:context|sequences?|windows?|prompts?)\b", re.I)
_HANDLED_BEFORE = re.compile(r"\b(?:process\w*|handl\w*|serv(?:e|es|ed|ing)|scal\w*|support\w*)\b", re.I)
# A context or a model size needs a magnitude to be one: "380K tokens", "175B parameters".
_NEEDS_MAGNITUDE = {"tokens", "parameters"}

# A score named before its number: "scaling efficiency of 0.94", "an R^2 score of 0.98".
SCORE = re.compile(
    r"\b(?P<what>(?:scaling |parallel |weak[- ]scaling |strong[- ]scaling )efficiency|R\^?2(?: score)?|"
    r"(?:top-[15] )?accuracy|F1(?: score)?|BLEU(?: score)?|mAP|mIoU)\s+(?:score\s+)?(?:of\s+)?"
    r"(?:(?:about|around|up to|over|nearly|approximately)\s+)?(?P<number>\d+(?:\.\d+)?)(?![\d.]|\s*(?:%|×|x\b|times|[KMGT]i?B\b|FPS|[TGP]?FLOPS|W\b))",
    re.I)

# What joins a measure to the one before it, with its own words between: " of RAM and ", " on the Orin NX and ".
# (A short aside after the place is part of it: "75 ms on a Jetson Orin NX (FP16) and 19 ms on an RTX 4090".)
# (Its preposition may come again: "runs at 42 FPS on an A100 and at 20 FPS on a Jetson".)
JOINED = re.compile(r"(?:\s+(?:of|on|in|with|for|at)\s+[^,;.()]{1,40}?(?:\s*\([^()]{1,30}\))?)?,?\s+(?:and|or)\s+"
                    r"(?:at\s+)?(?:(?:about|around|only|up to|over|nearly)\s+)?", re.I)
# A list's next item with its verb left out: ", the M2 Ultra at ", ", and ENS-Deraining in ".
_ABOUT_NUMBER = r"(?:(?:about|around|only|just|up to|over|nearly)\s+)?"
GAPPED = re.compile(r"(?:\s*\([^()]{1,40}\))?,\s+(?:and\s+)?(?:the\s+)?(?:(?-i:[A-Z])[\w.+-]*\s+(?:\d[\w.+-]*\s+)?){1,3}(?P<prep>at|in)\s+"
                     + _ABOUT_NUMBER, re.I)
# The verb and its preposition right before the first item's number: "decodes at", "runs in only".
VERB_PHRASE = re.compile(r"(?<![\w-])(?-i:[a-z]+(?:s|ed))\s+(?P<prep>at|in)\s+" + _ABOUT_NUMBER + "$", re.I)
# (Not another's figure, nor what is left over: "and 18 FPS for the TensorRT baseline", "and 2MB of flash is left".)
_NOT_OURS_AFTER = re.compile(r"(?:\s+of\s+[\w-]+)?\s+(?:for\s+(?:the\s+)?(?:[\w-]+\s+){0,2}(?:baseline|(?-i:[A-Z]))|"
                             r"(?:is|are)\s+(?:left|free|available|unused)|remains?\b)", re.I)
_ARROW = re.compile(ARROW)
# Numbers listed before a measure, which share its unit: "25, 60 and " before "110 FPS".
_LISTED_NUMBER = re.compile(_NUMBER)
_LISTED_BEFORE = re.compile(r"(?<![\w.,-])\d+(?:\.\d+)?(?:\s*,\s*\d+(?:\.\d+)?)*\s*,?\s+(?:and|or)\s+$"
                            r"|(?<![\w.,/-])\d+(?:\.\d+)?(?:\s/\s\d+(?:\.\d+)?)*\s/\s$"  # or slashed apart: "124 / 78 FPS"
                            rf"|(?<![\w.,/-])\d+(?:\.\d+)?\s*{ARROW}\s*$")  # or before and after: "E2E 127→62 ms"


def _in_unit(unit: str) -> re.Pattern[str]:
    """A number written with `unit` ("20 GB" for "GB")."""
    return re.compile(rf"(?<![\w.]){_NUMBER}\s*{re.escape(unit)}(?!\w)")


# A device that holds or loads a model (not one that cannot): "A single MI300X holds the 70B model".
_HOLDS = r"(?<!cannot )(?<!not )(?<!n't )holds?\b|loads?\b|loading"
# Words that say the number was achieved, in the clause before it (or right after, for
# "on a single GPU"), as opposed to a set-up.
_ACHIEVED_BEFORE = re.compile(
    r"\b(?:achiev\w*|reach\w*|attain\w*|deliver\w*|sustain\w*|obtain\w*|runs? at|render\w* .{0,30}at|"
    # what measurements say: "Benchmarks on the Jetson Orin Nano confirm 24.3 FPS"
    r"confirm(?:s|ed)?|show(?:s|ed)?|report(?:s|ed)?|measur(?:es|ed)|record(?:s|ed)?|"
    r"only|merely|just|enabl\w*|yield\w*|up to|as (?:few|little|low|high|many|large) as|at most|at least|maximal|maximum|"
    r"under|below|less than|fewer than|provid(?:es|ed|ing)\s+(?:greater|more)\s+than|^\s*exceed(?:s|ing)|spends?\s+(?:only|just|less than|under|about|around)\s|"
    # a model's own size: "The proposed model is 138 KB post quantization"
    r"(?:model|network|detector|classifier)\s+(?:is|are|was|were)\s+(?:about|around|approximately|roughly)?|"
    r"in (?:about|approximately|roughly|around|under|less than|just|only)?|within|takes?|took|requir\w*|need(?:s|ed|ing)?|"
    rf"using|uses?|used|consum\w*|draw\w*|fits?|fitting|{_HOLDS}|process\w*|handl\w*|support\w*|scal\w* to|over|more than|"
    r"(?:fine-?tun\w*|train\w*|quantiz\w*|execut\w*|run\w*|serv\w*)\b.{0,40}|from|to|down to|reduc\w*|"
    # a win's amount: "outperform MobileNetV2 by 1.9 mAP" (a gain's, of a score only: `_GAINED_BY`)
    r"(?:outperform|surpass|beat|outscor)\w*\b[^,;]{0,50}?\bby|"
    # "its peak memory is 4.1 GB", "a P99 latency of 35 ms"
    # (or with its abbreviation: "a Time-To-First-Token (TTFT) of 129 ms")
    r"(?:memory|footprint|usage|consumption|power|energy|latency|bandwidth|time|speed|throughput|rate|time[- ]to[- ]first[- ]token|TTFT|TPOT)"
    # (or where it was measured between: "Latency on the Kendryte K210 is 93 ms")
    r"\s+(?:\([\w-]{1,12}\)\s+)?(?:(?:on|with|using|for|per)\s+(?:[\w.+-]+\s+){1,5}?(?=is\b|was\b))?(?:is|was|of|at|under|below|"
    r"stays?\s+(?:at|below|under))|occup\w*"
    # "131.7 tok/s at 34.1 W": what it drew, or how fast it ran, while doing so
    r"|at"
    # a change's after, its before written first: "(593.95s → 5.04s)"
    rf"|\s*{ARROW}"
    r")\s*"
    r"(?:\w+\s+){0,3}$", re.I)
# Or after it: "on a single GPU", or a named device ("64.47 FPS on Qualcomm Snapdragon 865", "on an iPhone 12").
_ACHIEVED_AFTER = re.compile(rf"^\s*{ARROW}\s*[~≈]?\d|"
                             # (past the unit's abbreviation: "67.33 frames per second (FPS) on a TX2")
                             r"^(?:\s*\([A-Z]{2,6}\))?\s*(?:[\w&,.]+\s+){0,4}?(?:(?i:on|in|inside|within)\s+(?i:a\s+|one\s+)?(?i:single)\b|"
                             r"(?i:on|using)\s+(?:(?i:an?|the|one|two|four|eight|dual|\d+)\s+)?i?[A-Z])")
# Hardware a model size ran on that is many devices: "training a 70B model on 256 H100s" says the set-up.
_MANY_AFTER = re.compile(r"\s*(?:[\w-]+\s+){0,3}?(?i:on|using)\s+(?:(?i:two|four|eight|sixteen|multiple|several)\s|"
                         r"(?!1\s)\d[\d,]*\s)")
# What a model size is a result of: it fits, it runs, as large as.
_FITS_BEFORE = re.compile(rf"\b(?:fit\w*|{_HOLDS}|execut\w*|fine-?tun\w*|enabl\w*|largest|up to|over|more than|less than|fewer than|under|as large as|"
                          r"scal\w* to)\b[^.;]{0,30}$|\b(?:only|merely|just)\s+$|\breduc\w*\b(?:[^.;]|\.\d){0,40}\bto\s+$", re.I)
# A model's name right before a size, its version with it: "Llama 3.2 1B", "Qwen2.5 7B".
_NAME_BEFORE = re.compile(r"(?<![\w.-])(?-i:[A-Z][\w.-]*)(?:\s+v?\d+(?:\.\d+)*)?\s+$")
# A model's own size, not one a system handles: "with only 5.7M parameters", "reduces the U-Net
# from 1.4 billion to 0.7 billion parameters".
_OWN_SIZE = re.compile(r"\b(?:only|merely|just|has|have|with)\s+(?:about\s+|around\s+|less than\s+|fewer than\s+|under\s+)?$"
                       r"|\b(?:reduc|compress|shrink|prun)\w*\b(?:[^.;]|\.\d){0,50}$", re.I)
# A gain of a score: "improves accuracy by 2.1 BLEU" (not a set-up changed: "increase the buffer by 2 MB").
_GAINED_BY = re.compile(r"\b(?:improv|boost|increas|rais)\w*\b[^,;]{0,50}?\bby\s+(?:\w+\s+){0,2}$", re.I)
# Unless a result on the dataset came first, then how fast it ran: "54.0% AP on the COCO dataset at| 124 FPS"
# (not "Evaluated on the EuRoC dataset at| 20 FPS", the rate it was recorded at).
_RESULT_ON_DATASET = re.compile(r"(?:\d%|\d\.\d+)[^.;]{0,40}?\b(?:dataset|benchmark)\b[^.]{0,16}\sat\s(?:[\w-]+\s+){0,3}$")
# Words that say what the number is the size of a set-up: "we train a 7B model", "a batch of".
# Or the hardware's own size ("a RTX3060 GPU of 6GB memory"), or the workload ("for a 10B model").
_SETUP_BEFORE = re.compile(r"(?<!-)\b(?:batch|dataset|corpus|sequence of|vocabulary)\b[^.]{0,20}$|\b(?:sampled|windows)\s+at\s+$"
                           r"|\bcapp(?:ing|ed)\b[^.;,]{0,30}\bat\s+$"  # a power cap: "Capping the H100 at 400 W"
                           r"|\b(?:GPUs?|cards?|devices?|boards?|laptops?|servers?|nodes?|MCUs?|microcontrollers?|chips?)\s+"
                           r"(?:of|with|containing|featuring)\s+(?:\w+\s+){0,3}$"
                           r"|\bfor\s+(?:an?\s+|the\s+)?$"
                           # a bound named before it: "hardware constraints of 1MB storage", "a budget of 8 GB"
                           r"|\b(?:constraints?|budgets?|limits?|caps?)\s+of\s+$"
                           # a bound on what is handled ("for inputs under 1 second", "layers with less than 1 MB"),
                           # or the size before ("The original model is 4.2 GB")
                           r"|\b(?:with|for|inputs?|layers?)\s+(?:(?!(?:has|have|is|are|was|were|needs?|uses?|to)\b)[\w-]+\s+)?"
                           r"(?:under|below|less than|fewer than)\s+$"
                           r"|\b(?:original|uncompressed|baseline|full-precision|dense|unpruned|FP16|FP32|BF16)\s+(?:[\w-]+\s+)?"
                           r"(?:model|network|detector|classifier)\s+(?:is|are|was|were)\s+(?:\w+\s+)?$"
                           # a figure others report or a vendor advertises: "below the advertised 900 GB/s"
                           r"|" + OTHERS_FIGURE.pattern, re.I)
# (Unless a figure it replaces follows: "stalls training for 0.9 s instead of 12 s".)
_CONTRASTED = re.compile(r"\s+(?:instead of|rather than)\s", re.I)
# Or a bound the set-up sets: "under a 200 ms SLO", "a 300 W power cap".
_SETUP_AFTER = re.compile(r"\s*(?!on\s)(?:[\w-]+\s+){0,2}(?:(?:and|or)\s+\d+\s*\w+\s+)?(?:SLOs?|SLAs?|available|budgets?|targets?|deadlines?|constraints?|limits?|caps?|"
                          r"envelopes?|TDP|thresholds?|(?:power\s+)?modes?)\b", re.I)  # ("its 30 W mode")
# Or the hardware's own memory, named before it: "on a single 16GB mid-range gaming card"; or after its name:
# "a single RTX 4060 Ti with 16 GB of memory".
_NAME_WITH = re.compile(r"(?-i:[A-Z]+\s?\d{3,}\w*)(?:\s+(?:Ti|Super|Max|Pro|Ultra))?\s+(?:with|containing|featuring)\s+$")
_HARDWARE_AFTER = re.compile(r"\s*(?:(?!(?:on|in|for|with|across|per|of|at|to|by)\b)[\w-]+\s+){0,2}"
                             r"(?:GPUs?|cards?|devices?|boards?|laptops?|servers?|nodes?|machines?|phones?|"
                             r"smartphones?|accelerators?)\b"
                             r"|\s*(?-i:[A-Z][\w-]*\s\d{3,4}\b|[A-Z]+[\w-]*\d)", re.I)  # "a 24GB RTX 3090", "80 GB A100s"
# "twice as fast as", "more than doubles", "half as slow as": factors written in words.
# Or "three times faster".
WORD_FACTOR = re.compile(r"\b(?P<word>twice|half|doubles?|doubled|triples?|tripled|"
                         r"(?:two|three|four|five|six|seven|eight|nine|ten) times(?=\s+(?:faster|slower|higher|lower|more|"
                         r"less|fewer|larger|smaller|better|cheaper|as)\b))"
                         r"\b(?=\s+(?:as\b|the\b|\w+\s+as\b)|\s*[.,;]|\s+(?:its|their)\b|\s+\w+er\b|\s+(?:more|less|fewer)\b)"
                         # Or a factor in one word: "sixfold speed improvements", "a fourfold increase".
                         rf"|\b(?P<fold>(?P<times>two|three|four|five|six|seven|eight|nine|ten)-?fold)\b{FOLD_NEXT}",
                         re.I)
_NEXT_WORD = re.compile(r"\s+\w+")
_WORD_FACTORS = {"twice": 2.0, "half": 0.5, "double": 2.0, "doubles": 2.0, "doubled": 2.0, "triple": 3.0,
                 "triples": 3.0, "tripled": 3.0,
                 **{f"{word}{times}": float(n) for n, word in enumerate(
                     ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), start=2) for times in ("", " times")}}


class Measure(NamedTuple):
    start: int
    end: int
    value: float | None
    value_text: str
    unit: str
    kind: str
    direction: str | None = None  # a measurement has none; a number in a change's shape has the change's
    head: tuple[int, int] | None = None  # for a number in another's shape, that one's words before it
    activity: tuple[int, int] | None = None  # for a time, the words that say what was done in it


def _value(number: str, magnitude: str | None) -> float | None:
    lowered = number.lower()
    base = _WORD_NUMBERS.get(lowered) if lowered in _WORD_NUMBERS else float(number.replace(",", ""))
    if base is None:
        return None
    return base * _MAGNITUDE.get((magnitude or "").lower(), 1)


def absolute_measures(sentence: str, taken: list[tuple[int, int]]) -> list[Measure]:
    """The absolute results of `sentence` outside the `taken` spans (numbers already read as
    changes or rates), each where the words around it say it was achieved."""
    out = []
    lowered = sentence.lower()
    hinted = {name: any(word in lowered for word in words) for name, words in _HINTS.items()}
    numbers = [*MEASURE.finditer(sentence), *(WORD_MEASURE.finditer(sentence) if hinted["words"] else ())]
    completing: list[int] = []  # where the smaller unit of a time in two units starts
    words_from: list[int] = []  # where the words before each of `out` start
    for match in numbers:
        if match.start() in completing:
            continue
        # "only 2 to 9 FPS", "30-45 FPS": a range ("from 30 to 60 FPS" is a change, its first number no result).
        ranged = match.groupdict().get("low") is not None \
            and not sentence[max(0, match.start() - 5):match.start()].endswith("from ")
        begin = match.start() if ranged else match.start("number")
        if any(start < match.end() and begin < end for start, end in taken):
            continue
        index = next(int(name[1:]) for name, text in match.groupdict().items() if name.startswith("u") and text is not None)
        _, unit, kind = _UNITS[index]
        magnitude = match.group("magnitude") or match.group("magnitude_word")
        if unit in _NEEDS_MAGNITUDE and not magnitude:
            continue
        if unit == "tokens" and not match.group(f"u{index}").strip() and magnitude.lower() in ("b", "t", "billion", "trillion"):
            unit, kind = "parameters", "parameters"  # "fits Llama 2 70B on one GPU": billions are a model's size
        if unit == "parameters" and not match.group(0).lower().rstrip("s").endswith(("param", "parameter")) \
                and (magnitude or "").lower() not in ("b", "t", "billion", "trillion"):
            continue  # "a 7M model" is no model size worth a result; "a 175B model" is
        fits = unit == "parameters" and _FITS_BEFORE.search(sentence[max(0, begin - 60):begin]) is not None
        if unit == "parameters" and not fits and (
                not _ACHIEVED_AFTER.match(sentence[match.end():]) or _MANY_AFTER.match(sentence, match.end())):
            continue  # "training a 13B model" (on 256 H100s) is a set-up; "fits a 175B model on one GPU" a result
        if unit == "parameters" and not fits and _NAME_BEFORE.search(sentence, max(0, begin - 40), begin):
            continue  # a size in a model's name ("evaluated on the Llama 3.2 1B Instruct model"), unless it fits
        if match.group("number").isalpha() and (kind != "duration" or unit == "s"):
            continue  # "two lines", "four GPUs", "the ones"
        if unit == "s" and not_seconds(sentence, match.group(0), begin):
            continue  # "the 1990s", "a 10 s clip", "on iPhone 6s"
        if unit == "parameters" and not _OWN_SIZE.search(sentence[max(0, begin - 60):begin]):
            kind = "scale"  # the size of model a system handles ("fine-tunes a 175B model on one GPU")
        # "25, 60 and 110 FPS": the numbers listed before it share its unit.
        listed = _LISTED_BEFORE.search(sentence, max(0, begin - 60), begin) \
            if sentence[max(0, begin - 5):begin].rstrip().endswith(("and", "or", "/", "→", "->")) else None  # (ARROW's)
        # "between 3 and 11 hours": a range, not two times.
        if listed and not ranged and re.search(r"\bbetween\s+$", sentence[max(0, listed.start() - 10):listed.start()]) \
                and len(_LISTED_NUMBER.findall(listed.group(0))) == 1:
            low_text, ranged, begin, listed = _LISTED_NUMBER.search(listed.group(0)).group(0), True, listed.start(), None
        else:
            low_text = None
        # "varies from 0.21 J to 0.94 J", "spans from 3 ms to 11 ms": one range, both its ends in its unit.
        if out and not ranged and not listed and out[-1].kind == kind and _TO.fullmatch(sentence, out[-1].end, begin) \
                and _RANGE_FROM.search(sentence, max(0, out[-1].start - 40), out[-1].start):
            first = out.pop()
            words_from.pop()
            low_text, ranged, begin = first.value_text, True, first.start
        # Where the words before it start: before the list it ends, if any.
        anchor = listed.start() if listed else begin
        if listed and NAMED_NUMBER.search(sentence, max(0, listed.start() - 30), listed.start()):
            # A number of a name or of a setting shares no unit ("on the RTX 4090 and 45 ms", "at rank 8
            # and 30 GB"); the words are those of the number in that unit before it, whose pair it is
            # ("It uses 20 GB at rank 8 and 30 GB at rank 64": "uses" is the 30 GB's word too).
            listed = None
            pairs = list(_in_unit(match.group(f"u{index}").strip()).finditer(sentence, 0, anchor))
            anchor = pairs[-1].start() if pairs else begin
        if anchor and sentence[anchor - 1] in "~≈∼":
            anchor -= 1  # an approximation glued to it: "a latency of ~75 ms"
        elif anchor > 1 and sentence[anchor - 1] == " " and sentence[anchor - 2] in "~≈∼":
            anchor -= 2  # or a space apart: "$\approx 0.71$ ms"
        before = sentence[max(0, anchor - 80):anchor]
        before = re.split(r"[;:]|,\s|\s(?:and|but|while|whereas)\s", before)[-1]
        # "1.2M tokens" of a dataset is no context length; "a context of 128K tokens" is, and so are tokens one
        # device handles: "enables the processing of up to 3 million tokens on a single L40s".
        if unit == "tokens" and index == _PLAIN_TOKENS and not _CONTEXT_BEFORE.search(before[-50:]) and not (
                _HANDLED_BEFORE.search(before[-50:]) and _ACHIEVED_AFTER.match(sentence[match.end():])):
            continue
        if kind == "memory" and (_HARDWARE_AFTER.match(sentence, match.end()) or _NAME_WITH.search(before)) \
                or kind in ("memory", "bandwidth") and _ITS.search(before):  # "using its 20 PB/s high bandwidth memory"
            continue
        # Or the second of two measures of one kind that share the first's verb: "uses 285 KB of RAM and
        # 892 KB of flash", "52 FPS on the Orin NX and 65 fps with INT8 quantization".
        joined = bool(out) and out[-1].kind == kind and JOINED.fullmatch(sentence, out[-1].end, anchor) is not None \
            and not _NOT_OURS_AFTER.match(sentence, match.end())
        head = (words_from[-1], out[-1].start) if joined and words_from[-1] < out[-1].start else None
        # Or the next of a list whose verb is left out: "the RTX 4090 decodes at 127 tokens/s, the M2 Ultra
        # at 76 tokens/s" (the verb's words, not the first one's subject).
        if not joined and out and out[-1].kind == kind and (gap := GAPPED.fullmatch(sentence, out[-1].end, anchor)):
            verb = VERB_PHRASE.search(sentence, *(out[-1].head or (words_from[-1], out[-1].start)))
            if verb and verb.group("prep").lower() == gap.group("prep").lower():
                joined, head = True, verb.span()
        joined = joined or (listed is not None and _ARROW.search(listed.group(0)) is not None)
        if _SETUP_BEFORE.search(before) and not _RESULT_ON_DATASET.search(before) and not _CONTRASTED.match(sentence, match.end()) \
                or _SETUP_AFTER.match(sentence, match.end()) or not (
                joined or _ACHIEVED_BEFORE.search(before) or _ACHIEVED_AFTER.match(sentence[match.end():])
                or kind == "accuracy" and _GAINED_BY.search(before)
                or cued(sentence, anchor, match.end(), kind, [*taken, *((m.start, m.end) for m in out)])):
            continue
        suffix = (magnitude if magnitude and len(magnitude) == 1 else f" {magnitude}" if magnitude else "")
        value_text = (f"{low_text or match.group('low')}–" if ranged else "") + match.group("number") + suffix
        written = match.group(f"u{index}").strip()
        if unit == "J":  # "0.4 J/token", "12 mJ per inference": the prefix and what it is per, as written
            prefix = {"milli": "m", "kilo": "k"}.get(written[:5].lower(), written[0] if written[0] in "fpnmμµkKM" else "")
            per = re.search(r"(?:/|\sper\s)\s*(\w+?)s?$", written)
            unit = f"{prefix.replace('µ', 'μ').replace('K', 'k')}J" + (f"/{per.group(1)}" if per else "")
        per_unit = 1
        if unit == "Wh":  # "0.36 kWh", "3.2 mWh": as written, the value in watt-hours to sort by
            unit, per_unit = written, _WATT_HOURS.get(written[0], 1)
        elif unit in _AS_WRITTEN:  # "37 MB", "3.1 TB/s": the unit as written, the value in bytes to sort by
            unit, per_unit = written, _BYTES[written[0].upper()]
        elif unit == "FPGA":  # "uses 2,268 LUTs", "56 DSP slices": the resource as written
            unit = written
        if unit == "W" and (prefix := next((v for k, v in _WATT_PREFIXES.items() if len(k) > 1 and written.lower().startswith(k)),
                                           _WATT_PREFIXES.get(written[0]) if len(written) == 2 else None)):
            unit, per_unit = prefix  # "5 mW", "300 milliwatts", "29 uW", "30 kW": as written, the value in W to sort by
        if kind == "duration" and unit in ("s", "seconds") and names_latency(before, sentence, match.end()):
            kind = "latency"  # "~0.3 s latency", "a TTFT of 0.84 s": a time a response takes
        activity = activity_of(sentence, anchor) if kind in ("duration", "throughput") else None
        # "25, 60 and 110 FPS", "1.5, 3 and 7 billion parameters": each number of the list, with its magnitude.
        end, value = match.end(), _value(match.group("number"), magnitude)
        # (Not a pair said "respectively": "take 12 hours and 40 minutes on an A100, respectively".)
        if kind == "duration" and not listed and "respectively" not in sentence \
                and (smaller := compound_time(sentence, match, unit)):
            # One time in the smaller unit, as written: "2 minutes 6" seconds, its value 126.
            completing.append(smaller.start("number"))
            larger, unit = unit, TIME_UNITS[smaller.group("unit")[0].lower()]
            end, value_text = smaller.end(), f"{value_text} {written} {smaller.group('number')}"
            value = value * SECONDS_IN[larger[0]] / SECONDS_IN[unit[0]] + float(smaller.group("number"))
        numbers = [(begin, end, value, value_text)]
        for other in _LISTED_NUMBER.finditer(listed.group(0)) if listed else ():
            start, stop = listed.start() + other.start(), listed.start() + other.end()
            if not any(a < stop and start < b for a, b in taken):
                numbers.append((start, stop, _value(other.group("number"), magnitude), other.group("number") + suffix))
        for start, stop, number_value, text in numbers:
            out.append(Measure(start, stop, number_value * per_unit if number_value is not None else None, text, unit,
                               kind, head=head, activity=activity))
            words_from.append(anchor - len(before.lstrip()))
    for match in SCORE.finditer(sentence) if hinted["score"] else ():
        start, end = match.span("number")
        if not any(a < end and start < b for a, b in taken):
            kind = "scalability" if "efficiency" in match.group("what").lower() else "accuracy"
            out.append(Measure(start, end, float(match.group("number")), match.group("number"), "", kind))
    for match in WORD_FACTOR.finditer(sentence) if hinted["factor"] else ():
        if not any(start < match.end() and match.start() < end for start, end in taken):
            word = match.group("word") or match.group("times")
            # "three times": "three", ×; which way it moved, by the word right after it ("five times less
            # energy"; not "twice the throughput at less than half the power")
            right_after = _NEXT_WORD.match(sentence, match.end())
            out.append(Measure(match.start(), match.end(), _WORD_FACTORS[" ".join(word.lower().split())],
                               word.split()[0], "×", "speedup",
                               direction_of("", right_after.group(0), False) if right_after else None))
    return sorted(out)


# "from 9.44 GB to 1.11 GB", "from ~234 min to ~61 min", "from about 40% to under 5%".
_ABOUT = r"(?:[~≈<>]\s*|(?:about|around|approximately|roughly|nearly|almost|under|over|below|above|just|only)\s+)?"
_TO = re.compile(rf"\s+to\s+{_ABOUT}")
_RANGE_FROM = re.compile(r"\b(?:rang(?:e|es|ed|ing)|var(?:y|ies|ied|ying)|span(?:s|ned|ning)?)\s+from\s+$", re.I)
_FROM = re.compile(rf"\bfrom\s+{_ABOUT}$")


def second_of_from_to(sentence: str, gap_start: int, start: int, first_start: int) -> bool:
    """Whether the number at `start` is the second of "from A to B": A starts at `first_start`,
    and only "to" (and a qualifier) stands between `gap_start` and `start`."""
    return _TO.fullmatch(sentence, gap_start, start) is not None and _FROM.search(sentence, 0, first_start) is not None
