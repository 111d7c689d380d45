"""Stage 2, ingest: turning Hugging Face "Daily Papers" dumps, their JSON and arXiv ids into
paper files (`import`, `add`) and filling fields of existing files. Reads and writes
through `content`; nothing here is needed to build the site."""
