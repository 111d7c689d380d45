"""Spellings of one hardware name: spaces, hyphens and case folded where no new word can result.

An alias written with a space or a hyphen between two pieces (`RTX 4090`, `M1 Pro`,
`Gaudi-2`) finds the other separator too, and no separator between a letter and a digit
(`RTX4090`, `M1Pro`). Words are not run together (`Ada Lovelace` is not `AdaLovelace`),
numbers neither (`A100 80GB` is not `A10080GB`), and a name written glued is found only
glued (`T4` is not `T-4`). Case folds only in spellings with no space (`rtx4090`,
`max-1550`), so `max 1550 tokens` stays prose. The boundaries of a name are those of
test_taxonomy.py: `H20` is not in `H200`, `T4` not in `W4A4KV4`.

The second half compares the trie (matching.py) with a plain reference: each alias as its
own regular expression, tried at every word, the longest match winning.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.content.hardware import Hardware, HardwareNode
from generator.content.phrases import ignores_case
from generator.content.model import ContentError
from generator.content.vocabularies import load_hardware
from support import SEED_CONTENT


@pytest.fixture(scope="module")
def hardware() -> Hardware:
    return load_hardware((SEED_CONTENT / "hardware.yml").read_text(encoding="utf-8"), "content/hardware.yml")


def found(hardware: Hardware, text: str) -> list[tuple[str, str]]:
    return [(m.id, m.text) for m in hardware.detect(text)]


# --------------------------------------------------------------------------
# Named cases, on the real hardware.yml


@pytest.mark.parametrize("spelling", ["RTX 4090", "RTX-4090", "RTX4090", "RTX\n4090", "rtx4090", "Rtx-4090"])
def test_rtx_4090_rtx_hyphen_4090_and_rtx4090_all_find_rtx_4090(hardware, spelling):
    assert found(hardware, f"Measured on an {spelling} GPU.") == [("rtx-4090", spelling)]


def test_hardware_yml_lists_rtx_4090_once(hardware):
    # The other spellings are found without being listed.
    assert [a for a in hardware.nodes["rtx-4090"].aliases if a.replace(" ", "").upper() == "RTX4090"] == ["RTX 4090"]


def test_two_names_of_one_device_that_overlap_are_one_mention(hardware):
    # "AMD V80" and "V80 FPGA" are both the Alveo V80's: one name, not the shorter lost with the maker.
    assert found(hardware, "Implemented on an AMD V80 FPGA, it is 1.7x faster.") == [("alveo-v80", "AMD V80 FPGA")]


@pytest.mark.parametrize("spelling", ["M1 Pro", "M1-Pro", "M1Pro", "m1-pro"])
def test_m1_pro_and_m1_hyphen_pro_find_the_apple_m1(hardware, spelling):
    assert found(hardware, f"a MacBook with the {spelling} chip") == [("apple-m1", spelling)]


@pytest.mark.parametrize(("spelling", "node_id"), [
    ("Jetson-AGX-Orin", "jetson-agx-orin"),
    ("Snapdragon 8 Gen3", "snapdragon-8-gen-3"),
    ("Snapdragon-8-Gen-3", "snapdragon-8-gen-3"),
    ("Gaudi2", "gaudi-2"),
    ("GAUDI-2", "gaudi-2"),
    ("Max-1550", "max-1550"),
    ("Xeon Platinum-8480+", "xeon-platinum-8480"),
    ("TPU-v5e", "tpu-v5e"),
    ("Ascend-910B", "ascend-910b"),
    ("A100 80GB", "a100"),
    ("A100-SXM4 80GB", "a100"),
    ("GB200-NVL72", "gb200"),
    ("RTX-3090-Ti", "rtx-3090-ti"),
    ("RTX3090Ti", "rtx-3090-ti"),
    ("Tesla-T4", "t4"),
    ("Cortex A53", "cortex-a53"),
    ("WSE 3", "wse-3"),
    ("RTX Pro 6000 Blackwell", "rtx-pro-6000-blackwell"),  # its generation after the name, in the case its maker writes
])
def test_a_name_is_found_with_its_spaces_and_hyphens_swapped(hardware, spelling, node_id):
    assert found(hardware, f"We run on {spelling} hardware.") == [(node_id, spelling)]


def test_h20_is_still_not_found_in_h200(hardware):
    assert found(hardware, "H200 GPUs, H20 GPUs") == [("h200", "H200"), ("h20", "H20")]
    assert found(hardware, "H-200 and H 20") == []  # H200 and H20 are written glued, so found glued


def test_t4_is_still_not_found_in_w4a4kv4(hardware):
    assert found(hardware, "W4A4KV4 and W4-A4-KV4 serving on INT4") == []
    assert found(hardware, "a T-4 week window and Tesla-T4s") == [("t4", "Tesla-T4")]


@pytest.mark.parametrize("text", [
    "a zero-shot, state-of-the-art, Zen-like design",
    "a T-4 week window on an A-100 node",  # T4 and A100 are written glued: not T-4, not A-100
    "Figure A-10 and Table H-20",
    "a Turing-complete language, Turing complete too",  # an ignore phrase, either way
    "max 1550 tokens, max-pooling, gold 6248",  # spaced names keep their case
    "AdaLovelace, GraceHopper",  # words are not run together
    "A10080GB",  # nor numbers
])
def test_a_hyphenated_word_that_is_not_hardware_stays_unmatched(hardware, text):
    assert found(hardware, text) == []


def test_boundaries_are_as_before(hardware):
    assert found(hardware, "8xRTX4090 and 4×RTX-4090s") == [("rtx-4090", "RTX4090"), ("rtx-4090", "RTX-4090")]
    assert found(hardware, "a single A100-80GB GPU") == [("a100", "A100-80GB")]
    assert found(hardware, "the RTX-3090 Ti and RTX 3090") == [("rtx-3090-ti", "RTX-3090 Ti"), ("rtx-3090", "RTX 3090")]
    text = "Code: https://github.com/x/RTX-4090-kernels runs on RTX-4090."
    assert found(hardware, text) == [("rtx-4090", "RTX-4090")]


def test_an_alias_claimed_twice_in_another_spelling_is_reported():
    text = ("vendors:\n"
            "  - id: nvidia\n"
            "    name: NVIDIA\n"
            "    aliases: [RTX 4090]\n"
            "  - id: other\n"
            "    name: Other\n"
            "    aliases: [rtx-4090]\n")
    with pytest.raises(ContentError) as error:
        load_hardware(text, "hw.yml")
    assert [str(p) for p in error.value.problems] == [
        "hw.yml:7: alias 'rtx-4090' of vendor 'other' is already used by vendor 'nvidia' at line 4 "
        "(expected each spelling to name one node; case, spaces and hyphens are ignored in this check)"]


# --------------------------------------------------------------------------
# The trie against a plain reference

_JOINT = r"(?<=[^\W_])(\s+|-)(?=[^\W_])"
_WORD = re.compile(r"[^\W_]")
_LINK = re.compile(r"(?:https?://|www\.)\S*")
_COUNT = re.compile(r"\d+(?:x|times)")
_END = r"(?=s?(?![^\W_]))"


def _chars(text: str, any_case: bool) -> str:
    out = []
    for ch in text:
        if ch.isspace():
            out.append(r"\s+")
        elif any_case and ch.lower() != ch.upper() and len(ch.lower()) == len(ch.upper()) == 1:
            out.append(f"[{re.escape(ch.lower())}{re.escape(ch.upper())}]")
        else:
            out.append(re.escape(ch))
    return re.sub(r"(?:\\s\+)+", r"\\s+", "".join(out))


def plain_spellings(alias: str, any_case: bool, spaced: bool) -> str:
    """One alias as a regex, written out piece by piece."""
    parts = re.split(_JOINT, alias)  # piece, joint, piece, ...
    out = _chars(parts[0], any_case)
    for i in range(1, len(parts), 2):
        before, after = parts[i - 1][-1], parts[i + 1][0]
        ways = [r"\s+"] * spaced + ["-"]
        joint = "(?:" + "|".join(ways) + ")"
        out += joint + ("?" if before.isdigit() != after.isdigit() else "") + _chars(parts[i + 1], any_case)
    return out


def plain_patterns(hardware: Hardware) -> dict[str, list[tuple[re.Pattern[str], str | None]]]:
    """Each alias and ignore phrase as regexes of its own, by the characters it may start with."""
    by_first: dict[str, list[tuple[re.Pattern[str], str | None]]] = {}
    spellings = [(alias, plain_spellings(alias, False, True), node.id)
                 for node in hardware.nodes.values() for alias in node.aliases]
    spellings += [(alias, plain_spellings(alias, True, False), node.id) for node in hardware.nodes.values()
                  for alias in node.aliases if ignores_case(re.sub(_JOINT, "-", alias))]
    spellings += [(phrase, plain_spellings(phrase, True, True), None) for phrase in hardware.ignore]
    for name, regex, node_id in spellings:
        for first in {name[0], name[0].lower(), name[0].upper()}:
            by_first.setdefault(first, []).append((re.compile(regex + _END), node_id))
    return by_first


def plain_detect(patterns, text: str, hardware: Hardware) -> list[tuple[str, int, int]]:
    """At each word (links skipped, a glued count tried first), the longest name; two names that
    overlap are one where they name one node, or a line and a device of it (the device's); then the
    longest of overlapping names."""
    def one(a: str, b: str) -> str | None:
        return a if a == b or b in hardware.lineage(a) else b if a in hardware.lineage(b) else None

    s = " " + text
    candidates = []
    p = 1
    while p < len(s):
        if _WORD.match(s[p - 1]):
            p += 1
            continue
        link = _LINK.match(s, p)
        if link:
            p = max(link.end(), p + 1)
            continue
        count = _COUNT.match(s, p)
        for start in ([count.end()] if count else []) + [p]:
            ends = [(m.end(), node_id) for pattern, node_id in patterns.get(s[start:start + 1], ())
                    if (m := pattern.match(s, start))]
            if ends:
                end, node_id = max(ends, key=lambda e: e[0])
                assert len({n for e, n in ends if e == end}) == 1, "two nodes claim one spelling"
                candidates.append((start - 1, end - 1, node_id))
                if start != p:
                    p = start  # finditer goes on after the count it consumed
                break
        p += 1
    joined: list[tuple[int, int, str | None]] = []  # two names of one node that overlap are one: "AMD V80" + "V80 FPGA"
    for cand in sorted(candidates, key=lambda c: (c[0], -c[1])):
        if joined and cand[2] is not None and joined[-1][2] is not None and cand[0] < joined[-1][1] \
                and (node := one(joined[-1][2], cand[2])):
            joined[-1] = (joined[-1][0], max(joined[-1][1], cand[1]), node)
        else:
            joined.append(cand)
    chosen: list[tuple[int, int, str | None]] = []
    for cand in sorted(joined, key=lambda c: (c[0] - c[1], c[0])):
        if all(cand[1] <= a or cand[0] >= b for a, b, _ in chosen):
            chosen.append(cand)
    return [(node_id, a, b) for a, b, node_id in sorted(chosen) if node_id is not None]


def trie_detect(hardware: Hardware, text: str) -> list[tuple[str, int, int]]:
    return [(m.id, m.start, m.end) for m in hardware.detect(text)]


SMALL = Hardware([
    HardwareNode("rtx-4090", "RTX 4090", "device", None, ("RTX 4090", "RTX4090", "RTX 4090D")),
    HardwareNode("rtx-a6000", "RTX A6000", "device", None, ("RTX A6000", "RTXA6000")),
    HardwareNode("gaudi", "Gaudi", "architecture", None, ("Gaudi",)),
    HardwareNode("gaudi-2", "Gaudi 2", "device", None, ("Gaudi-2", "Gaudi 2", "HL-225", "Gaudi 2 Mezzanine Card Kit")),
    # Glued and spaced spellings that go on differently: the trie must not settle for `Gaudi2` in "Gaudi2 NPU".
    HardwareNode("gaudi-2-npu", "Gaudi2 NPU", "device", None, ("Gaudi2 NPU",)),
    HardwareNode("max-1550", "Max 1550", "device", None, ("Max 1550",)),
    HardwareNode("a100", "A100", "device", None, ("A100", "A100-80GB", "A100 SXM4", "A100-PCIe")),
    HardwareNode("apple-m1", "M1", "device", None, ("M1 Pro", "M1 chip")),
    HardwareNode("t4", "T4", "device", None, ("T4", "Tesla T4")),
    HardwareNode("ada", "Ada", "architecture", None, ("Ada", "Ada Lovelace")),
    HardwareNode("edge-tpu", "Edge TPU", "architecture", None, ("Edge TPU", "EdgeTPU")),
    HardwareNode("tpu-v4", "TPU v4", "device", None, ("TPU v4", "TPUv4", "TPU-v4i")),
    HardwareNode("l4", "L4", "device", None, ("L4",)),
    HardwareNode("turing", "Turing", "architecture", None, ("Turing",)),
    HardwareNode("xeon-8480", "Xeon 8480+", "device", None, ("Xeon Platinum 8480+", "Zynq UltraScale+ MPSoC")),
    HardwareNode("rubin", "Rubin", "architecture", None, ("Rubin", "Vera Rubin")),
    HardwareNode("snapdragon", "SD 8 Gen 3", "device", None, ("Snapdragon 8 Gen 3", "8 Gen 3")),
], ignore=["Pascal VOC", "L4 autonomy", "Turing-complete", "Vera C. Rubin Observatory"])

PIECES = [
    "RTX", "rtx", "Rtx", "4090", "4090D", "A6000", "a6000", "A", "Gaudi", "GAUDI", "gaudi", "2", "HL", "225", "Max",
    "max", "1550", "A100", "a100", "80GB", "80gb", "SXM4", "sxm4", "PCIe", "PCIE", "M1", "m1", "Pro", "pro", "chip",
    "T4", "t4", "Tesla", "tesla", "Ada", "Lovelace", "Edge", "TPU", "tpu", "v4", "V4", "v4i", "L4", "autonomy",
    "Turing", "complete", "Xeon", "Platinum", "8480", "+", "Zynq", "UltraScale", "MPSoC", "Vera", "C.", "C", "Rubin",
    "Observatory", "Pascal", "VOC", "Snapdragon", "8", "Gen", "3", " ", " ", " ", "  ", "\n", "-", "-", "--", "s",
    "8x", "x", "times", "_", "https://", "www.", ".", ",", "(", "é", "K", "ſ", "NPU", "Mezzanine", "Card", "Kit",
]


@st.composite
def respelled(draw, names: list[str]) -> str:
    """A name with its joints filled anew, its case changed, or cut short: what text may hold."""
    parts = re.split(_JOINT, draw(st.sampled_from(names)))
    for i in range(1, len(parts), 2):
        parts[i] = draw(st.sampled_from(["", " ", "-", "\n", "--", " - ", "_"]))
    text = "".join(parts)
    text = draw(st.sampled_from([text, text, text.lower(), text.upper(), text.swapcase()]))
    cut = draw(st.integers(0, len(text)))
    return draw(st.sampled_from([text, text, text[:cut], text[cut:]]))


def texts_of(names: list[str], pieces: list[str]):
    words = respelled(names) | st.sampled_from(pieces) | st.text(max_size=2)
    glue = st.sampled_from(["", " ", " ", "-", ", ", "s ", "x", "\n", "."])
    return st.lists(st.tuples(words, glue).map("".join), max_size=10).map("".join)


SMALL_NAMES = [name for node in SMALL.nodes.values() for name in node.aliases] + list(SMALL.ignore)
FAST = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(texts_of(SMALL_NAMES, PIECES))
def test_the_trie_finds_what_each_alias_finds_on_its_own(text):
    assert trie_detect(SMALL, text) == plain_detect(plain_patterns(SMALL), text, SMALL)


@pytest.mark.parametrize("text", [
    "RTX4090 RTX 4090 RTX-4090 rtx4090 rtx 4090 RTXA6000 RTX A6000 RTX-A6000 RTXA 6000",
    "Gaudi Gaudi2 Gaudi-2 Gaudi 2 GAUDI 2 gaudi-2 Gaudi-2s Gaudi--2 Gaudi2 NPU Gaudi 2 NPU Gaudi 2 Mezzanine Card",
    "Max 1550, max 1550, max-1550, MAX1550, A100-80GB, A100 80GB, a100 80gb, A100SXM4, a100-pcie",
    "M1Pro, M1 pro, Tesla-T4, TeslaT4, AdaLovelace, Ada-Lovelace, Edge-TPU, TPU-v4i, TPUv4i, TPU v4",
    "L4 autonomy, L4-autonomy, L4autonomy, Turing complete, Vera C. Rubin Observatory, Vera-Rubin",
    "Snapdragon 8 Gen 3, Snapdragon8Gen3, 8-Gen-3, 8Gen3, Zynq UltraScale+ MPSoC, Xeon-Platinum-8480+",
])
def test_the_trie_finds_what_each_alias_finds_on_its_own_in_chosen_texts(text):
    assert trie_detect(SMALL, text) == plain_detect(plain_patterns(SMALL), text, SMALL)


REAL = load_hardware((SEED_CONTENT / "hardware.yml").read_text(encoding="utf-8"), "content/hardware.yml")
REAL_PATTERNS = plain_patterns(REAL)
REAL_NAMES = [name for node in REAL.nodes.values() for name in node.aliases] + list(REAL.ignore)
REAL_PIECES = sorted({piece for name in REAL_NAMES
                      for piece in re.split(r"(\s+|-|(?<=\d)(?=[^\W\d_])|(?<=[^\W\d_])(?=\d))", name) if piece})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(texts_of(REAL_NAMES, REAL_PIECES))
def test_the_real_trie_finds_what_each_real_alias_finds_on_its_own(text):
    assert trie_detect(REAL, text) == plain_detect(REAL_PATTERNS, text, REAL)


def respellings(name: str) -> list[str]:
    """The name with all its joints spaces, hyphens or nothing, and in upper and lower case."""
    parts = re.split(_JOINT, name)
    filled = ["".join(fill if i % 2 else part for i, part in enumerate(parts)) for fill in (" ", "-", "")]
    return filled + [name.lower(), name.upper(), name.swapcase()]


@pytest.mark.parametrize("names", [REAL_NAMES[i:i + 40] for i in range(0, len(REAL_NAMES), 40)])
def test_every_real_name_respelled(names):
    for name in names:
        text = f"the {name} and " + ", ".join(f"{spelling}s ({spelling})" for spelling in respellings(name)) + "."
        assert trie_detect(REAL, text) == plain_detect(REAL_PATTERNS, text, REAL), name
