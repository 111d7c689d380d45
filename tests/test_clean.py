"""Text repair: each way copying mangles the Hugging Face pages, undone; nothing else touched."""

from __future__ import annotations

import unicodedata

import pytest

from generator.content.clean import fuzzy_title, normalize_space, normalized_title, repair


@pytest.mark.parametrize(
    ("mangled", "repaired"),
    [
        # A multiplication sign that became the word "times", glued to its number.
        ("can achieve a 10.7times speedup", "can achieve a 10.7× speedup"),
        # ... in a range: the hyphen becomes an en dash.
        ("all kernel baselines by 1.2-2.4times (e.g.", "all kernel baselines by 1.2–2.4× (e.g."),
        # ... glued to the word after it as well.
        ("effective inference on 4timesRTX 3090 (24G)", "effective inference on 4×RTX 3090 (24G)"),
        # LaTeX that was never rendered.
        ("with up to 2.4\\times speedup", "with up to 2.4× speedup"),
        ("achieves 3.1\\% better top-1 accuracy", "achieves 3.1% better top-1 accuracy"),
        ("We then present M\\'elange, a framework", "We then present Mélange, a framework"),
        # A number set in bold, a thin space before a unit.
        ("on average, \\textbf{153.2}\\% higher", "on average, 153.2% higher"),
        ("latency reaching $\\approx 0.71$\\,ms", "latency reaching ≈ 0.71 ms"),
        # LaTeX's quotes.
        ("from an `observation' window located", "from an ‘observation’ window located"),
        ("we define a ``flip rate'' to monitor", "we define a “flip rate” to monitor"),
        # An HTML entity (&#x2014;) that lost its '&#' and ';'.
        ("TriForce achieves 0.108s/tokenx2014only half as slow", "TriForce achieves 0.108s/token—only half as slow"),
    ],
)
def test_repair_undoes_each_known_mangling(mangled, repaired):
    assert repair(mangled) == repaired


@pytest.mark.parametrize(
    "text",
    [
        "sometimes the runtimes and lifetimes of kernels differ",  # 'times' inside words
        "Timestamps are compared three times.",
        "models 6.4-12.7 times on model size",  # a real space: left as published
        "a 2.02 times throughput improvement",
        "the authors' own `don't' stays, as does `code` in backticks",  # an apostrophe inside
        "COMET: Towards Partical W4A4KV4 LLMs Serving",  # the authors' own spelling
        "an average improvemnet of 43.8%",
        "Please see the project page at https://seaweed.video/",
    ],
)
def test_repair_leaves_other_text_as_published(text):
    assert repair(text) == text


def test_only_a_whole_latex_command_is_a_symbol():
    assert repair("the \\timestamp command, not \\times") == "the \\timestamp command, not ×"


def test_repair_keeps_the_authors_spelling_while_fixing_the_rest():
    text = "The speedup ratio has an average improvemnet of 43.8\\%, up to 10.7times."
    assert repair(text) == "The speedup ratio has an average improvemnet of 43.8%, up to 10.7×."


def test_repair_of_a_real_abstract_line(dumps):
    line = (dumps / "layout_b_two_papers.txt").read_text(encoding="utf-8").splitlines()[5]
    fixed = repair(line)
    assert "achieving up to 2.31× on an A100 GPU" in fixed
    assert "0.108s/token—only half as slow" in fixed
    assert "times" not in fixed and "x2014" not in fixed


@pytest.mark.parametrize(
    "text",
    ["10.7times", "1.2-2.4times", "4timesRTX 3090", "2.4\\times", "3.1\\%", "M\\'elange", "s/tokenx2014only"],
)
def test_repair_is_idempotent(text):
    once = repair(text)
    assert once != text
    assert repair(once) == once


def test_latex_accents_compose_to_one_character():
    assert repair("M\\'elange") == "M\u00e9lange"
    assert repair("Schr\\\"odinger and Fran\\c{c}ois") == "Schrödinger and François"
    assert unicodedata.is_normalized("NFC", repair("M\\'elange"))


def test_normalize_space_folds_the_spaces_a_web_page_leaves():
    assert normalize_space("\ufeffSnapKV:\u00a0LLM\u2009Knows \t What\u200b  You ") == "SnapKV: LLM Knows What You"
    assert normalize_space("Me\u0301lange") == "M\u00e9lange"  # NFC


def test_normalized_title_folds_case_spacing_and_unicode_form():
    title = "Efficient Arbitrary Precision Acceleration"
    key = normalized_title(title)
    assert normalized_title("EFFICIENT  ARBITRARY\u00a0PRECISION ACCELERATION ") == key
    assert normalized_title("Ef\ufb01cient Arbitrary Precision Acceleration") == key  # 'fi' ligature
    assert normalized_title("Me\u0301lange: Serving") == normalized_title("M\u00e9lange: Serving")
    assert normalized_title("Efficient Arbitrary Precision Accelerator") != key


def test_fuzzy_title_keeps_only_letters_and_digits():
    assert fuzzy_title("Mélange: Cost-Efficient LLM Serving!") == "melange cost efficient llm serving"
    assert fuzzy_title("ZeRO-Offload") != fuzzy_title("ZeRO-Infinity")


def test_tex_math_around_a_sign_goes_with_it():
    assert repair(r"up to 7.64$\times$ faster, $25\times$ more efficient, by $19%$, at $\geq$50 Hz") == \
        "up to 7.64× faster, 25× more efficient, by 19%, at ≥50 Hz"
    assert repair("costs $25 per hour and $2 per GB") == "costs $25 per hour and $2 per GB"


def test_tex_s_en_dash_between_numbers_is_an_en_dash():
    assert repair("up to 2.1--3.6x faster on 32--128 GPUs, not a--b") == "up to 2.1–3.6x faster on 32–128 GPUs, not a--b"
