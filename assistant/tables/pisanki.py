"""The pisanki table: its state and edits."""

from assistant.tables import Reducer, register


class PisankiTable(Reducer):
    """Edits of a pisanki table."""

    slug = "pisanki"


register(PisankiTable())
