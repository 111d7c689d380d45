"""A device's facts in `content/hardware.yml` (its `specs:`): what it is (its form, and for a
server the devices it holds), its memory, its peak dense throughput, its power, and the
vendor's page they come from. Each figure is a number and a unit from a short list, checked
at its line: a typo'd unit or a word where the number goes is an error, never a figure shown.
vocabularies.py reads them with the rest of the device; a device page opens with them
(site/cards.py).

```yaml
specs:
  form: gpu
  variant: A100 80GB SXM        # the model the figures are for, where there are several
  memory: 80 GB HBM2e
  memory_bandwidth: 2039 GB/s
  fp16_dense: 312 TFLOPS        # peak, dense: without sparsity
  int8_dense: 624 TOPS
  tdp: 400 W
  source: https://www.nvidia.com/en-us/data-center/a100/
```
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from .front_matter import is_http_url
from .model import ID, closest
from .yaml_nodes import NodeChecker, shown_value

# form: what a reader holds in the hand, as the card says it.
FORMS = {"gpu": "GPU", "accelerator-card": "Accelerator card", "board": "Board", "soc": "SoC", "chip": "Chip",
         "server": "Server"}
MEMORY_TYPES = ("HBM", "HBM2", "HBM2e", "HBM3", "HBM3e", "HBM4", "GDDR5", "GDDR5X", "GDDR6", "GDDR6X", "GDDR7",
                "LPDDR4", "LPDDR4X", "LPDDR5", "LPDDR5X", "DDR4", "DDR5", "SRAM")
MEMORY_UNITS = ("MB", "GB", "TB")

# A figure: key -> (its label on the card, its units, an example). Throughput is the vendor's
# peak without sparsity ("dense"): a figure given "with sparsity" is twice the dense one.
FIGURES: dict[str, tuple[str, tuple[str, ...], str]] = {
    "memory": ("Memory", MEMORY_UNITS, "80 GB HBM2e"),
    "memory_bandwidth": ("Memory bandwidth", ("GB/s", "TB/s"), "2039 GB/s"),
    "fp16_dense": ("FP16/BF16, dense", ("GFLOPS", "TFLOPS", "PFLOPS"), "312 TFLOPS"),
    "fp8_dense": ("FP8, dense", ("TFLOPS", "PFLOPS"), "1979 TFLOPS"),
    "int8_dense": ("INT8, dense", ("TOPS", "POPS"), "624 TOPS"),
    "tdp": ("TDP", ("W", "kW"), "400 W"),
}
SPEC_KEYS = ("form", "variant", "holds", *FIGURES, "source")

_FIGURE = re.compile(r"(\d+(?:\.\d+)?) ?(\S+)")
_MEMORY = re.compile(r"(\d+(?:\.\d+)?) ?(\S+) (\S+)")
_HELD = re.compile(r"(\S+)(?: [x×]([1-9]\d*))?")


@dataclass(frozen=True)
class DeviceSpecs:
    """A device's facts, each figure as shown ("80 GB HBM2e", "2039 GB/s")."""

    form: str | None = None  # a key of FORMS
    variant: str | None = None
    figures: tuple[tuple[str, str], ...] = ()  # (key of FIGURES, the figure as shown), in FIGURES' order
    holds: tuple[tuple[str, int], ...] = ()  # a server's (device id, how many)
    source: str | None = None

    def figure(self, key: str) -> str | None:
        return dict(self.figures).get(key)


@dataclass(frozen=True)
class HeldItem:
    """One item of a server's `holds`, kept to check once every device is read."""

    server: str  # the server's label, `device 'dgx-2'`
    device: str
    node: yaml.Node


def read_specs(checker: NodeChecker, fields: dict[str, yaml.Node], label: str,
               held: list[HeldItem]) -> DeviceSpecs | None:
    """A device's `specs:`, every problem reported at its line; the `holds` items are added to
    `held`, to check against the whole file (`check_holds`)."""
    node = fields.get("specs")
    if node is None:
        return None
    specs = checker.fields(node, SPEC_KEYS, f"the specs of {label}")
    if specs is None:
        return None
    form = _read_form(checker, specs, label)
    variant = checker.text(specs, "variant", label, required=False, where=node,
                           example="the model the figures are for, e.g. variant: A100 80GB SXM")
    figures = tuple((key, shown) for key in FIGURES if key in specs
                    if (shown := _read_figure(checker, specs[key], key, label)) is not None)
    holds = _read_holds(checker, specs, label, form, node, held)
    source = _read_source(checker, specs, label, node, bool(figures))
    return DeviceSpecs(form, variant, figures, holds, source)


def _read_form(checker: NodeChecker, specs: dict[str, yaml.Node], label: str) -> str | None:
    node = specs.get("form")
    if node is None:
        return None
    value = checker.value(node)
    if value not in FORMS:
        checker.report(node, f"'form' of {label} is {shown_value(value)} "
                             f"(expected one of: {', '.join(FORMS)}){closest(str(value), FORMS)}")
        return None
    return value


def _read_figure(checker: NodeChecker, node: yaml.Node, key: str, label: str) -> str | None:
    """A figure as shown, or None (reported) when it is no number with a known unit."""
    _, units, example = FIGURES[key]
    if key == "memory":
        expected = f"expected a size in MB, GB or TB and the memory type, e.g. {key}: {example}"
    else:
        expected = f"expected a number and one of: {', '.join(units)}, e.g. {key}: {example}"
    value = checker.value(node)
    match = (_MEMORY if key == "memory" else _FIGURE).fullmatch(value.strip()) if isinstance(value, str) else None
    if match is None:
        why = "has no unit" if isinstance(value, (int, float)) and not isinstance(value, bool) else "is not a figure"
        checker.report(node, f"'{key}' of {label} {why}: {shown_value(value)} ({expected})")
        return None
    number, unit = match.group(1), match.group(2)
    if unit not in units:
        checker.report(node, f"'{key}' of {label} has the unit '{unit}' ({expected}){closest(unit, units)}")
        return None
    if float(number) == 0:
        checker.report(node, f"'{key}' of {label} is zero ({expected})")
        return None
    if key == "memory":
        kind = match.group(3)
        if kind not in MEMORY_TYPES:
            checker.report(node, f"'memory' of {label} has the memory type '{kind}' "
                                 f"(expected one of: {', '.join(MEMORY_TYPES)}){closest(kind, MEMORY_TYPES)}")
            return None
        return f"{number} {unit} {kind}"
    return f"{number} {unit}"


def _read_holds(checker: NodeChecker, specs: dict[str, yaml.Node], label: str, form: str | None,
                node: yaml.Node, held: list[HeldItem]) -> tuple[tuple[str, int], ...]:
    example = "holds: [v100 x16]"
    items = checker.text_list(specs, "holds", label, example)
    if "holds" in specs and form != "server":
        checker.report(specs["holds"], f"'holds' of {label} lists the devices of a server "
                                       f"(expected form: server with it, or no 'holds')")
        return ()
    if form == "server" and not items:
        checker.report(specs.get("holds", node), f"{label} is a server with no 'holds' "
                                                 f"(expected the devices it holds, e.g. {example})")
    holds = []
    for text, item in items:
        match = _HELD.fullmatch(text)
        if match is None or not ID.match(match.group(1)):
            checker.report(item, f"'holds' of {label} has '{text}' "
                                 f"(expected a device id and how many, e.g. {example})")
            continue
        holds.append((match.group(1), int(match.group(2) or 1)))
        held.append(HeldItem(label, match.group(1), item))
    return tuple(holds)


def _read_source(checker: NodeChecker, specs: dict[str, yaml.Node], label: str, node: yaml.Node,
                 has_figures: bool) -> str | None:
    example = "the vendor's datasheet or product page, e.g. source: https://www.nvidia.com/en-us/data-center/a100/"
    source = specs.get("source")
    if source is None:
        if has_figures:
            checker.report(node, f"the specs of {label} give figures but no 'source' (expected {example})")
        return None
    value = checker.value(source)
    if not is_http_url(value):
        checker.report(source, f"'source' of {label} is {shown_value(value)} (expected an http(s) URL: {example})")
        return None
    return value


def check_holds(checker: NodeChecker, held: list[HeldItem], devices: dict[str, str | None]) -> None:
    """Each device a server holds is a device of the file, and no server itself.
    `devices`: each device id -> its form."""
    for item in held:
        if item.device not in devices:
            checker.report(item.node, f"'holds' of {item.server} names '{item.device}', which is no device "
                                      f"(expected a device id of this file){closest(item.device, devices)}")
        elif devices[item.device] == "server":
            checker.report(item.node, f"'holds' of {item.server} names the server '{item.device}' "
                                      "(expected the devices inside it, not another server)")
