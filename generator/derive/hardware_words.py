"""The words English names hardware with by its class, not its product: one vocabulary for the
modules that read where a result ran ("the H100 GPU delivers", "on CPU/GPU/TPU", "4,000 A100
GPU hours", "The chip draws 7 W")."""

from __future__ import annotations

# A class of processor by its abbreviation, as written: "GPU", "FPGA", "SoC".
PROCESSOR_CLASS = r"(?:GPU|CPU|TPU|NPU|IPU|DPU|APU|DSP|FPGA|ASIC|SoC)"
# A noun that says what a product named before it is: "the H100 GPU", "two RTX 4090 cards",
# "the Orin board", "this chip".
HARDWARE_NOUN = rf"(?:{PROCESSOR_CLASS}s?|chips?|cards?|boards?|devices?|processors?|accelerators?|microcontrollers?|MCUs?)"
# The device kinds (content/hardware.yml) each class of processor takes in.
CLASS_KINDS = {"GPU": {"datacenter-gpu", "workstation-gpu", "consumer-gpu", "embedded"}, "CPU": {"cpu"},
               "TPU": {"tpu"}, "NPU": {"npu"}, "FPGA": {"fpga"}, "IPU": {"ipu"}}
