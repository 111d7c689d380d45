"""What a result is compared with and which way it moved: the baseline a sentence names
("over cuBLAS", "than an A100", "outperforms X by", "2.1x the A100") and the direction
words around a number ("3x lower latency", "reduces latency by 37%")."""

from __future__ import annotations

import re

# The words that introduce what a result is compared with, one vocabulary for every module that
# tells a baseline from a result: "than cuBLAS", "over vLLM", "compared to the A100", "in
# comparison with", "versus", "relative to", "against"; "over" not before a quantity ("over 2x",
# "over a factor of 3" say how much), nor "than" after "more", "less" or "fewer" before one
# ("on more than 1,000 H100 GPUs", "more than doubles"; "25x more than Llama's" is a comparison),
# nor after "rather". A sentence that opens with one sets what follows against it.
_QUANTITY = r"\s+(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|half|an?)\b|doubl|tripl|quadrupl)"
# What a result may reach a share of, another's: "92% of the performance of", "63% of the A800's throughput".
SHARED_MEASURE = r"(?:performance|throughput|speed)"
COMPARED_WITH = (r"(?:(?<!\bmore )(?<!\bless )(?<!\bfewer )(?<!\brather )than"
                 rf"|(?:(?<=\bmore )|(?<=\bless )|(?<=\bfewer ))than(?!{_QUANTITY})"
                 r"|compared (?:to|with)|in comparison (?:to|with)|versus|vs\.?|relative to|with respect to(?=\s+(?:the|an?|previous|previously|prior|existing|state-of-the-art|current|conventional|standard|its|their|our)\s)|against"
                 r"|over(?!\s+(?:\d|a\s+factor))"
                 # a share of another's, the words right after its number: "attains 92%| of the performance of| the
                 # CUDA version on an A100"
                 rf"|(?<=^\s)of\s+(?:the\s+)?{SHARED_MEASURE}\s+of)")
OPENING_COMPARED_WITH = r"(?:compared (?:to|with)|in comparison (?:to|with)|relative to|with respect to(?=\s+(?:the|an?|previous|previously|prior|existing|state-of-the-art|current|conventional|standard|its|their|our)\s)|against|versus)"
# The verbs of a comparison whose object is the baseline: "X outperforms Y by 2x".
OUTPERFORMS = r"(?:outperform|beat|surpass|exceed)"
# The words that may say how large an amount is between "by" and the number: "by a significant 26%",
# "by a further 12%".
AMOUNT_WORDS = (r"(?:an?\s+(?:(?:significant|substantial|remarkable|notable|considerable|impressive|further|"
                r"additional|dramatic|striking|staggering|modest|noticeable|sizable|sizeable)\s+){1,2})?")
# The words right before the name of what a result is compared with: "than (an) A100", "compared with the
# H100", "compared its kernels with 8 A100s".
BASELINE_BEFORE = re.compile(rf"\b(?:{COMPARED_WITH}|"
                             r"compar(?:e|es|ed|ing)\s+(?:[\w-]+\s+){0,3}?(?:with|to|against))\s+"
                             r"(?:(?:on|using|with)\s+)?(?:(?:the|an?|\d+)\s+)?"
                             r"(?:(?:cluster|node|server|machine|pod|workstation)s?\s+(?:of|with)\s+(?:\d+\s+)?)?$", re.I)

_BASELINE = re.compile(  # the lookahead: the first letters of the words below
    rf"(?=[octvraiw])\b{COMPARED_WITH}\s+"
    r"(?:(?:on|using|with)\s+)?(?:the\s+|a\s+|an\s+)?"
    # (A maker's mark is part of a name: "Intel(R) Core(TM) i7-8700", "Intel® Xeon®".)
    r"(?P<name>(?:(?!and\b|on\b|when\b|for\b|from\b|with\b|in\b|while\b|using\b|at\b|by\b|of\b)[\w.+/'-]+(?:\((?:R|TM)\)|[®™])?\s?)"
    r"{1,5}(?:(?:,\s*)?and\s+(?:(?:the|an?)\s+)?(?:(?!on\b|when\b|for\b|in\b|while\b|using\b|at\b|by\b|of\b|respectively\b)"
    r"[\w.+/'-]+(?:\((?:R|TM)\)|[®™])?\s?){1,3}(?=,?\s*(?:(?:on|in|for|at)\s[^.;,]{0,60})?,?\s*respectively))?)",
    re.I)
# Right after a factor: "20x the throughput of an 8xH100 server" (a factor of what the baseline
# does), "2.1x the A100", "1.5x that of the MI250X" (a factor of a product named by its code).
_FACTOR_OF = re.compile(
    r"\s*the\s+[a-z-]+\s+of\s+(?:the\s+|an?\s+)?(?P<of>(?:(?!on\b|when\b|for\b|in\b|while\b|at\b)[\w.+/'×-]+\s?){1,4})"
    r"|\s*(?:that of\s+)?the\s+(?P<code>(?-i:[A-Z][\w-]*\d[\w-]*))", re.I)
# "X outperforms Y by 2x", "X beats Y with 1.2x higher throughput": the baseline is the object,
# before the number.
_OUTPERFORMS = re.compile(
    rf"\b{OUTPERFORMS}(?:s|ed|ing|es)?\s+(?:the\s+|a\s+|an\s+)?"
    # Words joined by spaces, never a word cut in two: "[\w]+\s?" repeated tries every split of a
    # word, which made this search a third of the whole extraction.
    # (Or a list of names: "outperforms ONNX Runtime, TVM and Ansor by up to 1.48x".)
    r"(?P<name>(?!by\b|with\b)[\w.+/'-]+(?:,?\s+(?!by\b|with\b|which\b|that\b|who\b)[\w.+/'-]+){0,11})\s*(?:,\s*)?(?:by|with)\s+"
    + AMOUNT_WORDS + r"(?:a\s+)?(?:(?:up to|about|over)\s+)?$", re.I)
# Which way the measure moved, in the words right after the number or right before it.
_LOWER = (r"lower\w*|less|fewer|slower|smaller|shorter|cheaper|narrow(?:s|ed|ing)?|reduc\w*|decreas\w*|cuts?|cutting|sav\w*|shrink\w*|"
          r"drops?|dropped|falls?|fell|slow(?:s|ed|ing)?|slowdowns?|compress(?:es|ing)?|"
          # "slashes TTFT by 38%", "halves the memory", "still loses 13-27% of throughput"
          r"slash(?:es|ed|ing)?|halv(?:es|ed|ing)|shorten(?:s|ed|ing)?|trim(?:s|med|ming)?|los(?:es|ing)|br(?:ing|ings|inging|ought)\s+down")
_HIGHER = r"higher|more|faster|greater|larger|increas\w*|rises?|rose|grows?|grew"
# Better: higher for a speedup or a throughput, lower for a latency, a memory or a cost.
_BETTER = r"improv\w*|speed\s?ups?|speeds up|boost\w*|gains?|better|enhanc\w*|accelerat\w*|outperform\w*|surpass\w*|exceed\w*|beat(?:s|ing)?"
_WORSE_WORDS = r"worse|degrad\w*"  # the opposite of better
_DIRECTION = re.compile(rf"\b(?:(?P<lower>{_LOWER})|(?P<higher>{_HIGHER})|(?P<better>{_BETTER})|(?P<worse>{_WORSE_WORDS}))\b",
                        re.I)

_MARK_AT_END = re.compile(r"\((?:R|TM)\)$", re.I)
_RAN = re.compile(r"\s+(?:running|executed|executing|deployed)$", re.I)


def baseline_of(text: str, offset: int, after: bool = False) -> tuple[str, tuple[int, int]] | None:
    """The baseline `text` compares with ("over cuBLAS", "than an A100"), and its span in the
    sentence (`text` starts at `offset` of it; `after`: it is the words right after a number)."""
    # ("X outperforms Y by" right before a number is that number's comparison, never the number's before.)
    match = _BASELINE.search(text) or (after and _FACTOR_OF.match(text)) or (not after and _OUTPERFORMS.search(text))
    if not match:
        return None
    groups = match.groupdict()
    name = (groups.get("name") or groups.get("of") or groups.get("code") or "").strip().rstrip(".,;:")
    if name.endswith(")") and not _MARK_AT_END.search(name):  # (a maker's mark keeps its parenthesis: "TensorRT(TM)")
        name = name.rstrip(")")
    # Not the word that goes on to where it ran: "than the PyTorch baseline running (on an A100)".
    name = _RAN.sub("", name)
    return (name, (offset + match.start(), offset + match.end())) if name else None


# What a comparison or a change holds the same, not what it measures: "at similar FLOPs", "at matched accuracy".
HELD_WORDS = r"(?:same|similar|comparable|equal|identical|matched|matching|fixed|constant)"
# Between a change's verb and its amount: "cut inference FLOPs| at matched accuracy| by".
_HELD_SAME_BETWEEN = re.compile(rf"\s+(?:at|with|under)\s+(?:the\s+|a\s+)?{HELD_WORDS}\s+[\w-]+(?=\s+by\s+\S*$)", re.I)


def direction_of(before: str, after: str, rate: bool) -> str | None:
    """"higher" or "lower": the direction word right after the number ("3x lower throughput"),
    else, for a factor or a percentage, the last one right before it ("reduces latency by 37%").
    A word that says better ("improves", "boosts") gives "better", made a direction once the
    kind is known (`_resolved`); one that says worse, "worse"."""
    match = _DIRECTION.search(after[:30])
    if match is None and not rate:
        before = _HELD_SAME_BETWEEN.sub("", before)  # "cut inference FLOPs| at matched accuracy| by 1.7x"
        match = ([None, *_DIRECTION.finditer(before[-35:])])[-1]
    if match is None:
        return None
    return match.lastgroup
