"""Numbers listed together in a sentence ("2.1x and 3.4x", "1.2×, 1.5× and 2×", "1.10×/4.86×"):
which runs of numbers share their words, and the words of each number's claim."""

from __future__ import annotations

import re
from typing import NamedTuple

from .candidates import shares_unit
from .claim_words import BY_AMOUNT, qualified_start
from .claims import claim_span, clause_start, list_end, own_measure_end
from .kinds import KIND, MEASURE_TAIL, kind_in, measure_words
from ..content.hardware import Mention


# Between numbers listed together ("1.39-1.79 times and 3.22-3.43 times of latency and throughput
# on A100", "1.10×/4.86× lower"): the words after the list hold their kinds, in order, and where
# they were measured.
# A qualifier of the next number may follow the connective: "up to 3.5× and on average 1.6× lower latency".
# Or an average in parentheses after a peak: "up to 1.96× (1.47× on average) end-to-end speedup".
LIST_QUALIFIERS = r"up to|on average|an average of|over|nearly|about|around|roughly|at least|as much as"
LISTED = re.compile(r"^\s*(?:[\w-]+\s*){0,2}(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)"
                    rf"(?:(?:{LIST_QUALIFIERS})\s+)?$|^\s*/\s*$"
                    # Or a figure in parentheses after it: "2.52x (up to 5.11x) speedup", "(1.47× on average)".
                    r"|^\s*\(\s*(?:(?:on average|an average of|average|avg\.?|mean|up to|peak|max(?:imum)?|at most|"
                    r"as (?:much|high) as|over|nearly|about|around|roughly)\s+)?[~≈>]?$")


# The next of a change's numbers, each with its setting: "increased by 15.2% in L1 and| 37.7% in L4"; or
# after a clause about the first one's: "by 17.1% in L1, which offloaded ResNet18, and by| 27.9% in L4".
_AND_BY_ASIDE = re.compile(r"\s*(?:[\w-]+\s+){0,3}?[\w-]+,\s*(?:which|where|who)\b[^;:()]{0,80}?,\s*and\s+" + BY_AMOUNT, re.I)


_SHARE = re.compile(r"\s+of\b", re.I)
# Or the first one's setting of a few words, begun by a preposition: "by up to 63.8% for single-tenant workloads
# and up to| 77.4%", "by up to 31.8% compared to micro-batching, and| 29.6% compared to TP".
# Or a comma alone, in a list of three or more: "by 21% on the A100,| 34% on the H100 and 45% on the B200".
_SETTING_AND = re.compile(r"\s*(?:for|on|in|at|with|under|compared\s+(?:to|with)|relative\s+to)\s+(?:[\w.-]+\s+){0,3}?[\w.-]+"
                          r"\s*(?:,?\s+(?:and|or)\s+|,\s*)(?:(?:up\s+to|on\s+average|about|around|nearly|over)\s+)?", re.I)


def next_of_change(gap: str, after: str) -> bool:
    """Whether `gap`, the words between a change's number and the next number, make that number the
    change's next, in another setting (no measure of its own named between); not a share, which
    `after` (the words right after it) says it is: "Accuracy drops by 0.4% and 12% of requests ..."."""
    return ((LISTED.match(gap) is not None or _SETTING_AND.fullmatch(gap) is not None) and not kind_in(gap)
            or _AND_BY_ASIDE.fullmatch(gap) is not None) and not _SHARE.match(after)


_STANDS_IN = re.compile(r"\s*\((?:up to|on average|average|peak|max(?:imum)?|at most)?\s*[~≈>]?$")
_CLOSES = re.compile(r"\s*(?:[\w.-]+\s*){0,3}\)")  # " on average)"
_CLOSING = re.compile(r"[) ]*")  # what closes the parenthesis a number stands in: ")| and 34.8x"


# A short aside after a number of a list, which says where it was measured: "49% (T4) and 37% (A10)
# higher throughput" lists its numbers' words, not their devices.
_ASIDE = re.compile(r"\s*\([^()]{1,20}\)")


def listed_groups(sentence: str, matches: list[re.Match[str]], measured: list[Mention],
                  asides: bool = False) -> list[tuple[int, int]]:
    """(first, last) index of each run of numbers listed together ("2.1x and 3.4x", "1.2×, 1.5×
    and 2×"): nothing but a connective between them, and no device named between (with
    `asides`, but in a short parenthesis right after a number: "49% (T4) and 37% (A10)")."""
    groups, first = [], 0
    while first < len(matches):
        last = first
        while last + 1 < len(matches):
            start, end = matches[last].end(), matches[last + 1].start()
            aside = _ASIDE.match(sentence, start, end) if asides else None
            if aside:
                start = aside.end()
            # (Or the end of the parenthesis this number stands in: "159.9x (49.6x)| and 34.8x (29.2x) energy efficiency".)
            elif asides and last > first and _STANDS_IN.match(sentence, matches[last - 1].end(), matches[last].start()):
                start = _CLOSING.match(sentence, start, end).end()
            gap = sentence[start:end]
            if not LISTED.match(gap) or kind_in(gap) or any(start <= m.start < end for m in measured):
                break
            last += 1
        groups.append((first, last))
        first = last + 1
    return groups


def claim_spans(sentence: str, matches: list[re.Match[str]], measured: list[Mention],
                paired: list[Paired] = ()) -> list[tuple[int, int]]:
    """The words of each number's claim: those about it alone, or, for numbers listed together,
    those of the whole list ("achieves 2.1x and 3.4x speedups"), from the measures that name
    them in turn (`paired`: "the throughput and latency ... are improved by 2.4x and 1.8x")."""
    def right_bound(index: int) -> int:
        # Past a figure in parentheses that stands in for this one: "1.25× (up to 2.7×)| in energy efficiency".
        after = index + 2 if index + 1 < len(matches) and _STANDS_IN.match(
            sentence, matches[index].end(), matches[index + 1].start()) else index + 1
        return matches[after].start() if after < len(matches) else len(sentence)

    spans = [claim_span(sentence, match.start(), match.end(), matches[index - 1].end() if index else 0,
                        right_bound(index))
             for index, match in enumerate(matches)]
    for first, last in listed_groups(sentence, matches, measured, asides=True):
        # "284 GOPS/W and 5.3 TOPS per watt": a rate's unit says what it measures, each its own.
        # Not numbers that share the last one's unit: "614/307/77 GOPS".
        # Unless the last one's measure follows it, which is the list's: "5.44 TFLOPs and 77.01 TOPs throughput".
        if last > first and (not all(m.group("rate") or m.group("efficiency") for m in matches[first:last + 1])
                             or any(shares_unit(m) for m in matches[first:last + 1])
                             or _measure_right_after(sentence, matches[last].end())
                             and len({bool(m.group("efficiency")) for m in matches[first:last + 1]}) == 1):
            bound = matches[last + 1].start() if last + 1 < len(matches) else len(sentence)
            # "up to 1.96× (1.47× on average) end-to-end speedup": the words after the parenthesis.
            tail = matches[last].end()
            if sentence[matches[first].end():matches[first + 1].start()].strip().startswith("("):
                closed = _CLOSES.match(sentence, tail)
                tail = closed.end() if closed else tail
            stands_in = _STANDS_IN.match(sentence, matches[first].end(), matches[first + 1].start()) is not None
            whole = (spans[first][0], max(list_end(sentence, tail, bound, stands_in), *(span[1] for span in spans[first:last + 1])))
            # With the words "respectively" gives them to, whose first ones the clause's "and" cut off: "The
            # prefill and| decode phases run 2.1x and 3.4x faster, respectively".
            items = _ITEMS_BEFORE.search(sentence, max(0, whole[0] - 60), whole[0])
            if items and _RESPECTIVELY_AFTER.match(sentence, whole[1]) and not _NO_ITEM.match(sentence, whole[0]) \
                    and len(LIST_ITEMS.split(items.group(0))) in (last - first + 1, _outside_parentheses(sentence, matches, first, last)):
                whole = (items.start(), whole[1])
            spans[first:last + 1] = [whole] * (last - first + 1)
    for pair in paired:  # from the measures, or from the "by" of a list that repeats the one before
        for index in range(pair.first, pair.first + len(pair.kinds)):
            spans[index] = ((max if pair.again else min)(spans[index][0], pair.opens), spans[index][1])
    return spans


_WORD_BEFORE_MEASURE = re.compile(r"\s+(?:[a-z][\w-]*\s+)?")


def _measure_right_after(sentence: str, end: int) -> bool:
    """Whether a measure's word follows the number ending at `end`, with at most one word before it
    ("77.01 TOPs throughput", "2.94 TFLOPs inference throughput")."""
    gap = _WORD_BEFORE_MEASURE.match(sentence, end)
    found = KIND.match(sentence, gap.end()) if gap else None
    return found is not None and found.lastgroup != "scale"


def _outside_parentheses(sentence: str, matches: list[re.Match[str]], first: int, last: int) -> int:
    """How many numbers from `first` to `last` stand outside parentheses: "378x (4.1x), 6x (34.7x)" lists two."""
    return sum(not _STANDS_IN.match(sentence, matches[at - 1].end(), matches[at].start()) if at > first else True
               for at in range(first, last + 1))


def respective_measures(sentence: str, matches: list[re.Match[str]], words: list[tuple[int, int]],
                        measured: list[Mention]) -> dict[int, tuple[int, tuple[int, int]]]:
    """For the numbers of a list whose words name no measure, in a sentence that says
    "respectively" ("the accelerator achieves 1.29× end-to-end speedup, 1.64× higher decode
    throughput and 3.14× better energy efficiency; on the V80 they reach 4.71×, 6.55× and 4.13×,
    respectively"): each one's index -> (the index of the number in its place among as many
    numbers right before the list, each with a measure of its own; the span of that number's
    words naming its measure)."""
    out: dict[int, tuple[int, tuple[int, int]]] = {}
    for first, last in listed_groups(sentence, matches, measured):
        count = last - first + 1
        # (Not the measure of the number before, which its words may reach back to: "1.1 TOp/J energy
        # efficiency, which, respectively, are 4X and 7X higher".)
        own_start = max(words[first][0], own_measure_end(sentence, matches[first - 1].end(), matches[first].start())) \
            if first else words[first][0]
        if count < 2 or first < count or kind_in(sentence[own_start:words[first][1]]):
            continue
        # A list in parentheses is of the words before them ("operations for inference (>34% and
        # ~17% lower than ...)"), not of the numbers before.
        gap = sentence[matches[first - 1].end():matches[first].start()]
        if gap.rfind("(") > gap.rfind(")"):
            continue
        sources = range(first - count, first)
        named = [measure_words(sentence, matches[index].end(), words[index]) for index in sources]
        if all(named):
            out.update(zip(range(first, last + 1), zip(sources, named)))
    return out


class Paired(NamedTuple):
    """A list of numbers whose measures a list of as many measures names, in turn ("the
    throughput and latency ... are improved by 2.4x and 1.8x, respectively")."""

    first: int  # the index of the list's first number
    kinds: list[str]  # each number's kind, in turn
    measures: tuple[int, int]  # the words naming the measures, all of them
    again: bool  # the list repeats the change of the list before it: "..., and by 12% and 8% over a GPU"
    opens: int  # where the list's own words start: its measures, or the "by" of a list that repeats
    verb: str  # the verb of the change before the measures ("improve"), or ""


# What coordinates measures: "energy and latency", "throughput, latency, and energy" (with the
# next one's modifiers: "decoding throughput and first-token latency").
_AND_LINK = re.compile(MEASURE_TAIL + r"\s*,?\s*(?:and|&)\s+(?:[\w-]+\s+){0,2}")  # "energy consumption and latency"
_COMMA_LINK = re.compile(MEASURE_TAIL + r"\s*,\s*(?:[\w-]+\s+){0,2}")
_SLASH_LINK = re.compile(MEASURE_TAIL + r"\s*/\s*")  # "energy/speed gains of 2.0x/2.4x"
# The verb of the change right before the measures: "improve both| performance and energy".
CHANGE_STEMS = r"improv|reduc|lower|increas|decreas|cut|boost|rais|sav|shrink|accelerat|enhanc"
_CHANGE_BEFORE = re.compile(rf"\b(?:{CHANGE_STEMS})\w*"
                            r"\s+(?:(?:both|the|its|their|overall)\s+)*$", re.I)
# Modifiers coordinated before one measure's noun: "prefill and decode speeds".
_SHARED_HEAD = re.compile(r"(?P<words>(?:[A-Za-z][\w-]*,\s+)*[A-Za-z][\w-]*,?\s+(?:and|&)\s+[A-Za-z][\w-]*)\s+$")
# Between the items of a list of words: "A, B and C", "A, B, & C" (items to be stripped).
LIST_ITEMS = re.compile(r",\s*(?:and\s+|&\s+)?|\s+(?:and|&)\s+")
# The words a list said "respectively" gives its numbers to, before the last: "prefill and ", "A, B, and " (not a
# clause's ", and ", nor "and" before a qualifier or a pronoun: "speedup and| up to").
_ITEMS_BEFORE = re.compile(r"(?<![\w-])(?:(?:[\w-]+,\s+)+[\w-]+,?|[\w-]+)\s+(?:and|&)\s+$")
_NO_ITEM = re.compile(r"(?:up|over|about|around|nearly|roughly|only|also|we|it|they|our|its)\b", re.I)
# What joins the measures to their numbers: a preposition right before the list ("drop by", "speeds
# of", "improves ... to"), or "respectively" right after it.
_JOINS = re.compile(r"\b(?:by|of|at|to)\s+(?:(?:up to|about|around|over|nearly|roughly|approximately)\s+)?$", re.I)
_RESPECTIVELY_AFTER = re.compile(r"[^.;\d]{0,40}?\brespectively\b", re.I)
# Words between the measures and their list that end the clause the measures are in.
_OTHER_CLAUSE = re.compile(r"\b(?:while|whereas|but|which|that|when|where)\b", re.I)
# The list before, again: "..., and by 12% and 8% over a GPU", "... for ChatGLM2 6B, and 330 token/s and 30 token/s".
_AGAIN = re.compile(r"\band\s+(?P<by>" + BY_AMOUNT + ")?$", re.I)
_GAP_WORDS = 16


def _unit(match: re.Match[str]) -> str:
    """A number's unit, for telling lists of one unit apart ("token/s", "x", "%")."""
    groups = match.groupdict()
    return (groups.get("rate") or groups.get("efficiency") or "").lower() or (
        "x" if groups.get("factor") or groups.get("xfirst") else "%")


def _phrases(sentence: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """The words naming measures in sentence[start:end], words of one measure together ("memory footprint")."""
    phrases: list[tuple[int, int, str]] = []
    for found in KIND.finditer(sentence, start, end):
        if phrases and re.fullmatch(r"[\s-]*", sentence[phrases[-1][1]:found.start()]):
            phrases[-1] = (phrases[-1][0], found.end(), phrases[-1][2])
        else:
            phrases.append((found.start(), found.end(), found.lastgroup))
    return phrases


def _measure_list(sentence: str, start: int, end: int, count: int) -> tuple[int, int, list[str], str] | None:
    """The `count` measures named together last in sentence[start:end]: where their words start
    and end, each one's kind in turn and the verb of the change before them ("improve", or "");
    None where the last measures named are not as many."""
    phrases = _phrases(sentence, start, end)
    if not phrases:
        return None
    # Back from the last: "and" (or "&") before the last measure, commas before the others.
    run = [phrases[-1]]
    for phrase in reversed(phrases[:-1]):
        link = _AND_LINK if len(run) == 1 else _COMMA_LINK
        if not link.fullmatch(sentence, phrase[1], run[0][0]) and not _SLASH_LINK.fullmatch(sentence, phrase[1], run[0][0]):
            break
        run.insert(0, phrase)
    if len(run) == count:
        begin = qualified_start(sentence, run[0][0], start)
        verb = _CHANGE_BEFORE.search(sentence, start, begin)  # with the verb: "improve both performance and energy"
        return verb.start() if verb else begin, run[-1][1], [kind for _, _, kind in run], verb.group(0) if verb else ""
    shared = _SHARED_HEAD.search(sentence, start, run[-1][0]) if len(run) == 1 else None
    # (Modifiers, not a name and a verb: "on NVIDIA L40S and L4, and reduces| EDP by 9.9% and 3.7%".)
    if shared and not re.search(r"\d|,\s*(?:and|&)\s", shared.group("words")) \
            and len([w for w in LIST_ITEMS.split(shared.group("words")) if w.strip()]) == count:
        return shared.start("words"), run[-1][1], [run[-1][2]] * count, ""
    # A list of as many things changed, right before "by", half of them measures or more: "reduces latency,
    # energy consumption, and communication load respectively by up to 8×, 25×, and 54×".
    listed = _THINGS_BY.search(sentence, start, end)
    items = [item for item in LIST_ITEMS.split(listed.group("items")) if item.strip()] if listed else []
    kinds = [found.lastgroup if (found := KIND.search(item)) else "other" for item in items]
    if len(items) == count and 2 * sum(kind != "other" for kind in kinds) >= count:
        verb = _CHANGE_BEFORE.search(sentence, start, listed.start("items"))
        return verb.start() if verb else listed.start("items"), listed.end("items"), kinds, verb.group(0) if verb else ""
    return None


# An item of such a list: one to three words, not the verb of the change nor an article.
_THING = rf"\b(?!(?:{CHANGE_STEMS}|both|the|its)\w*\b)[A-Za-z][\w-]*"
_THINGS_BY = re.compile(rf"(?P<items>(?:{_THING}(?:\s+{_THING}){{0,2}},\s+){{1,5}}(?:and|&)\s+{_THING}(?:\s+{_THING}){{0,2}})\s+"
                        rf"(?:respectively,?\s+)?{BY_AMOUNT}$", re.I)


def paired_lists(sentence: str, matches: list[re.Match[str]], measured: list[Mention]) -> list[Paired]:
    """The lists of numbers of `sentence` that a list of as many measures names in turn: right
    before them ("memory footprint and training time drop by 35% and 20%", "prefill and decode
    speeds of 900 tokens/s and 40 tokens/s") or with "respectively" after them; and a list that
    repeats the change of such a list ("lowers energy and latency by 40% and 25% over the CPU,
    and by 12% and 8% over a GPU")."""
    out: list[Paired] = []
    for first, last in listed_groups(sentence, matches, measured):
        count = last - first + 1
        if count < 2:
            continue
        begin = clause_start(sentence, matches[first - 1].end() if first else 0, matches[first].start())
        previous = out[-1] if out else None
        after = matches[last + 1].start() if last + 1 < len(matches) else len(sentence)
        # "..., and by 12% and 8% over a GPU": the verb and its measures left out; the words after
        # the list name no measure of their own.
        again = _AGAIN.search(sentence, matches[first - 1].end(), matches[first].start()) if first else None
        if again and previous is not None and len(previous.kinds) == count and previous.first + count == first \
                and (again.group("by") or [_unit(m) for m in matches[previous.first:first]] == [_unit(m) for m in matches[first:last + 1]]) \
                and not KIND.search(sentence, matches[last].end(), min(after, matches[last].end() + 40)):
            out.append(Paired(first, previous.kinds, previous.measures, True,
                              again.start("by") if again.group("by") else matches[first].start(), previous.verb))
            continue
        found = _measure_list(sentence, begin, matches[first].start(), count)
        if found is None:
            continue
        start, end, kinds, verb = found
        gap = sentence[end:matches[first].start()]
        if len(gap.split()) > _GAP_WORDS or _OTHER_CLAUSE.search(gap):
            continue
        if _JOINS.search(gap) or _RESPECTIVELY_AFTER.match(sentence, matches[last].end(), after):
            out.append(Paired(first, kinds, (start, end), False, start, verb))
    return out
