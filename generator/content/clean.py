"""Repair of text that copying from a web page mangled.

Each repair undoes one known way the Hugging Face pages lose characters:
LaTeX that was never rendered (`2.4\\times`, `3.1\\%`, `M\\'elange`, the quotes
``` ``flip rate'' ``` and `` `observation' ``), a
multiplication sign that became the word "times" glued to its number
(`10.7times`), and HTML entities that lost their `&#` and `;`
(`tokenx2014only`). Everything else, including the authors' own spelling,
stays as published.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# LaTeX accent commands -> Unicode combining marks.
_ACCENTS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "c": "\u0327",
    "v": "\u030c",
    "u": "\u0306",
    "H": "\u030b",
}
_LATEX_ACCENT = re.compile(r"""\\([`'^"~=.])\{?([A-Za-z])\}?|\\([cvuH])\{([A-Za-z])\}""")
_LATEX_SYMBOLS = {
    r"\times": "×",
    r"\%": "%",
    r"\&": "&",
    r"\#": "#",
    r"\_": "_",
    r"\$": "$",
    r"\sim": "~",
    r"\approx": "≈",
    r"\leq": "≤",
    r"\geq": "≥",
    r"\pm": "±",
    r"\mu": "μ",
}
# A sign in TeX's math, with the dollars around it: "7.64$\times$", "$25\times$" (the "$" before the number
# too: no price), "$\sim 2x$", "43.8\%", "19 $\mu$s". `command` is None for a dollar alone.
# And TeX's en dash between numbers: "2.1--3.6"; a number set in bold or italics, "\textbf{153.2}\%" (the
# number, with its percent sign); a thin space before a unit, "$\approx 0.71$\,ms" (a space; the dollar that
# closes the number's math right before it dropped).
TEX_SIGN = re.compile(r"\$?\{?(?P<command>\\(?:times|sim|approx|leq|geq|pm|mu)(?![A-Za-z])|\\%)\}?\$?"
                      r"|\$(?=[\d.,]+\s*(?:\\times|\\?%|[x×](?![A-Za-z]))[^$]{0,24}\$)|(?<=[\d.][×xX%])\$|(?P<dash>(?<=\d)--(?=\d))"
                      r"|\\(?:textbf|textit|emph|mathbf|mathrm|underline|text)\{(?P<bold>[\d.,]+(?P<inner>\\%)?)\}(?P<outer>\\%)?"
                      r"|(?<=\d)\$(?=\\[,;])|(?P<thin>\\[,;])(?=\s*[A-Za-zμ%])")


def has_tex(text: str) -> bool:
    """Whether `text` may hold what TEX_SIGN reads (most text holds none: the cheap test first)."""
    return "\\" in text or "$" in text or "--" in text


def tex_sign(match: re.Match[str]) -> str:
    """The sign a TEX_SIGN match stands for ("×", "–"; "" for a dollar alone)."""
    if match.group("bold"):
        return match.group("bold").replace("\\%", "%") + ("%" if match.group("outer") else "")
    return _LATEX_SYMBOLS[match.group("command")] if match.group("command") else "–" if match.group("dash") \
        else " " if match.group("thin") else ""


# A command must not continue as a longer one: `\times` but not `\timestamp`.
_LATEX_SYMBOL = re.compile(
    "|".join(re.escape(k) + (r"(?![A-Za-z])" if k[-1].isalpha() else "") for k in _LATEX_SYMBOLS)
)

# A number glued to "times": `10.7times`, `4timesRTX`. The number must touch the
# word, so "runtimes", "sometimes" and "6.4-12.7 times" are left alone.
_GLUED_TIMES = re.compile(r"(?<=\d)times(?![a-z])")
_NUMBER = r"\d+(?:\.\d+)?"
# `1.2-2.4×` is a range: the hyphen becomes an en dash.
_RANGE_BEFORE_TIMES = re.compile(rf"(?<![\w.])({_NUMBER})-({_NUMBER})×")
# `&#x2014;` that lost `&#` and `;` between two words; only General Punctuation
# (U+2000-U+206F), where such dashes and quotes live, to keep false hits out.
_BARE_ENTITY = re.compile(r"(?<=[a-z0-9])x(20[0-6][0-9a-fA-F])(?=[A-Za-z])")


def _accent(match: re.Match) -> str:
    mark, letter = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
    return unicodedata.normalize("NFC", letter + _ACCENTS[mark])


def repair_latex(text: str) -> str:
    text = _LATEX_ACCENT.sub(_accent, text)
    text = TEX_SIGN.sub(tex_sign, text) if has_tex(text) else text
    return _LATEX_SYMBOL.sub(lambda m: _LATEX_SYMBOLS[m.group(0)], text)


# LaTeX's quotes: ``flip rate'' and `observation' (an apostrophe inside, "`don't'", is left).
_LATEX_DOUBLE_QUOTE = re.compile(r"``(?=\S)([^`'\n]{1,200}?)''")
_LATEX_SINGLE_QUOTE = re.compile(r"(?<![\w`])`(?=\S)([^`'\n]{1,200}?)'(?!\w)")


def repair_quotes(text: str) -> str:
    """LaTeX-style quotes as typographic ones: ``a'' -> “a”, `a' -> ‘a’."""
    text = _LATEX_DOUBLE_QUOTE.sub(r"“\1”", text)
    return _LATEX_SINGLE_QUOTE.sub(r"‘\1’", text)


def repair_times(text: str) -> str:
    text = _GLUED_TIMES.sub("×", text)
    return _RANGE_BEFORE_TIMES.sub(r"\1–\2×", text)


def repair_entities(text: str) -> str:
    return _BARE_ENTITY.sub(lambda m: chr(int(m.group(1), 16)), text)


def normalize_space(text: str) -> str:
    """One line of text: NFC, no BOM, no non-breaking or zero-width spaces, single spaces."""
    text = unicodedata.normalize("NFC", text)
    text = text.replace("\ufeff", "").replace("\u200b", "")
    text = re.sub(r"[\u00a0\u2000-\u200a\u202f\u205f\u3000\t]", " ", text)
    return re.sub(r" {2,}", " ", text).strip()


def repair(text: str) -> str:
    """All repairs, in an order where each sees the previous one's output."""
    text = normalize_space(text)
    text = repair_latex(text)
    text = repair_quotes(text)
    text = repair_times(text)
    return repair_entities(text)


@lru_cache(maxsize=1 << 15)  # every build checks every title for duplicates
def normalized_title(title: str) -> str:
    """The key two copies of one title share: case, spacing and Unicode form folded."""
    text = unicodedata.normalize("NFKC", title).casefold()
    return re.sub(r"\s+", " ", text).strip()


@lru_cache(maxsize=1 << 15)  # check and import look each title up, then index it
def fuzzy_title(title: str) -> str:
    """A title reduced to letters and digits, for near-identical comparison."""
    text = normalized_title(title)
    if not text.isascii():  # accents off: "Réseau" -> "reseau"
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", " ", text).strip()
