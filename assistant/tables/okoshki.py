"""The okoshki table: its state and edits."""

from assistant.tables import Reducer, register


class OkoshkiTable(Reducer):
    """Edits of a okoshki table."""

    slug = "okoshki"


register(OkoshkiTable())
