"""`python -m generator vocab`: the device-like names no alias covers, most papers first, each
with the files and lines that name it, for a quick pull request to content/hardware.yml."""

from __future__ import annotations

import io
import shutil

from generator.cli import run_vocab
from support import SEED_CONTENT


def paper(slug: str, title: str, abstract: str) -> str:
    return f"---\ntitle: '{title}'\n---\n\n{abstract}\n"


def test_unknown_device_names_are_listed_with_their_papers_most_papers_first(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(SEED_CONTENT, content, ignore=shutil.ignore_patterns("sources"))
    (content / "papers" / "mythic-one.md").write_text(
        paper("mythic-one", "Analog Inference One", "We run ResNet-50 on a Mythic M1076 chip."), encoding="utf-8")
    (content / "papers" / "mythic-two.md").write_text(
        paper("mythic-two", "Analog Inference Two", "On the M1076 and the XR9000 we measure latency."),
        encoding="utf-8")
    out = io.StringIO()
    assert run_vocab(content, out) == 0
    report = out.getvalue()
    assert report.startswith("2 device-like names that no alias in content/hardware.yml covers:")
    assert report.index("M1076 (2 papers)") < report.index("XR9000 (1 paper)")
    assert "papers/mythic-one.md:5" in report and "papers/mythic-two.md:5" in report


def test_a_vocabulary_that_covers_every_name_says_so():
    out = io.StringIO()
    assert run_vocab(SEED_CONTENT, out) == 0
    assert out.getvalue() == "Every device-like name is an alias in content/hardware.yml.\n"
