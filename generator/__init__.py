"""Turns curated paper files into a MkDocs reading list on AI hardware and GPU systems."""
