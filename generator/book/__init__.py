"""The course book: renderers, generated content and the Sphinx extension."""
