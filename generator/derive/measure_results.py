"""The absolute results of a sentence (`measures.py`: "380K tokens", "40 FPS", "0.108 s/token") made
results among the sentence's changes and rates: each with its claim (the words of numbers listed
with one unit are shared, "delivers 25, 60 and 110 FPS"; the second of "from 60 GB to 21 GB" takes
the first's words), its kind and the device it was measured on; and the numbers that follow a result in
its own shape with its unit left out ("by a factor up to 2.84 in inference and 1.75 in training")."""

from __future__ import annotations

import re

from ..content.hardware import Hardware, Mention
from .candidates import NUMBER_GAP
from .claims import claim_span, make_claim
from .kinds import MODEL_KINDS, claim_kind
from .measure_cues import APPROXIMATE_ASIDE
from .measures import Measure, second_of_from_to
from .result import Result
from .result_devices import device_of


_RESTATED = re.compile(APPROXIMATE_ASIDE)  # a figure restated in parentheses: "at 50.65 ms (19.74 Hz)"
_CLOSED = re.compile(r"\s*\)")


def with_measures(results: list[Result], placed: list[tuple[re.Match[str], Result]], measures: list[Measure],
                  sentence: str, written: str, matches: list[re.Match[str]], mentions: list[Mention],
                  measured: list[Mention], hardware: Hardware | None) -> list[Result]:
    """`results` with the sentence's absolute results among them, in text order."""
    if not measures:
        return results
    edges = sorted([*(m.span() for m in matches), *((m.start, m.end) for m in measures)])
    out = [(match.start(), result) for (match, _), result in zip(placed, results)]
    # Each measure's place among the numbers, its neighbours' edges and its words.
    bounds = {}
    for measure in measures:
        at = edges.index((measure.start, measure.end))
        left = edges[at - 1][1] if at else 0
        right = edges[at + 1][0] if at + 1 < len(edges) else len(sentence)
        bounds[measure] = at, left, right
    spans = {m: claim_span(sentence, m.start, m.end, left, right) for m, (_, left, right) in bounds.items()}
    # "delivers 25, 60 and 110 FPS": numbers listed with one unit, nothing but a connective between
    # them, share the words of the list ("20 ms on A100 and 45 ms on H100" each keep their own).
    runs: list[list[Measure]] = []
    for measure in sorted(measures):
        if runs and runs[-1][-1].unit == measure.unit and NUMBER_GAP.fullmatch(sentence, runs[-1][-1].end, measure.start):
            runs[-1].append(measure)
        else:
            runs.append([measure])
    for run in runs:
        whole = (min(spans[m][0] for m in run), max(spans[m][1] for m in run))
        spans.update((m, whole) for m in run)
    for measure in measures:
        at, left, right = bounds[measure]
        span = spans[measure]
        # "cuts weight memory from 60 GB to 21 GB": the second number's words are the first's too.
        # Or a figure restated in parentheses in another unit: "issues action tokens at 50.65 ms (19.74 Hz)".
        closed = _CLOSED.match(sentence, measure.end)
        restated = at and closed and _RESTATED.fullmatch(sentence, left, measure.start)
        if at and (second_of_from_to(sentence, left, measure.start, edges[at - 1][0]) or restated):
            first_left = edges[at - 2][1] if at > 1 else 0
            span = (claim_span(sentence, *edges[at - 1], first_left, measure.start)[0], closed.end() if restated else span[1])
        claim = make_claim(written, measure.start, measure.end, span, measure.head, measure.activity)
        kind = measure.kind if measure.unit != "×" else claim_kind(claim) or measure.kind
        device = device_of(hardware, sentence, mentions, measured, measure.start, measure.end, left,
                           right, kind in MODEL_KINDS) if hardware is not None else None
        out.append((measure.start, Result(measure.value, measure.value_text, measure.unit, kind, None, device,
                                          written.strip(), measure.direction, claim)))
    return [result for _, result in sorted(out, key=lambda pair: pair[0])]


# "by a factor up to 2.84 in inference and 1.75 in training", "an R^2 of 0.98 for runtime
# prediction (mean error 15.57%) and 0.78 for power prediction": a second number in the same
# shape as the first, its unit left out.
_ELIDED = re.compile(r"\s+(?P<prep>in|for|on|during|at)\s+(?:[\w-]+\s+){0,3}?[\w-]+(?:\s*\([^()]{0,40}\))?,?\s+and\s+"
                     r"(?P<number>\d+(?:\.\d+)?)(?=\s+(?P=prep)\b)")


def elided_measures(sentence: str, found: list[tuple[int, str, str, str | None, tuple[int, int]]],
                    taken: list[tuple[int, int]]) -> list[Measure]:
    """The numbers that follow a result (`found`: where each ends, its unit, kind, direction and
    the span of its words before its number) in its own shape with their unit left out, outside
    the `taken` spans."""
    out = []
    for end, unit, kind, direction, head in found:
        match = _ELIDED.match(sentence, end)
        if match and not any(a < match.end() and match.start("number") < b for a, b in taken):
            number = match.group("number")
            out.append(Measure(match.start("number"), match.end("number"), float(number), number, unit, kind,
                               direction, head))
    return out
