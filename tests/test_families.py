"""Families: devices of one vendor across architectures that readers look for by one name
(NVIDIA Jetson, from the Maxwell TX1 to the Blackwell Thor). A family has a page listing the
papers on its members and those that name only the family; it is no filter facet."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.content.check import read_content
from generator.content.model import ContentError, Paper
from generator.derive.facts import derive_site
from generator.content.vocabularies import load_hardware
from support import SEED_CONTENT

ROOT = Path(__file__).resolve().parent.parent
CONTENT = read_content(SEED_CONTENT)

HARDWARE = """\
vendors:
  - id: nvidia
    name: NVIDIA
    aliases: [NVIDIA]
    architectures:
      - id: pascal
        name: Pascal
        aliases: [Pascal]
        devices:
          - {id: jetson-tx2, name: NVIDIA Jetson TX2, kind: embedded, aliases: [Jetson TX2]}
          - {id: p100, name: NVIDIA P100, kind: datacenter-gpu, aliases: [P100]}
    families:
      - id: jetson
        name: NVIDIA Jetson
        aliases: [Jetson]
        members: [jetson-tx2, {members}]
"""


def test_a_family_gathers_its_members_across_architectures():
    hardware = CONTENT.hardware
    assert {"jetson-tx1", "jetson-agx-orin", "jetson-agx-thor"} <= {n.id for n in hardware.children("jetson")}
    assert hardware.lineage("jetson-agx-orin") == {"jetson-agx-orin", "ampere", "nvidia", "jetson"}
    assert hardware.path("jetson")[0].id == "nvidia"


def test_a_paper_on_a_member_or_naming_the_family_is_on_the_family_page():
    papers = [Paper(slug="on-orin", title="A Kernel", abstract="We run it on a Jetson AGX Orin."),
              Paper(slug="on-jetson", title="A Kernel", abstract="We deploy it on Jetson boards."),
              Paper(slug="on-a100", title="A Kernel", abstract="We run it on an A100.")]
    site = derive_site(papers, CONTENT.hardware, CONTENT.topics)
    assert {p.slug for p in site.node_papers["jetson"]} == {"on-orin", "on-jetson"}
    assert {p.slug for p in site.node_papers["nvidia"]} == {"on-orin", "on-jetson", "on-a100"}
    assert "jetson" not in {p.slug for p in site.node_papers["ampere"]}


@pytest.mark.parametrize(("member", "why"), [
    ("p200", "member 'p200' of family 'jetson' is not a device of its vendor (expected a device id under 'nvidia')"),
    ("pascal", "member 'pascal' of family 'jetson' is not a device of its vendor (expected a device id under 'nvidia')"),
])
def test_a_family_member_must_be_a_device_of_its_vendor(member, why):
    with pytest.raises(ContentError) as error:
        load_hardware(HARDWARE.replace("{members}", member), "content/hardware.yml")
    assert any(str(p).startswith(f"content/hardware.yml:16: {why}") for p in error.value.problems), error.value


def test_a_list_with_no_paper_on_a_family_still_renders_every_page():
    from support import page_texts

    papers = [Paper(slug="on-a100", title="A Kernel", abstract="We run it on an A100.")]
    site = derive_site(papers, CONTENT.hardware, CONTENT.topics)
    pages = page_texts(site, ROOT / "site_templates")
    assert "jetson" not in site.node_papers and "filter/index.md" in pages
    assert '"jetson"' not in pages["filter/index.md"]
