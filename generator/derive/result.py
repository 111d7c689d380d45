"""One headline result read from an abstract, or listed by a curator: the model the later stages
(results.py, the site) are handed."""

from __future__ import annotations

from typing import NamedTuple

from .claims import Claim


class Result(NamedTuple):
    """One headline result: the number, the authors' words for it (`claim`), and what it was
    measured on and compared with. `kind` and `direction` sort and filter; a page shows the claim."""

    value: float | None  # the number (a range's upper end) for sorting; None when not a number
    value_text: str  # as written: "1.2–2.4"
    unit: str  # "×", "%", "TFLOPS", ...
    kind: str  # one of KINDS
    baseline: str | None = None
    device: str | None = None  # the hardware id it was measured on, when the sentence says so
    sentence: str | None = None  # None for a curator's result
    direction: str | None = None  # "higher" or "lower": which way the measure moved; None for a measurement
    claim: Claim | None = None  # the authors' words; a curator's result has its own
    baseline_device: str | None = None  # the hardware id of the baseline, when it is hardware

    @property
    def shown(self) -> str:
        """"3.6×", "77%", "156 TFLOPS"; a number written in words as a number ("twice" 2×,
        "four GPU hours" 4 hours: the claim keeps the words)."""
        glued = self.unit in ("×", "%", "")
        written = f"{self.value:g}" if self.value_text.isalpha() and self.value is not None else self.value_text
        return f"{written}{'' if glued else ' '}{self.unit}"
