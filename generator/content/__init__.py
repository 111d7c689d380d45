"""Stage 1, content: reading and validating `content/` (paper files, `hardware.yml`,
`topics.yml`) into a model. The schema (`model`), the vocabularies and the names they
find in text (`hardware`, `topics`), one reader of all files (`check.read_content`), and
the only code that writes files (`store`)."""
