"""Stage 4, site: pages and files from a derived `Site`: the Markdown pages through the
Jinja2 templates (`render`), listing pages and their rows (`pages`), the exports (JSON,
feeds, BibTeX) and the search index's settings. MkDocs and Pagefind take it from there."""
