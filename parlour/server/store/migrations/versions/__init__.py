"""One module per schema revision, oldest first by their down_revision links."""
