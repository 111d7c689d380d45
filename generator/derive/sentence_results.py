"""The results one sentence states: each number with a unit (a factor `3.6×`, a
percentage `77%`, a rate `156 TFLOPS`) and each absolute result (`measures.py`), the kind of
result the words around it name (speedup, throughput, memory, ...), the direction it moved, the
baseline the sentence compares with ("over cuBLAS", "compared to ZeRO-Infinity") and the device
the sentence says it was measured on (`result_devices.py`; never the baseline's).

`results.py` reads an abstract's sentences in turn with `sentence_results` and credits the
results a sentence leaves without a device from the sentences around it.
"""

from __future__ import annotations

import re

from .claim_words import BY_AMOUNT, reached_share
from .claims import claim_span, make_claim
from .kinds import LOWER_IS_BETTER, claim_kind, kinds_in, score_on_benchmark, scores_set_side_by_side
from ..content.hardware import Hardware, Mention
from .candidates import (candidates, counts_hardware, efficiency_unit, for_matching, low_and_high,
                         parse_number, counts_operations, rate_unit)
from .comparisons import AMOUNT_WORDS, OPENING_COMPARED_WITH, OUTPERFORMS, COMPARED_WITH, direction_of
from .result_baselines import baseline_device, number_baselines, respective_baselines, shared_baseline, with_its_setting
from .measures import absolute_measures
from .measure_results import elided_measures, with_measures
from .result import Result
from .figure_factors import factors_of_the_figure_before
from .shared_heads import shared_head
from .devices_in_turn import (RESPECTIVE_BEFORE, in_turn, listed_together, lists_of, names_other_list, respective_devices,
                              slashed_groups)
from .number_lists import claim_spans, next_of_change, paired_lists, respective_measures
from .carried_devices import refined_device
from .hardware_lists import hardware_list
from .result_devices import device_of, setting_after
from .measured import measured_in_sentence
from ..content.check import MODEL_NAME

# A percentage is a result only when it says what changed: "37% latency reduction", not "52% of peak".
_CHANGE = re.compile(r"reduc\w*|lower|less|fewer|faster|improv\w*|increas\w*|higher|sav\w*|boost\w*|speed(?:s|ing)?\s?up|better|cut|"
                     r"accelerat(?!ors?\b)\w*|enhanc\w*|inflat\w*|narrow(?:s|ed|ing)\b|gain|decreas\w*|smaller|outperform\w*|exceed\w*|"
                     r"surpass\w*|slash\w*|halv\w*|shorten\w*|shrink\w*|shrank|trim(?:s|med|ming)?|los(?:es|ing)\b|fall(?:s|ing)?\b|fell\b|ris(?:es|ing)\b|rose\b|"
                     r"cheaper|costlier|br(?:ing|ings|inging|ought)\s+down", re.I)
# Or "more" or "less" right after the number: "1.3% more accurate", "9% more than on H100".
_MORE_OR_LESS = re.compile(r"\s*(?:more|less)\b", re.I)
# Or the change the next percentage of a list names for both: "6% performance and 4% power improvements".
_CHANGE_LISTED_AFTER = re.compile(r"\s+(?:[\w-]+\s+){1,2}(?:and|or)\s+(?:up to\s+)?[\d.]+\s*%\s+(?:[\w-]+\s+){1,2}?"
                                  rf"(?P<change>{_CHANGE.pattern})", re.I)
# A loss says what changed too ("latency drops 41%", "slowed inference by 82%"), unless the sentence
# is about existing systems or a condition, the problem a paper sets out to solve ("When the KV cache
# spills to host memory, decoding slows by 45%").
_WORSE = re.compile(r"drop\w*|slow\w*", re.I)
_PROBLEM = re.compile(r"\b(?:existing|current|conventional|traditional|today's)\b|^\W*(?:when|whenever|if|under)\b"
                      r"(?!\s+(?:utili[sz]ing|using|running|deploy(?:ed|ing)|evaluat(?:ed|ing)|test(?:ed|ing)|measur(?:ed|ing))\b)",
                      re.I)
_DIGIT = re.compile(r"\d")  # every candidate holds one
_MINUS = re.compile(r"(?:^|[\s(])[−-]$")  # a minus sign before a number (not a range's dash)
_PERCENT = ("%", "pp")  # a percentage, or a difference of two: "by 23 percentage points"
# Or a measurement in words: "four GPU hours", "twice as fast".
_IN_WORDS = re.compile(r"hours|days|minutes|seconds|twice|half|doubl|tripl|fold|(?:two|three|four|five|six|seven|eight|"
                       r"nine|ten) times", re.I)
# A sentence about the field, not about the paper's own results.
# A trend said in the present perfect of a change ("the speed of deep learning has accelerated by
# 30 times"), unless the paper's own ("we have improved").
# Or what is so as a rule, in the present: "The availability of LUTs typically outnumbers that of DSPs by a
# factor of 100", "LUTs typically outnumber DSPs" (not the paper's own: "our kernels typically run").
_BACKGROUND = re.compile(r"\b(?:grown|grew|(?<!we )(?:has|have)\s+(?:\w+ly\s+)?(?:increased|accelerated|risen|"
                         r"doubled|tripled|surged|exploded|skyrocketed)|(?:typically|usually|generally|commonly)\s+"
                         r"(?:\w+ly\s+)?(?!less\b)[a-z]+[^s\W]s"
                         r"|(?<!\bour\s)(?<!\bwe\s)(?:[A-Za-z]+s|they|which)\s+(?:typically|usually|generally|commonly)\s+"
                         r"(?!less\b|more\b|only\b)[a-z]+(?<!s))\b", re.I)
# A change's verb further back, with its object between: "reduces the GPU memory usage of the model by up to 40%".
_CHANGED_BY = re.compile(r"(?:\b(?:" + _CHANGE.pattern + r")\b(?:(?!\s(?:and|or)\s)[^,;])*|\boutperform\w*\s[^;:]{0,60}?)(?<!ed)\sby\s+"
                         + AMOUNT_WORDS + r"(?:(?:up to|about|around|over|nearly|almost|approximately|roughly|as much as)\s+)?$", re.I)
_BEFORE_CHARS = 80
_AFTER_CHARS = 50
# Where a clause ends: the words after it describe something else.
_CLAUSE_AFTER = re.compile(r"\s(?:and|but|while|whereas|which|with)\s|[;(]")
_CLAUSE_BEFORE = re.compile(r"\s(?:but|while|whereas)\s|;")
# "..., respectively", or "respective" before the numbers it gives out ("on the Jetson Nano and the
# Snapdragon 8 Gen 1 demonstrates respective speedups of 1.37X and 2.22X"; not "their respective
# base models").
_RESPECTIVELY = re.compile(rf"\brespectively\b|{RESPECTIVE_BEFORE.pattern}", re.I)
# An opening (of the sentence or a clause) that names several platforms: "...; on Jetson Nano and Galaxy Note8, ...".
_OPENS_ON_SEVERAL = re.compile(r"(?:^|[;:])\W*(?:on|across|using)\s+[^,;]{1,80}?\s(?:and|or)\s[^,;]{1,60},", re.I)
_SLASHED_NUMBERS = re.compile(r"\d[\w.%×]*\s?/\s?\d")
_COMPARED_OPENING = re.compile(rf"\W*{OPENING_COMPARED_WITH}\b[^,;]{{0,160}}[,;]", re.I)
_ON_OWN = re.compile(r"\b(?:on|using|running on)\s+(?:an?\s+|the\s+|one\s+|\d+\s+)?(?P<name>(?-i:[A-Z][\w-]*\d)[\w.-]*)", re.I)
# Hardware in the comparison of the result before ("... than cuBLAS on the A100 and 1.8x ...").
_IN_COMPARISON = re.compile(rf"\b{COMPARED_WITH}\s[^,;]*?\b(?:on|using)\s(?:the\s|an?\s)?(?-i:[A-Z])", re.I)
_MAGNITUDES = {"K": 1e3, "M": 1e6, "thousand": 1e3, "million": 1e6}  # "1.41M tokens/s", "1.73 million images/sec"
# The same change again after a result: "by 24% on average and by up to 77%"; another measure by
# as much, its verb left out: "by 24%, end-to-end training latency by 12%", or the same measure of
# another thing: "of AlexNet by up to 89%, OverFeat by 91%".
_AND_BY = re.compile(r"\s*(?:[\w-]+\s+){0,3}?,?\s*and\s+" + BY_AMOUNT, re.I)
_NAMED_BY = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?-i:[A-Z][\w.+-]*)(?:\s+[\w.+-]+){0,2}?\s+" + BY_AMOUNT, re.I)
# A comparison won: "surpasses X by 87%".
_WINS = re.compile(rf"\b{OUTPERFORMS}", re.I)
_MEASURE_BY = re.compile(r"(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:[\w-]+\s+){1,4}?" + BY_AMOUNT, re.I)

# A part that takes a share of a time: "account for up to 70% of total model inference latency", "consuming 72%
# of application time", "occupy 47% time of the entire model execution".
_TAKES = re.compile(r"\b(?:account(?:s|ed)?\s+for|consum(?:es|ed|ing|e)|occup(?:y|ies|ied|ying)|tak(?:es|ing|e)|took|tak(?:es|ing)\s+up|"
                    r"spend(?:s|ing)?|dominat(?:es|ing)|represent(?:s|ing)?|comprises?|mak(?:es|ing)\s+up)\s+"
                    r"(?:(?:up to|about|around|nearly|over|almost|roughly|only|just|more than|less than)\s+)?$", re.I)
_CAUSE = re.compile(r"\W*(?:since|because|as)\b[^,;]*$", re.I)
_OF_TIME = re.compile(r"\s*(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:time|runtime|run time|latency|execution time|"
                      r"inference time|cycles)\b", re.I)
_COMPRESSION = re.compile(r"\bcompression (?:rates?|ratios?)|[x×] compression\b", re.I)


def resolved(result: Result) -> Result:
    """"better" made a direction for the result's kind: lower for a latency, a memory or a cost.
    A factor above 1 that no word turns is higher for a speedup, a throughput, an efficiency,
    an accuracy or a scale ("outperforms Y by 2x", "3.2x the efficiency of Y"); one below 1 is lower."""
    kind = result.kind
    if kind == "memory" and result.claim is not None and _COMPRESSION.search(result.claim.text):
        return result._replace(direction="lower")  # a higher compression ratio is a smaller size
    if result.direction is None and result.unit == "×" and ((result.value or 0) > 1 and kind not in LOWER_IS_BETTER
                                                            or 0 < (result.value or 0) < 1):  # "0.6x as fast as"
        return result._replace(direction="higher" if result.value > 1 else "lower")
    if result.direction not in ("better", "worse"):
        return result
    lower = (kind in LOWER_IS_BETTER) == (result.direction == "better")
    return result._replace(direction="lower" if lower else "higher")


# A percentage that states a level, not a change: "80.0% accuracy", "over 90% utilization", "40% of peak".
_STATED_AS_PERCENT = frozenset({"accuracy", "utilization", "error", "scalability", "area"})


def sentence_results(written: str, mentions: list[Mention], hardware: Hardware | None,
                     paper_vendors: frozenset[str], measured_on: list[str], opening: str | None,
                     own_hardware: bool = False) -> list[Result]:
    """The results of one sentence (`mentions`: the hardware it names, positions in it;
    `opening`: the device its opening phrase names; `own_hardware`: the paper designs hardware of
    its own)."""
    # Most sentences hold no number: the cheapest test first.
    if not _DIGIT.search(written) and not _IN_WORDS.search(written):
        return []
    sentence = for_matching(written)
    spans = [(h.start, h.end) for h in mentions]
    matches = [m for m in candidates(sentence) if not counts_hardware(sentence, m, spans)]
    measures = absolute_measures(sentence, [m.span() for m in matches])
    if not (matches or measures) or _BACKGROUND.search(sentence):
        return []
    # Each number's words run from the number before it to the number after it.
    cuts = [(matches[index - 1].end() if index else 0,
             matches[index + 1].start() if index + 1 < len(matches) else len(sentence))
            for index in range(len(matches))]
    # The baselines first: a device that is one is never a result's device.
    baselines = number_baselines(sentence, matches, cuts)
    excluded = [with_its_setting(sentence, b, mentions) for b in baselines if b]
    # In a paper that designs hardware of its own, hardware in an opening comparison is the
    # competitor's ("Compared to the software framework running on Intel Xeon CPU and NVIDIA V100
    # GPU, our work achieves ..."); elsewhere it may be where both ran ("Compared to FP16 on an
    # RTX 4090, ...").
    # Or, anywhere, when the sentence names where its own subject ran: "Compared to running on a
    # Xeon CPU, X on an A100 is 20x faster".
    against = _COMPARED_OPENING.match(sentence)
    if against and (own_hardware or any(not MODEL_NAME.match(on.group("name"))  # not "on Llama-2-7B"
                                        for on in _ON_OWN.finditer(sentence, against.end()))):
        excluded.append(against.span())
    measured = measured_in_sentence(sentence, mentions, excluded, hardware, paper_vendors)
    paired = paired_lists(sentence, matches, measured)
    words = claim_spans(sentence, matches, measured, paired)
    of_figure = factors_of_the_figure_before(sentence, matches, words)
    # Each number of a list that measures named before it pair with: its kind, and for a list
    # that repeats the change ("..., and by 12% and 8% over a GPU"), those measures' words and
    # the number in its place in the list before.
    pairing = {pair.first + at: (kind, pair.measures if pair.again else None, pair.first - len(pair.kinds) + at
                                 if pair.again else None, pair.verb)
               for pair in paired for at, kind in enumerate(pair.kinds)}
    previous_kind = None
    in_sentence: list[tuple[re.Match[str], Result]] = []
    for index, match in enumerate(matches):
        cut_before, cut_after = cuts[index]
        before = sentence[max(cut_before, match.start() - _BEFORE_CHARS):match.start()]
        before = _CLAUSE_BEFORE.split(before)[-1]
        after = sentence[match.end():min(cut_after, match.end() + _AFTER_CHARS)]
        after = _CLAUSE_AFTER.split(after)[0]
        rate, efficiency = match.group("rate"), match.group("efficiency")
        if efficiency:
            unit = efficiency_unit(efficiency)
        elif rate:
            unit = rate_unit(rate)
        else:
            unit = "×" if match.group("factor") or match.group("xfirst") else (
                "%" if match.group("percent").lower() in ("%", "percent") else "pp")
        comparison = baselines[index][1] if baselines[index] else None
        claim = make_claim(written, match.start(), match.end(), words[index], comparison,
                           pairing[index][1] if index in pairing else shared_head(sentence, matches, words, index))
        kind = claim_kind(claim)
        if efficiency:
            kind = "efficiency"
        elif rate and counts_operations(rate, before, after):
            unit, kind = rate, "compute"  # "reduced computations by 3.2 GFLOPs": operations counted, not a rate
        elif rate:  # "740 TFLOPS, 75% utilization": the rate is a throughput, whatever its neighbour names
            # (but operations a cycle the claim calls an efficiency or a utilization: "efficiency of 106 MAC/Cycle")
            kind = "latency" if "token" in unit and unit.startswith(("s", "ms")) else kind \
                if unit == "MACs/cycle" and kind in ("efficiency", "utilization") else "throughput"
        parallel = again = False
        changed = listed_change = None
        if unit in _PERCENT:
            nearby = before[-45:] + sentence[match.end():match.end() + 30]
            gap = sentence[cut_before:match.start()]
            # "by 24% on average and by up to 77% under dynamic inputs": the same change again.
            # "reduces turnaround time by 24%, end-to-end training latency by 12%": another measure, by as
            # much, after a change: the verb left out.
            parallel = bool(in_sentence) and in_sentence[-1][1].direction is not None \
                and _MEASURE_BY.fullmatch(gap) is not None and (kinds_in(gap) != [] or _NAMED_BY.fullmatch(gap) is not None)
            again = bool(in_sentence) and in_sentence[-1][0] is matches[index - 1] and in_sentence[-1][1].direction is not None \
                and next_of_change(gap, sentence[match.end():match.end() + 4])
            listed = previous_kind is not None and (len(gap.strip(" ,")) <= 4 or _AND_BY.fullmatch(gap) is not None
                                                    or parallel or again)
            worse = _WORSE.search(nearby) and not _PROBLEM.search(sentence)
            # (Or a share of a time a part takes: "sampling can account for up to 70% of total inference latency".)
            # (Not the cause a sentence opens with: "Since GEMM accounts for up to 90% of inference time, ...".)
            share_of_time = _OF_TIME.match(sentence, match.end()) \
                if _TAKES.search(before) and not _CAUSE.match(sentence, 0, match.start()) else None
            stated = (kind in _STATED_AS_PERCENT or reached_share(sentence, *match.span()) or share_of_time) \
                and not _PROBLEM.search(sentence)
            if share_of_time and kind in (None, "speedup", "latency"):  # a share of a latency, or of a time (no latency)
                of_what = sentence[match.end():share_of_time.end()] + re.match(r"[\w-]*", sentence[share_of_time.end():]).group(0)
                kind = "latency" if "latency" in of_what.lower() or "latency" in kinds_in(of_what) else "other"
            changed = _CHANGED_BY.search(before)
            listed_change = _CHANGE_LISTED_AFTER.match(sentence, match.end()) if not _CHANGE.search(nearby) else None
            if listed_change:  # its claim runs to the change: "6% performance and 4% power improvements"
                claim = make_claim(written, match.start(), match.end(), (words[index][0], listed_change.end()), comparison)
            elif not _CHANGE.search(nearby) and not _MORE_OR_LESS.match(sentence, match.end()) and not worse \
                    and not stated and not listed and not changed and index not in pairing:
                continue
        if kind is None:
            # "2.49x, and 2.32x reductions on latency": the words after the list.
            kind = (unit in _PERCENT and score_on_benchmark(sentence, match.end())) or next(  # "17.6% EMA on GSM8K"
                (k for k in kinds_in(sentence[match.end():match.end() + 80], measured_only=True) if k != "scale"), previous_kind)
        if kind is None and baselines[index] and (unit == "×" or _WINS.search(sentence, cut_before, match.start())):
            kind = "speedup"  # "performs 4.86× than DeepSpeed", "surpasses PyTorch JIT by 87%": no measure named
        if index in of_figure:  # a factor of the figure before is of its measure ("3.18 fps/W, which is 28.91x")
            kind = next((r.kind for m, r in in_sentence if m is matches[of_figure[index]]), kind)
        if kind is None:
            continue
        if unit == "%" and kind == "speedup" and scores_set_side_by_side(sentence, match.start(), match.end()):
            kind = "accuracy"  # "On ImageNet-V2, X variants outperform all baselines (up to 79.8% vs 76.8%)"
        if unit == "pp" and kind not in ("accuracy", "error", "utilization", "scalability", "efficiency"):
            kind = "accuracy"  # a difference of two percentages is a rate's or a score's: "success rate by 0.4 pp"
        previous_kind = kind
        (prefix, magnitude), (low, high) = match.group("prefix", "magnitude"), low_and_high(sentence, match)
        value_text = (prefix or "") + (f"{low}–{high}" if high else low) + (
            f" {magnitude}" if magnitude and len(magnitude) > 1 else magnitude or "")
        baseline = baselines[index][0] if baselines[index] else None
        device = device_of(hardware, sentence, mentions, measured, match.start(), match.end(), cut_before,
                           cut_after) if hardware is not None else None
        if device is None and opening is None:
            device = setting_after(sentence, mentions, measured, match.end(), cut_after)
        elif device is not None and baselines[index] and _IN_COMPARISON.search(sentence, cut_before, match.start()):
            # "1.5x faster than cuBLAS on the A100 and 1.8x faster than rocBLAS on the MI250X": the
            # hardware of the comparison before is that result's; this one's comes after its own.
            device = setting_after(sentence, mentions, measured, match.end(), cut_after) or device
        direction = direction_of(before, after, bool(rate or efficiency)) or (
            direction_of("", listed_change.group("change"), False) if unit in _PERCENT and listed_change else None)
        if unit in _PERCENT and _MINUS.search(sentence, max(0, match.start() - 2), match.start()):
            direction = "lower"  # "−2.42 pp vs. FP32"
        if direction is None and unit in (*_PERCENT, "×") and (changed := changed or _CHANGED_BY.search(before)):
            # the verb far before "by": "reduces the ... of X by 40%", "brought down fine-tuning time for X by 58%"
            # (not a speedup's: what "reduces ... by 1.6x" names, no kind word says; a speedup is no lower)
            direction = direction_of(re.match(r"\w+(?:\s+down)?", changed.group(0)).group(0), "", False)
            direction = None if kind == "speedup" and direction == "lower" and unit == "×" else direction
        if direction is None and unit in _PERCENT and (parallel or again):
            direction = in_sentence[-1][1].direction
        against = baseline_device(hardware, sentence, mentions, measured, baselines[index][1], device, baseline) \
            if hardware is not None and baselines[index] else None
        value = parse_number(high or low)
        if magnitude and value is not None:
            value *= _MAGNITUDES[magnitude]
        in_sentence.append((match, Result(value, value_text, unit, kind, baseline, device,
                                          written.strip(), direction, claim, against)))
    results = listed_together(sentence, in_sentence, hardware, measured)  # one for each of in_sentence
    at_match = {matches.index(match): at for at, (match, _) in enumerate(in_sentence)}
    for index, (kind, _, source, verb) in pairing.items():
        if index in at_match and results[at_match[index]].unit in ("×", *_PERCENT):  # a rate's unit names its kind
            result = results[at_match[index]]
            # The direction its own words give, else the verb's before the measures ("improve both
            # performance and energy by 2.7x and 2.3x"), else its place's in the list it repeats.
            direction = result.direction or (direction_of(verb, "", False) if verb else None) or (
                results[at_match[source]].direction if source in at_match else None)
            results[at_match[index]] = result._replace(kind=kind, direction=direction)
    names = list(dict.fromkeys(b[0] for b in baselines if b))
    respectively = _RESPECTIVELY.search(sentence)
    shared = shared_baseline(sentence, baselines)
    if shared is not None and not respectively:
        # (Not a level, "an mAP of 69.1% ... (12% higher than X)", but after an opening comparison:
        # "Compared to real hardware, it achieves an average 4.1% error".)
        opening = _COMPARED_OPENING.match(sentence)
        level = not (opening and shared[1][1] <= opening.end())
        results = [r if r.baseline or match.group("rate") or match.group("efficiency")
                   or (level and r.unit in _PERCENT and r.direction is None and r.kind in _STATED_AS_PERCENT) else r._replace(
            baseline=shared[0], claim=make_claim(written, *match.span(), words[matches.index(match)], shared[1]),
            baseline_device=baseline_device(hardware, sentence, mentions, measured, shared[1], r.device)
            if hardware is not None else None) for (match, _), r in zip(in_sentence, results)]
    measures += elided_measures(sentence, [(m.end(), r.unit, r.kind, r.direction, (words[matches.index(m)][0], m.start()))
                                           for m, r in in_sentence]
                                + [(m.end, m.unit, m.kind, m.direction,
                                    (claim_span(sentence, m.start, m.end, 0, m.end)[0], m.start)) for m in measures],
                                [*(m.span() for m in matches), *((m.start, m.end) for m in measures)])
    if respectively:  # "...; on the V80 they reach 4.71×, 6.55× and 4.13×, respectively": the measures before, in order
        for index, (before, measure) in respective_measures(sentence, matches, words, measured).items():
            if index in at_match and index not in pairing and (source := at_match.get(before)) is not None:
                match, result = in_sentence[at_match[index]][0], results[at_match[index]]
                results[at_match[index]] = result._replace(
                    kind=results[source].kind, direction=result.direction or results[source].direction,
                    claim=make_claim(written, match.start(), match.end(), words[index],
                                     baselines[index][1] if baselines[index] else None, measure))
    if respectively:
        listed_hardware = hardware_list(hardware, sentence, mentions)
        # "reduces X by 24%, and achieves 40.4% and 45.2% higher throughput on Nvidia V100 GPU and Intel
        # Xeon CPU, respectively": the list of as many numbers right before the list of hardware.
        given = respective_devices(sentence, [m for m, _ in in_sentence], results, listed_hardware, mentions, measured)
    # "On the GB300 and the GB200, it reaches 1,233/1,048 TFLOPS ... and 974/919 TFLOPS ..."; or where "respectively"
    # gives out something else: "... on the MI210 and the V100 ... 1293.64x/7.47x and 14.10x/12.38x compared to
    # rocSOLVER/cuSOLVER and MAGMA, respectively".
    if respectively and given != results:
        results = given
    elif mentions and (groups := slashed_groups(sentence, [m for m, _ in in_sentence], mentions)):
        results = in_turn(results, groups, hardware_list(hardware, sentence, mentions))
    results = with_measures(results, in_sentence, measures, sentence, written, matches, mentions, measured, hardware)
    if not respectively and mentions and _OPENS_ON_SEVERAL.search(sentence) \
            and len(results) == len(listed := hardware_list(hardware, sentence, mentions)) > 1 \
            and len({(r.unit, r.claim.text if r.claim else None) for r in results}) == 1 \
            and not _SLASHED_NUMBERS.search(sentence):
        # "On Jetson Nano and Galaxy Note8, it achieves a latency of 13 ms and 35 ms": one list of as many numbers
        # of one measure as the opening names platforms, each its own, as if said "respectively" (not numbers
        # slashed, which pair with the settings slashed: "On the H200 and the H100, it reaches 812/640 TFLOPS for FP8/BF16").
        results = [r._replace(device=d) for r, d in zip(results, listed)]
    if respectively:
        # "2.1x and 3.4x on the A100 and the H100, respectively", "on Intel CPU, ARM CPU, and NVIDIA
        # GPU by 3.8×, 2.6×, and 1.7×": a list of where things ran, in order, one device each (not
        # the devices a sentence names apart: "on Alveo U55C cards and platforms like ZCU102 ... 1.2×
        # and 2.87× more power efficient than the K80 and the i7-8700K, respectively").
        if len(results) == len(listed_hardware) > 1:
            results = [r._replace(device=d) for r, d in zip(results, listed_hardware)]
        elif len(listed_hardware) > 1 and lists_of(results, len(listed_hardware)) \
                and not names_other_list(sentence, max(m.end for m in mentions), respectively.start()):
            # Several lists of as many numbers, each listed together (its numbers share the list's
            # words): "reaches 781.3 FPS and 57.8 FPS on the T4 GPU and the Jetson Xavier NX,
            # surpassing YOLOv12-N by 28.1% and 22.5%, respectively": each list in turn.
            results = [r._replace(device=listed_hardware[at % len(listed_hardware)]) for at, r in enumerate(results)]
        results = respective_baselines(sentence, results, baselines, names, hardware, mentions, measured)
    # "the Intel GPU" after "the Intel Data Center GPU Max 1550": a vendor or a generation stands
    # for the one device of it the paper was measured on.
    results = [r._replace(device=refined) if (refined := refined_device(hardware, r.device, measured_on, sentence, mentions))
               else r for r in results]
    return results

