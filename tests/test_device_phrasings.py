"""The device each result of a phrasing is credited to, as a careful reader would
(tests/fixtures/device_phrasings.yml): one sentence for each way English says where a result was
measured. Phrasings the rules still read otherwise are expected to fail, strictly: one that starts
to read right fails here until its `reads_now` is removed from the file."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from generator.content.check import read_content
from generator.content.model import Paper
from generator.derive.results import extract_results
from results_scores import SEED_CONTENT

PHRASINGS = yaml.safe_load((Path(__file__).parent / "fixtures" / "device_phrasings.yml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def hardware():
    return read_content(SEED_CONTENT).hardware


def test_the_phrasings_are_well_formed(hardware):
    assert len(PHRASINGS) >= 250
    assert len({case["text"] for case in PHRASINGS}) == len(PHRASINGS)
    for case in PHRASINGS:
        assert set(case) <= {"title", "text", "devices", "reads_now"}, case
        for device in [*case["devices"], *case.get("reads_now", [])]:
            assert device is None or device in hardware.nodes, case
        assert case.get("reads_now", None) != case["devices"], case


@pytest.mark.parametrize("case", [
    pytest.param(case, id=case["text"][:70],
                 marks=[pytest.mark.xfail(strict=True, reason=f"the rules read {case['reads_now']}")]
                 if "reads_now" in case else [])
    for case in PHRASINGS])
def test_a_phrasing_credits_the_devices_a_reader_would(case, hardware):
    found = extract_results(Paper("x", case.get("title", "X"), case["text"]), hardware)
    assert [result.device for result in found] == case["devices"]
