"""The words at the edges of a claim (`claims.py`): a text cut into words, the connecting words
a claim neither starts nor ends with, the words that say which measure one names, a name a
claim's last words must not cut in two, the unit of a number whose measure words are its own,
and the words a claim reaches back to: the verb of a change "by" an amount, the antecedent of a
relative clause it opens with.
"""

from __future__ import annotations

import re

from .comparisons import AMOUNT_WORDS, OUTPERFORMS, SHARED_MEASURE

# "by" and how much, right before a number: "by (up to) 3.1x".
BY_AMOUNT = r"by\s+" + AMOUNT_WORDS + r"(?:(?:up to|about|around|over|nearly|roughly)\s+)?"
# Words a claim does not start or end with.
EDGE_WORDS = {"and", "or", "but", "while", "whereas", "whilst", "which", "that", "where", "with", "on", "in", "at",
              "of", "for", "to", "from", "by", "as", "than", "compared", "versus", "vs", "vs.", "against", "using",
              "when", "both", "also", "respectively"}
# Words a claim does not end with either: "the", "a" left hanging.
END_WORDS = EDGE_WORDS | {"the", "a", "an", "its", "their", "is", "are", "instead", "rather"}
_WORD = re.compile(r"\S+")

# Words before a word that names a measure that say which one it is ("decoding speed", "BERT
# training time", "token generation throughput"): not a connective, an article or a verb that gives
# the result ("improves the decoding speed", "reduces activation memory").
MODIFIERS_BEFORE = 3
MODIFIER = re.compile(r"(?!(?:" + "|".join(map(re.escape, sorted(END_WORDS | {"our", "this", "these", "we", "it",
                                                                               "overall", "total", "average"})))
                      + r")$)(?!(?:improv|reduc|increas|achiev|deliver|provid|boost|lower|cut|rais|speed|"
                      r"accelerat|outperform|enabl|show|demonstrat|yield|offer|attain|obtain|reach|extend|"
                      r"decreas|save|shrink|doubl|tripl)\w*$)"
                      # nor a verb ("facilitates impressive speedups") or an adverb ("only", "greatly")
                      r"(?!\w*[^s\W]s$|\w+ly$|only$|just$|even$)[\w-]+", re.I)


def qualified_start(sentence: str, at: int, bound: int) -> int:
    """Where the words naming a measure at `at` start with the words right before that say
    which one it is ("the| decoding| throughput"), no earlier than `bound`."""
    words = words_in(sentence, bound, at)[-MODIFIERS_BEFORE:]
    while words and MODIFIER.fullmatch(sentence, *words[-1]) and sentence[words[-1][1]:at].isspace():
        at = words.pop()[0]
    return at


def words_in(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The [start, end) of each word of `text` between `start` and `end`."""
    return [(m.start() + start, m.end() + start) for m in _WORD.finditer(text[start:end])]


# Words that qualify the number after them ("and up| to 3x", "and about| 2x"): at a claim's far
# end, the next number's.
# So is a verb that only says the next number was attained: "..., reaching| up to 3x".
_NEXT_QUALIFIER = {"up", "about", "around", "nearly", "roughly", "approximately", "almost", "over", "only", "just",
                   "average", "little", "much", "high", "low", "many", "few", "reaching", "achieving", "delivering",
                   "yielding", "attaining"}
# A qualifier that opens with a connecting word: kept at a claim's start.
_QUALIFIER_OPENS = re.compile(r"(?:on average|at (?:least|most)|as (?:much|high|low|many|few|fast|little) as)\b", re.I)
_NUMBER_AFTER = re.compile(r"\s+(?:(?:up|about|around|nearly|roughly|approximately|almost|over|only|just)\s+)*"
                           r"(?:to\s+|as\s+)?[~≈<>]?\d")


def trimmed(text: str, words: list[tuple[int, int]], from_left: bool) -> list[tuple[int, int]]:
    """`words` without connecting words at the edge away from the number."""
    while words:
        at = 0 if from_left else -1
        # (At the far end a qualifier is the next number's: "from ~234 min to ~", "..., and up| to 3x".)
        word = text[words[at][0]:words[at][1]].strip(",.;:" if from_left else ",.;:~≈<>").lower()
        if word and word not in (EDGE_WORDS if from_left else END_WORDS) and not (
                not from_left and word in _NEXT_QUALIFIER and _NUMBER_AFTER.match(text, words[at][1])):
            break
        if from_left and _QUALIFIER_OPENS.match(text, words[at][0]):  # "on average 1.91x"
            break
        words.pop(at)
    return words


# A word of a name ("Jetson", "AGX", "A100", "v4"), and words that open one ("on an", "using the").
_NAME_WORD = re.compile(r"(?:[A-Z][\w.+/-]*|[a-z]*\d[\w.+/-]*)[®™]?")
_PLACE_WORDS = {"on", "using", "with", "over", "than", "to", "across", "atop", "of"}
_ARTICLES = {"the", "a", "an"}
_NAME_EXTRA_WORDS = 6
# What may follow a name a claim ends with: the sentence's or clause's end, or a word that joins
# the next phrase ("on the Jetson AGX Orin for ..."); not a noun the name describes ("a 7B | model").
_AFTER_NAME = {"and", "or", "but", "with", "for", "in", "on", "at", "to", "from", "by", "of", "than", "compared",
               "versus", "vs", "vs.", "while", "whereas", "respectively", "when", "which", "that", "as", "under",
               "over", "across", "using", "during", "without", "is", "are", "was", "were"}


def name_completed(sentence: str, words: list[tuple[int, int]], taken: int) -> int:
    """How many of `words` a claim that takes `taken` of them takes so as not to end inside a
    name ("faster than TensorRT running on the Jetson | AGX Orin") or on the words that open one
    ("than the PyTorch baseline running on | an A100"): the rest of the name, a few words at most."""
    def word(at: int) -> str:
        return sentence[words[at][0]:words[at][1]]

    if taken >= len(words) or taken < 2:
        return taken
    last, before = word(taken - 1).lower(), word(taken - 2).lower()
    name = _NAME_WORD.fullmatch(word(taken - 1)) is not None
    if not name and last not in _PLACE_WORDS and not (last in _ARTICLES and before in _PLACE_WORDS):
        return taken
    more = taken
    while more < min(len(words), taken + _NAME_EXTRA_WORDS):
        if _NAME_WORD.fullmatch(word(more).rstrip(".,;:")):
            name, more = True, more + 1
        elif not name and word(more).lower() in _ARTICLES:
            more += 1
        else:
            break
    if not name or more == taken or (more < len(words) and word(more).lower() not in _AFTER_NAME):
        return taken
    return more


def name_started(sentence: str, words: list[tuple[int, int]], near: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """`near`, the last of `words`, with the words before it that start the name it starts inside
    ("Nano to the Jetson Orin Nano raises" -> "Jetson Nano to the ..."), a few at most."""
    if not near or near[0] not in words or not _NAME_WORD.fullmatch(sentence[near[0][0]:near[0][1]].rstrip(".,;:")):
        return near
    at = words.index(near[0])
    first = at
    while first > 0 and at - first < _NAME_EXTRA_WORDS and _NAME_WORD.fullmatch(sentence[words[first - 1][0]:words[first - 1][1]]):
        first -= 1
    return words[first:at] + near


# A factor or a share: of the measure named before it, in whatever unit that was given.
_RELATIVE = re.compile(r"[%×]|\d\s*[xX]\b|^[xX×]|\b(?:times|fold)\b")
# A number in a unit of letters ("13 GB"); and a word that qualifies the measure after it ("13 GB peak| memory").
# (Or the symbol of seconds: "~0.84 s TTFT, 98 tok/s decode".)
_UNIT_HERE = re.compile(r"(?<![\w.-])\d[\d.,]*\s?(?P<unit>[A-Za-z]{2,5}|s)(?![@\w-])")
_UNIT_BEFORE = re.compile(r"(?<![\w.-])\d[\d.,]*\s*(?P<unit>[A-Za-z]{2,5}|s)\s+(?:[a-z]+\s+)?$")


def in_another_unit(sentence: str, at: int, start: int, end: int) -> bool:
    """Whether the measure's words at `at` follow a number in a unit other than the one of the
    number at [start, end) ("13 GB peak memory ... 210 ms"; "30 tokens/s ... and 71 tokens/s" share theirs)."""
    own = sentence[start:end]
    if _RELATIVE.search(own):
        return False  # a factor or a share of what was named before it: "4.92 µJ, 2.32x lower"
    found = _UNIT_BEFORE.search(sentence, max(0, at - 30), at) \
        or next((m for m in _UNIT_HERE.finditer(sentence, max(0, at - 12), at + 6) if m.start("unit") == at), None)
    return found is not None and re.search(rf"\d\s*{re.escape(found.group('unit'))}\b", own) is None


# A verb that says which way what it acts on moved, by the amount after "by": "improves| the training
# time of a wide range of workloads by up to 7.5×", "reduces| the makespan ... by up to 7.52×".
CHANGE_STEMS = (r"improv|reduc|increas|decreas|lower|cut|boost|rais|accelerat|shorten|shrink|enhanc|sav|trim|slash|halv|"
                r"minimi[sz]|maximi[sz]")
CHANGE_VERB = re.compile(rf"\b(?:{CHANGE_STEMS}|speed(?:s|ing)? up|{OUTPERFORMS})(?:es|e|s|ed|ing)?\b", re.I)
_BY_NUMBER = re.compile(rf"\b{BY_AMOUNT}$", re.I)
# What a change verb reaches across to its "by": a list of names ("ONNX Runtime, TVM and Ansor"),
# never another clause or another number.
# Nor a change of the clause's own ("so throughput grows by 2x", "yet FooChip is more efficient by 3x").
_NOT_ACROSS = re.compile(r"\d|[;:()]|,\s*(?:and|but|or|while|whereas|which|where|so|yet|thus|hence|therefore)\b|"
                         r"\s(?:but|while|whereas|which|where|that)\s|\b(?:is|are|was|were|grows?|grew|drops?|dropped|"
                         r"rises?|rose|falls?|fell|more|less|faster|slower|higher|lower|larger|smaller|better|worse)\b", re.I)
_VERB_REACH = 24  # words


def changed_from(sentence: str, frm: int, start: int, begin: int) -> int:
    """Where the claim of the number at `start`, its words starting at `frm`, starts: at the verb
    that says which way the change went, where the number is its amount "by" ("improves the
    training time of ... by up to 7.5×") and the words before reach no further; else `frm`."""
    by = _BY_NUMBER.search(sentence, max(begin, start - 40), start)
    if by is None or CHANGE_VERB.search(sentence, frm, by.start()):
        return frm
    verbs = [m for m in CHANGE_VERB.finditer(sentence, begin, frm)]
    if not verbs or _NOT_ACROSS.search(sentence, verbs[-1].end(), by.start()) \
            or len(sentence[verbs[-1].start():start].split()) > _VERB_REACH:
        return frm
    return verbs[-1].start()


# A relative clause opens the claim: the words it is about come with it ("FlashMLA implementation, whose
# FLOPS utilization is up to 66.7%"). ("which" is a word no claim starts with: `trimmed`.)
_RELATIVE_OPENS = re.compile(r"whose\b", re.I)
_ANTECEDENT_WORDS = 3


def antecedent_from(sentence: str, frm: int, begin: int) -> int:
    """Where a claim starting at `frm` starts with the words before the comma of a relative clause
    it opens with, back to the comma before them and no earlier than `begin`; else `frm`."""
    if not _RELATIVE_OPENS.match(sentence, frm):
        return frm
    comma = sentence.rfind(",", begin, frm)
    if comma < 0 or sentence[comma + 1:frm].strip():
        return frm
    words = trimmed(sentence, words_in(sentence, max(begin, sentence.rfind(",", begin, comma) + 1), comma)[-_ANTECEDENT_WORDS:],
                    from_left=True)
    return words[0][0] if words and not any(ch.isdigit() for ch in sentence[words[0][0]:comma]) else frm


# A share of another's measure that a result reached: "reaches 63% of the A800's throughput", "attains 92%
# of the performance of the CUDA version", "retains up to 80% of native performance"; not a share of what
# is spent, waited for or lost ("occupies 47% of the execution time", "35% of requests", "recovers 90% of the
# lost throughput").
_REACHES = re.compile(r"\b(?:reach|attain|achiev|retain|deliver|preserv|match|sustain)\w*\s+"
                      r"(?:(?:up\s+to|about|around|roughly|nearly|over|more\s+than|only)\s+)?[~≈]?$", re.I)
_SHARE_OF = re.compile(r"\s*(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?:[\w.-]+'s?\s+)?(?:(?!lost|wasted|missing)[\w-]+\s+){0,2}?"
                       rf"(?:{SHARED_MEASURE}|bandwidth|[TGP]?FLOPS|efficiency)\b", re.I)


def reached_share(sentence: str, start: int, end: int) -> bool:
    """Whether the percentage at [start, end) is a share of another's measure that a result reached."""
    return _REACHES.search(sentence, max(0, start - 40), start) is not None \
        and sentence[end:end + 4].lstrip().lower().startswith("of") and _SHARE_OF.match(sentence, end) is not None


# Words that go on to an abbreviation in parentheses: "| to First Chunk (TTFC)", "| (EDP)".
# (It may open in lowercase: "mean Intersection-over-Union (mIoU)".)
_ABBREVIATED = re.compile(r"(?:[\s-]+[A-Za-z]+){0,5}?\s*\((?P<short>(?=[a-z]*[A-Z])[A-Za-z]{2,8})\)")
_FUNCTION_WORDS = {"to", "of", "and", "the", "per", "for"}


def with_abbreviation(written: str, end: int) -> int:
    """Where words ending at `end` end with the abbreviation that follows them, when its letters are
    the initials of the words before it ("energy-delay product (EDP)", "Time to First Chunk (TTFC)",
    "peak signal-to-noise ratio (PSNR)", "Quality of Experience (QoE)"); else `end`."""
    found = _ABBREVIATED.match(written, end)
    # (Not a name a number in parentheses follows, which is that number's: "ratio (PSNR), (30.58%), and ...".)
    if found is None or not written[end - 1:end].isalpha() or re.match(r",?\s*\(\s*\d", written[found.end():]):
        return end
    short = found.group("short").lower()
    words = re.findall(r"[A-Za-z]+", written[max(0, end - 80):found.start("short") - 1])
    # Every word it goes on over, and the last one before, are of the name ("while maintaining| word
    # error rate (WER)" is not).
    going_on = len(re.findall(r"[A-Za-z]+", written[end:found.start("short")]))
    for count in range(max(len(short), going_on + 1), len(short) + 3):
        last = words[-count:] if count <= len(words) else []
        if short in ("".join(w[0] for w in last).lower(),
                     "".join(w[0] for w in last if w.lower() not in _FUNCTION_WORDS).lower()):
            return found.end()
    return end
