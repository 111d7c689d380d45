"""A result's claim in the authors' own words, and the kind of quantity it measures.

A reader is shown the claim, never words the paper does not contain: the shortest
stretch of the sentence that holds the number, its unit, what it measures, its
qualifiers ("up to", "on average", "end-to-end") and, joined by " … " when it
stands apart, the comparison ("compared to FasterViT-0"). The kind (latency,
efficiency, error, ...; `kinds.py`) is read from the claim's own words; it sorts
and filters results, and is never turned into words on a page.

The stretch follows the grammar of a result: it runs from where the words about
this number start (the clause's start, or the end of the number listed before it)
to where they end (the next clause, comma or number): at most nine words before the
number (or back to the nearest word naming what it measures) and seven after it.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .claim_words import (CHANGE_STEMS, CHANGE_VERB, END_WORDS, MODIFIER, MODIFIERS_BEFORE, antecedent_from, changed_from,
                          in_another_unit, name_completed, name_started, trimmed, with_abbreviation, words_in)
from .candidates import signs_for_tex, typeset
from .comparisons import COMPARED_WITH
from .connectives import CONTRASTING_PHRASE, LINKING_PHRASE
from .kinds import HELD_SAME, KIND, MEASURE_NOUN, kinds_in, measures_before_by, respective_measure

# Where the words about one number stop: another clause, a parenthesis, a dash, a colon.
_ASIDE = re.compile(r"\([^()]{0,40}\)")
_ASIDE_AFTER = re.compile(r"\s*\([^()]{1,20}\)")
_ABBREVIATION = re.compile(r"(?<=\w)\s\((?:[A-Z][A-Za-z0-9-]{1,9})\)")
# (Not a maker's mark: "TensorRT(TM)".)
_HARD_BREAK = re.compile(r"\s*(?:[;:\[\]]|\((?!(?:R|TM)\))|(?<!\(R)(?<!\(TM)\)|\s[—–-]\s|—)\s*")
# Words that may join a number to the next one's words, or start a clause of their own.
_SOFT_BREAK = re.compile(r",(?!\d)|\s(?:and|or|but|while|whereas|whilst|which|where|with|as well as|thanks to|due to|"
                         r"because|since|leading to|resulting in|making|enabling|allowing|even though|although|though)\s", re.I)
# Looking left, a clause starts after these: "with" and "thanks to" run on ("train models with
# over 13 billion parameters").
_LEFT_BREAK = re.compile(r",(?!\d)|\s(?:and|or|but|while|whereas|whilst|which|where|although|though)\s", re.I)
# "and" and a few words with no number that end where the clause does: the second of two measures.
_JOINED_MEASURE = re.compile(r"\s(?:and|&)\s(?!(?:no|not|without|little|negligible|minimal)\b|[a-z]+(?:s|ed)\s)(?P<words>(?:[A-Za-z][\w-]*\s){0,3}[A-Za-z][\w-]*)(?=\s*(?:[,;.)]|$|\s"
                             rf"(?:{COMPARED_WITH}|compared|relative|for|on|when|with|at|in|across)\s))")
_MAX_WORDS_BEFORE = 9
_MAX_WORDS_AFTER = 7
# A kind word this much further back still starts the claim: "the energy-efficiency of the
# GC-based networks on the GPU increased by 10.8%".
_REACH_BEFORE = 16
# Kind words that are verbs or comparatives ("Data Center GPU outperforms ..."): no modifiers.
_ACTION = re.compile(r"(?:outperform|accelerat|speeds? up|faster|slower|cheaper|larger|smaller|bigger)", re.I)


class Claim(NamedTuple):
    """The authors' words for one result, with the number's place in them."""

    text: str
    number: tuple[int, int]  # [start, end) of the number and its unit in `text`

    @property
    def parts(self) -> tuple[str, str, str]:
        """(before, the number, after): the number is shown in bold between them."""
        start, end = self.number
        return self.text[:start], self.text[start:end], self.text[end:]


def _joined_measure(text: str, at: int, stop: int) -> int | None:
    """Where a second measure joined at `at` by "and" to the measure right before it ends
    ("model size| and memory cost"), else None ("lowers latency by 1.56×| and halves memory use")."""
    joined = _JOINED_MEASURE.match(text, at)  # to the sentence's end: `stop` may be the next number's start
    if joined is None or joined.end() > stop or not KIND.search(text, joined.start("words"), joined.end()):
        return None
    return joined.end() if any(m.end() == at for m in KIND.finditer(text, max(0, at - 40), at)) else None


def claim_span(sentence: str, start: int, end: int, left_bound: int, right_bound: int) -> tuple[int, int]:
    """[from, to) of the words about the number at [start, end) of `sentence`, within the
    bounds the numbers beside it leave ([left_bound, right_bound))."""
    # Right: up to the next clause or comma, at most _MAX_WORDS_AFTER words.
    stop = right_bound
    # A short aside right after the number does not end its words: "37% (A10) higher throughput";
    # nor does an abbreviation in parentheses, which is part of the words it follows: "mean absolute
    # percentage error (MAPE) in execution cycles".
    aside = _ASIDE_AFTER.match(sentence, end, stop)
    plain = _ABBREVIATION.sub(lambda m: " " * len(m.group(0)), sentence) if "(" in sentence else sentence
    for pattern in (_HARD_BREAK, _SOFT_BREAK):
        found = pattern.search(plain, aside.end() if aside else end, stop)
        # Two measures joined by "and" share the number: "a 3-4x reduction in model size and memory
        # cost", "7.3x better latency and cost" (the words after "and" name a measure, and no number).
        while found is not None and pattern is _SOFT_BREAK and (joined := _joined_measure(plain, found.start(), stop)):
            found = pattern.search(plain, joined, stop)
        if found:
            stop = found.start()
    following = words_in(sentence, end, stop)
    after = trimmed(sentence, following[:name_completed(sentence, following, _MAX_WORDS_AFTER)], from_left=False)
    to = after[-1][1] if after else end
    # Left: back to the clause's start, at most _MAX_WORDS_BEFORE words, or further to a word
    # that names what the number measures when none is nearer.
    begin = left_bound
    # The words that name the number before this one are its own: "to 76.3% accuracy in 2.2
    # minutes" does not say that the 2.2 minutes are an accuracy.
    if left_bound:
        begin = own_measure_end(sentence, left_bound, start)
    begin = clause_start(plain, begin, start)  # (nor on the left: "reduces time-to-first-token (TTFT) by 2.2x")
    words = words_in(plain, begin, start)  # (an abbreviation is no word of its own)
    soft = list(_LEFT_BREAK.finditer(sentence, begin, start))
    # Two measures joined by "and" before "by" (the numbers are the measures', in turn): the first
    # measure is this claim's too.
    joined = measures_before_by(sentence, start)
    if soft and joined and joined[0] >= begin and soft[-1].start() <= joined[1] < soft[-1].end():
        soft.pop()
    soft = [m.end() for m in soft]
    near = [w for w in words if not soft or w[0] >= soft[-1]][-_MAX_WORDS_BEFORE:]
    if not KIND.search(sentence, near[0][0] if near else start, to):
        reach = words[-_REACH_BEFORE:]
        # Not the unit of a number before it ("within 20 minutes to 5 hours"), nor the name of a
        # number after it ("45 ms with batch size 1 and 80 ms": not the 80 ms's size).
        # Nor the measure of a number in another unit ("13 GB peak memory on an RTX 5090, and as fast as 210 ms").
        named = [m.start() for m in KIND.finditer(sentence, reach[0][0], start) if not _AFTER_NUMBER.search(
            sentence, 0, m.start()) and not _NUMBER_NEXT.match(sentence, m.end())
            and not in_another_unit(sentence, m.start(), start, end)] if reach else []
        if named:
            near = [w for w in reach if w[1] > named[-1]]
            # With the words that say which one: "the decoding speed of ...", "token generation throughput".
            before = [w for w in reach if w[1] <= named[-1]][-MODIFIERS_BEFORE:]
            while before and not _ACTION.match(sentence, named[-1]) and MODIFIER.fullmatch(sentence[before[-1][0]:before[-1][1]]) \
                    and sentence[before[-1][1]:near[0][0] if near else start].isspace():
                near.insert(0, before.pop())
    near = trimmed(sentence, name_started(sentence, words, near), from_left=True)
    # A comparison's "than" or "over" is kept at the left when it opens the claim's words.
    frm = near[0][0] if near else start
    return antecedent_from(sentence, changed_from(sentence, frm, start, begin), begin), to


def own_measure_end(sentence: str, number_end: int, bound: int) -> int:
    """Where the words that name what the number ending at `number_end` measures end, when they
    follow it right away ("1.1 TOp/J| energy efficiency|, which ..."), before `bound`; else `number_end`."""
    gap = sentence[number_end:bound]
    # (After the parenthesis the number stands in: "2.52x (up to 5.11x)| speedup on RTX 4090".)
    own = KIND.match(sentence, number_end + len(gap) - len(gap.lstrip().lstrip(")").lstrip()))
    return own.end() if own and own.end() < bound else number_end


def clause_start(sentence: str, begin: int, end: int) -> int:
    """Where the clause that holds `end` starts, no earlier than `begin`: after the last
    semicolon, colon, parenthesis or dash between them."""
    for found in _HARD_BREAK.finditer(sentence, begin, end):
        begin = found.end()
    return begin


def list_end(sentence: str, end: int, right_bound: int, in_parentheses: bool = False) -> int:
    """Where the words after a list of numbers end: the words after it name each number's
    measure in turn ("2.49x, and 2.32x reductions on latency, energy, and area"), so they run
    to the clause's end (at most a dozen words), not to the first "and"."""
    stop = right_bound
    found = _HARD_BREAK.search(sentence, end, stop)
    if found:
        # In a list of numbers each with one in parentheses, a few words in parentheses after the words are
        # the parenthesized numbers' ("159.9x (49.6x) and 34.8x (29.2x) energy efficiency (throughput)").
        parallel = _WORDS_ASIDE.match(sentence, found.start()) if in_parentheses else None
        stop = parallel.end() if parallel else found.start()
    # The few words a connective leads into the next number with are that number's: "... (up to 2.3x)| and
    # energy by 40%", "| while memory drops by 30%".
    leads = [m for m in _LEADS_INTO.finditer(sentence, end, stop) if len(sentence[m.end():right_bound].split()) <= 4]
    if leads and stop == right_bound < len(sentence):
        stop = leads[-1].start()
    # Nor is a clause of its own, with its own verb: "by 15.2% in L1 and 37.7% in L4|, and peak allocated GPU
    # memory decreased by ...", "by 21.8% for Mistral-7B and 27.8% for Qwen3|, while global token throughput drops".
    clause = next((m for m in _LEADS_INTO.finditer(sentence, end, stop) if _CLAUSE_VERB.search(sentence, m.end(), stop)), None)
    if clause:
        stop = clause.start()
    words = trimmed(sentence, words_in(sentence, end, stop)[:12], from_left=False)
    return words[-1][1] if words else end


_WORDS_ASIDE = re.compile(r"\s*\((?:\s*[A-Za-z][\w-]*){1,3}\s*\)")
_LEADS_INTO = re.compile(r",?\s(?:and|but|while|whereas|whilst|so|yet)\s", re.I)
# (A verb's own forms, not a comparative: "higher throughput and lower latency LLM inference" goes on.)
_CLAUSE_VERB = re.compile(rf"\b(?:(?:{CHANGE_STEMS}|outperform|drop|fall|ris|grow)[pm]?(?:e?s|e?d|ing)|fell|rose|grew|"
                          r"speed(?:s|ing)? up)\b", re.I)


def make_claim(written: str, start: int, end: int, span: tuple[int, int],
               comparison: tuple[int, int] | None, measure: tuple[int, int] | None = None) -> Claim:
    """The claim for the number at [start, end) of the sentence `written`: its words `span`,
    and `comparison` (the words naming the baseline, "compared to FasterViT-0") joined by " … "
    where they stand apart. Where the words hold nothing that names what the number measures,
    the `measure` words given, or else the nearest such words before them, are joined too
    ("average speedups … x14.7 on H800")."""
    shown, where = typeset(written)  # (TeX's signs as signs: "7.64$\times$" as "7.64×")
    written = signs_for_tex(written)  # (read as its signs, every character where it was)
    while start < end and written[start].isspace():  # "a factor up to 2.84", read as "x2.84"
        start += 1
    # "better run-time performance and energy efficiency (up to 3.1× and 1.4× improvements, respectively)":
    # each number's measure in its place, whatever measure words were given.
    opened = written.rfind("(", 0, start)
    respective = respective_measure(written, opened, start) if opened > 0 else None
    measure = respective or measure
    pieces = [span] + ([comparison] if comparison is not None else []) + ([measure] if measure is not None else [])
    fronted = _fronted(written, span[0])
    if fronted is not None:
        pieces.append(fronted)
    # The scope after an aside that interrupts the words: "an average 1.66x speedup (up to 2.49x) for
    # end-to-end inference", for both numbers. What it names is the claim's measure too.
    scope = _scope_after_aside(written, start, end, span)
    if scope is not None:
        pieces.append(scope)
    text = written[span[0]:span[1]] + (" " + written[comparison[0]:comparison[1]] if comparison else "") \
        + (" " + written[scope[0]:scope[1]] if scope else "")
    if measure is None and not kinds_in(text, measured_only=True):  # (not what it holds the same: "at similar FLOPs")
        # The words that name the measure, before the number's own ("increases GPU utilization
        # from below 40% to over 90%"), even where a comparison opens the sentence.
        head = _head(written, span[0], number=(start, end))
        if head is not None:
            pieces.append(head)
    elif measure is None and (unit := KIND.search(written, start, end)) is not None \
            and not KIND.search(written[span[0]:start] + " " + written[end:span[1]] + text[span[1] - span[0]:]):
        # A unit says what is counted, not what was measured: "30 tokens/s with a single core
        # and 71 tokens/s" are of the "token generation throughput" before them. Only words of
        # the unit's own kind: "reduces latency by 30% and reaches 40 FPS" is no 40 FPS latency.
        head = _head(written, span[0], past_numbers=True)
        # (A speed a rate gives is its kind too: "in its inference speed, achieving 52 FPS".)
        if head is not None and (KIND.search(written, *head).lastgroup == unit.lastgroup or (
                unit.lastgroup == "throughput" and re.search(r"\bspeeds?\b", written[head[0]:head[1]], re.I))):
            pieces.append(head)
    # A result in parentheses qualifies the words right before them: "runtime prediction (mean
    # error 15.57%)", "lower complexity (>2.47× smaller than FasterViT-0)".
    if respective is None and opened > 0 and written.find(")", opened, start) < 0 and opened < span[0] + 1:
        before = [w for w in words_in(written, max(0, opened - 60), opened)[-4:]
                  if not _LEFT_BREAK.search(written, w[0], opened)
                  and not any(ch.isdigit() for ch in written[w[0]:opened])]  # not another number's
        before = trimmed(written, before, from_left=True)
        if before:
            pieces.append((before[0][0], opened))
        # Or the measure a value before them is of: "a model size of ~4.0MB (>15.1x ... smaller than
        # Tiny YOLOv2", "an mAP of ~69.1% on VOC 2007 (~12% higher than ...)".
        named = KIND.search(written, before[0][0], opened) if before else None
        head = _head(written, opened) if named is None else None
        if head is not None and _VALUED.match(written, head[1]) and not KIND.search(written, head[1], opened):
            pieces.append(head)
    merged: list[list[int]] = []
    for a, b in sorted(pieces):
        if merged and a <= merged[-1][1] + 1 and not written[merged[-1][1]:a].strip():
            merged[-1][1] = max(merged[-1][1], b)
        elif merged and a < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], b)
        else:
            merged.append([a, b])
    for piece in merged:  # a measure's name goes on to its abbreviation: "time-to-first-token (TTFT)"
        piece[1] = with_abbreviation(written, piece[1])
    text, number = "", (0, 0)
    for a, b in merged:
        raw = shown[where[a]:where[b]]
        lead = len(raw) - len(raw.lstrip())
        piece = raw.strip().rstrip(",;:")
        if piece.endswith(".") and b >= len(written.rstrip()):  # the sentence's full stop
            piece = piece[:-1]
        if text:
            text += " … "
        offset = len(text)
        text += piece
        if a <= start and end <= b:
            number = (offset + where[start] - where[a] - lead, offset + where[end] - where[a] - lead)
    return Claim(text, number)


def _scope_after_aside(written: str, start: int, end: int, span: tuple[int, int]) -> tuple[int, int] | None:
    """The words after an aside holding a number that say what the claim's words are of, for the
    number before the aside (its words `span` end at it) or the aside's own; None where there are
    none, or where they name another measure than the words before the aside ("3.2x lower latency
    (up to 5.1x) for only a small area overhead"), unless they say what the number measures ("1.25×
    (up to 2.7×) in energy efficiency")."""
    opened = written.rfind("(", 0, start)
    closed = written.find(")", end)
    inside = 0 < opened > written.rfind(")", 0, start) and closed > 0 and "(" not in written[end:closed]
    scope = _SCOPE_AFTER_ASIDE.match(written, span[1]) or (_SCOPE_AFTER_ASIDE.match(written, opened) if inside else None)
    if scope is None or not (scope.group("scope").split()[0].lower() in _SCOPE_WORDS
                             or KIND.match(written, scope.start("scope"))):
        return None
    before = (max(0, opened - 60), opened) if scope.start() < start else span  # the aside's number: the words before it
    named = {m.lastgroup for m in KIND.finditer(written, *before)}
    scoped = {m.lastgroup for m in KIND.finditer(written, *scope.span("scope"))}
    of_measure = re.match(r"in\s+(?:terms\s+of\s+)?", scope.group("scope"))
    if named and not scoped <= named | {"scale"} and not (
            of_measure and KIND.match(written, scope.start("scope") + of_measure.end())):
        return None
    return scope.span("scope")


_SCOPE_WORDS = ("for", "in", "on", "at", "across", "during", "per")
# An aside in parentheses holding a number, then a phrase that says what the words before it are of.
# Or the measure the words go on to name: "on average 1.44x (up to 2.37x) speedup over the vendor library".
_SCOPE_AFTER_ASIDE = re.compile(rf"\s*\([^()]{{0,30}}\d[^()]{{0,10}}\)\s*(?P<scope>(?:(?:{'|'.join(_SCOPE_WORDS)})\s+"
                                r"(?!(?:the|an?)\s+(?:same|other)\b)|(?=[\w-]+(?:\s[\w-]+)?\s(?:over|than|compared|vs)\b)"
                                # (a name's digits, not a number's: "on the A100", not "on 2 GPUs")
                                r"|(?=[\w-]+\s*(?:[,;:.]|$)))(?:[^,;:()\d]|(?<=[A-Za-z\d])\d){2,50}?)"
                                r"(?=\s*(?:[,;:.()]|$)|\s(?:and|but|while|whereas|which|with|compared|than|over)\s)")
# A phrase fronted before its clause says what the clause's numbers are of: "In graph construction
# time, our method is 2.2x faster", "and for end-to-end execution, COMET delivers a 1.71x speedup".
# Not a connective ("For example,", "In this paper,"), nor a setting with numbers of its own.
_FRONTED = re.compile(rf"(?:^|[;:]\s*|\b(?:and|but|while|whereas)\s+)(?!(?:{LINKING_PHRASE}|{CONTRASTING_PHRASE})\b)"
                      r"(?P<phrase>(?:for|in|under|during|across|in terms of|at(?=\s+the\s+[\w-]+\s+level\b))\s+"
                      r"(?!(?:this|that|these|those|our|its|their|which|doing|order|response|reference|"
                      r"the (?:process|paper|work))\b)[^,;:.\d()]{2,80}?),", re.I)


def _fronted(written: str, begin: int) -> tuple[int, int] | None:
    """The words of a phrase fronted before the clause that starts the claim at `begin`, where only
    the clause's subject stands between ("In graph construction time, our method, CAGRA, is ..."); else None."""
    found = None
    for match in _FRONTED.finditer(written, 0, begin):
        found = match
    if found is None or re.search(r"[\d;:]|\b(?:and|but|while|whereas|which)\b", written[found.end():begin]):
        return None
    return found.span("phrase")


def _head(written: str, before: int, past_numbers: bool = False,
          number: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The words before `before` that last name a measure ("average speedups"), with up to two
    words that qualify it, within the clause; None when there are none. With `past_numbers`,
    not the words right after another number, which are its own ("13.20 tokens/s"); with the
    `number`'s place, not the words of a number in another unit ("13 GB peak memory")."""
    # A short aside in parentheses does not end the clause: "outperforms the Intel Extension for
    # PyTorch (IPEX) implementation ... by up to a factor of 30".
    plain = _ASIDE.sub(lambda m: " " * len(m.group(0)), written)
    breaks = [m for m in _HARD_BREAK.finditer(plain, 0, before)]
    # The measure's verb is the number's where the number's clause goes on with it ("...; and B by 2.4x"),
    # not where a clause of its own follows the semicolon ("...; FooServe reaches 1.9x").
    own_clause = True
    while True:
        start = breaks[-1].end() if breaks else 0
        named = [m for m in KIND.finditer(plain, start, before)
                 if (not past_numbers or not _AFTER_NUMBER.search(plain, 0, m.start()))
                 and (number is None or not in_another_unit(written, m.start(), *number))
                 and not HELD_SAME.search(plain, max(0, m.start() - 40), m.start())]  # not "at matched accuracy"
        # A clause after a semicolon that names no measure goes on with the one before it:
        # "improves throughput of A by 1.2x on A100; and B by 2.4x on A100"; so do a colon's list ("throughput
        # improvements over X: 1.96x on 1 GPU") and the figures in parentheses after a result: "reduces TTFT by
        # up to 136x (Gemma: 22--136x at 4K--32K; ...)".
        mark = breaks[-1].group(0).strip() if breaks else ""
        if named or not breaks or mark not in ";:" and not (mark == "(" and _AFTER_NUMBER.search(plain, 0, breaks[-1].start())):
            break
        own_clause = own_clause and _GOES_ON.match(plain, breaks[-1].start()) is not None
        breaks.pop()
    if not named:
        return None
    last = named[-1]
    # The words that qualify it, back to a function word: "improves the maximum achievable
    # serving throughput", "achieves average speedups".
    words = []
    for word in reversed(words_in(written, start, last.start())[-3:]):
        if written[word[0]:word[1]].lower() in (_HEAD_STOPS_PAST if past_numbers else _HEAD_STOPS) or re.search(r"[,;\d]", written[word[0]:last.start()]) \
                or re.search(r"\d\s*$", written[:word[0]]):
            break  # nor another number's words, its unit among them ("1.6 ms inference latency")
        words.insert(0, word)
    words = trimmed(written, words, from_left=True)
    head_start = words[0][0] if words else last.start()
    # With the verb that says which way it went: "improves the| training time".
    verb = _VERB_BEFORE_HEAD.search(written, start, head_start) if own_clause else None
    # With the noun it qualifies: "memory| usage", "energy| consumption".
    noun = _MEASURE_NOUN.match(written, last.end())
    return (verb.start() if verb else head_start), (noun.end() if noun else last.end())


_GOES_ON = re.compile(r"\s*;\s*(?:and|or)\s")  # "...; and B by 2.4x"
_VERB_BEFORE_HEAD = re.compile(rf"{CHANGE_VERB.pattern}\s+(?:(?:the|its|their|both)\s+)?$", re.I)


# A measure given its value: "model size of ~4.0MB", "accuracy of 71.2%", "mAP: 69.1".
_VALUED = re.compile(r"\s*(?:of|:|=|at|is|was|reaches|reached)?\s*(?:about|around|only|just|roughly)?\s*[~≈>]?\s*\d")


_MEASURE_NOUN = re.compile(rf"[ -]{MEASURE_NOUN}", re.I)  # "memory| usage"


# The end of a number, and its unit when it is a sign: what a measure's words right after belong to.
_AFTER_NUMBER = re.compile(r"\d\s*(?:[%×]|[xX](?!\w))?\s*$")
_NUMBER_NEXT = re.compile(r"\s+(?:of\s+)?\d")  # a word that names the number after it: "batch size 1"
# Words that say which level of a measure another number is ("an average token generation rate
# of 13.20 tokens/s, with a peak of 29.08 tokens/s"): that number's, not the next one's.
_LEVELS = frozenset({"average", "mean", "median", "peak", "maximum", "minimum"})
# Where the words qualifying a measure stop, looking left: an article, a preposition, a verb that
# only says it was attained (one that says which way it moved, "increases", is kept).
_HEAD_STOPS = END_WORDS | {"achieves", "achieved", "achieving", "reaches", "delivers", "provides", "shows", "yields",
                            "offers"}
_HEAD_STOPS_PAST = _HEAD_STOPS | _LEVELS
