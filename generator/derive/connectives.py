"""Words that link a sentence to the one before it ("For example,", "In particular,", "Moreover,"):
they say nothing of what its numbers measure or where they ran, so a phrase fronted before a
claim (`claims.py`) and an opening that frames where results ran (`carried_devices.py`) look past
them."""

from __future__ import annotations

# As written at a sentence's start, before a comma; lowercase words, to be read ignoring case.
LINKING_PHRASE = (r"(?:for (?:example|instance)|in (?:particular|addition|practice|summary|short|general|"
                  r"total|fact|turn|sum|other words|brief|detail|theory|principle|"
                  r"the (?:meantime|end|future|long run))|for the first time|specifically|moreover|furthermore|"
                  r"finally|additionally|notably|overall|as a result)")
# Those that set what follows against what came before ("In contrast, on the A100, existing kernels
# reach only 35%"): what follows is another's, so no opening after them frames the paper's results.
CONTRASTING_PHRASE = r"(?:in contrast|by contrast|in comparison|for comparison|conversely|on the other hand)"
