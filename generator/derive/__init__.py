"""Stage 3, derive: what the site shows of each paper, worked out from validated content:
the hardware it was measured on or only mentions, its results and their claims, the papers
it names and those related to it. `facts.derive_site` gives one `Site`, read by `site`."""
