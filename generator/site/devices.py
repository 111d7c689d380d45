"""Hardware as the pages show it: one way to name and link a node (its label, `Hardware.label`,
linked to its page), the devices of a paper, the card a device page opens with, and the
hardware overview's tree. Markup is built here with every text escaped once (`anchor`,
`text`); the templates print it as it is.
"""

from __future__ import annotations

from typing import NamedTuple
from urllib.parse import urlsplit

from markupsafe import Markup

from ..content.device_facts import FIGURES, FORMS
from ..content.hardware import HardwareNode
from ..derive.facts import Site
from .markup import anchor, hardware_uri, safe_href, text, url_between

# A figure's label on the card, where it is not the one device_facts.FIGURES gives.
CARD_LABELS = {"tdp": "Max power (TDP)"}


def hardware_ref(site: Site, node_id: str, page_uri: str, css: str | None = None) -> Markup:
    """A node by its label, linked to its page from `page_uri` where it has one (with the
    class `css`)."""
    label = site.hardware.label(node_id)
    if site.node_papers.get(node_id):
        return anchor(url_between(page_uri, hardware_uri(node_id)), label, css)
    return text(label)


def hardware_refs(site: Site, ids, page_uri: str) -> Markup:
    """Nodes by their labels, each linked, comma separated."""
    return Markup(", ").join(hardware_ref(site, i, page_uri) for i in ids)


def paper_devices(site: Site, slug: str, under: str | None = None) -> list[str]:
    """The hardware a paper is on, most specific only: its devices, not their architectures
    and vendors as well ("A100, Gaudi 2", not "NVIDIA, A100, Intel, Gaudi, Gaudi 2"). With
    `under` (on that node's page), those below that node, else the node itself."""
    hardware = site.hardware
    ids = hardware.most_specific(site.facts[slug].hardware)
    if under is None:
        return ids
    return [i for i in ids if i != under and under in hardware.lineage(i)] or [under]


# ---------------------------------------------------------------------------- the device card


class CardRow(NamedTuple):
    label: str
    value: Markup | str  # text is escaped by the template; Markup (links) is printed as it is


def device_card(site: Site, node: HardwareNode, page_uri: str) -> list[CardRow]:
    """The facts a device page opens with: form, year, what a server holds, the model the
    figures are for, each figure, the servers it is inside, and the source of the figures."""
    if node.kind != "device":
        return []
    specs, hardware = node.specs, site.hardware
    rows = []
    if specs and specs.form:
        rows.append(CardRow("Form", FORMS[specs.form]))
    if node.year:
        rows.append(CardRow("Released", str(node.year)))
    if specs:
        if specs.holds:
            rows.append(CardRow("Holds", Markup(", ").join(
                Markup(f"{count} × ") + hardware_ref(site, device, page_uri) for device, count in specs.holds)))
        if specs.variant:
            rows.append(CardRow("Figures for", specs.variant))
        rows += [CardRow(CARD_LABELS.get(key, FIGURES[key][0]), shown) for key, shown in specs.figures]
    inside = hardware.held_by(node.id)
    if inside:
        rows.append(CardRow("Inside", hardware_refs(site, [n.id for n in inside], page_uri)))
    if specs and specs.source:
        host = urlsplit(specs.source).hostname or specs.source
        rows.append(CardRow("Source", anchor(safe_href(specs.source), host.removeprefix("www."))))
    return rows


def card_has_throughput(node: HardwareNode) -> bool:
    """Whether the card shows a dense throughput figure (and so says what dense means)."""
    return bool(node.specs) and any(key.endswith("_dense") for key, _ in node.specs.figures)


# ---------------------------------------------------------------------------- the overview


class Counted(NamedTuple):
    node: HardwareNode
    count: int  # papers on it or below it


class ArchitectureRow(NamedTuple):
    node: HardwareNode
    count: int
    devices: list[Counted]  # its devices, servers left out: they are the vendor's systems


class VendorRow(NamedTuple):
    node: HardwareNode
    count: int
    architectures: list[ArchitectureRow]
    systems: list[Counted]  # servers, whatever the architecture of what they hold
    families: list[Counted]  # listed by name only: their members are under their architectures


def hardware_tree(site: Site) -> list[VendorRow]:
    """The overview: each vendor with papers, its architectures with their devices, its
    systems and its families; each node once, and only those with papers."""
    hardware = site.hardware

    def counted(nodes) -> list[Counted]:
        return [Counted(n, len(site.node_papers[n.id])) for n in nodes if site.node_papers.get(n.id)]

    tree = []
    for vendor in counted(hardware.vendors()):
        children = hardware.children(vendor.node.id)
        architectures = [ArchitectureRow(arch, count, counted(d for d in hardware.children(arch.id)
                                                               if not hardware.is_system(d.id)))
                         for arch, count in counted(c for c in children if c.kind == "architecture")]
        systems = counted(d for arch in architectures for d in hardware.children(arch.node.id)
                          if hardware.is_system(d.id))
        families = counted(c for c in children if c.kind == "family")
        tree.append(VendorRow(vendor.node, vendor.count, architectures, systems, families))
    return tree


def child_groups(site: Site, node: HardwareNode) -> tuple[tuple[str, tuple[Counted, ...]], ...]:
    """What a vendor, architecture or family page lists under it, by heading: ("Architectures",
    ...), ("Devices", ...), ("Systems", ...), ("Families", ...); groups without papers left out."""
    hardware = site.hardware
    children = [c for c in hardware.children(node.id) if site.node_papers.get(c.id)]
    if node.kind == "vendor":
        architectures = [c for c in children if c.kind == "architecture"]
        groups = [("Architectures", architectures),
                  ("Systems", [d for a in architectures for d in hardware.children(a.id)
                               if hardware.is_system(d.id) and site.node_papers.get(d.id)]),
                  ("Families", [c for c in children if c.kind == "family"])]
    else:
        groups = [("Devices", [c for c in children if not hardware.is_system(c.id)]),
                  ("Systems", [c for c in children if hardware.is_system(c.id)])]
    return tuple((heading, tuple(Counted(n, len(site.node_papers[n.id])) for n in nodes))
                 for heading, nodes in groups if nodes)
